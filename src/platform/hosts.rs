//! The names this install is served at (`Config::serves`, and `web::served_hosts_only`, which
//! refuses every other `Host`).
//!
//! A page on another site whose name re-resolves to 127.0.0.1 (DNS rebinding) reaches a loopback
//! server from the victim's browser with its own name in `Host` and `Origin`; were any name
//! served, it could claim a fresh install. So only these are served: `localhost`, any IP literal
//! (a rebinding attack always needs a DNS name, so a literal is what the browser really opened),
//! the host of `--public-url` and the names of `--allowed-hosts`. Names compare case-insensitively
//! and without the port. A request without any host (HTTP/1.0 tools, in-process tests) passes.

use std::net::{Ipv4Addr, Ipv6Addr};

use axum::extract::Request;
use axum::http::header;

/// The address people open Litstack at (`--public-url`), e.g. behind a reverse proxy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl {
    /// `scheme://host[:port]`, lower-cased: what a browser sends as `Origin` from there.
    pub origin: String,
    /// The host name alone, as `host_name` gives it.
    pub host: String,
}

impl std::str::FromStr for PublicUrl {
    type Err = String;

    /// An http(s) URL with a host and nothing more than a path: `https://litstack.firm.test`.
    fn from_str(url: &str) -> Result<PublicUrl, String> {
        let example = "give the address people open, such as https://litstack.firm.test";
        let uri: axum::http::Uri = url
            .trim()
            .parse()
            .map_err(|_| format!("{url:?} is not a URL: {example}"))?;
        let scheme = uri.scheme_str().map(str::to_ascii_lowercase);
        if !matches!(scheme.as_deref(), Some("http" | "https")) {
            return Err(format!("{url:?} is not an http(s) URL: {example}"));
        }
        let authority = uri
            .authority()
            .filter(|a| !a.host().is_empty() && !a.as_str().contains('@'))
            .ok_or_else(|| format!("{url:?} has no plain host name: {example}"))?;
        let host = parse_host_name(authority.as_str())?;
        let origin = format!(
            "{}://{}",
            scheme.unwrap_or_default(),
            authority.as_str().to_ascii_lowercase()
        );
        Ok(PublicUrl { origin, host })
    }
}

/// One name of `--allowed-hosts`: a host name or IP literal, a port being ignored.
pub fn parse_host_name(name: &str) -> Result<String, String> {
    let host = host_name(name.trim());
    let plain = !host.is_empty()
        && !name.contains(['/', '@'])
        && (is_ip_literal(&host)
            || host.split('.').all(|label| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            }));
    if plain {
        Ok(host)
    } else {
        Err(format!(
            "{name:?} is not a host name: give names such as litstack.firm.test, separated by \
             commas (no scheme, no path)"
        ))
    }
}

/// The host of an authority (`name`, `name:port`, `[v6]`, `[v6]:port`): lower-cased, without
/// the port or a final dot.
pub fn host_name(authority: &str) -> String {
    let host = if authority.starts_with('[') {
        authority
            .find(']')
            .map_or(authority, |end| &authority[..=end])
    } else {
        match authority.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => authority,
        }
    };
    host.trim_end_matches('.').to_ascii_lowercase()
}

pub fn is_ip_literal(host: &str) -> bool {
    host.parse::<Ipv4Addr>().is_ok()
        || host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .is_some_and(|h| h.parse::<Ipv6Addr>().is_ok())
}

/// The authority the request was sent to: the request target's (HTTP/2, absolute-form), else the
/// `Host` header. `Some(None)` is a host that is not even text.
pub fn request_authority(req: &Request) -> Option<Option<&str>> {
    if let Some(authority) = req.uri().authority() {
        return Some(Some(authority.as_str()));
    }
    req.headers().get(header::HOST).map(|h| h.to_str().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::config::Config;

    fn config(public_url: Option<&str>, allowed: &[&str]) -> Config {
        Config {
            public_url: public_url.map(|u| u.parse().unwrap()),
            allowed_hosts: allowed
                .iter()
                .map(|h| parse_host_name(h).unwrap())
                .collect(),
            ..Config::for_data_dir("unused")
        }
    }

    #[test]
    fn loopback_names_and_ip_literals_are_served_and_other_names_are_not() {
        let c = config(None, &[]);
        for authority in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "[::1]",
            "192.168.1.5",
            "localhost.:80",
        ] {
            assert!(c.serves(&host_name(authority)), "{authority}");
        }
        for authority in [
            "rebind.evil.test:8080",
            "127.0.0.1.evil.test",
            "localhost.evil.test",
            "evil.localhost",
            "[::1.evil.test]",
            "",
            "0x7f.1",
            "127.0.0.1:8080.evil.test",
        ] {
            assert!(!c.serves(&host_name(authority)), "{authority}");
        }
    }

    #[test]
    fn the_public_url_and_allowed_hosts_are_served_whatever_the_case_and_port() {
        let c = config(
            Some("https://Litstack.Firm.test/"),
            &["intra.firm.test:8443", "10.0.0.7"],
        );
        assert_eq!(
            c.public_url.as_ref().unwrap().origin,
            "https://litstack.firm.test"
        );
        for authority in [
            "litstack.firm.test",
            "LITSTACK.firm.test:443",
            "intra.FIRM.test",
        ] {
            assert!(c.serves(&host_name(authority)), "{authority}");
        }
        assert!(!c.serves("firm.test"));
    }

    #[test]
    fn a_public_url_must_be_a_plain_http_url() {
        for bad in [
            "litstack.firm.test",
            "ftp://x.test",
            "https://",
            "https://user@x.test",
            "nonsense url",
        ] {
            let err = bad.parse::<PublicUrl>().unwrap_err();
            assert!(err.contains("https://litstack.firm.test"), "{bad}: {err}");
        }
        assert!("http://10.0.0.7:8080".parse::<PublicUrl>().is_ok());
    }

    #[test]
    fn allowed_hosts_are_names_not_urls() {
        assert_eq!(
            parse_host_name("Intra.Firm.test:8080").unwrap(),
            "intra.firm.test"
        );
        for bad in ["https://x.test", "x.test/path", "", "a..b", "x y.test"] {
            assert!(parse_host_name(bad).is_err(), "{bad}");
        }
    }
}
