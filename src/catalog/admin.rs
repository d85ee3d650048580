//! PATCH /api/admin/vendors/{id}: an administrator sets what only the deployment can know about a
//! vendor — its partner level and star, whether it is active, its booking and logo links — and
//! the facts the row has no column for (a stated price, the pricing model, the security profile),
//! each credited to the administrator. The vendor CSV import sets the row's fields in bulk. One
//! write transaction, then the in-memory catalog is replaced whole, as after an import.

use serde::{Deserialize, Deserializer};

use super::facts::{Provenance, Soc2, Sso, Stated, VendorFacts};
use super::model::{PartnerLevel, Vendor};
use super::vendor_checks;
use crate::platform::error::{Result, bad_request};
use crate::platform::upload::truncate;

/// A field that may be absent (left as it is), null (cleared) or a value.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The fields an administrator may change; any left out stay as they are.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VendorUpdate {
    /// Gold, Silver or Bronze; null for none.
    // Text, so that an unknown level gets our message listing the valid ones.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<PartnerLevel>)]
    partner_level: Option<Option<String>>,
    /// The recommended-partner star.
    #[serde(default)]
    is_recommended_partner: Option<bool>,
    /// An inactive vendor is listed only when asked for and never recommended.
    #[serde(default)]
    is_active: Option<bool>,
    /// The vendor's own scheduling page, http(s); null or "" for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    booking_url: Option<Option<String>>,
    /// A logo image's http(s) address, copied at once and served by Litstack
    /// (`/api/logos/...`, which the vendor's `logoUrl` then is); null or "" for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    logo_url: Option<Option<String>>,
    /// The address of the copy `logo_url` was made into (`logos::copy`): what the vendor's
    /// `logoUrl` becomes. Never read from a request.
    #[serde(skip)]
    copied_logo: Option<String>,
    /// Facts beyond the row; any left out stay as they are.
    #[serde(default)]
    facts: Option<FactsUpdate>,
}

impl VendorUpdate {
    /// The logo address to copy before the update applies: a new, non-empty one.
    pub fn logo_to_copy(&self) -> Option<&str> {
        match &self.logo_url {
            Some(Some(raw)) if !raw.trim().is_empty() => Some(raw.trim()),
            _ => None,
        }
    }

    /// Makes the vendor's logo the copy served at `path` (`logos::copy`).
    pub fn use_copied_logo(&mut self, path: String) {
        self.copied_logo = Some(path);
    }
}

/// The facts an administrator states for a vendor: each left out stays as it is, null makes it
/// "Not stated", a value is credited to the administrator today.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FactsUpdate {
    /// A price as the vendor states it, 1-80 characters.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 80)]
    stated_price: Option<Option<String>>,
    /// How the vendor charges, 1-80 characters.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 80)]
    pricing_model: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Soc2>)]
    soc2: Option<Option<Soc2>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<bool>)]
    iso27001: Option<Option<bool>>,
    /// Signs a HIPAA business associate agreement.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<bool>)]
    hipaa_baa: Option<Option<bool>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Sso>)]
    sso: Option<Option<Sso>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<bool>)]
    mfa: Option<Option<bool>>,
    /// Where the data is kept, 1-80 characters.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 80)]
    data_location: Option<Option<String>>,
    /// Trains AI models on customer data.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<bool>)]
    ai_training: Option<Option<bool>>,
    /// A firm can export all its data when it leaves.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<bool>)]
    data_export: Option<Option<bool>>,
    /// The vendor's trust or security page, http(s).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    trust_page: Option<Option<String>>,
}

/// A short stated text: 1-80 characters, one line, not a spreadsheet formula.
fn short_text(name: &str, raw: &str) -> Result<String> {
    let t = raw.trim();
    if t.is_empty() || t.chars().count() > 80 || t.chars().any(char::is_control) {
        return Err(bad_request(format!(
            "{name} must be a text of 1-80 characters on one line, or null"
        )));
    }
    if t.starts_with(['=', '+', '-', '@']) {
        return Err(bad_request(format!(
            "{name} starts with \"{}\", which a spreadsheet runs as a formula",
            &t[..1]
        )));
    }
    Ok(t.to_string())
}

