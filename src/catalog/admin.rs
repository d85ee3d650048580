//! PATCH /api/admin/vendors/{id}: an administrator sets what only the deployment can know about a
//! vendor — its partner level and star, whether it is active, its booking and logo links. The
//! vendor CSV import sets the same fields in bulk. One write transaction, then the in-memory
//! catalog is replaced whole, as after an import.

use serde::{Deserialize, Deserializer};

use super::model::{PartnerLevel, Vendor};
use crate::platform::error::{Result, bad_request};
use crate::platform::upload::{parse_web_url, truncate};

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
    /// A logo image, http(s); null or "" for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    logo_url: Option<Option<String>>,
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
            // The import's link check: plain http(s) with a host, nothing else.
            let url = parse_web_url(raw.as_deref().unwrap_or(""))
                .map_err(|e| bad_request(format!("{name}: {e}")))?;
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
