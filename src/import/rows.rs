//! One demo-booking row: the columns a header names, each field checked and normalised, and the
//! keyed identity that recognises the row when a file is imported again.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::records::RecordBytes;
use super::{EXPECTED_COLUMNS, ImportError};
use crate::bookings::{Booking, reference};
use crate::catalog::Catalog;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::IDENTITY_LEN;
use crate::platform::upload::{RowProblems, normalize_header, refuse_formula, truncate};

const MAX_TEXT: usize = 100;
const MAX_CLIENT: usize = 120;

/// Column positions of a bookings header.
pub(super) struct BookingColumns {
    category: usize,
    created: usize,
    id: Option<usize>,
    client: Option<usize>,
    size: Option<usize>,
    city_state: Option<usize>,
    state: Option<usize>,
    dma: Option<usize>,
    name: Option<usize>,
    email: Option<usize>,
    company: Option<usize>,
}

impl BookingColumns {
    pub(super) fn find(headers: &[String]) -> Result<BookingColumns, ImportError> {
        let norm: Vec<String> = headers.iter().map(|h| normalize_header(h)).collect();
        let pos = |names: &[&str]| norm.iter().position(|h| names.contains(&h.as_str()));
        let category = pos(&["category", "clientcategory"]);
        let created = pos(&["createdtime", "created", "createdat"]);
        let (Some(category), Some(created)) = (category, created) else {
            return Err(ImportError::BadFile(format!(
                "The file's header does not name the columns of a known file. {EXPECTED_COLUMNS}"
            )));
        };
        Ok(BookingColumns {
            category,
            created,
            id: pos(&["id", "bookingid"]),
            client: pos(&["client", "vendor"]),
            size: pos(&["firmsize", "standardizedpracticeareabrokenout"]),
            city_state: pos(&["citystate", "city+state", "city,state"]),
            state: pos(&["state"]),
            dma: pos(&["dma", "metroarea"]),
            name: pos(&["name"]),
            email: pos(&["email"]),
            company: pos(&["company"]),
        })
    }
}

/// A record's fields as text. The whole record is checked as UTF-8 once (nearly every row passes),
/// a field on its own only when that fails, so that a bad byte in a column the import does not read
/// refuses nothing.
#[derive(Clone, Copy)]
pub(super) struct Record<'r> {
    rec: RecordBytes<'r>,
    text: Option<&'r str>,
    /// Every byte of the record is printable ASCII (nearly every row of an export), so each field
    /// is text without a control character, a character a byte.
    printable: bool,
}

impl<'r> Record<'r> {
    pub(super) fn new(rec: RecordBytes<'r>) -> Self {
        let bytes = rec.bytes();
        // One test a byte without an early exit, which the compiler turns into vector code.
        let printable = bytes
            .iter()
            .fold(true, |all, &b| all & matches!(b, b' '..=b'~'));
        Record {
            rec,
            text: std::str::from_utf8(bytes).ok(),
            printable,
        }
    }

    /// Column `i`, trimmed (empty when the header has no such column).
    fn field(self, i: Option<usize>) -> Result<&'r str, String> {
        let Some(range) = i.and_then(|i| self.rec.range(i)) else {
            return Ok("");
        };
        // `get` is `None` where a field would split a character of a valid record.
        match self.text.and_then(|all| all.get(range.clone())) {
            Some(raw) => Ok(trim(raw)),
            None => std::str::from_utf8(&self.rec.bytes()[range])
                .map(trim)
                .map_err(|_| "the row is not valid UTF-8 text".to_string()),
        }
    }
}

/// `str::trim`, with a short way for a field that starts and ends with a visible ASCII character
/// (every whitespace character is either ASCII and invisible or not ASCII).
fn trim(raw: &str) -> &str {
    let visible = |b: Option<&u8>| b.is_some_and(u8::is_ascii_graphic);
    let bytes = raw.as_bytes();
    if visible(bytes.first()) && visible(bytes.last()) {
        raw
    } else {
        raw.trim()
    }
}

