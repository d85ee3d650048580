//! The evaluations' handlers: parse, call, answer.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::accounts::audit::{self, AuditAction};
use crate::catalog::{Catalog, CategoryRef};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{FirmMember, User};
use crate::platform::clock::now_secs;
use crate::platform::error::{ErrorBody, Result, bad_request, conflict, not_found};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::{CategoryId, ReferenceCheckId, VendorId};

use super::EvaluationsState;
use super::actions::{self, ScoreInput};
use super::criteria::{self, CriterionInput};
use super::model::{Reference, Round};
use super::references::{self, ReferenceRequest};
use super::storage;
use super::vendors::{self, EvaluatedVendor};
use super::views::{self, CriteriaView, EvaluationView, ReferenceView, ScorecardView};

/// The category of a path: 404 for one the catalog lacks.
fn known_category(catalog: &Catalog, id: CategoryId) -> Result<(u64, CategoryRef)> {
    let id = id.get();
    let category = catalog
        .category(id)
        .ok_or_else(|| not_found(format!("There is no category with id {id}")))?;
    Ok((id, category.into()))
}

/// The vendor `id` (of a path or a body), checked to be one of the evaluation's (404 otherwise).
fn evaluated_vendor(
    app: &EvaluationsState,
    user: &User,
    category_id: u64,
    id: u64,
) -> Result<EvaluatedVendor> {
    let catalog = app.catalog.load();
    let latest = storage::rounds(&app.store, user.firm.id, category_id)?.pop();
    vendors::vendors(
        &app.store,
        &catalog,
        user.firm.id,
        category_id,
        latest.as_ref(),
    )?
    .into_iter()
    .find(|v| v.id == id)
    .ok_or_else(|| {
        not_found(format!(
            "Vendor {id} is not part of this evaluation: put it on the shortlist first"
        ))
    })
}

/// `?round=`: an earlier round of the evaluation; empty or absent: the latest.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RoundQuery {
    /// 1 for the first evaluation, then one more per "Re-evaluate".
    #[param(value_type = Option<u32>)]
    pub round: Option<String>,
}

fn evaluation(
    app: &EvaluationsState,
    user: &User,
    category: CategoryId,
    wanted: Option<u32>,
) -> Result<EvaluationView> {
    let catalog = app.catalog.load();
    let (category_id, named) = known_category(&catalog, category)?;
    let firm = user.firm.id;
    let rounds = storage::rounds(&app.store, firm, category_id)?;
    let latest_round = rounds.last().map_or(0, |r| r.round);
    let round = match wanted {
        Some(n) => rounds
            .iter()
            .find(|r| r.round == n)
            .cloned()
            .ok_or_else(|| not_found(format!("This evaluation has no round {n}")))?,
        None => rounds
            .last()
            .cloned()
            .unwrap_or_else(|| Round::new(firm.get(), category_id, 1, 0)),
    };
    let vendors = vendors::vendors(&app.store, &catalog, firm, category_id, Some(&round))?;
    let suggestions = match round.criteria {
        Some(_) => Vec::new(),
        None => criteria::suggestions(&app.store, &catalog, firm, category_id)?,
    };
    let facts = app
        .decisions
        .read(&app.store, firm, category_id)?
        .facts(round.round, latest_round.max(1));
    Ok(views::evaluation_view(views::Context {
        round: &round,
        latest_round: latest_round.max(1),
        category_name: named.name,
        category_label: named.label,
        vendors: &vendors,
        suggestions: &suggestions,
        user,
        facts: &facts,
    }))
}

/// GET /api/evaluations/{categoryId}: the evaluation as the caller may see it.
#[utoipa::path(get, path = "/evaluations/{categoryId}", tag = "evaluations",
    params(("categoryId" = u64, Path, description = "The category's id"), RoundQuery),
    responses(
        (status = 200, description = "The criteria and, per vendor, the caller's scorecard status, the reference calls and — once the caller submitted their own scorecard for it, or once a decision on the round is final (a viewer: only then) — everyone's scores, the weighted score and the disagreements; an approver of the open decision who has not scored sees the flags and the weighted total from two scorecards", body = EvaluationView),
        (status = 400, description = "An id or round that is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such category, or no such round", body = ErrorBody),
    ))]
pub async fn get_evaluation(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path(category): Path<CategoryId>,
    Query(q): Query<RoundQuery>,
) -> Result<Json<EvaluationView>> {
    let wanted = match q.round.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(
            raw.parse::<u32>()
                .map_err(|_| bad_request("The round must be a whole number like 1"))?,
        ),
    };
    let user = member.user;
    let view = state
        .blocking(move |app| evaluation(app, &user, category, wanted))
        .await?;
    Ok(Json(view))
}

