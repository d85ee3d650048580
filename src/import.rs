//! What every CSV import reports: counts and the row errors a person needs to fix the file.

use serde::Serialize;

/// Row errors listed in full before the rest are only counted.
pub const LISTED_ERRORS: usize = 100;

#[derive(Debug, Default, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// "bookings" or "vendors": which kind the header said the file is.
    pub kind: &'static str,
    pub inserted: u64,
    pub updated: u64,
    pub skipped: u64,
    pub errors: Vec<String>,
}

impl ImportReport {
    pub fn new(kind: &'static str) -> Self {
        ImportReport {
            kind,
            ..Default::default()
        }
    }

    /// Records a rejected row as "Row N: reason" (N is the file line, the header being line 1).
    /// Control characters a reason quotes from the file are shown as U+FFFD: `litstack import`
    /// prints these lines to a terminal, where an escape sequence from a file must not act.
    pub fn row_error(&mut self, line: u64, reason: impl std::fmt::Display) {
        self.skipped += 1;
        let reason: String = reason
            .to_string()
            .chars()
            .map(|c| if c.is_control() { '\u{fffd}' } else { c })
            .collect();
        self.push_error(format!("Row {line}: {reason}"));
    }

    fn push_error(&mut self, message: String) {
        if self.errors.len() < LISTED_ERRORS {
            self.errors.push(message);
        } else if self.errors.len() == LISTED_ERRORS {
            self.errors.push(String::new()); // replaced by the overflow count in `finish`
        }
    }

    /// Replaces the overflow marker with "... and N more row errors".
    pub fn finish(mut self, total_row_errors: u64) -> Self {
        if self.errors.len() > LISTED_ERRORS {
            self.errors.pop();
            let more = total_row_errors.saturating_sub(LISTED_ERRORS as u64);
            self.errors.push(format!("... and {more} more row errors"));
        }
        self
    }
}

/// A CSV header name reduced to compare: lower case, without spaces, underscores or dashes.
pub fn normalize_header(name: &str) -> String {
    name.trim_start_matches('\u{feff}')
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-' | '\t'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Accepts an outbound link only when it is an absolute http(s) URL with a host. Anything else —
/// `javascript:`, `data:`, protocol-relative `//host`, control characters — is refused.
pub fn parse_web_url(raw: &str) -> Result<Option<String>, String> {
    let s = raw.trim_matches(|c: char| c == ' ');
    if s.is_empty() {
        return Ok(None);
    }
    if s.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(format!(
            "\"{}\" is not a valid web address",
            truncate(s, 80)
        ));
    }
    let lower = s.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .ok_or_else(|| {
            format!(
                "\"{}\" must start with http:// or https://",
                truncate(s, 80)
            )
        })?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or("");
    if host.is_empty() || host.starts_with('.') || !host.contains('.') && host != "localhost" {
        return Err(format!("\"{}\" has no valid host name", truncate(s, 80)));
    }
    if s.len() > 2000 {
        return Err("a web address is longer than 2000 characters".into());
    }
    Ok(Some(s.to_string()))
}

pub fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!("{}...", s.chars().take(max).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_urls_with_a_host_are_links() {
        assert_eq!(
            parse_web_url(" https://a.com/x ").unwrap().as_deref(),
            Some("https://a.com/x")
        );
        assert_eq!(parse_web_url("").unwrap(), None);
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "\u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "data:text/html,hi",
            "vbscript:x",
            "//evil.com",
            "file:///etc/passwd",
            "https://",
            "http:///x",
        ] {
            assert!(parse_web_url(bad).is_err(), "{bad:?} must be refused");
        }
    }

    #[test]
    fn headers_compare_without_case_spaces_or_underscores() {
        assert_eq!(
            normalize_header("\u{feff}Client Category"),
            "clientcategory"
        );
        assert_eq!(normalize_header("created_time"), "createdtime");
        assert_eq!(normalize_header("websiteUrl"), "websiteurl");
    }

    #[test]
    fn row_errors_never_carry_control_characters_from_the_file() {
        let mut r = ImportReport::new("vendors");
        r.row_error(2, "unknown category \"\u{1b}[2J\u{1b}]0;owned\u{7}\r\n\"");
        assert_eq!(
            r.errors,
            ["Row 2: unknown category \"\u{fffd}[2J\u{fffd}]0;owned\u{fffd}\u{fffd}\u{fffd}\""]
        );
    }

    #[test]
    fn errors_past_one_hundred_are_counted_not_listed() {
        let mut r = ImportReport::new("bookings");
        for i in 0..150 {
            r.row_error(i + 2, "bad");
        }
        let r = r.finish(150);
        assert_eq!(r.errors.len(), 101);
        assert_eq!(r.errors[100], "... and 50 more row errors");
        assert_eq!(r.skipped, 150);
    }
}