/// A text field: `None` when empty; refused when too long or holding a control character.
/// `printable`: its record is printable ASCII (`Record::printable`), and so is the field.
fn text<'r>(
    raw: &'r str,
    printable: bool,
    column: &str,
    max: usize,
) -> Result<Option<&'r str>, String> {
    if raw.is_empty() {
        return Ok(None);
    }
    // In printable ASCII (nearly every row) a byte is a character, and none is a control
    // character.
    let (too_long, control) = if printable || raw.bytes().all(|b| matches!(b, b' '..=b'~')) {
        (raw.len() > max, false)
    } else {
        (raw.chars().count() > max, raw.chars().any(char::is_control))
    };
    if too_long {
        return Err(format!("{column} is longer than {max} characters"));
    }
    if control {
        return Err(format!(
            "{column} contains a line break or control character"
        ));
    }
    Ok(Some(raw))
}

/// Replaces the text of `slot`, keeping its buffer.
pub(super) fn set(slot: &mut String, value: &str) {
    slot.clear();
    slot.push_str(value);
}

pub(super) fn set_optional(slot: &mut Option<String>, value: Option<&str>) {
    match (slot.as_mut(), value) {
        (Some(s), Some(v)) => set(s, v),
        (_, v) => *slot = v.map(String::from),
    }
}

fn parse_size(raw: &str) -> Result<FirmSize, String> {
    if raw.is_empty() {
        return Ok(FirmSize::Solo);
    }
    FirmSize::parse(raw)
        .or_else(|| {
            let bare = raw
                .trim_end_matches(" employees")
                .trim_end_matches(" Employees");
            FirmSize::ALL
                .into_iter()
                .find(|s| s.label().eq_ignore_ascii_case(bare))
        })
        .ok_or_else(|| format!("unknown firm size \"{}\"", truncate(raw, 40)))
}

/// Created Time: ISO-8601 (a missing zone means UTC) or the US export form `1/31/2026 2:05 PM`.
pub fn parse_created(raw: &str) -> Result<i64, String> {
    if raw.is_empty() {
        return Err("Created Time is required".into());
    }
    let t = utc_seconds(raw)
        .ok_or(())
        .or_else(|_| DateTime::parse_from_rfc3339(raw).map(|d| d.timestamp()))
        .or_else(|_| {
            DateTime::parse_from_str(raw, "%Y-%m-%d %H:%M:%S%.f%:z").map(|d| d.timestamp())
        })
        .or_else(|_| {
            [
                "%Y-%m-%dT%H:%M:%S%.f",
                "%Y-%m-%d %H:%M:%S%.f",
                "%Y-%m-%dT%H:%M",
                "%Y-%m-%d %H:%M",
                "%m/%d/%Y %I:%M %p",
                "%m/%d/%Y %I:%M:%S %p",
                "%m/%d/%Y %H:%M",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
            .or_else(|| {
                ["%Y-%m-%d", "%m/%d/%Y"]
                    .iter()
                    .find_map(|f| NaiveDate::parse_from_str(raw, f).ok())
                    .map(|d| d.and_time(NaiveTime::MIN))
            })
            .map(|d| d.and_utc().timestamp())
            .ok_or(())
        })
        .map_err(|_| {
            format!(
                "Created Time \"{}\" is not a date (use 2026-01-31T14:05:00Z or 1/31/2026 2:05 PM)",
                truncate(raw, 40)
            )
        })?;
    if !(YEAR_2000..YEAR_2100).contains(&t) {
        return Err(format!(
            "Created Time \"{}\" is not between 2000 and 2099",
            truncate(raw, 40)
        ));
    }
    Ok(t)
}

/// 2000-01-01T00:00:00Z and 2100-01-01T00:00:00Z, the bounds of a Created Time.
const YEAR_2000: i64 = 946_684_800;
const YEAR_2100: i64 = 4_102_444_800;

/// `2026-01-31T14:05:00Z`, the form of nearly every export, read without the general parser;
/// `None` for anything else (a leap second included), which the general parser then reads.
fn utc_seconds(raw: &str) -> Option<i64> {
    let b = raw.as_bytes();
    let shape = b.len() == 20
        && [
            (4, b'-'),
            (7, b'-'),
            (10, b'T'),
            (13, b':'),
            (16, b':'),
            (19, b'Z'),
        ]
        .iter()
        .all(|&(at, c)| b[at] == c);
    if !shape {
        return None;
    }
    let number = |at: usize, len: usize| {
        b[at..at + len].iter().try_fold(0u32, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
        })
    };
    let date = NaiveDate::from_ymd_opt(number(0, 4)? as i32, number(5, 2)?, number(8, 2)?)?;
    let time = NaiveTime::from_hms_opt(number(11, 2)?, number(14, 2)?, number(17, 2)?)?;
    Some(date.and_time(time).and_utc().timestamp())
}

