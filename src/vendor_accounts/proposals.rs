//! What a vendor may propose for its listing, checked as the operator's own edit is checked
//! (`catalog::admin`), and what the operator sees of it: each changed fact, now and proposed.

use serde::Deserialize;

use crate::catalog::Vendor;
use crate::catalog::admin::{FactsUpdate, VendorUpdate, apply_all};
use crate::catalog::facts::{Evidence, EvidenceSeen, Provenance, Soc2, Sso, Stated, VendorFacts};
use crate::catalog::vendor_checks;
use crate::platform::error::{Result, bad_request};
use crate::platform::upload::RowProblems;

/// POST /api/vendor/proposals: the facts of the listing to change; any left out stay as they
/// are. The booking link and the trust page are http(s) addresses, checked as an import checks
/// them.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProposedChanges {
    /// The vendor's own scheduling page, http(s); null or "" for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    pub booking_url: Option<Option<String>>,
    /// A logo image's http(s) address (PNG, JPEG, GIF or WebP, at most 512 KB): copied when the
    /// operator approves, then served by Litstack; null or "" for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    pub logo_url: Option<Option<String>>,
    /// Up to 2,000 characters.
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub description: Option<String>,
    /// Up to 10 short lines of up to 200 characters.
    #[serde(default)]
    pub short_highlights: Option<Vec<String>>,
    /// The products it connects to: up to 50 names of up to 200 characters.
    #[serde(default)]
    pub integrations: Option<Vec<String>>,
    /// The price as stated, the pricing model and the security profile.
    #[serde(default)]
    pub facts: Option<FactsUpdate>,
}

fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> std::result::Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The logo address a proposal asks for, to copy before it is approved: a non-empty one.
pub fn logo_to_copy(raw: &serde_json::Value) -> Option<String> {
    raw.get("logoUrl")
        .and_then(|v| v.as_str())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(String::from)
}

/// The listing with `raw` applied, credited to `by`, and the names of the facts it changes. A
/// proposed logo is the vendor's address until the approval copies it (`copied_logo`).
pub fn apply(
    vendor: &Vendor,
    facts: &VendorFacts,
    raw: &serde_json::Value,
    by: &Provenance,
    copied_logo: Option<String>,
) -> Result<(Vendor, VendorFacts, Vec<&'static str>)> {
    let Some(object) = raw.as_object() else {
        return Err(bad_request("The request body must be a JSON object."));
    };
    let changes: ProposedChanges = serde_json::from_value(raw.clone())
        .map_err(|e| bad_request(format!("Invalid request: {e}")))?;
    // The link and the facts go through the operator's own checks.
    let mut shared = serde_json::Map::new();
    for key in ["bookingUrl", "logoUrl", "facts"] {
        if let Some(value) = object.get(key) {
            shared.insert(key.to_string(), value.clone());
        }
    }
    let mut update: VendorUpdate = serde_json::from_value(shared.into())
        .map_err(|e| bad_request(format!("Invalid request: {e}")))?;
    if let Some(path) = copied_logo {
        update.use_copied_logo(path);
    }
    let mut new_facts = facts.clone();
    let (mut new, mut changed) = apply_all(vendor.clone(), &mut new_facts, &update, by)?;
    if let Some(text) = &changes.description {
        let text = vendor_checks::text(text.trim(), "description", vendor_checks::DESCRIPTION_MAX)
            .map_err(bad_request)?;
        if text != new.description {
            new.description = text;
            changed.push("description");
        }
    }
    for (name, list, field) in [
        (
            "shortHighlights",
            &changes.short_highlights,
            &mut new.short_highlights,
        ),
        ("integrations", &changes.integrations, &mut new.integrations),
    ] {
        let Some(list) = list else { continue };
        let trimmed: Vec<String> = list.iter().map(|e| e.trim().to_string()).collect();
        let mut problems = RowProblems::default();
        vendor_checks::list(&mut problems, &trimmed, name);
        problems.finish().map_err(bad_request)?;
        let mut checked: Vec<String> = Vec::new();
        for entry in trimmed {
            if !checked.contains(&entry) {
                checked.push(entry);
            }
        }
        if *field != checked {
            *field = checked;
            changed.push(name);
        }
    }
    Ok((new, new_facts, changed))
}

