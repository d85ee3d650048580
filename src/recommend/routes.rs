//! The recommendation routes.

use std::collections::{HashMap, HashSet};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, get, post};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dismissals::{self, DismissReason, DismissRequest, DismissedList, DismissedView};
use super::inputs;
use super::pick_for_me::{self, Basis, DemandTiers};
use super::ranking;
use super::responses::{self, ResponseRequest};
use super::scores;
use super::storage::{self, PickSet, PickSource, StageSave, StoredPick};
use crate::accounts::CurrentUser;
use crate::accounts::model::User;
use crate::catalog::listing::{Page, parse_category_ids, parse_page, parse_page_size};
use crate::catalog::{Catalog, Category, Vendor, VendorView, vendor_view};
use crate::error::{ErrorBody, Result, bad_request, not_found};
use crate::extract::{Json, Query};
use crate::state::{App, AppState, now_secs};

/// The recommendation operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    submit_response,
    compute,
    pick_for_me,
    persisted,
    clear_picks,
    dismiss_pick,
    list_dismissed,
    undo_dismissal,
    overview,
    past_recommendations
))]
pub struct RecommendApi;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/responses", post(submit_response))
        .route("/recommendations/compute", post(compute))
        .route("/recommendations/pick-for-me", post(pick_for_me))
        .route(
            "/recommendations/persisted",
            get(persisted).delete(clear_picks),
        )
        .route(
            "/recommendations/dismissed",
            get(list_dismissed).post(dismiss_pick),
        )
        .route(
            "/recommendations/dismissed/{vendor_id}",
            delete(undo_dismissal),
        )
        .route("/recommendations/overview", get(overview))
        .route("/past-recommendations", get(past_recommendations))
}

/// A stored questionnaire response.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseCreated {
    response_id: u64,
}

/// POST /api/responses: stores the user's answers to a category's questionnaire.
#[utoipa::path(post, path = "/responses", tag = "recommendations",
    request_body = ResponseRequest,
    responses(
        (status = 201, body = ResponseCreated),
        (status = 400, description = "Invalid answers or an unknown category", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A foreign origin", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    ))]
async fn submit_response(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<ResponseRequest>,
) -> Result<impl IntoResponse> {
    let answers = responses::parse(&request, &state.catalog.load())?;
    let (user_id, category_id) = (current.user.id, request.category_id);
    let id = state
        .blocking(move |app| storage::insert_response(app, user_id, category_id, answers))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(ResponseCreated { response_id: id }),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ComputeRequest {
    response_id: u64,
    category_id: u64,
}

/// One saved pick as a stage card shows it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickView {
    vendor_id: u64,
    name: String,
    logo_url: Option<String>,
    reason: String,
    website_url: Option<String>,
    booking_url: Option<String>,
    price_bracket: Option<u8>,
}

fn pick_view(vendor: &Vendor, reason: &str) -> PickView {
    PickView {
        vendor_id: vendor.id,
        name: vendor.name.clone(),
        logo_url: vendor.logo_url.clone(),
        reason: reason.to_string(),
        website_url: vendor.website_url.clone(),
        booking_url: vendor.booking_url.clone(),
        price_bracket: vendor.price_bracket,
    }
}

/// A ranked vendor with the reasons for its place.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct RankedView<'a> {
    vendor: VendorView<'a>,
    score: u32,
    rank: usize,
    matched_tags: &'a [String],
    missing_tags: &'a [String],
    reasons: Vec<String>,
    breakdown: &'a [ranking::Factor],
    already_used: bool,
}

/// A category's vendors ranked for one questionnaire response.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ComputeResult<'a> {
    vendors: Vec<RankedView<'a>>,
    /// The firms whose demo bookings count as demand, in words.
    peer_group: String,
    firm_size_source: inputs::SizeSource,
}

/// POST /api/recommendations/compute: ranks a category's vendors for one of the user's responses
/// and saves the top three as the stage's picks.
#[utoipa::path(post, path = "/recommendations/compute", tag = "recommendations",
    request_body = ComputeRequest,
    responses(
        (status = 200, body = ComputeResult),
        (status = 400, description = "Invalid input, an unknown category or a response for another category", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A foreign origin", body = ErrorBody),
        (status = 404, description = "No such response of this user", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    ))]