/// How far ahead of the server's clock a Created Time may be: a day covers every time zone and a
/// file exported just after midnight somewhere ahead of the server.
pub const FUTURE_SLACK_SECS: i64 = 24 * 3600;

/// Parses rows into one booking it keeps, so that a row costs no allocation.
pub(super) struct RowParser<'a> {
    cols: &'a BookingColumns,
    catalog: &'a Catalog,
    /// The newest Created Time accepted: a later one is a row error, never a booking that would
    /// stretch every chart to a year that has not come.
    latest: i64,
    /// Whether each Client text seen so far names a catalog vendor (few distinct texts repeat
    /// over millions of rows, so each is compared once).
    known_clients: foldhash::HashMap<String, bool>,
    /// The last row parsed.
    pub booking: Booking,
    /// Whether the last row's Client names no catalog vendor.
    pub unknown_client: bool,
}

/// Distinct Client texts remembered by `RowParser`; past this a text is compared every time.
const KNOWN_CLIENTS_CAP: usize = 10_000;

impl<'a> RowParser<'a> {
    pub(super) fn new(
        cols: &'a BookingColumns,
        catalog: &'a Catalog,
        sample: bool,
        now: i64,
    ) -> Self {
        RowParser {
            cols,
            catalog,
            latest: now + FUTURE_SLACK_SECS,
            known_clients: foldhash::HashMap::default(),
            booking: Booking::blank(sample),
            unknown_client: false,
        }
    }

    /// Whether `client` names no vendor of the catalog (compared ignoring case).
    fn names_no_vendor(&mut self, client: &str) -> bool {
        if let Some(&known) = self.known_clients.get(client) {
            return !known;
        }
        let known = self.catalog.vendor_by_name(client).is_some();
        if self.known_clients.len() < KNOWN_CLIENTS_CAP {
            self.known_clients.insert(client.to_string(), known);
        }
        !known
    }

    /// Checks `rec` and puts it into `self.booking`; returns the file's Id of the row, if any.
    /// Every column is checked whatever the others hold, so a refused row's reason names each of
    /// its problems.
    pub(super) fn parse<'r>(&mut self, rec: Record<'r>) -> Result<Option<&'r str>, String> {
        let cols = self.cols;
        let printable = rec.printable;
        let mut p = RowProblems::default();
        let category = match read(&mut p, rec, Some(cols.category), "Category") {
            None => None,
            Some("") => {
                p.add("Category is required");
                None
            }
            Some(raw) => p.check(
                self.catalog
                    .category_by_name(raw)
                    .ok_or_else(|| format!("unknown category \"{}\"", truncate(raw, 60))),
            ),
        };
        let created = read(&mut p, rec, Some(cols.created), "Created Time")
            .and_then(|raw| p.check(parse_created(raw)));
        if let Some(created) = created
            && created > self.latest
        {
            let day = DateTime::from_timestamp(created, 0).map(|d| d.format("%Y-%m-%d"));
            p.add(match day {
                Some(day) => format!("Created Time {day} is in the future"),
                None => "Created Time is in the future".into(),
            });
        }
        let client = read(&mut p, rec, cols.client, "Client")
            .and_then(|raw| p.check(text(raw, printable, "Client", MAX_CLIENT)))
            .flatten();
        let firm_size =
            read(&mut p, rec, cols.size, "Firm Size").and_then(|raw| p.check(parse_size(raw)));
        let city_state = read(&mut p, rec, cols.city_state, "City State")
            .and_then(|raw| p.check(text(raw, printable, "City State", MAX_TEXT)))
            .flatten();
        // The spec's "City, ST": a City State names its state, the one a row without a State
        // column's value is counted in.
        let city_state_code = city_state.and_then(|cs| p.check(city_state_code(cs)));
        let state = match read(&mut p, rec, cols.state, "State") {
            None => None,
            Some("") => city_state_code,
            Some(raw) => p.check(
                reference::state_code(raw)
                    .ok_or_else(|| format!("unknown state \"{}\"", truncate(raw, 40))),
            ),
        };
        let dma = read(&mut p, rec, cols.dma, "DMA")
            .and_then(|raw| p.check(text(raw, printable, "DMA", MAX_TEXT)))
            .flatten();
        let file_id = read(&mut p, rec, cols.id, "Id")
            .and_then(|raw| p.check(text(raw, printable, "Id", MAX_TEXT)))
            .flatten();
        // Read only for the row's identity, but stored nowhere a formula could come back from:
        // refused all the same, as in every import.
        for (column, name) in [
            (cols.name, "Name"),
            (cols.email, "Email"),
            (cols.company, "Company"),
        ] {
            read(&mut p, rec, column, name);
        }
        p.finish()?;
        let (Some(category), Some(created), Some(firm_size)) = (category, created, firm_size)
        else {
            return Err("the row could not be read".into());
        };
        self.unknown_client = client.is_some_and(|c| self.names_no_vendor(c));
        let b = &mut self.booking;
        set(&mut b.category, &category.name);
        set(&mut b.client, client.unwrap_or(""));
        b.firm_size = firm_size;
        set_optional(&mut b.city_state, city_state);
        set_optional(&mut b.state, state);
        set_optional(&mut b.dma, dma);
        b.created = created;
        Ok(file_id)
    }
}