/// Sets `slot` to `value` credited to `by` when the value differs from the stated one (or clears
/// it); answers whether it changed.
fn state<T: PartialEq>(slot: &mut Option<Stated<T>>, value: Option<T>, by: &Provenance) -> bool {
    if slot.as_ref().map(|s| &s.value) == value.as_ref() {
        return false;
    }
    *slot = value.map(|value| Stated {
        value,
        provenance: by.clone(),
    });
    true
}

/// The facts with the update applied (credited to `by`), and the names of those that changed.
pub fn apply_facts(
    facts: &mut VendorFacts,
    update: &FactsUpdate,
    by: &Provenance,
) -> Result<Vec<&'static str>> {
    let text = |name: &str, raw: &Option<Option<String>>| -> Result<Option<Option<String>>> {
        raw.as_ref()
            .map(|v| v.as_deref().map(|t| short_text(name, t)).transpose())
            .transpose()
    };
    let stated_price = text("statedPrice", &update.stated_price)?;
    let pricing_model = text("pricingModel", &update.pricing_model)?;
    let data_location = text("dataLocation", &update.data_location)?;
    let trust_page = match &update.trust_page {
        None => None,
        Some(raw) => Some(
            vendor_checks::link(raw.as_deref().unwrap_or(""))
                .map_err(|e| bad_request(format!("trustPage: {e}")))?,
        ),
    };
    if let Some(Some(soc2)) = &update.soc2
        && let Some(day) = &soc2.period_end
    {
        super::vendor_csv::parse_verified_on(day)
            .map_err(|_| bad_request("soc2.periodEnd must be a day as YYYY-MM-DD, or null"))?;
    }
    let sso = match &update.sso {
        Some(Some(sso)) => {
            if !sso.offered && !sso.protocols.is_empty() {
                return Err(bad_request(
                    "sso lists protocols but is not offered: set offered to true, or no protocols",
                ));
            }
            let plan = sso
                .plan
                .as_deref()
                .map(|p| short_text("sso.plan", p))
                .transpose()?;
            let mut protocols = Vec::new();
            for p in &sso.protocols {
                if !protocols.contains(p) {
                    protocols.push(*p);
                }
            }
            Some(Some(Sso {
                offered: sso.offered,
                protocols,
                plan,
            }))
        }
        Some(None) => Some(None),
        None => None,
    };
    let mut changed = Vec::new();
    let s = &mut facts.security;
    macro_rules! set {
        ($name:literal, $slot:expr, $value:expr) => {
            if let Some(value) = $value
                && state($slot, value, by)
            {
                changed.push($name);
            }
        };
    }
    set!("statedPrice", &mut facts.stated_price, stated_price);
    set!("pricingModel", &mut facts.pricing_model, pricing_model);
    set!("soc2", &mut s.soc2, update.soc2.clone());
    set!("iso27001", &mut s.iso27001, update.iso27001);
    set!("hipaaBaa", &mut s.hipaa_baa, update.hipaa_baa);
    set!("sso", &mut s.sso, sso);
    set!("mfa", &mut s.mfa, update.mfa);
    set!("dataLocation", &mut s.data_location, data_location);
    set!("aiTraining", &mut s.ai_training, update.ai_training);
    set!("dataExport", &mut s.data_export, update.data_export);
    set!("trustPage", &mut s.trust_page, trust_page);
    Ok(changed)
}

/// The vendor and its facts with the update applied (facts credited to `by`), and the names of
/// the fields that changed.
pub fn apply_all(
    vendor: Vendor,
    facts: &mut VendorFacts,
    update: &VendorUpdate,
    by: &Provenance,
) -> Result<(Vendor, Vec<&'static str>)> {
    // Every field is checked before anything changes.
    let mut new_facts = facts.clone();
    let fact_changes = match &update.facts {
        Some(f) => apply_facts(&mut new_facts, f, by)?,
        None => Vec::new(),
    };
    let (vendor, mut changed) = apply(vendor, update)?;
    *facts = new_facts;
    changed.extend(fact_changes);
    Ok((vendor, changed))
}

