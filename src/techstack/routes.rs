//! `GET/POST /api/profile/category-adoption`: the tech-stack form's data and its save.

use crate::platform::firm_id::FirmId;
use axum::extract::State;
use serde::Serialize;

use crate::catalog::model::CategoryRef;
use crate::catalog::{Catalog, Category};
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::error::Result;
use crate::platform::extract::Json;
use crate::techstack::TechstackState;

use super::model::{Adoption, SaveRequest, parse_save};
use super::storage;

#[derive(Serialize, utoipa::ToSchema)]
pub struct AdoptionList {
    items: Vec<AdoptionItem>,
}

/// One category as the form shows it (SPEC section 3, "Category adoption item").
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AdoptionItem {
    category: CategoryRef,
    vendors: Vec<VendorChoice>,
    adoption: AdoptionAnswer,
    selected_vendors: Vec<SelectedVendor>,
    other_vendors: Vec<OtherVendor>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct VendorChoice {
    id: u64,
    name: String,
    logo_url: Option<String>,
    website_url: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AdoptionAnswer {
    has_tool: Option<bool>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SelectedVendor {
    vendor_id: u64,
    is_primary: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
struct OtherVendor {
    name: String,
}

/// GET /api/profile/category-adoption: every category with the firm's answer, if any.
#[utoipa::path(get, path = "/profile/category-adoption", tag = "profile",
    responses(
        (status = 200, body = AdoptionList),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_adoption(
    State(state): State<TechstackState>,
    member: FirmMember,
) -> Result<Json<AdoptionList>> {
    let firm_id = member.firm;
    let list = state
        .blocking(move |app| current_list(app, firm_id))
        .await?;
    Ok(Json(list))
}

/// POST /api/profile/category-adoption: saves the categories sent (all or none) and answers the
/// whole list.
#[utoipa::path(post, path = "/profile/category-adoption", tag = "profile",
    request_body = SaveRequest,
    responses(
        (status = 200, body = AdoptionList),
        (status = 400, description = "Invalid input", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub async fn save_adoption(
    State(state): State<TechstackState>,
    member: FirmMember,
    Json(request): Json<SaveRequest>,
) -> Result<Json<AdoptionList>> {
    let items = parse_save(request, &state.catalog.load())?;
    let firm_id = member.firm;
    let list = state
        .blocking(move |app| {
            storage::save(app, firm_id, &items)?;
            current_list(app, firm_id)
        })
        .await?;
    Ok(Json(list))
}

fn current_list(app: &TechstackState, firm_id: FirmId) -> Result<AdoptionList> {
    let saved = storage::load(&app.store, firm_id)?;
    let catalog = app.catalog.load();
    let items = catalog
        .stages_then_others_by_name()
        .into_iter()
        .map(|category| {
            let adoption = saved
                .iter()
                .find(|(id, _)| *id == category.id)
                .map(|(_, a)| a.clone().against(&catalog, category.id));
            item(&catalog, category, adoption)
        })
        .collect();
    Ok(AdoptionList { items })
}

fn item(catalog: &Catalog, category: &Category, adoption: Option<Adoption>) -> AdoptionItem {
    let selected: &[u64] = adoption
        .as_ref()
        .map(|a| a.vendor_ids.as_slice())
        .unwrap_or(&[]);
    let mut vendors: Vec<VendorChoice> = catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == category.id && (v.is_active || selected.contains(&v.id)))
        .map(|v| VendorChoice {
            id: v.id,
            name: v.name.clone(),
            logo_url: v.logo_url.clone(),
            website_url: v.website_url.clone(),
        })
        .collect();
    vendors.sort_by_key(|v| v.name.to_lowercase());
    let primary = adoption.as_ref().and_then(|a| a.primary_vendor_id);
    AdoptionItem {
        category: CategoryRef::from(category),
        vendors,
        adoption: AdoptionAnswer {
            has_tool: adoption.as_ref().map(|a| a.has_tool),
        },
        selected_vendors: selected
            .iter()
            .map(|&id| SelectedVendor {
                vendor_id: id,
                is_primary: primary == Some(id),
            })
            .collect(),
        other_vendors: adoption
            .map(|a| {
                a.other_vendors
                    .into_iter()
                    .map(|name| OtherVendor { name })
                    .collect()
            })
            .unwrap_or_default(),
    }
}