/// Column `i` of `rec` (empty when the header has no such column), or `None` with the problem
/// noted when it is not UTF-8 text or starts with a formula's `=` or `@` (named as `column`).
fn read<'r>(
    p: &mut RowProblems,
    rec: Record<'r>,
    i: Option<usize>,
    column: &str,
) -> Option<&'r str> {
    let raw = p.check(rec.field(i))?;
    p.check(refuse_formula(column, raw))?;
    Some(raw)
}

/// The state a City State ends in ("Austin, TX", "Austin, Texas"): a City State without one, or
/// with an unknown one, is a problem of its row.
fn city_state_code(raw: &str) -> Result<&'static str, String> {
    let example = "write it as City, ST (for example Austin, TX)";
    let Some((city, state)) = raw.rsplit_once(',') else {
        return Err(format!(
            "City State \"{}\" names no state: {example}",
            truncate(raw, 40)
        ));
    };
    if city.trim().is_empty() {
        return Err(format!(
            "City State \"{}\" names no city: {example}",
            truncate(raw, 40)
        ));
    }
    reference::state_code(state).ok_or_else(|| {
        format!(
            "City State \"{}\" ends in \"{}\", which is not a US state: {example}",
            truncate(raw, 40),
            truncate(state.trim(), 20)
        )
    })
}

