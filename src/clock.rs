//! The clock every rule that dates something reads: seconds since the Unix epoch, UTC.

pub fn now_secs() -> i64 {
    chrono::Utc::now().timestamp()
}

/// `secs` as an RFC 3339 instant in UTC to the second, as the API writes dates.
pub fn rfc3339(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
