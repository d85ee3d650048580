//! data/vendor-facts.csv: the shipped catalog's facts, one row per fact, each with the public page
//! it was read on and the day. A row of data/vendors.csv says what a vendor is; this file says
//! which of those facts a page supports, and adds the facts vendors.csv has no column for (a
//! stated price, the pricing model, the security profile). A row fact not in this file is
//! Litstack's own (the price bracket always is); a security fact not in it is "Not stated".

use std::collections::HashMap;

use super::facts::{Provenance, RowFact, Soc2, Soc2Type, Sso, SsoProtocol, Stated, VendorFacts};
use super::model::Vendor;
use super::vendor_checks;

pub const SHIPPED: &str = include_str!("../../data/vendor-facts.csv");
/// data/owned-hosts.csv: the hosts a vendor owns beyond its website's domain (a help centre on
/// Zendesk or Helpjuice, a second site), each with why it is the vendor's.
pub const OWNED_HOSTS: &str = include_str!("../../data/owned-hosts.csv");

/// The facts of `text` by vendor id, checked against the vendors they name. Any fault names the
/// file's line: the shipped file is read at first launch and by a unit test.
pub fn parse(text: &str, vendors: &[Vendor]) -> anyhow::Result<HashMap<u64, VendorFacts>> {
    read(text, vendors, true)
}

/// The facts of `text` beyond the vendor row (prices, pricing models, security profiles) for
/// the `vendors` an install holds under the same id and name; rows of other vendors and the row
/// facts are left out, since the install's rows may differ from those the pages were read for.
pub fn parse_for(text: &str, vendors: &[Vendor]) -> anyhow::Result<HashMap<u64, VendorFacts>> {
    read(text, vendors, false)
}

fn read(text: &str, vendors: &[Vendor], strict: bool) -> anyhow::Result<HashMap<u64, VendorFacts>> {
    let owned = owned_hosts(OWNED_HOSTS)?;
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers()?.clone();
    let expected = [
        "vendorId",
        "vendor",
        "fact",
        "value",
        "sourceUrl",
        "checkedOn",
        "quote",
        "pageDate",
        "statedBy",
    ];
    anyhow::ensure!(
        headers.iter().eq(expected),
        "vendor-facts.csv: the header must be {}",
        expected.join(",")
    );
    let mut out: HashMap<u64, VendorFacts> = HashMap::new();
    for record in reader.records() {
        let r = record?;
        let line = r.position().map_or(0, |p| p.line());
        let fail = |why: String| anyhow::anyhow!("vendor-facts.csv line {line}: {why}");
        let id: u64 = r[0]
            .parse()
            .map_err(|_| fail(format!("\"{}\" is not a vendor id", &r[0])))?;
        let found = vendors.iter().find(|v| v.id == id);
        if !strict
            && (found.is_none_or(|v| v.name != r[1])
                || matches!(
                    &r[2],
                    "website" | "description" | "highlights" | "integrations" | "bookingLink"
                ))
        {
            continue;
        }
        let vendor = found.ok_or_else(|| fail(format!("there is no vendor {id}")))?;
        if vendor.name != r[1] {
            return Err(fail(format!(
                "vendor {id} is {}, not {}",
                vendor.name, &r[1]
            )));
        }
        let url = vendor_checks::link(&r[4])
            .map_err(fail)?
            .ok_or_else(|| fail("sourceUrl is empty".into()))?;
        let checked_on = super::vendor_csv::parse_verified_on(&r[5])
            .map_err(fail)?
            .ok_or_else(|| fail("checkedOn is empty".into()))?;
        if r[6].trim().is_empty() {
            return Err(fail(
                "quote is empty: say what the page says, so it can be checked".into(),
            ));
        }
        // The page's own date, where it shows one: kept with the file for a reviewer (which of
        // two pages is newer), not in the install.
        super::vendor_csv::parse_verified_on(&r[7]).map_err(|_| {
            fail(format!(
                "pageDate must be a date like 2026-06-30 or empty, not \"{}\"",
                &r[7]
            ))
        })?;
        let by_partner = match &r[8] {
            "" => false,
            "partner" if &r[2] == "integrations" => true,
            "partner" => {
                return Err(fail(
                    "statedBy partner is only for integrations: a partner's page states an integration, \
                     not the vendor's own facts"
                        .into(),
                ));
            }
            other => {
                return Err(fail(format!(
                    "statedBy must be empty or partner, not \"{other}\""
                )));
            }
        };
        // Checked against the rows the pages were read for: an install's own rows may have moved.
        if strict && !by_partner && !on_own_host(&url, vendor, owned.get(&id)) {
            return Err(fail(format!(
                "{url} is not on {}'s own site: use a page on its website's domain, or add the \
                 host to data/owned-hosts.csv with why it is the vendor's",
                vendor.name
            )));
        }
        let provenance = Provenance::Page { url, checked_on };
        let facts = out.entry(id).or_default();
        set(facts, vendor, &r[2], &r[3], provenance).map_err(fail)?;
    }
    Ok(out)
}