async fn compute(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<ComputeRequest>,
) -> Result<Json<Value>> {
    let user = current.user;
    let (response_id, category_id) = (request.response_id, request.category_id);
    state
        .blocking(move |app| compute_for(app, &user, response_id, category_id))
        .await
        .map(Json)
}

/// Ranks a category's vendors for one of the user's responses, saves the top three as the
/// stage's picks and records them in the history.
pub fn compute_for(app: &App, user: &User, response_id: u64, category_id: u64) -> Result<Value> {
    let catalog = app.catalog.load();
    let category = catalog
        .category(category_id)
        .ok_or_else(|| bad_request(format!("There is no category with id {}", category_id)))?;
    let response = storage::load_response(app, response_id)?
        .filter(|r| r.user_id == user.id)
        .ok_or_else(|| not_found("That questionnaire response was not found"))?;
    if response.category_id != category.id {
        return Err(bad_request(format!(
            "That questionnaire response is for a different category than {}",
            category.name
        )));
    }
    let (ranked, peers, ctx) = scores::rank_response(app, user, &catalog, category.id, &response)?;

    // The top three the firm does not already use become the stage's picks.
    let top: Vec<&ranking::Ranked> = ranked
        .iter()
        .filter(|r| !r.already_used)
        .take(pick_for_me::PICKS_PER_STAGE)
        .collect();
    let set = PickSet {
        picks: top
            .iter()
            .map(|r| StoredPick {
                vendor_id: r.vendor.id,
                reason: r.card_reason(),
            })
            .collect(),
        source: PickSource::Questionnaire,
        note: None,
        used_size_fallback: false,
        at: now_secs(),
    };
    let history = top
        .iter()
        .map(|r| (r.vendor.id, r.reason_texts()))
        .collect();
    storage::save_picks(
        app,
        user.id,
        &[StageSave {
            category_id: category.id,
            set,
            history,
        }],
    )?;

    let result = ComputeResult {
        vendors: ranked
            .iter()
            .map(|r| RankedView {
                vendor: vendor_view(&catalog, r.vendor),
                score: r.score,
                rank: r.rank,
                matched_tags: &r.matched,
                missing_tags: &r.missing,
                reasons: r.reason_texts(),
                breakdown: &r.breakdown,
                already_used: r.already_used,
            })
            .collect(),
        peer_group: peers.phrase(),
        firm_size_source: ctx.size_source,
    };
    // Serialised here, while the catalog the vendor views borrow from is held.
    Ok(serde_json::to_value(result).map_err(anyhow::Error::from)?)
}

/// POST /api/recommendations/pick-for-me: picks up to three vendors per category from recent
/// real demo bookings of similar firms (by fit with the firm when there are none), saves them and
/// answers every category's picks.
#[utoipa::path(post, path = "/recommendations/pick-for-me", tag = "recommendations",
    responses(
        (status = 200, body = PersistedPicks),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A foreign origin", body = ErrorBody),
    ))]
async fn pick_for_me(
    State(state): State<AppState>,
    current: CurrentUser,
) -> Result<Json<PersistedPicks>> {
    let user = current.user;
    state
        .blocking(move |app| pick_for_me_for(app, &user))
        .await
        .map(Json)
}

/// The categories in the order /matches shows them: the nine stages, then the categories outside
/// the stages ("Across the firm") by id.
fn page_order(catalog: &Catalog) -> Vec<&Category> {
    let mut others: Vec<&Category> = catalog
        .categories
        .iter()
        .filter(|c| c.stage.is_none())
        .collect();
    others.sort_by_key(|c| c.id);
    let mut all = catalog.stages();
    all.extend(others);
    all
}