/// One fact a proposal changes, as the operator's queue shows it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldChange {
    /// The request's name of the fact (`bookingUrl`, `hipaaBaa`, ...).
    pub field: String,
    pub label: String,
    /// The listing's value now, as text; "Not stated" when it has none.
    pub current: String,
    pub proposed: String,
    /// An attestation (SOC 2, ISO 27001, a BAA offered): approving it needs the evidence the
    /// operator saw.
    #[serde(default)]
    pub attestation: bool,
    /// The operator's decision on this fact, once made.
    #[serde(default)]
    pub decision: Option<FactOutcome>,
}

/// How the operator decided one fact of a proposal.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactOutcome {
    pub approved: bool,
    /// RFC 3339, UTC.
    pub decided_at: String,
    /// Why it was not approved, when the operator said; shown to the vendor.
    pub reason: Option<String>,
    /// For an approved attestation: the day the operator saw its evidence (YYYY-MM-DD).
    pub evidence_seen_on: Option<String>,
    /// The vendor's own page the operator saw, when that was the evidence (their note, when it
    /// was one, is kept with the fact and shown to nobody).
    pub evidence_url: Option<String>,
}

/// The order a proposal's facts are listed in: the order `apply` checks them.
const ORDER: [&str; 16] = [
    "bookingUrl",
    "logoUrl",
    "statedPrice",
    "pricingModel",
    "soc2",
    "iso27001",
    "hipaaBaa",
    "sso",
    "mfa",
    "dataLocation",
    "aiTraining",
    "dataExport",
    "trustPage",
    "description",
    "shortHighlights",
    "integrations",
];

/// Where `field` comes in a proposal's list of facts.
pub fn place(field: &str) -> usize {
    ORDER
        .iter()
        .position(|f| *f == field)
        .unwrap_or(ORDER.len())
}

/// The part of a proposal `raw` that proposes `field` alone: what approving that one fact applies.
pub fn only(raw: &serde_json::Value, field: &str) -> serde_json::Value {
    if let Some(value) = raw.get(field) {
        serde_json::json!({ field: value })
    } else if let Some(value) = raw.get("facts").and_then(|f| f.get(field)) {
        serde_json::json!({ "facts": { field: value } })
    } else {
        serde_json::json!({})
    }
}

/// Whether `raw` proposes `field` as an attestation: a SOC 2 report, ISO 27001 certification, a
/// BAA offered. Saying "no" or clearing one attests nothing.
pub fn is_attestation(field: &str, raw: &serde_json::Value) -> bool {
    let value = raw.get("facts").and_then(|f| f.get(field));
    match field {
        "soc2" => value.is_some_and(|v| !v.is_null()),
        "iso27001" | "hipaaBaa" => value.and_then(serde_json::Value::as_bool) == Some(true),
        _ => false,
    }
}

/// The evidence an operator gives for an attestation: a page of the vendor's own, or their note
/// that they saw the report.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EvidenceBody {
    /// The vendor's own trust or legal page, http(s), on its website's domain (or a subdomain,
    /// or a host the catalog knows is the vendor's).
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub url: Option<String>,
    /// That you have seen the report (1-500 characters: what, when, how); the vendor's statement
    /// stands on it. Never shown to firms; no document is kept.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