/// The hosts of data/owned-hosts.csv by vendor id: `host` or `host/path-prefix` (a help centre on
/// a shared host is the vendor's only under its own path).
fn owned_hosts(text: &str) -> anyhow::Result<HashMap<u64, Vec<String>>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    anyhow::ensure!(
        reader
            .headers()?
            .iter()
            .eq(["vendorId", "vendor", "host", "reason"]),
        "owned-hosts.csv: the header must be vendorId,vendor,host,reason"
    );
    let mut out: HashMap<u64, Vec<String>> = HashMap::new();
    for record in reader.records() {
        let r = record?;
        let line = r.position().map_or(0, |p| p.line());
        let id: u64 = r[0].parse().map_err(|_| {
            anyhow::anyhow!(
                "owned-hosts.csv line {line}: \"{}\" is not a vendor id",
                &r[0]
            )
        })?;
        let host = r[2].trim().to_ascii_lowercase();
        anyhow::ensure!(
            !host.is_empty() && !host.contains("://") && !r[3].trim().is_empty(),
            "owned-hosts.csv line {line}: give the host (no scheme) and why it is the vendor's"
        );
        out.entry(id).or_default().push(host);
    }
    Ok(out)
}

/// Whether `url` is a page of the vendor's own (its website's domain, a subdomain of it, or a
/// host data/owned-hosts.csv gives it): the rule an operator's evidence for an attestation meets.
pub fn on_vendors_own_site(url: &str, vendor: &Vendor) -> bool {
    static OWNED: std::sync::LazyLock<HashMap<u64, Vec<String>>> =
        std::sync::LazyLock::new(|| owned_hosts(OWNED_HOSTS).unwrap_or_default());
    on_own_host(url, vendor, OWNED.get(&vendor.id))
}

/// Whether `url` is on the vendor's own site: its website's domain (less "www."), a subdomain of
/// it, or one of its owned hosts (or a subdomain of one), under the entry's path if it names one.
fn on_own_host(url: &str, vendor: &Vendor, owned: Option<&Vec<String>>) -> bool {
    let Ok(page) = url::Url::parse(url) else {
        return false;
    };
    let Some(host) = page.host_str().map(str::to_ascii_lowercase) else {
        return false;
    };
    let site = vendor
        .website_url
        .as_deref()
        .and_then(|w| url::Url::parse(w).ok())
        .and_then(|w| w.host_str().map(str::to_ascii_lowercase));
    if let Some(site) = site {
        let domain = site.strip_prefix("www.").unwrap_or(&site);
        if host == domain || host.ends_with(&format!(".{domain}")) {
            return true;
        }
    }
    owned.is_some_and(|hosts| {
        hosts.iter().any(|entry| {
            let (owned_host, prefix) = entry.split_once('/').unwrap_or((entry.as_str(), ""));
            let under = |path: &str| {
                prefix.is_empty()
                    || path
                        .trim_start_matches('/')
                        .strip_prefix(prefix)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            };
            (host == owned_host || host.ends_with(&format!(".{owned_host}"))) && under(page.path())
        })
    })
}

fn stated<T>(provenance: &Provenance, value: T) -> Stated<T> {
    Stated {
        value,
        provenance: provenance.clone(),
    }
}

