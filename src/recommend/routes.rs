//! The recommendation routes: each parses its input, calls the domain and answers.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::dismissals::{self, DismissReason};
use super::model::{
    ComputeRequest, ComputeResult, DismissRequest, DismissedList, DismissedView, LatestResponse,
    PastQuery, PastRecommendation, PersistedPicks, PickForMeAnswer, PickForMeQuery, PicksRestored,
    ResponseCreated, ResponseRequest, SavedResponse,
};
use super::{compute, history, picks, responses, storage};
use crate::catalog::listing::{Page, parse_category_ids, parse_page, parse_page_size};
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::error::{ErrorBody, Result, not_found};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::{CategoryId, VendorId};
use crate::recommend::RecommendState;

/// POST /api/responses: stores the user's answers to a category's questionnaire.
#[utoipa::path(post, path = "/responses", tag = "recommendations",
    request_body = ResponseRequest,
    responses(
        (status = 201, body = ResponseCreated),
        (status = 400, description = "Invalid answers or an unknown category", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn submit_response(
    State(state): State<RecommendState>,
    member: FirmMember,
    Json(request): Json<ResponseRequest>,
) -> Result<impl IntoResponse> {
    let answers = responses::parse(&request, &state.catalog.load())?;
    member.role.may_write()?;
    let author = storage::Author {
        user_id: member.user.id,
        firm_id: member.firm,
    };
    let category_id = request.category_id;
    let id = state
        .blocking(move |app| storage::insert_response(&app.store, author, category_id, answers))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(ResponseCreated { response_id: id }),
    ))
}

/// GET /api/responses/latest/{category_id}: the firm's latest answers to the category's
/// questionnaire (whoever at the firm gave them), so that a reopened questionnaire shows them.
#[utoipa::path(get, path = "/responses/latest/{category_id}", tag = "recommendations",
    params(("category_id" = u64, Path, description = "A category id")),
    responses(
        (status = 200, body = LatestResponse),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such category", body = ErrorBody),
    ))]
pub(super) async fn latest_response(
    State(state): State<RecommendState>,
    member: FirmMember,
    Path(category_id): Path<CategoryId>,
) -> Result<Json<LatestResponse>> {
    let category_id = category_id.get();
    if state.catalog.load().category(category_id).is_none() {
        return Err(not_found(format!(
            "There is no category with id {category_id}"
        )));
    }
    let firm_id = member.firm;
    state
        .blocking(move |app| {
            let response = storage::latest_response(&app.store, firm_id, category_id)?
                .filter(|r| r.category_id == category_id);
            let catalog = app.catalog.load();
            Ok(LatestResponse {
                response: response.map(|r| SavedResponse {
                    response_id: r.id,
                    category_id,
                    answers: responses::still_offered(&catalog, category_id, &r.answers),
                    answered_at: chrono::DateTime::from_timestamp(r.at, 0)
                        .unwrap_or_default()
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                }),
            })
        })
        .await
        .map(Json)
}

/// POST /api/recommendations/compute: ranks a category's vendors for one of the user's responses
/// and saves the top three as the stage's picks.
#[utoipa::path(post, path = "/recommendations/compute", tag = "recommendations",
    request_body = ComputeRequest,
    responses(
        (status = 200, body = ComputeResult),
        (status = 400, description = "Invalid input, an unknown category or a response for another category", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such response of this user", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn compute(
    State(state): State<RecommendState>,
    member: FirmMember,
    Json(request): Json<ComputeRequest>,
) -> Result<Response> {
    let user = member.user;
    state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let result = compute::compute_for(
                app,
                &catalog,
                &user,
                request.response_id,
                request.category_id,
            )?;
            // Serialised here, while the catalog the vendor views borrow from is held.
            Ok(Json(result).into_response())
        })
        .await
}

/// POST /api/recommendations/pick-for-me: picks up to three vendors per category from recent
/// real demo bookings of similar firms (by fit with the firm when there are none), saves them and
/// answers every category's picks. A category whose picks came from the firm's questionnaire
/// keeps them unless `replace=questionnaire` says to replace them too.
#[utoipa::path(post, path = "/recommendations/pick-for-me", tag = "recommendations",
    params(PickForMeQuery),
    responses(
        (status = 200, body = PickForMeAnswer),
        (status = 400, description = "An unknown replace value", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
    ))]
pub(super) async fn pick_for_me(
    State(state): State<RecommendState>,
    member: FirmMember,
    Query(query): Query<PickForMeQuery>,
) -> Result<Json<PickForMeAnswer>> {
    let replace = query.replaces_questionnaire_picks()?;
    let user = member.user;
    state
        .blocking(move |app| picks::pick_for_me_for(app, &user, replace))
        .await
        .map(Json)
}