/// The evidence checked for `label` of `vendor`, seen today.
pub fn evidence(body: &EvidenceBody, vendor: &Vendor, label: &str) -> Result<Evidence> {
    let url = body.url.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let note = body
        .note
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let seen = match (url, note) {
        (Some(_), Some(_)) => {
            return Err(bad_request(format!(
                "Give one evidence for {label}: the vendor's page (url) or your note (note), not both"
            )));
        }
        (None, None) => return Err(needs_evidence(label)),
        (Some(raw), None) => {
            let url = vendor_checks::link(raw)
                .map_err(|e| bad_request(format!("evidence.url: {e}")))?
                .ok_or_else(|| needs_evidence(label))?;
            if !crate::catalog::on_vendors_own_site(&url, vendor) {
                let site = vendor
                    .website_url
                    .as_deref()
                    .and_then(|w| url::Url::parse(w).ok())
                    .and_then(|w| {
                        w.host_str()
                            .map(|h| h.trim_start_matches("www.").to_string())
                    });
                return Err(bad_request(match site {
                    Some(site) => format!(
                        "evidence.url: \"{}\" is not on {}'s own site: give its trust or legal page on {site} (or a subdomain of it), or note that you have seen the report",
                        crate::platform::upload::truncate(&url, 80),
                        vendor.name
                    ),
                    None => format!(
                        "evidence.url: {} has no website in the catalog, so no page can be checked as its own: note that you have seen the report instead",
                        vendor.name
                    ),
                }));
            }
            EvidenceSeen::Page { url }
        }
        (None, Some(note)) => {
            if note.chars().count() > 500 || note.chars().any(|c| c.is_control() && c != '\n') {
                return Err(bad_request(
                    "evidence.note must be at most 500 characters of text",
                ));
            }
            EvidenceSeen::Note {
                note: note.to_string(),
            }
        }
    };
    Ok(Evidence {
        seen,
        seen_on: crate::platform::clock::today()
            .format("%Y-%m-%d")
            .to_string(),
    })
}

fn needs_evidence(label: &str) -> crate::platform::error::AppError {
    bad_request(format!(
        "{label} is an attestation: approve it with the evidence you saw, a link to the vendor's own trust or legal page (url) or your note that you have seen the report (note)"
    ))
}

const NOT_STATED: &str = "Not stated";

fn yes_no(value: Option<&Stated<bool>>) -> String {
    match value.map(|s| s.value) {
        Some(true) => "Yes".into(),
        Some(false) => "No".into(),
        None => NOT_STATED.into(),
    }
}

fn text(value: Option<&Stated<String>>) -> String {
    value.map_or(NOT_STATED.into(), |s| s.value.clone())
}

fn soc2(value: Option<&Stated<Soc2>>) -> String {
    value.map_or(NOT_STATED.into(), |s| {
        let report = match s.value.report {
            crate::catalog::facts::Soc2Type::TypeI => "Type I",
            crate::catalog::facts::Soc2Type::TypeII => "Type II",
        };
        match &s.value.period_end {
            Some(day) => format!("{report}, period ending {day}"),
            None => report.to_string(),
        }
    })
}

fn sso(value: Option<&Stated<Sso>>) -> String {
    value.map_or(NOT_STATED.into(), |s| {
        if !s.value.offered {
            return "Not offered".into();
        }
        let mut out = String::from("Offered");
        if !s.value.protocols.is_empty() {
            let names: Vec<_> = s
                .value
                .protocols
                .iter()
                .map(|p| {
                    serde_json::to_value(p)
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                        .unwrap_or_default()
                })
                .collect();
            out.push_str(&format!(" ({})", names.join(", ")));
        }
        if let Some(plan) = &s.value.plan {
            out.push_str(&format!(" on {plan}"));
        }
        out
    })
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        NOT_STATED.into()
    } else {
        items.join("; ")
    }
}

/// Each fact `field` names, read from a listing: its label and value as text.
fn read(field: &str, vendor: &Vendor, facts: &VendorFacts) -> (&'static str, String) {
    let s = &facts.security;
    match field {
        "bookingUrl" => (
            "Booking link",
            vendor.booking_url.clone().unwrap_or(NOT_STATED.into()),
        ),
        "logoUrl" => (
            "Logo",
            match vendor.logo_url.as_deref() {
                None => NOT_STATED.into(),
                Some(url) if crate::catalog::logos::is_served(url) => {
                    "The image Litstack serves now".into()
                }
                Some(url) => url.to_string(),
            },
        ),
        "description" => (
            "Description",
            if vendor.description.is_empty() {
                NOT_STATED.into()
            } else {
                vendor.description.clone()
            },
        ),
        "shortHighlights" => ("Highlights", list(&vendor.short_highlights)),
        "integrations" => ("Integrations", list(&vendor.integrations)),
        "statedPrice" => ("Price", text(facts.stated_price.as_ref())),
        "pricingModel" => ("Pricing model", text(facts.pricing_model.as_ref())),
        "soc2" => ("SOC 2", soc2(s.soc2.as_ref())),
        "iso27001" => ("ISO 27001", yes_no(s.iso27001.as_ref())),
        "hipaaBaa" => ("Signs a BAA", yes_no(s.hipaa_baa.as_ref())),
        "sso" => ("Single sign-on", sso(s.sso.as_ref())),
        "mfa" => ("Multi-factor sign-in", yes_no(s.mfa.as_ref())),
        "dataLocation" => ("Data location", text(s.data_location.as_ref())),
        "aiTraining" => ("Trains AI on customer data", yes_no(s.ai_training.as_ref())),
        "dataExport" => ("Data export on exit", yes_no(s.data_export.as_ref())),
        "trustPage" => ("Trust page", text(s.trust_page.as_ref())),
        _ => ("Other", String::new()),
    }
}