fn set(
    facts: &mut VendorFacts,
    vendor: &Vendor,
    fact: &str,
    value: &str,
    provenance: Provenance,
) -> Result<(), String> {
    let flag = || match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(format!("{fact} must be yes or no, not \"{value}\"")),
    };
    let text = || {
        let t = value.trim();
        if t.is_empty() || t.chars().count() > 80 || t.chars().any(char::is_control) {
            Err(format!("{fact} must be a short text of 1-80 characters"))
        } else {
            Ok(t.to_string())
        }
    };
    let s = &mut facts.security;
    match fact {
        "website" | "description" | "highlights" => {
            let row = match fact {
                "website" => RowFact::Website,
                "description" => RowFact::Description,
                _ => RowFact::Highlights,
            };
            if !value.is_empty() {
                return Err(format!(
                    "{fact} takes no value: the page supports vendors.csv's"
                ));
            }
            facts.row.insert(row, provenance);
        }
        "bookingLink" => {
            if vendor.booking_url.as_deref() != Some(value) {
                return Err(format!(
                    "the page shows booking link \"{value}\" but vendors.csv has \"{}\"",
                    vendor.booking_url.as_deref().unwrap_or("")
                ));
            }
            facts.row.insert(RowFact::BookingLink, provenance);
        }
        "integrations" => {
            if value
                .split(';')
                .ne(vendor.integrations.iter().map(String::as_str))
            {
                return Err(format!(
                    "the page supports integrations \"{value}\" but vendors.csv lists \"{}\"",
                    vendor.integrations.join(";")
                ));
            }
            facts.row.insert(RowFact::Integrations, provenance);
        }
        // The price as the page states it. The row's bracket stays Litstack's estimate: it is
        // our reading of a price, not the page's words.
        "price" => facts.stated_price = Some(stated(&provenance, text()?)),
        "pricingModel" => facts.pricing_model = Some(stated(&provenance, text()?)),
        "soc2" => {
            let report = match value {
                "Type I" => Soc2Type::TypeI,
                "Type II" => Soc2Type::TypeII,
                _ => return Err(format!("soc2 must be Type I or Type II, not \"{value}\"")),
            };
            let period_end = s.soc2.take().and_then(|old| old.value.period_end);
            s.soc2 = Some(stated(&provenance, Soc2 { report, period_end }));
        }
        "soc2PeriodEnd" => {
            let day = super::vendor_csv::parse_verified_on(value)
                .map_err(|_| "soc2PeriodEnd must be a date like 2026-06-30".to_string())?;
            let soc2 = s
                .soc2
                .as_mut()
                .ok_or("soc2PeriodEnd must follow the vendor's soc2 row")?;
            soc2.value.period_end = day;
        }
        "iso27001" => s.iso27001 = Some(stated(&provenance, flag()?)),
        "hipaaBaa" => s.hipaa_baa = Some(stated(&provenance, flag()?)),
        "sso" => {
            let (offered, protocols) = match value {
                "no" => (false, vec![]),
                "yes" => (true, vec![]),
                "SAML" => (true, vec![SsoProtocol::Saml]),
                "OIDC" => (true, vec![SsoProtocol::Oidc]),
                "SAML;OIDC" => (true, vec![SsoProtocol::Saml, SsoProtocol::Oidc]),
                _ => {
                    return Err(format!(
                        "sso must be yes, no, SAML, OIDC or SAML;OIDC, not \"{value}\""
                    ));
                }
            };
            let plan = s.sso.take().and_then(|old| old.value.plan);
            s.sso = Some(stated(
                &provenance,
                Sso {
                    offered,
                    protocols,
                    plan,
                },
            ));
        }
        "ssoPlan" => {
            let plan = text()?;
            let sso = s
                .sso
                .as_mut()
                .ok_or("ssoPlan must follow the vendor's sso row")?;
            sso.value.plan = Some(plan);
        }
        "mfa" => s.mfa = Some(stated(&provenance, flag()?)),
        "dataLocation" => s.data_location = Some(stated(&provenance, text()?)),
        "aiTraining" => s.ai_training = Some(stated(&provenance, flag()?)),
        "dataExport" => s.data_export = Some(stated(&provenance, flag()?)),
        "trustPage" => {
            let url = vendor_checks::link(value)?.ok_or("trustPage needs the page's address")?;
            s.trust_page = Some(stated(&provenance, url));
        }
        other => return Err(format!("\"{other}\" is not a fact this file knows")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn shipped() -> Catalog {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::platform::store::open_file(dir.path()).unwrap();
        crate::catalog::seed(&store).unwrap();
        Catalog::load(&store).unwrap()
    }

    /// Every fact of the shipped file reaches its vendor with its page; nothing else is credited
    /// to a page.
    #[test]
    fn the_shipped_facts_reach_their_vendors_with_their_pages() {
        let catalog = shipped();
        let facts = parse(SHIPPED, &catalog.vendors).unwrap();
        assert!(!facts.is_empty());
        for vendor in &catalog.vendors {
            let stored = catalog.facts(vendor.id);
            let mut row = stored.map(|f| f.row.clone()).unwrap_or_default();
            // A shipped booking link no page confirms is Litstack's.
            let link = row.remove(&RowFact::BookingLink);
            assert_eq!(
                link,
                vendor.booking_url.as_ref().map(|_| Provenance::Estimate),
                "{}",
                vendor.name
            );
            assert_eq!(
                row,
                facts
                    .get(&vendor.id)
                    .map(|f| f.row.clone())
                    .unwrap_or_default(),
                "{}",
                vendor.name
            );
            assert_eq!(
                stored.map(|f| f.security.clone()).unwrap_or_default(),
                facts
                    .get(&vendor.id)
                    .map(|f| f.security.clone())
                    .unwrap_or_default(),
                "{}",
                vendor.name
            );
            // The bracket is always our estimate.
            assert!(stored.is_none_or(|f| !f.row.contains_key(&RowFact::Price)));
            // A vendor that lists integrations names the page that lists them.
            if !vendor.integrations.is_empty() {
                assert!(
                    matches!(
                        stored.and_then(|f| f.row.get(&RowFact::Integrations)),
                        Some(Provenance::Page { .. })
                    ),
                    "{} lists integrations no page supports",
                    vendor.name
                );
            }
        }
    }

    /// A catalog seeded before facts had provenance gets the shipped security profiles once, for
    /// the vendors it still holds under their shipped names, and keeps its own.
    #[test]
    fn an_older_catalog_gets_the_shipped_security_facts_once_and_keeps_its_own() {
        use crate::catalog::facts::{Stated, VendorFacts};
        use crate::catalog::storage;
        let dir = tempfile::tempdir().unwrap();
        let store = crate::platform::store::open_file(dir.path()).unwrap();
        crate::catalog::seed(&store).unwrap();
        // As an older version left it: no facts at all, EvenUp (43) renamed, Box (107) with the
        // administrator's own statement.
        let mine = Stated {
            value: false,
            provenance: Provenance::administrator_today(Some(1), None),
        };
        storage::import_vendors(&store, |tables| -> crate::platform::error::Result<()> {
            for v in tables.vendors()? {
                tables.put_facts(v.id, &VendorFacts::default())?;
            }
            let mut own = VendorFacts::default();
            own.security.hipaa_baa = Some(mine.clone());
            tables.put_facts(107, &own)?;
            Ok(())
        })
        .unwrap();
        storage::update_vendor(&store, 43, &Provenance::Estimate, |mut v, _| {
            v.name = "EvenUp Law".into();
            Ok(Some(v))
        })
        .unwrap();
        crate::platform::store::seam::write(&store, |tx| {
            crate::platform::store::settings::remove(tx, "seeded:vendor-facts")
        })
        .unwrap();

        crate::catalog::seed(&store).unwrap();
        let catalog = Catalog::load(&store).unwrap();
        let clio = catalog.facts(94).unwrap();
        assert!(clio.security.hipaa_baa.as_ref().unwrap().value);
        // Row facts stay Litstack's, and so does the shipped booking link, unconfirmed.
        assert_eq!(
            clio.row.iter().collect::<Vec<_>>(),
            [(&RowFact::BookingLink, &Provenance::Estimate)]
        );
        assert!(
            catalog.facts(43).is_none(),
            "a renamed vendor is not the one the page was read for"
        );
        assert_eq!(catalog.facts(107).unwrap().security.hipaa_baa, Some(mine));
        // Once: a later start changes nothing, not even what the administrator clears.
        storage::import_vendors(&store, |tables| {
            tables.put_facts(94, &VendorFacts::default())
        })
        .unwrap();
        crate::catalog::seed(&store).unwrap();
        assert!(Catalog::load(&store).unwrap().facts(94).is_none());
    }

    #[test]
    fn a_fact_without_its_page_day_or_words_or_with_a_guess_is_refused() {
        let catalog = shipped();
        let header = "vendorId,vendor,fact,value,sourceUrl,checkedOn,quote,pageDate,statedBy\n";
        let row = |line: &str| parse(&format!("{header}{line}\n"), &catalog.vendors);
        assert!(
            row("43,EvenUp,hipaaBaa,yes,https://www.evenuplaw.com/dpa/,2026-11-25,a BAA,,").is_ok()
        );
        // A help centre under the vendor's domain, and one data/owned-hosts.csv names.
        assert!(
            row("43,EvenUp,mfa,yes,https://help.evenuplaw.com/a,2026-11-25,q,2026-01-02,").is_ok()
        );
        assert!(
            row("95,CASEpeer,mfa,yes,https://casepeer.zendesk.com/hc/a,2026-11-25,q,,").is_ok()
        );
        for (bad, says) in [
            (
                "43,EvenUp,hipaaBaa,yes,,2026-11-25,a BAA,,",
                "sourceUrl is empty",
            ),
            (
                "43,EvenUp,hipaaBaa,yes,javascript:alert(1),2026-11-25,a BAA,,",
                "http",
            ),
            (
                "43,EvenUp,hipaaBaa,yes,https://www.evenuplaw.com/x,,a BAA,,",
                "checkedOn is empty",
            ),
            (
                "43,EvenUp,hipaaBaa,yes,https://www.evenuplaw.com/x,2026-11-25,,,",
                "quote is empty",
            ),
            (
                "43,EvenUp,hipaaBaa,probably,https://www.evenuplaw.com/x,2026-11-25,q,,",
                "yes or no",
            ),
            (
                "43,EvenUp,soc2,SOC 2,https://www.evenuplaw.com/x,2026-11-25,q,,",
                "Type I or Type II",
            ),
            (
                "43,Supio,soc2,Type II,https://www.evenuplaw.com/x,2026-11-25,q,,",
                "not Supio",
            ),
            (
                "43,EvenUp,pciDss,yes,https://www.evenuplaw.com/x,2026-11-25,q,,",
                "not a fact",
            ),
            (
                "43,EvenUp,ssoPlan,Enterprise,https://www.evenuplaw.com/x,2026-11-25,q,,",
                "follow",
            ),
            (
                "43,EvenUp,integrations,Clio,https://www.evenuplaw.com/x,2026-11-25,q,,",
                "vendors.csv lists",
            ),
            (
                "43,EvenUp,mfa,yes,https://www.evenup-law.example/mfa,2026-11-25,q,,",
                "not on EvenUp's own site",
            ),
            (
                "43,EvenUp,mfa,yes,https://evenuplaw.com.example.net/mfa,2026-11-25,q,,",
                "not on EvenUp's own site",
            ),
            (
                "95,CASEpeer,mfa,yes,https://zendesk.com/hc/a,2026-11-25,q,,",
                "not on CASEpeer's own site",
            ),
            (
                "44,Supio,mfa,yes,https://intercom.help/supiox/en/a,2026-11-25,q,,",
                "not on Supio's own site",
            ),
            (
                "43,EvenUp,mfa,yes,https://www.evenuplaw.com/mfa,2026-11-25,q,,partner",
                "only for integrations",
            ),
            (
                "43,EvenUp,mfa,yes,https://www.evenuplaw.com/mfa,2026-11-25,q,last spring,",
                "pageDate",
            ),
        ] {
            let err = row(bad).unwrap_err().to_string();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}