/// The identity of a row: keyed hash of its file Id, or of its fields with the person's
/// name, email and company (lower-cased), which are used for nothing else.
pub(super) fn identity(
    mac: &Hmac<Sha256>,
    b: &Booking,
    file_id: Option<&str>,
    cols: &BookingColumns,
    rec: Record,
) -> Result<[u8; IDENTITY_LEN], String> {
    let mut m = mac.clone();
    match file_id {
        Some(id) => {
            m.update(b"id\x1f");
            m.update(id.as_bytes());
        }
        None => {
            m.update(b"row\x1f");
            for part in [
                b.category.to_lowercase().as_str(),
                b.client.to_lowercase().as_str(),
                b.firm_size.code(),
                b.city_state.as_deref().unwrap_or(""),
                b.state.as_deref().unwrap_or(""),
                b.dma.as_deref().unwrap_or(""),
                &b.created.to_string(),
                &rec.field(cols.name)?.to_lowercase(),
                &rec.field(cols.email)?.to_lowercase(),
                &rec.field(cols.company)?.to_lowercase(),
            ] {
                m.update(part.as_bytes());
                m.update(b"\x1f");
            }
        }
    }
    let out = m.finalize().into_bytes();
    let mut key = [0u8; IDENTITY_LEN];
    key.copy_from_slice(&out[..IDENTITY_LEN]);
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_city_state_names_a_city_and_a_known_state() {
        assert_eq!(city_state_code("Austin, TX"), Ok("TX"));
        assert_eq!(city_state_code("Austin,tx"), Ok("TX"));
        assert_eq!(city_state_code("Washington, D.C., DC"), Ok("DC"));
        assert_eq!(city_state_code("Austin, Texas"), Ok("TX"));
        let refused = |raw| city_state_code(raw).unwrap_err();
        assert_eq!(
            refused("Nowhere"),
            "City State \"Nowhere\" names no state: write it as City, ST (for example Austin, TX)"
        );
        assert!(refused("Austin, XX").contains("ends in \"XX\", which is not a US state"));
        assert!(refused("Austin,").contains("ends in \"\""));
        assert!(refused(", TX").contains("names no city"));
    }

    #[test]
    fn every_column_a_row_is_read_by_refuses_a_formula() {
        use crate::import::records::{RecordReader, Records};
        let header: Vec<String> = [
            "Category",
            "Created Time",
            "Id",
            "Client",
            "Firm Size",
            "City State",
            "State",
            "DMA",
            "Name",
            "Email",
            "Company",
        ]
        .map(String::from)
        .to_vec();
        let cols = BookingColumns::find(&header).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let store = crate::platform::store::open_file(dir.path()).unwrap();
        crate::catalog::seed(&store).unwrap();
        let catalog = Catalog::load(&store).unwrap();
        let good = [
            "Intake",
            "2026-01-31T14:05:00Z",
            "b-1",
            "Clio",
            "SOLO",
            "Austin, TX",
            "TX",
            "Austin",
            "Ann",
            "ann@example.com",
            "Acme",
        ];
        for i in 0..good.len() {
            for start in ["=", " @"] {
                let mut cells = good.map(String::from);
                cells[i] = format!("{start}HYPERLINK(\"http://evil\")");
                let line = cells
                    .iter()
                    .map(|c| format!("\"{}\"", c.replace('"', "\"\"")))
                    .collect::<Vec<_>>()
                    .join(",")
                    + "\n";
                let mut records = Records::default();
                RecordReader::new(line.as_bytes())
                    .read(1, &mut records)
                    .unwrap();
                let row = Record::new(records.iter().next().unwrap().1);
                let mut parser = RowParser::new(&cols, &catalog, false, i64::MAX / 2);
                let err = parser.parse(row).unwrap_err();
                assert!(
                    err.contains(&format!("{} starts with", header[i]))
                        && err.contains("runs as a formula"),
                    "{}: {err}",
                    header[i]
                );
            }
        }
        // The same row without a formula is read.
        let line = good.map(|c| format!("\"{c}\"")).join(",") + "\n";
        let mut records = Records::default();
        RecordReader::new(line.as_bytes())
            .read(1, &mut records)
            .unwrap();
        let row = Record::new(records.iter().next().unwrap().1);
        let mut parser = RowParser::new(&cols, &catalog, false, i64::MAX / 2);
        assert_eq!(parser.parse(row), Ok(Some("b-1")));
        assert_eq!(parser.booking.state.as_deref(), Some("TX"));
    }

    #[test]
    fn created_time_accepts_iso_and_the_us_export_form() {
        let t = |s| parse_created(s).unwrap();
        assert_eq!(t("2026-01-31T14:05:00Z"), t("2026-01-31T15:05:00+01:00"));
        assert_eq!(t("2026-01-31T14:05:00Z"), t("2026-01-31 14:05:00"));
        assert_eq!(t("2026-01-31T14:05:00Z"), t("1/31/2026 2:05 PM"));
        assert_eq!(t("2026-01-31T00:00:00Z"), t("2026-01-31"));
        assert!(parse_created("31/01/2026").is_err());
        assert!(parse_created("").is_err());
    }

    #[test]
    fn the_short_way_reads_utc_times_as_the_general_parser_does() {
        let general = |s: &str| DateTime::parse_from_rfc3339(s).ok().map(|d| d.timestamp());
        for s in [
            "2026-01-31T14:05:00Z",
            "2000-01-01T00:00:00Z",
            "2099-12-31T23:59:59Z",
            "2024-02-29T12:00:00Z",
            "1999-12-31T23:59:59Z",
        ] {
            assert_eq!(utc_seconds(s), general(s), "{s}");
            assert!(utc_seconds(s).is_some(), "{s}");
        }
        // Not its form, or not a time: the general parser decides.
        for s in [
            "2023-02-29T12:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-01-31T24:00:00Z",
            "2026-01-31T14:60:00Z",
            "2016-12-31T23:59:60Z",
            "2026-01-31t14:05:00z",
            "2026-01-31T14:05:00+00:00",
            "2026-1-31T14:05:00Z",
            "+026-01-31T14:05:00Z",
            "2026-01-31T14:05:0xZ",
        ] {
            assert_eq!(utc_seconds(s), None, "{s}");
        }
        assert_eq!(
            parse_created("2016-12-31T23:59:60Z"),
            Ok(general("2016-12-31T23:59:60Z").unwrap())
        );
        assert!(parse_created("2023-02-29T12:00:00Z").is_err());
        assert!(parse_created("1999-12-31T23:59:59Z").is_err());
        assert!(parse_created("2000-01-01T00:00:00Z").is_ok());
        assert!(parse_created("2099-12-31T23:59:59Z").is_ok());
        assert!(parse_created("2100-01-01T00:00:00Z").is_err());
    }

    #[test]
    fn a_text_is_refused_for_its_length_in_characters_and_for_any_control_character() {
        let refused = |raw: &str| text(raw, false, "Client", 4).err();
        for ok in ["", "Clio", "a b~", "éééé", "\u{a0}", "日本"] {
            assert_eq!(refused(ok), None, "{ok:?}");
        }
        let long = Some("Client is longer than 4 characters".to_string());
        let control = Some("Client contains a line break or control character".to_string());
        for (raw, why) in [
            ("Clio!", &long),
            ("ééééé", &long),
            ("a\tb", &control),
            ("a\nb", &control),
            ("\x7f", &control),
            ("\x00", &control),
            ("é\u{85}", &control),
        ] {
            assert_eq!(&refused(raw), why, "{raw:?}");
        }
        // A field of a printable record is judged as its bytes would be.
        for raw in ["", "Clio", "a b~", "Clio!"] {
            assert_eq!(text(raw, true, "Client", 4), text(raw, false, "Client", 4));
        }
    }

    #[test]
    fn only_a_record_of_printable_ascii_is_taken_as_printable() {
        use crate::import::records::{RecordReader, Records};
        for (line, printable) in [
            (&b"7-1,\"Erie, PA\",E2_5 ~\n"[..], true),
            (b"7-1,\"Erie,\tPA\"\n", false),
            (b"7-1,\"Erie\nPA\"\n", false),
            (b"7-1,Caf\xc3\xa9\n", false),
            (b"7-1,\x7f\n", false),
        ] {
            let mut records = Records::default();
            RecordReader::new(line).read(1, &mut records).unwrap();
            let row = Record::new(records.iter().next().unwrap().1);
            assert_eq!(
                row.printable,
                printable,
                "{:?}",
                String::from_utf8_lossy(line)
            );
        }
    }

    #[test]
    fn trimming_agrees_with_str_trim() {
        for s in [
            "",
            " ",
            "a",
            " a",
            "a ",
            "\ta\n",
            "\u{a0}a",
            "a\u{3000}",
            "é",
            " é ",
            "a b",
        ] {
            assert_eq!(trim(s), s.trim(), "{s:?}");
        }
    }

    #[test]
    fn a_bad_byte_refuses_only_the_columns_that_hold_it() {
        use crate::import::records::{RecordReader, Records};
        let read = |line: &[u8]| {
            let mut records = Records::default();
            RecordReader::new(line).read(1, &mut records).unwrap();
            records
        };
        let not_utf8 = Err("the row is not valid UTF-8 text".to_string());
        // A Latin-1 byte in the third column: the first two still read.
        let records = read(b"\" Intake \",x,Caf\xe9\n");
        let row = Record::new(records.iter().next().unwrap().1);
        assert_eq!(row.field(Some(0)), Ok("Intake"));
        assert_eq!(row.field(Some(1)), Ok("x"));
        assert_eq!(row.field(Some(2)), not_utf8);
        assert_eq!(row.field(Some(3)), Ok(""));
        assert_eq!(row.field(None), Ok(""));
        // "é" split between two columns: neither is text, whether the record is read in place
        // or (for its escaped quote) by `csv_core`, whose fields lie back to back.
        for line in [
            &b"a\xc3,\xa9b,\xc3\xa9\n"[..],
            b"a\xc3,\xa9b,\"\xc3\xa9\"\"\"\n",
        ] {
            let records = read(line);
            let row = Record::new(records.iter().next().unwrap().1);
            assert_eq!(row.field(Some(0)), not_utf8);
            assert_eq!(row.field(Some(1)), not_utf8);
            assert!(row.field(Some(2)).unwrap().starts_with('é'));
        }
    }
}