/// What `raw` would change in the listing as it is now: one row per fact. A proposal whose facts
/// the listing has meanwhile taken (or that no longer passes the checks) shows no row, or the
/// reason, and approving it changes nothing or is refused with that reason.
pub fn diff(
    vendor: &Vendor,
    facts: &VendorFacts,
    raw: &serde_json::Value,
) -> Result<Vec<FieldChange>> {
    let (new, new_facts, changed) = apply(vendor, facts, raw, &Provenance::Estimate, None)?;
    Ok(changed
        .into_iter()
        .map(|field| {
            let (label, current) = read(field, vendor, facts);
            let (_, proposed) = read(field, &new, &new_facts);
            FieldChange {
                field: field.to_string(),
                label: label.to_string(),
                current,
                proposed,
                attestation: is_attestation(field, raw),
                decision: None,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vendor() -> Vendor {
        serde_json::from_value(serde_json::json!({
            "id": 7, "name": "Acme", "categoryId": 2, "websiteUrl": "https://acme.com",
            "bookingUrl": null, "logoUrl": null, "description": "Intake software.",
            "shortHighlights": [], "integrations": ["Clio"], "priceBracket": 2,
            "firmSizesSupported": [], "practiceAreasSupported": [], "geoFocus": null, "tags": [],
            "isRecommendedPartner": false, "partnerLevel": null, "isActive": true,
            "needsReview": false
        }))
        .unwrap()
    }

    #[test]
    fn a_proposal_shows_each_changed_fact_now_and_proposed() {
        let raw = serde_json::json!({
            "bookingUrl": "https://acme.com/demo",
            "integrations": ["Clio", "Filevine"],
            "description": "Intake software.",
            "facts": { "hipaaBaa": true }
        });
        let rows = diff(&vendor(), &VendorFacts::default(), &raw).unwrap();
        let shown: Vec<_> = rows
            .iter()
            .map(|r| (r.label.as_str(), r.current.as_str(), r.proposed.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("Booking link", "Not stated", "https://acme.com/demo"),
                ("Signs a BAA", "Not stated", "Yes"),
                ("Integrations", "Clio", "Clio; Filevine"),
            ]
        );
    }

    #[test]
    fn links_formulas_and_unknown_fields_are_refused() {
        let refused = |raw: serde_json::Value| {
            apply(
                &vendor(),
                &VendorFacts::default(),
                &raw,
                &Provenance::Estimate,
                None,
            )
            .unwrap_err()
            .to_string()
        };
        assert!(
            refused(serde_json::json!({ "bookingUrl": "javascript:alert(1)" }))
                .starts_with("bookingUrl: ")
        );
        assert!(
            refused(serde_json::json!({ "logoUrl": "data:image/svg+xml,<svg/>" }))
                .starts_with("logoUrl: ")
        );
        assert!(
            refused(serde_json::json!({ "description": "=HYPERLINK(\"x\")" })).contains("formula")
        );
        assert!(refused(serde_json::json!({ "partnerLevel": "Gold" })).contains("unknown field"));
        assert!(
            refused(serde_json::json!({ "facts": { "trustPage": "ftp://acme.com" } }))
                .starts_with("trustPage: ")
        );
        assert!(refused(serde_json::json!([])).contains("JSON object"));
    }
}
