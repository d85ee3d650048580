//! COPY's text format, read back: how another node takes in new bookings at full speed.

use crate::bookings::index::ColumnsBuilder;
use crate::bookings::model::Booking;
use crate::platform::firm_size::FirmSize;

/// One row of COPY's text format: tab-separated fields in the order of `push_rows`' SELECT,
/// `\N` for NULL, backslash escapes for tabs, newlines and backslashes. Answers the row's id.
pub(super) fn push_line(
    line: &[u8],
    booking: &mut Booking,
    builder: &mut ColumnsBuilder,
) -> anyhow::Result<u64> {
    let mut fields = line.split(|&b| b == b'\t');
    let mut next = || {
        fields
            .next()
            .ok_or_else(|| anyhow::anyhow!("a booking row is short"))
    };
    let id = number(next()?)?;
    copy_text(&mut booking.category, next()?)?;
    copy_text(&mut booking.client, next()?)?;
    let size = next()?;
    booking.firm_size = std::str::from_utf8(size)
        .ok()
        .and_then(FirmSize::parse)
        .ok_or_else(|| anyhow::anyhow!("booking {id}: unknown firm size"))?;
    copy_optional(&mut booking.city_state, next()?)?;
    copy_optional(&mut booking.state, next()?)?;
    copy_optional(&mut booking.dma, next()?)?;
    booking.created = number(next()?)?;
    booking.sample = next()? == b"t";
    let id = u64::try_from(id)?;
    builder.push(id, booking);
    Ok(id)
}

fn number(field: &[u8]) -> anyhow::Result<i64> {
    Ok(std::str::from_utf8(field)?.parse()?)
}

/// A text field of COPY's text format into a reused string.
fn copy_text(slot: &mut String, field: &[u8]) -> anyhow::Result<()> {
    slot.clear();
    if !field.contains(&b'\\') {
        slot.push_str(std::str::from_utf8(field)?);
        return Ok(());
    }
    let mut bytes = Vec::with_capacity(field.len());
    let mut escaped = false;
    for &b in field {
        match (escaped, b) {
            (false, b'\\') => escaped = true,
            (false, b) => bytes.push(b),
            (true, b) => {
                bytes.push(match b {
                    b'n' => b'\n',
                    b't' => b'\t',
                    b'r' => b'\r',
                    b'b' => 0x08,
                    b'f' => 0x0c,
                    b'v' => 0x0b,
                    other => other,
                });
                escaped = false;
            }
        }
    }
    slot.push_str(std::str::from_utf8(&bytes)?);
    Ok(())
}

fn copy_optional(slot: &mut Option<String>, field: &[u8]) -> anyhow::Result<()> {
    if field == b"\\N" {
        *slot = None;
        return Ok(());
    }
    copy_text(slot.get_or_insert_with(String::new), field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_row_with_escapes_and_nulls_reads_back_as_stored() {
        let mut booking = Booking::blank(false);
        let mut builder = ColumnsBuilder::default();
        push_line(
            b"7\tCase\\\\Intake\tA\\tB\tE6_20\t\\N\tTX\t\\N\t1767225600\tt",
            &mut booking,
            &mut builder,
        )
        .unwrap();
        assert_eq!(booking.category, "Case\\Intake");
        assert_eq!(booking.client, "A\tB");
        assert_eq!(booking.firm_size, FirmSize::E6To20);
        assert_eq!(booking.city_state, None);
        assert_eq!(booking.state.as_deref(), Some("TX"));
        assert_eq!(booking.dma, None);
        assert_eq!(booking.created, 1_767_225_600);
        assert!(booking.sample);
        assert_eq!(builder.finish().ids.to_vec(), vec![7]);
    }

    #[test]
    fn a_short_or_unreadable_row_is_an_error_not_a_panic() {
        let mut booking = Booking::blank(false);
        let mut builder = ColumnsBuilder::default();
        for line in [
            &b"7\tIntake"[..],
            b"x\ta\tb\tSOLO\t\\N\t\\N\t\\N\t0\tf",
            b"",
        ] {
            assert!(push_line(line, &mut booking, &mut builder).is_err());
        }
    }
}