/// Picks up to three vendors per category from recent real demo bookings of similar firms (by fit
/// with the firm when there are none), saves them and returns every category's picks.
pub fn pick_for_me_for(app: &App, user: &User) -> Result<PersistedPicks> {
    let catalog = app.catalog.load();
    let ctx = inputs::firm_context(app, user)?;
    let dismissed = storage::dismissed(app, user.id)?;
    // Sample rows are never evidence: with no real booking every stage is ranked by fit.
    let demand = inputs::has_real_bookings(app).then(|| {
        let (exact, near) = match ctx.size {
            Some(size) => (
                inputs::demand(app, &[size]),
                inputs::demand(app, &pick_for_me::neighbourhood(size)),
            ),
            None => (HashMap::new(), HashMap::new()),
        };
        (exact, near, inputs::demand(app, &[]))
    });
    let tiers = demand.as_ref().map(|(exact, near, all)| DemandTiers {
        exact,
        neighbours: near,
        all,
    });
    let at = now_secs();
    let mut sets = Vec::new();
    for category in page_order(&catalog) {
        let vendors: Vec<&Vendor> = catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == category.id)
            .collect();
        let mut excluded: HashSet<u64> = ctx.owned_in(category.id);
        excluded.extend(dismissed.iter().copied());
        let picked = pick_for_me::pick_stage(
            &vendors,
            ctx.size,
            &excluded,
            &ctx.tool_names,
            tiers.as_ref(),
        );
        let set = PickSet {
            picks: picked
                .picks
                .iter()
                .map(|(v, reasons)| StoredPick {
                    vendor_id: v.id,
                    reason: reasons[0].clone(),
                })
                .collect(),
            source: PickSource::PickForMe,
            note: picked.note,
            used_size_fallback: picked.used_size_fallback,
            at,
        };
        let history = picked
            .picks
            .iter()
            .map(|(v, r)| (v.id, r.clone()))
            .collect();
        sets.push(StageSave {
            category_id: category.id,
            set,
            history,
        });
    }
    storage::save_picks(app, user.id, &sets)?;
    persisted_view(app, user.id, &catalog)
}

/// Where a stage's picks came from.
#[derive(utoipa::ToSchema)]
#[schema(as = PickSource)]
#[expect(
    non_camel_case_types,
    dead_code,
    reason = "schema-only: describes the accepted codes in the API document"
)]
enum PickSourceCode {
    questionnaire,
    pick_for_me,
}

/// One category's saved picks.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StagePicks {
    category_id: u64,
    category_name: String,
    /// The litigation stage (1-9); null for a category outside the stages.
    stage: Option<u8>,
    picks: Vec<PickView>,
    /// Says which data the picks rest on when it is not the firm's own size group.
    note: Option<String>,
    #[schema(value_type = PickSourceCode)]
    source: &'static str,
    used_size_fallback: bool,
}

/// The saved picks of every category that has any: the nine stages in order, then the others.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersistedPicks {
    items: Vec<StagePicks>,
    used_any_size_fallback: bool,
    /// For the whole page: the widest fallback any category's picks used (no real bookings, no
    /// bookings in a stage, all firms, neighbouring sizes), or null when none did.
    fallback_note: Option<String>,
    /// True when some picks were ranked by fit alone because no real booking had been imported,
    /// so nothing here rests on what similar firms booked.
    ranked_without_bookings: bool,
}

/// The saved picks of every category, as SPEC's persisted / Pick For Me result.
fn persisted_view(app: &App, user_id: u64, catalog: &Catalog) -> Result<PersistedPicks> {
    let dismissed = storage::dismissed(app, user_id)?;
    let sets = storage::pick_sets(app, user_id)?;
    let mut any_fallback = false;
    let mut widest: (Basis, Option<&str>) = (Basis::OwnSize, None);
    let mut items = Vec::new();
    for stage in page_order(catalog) {
        let Some((_, set)) = sets.iter().find(|(c, _)| *c == stage.id) else {
            continue;
        };
        let basis = Basis::of_note(set.note.as_deref());
        if basis > widest.0 {
            widest = (basis, set.note.as_deref());
        }
        let picks: Vec<PickView> = set
            .picks
            .iter()
            .filter(|p| !dismissed.contains(&p.vendor_id))
            .filter_map(|p| {
                catalog
                    .vendor(p.vendor_id)
                    .filter(|v| v.is_active)
                    .map(|v| pick_view(v, &p.reason))
            })
            .collect();
        any_fallback |= set.used_size_fallback;
        items.push(StagePicks {
            category_id: stage.id,
            category_name: stage.name.clone(),
            stage: stage.stage,
            picks,
            note: set.note.clone(),
            source: set.source.code(),
            used_size_fallback: set.used_size_fallback,
        });
    }
    Ok(PersistedPicks {
        items,
        used_any_size_fallback: any_fallback,
        fallback_note: widest.0.page_note(widest.1),
        ranked_without_bookings: widest.0 == Basis::NoRealBookings,
    })
}

