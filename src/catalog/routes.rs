//! The catalog's routes: categories, the vendor directory, questionnaires, meeting clicks and the
//! administrator's vendor update.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::listing::{Page, VendorFilter, VendorQuery, parse_page, parse_page_size};
use super::model::{
    Category, ClickKind, MeetingClickRequest, MeetingClickView, QuestionView, SourcePage,
    VendorPage, VendorView, vendor_view,
};
use super::{admin, meetings, reload, storage};
use crate::catalog::CatalogState;
use crate::platform::blocking::Blocking;
use crate::platform::caller::{AdminUser, CurrentUser};
use crate::platform::error::{Result, bad_request, not_found};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::{CategoryId, VendorId};

/// GET /api/categories: every category, stage categories with their stage.
#[utoipa::path(get, path = "/categories", tag = "catalog",
    responses(
        (status = 200, body = Vec<Category>),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn list_categories(
    State(state): State<CatalogState>,
    _: CurrentUser,
) -> Json<Vec<Category>> {
    Json(state.catalog.load().categories.clone())
}

/// GET /api/vendors: the vendor directory, filtered, searched, sorted and paged.
#[utoipa::path(get, path = "/vendors", tag = "catalog",
    params(VendorQuery),
    responses(
        (status = 200, body = VendorPage),
        (status = 400, description = "An invalid filter", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn list_vendors(
    State(state): State<CatalogState>,
    _: CurrentUser,
    Query(query): Query<VendorQuery>,
) -> Result<Response> {
    let catalog = state.catalog.load();
    let filter = VendorFilter::parse(&query, &catalog)?;
    let page = parse_page(query.page.as_deref())?;
    let page_size = parse_page_size(query.page_size.as_deref())?;
    let matches = filter.apply(&catalog);
    let page = Page::of(matches, page, page_size);
    let items: Vec<VendorView> = page
        .items
        .iter()
        .map(|v| vendor_view(&catalog, v))
        .collect();
    // Serialised here, while the catalog the views borrow from is held.
    Ok(Json(VendorPage {
        page: Page {
            items,
            total: page.total,
            page: page.page,
            page_size: page.page_size,
            total_pages: page.total_pages,
        },
        partner_count: catalog.partner_count(),
        without_booking_link: catalog
            .vendors
            .iter()
            .filter(|v| v.booking_url.is_none())
            .count(),
    })
    .into_response())
}

/// GET /api/questions/{category_id}: the category's questionnaire (empty when it has none).
#[utoipa::path(get, path = "/questions/{category_id}", tag = "catalog",
    params(("category_id" = u64, Path, description = "A category id")),
    responses(
        (status = 200, body = Vec<QuestionView>),
        (status = 400, description = "The id is not a whole number", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such category", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn list_questions(
    State(state): State<CatalogState>,
    _: CurrentUser,
    Path(id): Path<CategoryId>,
) -> Result<Response> {
    let id = id.get();
    let catalog = state.catalog.load();
    if catalog.category(id).is_none() {
        return Err(not_found(format!("There is no category with id {id}")));
    }
    let questions: Vec<QuestionView> = catalog
        .questions(id)
        .iter()
        .map(|q| QuestionView {
            id: q.id,
            prompt: &q.prompt,
            field_type: q.field_type,
            options: q.options.iter().map(|o| o.label.as_str()).collect(),
        })
        .collect();
    Ok(Json(questions).into_response())
}

/// The signed-in user's own clicks, newest first. Ids grow with time, so walking the table
/// backwards finds the newest first and stops after `RECENT_CLICKS`; clicks are human-paced, so
/// this scan stays small without a per-user index.
#[utoipa::path(get, path = "/meeting-clicks", tag = "catalog",
    responses(
        (status = 200, body = Vec<MeetingClickView>),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn list_clicks(
    State(state): State<CatalogState>,
    user: CurrentUser,
) -> Result<Json<Vec<MeetingClickView>>> {
    let user_id = user.user.id;
    let clicks = state
        .blocking(move |app| meetings::recent_clicks(&app.store, user_id))
        .await?;
    let catalog = state.catalog.load();
    let utm_source = &state.config.utm_source;
    Ok(Json(
        clicks
            .iter()
            .map(|c| meetings::view(&catalog, utm_source, c))
            .collect(),
    ))
}

/// POST /api/meeting-clicks: records a click on a vendor's Schedule Meeting (kind BOOKING) or its
/// Visit Website (kind WEBSITE) and answers the link to open. A click is a click: it changes no
/// status (the shortlist asks the person whether they booked a demo).
#[utoipa::path(post, path = "/meeting-clicks", tag = "catalog",
    request_body = MeetingClickRequest,
    responses(
        (status = 201, body = MeetingClickView),
        (status = 400, description = "Invalid input, no such vendor, or a vendor without the link of the click's kind", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "A foreign origin, or a viewer (clicks are recorded for the firm)", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn record_click(
    State(state): State<CatalogState>,
    user: CurrentUser,
    Json(req): Json<MeetingClickRequest>,
) -> Result<(StatusCode, Json<MeetingClickView>)> {
    let source_page = SourcePage::parse(&req.source_page)?;
    let kind = ClickKind::parse(req.kind.as_deref())?;
    meetings::check_schedulable(
        &state.catalog.load(),
        req.vendor_id,
        kind,
        &state.config.utm_source,
    )?;
    user.user.firm_role.may_write()?;
    let (firm, user_id) = (user.user.firm.id, user.user.id);
    let click = state
        .blocking(move |app| {
            storage::record_meeting_click(
                &app.store,
                firm,
                user_id,
                req.vendor_id,
                source_page,
                kind,
            )
        })
        .await?;
    let view = meetings::view(&state.catalog.load(), &state.config.utm_source, &click);
    Ok((StatusCode::CREATED, Json(view)))
}

/// PATCH /api/admin/vendors/{id}: changes a vendor's partner status, activity and links.
#[utoipa::path(patch, path = "/admin/vendors/{id}", tag = "admin",
    params(("id" = u64, Path, description = "A vendor id")),
    request_body = admin::VendorUpdate,
    responses(
        (status = 200, description = "The vendor as updated", body = VendorView),
        (status = 400, description = "An invalid id, field or link", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such vendor", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn update_vendor(
    State(state): State<CatalogState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<VendorId>,
    Json(body): Json<serde_json::Value>,
) -> Result<Response> {
    let id = id.get();
    // Every field is optional, and serde would read `[]` as an empty struct: only an object is a
    // partial update.
    if !body.is_object() {
        return Err(bad_request("The request body must be a JSON object."));
    }
    let mut update: admin::VendorUpdate =
        serde_json::from_value(body).map_err(|e| bad_request(format!("Invalid request: {e}")))?;
    let copying = update.logo_to_copy().is_some();
    if let Some(raw) = update.logo_to_copy() {
        if state.catalog.load().vendor(id).is_none() {
            return Err(not_found(format!("There is no vendor with id {id}")));
        }
        // The address's form before anything is fetched (`vendor_checks`).
        super::vendor_checks::link_form(raw).map_err(|e| bad_request(format!("logoUrl: {e}")))?;
        let outbound = state.config.outbound();
        let path = super::logos::copy(state.store.clone(), id, raw, &outbound).await?;
        update.use_copied_logo(path);
    }
    let by = super::facts::Provenance::administrator_today(Some(admin.id), None);
    let changed = state
        .blocking(move |app| {
            let mut changed = Vec::new();
            let found = storage::update_vendor(&app.store, id, &by, |stored, facts| {
                let (vendor, fields) = admin::apply_all(stored, facts, &update, &by)?;
                changed = fields;
                Ok((!changed.is_empty()).then_some(vendor))
            })?;
            if !found {
                return Err(not_found(format!("There is no vendor with id {id}")));
            }
            if !changed.is_empty() {
                reload(&app.store, &app.catalog)?;
            }
            if changed.contains(&"logoUrl") {
                let current = app
                    .catalog
                    .load()
                    .vendor(id)
                    .and_then(|v| v.logo_url.clone());
                super::logos::keep_only(&app.store, id, current.as_deref())?;
            }
            Ok(changed)
        })
        .await;
    // A copy made for an update that failed is not kept.
    if copying && changed.is_err() {
        let _ = state
            .blocking(move |app| {
                let current = app
                    .catalog
                    .load()
                    .vendor(id)
                    .and_then(|v| v.logo_url.clone());
                super::logos::keep_only(&app.store, id, current.as_deref())
            })
            .await;
    }
    let changed = changed?;
    if !changed.is_empty() {
        tracing::info!(target: "security", user_id = admin.id, vendor_id = id, fields = ?changed, "vendor updated");
    }
    let catalog = state.catalog.load();
    let vendor = catalog
        .vendor(id)
        .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))?;
    Ok(Json(vendor_view(&catalog, vendor)).into_response())
}