/// The vendor with the update applied, and the names of the fields that changed.
pub fn apply(mut vendor: Vendor, update: &VendorUpdate) -> Result<(Vendor, Vec<&'static str>)> {
    let mut changed = Vec::new();
    if let Some(raw) = &update.partner_level {
        // Exactly as the API description lists them (the CSV is more forgiving about case).
        let level = match raw.as_deref() {
            None => None,
            Some(raw) => {
                let level: PartnerLevel = serde_json::from_value(raw.into()).map_err(|_| {
                    bad_request(format!(
                        "partnerLevel must be one of {} or null, not \"{}\"",
                        PartnerLevel::names(),
                        truncate(raw, 20)
                    ))
                })?;
                Some(level.as_str().to_string())
            }
        };
        if vendor.partner_level != level {
            vendor.partner_level = level;
            changed.push("partnerLevel");
        }
    }
    if let Some(star) = update.is_recommended_partner
        && vendor.is_recommended_partner != star
    {
        vendor.is_recommended_partner = star;
        changed.push("isRecommendedPartner");
    }
    if let Some(active) = update.is_active
        && vendor.is_active != active
    {
        vendor.is_active = active;
        changed.push("isActive");
    }
    for (name, raw, field) in [
        ("bookingUrl", &update.booking_url, &mut vendor.booking_url),
        ("logoUrl", &update.logo_url, &mut vendor.logo_url),
    ] {
        if let Some(raw) = raw {
            // The record's link rule (`vendor_checks`). A logo is an address to copy: its form
            // is checked here, its host by the fetch that copies it.
            let raw = raw.as_deref().unwrap_or("");
            let checked = if name == "logoUrl" {
                vendor_checks::link_form(raw)
            } else {
                vendor_checks::link(raw)
            };
            let mut url = checked.map_err(|e| bad_request(format!("{name}: {e}")))?;
            // A logo is served from its copy; unchanged when the copy is the one it has.
            if name == "logoUrl" && url.is_some() {
                url = update.copied_logo.clone().or(url);
            }
            if *field != url {
                *field = url;
                changed.push(name);
            }
        }
    }
    Ok((vendor, changed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(json: serde_json::Value) -> VendorUpdate {
        serde_json::from_value(json).unwrap()
    }

    fn vendor() -> Vendor {
        serde_json::from_value(serde_json::json!({
            "id": 7, "name": "Acme", "categoryId": 2, "websiteUrl": null,
            "bookingUrl": "https://acme.example.com/demo", "logoUrl": null, "description": "",
            "shortHighlights": [], "integrations": [], "priceBracket": null,
            "firmSizesSupported": [], "practiceAreasSupported": [], "geoFocus": null, "tags": [],
            "isRecommendedPartner": false, "partnerLevel": "Silver", "isActive": true,
            "needsReview": false
        }))
        .unwrap()
    }

    #[test]
    fn absent_fields_stay_null_clears_and_only_real_changes_are_named() {
        let (v, changed) = apply(vendor(), &update(serde_json::json!({}))).unwrap();
        assert_eq!((v, changed), (vendor(), vec![]));

        let (v, changed) = apply(
            vendor(),
            &update(serde_json::json!({
                "partnerLevel": null, "isActive": true, "bookingUrl": null, "logoUrl": "https://acme.example.com/logo.png"
            })),
        )
        .unwrap();
        assert_eq!(v.partner_level, None);
        assert_eq!(v.booking_url, None);
        assert_eq!(
            v.logo_url.as_deref(),
            Some("https://acme.example.com/logo.png")
        );
        assert_eq!(changed, ["partnerLevel", "bookingUrl", "logoUrl"]);
    }

    #[test]
    fn a_bad_level_or_link_is_refused_with_the_field_named() {
        let e = apply(
            vendor(),
            &update(serde_json::json!({ "partnerLevel": "Platinum" })),
        );
        assert!(e.unwrap_err().to_string().contains("Gold, Silver, Bronze"));
        let e = apply(
            vendor(),
            &update(serde_json::json!({ "logoUrl": "javascript:alert(1)" })),
        );
        assert!(e.unwrap_err().to_string().starts_with("logoUrl: "));
    }
}