/// GET /api/recommendations/persisted: every category's saved picks, stages first.
#[utoipa::path(get, path = "/recommendations/persisted", tag = "recommendations",
    responses(
        (status = 200, body = PersistedPicks),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
async fn persisted(
    State(state): State<AppState>,
    current: CurrentUser,
) -> Result<Json<PersistedPicks>> {
    let user_id = current.user.id;
    state
        .blocking(move |app| persisted_view(app, user_id, &app.catalog.load()))
        .await
        .map(Json)
}

/// DELETE /api/recommendations/persisted: clears every stage's picks.
#[utoipa::path(delete, path = "/recommendations/persisted", tag = "recommendations",
    responses(
        (status = 204, description = "Picks cleared"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A foreign origin", body = ErrorBody),
    ))]
async fn clear_picks(State(state): State<AppState>, current: CurrentUser) -> Result<StatusCode> {
    let user_id = current.user.id;
    state
        .blocking(move |app| storage::clear_picks(app, user_id))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/recommendations/dismissed: dismisses one of the user's picks with a reason. The
/// vendor is not ranked for the user again until the dismissal is undone, and some reasons change
/// how the rest of its category is ranked.
#[utoipa::path(post, path = "/recommendations/dismissed", tag = "recommendations",
    request_body = DismissRequest,
    responses(
        (status = 201, body = DismissedView),
        (status = 400, description = "An unknown reason, Other without a text, or a text over 200 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A foreign origin", body = ErrorBody),
        (status = 404, description = "No such vendor, or not one of the user's picks", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    ))]
