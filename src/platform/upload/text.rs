//! Text helpers every CSV import shares: header names, web addresses, quoted values.

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

/// The message for a cell a spreadsheet would run as a formula, in every import.
pub fn formula_message(field: &str, start: &str) -> String {
    format!(
        "{field} starts with \"{start}\", which a spreadsheet runs as a formula: remove it or \
         start the text with a letter or digit"
    )
}

/// Every CSV import refuses a cell that starts, once trimmed, with `=` or `@` (a spreadsheet runs
/// it as a formula when the data is exported again) as a problem of its row. Vendor files refuse
/// `+` and `-` too (`catalog::vendor_checks::formula_start`): their texts reach every firm.
pub fn refuse_formula(field: &str, raw: &str) -> Result<(), String> {
    match raw.trim_start().as_bytes().first() {
        Some(b'=') => Err(formula_message(field, "=")),
        Some(b'@') => Err(formula_message(field, "@")),
        _ => Ok(()),
    }
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
    fn a_cell_starting_with_equals_or_at_is_refused_once_trimmed() {
        for bad in ["=HYPERLINK(\"http://evil\")", " =1+1", "@SUM(A1)", "\t@x"] {
            let err = refuse_formula("Client", bad).unwrap_err();
            assert!(err.starts_with("Client starts with \""), "{err}");
            assert!(err.contains("runs as a formula"), "{err}");
        }
        for fine in ["", "Clio", "a=b", "x@y.com", "-5", "+1 555", "'=1"] {
            assert_eq!(refuse_formula("Client", fine), Ok(()), "{fine:?}");
        }
    }

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
}