/// GET /api/evaluations/{categoryId}/criteria.
#[utoipa::path(get, path = "/evaluations/{categoryId}/criteria", tag = "evaluations",
    params(("categoryId" = u64, Path, description = "The category's id")),
    responses(
        (status = 200, description = "The latest round's criteria, or the suggestions (not saved) while none are", body = CriteriaView),
        (status = 400, description = "An id that is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such category", body = ErrorBody),
    ))]
pub async fn get_criteria(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path(category): Path<CategoryId>,
) -> Result<Json<CriteriaView>> {
    let user = member.user;
    let view = state
        .blocking(move |app| Ok(evaluation(app, &user, category, None)?.criteria))
        .await?;
    Ok(Json(view))
}

/// PUT /api/evaluations/{categoryId}/criteria.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CriteriaRequest {
    /// 1 to 15 criteria; names unique ignoring case; weights whole numbers 1-100 adding up to 100.
    pub criteria: Vec<CriterionInput>,
    /// Why, when the criteria are locked (1 to 500 characters; owners and admins only).
    pub reason: Option<String>,
}

/// PUT /api/evaluations/{categoryId}/criteria: saves the criteria of the latest round.
#[utoipa::path(put, path = "/evaluations/{categoryId}/criteria", tag = "evaluations",
    params(("categoryId" = u64, Path, description = "The category's id")),
    request_body = CriteriaRequest,
    responses(
        (status = 200, body = CriteriaView),
        (status = 400, description = "A bad set of criteria (weights not adding up to 100, a name twice, …), or a locked change without a reason", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "A viewer; a member once the criteria are locked; or a foreign origin", body = ErrorBody),
        (status = 404, description = "No such category", body = ErrorBody),
        (status = 409, description = "The round is closed (a decision was proposed from it, or its owner closed it)", body = ErrorBody),
    ))]
pub async fn put_criteria(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path(category): Path<CategoryId>,
    Json(request): Json<CriteriaRequest>,
) -> Result<Json<CriteriaView>> {
    let user = member.user;
    let view = state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let (category_id, named) = known_category(&catalog, category)?;
            let firm = user.firm.id;
            let suggestions = criteria::suggestions(&app.store, &catalog, firm, category_id)?;
            let decisions = app.decisions.read(&app.store, firm, category_id)?;
            let now = now_secs();
            let (round, change) = storage::update(&app.store, firm, category_id, |rounds| {
                let round = actions::writable(rounds, firm.get(), category_id, &decisions, now)?;
                let change = actions::put_criteria(
                    round,
                    &user,
                    &request.criteria,
                    request.reason.as_deref(),
                    &suggestions,
                    now,
                )?;
                Ok((round.clone(), change))
            })?;
            if let Some(change) = change {
                audit::record(
                    &app.store,
                    firm,
                    Some(&user),
                    AuditAction::EvaluationCriteriaChanged,
                    format!(
                        "Changed the locked criteria of the {} evaluation (round {}): {}",
                        named.label, round.round, change.reason
                    ),
                );
            }
            Ok(views::criteria_view(&round, &[]))
        })
        .await?;
    Ok(Json(view))
}

/// GET /api/evaluations/{categoryId}/scorecards/{vendorId}: the caller's own scorecard.
#[utoipa::path(get, path = "/evaluations/{categoryId}/scorecards/{vendorId}", tag = "evaluations",
    params(
        ("categoryId" = u64, Path, description = "The category's id"),
        ("vendorId" = u64, Path, description = "A vendor of the evaluation"),
    ),
    responses(
        (status = 200, body = ScorecardView),
        (status = 400, description = "An id that is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such category, or the vendor is not part of the evaluation", body = ErrorBody),
    ))]
pub async fn get_scorecard(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path((category, vendor)): Path<(CategoryId, VendorId)>,
) -> Result<Json<ScorecardView>> {
    let user = member.user;
    let view = state
        .blocking(move |app| {
            let (category_id, _) = known_category(&app.catalog.load(), category)?;
            let vendor = evaluated_vendor(app, &user, category_id, vendor.get())?;
            let round = storage::rounds(&app.store, user.firm.id, category_id)?
                .pop()
                .unwrap_or_else(|| Round::new(user.firm.id.get(), category_id, 1, 0));
            Ok(views::scorecard_view(&round, &vendor, user.id))
        })
        .await?;
    Ok(Json(view))
}

/// PUT /api/evaluations/{categoryId}/scorecards/{vendorId}.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScorecardRequest {
    /// One entry per criterion scored so far (a draft may leave some out).
    pub scores: Vec<ScoreInput>,
}

