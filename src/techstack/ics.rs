//! A small RFC 5545 writer for the renewals calendar: one all-day VEVENT per opt-out deadline.
//! Written here rather than with the `icalendar` crate: the calendar needs five properties and an
//! alarm, and the crate would bring a parser (nom) the server never uses. What RFC 5545 asks of a
//! writer is all here: CRLF line ends, lines folded at 75 octets (never inside a UTF-8
//! character), TEXT values escaped (backslash, semicolon, comma, line breaks).

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

/// One deadline in the calendar.
pub struct Event {
    /// Stable for a (firm, tool, renewal date): see `uid`.
    pub uid: String,
    pub date: NaiveDate,
    pub summary: String,
    pub description: String,
}

/// The stable UID of a deadline: the same firm, tool and renewal date give the same UID on every
/// download, so a calendar that subscribed updates the event instead of adding a second.
pub fn uid(firm_id: u64, vendor_id: u64, renewal: NaiveDate) -> String {
    let digest = Sha256::digest(format!("{firm_id}:{vendor_id}:{renewal}").as_bytes());
    format!("renewal-{}@litstack", hex::encode(&digest[..16]))
}

/// The calendar: `stamp` (seconds, UTC) is DTSTAMP of every event, the clock's now.
pub fn calendar(name: &str, events: &[Event], stamp: i64) -> String {
    let stamp = chrono::DateTime::from_timestamp(stamp, 0)
        .unwrap_or_default()
        .format("%Y%m%dT%H%M%SZ")
        .to_string();
    let mut out = String::new();
    let mut line = |text: &str| fold_into(&mut out, text);
    line("BEGIN:VCALENDAR");
    line("VERSION:2.0");
    line("PRODID:-//Litstack//Renewals//EN");
    line("CALSCALE:GREGORIAN");
    line("METHOD:PUBLISH");
    line(&format!("X-WR-CALNAME:{}", escape(name)));
    for event in events {
        let day = event.date.format("%Y%m%d");
        let next = event.date.succ_opt().unwrap_or(event.date).format("%Y%m%d");
        line("BEGIN:VEVENT");
        line(&format!("UID:{}", event.uid));
        line(&format!("DTSTAMP:{stamp}"));
        line(&format!("DTSTART;VALUE=DATE:{day}"));
        line(&format!("DTEND;VALUE=DATE:{next}"));
        line(&format!("SUMMARY:{}", escape(&event.summary)));
        line(&format!("DESCRIPTION:{}", escape(&event.description)));
        line("TRANSP:TRANSPARENT");
        line("BEGIN:VALARM");
        line("ACTION:DISPLAY");
        line("TRIGGER:-P1D");
        line(&format!("DESCRIPTION:{}", escape(&event.summary)));
        line("END:VALARM");
        line("END:VEVENT");
    }
    line("END:VCALENDAR");
    out
}

/// A TEXT value with RFC 5545's escapes (section 3.3.11).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends `line` folded at 75 octets (continuations start with one space, which counts), with
/// CRLF after each physical line; a UTF-8 character is never split.
fn fold_into(out: &mut String, line: &str) {
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(summary: &str) -> Event {
        Event {
            uid: uid(1, 2, NaiveDate::from_ymd_opt(2027, 3, 1).unwrap()),
            date: NaiveDate::from_ymd_opt(2027, 1, 30).unwrap(),
            summary: summary.into(),
            description: "Line one\nLine two; with, commas \\ and more".into(),
        }
    }

    #[test]
    fn every_line_ends_in_crlf_and_no_line_is_longer_than_75_octets() {
        let long = "Notice due: ".to_string() + &"Ünïcødé tool ".repeat(20);
        let text = calendar("Renewals", &[event(&long)], 1_800_000_000);
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{line:?} is {} octets", line.len());
            assert!(!line.contains('\n') && !line.contains('\r'));
        }
        let unfolded = text.replace("\r\n ", "");
        assert!(unfolded.contains(&format!("SUMMARY:{long}")));
        assert!(unfolded.contains("DTSTART;VALUE=DATE:20270130\r\n"));
        assert!(unfolded.contains("DTEND;VALUE=DATE:20270131\r\n"));
        assert!(unfolded.contains("DTSTAMP:20270115T080000Z\r\n"));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a;b,c\\d\ne\r\tf"),
            "a\\;b\\,c\\\\d\\ne".to_string() + "f"
        );
        let text = calendar("Firm, Inc.", &[event("x")], 0);
        assert!(text.contains("X-WR-CALNAME:Firm\\, Inc.\r\n"));
        assert!(text.contains("DESCRIPTION:Line one\\nLine two\\; with\\, commas \\\\ and more"));
    }

    #[test]
    fn the_uid_is_stable_per_firm_tool_and_renewal() {
        let day = NaiveDate::from_ymd_opt(2027, 3, 1).unwrap();
        assert_eq!(uid(1, 2, day), uid(1, 2, day));
        assert_ne!(uid(1, 2, day), uid(1, 3, day));
        assert_ne!(uid(1, 2, day), uid(2, 2, day));
        assert_ne!(uid(1, 2, day), uid(1, 2, day.succ_opt().unwrap()));
        let id = uid(1, 2, day);
        assert!(id.starts_with("renewal-") && id.ends_with("@litstack") && id.len() == 49);
    }
}
