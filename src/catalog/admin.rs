//! PATCH /api/admin/vendors/{id}: an administrator sets what only the deployment can know about a
//! vendor — its partner level and star, whether it is active, its booking and logo links. The
//! vendor CSV import sets the same fields in bulk. One write transaction, then the in-memory
//! catalog is replaced whole, as after an import.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::patch;
use redb::ReadableTable;
use serde::{Deserialize, Deserializer};

use super::vendor_csv::PARTNER_LEVELS;
use super::{Vendor, vendor_view};
use crate::accounts::AdminUser;
use crate::error::{Result, bad_request, not_found};
use crate::extract::Json;
use crate::import::{parse_web_url, truncate};
use crate::state::AppState;
use crate::store::{VENDORS, codec};

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/vendors/{id}", patch(update_vendor))
}

/// A field that may be absent (left as it is), null (cleared) or a value.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The partner levels, for the API description.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "schema-only: describes the request in the API document"
)]
pub(super) enum PartnerLevel {
    Gold,
    Silver,
    Bronze,
}

/// The fields an administrator may change; any left out stay as they are.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct VendorUpdate {
    /// Gold, Silver or Bronze; null for none.
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
fn apply(mut vendor: Vendor, update: &VendorUpdate) -> Result<(Vendor, Vec<&'static str>)> {
    let mut changed = Vec::new();
    if let Some(raw) = &update.partner_level {
        // Exactly as the API description lists them (the CSV is more forgiving about case).
        let level = match raw.as_deref() {
            None => None,
            Some(raw) if PARTNER_LEVELS.contains(&raw) => Some(raw.to_string()),
            Some(raw) => {
                return Err(bad_request(format!(
                    "partnerLevel must be one of {} or null, not \"{}\"",
                    PARTNER_LEVELS.join(", "),
                    truncate(raw, 20)
                )));
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

/// PATCH /api/admin/vendors/{id}: changes a vendor's partner status, activity and links.
#[utoipa::path(patch, path = "/admin/vendors/{id}", tag = "admin",
    params(("id" = u64, Path, description = "A vendor id")),
    request_body = VendorUpdate,
    responses(
        (status = 200, description = "The vendor as updated", body = super::VendorView),
        (status = 400, description = "An invalid id, field or link", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not an administrator, or a foreign origin", body = crate::error::ErrorBody),
        (status = 404, description = "No such vendor", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large", body = crate::error::ErrorBody),
    ))]
pub(super) async fn update_vendor(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(raw): Path<String>,
    Json(body): Json<serde_json::Value>,
) -> Result<Response> {
    let id = super::parse_vendor_id(&raw)?;
    // Every field is optional, and serde would read `[]` as an empty struct: only an object is a
    // partial update.
    if !body.is_object() {
        return Err(bad_request("The request body must be a JSON object."));
    }
    let update: VendorUpdate =
        serde_json::from_value(body).map_err(|e| bad_request(format!("Invalid request: {e}")))?;
    let changed = state
        .blocking(move |app| {
            let txn = app.store.write()?;
            let changed = {
                let mut table = txn.open_table(VENDORS)?;
                let stored: Vendor = match table.get(id)? {
                    Some(bytes) => codec::decode(bytes.value())?,
                    None => return Err(not_found(format!("There is no vendor with id {id}"))),
                };
                let (vendor, changed) = apply(stored, &update)?;
                if !changed.is_empty() {
                    table.insert(id, codec::encode(&vendor).as_slice())?;
                }
                changed
            };
            if changed.is_empty() {
                return Ok(changed); // nothing to write; the transaction is dropped unused
            }
            txn.commit()?;
            super::reload(app)?;
            Ok(changed)
        })
        .await?;
    if !changed.is_empty() {
        tracing::info!(target: "security", user_id = admin.id, vendor_id = id, fields = ?changed, "vendor updated");
    }
    let catalog = state.catalog.load();
    let vendor = catalog
        .vendor(id)
        .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))?;
    Ok(Json(vendor_view(&catalog, vendor)).into_response())
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
