//! Who may claim a listing by email: a person with an address at the listing's registrable
//! domain, as the public suffix list (the `psl` crate, built in) decides it. The mailed link
//! proves the address; these rules make sure the address proves the listing.

use crate::accounts::sso::domains::{is_public, normalise};
use crate::platform::error::{Result, bad_request};

/// Why a listing cannot be claimed by email at all: a listing with no website, or one on a shared
/// host (a private suffix of the list, where many unrelated sites live side by side).
pub fn listing_domain(vendor: &str, website: Option<&str>) -> Result<String> {
    let invite_only = |why: String| {
        bad_request(format!(
            "{why}, so it cannot be claimed by email: ask the operator of this Litstack for an \
             invitation"
        ))
    };
    let host = website
        .and_then(|url| url::Url::parse(url).ok())
        .and_then(|url| url.host_str().map(str::to_string))
        .ok_or_else(|| invite_only(format!("{vendor} has no website in the catalog")))?;
    let host = normalise(&host)
        .map_err(|_| invite_only(format!("{vendor}'s website has no domain name")))?;
    let Some(domain) = psl::domain(host.as_bytes()) else {
        return Err(invite_only(format!(
            "{vendor}'s website ({host}) has no registrable domain"
        )));
    };
    if domain.suffix().typ() == Some(psl::Type::Private) {
        let shared = String::from_utf8_lossy(domain.suffix().as_bytes()).into_owned();
        return Err(invite_only(format!(
            "{vendor}'s website is on a shared host ({shared}), where an address does not show \
             who owns the site"
        )));
    }
    Ok(String::from_utf8_lossy(domain.as_bytes()).into_owned())
}

/// Checks that `email` (already a valid address) may claim a listing whose registrable domain is
/// `listing`: not a public mail service, not an internationalised (look-alike) name, not a shared
/// host, and the same registrable domain.
pub fn check_address(vendor: &str, listing: &str, email: &str) -> Result<()> {
    let Some((_, raw_domain)) = email.rsplit_once('@') else {
        return Err(bad_request("Please enter a valid email address"));
    };
    if !raw_domain.is_ascii()
        || raw_domain
            .split('.')
            .any(|l| l.to_ascii_lowercase().starts_with("xn--"))
    {
        return Err(bad_request(
            "An address at an internationalised domain name cannot claim a listing, since such a \
             name can look like another: ask the operator of this Litstack for an invitation",
        ));
    }
    let domain =
        normalise(raw_domain).map_err(|_| bad_request("Please enter a valid email address"))?;
    if is_public(&domain) {
        return Err(bad_request(format!(
            "{domain} is a public mail service, where anyone can open an address: use your \
             address at {listing}"
        )));
    }
    let registrable = psl::domain(domain.as_bytes());
    if registrable.is_some_and(|d| d.suffix().typ() == Some(psl::Type::Private)) {
        return Err(bad_request(format!(
            "{domain} is on a shared host, where an address does not show who owns a site: use \
             your address at {listing}"
        )));
    }
    let registrable = registrable.map(|d| String::from_utf8_lossy(d.as_bytes()).into_owned());
    if registrable.as_deref() != Some(listing) {
        return Err(bad_request(format!(
            "Claiming {vendor} needs an address at {listing}; {email} is not one"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domain(website: &str) -> Result<String> {
        listing_domain("Acme", Some(website))
    }

    #[test]
    fn the_listing_domain_is_the_registrable_one() {
        assert_eq!(domain("https://www.acme.com/legal").unwrap(), "acme.com");
        assert_eq!(domain("https://app.acme.co.uk").unwrap(), "acme.co.uk");
        assert!(
            listing_domain("Acme", None)
                .unwrap_err()
                .to_string()
                .contains("invitation")
        );
    }

    #[test]
    fn a_listing_on_a_shared_host_is_invite_only() {
        for site in [
            "https://acme.github.io",
            "https://acme.wixsite.com/law",
            "https://acme.herokuapp.com",
        ] {
            let e = domain(site).unwrap_err().to_string();
            assert!(e.contains("shared host"), "{site}: {e}");
        }
    }

    #[test]
    fn addresses_at_the_domain_or_below_it_claim() {
        check_address("Acme", "acme.com", "ana@acme.com").unwrap();
        check_address("Acme", "acme.com", "ana@mail.acme.com").unwrap();
        check_address("Acme", "acme.com", "Ana@ACME.com").unwrap();
    }

    #[test]
    fn other_public_shared_and_look_alike_addresses_are_refused() {
        let refused = |email: &str| {
            check_address("Acme", "acme.com", email)
                .unwrap_err()
                .to_string()
        };
        assert!(refused("ana@acme.co").contains("needs an address at acme.com"));
        assert!(refused("ana@notacme.com").contains("needs an address at acme.com"));
        assert!(refused("ana@acme.com.evil.net").contains("needs an address at acme.com"));
        assert!(refused("ana@gmail.com").contains("public mail service"));
        assert!(refused("ana@acme.github.io").contains("shared host"));
        assert!(refused("ana@xn--acme-9na.com").contains("internationalised"));
        assert!(refused("ana@аcme.com").contains("internationalised"));
    }
}
