//! Outbound vendor links. Every website and booking link we hand out carries our `utm_source` tag
//! so vendors can see the visit came from Litstack; the web app applies the same rule in
//! `web/src/lib/outbound.ts`.

/// Adds `utm_source=<source>` to an http(s) URL, keeping its query string and `#fragment`, and
/// leaving a URL that already has a `utm_source` as it is. Anything but http(s) gives `None`: only
/// web addresses ever become links.
pub fn with_utm(url: &str, source: &str) -> Option<String> {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return None;
    }
    if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return None;
    }
    let (before_fragment, fragment) = match url.find('#') {
        Some(i) => url.split_at(i),
        None => (url, ""),
    };
    let (base, query) = match before_fragment.find('?') {
        Some(i) => (&before_fragment[..i], &before_fragment[i + 1..]),
        None => (before_fragment, ""),
    };
    let tagged = query
        .split('&')
        .any(|pair| pair.split('=').next() == Some("utm_source"));
    if tagged || source.is_empty() {
        return Some(url.to_string());
    }
    let separator = if query.is_empty() || query.ends_with('&') {
        ""
    } else {
        "&"
    };
    Some(format!(
        "{base}?{query}{separator}utm_source={}{fragment}",
        encode(source)
    ))
}

/// Percent-encodes everything outside the URL-safe unreserved set.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::with_utm;

    #[test]
    fn adds_the_tag_to_a_plain_url() {
        assert_eq!(
            with_utm("https://vendor.com/demo", "litstack").as_deref(),
            Some("https://vendor.com/demo?utm_source=litstack")
        );
    }

    #[test]
    fn keeps_an_existing_query_and_fragment() {
        assert_eq!(
            with_utm("https://v.com/book?ref=a&x=1#slot", "litstack").as_deref(),
            Some("https://v.com/book?ref=a&x=1&utm_source=litstack#slot")
        );
        assert_eq!(
            with_utm("http://v.com/?#top", "ls").as_deref(),
            Some("http://v.com/?utm_source=ls#top")
        );
    }

    #[test]
    fn never_adds_the_tag_twice() {
        let once = with_utm("https://v.com/a", "litstack").unwrap();
        assert_eq!(with_utm(&once, "litstack").unwrap(), once);
        assert_eq!(
            with_utm("https://v.com/a?utm_source=partner", "litstack").as_deref(),
            Some("https://v.com/a?utm_source=partner")
        );
    }

    #[test]
    fn only_web_addresses_become_links() {
        assert_eq!(with_utm("javascript:alert(1)", "litstack"), None);
        assert_eq!(with_utm("data:text/html,hi", "litstack"), None);
        assert_eq!(with_utm("//v.com/a", "litstack"), None);
        assert_eq!(with_utm("https://v.com/a b", "litstack"), None);
        assert_eq!(
            with_utm("HTTPS://V.com", "a b&c").as_deref(),
            Some("HTTPS://V.com?utm_source=a%20b%26c")
        );
    }
}