/// Runs a scorecard write on the latest round and answers the caller's scorecard.
fn scorecard_write(
    app: &EvaluationsState,
    user: &User,
    category: CategoryId,
    vendor: VendorId,
    write: impl FnOnce(&mut Round, &EvaluatedVendor, i64) -> Result<()>,
) -> Result<ScorecardView> {
    let (category_id, _) = known_category(&app.catalog.load(), category)?;
    let vendor = evaluated_vendor(app, user, category_id, vendor.get())?;
    let firm = user.firm.id;
    let decisions = app.decisions.read(&app.store, firm, category_id)?;
    let now = now_secs();
    let round = storage::update(&app.store, firm, category_id, |rounds| {
        let round = actions::writable(rounds, firm.get(), category_id, &decisions, now)?;
        write(round, &vendor, now)?;
        Ok(round.clone())
    })?;
    Ok(views::scorecard_view(&round, &vendor, user.id))
}

/// PUT /api/evaluations/{categoryId}/scorecards/{vendorId}: saves the caller's draft (or revises
/// their submitted scorecard, which must stay complete).
#[utoipa::path(put, path = "/evaluations/{categoryId}/scorecards/{vendorId}", tag = "evaluations",
    params(
        ("categoryId" = u64, Path, description = "The category's id"),
        ("vendorId" = u64, Path, description = "A vendor of the evaluation"),
    ),
    request_body = ScorecardRequest,
    responses(
        (status = 200, body = ScorecardView),
        (status = 400, description = "An unknown criterion, a score not 1-5, a comment over 1,000 characters, or a submitted scorecard left incomplete", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "A viewer (viewers never score), or a foreign origin", body = ErrorBody),
        (status = 404, description = "No such category, or the vendor is not part of the evaluation", body = ErrorBody),
        (status = 409, description = "No criteria are saved yet, or the round is closed (a decision was proposed from it, or its owner closed it)", body = ErrorBody),
    ))]
pub async fn put_scorecard(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path((category, vendor)): Path<(CategoryId, VendorId)>,
    Json(request): Json<ScorecardRequest>,
) -> Result<Json<ScorecardView>> {
    let user = member.user;
    let view = state
        .blocking(move |app| {
            scorecard_write(app, &user, category, vendor, |round, vendor, now| {
                actions::save_scorecard(round, &user, vendor.id, &request.scores, now).map(drop)
            })
        })
        .await?;
    Ok(Json(view))
}

/// POST /api/evaluations/{categoryId}/scorecards/{vendorId}/submit: submits the caller's saved
/// scorecard; the first submission of the round locks the criteria.
#[utoipa::path(post, path = "/evaluations/{categoryId}/scorecards/{vendorId}/submit", tag = "evaluations",
    params(
        ("categoryId" = u64, Path, description = "The category's id"),
        ("vendorId" = u64, Path, description = "A vendor of the evaluation"),
    ),
    responses(
        (status = 200, body = ScorecardView),
        (status = 400, description = "A criterion without an entry (named), or no score at all", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "No such category, or the vendor is not part of the evaluation", body = ErrorBody),
        (status = 409, description = "No criteria are saved yet, or the round is closed (a decision was proposed from it, or its owner closed it)", body = ErrorBody),
    ))]
pub async fn submit_scorecard(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path((category, vendor)): Path<(CategoryId, VendorId)>,
) -> Result<Json<ScorecardView>> {
    let user = member.user;
    let view = state
        .blocking(move |app| {
            scorecard_write(app, &user, category, vendor, |round, vendor, now| {
                actions::submit(round, &user, vendor.id, now).map(drop)
            })
        })
        .await?;
    Ok(Json(view))
}

/// POST /api/evaluations/{categoryId}/references: records a reference call for a vendor.
#[utoipa::path(post, path = "/evaluations/{categoryId}/references", tag = "evaluations",
    params(("categoryId" = u64, Path, description = "The category's id")),
    request_body = ReferenceRequest,
    responses(
        (status = 201, body = ReferenceView),
        (status = 400, description = "A missing or too long field, a date not YYYY-MM-DD or in the future, or 0 or over 20 questions", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "No such category, or the vendor is not part of the evaluation", body = ErrorBody),
        (status = 409, description = "The round is closed (a decision was proposed from it, or its owner closed it)", body = ErrorBody),
    ))]
