//! The one validation of a vendor record, whoever writes it: the shipped seed and the vendor CSV
//! (`vendor_csv`, column by column, so a row names all its problems at once), the operator's edit
//! (`admin`), a vendor's proposal (`vendor_accounts::proposals`, applied on approval) and a
//! catalog feed pull (`catalog_feed::apply`, a whole vendor at a time: `check_vendor`). Each limit
//! is named here once; each message names the field (as the vendor CSV's column and the API's
//! field are named) and what to do.
//!
//! A link a firm is sent to (website, booking link, a stored logo, the page a fact was checked
//! on, a trust page) is `link`: http(s), no user or password before the host, no backslash, and a
//! host that is a public DNS name or a public IP address: never localhost, a single-label name,
//! a local-only suffix, or a loopback, private, link-local or otherwise special-purpose address.

use std::net::IpAddr;

use super::model::Vendor;
use crate::platform::upload::{RowProblems, parse_web_url, truncate};
// The one message every import gives a formula cell.
pub use crate::platform::upload::formula_message;

/// A vendor's name: 1-120 characters.
pub const NAME_MAX: usize = 120;
/// A vendor's description: up to 2,000 characters.
pub const DESCRIPTION_MAX: usize = 2000;
/// One entry of a list (a highlight, an integration, a tag, a practice area), and `geoFocus`.
pub const ENTRY_MAX: usize = 200;
/// Highlights a card shows.
pub const HIGHLIGHTS_MAX: usize = 10;
/// Integrations (the products a vendor connects to).
pub const INTEGRATIONS_MAX: usize = 50;
/// Tags (the capabilities a questionnaire's answers are matched against).
pub const TAGS_MAX: usize = 50;
/// Practice areas supported.
pub const PRACTICE_AREAS_MAX: usize = 50;
/// Vendors one catalog feed pull may add to an install; a pull that would add more is refused
/// whole.
pub const FEED_ADDED_MAX: usize = 1000;

/// Host names that never name a public host: this machine and the suffixes reserved for local
/// networks (RFC 6761, RFC 6762, RFC 8375) or used by convention inside one.
const LOCAL_SUFFIXES: [&str; 5] = ["localhost", "local", "internal", "home.arpa", "lan"];

/// A link of a vendor's record, a firm may be sent to: an absolute http(s) address whose host is
/// public (see the module's rule). Empty: `None`.
pub fn link(raw: &str) -> Result<Option<String>, String> {
    let Some(url) = link_form(raw)? else {
        return Ok(None);
    };
    let parsed = url::Url::parse(&url).map_err(|_| invalid(&url))?;
    let not_public = || {
        format!(
            "\"{}\" does not lead to a public web site (a local name or a private network \
             address): give the vendor's public address, like https://vendor.com/demo",
            truncate(&url, 80)
        )
    };
    match parsed.host() {
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            let local = LOCAL_SUFFIXES
                .iter()
                .any(|s| name == *s || name.ends_with(&format!(".{s}")));
            if local || !name.contains('.') {
                return Err(not_public());
            }
        }
        Some(url::Host::Ipv4(v4)) if !is_public(IpAddr::V4(v4)) => return Err(not_public()),
        Some(url::Host::Ipv6(v6)) if !is_public(IpAddr::V6(v6)) => return Err(not_public()),
        Some(_) => {}
        None => return Err(invalid(&url)),
    }
    Ok(Some(url))
}

/// A link's form alone (the import's web address, no user or password, no backslash), for an
/// address Litstack fetches rather than hands out: a logo to copy, whose host the fetch itself
/// judges (public, unless the install allows the host).
pub fn link_form(raw: &str) -> Result<Option<String>, String> {
    let Some(url) = parse_web_url(raw)? else {
        return Ok(None);
    };
    if url.contains('\\') {
        return Err(format!(
            "\"{}\" has a backslash, which browsers read as \"/\": write the address with \"/\"",
            truncate(&url, 80)
        ));
    }
    let parsed = url::Url::parse(&url).map_err(|_| invalid(&url))?;
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(format!(
            "\"{}\" names a user or password before its host (the part up to \"@\"), which can \
             hide where the link leads: give the address without it",
            truncate(&url, 80)
        ));
    }
    Ok(Some(url))
}

fn invalid(url: &str) -> String {
    format!("\"{}\" is not a valid web address", truncate(url, 80))
}

/// Whether an IP address is one the public internet routes to: the outside fetches' rule
/// (`platform::outbound`), so a link and a fetch agree on what is public.
fn is_public(ip: IpAddr) -> bool {
    crate::platform::outbound::is_public(ip)
}

