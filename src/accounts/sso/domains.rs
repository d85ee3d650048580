//! Email domains as single sign-on claims them: lower-cased, IDNA-normalised (the ASCII form),
//! and never a public mail service's.

use crate::platform::error::{Result, bad_request};

/// Mail services anyone can open an address at: no firm can claim them. The one list.
pub const PUBLIC_MAIL_DOMAINS: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "hotmail.co.uk",
    "live.com",
    "msn.com",
    "yahoo.com",
    "yahoo.co.uk",
    "ymail.com",
    "icloud.com",
    "me.com",
    "mac.com",
    "aol.com",
    "proton.me",
    "protonmail.com",
    "pm.me",
    "gmx.com",
    "gmx.net",
    "gmx.de",
    "mail.com",
    "yandex.com",
    "yandex.ru",
    "zoho.com",
    "fastmail.com",
    "tutanota.com",
    "tuta.io",
    "hey.com",
    "qq.com",
    "163.com",
    "web.de",
    "comcast.net",
    "verizon.net",
    "att.net",
];

/// A domain as a firm claims it: trimmed, a leading `@` dropped, lower-cased, IDNA's ASCII
/// form; a name with a dot, no address.
pub fn normalise(raw: &str) -> Result<String> {
    let trimmed = raw.trim().trim_start_matches('@').trim_end_matches('.');
    let invalid = || {
        bad_request(format!(
            "{} is not an email domain, e.g. doe-law.com",
            raw.trim()
        ))
    };
    if trimmed.is_empty() || trimmed.len() > 253 {
        return Err(invalid());
    }
    match url::Host::parse(trimmed) {
        Ok(url::Host::Domain(domain)) if domain.contains('.') && !domain.starts_with('.') => {
            Ok(domain.to_lowercase())
        }
        _ => Err(invalid()),
    }
}

pub fn is_public(domain: &str) -> bool {
    PUBLIC_MAIL_DOMAINS.contains(&domain)
}

/// The domain of an email address, normalised; `None` for one that has none.
pub fn of_email(email: &str) -> Option<String> {
    let (_, domain) = email.rsplit_once('@')?;
    normalise(domain).ok()
}

/// The domains a firm claims, each normalised once, none public.
pub fn parse_claims(raw: &[String]) -> Result<Vec<String>> {
    if raw.len() > 20 {
        return Err(bad_request("A firm can claim at most 20 email domains"));
    }
    let mut out: Vec<String> = Vec::new();
    for r in raw {
        let domain = normalise(r)?;
        if is_public(&domain) {
            return Err(bad_request(format!(
                "{domain} is a public mail service: anyone can have an address there, so no firm \
                 can claim it for single sign-on"
            )));
        }
        if !out.contains(&domain) {
            out.push(domain);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_are_normalised_and_public_ones_refused() {
        assert_eq!(normalise(" @Doe-Law.COM ").unwrap(), "doe-law.com");
        assert_eq!(
            normalise("bücher.example").unwrap(),
            "xn--bcher-kva.example"
        );
        assert!(normalise("localhost").is_err());
        assert!(normalise("10.0.0.1").is_err());
        assert!(normalise("a b.com").is_err());
        assert!(parse_claims(&["GMail.com".into()]).is_err());
        assert_eq!(
            parse_claims(&["doe.com".into(), "DOE.com".into()]).unwrap(),
            ["doe.com"]
        );
        assert_eq!(of_email("Ann@Doe.Com").as_deref(), Some("doe.com"));
    }
}