pub async fn post_reference(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path(category): Path<CategoryId>,
    Json(request): Json<ReferenceRequest>,
) -> Result<(StatusCode, Json<ReferenceView>)> {
    let user = member.user;
    let view = state
        .blocking(move |app| {
            let (category_id, _) = known_category(&app.catalog.load(), category)?;
            let now = now_secs();
            let parsed = references::parse(request, now)?;
            let vendor = evaluated_vendor(app, &user, category_id, parsed.vendor_id)?;
            let firm = user.firm.id;
            let decisions = app.decisions.read(&app.store, firm, category_id)?;
            let saved = storage::update(&app.store, firm, category_id, |rounds| {
                let round = actions::writable(rounds, firm.get(), category_id, &decisions, now)?;
                Ok(actions::add_reference(
                    round,
                    Reference {
                        id: 0,
                        vendor_id: vendor.id,
                        user_id: user.id,
                        by: user.name.clone(),
                        firm_called: parsed.firm_called,
                        firm_size: parsed.firm_size,
                        date: parsed.date,
                        questions: parsed.questions,
                        at: now,
                    },
                ))
            })?;
            Ok(views::reference_view(&saved, &user))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// DELETE /api/evaluations/{categoryId}/references/{id}: by its author, or an owner or admin.
#[utoipa::path(delete, path = "/evaluations/{categoryId}/references/{id}", tag = "evaluations",
    params(
        ("categoryId" = u64, Path, description = "The category's id"),
        ("id" = u64, Path, description = "The reference check's id in the latest round"),
    ),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "An id that is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "A viewer, a member who did not record it, or a foreign origin", body = ErrorBody),
        (status = 404, description = "No such category or reference check", body = ErrorBody),
        (status = 409, description = "The round is closed (a decision was proposed from it, or its owner closed it)", body = ErrorBody),
    ))]
pub async fn delete_reference(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path((category, id)): Path<(CategoryId, ReferenceCheckId)>,
) -> Result<StatusCode> {
    let user = member.user;
    state
        .blocking(move |app| {
            let (category_id, _) = known_category(&app.catalog.load(), category)?;
            let id = id.get();
            let firm = user.firm.id;
            let decisions = app.decisions.read(&app.store, firm, category_id)?;
            storage::update(&app.store, firm, category_id, |rounds| {
                if rounds.is_empty() {
                    return Err(not_found(format!(
                        "There is no reference check with id {id}"
                    )));
                }
                let round =
                    actions::writable(rounds, firm.get(), category_id, &decisions, now_secs())?;
                actions::delete_reference(round, &user, id).map(drop)
            })
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/evaluations/{categoryId}/re-evaluate: starts the next round.
#[utoipa::path(post, path = "/evaluations/{categoryId}/re-evaluate", tag = "evaluations",
    params(("categoryId" = u64, Path, description = "The category's id")),
    responses(
        (status = 200, description = "The latest round: a new one with the last round's criteria and weights and the firm's current tool as the incumbent; or, while the latest round has no submitted scorecard, that round (asking twice starts one round)", body = EvaluationView),
        (status = 400, description = "An id that is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "No such category", body = ErrorBody),
        (status = 409, description = "The category's open decision holds the latest round: a new round starts once it is final", body = ErrorBody),
    ))]
pub async fn re_evaluate(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path(category): Path<CategoryId>,
) -> Result<Json<EvaluationView>> {
    let user = member.user;
    let view = state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let (category_id, _) = known_category(&catalog, category)?;
            let firm = user.firm.id;
            if let Some((open, _)) = app
                .decisions
                .read(&app.store, firm, category_id)?
                .open_decision
            {
                return Err(conflict(format!(
                    "Decision {open} in this category is open and holds this round's scores: a \
                     new round can start once it is final"
                )));
            }
            let incumbent = vendors::current_tool(&app.store, &catalog, firm, category_id)?;
            let now = now_secs();
            storage::update(&app.store, firm, category_id, |rounds| {
                Ok(actions::re_evaluate(
                    rounds,
                    firm.get(),
                    category_id,
                    incumbent,
                    now,
                ))
            })?;
            evaluation(app, &user, category, None)
        })
        .await?;
    Ok(Json(view))
}

/// POST /api/evaluations/{categoryId}/close: an owner or admin closes the latest round without
/// proposing a decision. Nothing of it changes again; scoring again is a new round.
#[utoipa::path(post, path = "/evaluations/{categoryId}/close", tag = "evaluations",
    params(("categoryId" = u64, Path, description = "The category's id")),
    responses(
        (status = 200, description = "The closed round (a round closed already is answered as it is)", body = EvaluationView),
        (status = 400, description = "An id that is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdminOrForeignOrigin,
        (status = 404, description = "No such category", body = ErrorBody),
    ))]
pub async fn close_round(
    State(state): State<EvaluationsState>,
    member: FirmMember,
    Path(category): Path<CategoryId>,
) -> Result<Json<EvaluationView>> {
    member.role.may_manage()?;
    let user = member.user;
    let view = state
        .blocking(move |app| {
            let (category_id, _) = known_category(&app.catalog.load(), category)?;
            let firm = user.firm.id;
            let now = now_secs();
            storage::update(&app.store, firm, category_id, |rounds| {
                Ok(actions::close(rounds, &user, None, now))
            })?;
            evaluation(app, &user, category, None)
        })
        .await?;
    Ok(Json(view))
}