/// A logo as a vendor's record keeps it: the copy Litstack serves (`/api/logos/...`) or a link.
pub fn stored_logo(raw: &str) -> Result<Option<String>, String> {
    if super::logos::is_served(raw) {
        return Ok(Some(raw.to_string()));
    }
    link(raw)
}

/// A text field: at most `max` characters, no control characters (a description may have line
/// breaks and tabs), not a spreadsheet formula. Names and list entries are shown on one line, and
/// printed by the CLI.
pub fn text(raw: &str, field: &str, max: usize) -> Result<String, String> {
    if raw.chars().count() > max {
        return Err(format!("{field} is longer than {max} characters"));
    }
    let multiline = field == "description";
    if raw
        .chars()
        .any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\t')))
    {
        return Err(format!("{field} contains a control character"));
    }
    if let Some(start) = formula_start(raw) {
        return Err(formula_message(field, start));
    }
    Ok(raw.to_string())
}

/// A vendor's name: 1-`NAME_MAX` characters of text.
pub fn name(raw: &str) -> Result<String, String> {
    let name = text(raw, "name", NAME_MAX)?;
    if name.trim().is_empty() {
        return Err("name is required".into());
    }
    Ok(name)
}

/// The start of `raw` that a spreadsheet would take for a formula: `=`, `+`, `-` or `@`, alone
/// or after a tab, CR or LF. Vendor texts reach every firm's screens and CSV files, so such a
/// text is refused where it is written rather than escaped in each place it is shown.
pub fn formula_start(raw: &str) -> Option<&str> {
    let trigger = |b: u8| matches!(b, b'=' | b'+' | b'-' | b'@');
    match raw.as_bytes() {
        [first, ..] if trigger(*first) => Some(&raw[..1]),
        [b'\t' | b'\r' | b'\n', second, ..] if trigger(*second) => Some(&raw[1..2]),
        _ => None,
    }
}

/// The most entries the list `field` may hold (named as the vendor CSV's column).
pub fn list_max(field: &str) -> usize {
    match field {
        "shortHighlights" => HIGHLIGHTS_MAX,
        "integrations" => INTEGRATIONS_MAX,
        "tags" => TAGS_MAX,
        _ => PRACTICE_AREAS_MAX,
    }
}

/// A list field: at most `list_max(field)` entries, each a one-line text of 1-`ENTRY_MAX`
/// characters without ";" (the vendor CSV's separator). Every problem is noted in `p`.
pub fn list(p: &mut RowProblems, entries: &[String], field: &str) {
    let most = list_max(field);
    if entries.len() > most {
        p.add(format!(
            "{field} has {} entries: keep at most {most}",
            entries.len()
        ));
    }
    for entry in entries {
        if entry.trim().is_empty() || entry.contains(';') {
            p.add(format!(
                "{field} has an empty entry or one with a \";\": give each as its own text"
            ));
        } else if entry.chars().count() > ENTRY_MAX {
            p.add(format!(
                "an entry of {field} is longer than {ENTRY_MAX} characters: shorten it"
            ));
        } else {
            p.check(text(entry, field, ENTRY_MAX));
        }
    }
}

