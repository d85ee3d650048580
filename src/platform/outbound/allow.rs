//! The operator's exception to the public-address rule: `--fetch-private-hosts HOST[:PORT],…`,
//! hosts named one by one (an image server or an identity provider on the install's own network,
//! a test's server on loopback). It opens exactly those hosts, at that port when one is given;
//! there is no value that opens every private address.

use std::net::Ipv6Addr;

use url::{Host, Url};

/// One allowed host, with its port if the operator named one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivateHost {
    host: Host<String>,
    port: Option<u16>,
}

impl PrivateHost {
    /// Whether `url`'s host (and port, when this one names a port) is this one. A name matches
    /// that name only, never the addresses it resolves to.
    pub fn matches(&self, url: &Url) -> bool {
        url.host().map(|h| h.to_owned()).as_ref() == Some(&self.host)
            && self
                .port
                .is_none_or(|port| url.port_or_known_default() == Some(port))
    }
}

impl std::str::FromStr for PrivateHost {
    type Err = String;

    /// `logos.internal`, `logos.internal:8443`, `10.0.0.5`, `10.0.0.5:80`, `[fd00::5]:443` or
    /// `fd00::5`.
    fn from_str(raw: &str) -> Result<Self, String> {
        let raw = raw.trim();
        let wrong = || {
            format!(
                "{raw:?} is not a host with an optional port (HOST[:PORT], e.g. \
                 logos.internal:8443, 10.0.0.5 or [fd00::5]:443)"
            )
        };
        if raw.is_empty() || raw.contains(['/', '@', '*', '?', '#']) {
            return Err(wrong());
        }
        // A bare IPv6 address has colons of its own and no port.
        if let Ok(ip) = raw.parse::<Ipv6Addr>() {
            return Ok(PrivateHost {
                host: Host::Ipv6(ip),
                port: None,
            });
        }
        let (host, port) = match raw.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => {
                (host, Some(port.parse::<u16>().map_err(|_| wrong())?))
            }
            _ => (raw, None),
        };
        // The URL parser's reading, so a name compares with a link's host as the link reads.
        let host = Host::parse(host).map_err(|_| wrong())?;
        Ok(PrivateHost { host, port })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allows(entry: &str, url: &str) -> bool {
        let entry: PrivateHost = entry.parse().unwrap();
        entry.matches(&Url::parse(url).unwrap())
    }

    #[test]
    fn a_host_is_allowed_exactly_and_a_port_only_when_named() {
        assert!(allows("logos.internal", "http://logos.internal/a.png"));
        assert!(allows(
            "Logos.Internal",
            "https://logos.internal:8443/a.png"
        ));
        assert!(allows(
            "logos.internal:8443",
            "https://logos.internal:8443/"
        ));
        assert!(!allows("logos.internal:8443", "https://logos.internal/"));
        assert!(!allows("logos.internal", "http://cdn.logos.internal/"));
        assert!(!allows(
            "logos.internal",
            "http://logos.internal.evil.test/"
        ));
        assert!(allows("127.0.0.1", "http://127.0.0.1:9999/"));
        assert!(!allows("127.0.0.1", "http://127.0.0.2/"));
        assert!(!allows("127.0.0.1", "http://localhost/"));
        assert!(allows("127.0.0.1:80", "http://127.0.0.1/"));
        assert!(allows("[fd00::5]:443", "https://[fd00::5]/"));
        assert!(allows("fd00::5", "http://[fd00::5]:81/"));
        assert!(!allows("fd00::5", "http://[fd00::6]/"));
    }

    #[test]
    fn nothing_opens_every_private_address() {
        for raw in [
            "",
            "*",
            "0.0.0.0/0",
            "10.0.0.0/8",
            "http://a.test",
            "a.test:port",
            "a@b",
        ] {
            assert!(raw.parse::<PrivateHost>().is_err(), "{raw}");
        }
    }
}