async fn dismiss_pick(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<DismissRequest>,
) -> Result<(StatusCode, Json<DismissedView>)> {
    let reason = DismissReason::parse(&request.reason, request.other_text.as_deref())?;
    let vendor_id = request.vendor_id;
    if state.catalog.load().vendor(vendor_id).is_none() {
        return Err(not_found(format!("There is no vendor with id {vendor_id}")));
    }
    let user_id = current.user.id;
    let view = state
        .blocking(move |app| {
            if !storage::dismiss(app, user_id, vendor_id, reason)? {
                return Err(not_found("That vendor is not one of your picks"));
            }
            let dismissals = storage::dismissals(app, user_id)?;
            let (_, dismissal) = dismissals
                .iter()
                .find(|(id, _)| *id == vendor_id)
                .ok_or_else(|| anyhow::anyhow!("the dismissal just stored is missing"))?;
            dismissals::view(&app.catalog.load(), vendor_id, dismissal)
                .ok_or_else(|| anyhow::anyhow!("the dismissed vendor left the catalog").into())
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// GET /api/recommendations/dismissed: the user's own dismissed vendors, newest first.
#[utoipa::path(get, path = "/recommendations/dismissed", tag = "recommendations",
    responses(
        (status = 200, body = DismissedList),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
async fn list_dismissed(
    State(state): State<AppState>,
    current: CurrentUser,
) -> Result<Json<DismissedList>> {
    let user_id = current.user.id;
    state
        .blocking(move |app| {
            let dismissals = storage::dismissals(app, user_id)?;
            Ok(Json(dismissals::list(&app.catalog.load(), dismissals)))
        })
        .await
}

/// DELETE /api/recommendations/dismissed/{vendor_id}: undoes a dismissal; the vendor can be
/// ranked and picked again.
#[utoipa::path(delete, path = "/recommendations/dismissed/{vendor_id}", tag = "recommendations",
    params(("vendor_id" = u64, Path, description = "The dismissed vendor's id")),
    responses(
        (status = 204, description = "The dismissal is undone"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A foreign origin", body = ErrorBody),
        (status = 404, description = "Not one of the user's dismissed vendors", body = ErrorBody),
    ))]
async fn undo_dismissal(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(raw): Path<String>,
) -> Result<StatusCode> {
    let vendor_id = crate::catalog::parse_vendor_id(&raw)?;
    let user_id = current.user.id;
    let undone = state
        .blocking(move |app| storage::undo_dismissal(app, user_id, vendor_id))
        .await?;
    if !undone {
        return Err(not_found("That vendor is not among your dismissed vendors"));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum StageStatus {
    Completed,
    InProgress,
    NotStarted,
}

/// One stage of the overview.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct StageOverview {
    stage: Option<u8>,
    category_id: u64,
    category_name: String,
    status: StageStatus,
    /// How many picks the stage shows.
    picks: usize,
}

/// Progress through the litigation stages, and the categories outside them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Overview {
    stages_completed: usize,
    total_stages: usize,
    stages: Vec<StageOverview>,
    /// The categories that are not a stage ("Across the firm"), by id; never counted in the
    /// progress.
    others: Vec<StageOverview>,
}

/// GET /api/recommendations/overview: each stage's status and number of picks, and the same for
/// the categories outside the stages.
#[utoipa::path(get, path = "/recommendations/overview", tag = "recommendations",
    responses(
        (status = 200, body = Overview),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
async fn overview(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Overview>> {
    let user_id = current.user.id;
    state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let view = persisted_view(app, user_id, &catalog)?;
            let responded = storage::responded_categories(app, user_id)?;
            let row = |c: &Category| {
                let picks = view
                    .items
                    .iter()
                    .find(|i| i.category_id == c.id)
                    .map_or(0, |i| i.picks.len());
                let status = if picks > 0 {
                    StageStatus::Completed
                } else if responded.contains(&c.id) {
                    StageStatus::InProgress
                } else {
                    StageStatus::NotStarted
                };
                StageOverview {
                    stage: c.stage,
                    category_id: c.id,
                    category_name: c.name.clone(),
                    status,
                    picks,
                }
            };
            let (stages, others): (Vec<StageOverview>, Vec<StageOverview>) = page_order(&catalog)
                .into_iter()
                .map(row)
                .partition(|r| r.stage.is_some());
            Ok(Json(Overview {
                stages_completed: stages
                    .iter()
                    .filter(|s| matches!(s.status, StageStatus::Completed))
                    .count(),
                total_stages: stages.len(),
                stages,
                others,
            }))
        })
        .await
}

/// The query of GET /api/past-recommendations. Anything else (such as a user id) is ignored:
/// the history is always the signed-in user's own.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PastQuery {
    /// Comma-separated category ids; each must exist.
    category_ids: Option<String>,
    /// 1-based; clamped into range.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Default 24, clamped to 1-100.
    #[param(value_type = Option<i64>)]
    page_size: Option<String>,
}

/// Why a vendor was recommended.
#[derive(Serialize, utoipa::ToSchema)]
struct RecommendationReasons {
    strengths: Vec<String>,
}

/// One vendor recommended to the user, the latest time it was.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PastRecommendation<'a> {
    /// "{categoryId}-{vendorId}".
    recommendation_id: String,
    vendor: VendorView<'a>,
    category_id: u64,
    #[schema(format = DateTime)]
    recommended_at: String,
    reasons: RecommendationReasons,
}

/// GET /api/past-recommendations: the signed-in user's own recommendations, newest first.
#[utoipa::path(get, path = "/past-recommendations", tag = "recommendations",
    params(PastQuery),
    responses(
        (status = 200, body = Page<PastRecommendation>),
        (status = 400, description = "An invalid filter", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
async fn past_recommendations(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PastQuery>,
) -> Result<Json<Value>> {
    let user_id = current.user.id;
    state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let categories = parse_category_ids(query.category_ids.as_deref(), &catalog)?;
            let page = parse_page(query.page.as_deref())?;
            let page_size = parse_page_size(query.page_size.as_deref())?;
            let all: Vec<PastRecommendation> = storage::past(app, user_id)?
                .into_iter()
                .filter(|(c, ..)| categories.is_empty() || categories.contains(c))
                .filter_map(|(category_id, vendor_id, rec)| {
                    let vendor = catalog.vendor(vendor_id)?;
                    let at = chrono::DateTime::from_timestamp(rec.at, 0)?;
                    Some(PastRecommendation {
                        recommendation_id: format!("{category_id}-{vendor_id}"),
                        vendor: vendor_view(&catalog, vendor),
                        category_id,
                        recommended_at: at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                        reasons: RecommendationReasons {
                            strengths: rec.strengths,
                        },
                    })
                })
                .collect();
            let page = Page::of(all, page, page_size);
            // Serialised here, while the catalog the vendor views borrow from is held.
            Ok(Json(
                serde_json::to_value(page).map_err(anyhow::Error::from)?,
            ))
        })
        .await
}