/// GET /api/recommendations/persisted: every category's saved picks, stages first.
#[utoipa::path(get, path = "/recommendations/persisted", tag = "recommendations",
    responses(
        (status = 200, body = PersistedPicks),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn persisted(
    State(state): State<RecommendState>,
    member: FirmMember,
) -> Result<Json<PersistedPicks>> {
    let firm_id = member.firm;
    state
        .blocking(move |app| picks::persisted(app, firm_id, &app.catalog.load()))
        .await
        .map(Json)
}

/// DELETE /api/recommendations/persisted: clears every stage's picks. The cleared picks are kept
/// (until the next clear) so that `POST /api/recommendations/persisted/restore` can undo it.
#[utoipa::path(delete, path = "/recommendations/persisted", tag = "recommendations",
    responses(
        (status = 204, description = "Picks cleared, and kept for an undo"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
    ))]
pub(super) async fn clear_picks(
    State(state): State<RecommendState>,
    member: FirmMember,
) -> Result<StatusCode> {
    let firm_id = member.firm;
    state
        .blocking(move |app| storage::clear_picks(&app.store, firm_id))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/recommendations/persisted/restore: undoes the last "Clear picks". Each cleared
/// category gets its picks back with their source (questionnaire or Pick For Me); a category that
/// has new picks since keeps them, and the answer says which were restored and which kept.
#[utoipa::path(post, path = "/recommendations/persisted/restore", tag = "recommendations",
    responses(
        (status = 200, body = PicksRestored),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "No cleared picks to restore", body = ErrorBody),
    ))]
pub(super) async fn restore_picks(
    State(state): State<RecommendState>,
    member: FirmMember,
) -> Result<Json<PicksRestored>> {
    let firm_id = member.firm;
    state
        .blocking(move |app| picks::restore_cleared(app, firm_id))
        .await
        .map(Json)
}

/// POST /api/recommendations/dismissed: dismisses one of the user's picks with a reason. The
/// vendor is not ranked for the user again until the dismissal is undone, and some reasons change
/// how the rest of its category is ranked.
#[utoipa::path(post, path = "/recommendations/dismissed", tag = "recommendations",
    request_body = DismissRequest,
    responses(
        (status = 201, body = DismissedView),
        (status = 400, description = "An unknown reason, Other without a text, or a text over 200 characters", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such vendor, or not one of the user's picks", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn dismiss_pick(
    State(state): State<RecommendState>,
    member: FirmMember,
    Json(request): Json<DismissRequest>,
) -> Result<(StatusCode, Json<DismissedView>)> {
    let reason = DismissReason::parse(&request.reason, request.other_text.as_deref())?;
    let vendor_id = request.vendor_id;
    if state.catalog.load().vendor(vendor_id).is_none() {
        return Err(not_found(format!("There is no vendor with id {vendor_id}")));
    }
    let user = member.user;
    let view = state
        .blocking(move |app| dismissals::dismiss(app, &user, vendor_id, reason))
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// GET /api/recommendations/dismissed: the user's own dismissed vendors, newest first.
#[utoipa::path(get, path = "/recommendations/dismissed", tag = "recommendations",
    responses(
        (status = 200, body = DismissedList),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn list_dismissed(
    State(state): State<RecommendState>,
    member: FirmMember,
) -> Result<Json<DismissedList>> {
    let firm_id = member.firm;
    state
        .blocking(move |app| dismissals::list(app, firm_id))
        .await
        .map(Json)
}

/// DELETE /api/recommendations/dismissed/{vendor_id}: undoes a dismissal; the vendor can be
/// ranked and picked again.
#[utoipa::path(delete, path = "/recommendations/dismissed/{vendor_id}", tag = "recommendations",
    params(("vendor_id" = u64, Path, description = "The dismissed vendor's id")),
    responses(
        (status = 204, description = "The dismissal is undone"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "Not one of the user's dismissed vendors", body = ErrorBody),
    ))]
pub(super) async fn undo_dismissal(
    State(state): State<RecommendState>,
    member: FirmMember,
    Path(vendor_id): Path<VendorId>,
) -> Result<StatusCode> {
    let vendor_id = vendor_id.get();
    let firm_id = member.firm;
    let undone = state
        .blocking(move |app| storage::undo_dismissal(&app.store, firm_id, vendor_id))
        .await?;
    if !undone {
        return Err(not_found("That vendor is not among your dismissed vendors"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// GET /api/past-recommendations: the signed-in user's own recommendations, newest first.
#[utoipa::path(get, path = "/past-recommendations", tag = "recommendations",
    params(PastQuery),
    responses(
        (status = 200, body = Page<PastRecommendation>),
        (status = 400, description = "An invalid filter", body = ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn past_recommendations(
    State(state): State<RecommendState>,
    member: FirmMember,
    Query(query): Query<PastQuery>,
) -> Result<Response> {
    let firm_id = member.firm;
    state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let categories = parse_category_ids(query.category_ids.as_deref(), &catalog)?;
            let page = parse_page(query.page.as_deref())?;
            let page_size = parse_page_size(query.page_size.as_deref())?;
            let page = history::page(app, &catalog, firm_id, &categories, page, page_size)?;
            // Serialised here, while the catalog the vendor views borrow from is held.
            Ok(Json(page).into_response())
        })
        .await
}
