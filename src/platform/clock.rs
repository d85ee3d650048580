//! The clock every rule that dates something reads: seconds since the Unix epoch, UTC.
//!
//! It is the system's time unless the process was started with `LITSTACK_CLOCK_START`
//! (`--clock-start`): then it reads that instant at start and runs on from there, so reminders and
//! deadlines can be tried at their dates instead of by waiting. The set clock is an offset from the
//! system's time, held process-wide and set once at start, before anything reads it.

use std::sync::OnceLock;

/// Seconds added to the system's time; unset (none) until `start_at` runs, which is at most once.
static OFFSET: OnceLock<i64> = OnceLock::new();

/// The clock's time now.
pub fn now_secs() -> i64 {
    system_secs() + offset()
}

/// Today's date in UTC by the clock.
pub fn today() -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp(now_secs(), 0)
        .unwrap_or_default()
        .date_naive()
}

/// The clock's time now as a date and time in UTC.
pub fn now() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(now_secs(), 0).unwrap_or_default()
}

/// The system's time, whatever the clock was set to: only for what a device outside keeps in step
/// with the world's time (an authenticator app's codes), never for a rule that dates something.
pub fn system_secs() -> i64 {
    chrono::Utc::now().timestamp()
}

fn offset() -> i64 {
    OFFSET.get().copied().unwrap_or(0)
}

/// The offset that makes the clock read `start` when the system reads `system_now`.
pub fn offset_for(start: i64, system_now: i64) -> i64 {
    start - system_now
}

/// Sets the clock to read `start` (seconds since the epoch) now and run on from there. Once per
/// process, at start: a second call is refused, as the clock must not jump under running rules.
pub fn start_at(start: i64) -> Result<(), String> {
    OFFSET
        .set(offset_for(start, system_secs()))
        .map_err(|_| "the clock was set already".to_string())
}

/// `LITSTACK_CLOCK_START` / `--clock-start` as given: an RFC 3339 instant, e.g.
/// `2027-03-01T09:00:00Z`, in seconds since the epoch.
pub fn parse_start(value: &str) -> Result<i64, String> {
    let value = value.trim();
    chrono::DateTime::parse_from_rfc3339(value)
        .map(|t| t.timestamp())
        .map_err(|e| {
            format!(
                "{value:?} is not an RFC 3339 instant ({e}); give a date and time with its zone, \
                 e.g. 2027-03-01T09:00:00Z"
            )
        })
}

/// `secs` as an RFC 3339 instant in UTC to the second, as the API writes dates.
pub fn rfc3339(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_makes_the_clock_read_the_start_and_run_on() {
        let system = 1_800_000_000;
        let start = parse_start("2027-03-01T09:00:00Z").unwrap();
        let offset = offset_for(start, system);
        assert_eq!(system + offset, start, "at start the clock reads the start");
        assert_eq!(
            system + 90 + offset,
            start + 90,
            "ninety seconds on, it is ninety seconds on"
        );
        // A start in the past runs on just the same.
        let past = parse_start("2001-01-01T00:00:00Z").unwrap();
        assert_eq!(system + 5 + offset_for(past, system), past + 5);
        assert_eq!(offset_for(system, system), 0);
    }

    #[test]
    fn the_start_is_an_rfc3339_instant_with_its_zone() {
        assert_eq!(
            parse_start("2027-03-01T09:00:00Z").unwrap(),
            parse_start("2027-03-01T10:00:00+01:00").unwrap()
        );
        assert_eq!(
            rfc3339(parse_start(" 2027-03-01T09:00:00Z ").unwrap()),
            "2027-03-01T09:00:00Z"
        );
        for bad in [
            "",
            "2027-03-01",
            "tomorrow",
            "2027-03-01T09:00:00",
            "2027-13-01T00:00:00Z",
        ] {
            let e = parse_start(bad).unwrap_err();
            assert!(e.contains("RFC 3339"), "{bad}: {e}");
        }
    }

    #[test]
    fn without_a_start_the_clock_is_the_systems() {
        // No unit test sets the clock: it adds nothing to the system's time.
        assert_eq!(offset(), 0);
    }
}