/// Every problem of a vendor record as a whole, in one message ("a; b; c"): the rule a writer that
/// hands over a whole vendor (a catalog feed) passes. The vendor CSV checks the same columns with
/// the same functions as it reads them.
pub fn check_vendor(v: &Vendor) -> Result<(), String> {
    let mut p = RowProblems::default();
    p.check(name(&v.name));
    p.check(text(&v.description, "description", DESCRIPTION_MAX));
    if let Some(geo) = &v.geo_focus {
        p.check(text(geo, "geoFocus", ENTRY_MAX));
    }
    for (field, url) in [
        ("websiteUrl", &v.website_url),
        ("bookingUrl", &v.booking_url),
    ] {
        if let Some(url) = url {
            p.check(link(url).map_err(|e| format!("{field}: {e}")));
        }
    }
    if let Some(logo) = &v.logo_url {
        p.check(stored_logo(logo).map_err(|e| format!("logoUrl: {e}")));
    }
    list(&mut p, &v.short_highlights, "shortHighlights");
    list(&mut p, &v.integrations, "integrations");
    list(&mut p, &v.tags, "tags");
    list(
        &mut p,
        &v.practice_areas_supported,
        "practiceAreasSupported",
    );
    if v.price_bracket.is_some_and(|b| !(1..=4).contains(&b)) {
        p.add("priceBracket must be 1, 2, 3 or 4");
    }
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vendor() -> Vendor {
        serde_json::from_value(serde_json::json!({
            "id": 7, "name": "Acme", "categoryId": 2, "websiteUrl": "https://acme.com",
            "bookingUrl": "https://acme.com/demo", "logoUrl": null, "description": "Intake.",
            "shortHighlights": ["Fast"], "integrations": ["Clio"], "priceBracket": 2,
            "firmSizesSupported": [], "practiceAreasSupported": [], "geoFocus": null, "tags": [],
            "isRecommendedPartner": false, "partnerLevel": null, "isActive": true,
            "needsReview": false
        }))
        .unwrap()
    }

    #[test]
    fn links_lead_only_to_public_hosts_without_a_user_before_them() {
        for fine in [
            "https://acme.com/demo",
            "http://calendly.com/acme?x=1#y",
            "https://8.8.8.8/book",
            "https://acme.com:8443/",
        ] {
            assert_eq!(link(fine).unwrap().as_deref(), Some(fine), "{fine}");
        }
        assert_eq!(link("").unwrap(), None);
        let refused = |raw: &str| link(raw).unwrap_err();
        for userinfo in [
            "https://user:pass@evil.test/",
            "https://vendor.com@evil.test/",
            "https://:pass@evil.test/",
        ] {
            assert!(refused(userinfo).contains("user or password"), "{userinfo}");
        }
        for local in [
            "http://localhost/",
            "http://app.localhost/",
            "http://printer.local/",
            "http://db.internal/",
            "http://router.home.arpa/",
            "http://127.0.0.1/",
            "http://127.1/",
            "http://10.0.0.8/",
            "http://192.168.1.1/",
            "http://172.16.0.1/",
            "http://169.254.169.254/latest",
            "http://100.64.0.1/",
            "http://0.0.0.0/",
            "http://[::ffff:127.0.0.1]/",
            "http://[::127.0.0.1]/",
            "http://[fd00::1.2.3.4]/",
        ] {
            assert!(refused(local).contains("public web site"), "{local}");
        }
        // A name without a dot (an intranet's, a number, an IPv6 literal, localhost with a port)
        // is no host at all to the import's address rule.
        for dotless in [
            "http://intranet/",
            "http://LOCALHOST:8080/x",
            "http://2130706433/",
            "http://0x7f000001/",
            "http://[::1]/",
        ] {
            assert!(refused(dotless).contains("no valid host name"), "{dotless}");
        }
        assert!(refused("https://evil.test\\@acme.com/").contains("backslash"));
        for form in [
            "javascript:alert(1)",
            "ftp://acme.com",
            "//acme.com",
            "https://",
        ] {
            assert!(link(form).is_err(), "{form}");
        }
        // A logo to copy is judged by the fetch for its host; its form is the same.
        assert!(link_form("http://127.0.0.1:9/logo.png").unwrap().is_some());
        assert!(link_form("https://a:b@acme.com/logo.png").is_err());
        assert!(stored_logo("/api/logos/7/abc").is_ok());
        assert!(stored_logo("http://127.0.0.1/logo.png").is_err());
    }

    #[test]
    fn a_record_names_every_field_over_its_limit() {
        assert_eq!(check_vendor(&vendor()), Ok(()));
        let mut v = vendor();
        v.name = " ".into();
        v.description = "x".repeat(DESCRIPTION_MAX + 1);
        v.short_highlights = vec!["h".into(); HIGHLIGHTS_MAX + 1];
        v.integrations = vec!["i".repeat(ENTRY_MAX + 1)];
        v.tags = vec!["a;b".into()];
        v.booking_url = Some("https://user:pass@evil.test/".into());
        v.website_url = Some("http://127.0.0.1/".into());
        let message = check_vendor(&v).unwrap_err();
        for says in [
            "name is required",
            "description is longer than 2000 characters",
            "shortHighlights has 11 entries: keep at most 10",
            "an entry of integrations is longer than 200 characters",
            "tags has an empty entry or one with a \";\"",
            "bookingUrl: \"https://user:pass@evil.test/\" names a user or password",
            "websiteUrl: \"http://127.0.0.1/\" does not lead to a public web site",
        ] {
            assert!(message.contains(says), "{says:?} not in {message}");
        }
        let mut v = vendor();
        v.integrations = vec!["Clio".into(); INTEGRATIONS_MAX];
        v.description = "=cmd".into();
        assert!(check_vendor(&v).unwrap_err().contains("formula"));
    }
}
