//! The decisions' handlers: parse, call `decide`, answer.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::accounts::audit::{self, AuditAction};
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{ErrorBody, Result, bad_request, not_found};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::{CategoryId, DecisionId, VersionId};

use super::DecisionsState;
use super::decide::{self, VerdictOutcome};
use super::diff;
use super::model::{
    Decision, DecisionRequest, DecisionStatus, TechStackRequest, TechStep, Verdict, VerdictRequest,
    Version, parse, parse_verdict,
};
use super::record;

/// One approver and where they stand on the current version.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApproverView {
    pub user_id: u64,
    /// Their name when they were named.
    pub name: String,
    /// `waiting`, `approved` (the current version), `stale` (approved an earlier version: see
    /// `changesSince`) or `objected`.
    pub state: String,
    /// The version their latest answer was given to.
    pub answered_version: Option<u32>,
    /// RFC 3339.
    pub answered_at: Option<String>,
    pub comment: Option<String>,
    /// For `stale` (and an objection to an earlier version): what changed since the version
    /// they answered, one readable line each.
    pub changes_since: Vec<String>,
}

/// One stored version of the record.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionSummary {
    pub n: u32,
    /// SHA-256 (hex) of the version's canonical JSON.
    pub hash: String,
    /// RFC 3339.
    pub created_at: String,
}

/// What the final decision did to the tech stack.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TechStackView {
    /// `pending` (not final), `added`, `alreadyThere`, `needsConfirmation`, `replaced`,
    /// `addedBeside`.
    pub outcome: String,
    /// The category has another tool: ask "Replace <current> with <chosen> in your tech stack?"
    /// and answer with POST /api/decisions/{id}/tech-stack.
    pub needs_confirmation: bool,
    /// The tool that was (or is) there.
    pub current: Option<String>,
}

/// A decision, its approvers and its record.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionView {
    pub id: u64,
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    pub vendor_id: u64,
    pub vendor_name: String,
    pub runner_up_id: Option<u64>,
    pub runner_up_name: Option<String>,
    pub reasons: String,
    /// Cents.
    pub annual_cost: u64,
    /// YYYY-MM-DD.
    pub start_date: String,
    pub proposed_by: String,
    /// RFC 3339.
    pub proposed_at: String,
    pub status: DecisionStatus,
    /// RFC 3339, once final.
    pub final_at: Option<String>,
    /// The current version's number and hash.
    pub version: u32,
    pub version_hash: String,
    pub approvers: Vec<ApproverView>,
    /// Oldest first.
    pub versions: Vec<VersionSummary>,
    pub tech_stack: TechStackView,
    /// The caller is an approver and the decision is open.
    pub can_answer: bool,
    /// The current version's record (brief v2), as `GET .../versions/{n}` serves it to the
    /// caller: without the scorecards they may not see yet (see `scoresHidden`).
    #[schema(value_type = super::record::DecisionRecord)]
    pub record: serde_json::Value,
    /// Set when the record leaves out scores the caller may not see yet, with the line to show:
    /// "Scores and comments appear once the decision is final" (or, for a person who can still
    /// score, "Scores appear after you submit yours").
    pub scores_hidden: Option<String>,
}

/// A decision in the firm's list.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionSummary {
    pub id: u64,
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    pub vendor_id: u64,
    pub vendor_name: String,
    pub status: DecisionStatus,
    pub version: u32,
    /// RFC 3339.
    pub proposed_at: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DecisionList {
    pub items: Vec<DecisionSummary>,
}

/// The 409 of a stale hash (documented as `ErrorBody`, with this one field more).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StaleBody {
    /// "This decision changed since you opened it".
    pub error: String,
    /// The current version's hash.
    pub current_hash: String,
}

/// The 409 of a second open decision in a category (documented as `ErrorBody`, with this one
/// field more).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenBody {
    pub error: String,
    /// The open decision's id.
    pub open_decision_id: u64,
}

/// The draft's 403.
pub const DRAFT_MANAGERS_ONLY: &str =
    "Only the firm's owners and admins propose decisions, so only they get a draft of one.";

pub const STALE: &str = "This decision changed since you opened it";

fn parse_value(content: &str) -> serde_json::Value {
    serde_json::from_str(content).unwrap_or(serde_json::Value::Null)
}

fn tech_view(step: &TechStep) -> TechStackView {
    let (outcome, current) = match step {
        TechStep::Pending => ("pending", None),
        TechStep::Added => ("added", None),
        TechStep::AlreadyThere => ("alreadyThere", None),
        TechStep::NeedsConfirmation { current } => ("needsConfirmation", Some(current.clone())),
        TechStep::Replaced { old } => ("replaced", Some(old.clone())),
        TechStep::AddedBeside { current } => ("addedBeside", Some(current.clone())),
    };
    TechStackView {
        outcome: outcome.into(),
        needs_confirmation: matches!(step, TechStep::NeedsConfirmation { .. }),
        current,
    }
}

fn view(
    state: &DecisionsState,
    d: &Decision,
    versions: &[Version],
    user: &crate::platform::caller::User,
) -> Result<DecisionView> {
    let audience = record::Audience::read(&state.store, d, user)?;
    // Every version is read as the caller may see it, so "What changed since" tells no more.
    let rendered = |v: &Version| audience.render(&parse_value(&v.content));
    let caller = user.id;
    let snapshot = state.catalog.load();
    let name = |id: u64| {
        snapshot
            .vendor(id)
            .map(|v| v.name.clone())
            .unwrap_or_else(|| format!("Vendor {id}"))
    };
    let current = versions.last();
    let (current_value, scores_hidden) = current.map(rendered).unwrap_or_default();
    let approvers = d
        .terms
        .approvers
        .iter()
        .map(|a| {
            let latest = d.latest(a.user_id);
            let on_current = latest.is_some_and(|l| Some(&l.hash) == current.map(|v| &v.hash));
            let state = match latest {
                None => "waiting",
                Some(l) if l.verdict == Verdict::Objected => "objected",
                Some(_) if on_current => "approved",
                Some(_) => "stale",
            };
            let changes_since = match latest {
                Some(l) if !on_current => versions
                    .iter()
                    .find(|v| v.hash == l.hash && v.n == l.version)
                    .map(|old| diff::lines(&rendered(old).0, &current_value))
                    .unwrap_or_default(),
                _ => Vec::new(),
            };
            ApproverView {
                user_id: a.user_id,
                name: a.name.clone(),
                state: state.into(),
                answered_version: latest.map(|l| l.version),
                answered_at: latest.map(|l| rfc3339(l.at)),
                comment: latest.map(|l| l.comment.clone()).filter(|c| !c.is_empty()),
                changes_since,
            }
        })
        .collect();
    Ok(DecisionView {
        id: d.id,
        category_id: d.terms.category_id,
        category_name: snapshot
            .category(d.terms.category_id)
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        category_label: snapshot
            .category(d.terms.category_id)
            .map(|c| c.label.clone())
            .unwrap_or_default(),
        vendor_id: d.terms.vendor_id,
        vendor_name: name(d.terms.vendor_id),
        runner_up_id: d.terms.runner_up_id,
        runner_up_name: d.terms.runner_up_id.map(name),
        reasons: d.terms.reasons.clone(),
        annual_cost: d.terms.annual_cost,
        start_date: d.terms.start_date.clone(),
        proposed_by: d.proposed_by.clone(),
        proposed_at: rfc3339(d.proposed_at),
        status: d.status,
        final_at: d.final_at.map(rfc3339),
        version: current.map_or(0, |v| v.n),
        version_hash: current.map(|v| v.hash.clone()).unwrap_or_default(),
        approvers,
        versions: versions
            .iter()
            .map(|v| VersionSummary {
                n: v.n,
                hash: v.hash.clone(),
                created_at: rfc3339(v.created_at),
            })
            .collect(),
        tech_stack: tech_view(&d.tech_step),
        can_answer: d.status == DecisionStatus::Open
            && d.terms.approvers.iter().any(|a| a.user_id == caller),
        record: current_value,
        scores_hidden,
    })
}

/// GET /api/decisions: the firm's decisions, newest first.
#[utoipa::path(get, path = "/decisions", tag = "decisions",
    responses(
        (status = 200, body = DecisionList),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn list_decisions(
    State(state): State<DecisionsState>,
    member: FirmMember,
) -> Result<Json<DecisionList>> {
    let firm_id = member.firm;
    let items = state
        .blocking(move |app| {
            let snapshot = app.catalog.load();
            let mut items = Vec::new();
            let decisions = super::storage::list_with_versions(&app.store, firm_id)?;
            for (d, versions) in decisions.into_iter().rev() {
                // As the decision's own page counts them: the live record as the next version.
                let versions = decide::with_live(app, &d, versions, now_secs())?;
                items.push(DecisionSummary {
                    id: d.id,
                    category_id: d.terms.category_id,
                    category_name: snapshot
                        .category(d.terms.category_id)
                        .map(|c| c.name.clone())
                        .unwrap_or_default(),
                    category_label: snapshot
                        .category(d.terms.category_id)
                        .map(|c| c.label.clone())
                        .unwrap_or_default(),
                    vendor_id: d.terms.vendor_id,
                    vendor_name: snapshot
                        .vendor(d.terms.vendor_id)
                        .map(|v| v.name.clone())
                        .unwrap_or_default(),
                    status: d.status,
                    version: versions.last().map_or(0, |v| v.n),
                    proposed_at: rfc3339(d.proposed_at),
                });
            }
            Ok(items)
        })
        .await?;
    Ok(Json(DecisionList { items }))
}

/// POST /api/decisions: an owner or admin proposes the firm's decision in a category.
#[utoipa::path(post, path = "/decisions", tag = "decisions",
    request_body = DecisionRequest,
    responses(
        (status = 201, body = DecisionView),
        (status = 400, description = "A missing or invalid value (the message names the field)", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::MemberOrViewerOrForeignOrigin,
        (status = 409, description = "The category has an open decision: the body adds its id as `openDecisionId`", body = ErrorBody),
    ))]
pub async fn propose(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Json(request): Json<DecisionRequest>,
) -> Result<Response> {
    member.role.may_manage()?;
    let base = crate::accounts::links::base(&state.config);
    let parsed = parse(request)?;
    let user = member.user;
    state
        .blocking(move |app| {
            let terms = decide::terms(app, user.firm.id, parsed)?;
            match decide::propose(app, &user, terms, base.as_deref(), now_secs())? {
                Err(open) => Ok((
                    StatusCode::CONFLICT,
                    Json(OpenBody {
                        error: format!(
                            "This category has an open decision already (decision {open}): edit it instead"
                        ),
                        open_decision_id: open,
                    }),
                )
                    .into_response()),
                Ok((d, v)) => {
                    audit::record(
                        &app.store,
                        user.firm.id,
                        Some(&user),
                        AuditAction::DecisionProposed,
                        format!("Proposed decision {} (version {}, {})", d.id, v.n, &v.hash[..12]),
                    );
                    let versions = super::storage::versions(&app.store, user.firm.id, d.id)?;
                    Ok((StatusCode::CREATED, Json(view(app, &d, &versions, &user)?)).into_response())
                }
            }
        })
        .await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DraftQuery {
    /// The category the decision is for; absent or empty: an empty draft.
    #[serde(default)]
    category_id: Option<String>,
}

/// GET /api/decisions/draft?categoryId=: what the proposal form starts from, composed from the
/// category's evaluation as the caller may see it (owners and admins; 403 for others): the
/// vendors with the highest weighted scores and reasons from the scores (highest score first,
/// the criteria where it led). Nothing is stored.
#[utoipa::path(get, path = "/decisions/draft", tag = "decisions",
    params(DraftQuery),
    responses(
        (status = 200, body = super::draft::DecisionDraft),
        (status = 400, description = "The category id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "A member or viewer: only owners and admins propose decisions", body = ErrorBody),
    ))]
pub async fn get_draft(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Query(query): Query<DraftQuery>,
) -> Result<Json<super::draft::DecisionDraft>> {
    if !member.role.manages_firm() {
        return Err(crate::platform::error::forbidden(DRAFT_MANAGERS_ONLY));
    }
    let category = match query.category_id.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(CategoryId::parse(raw)?.get()),
    };
    let user = member.user;
    state
        .blocking(move |app| {
            let record = match category {
                Some(c) => {
                    let record = record::evaluation(&app.store, &app.catalog, user.firm.id, c)?;
                    record::evaluation_for(&app.store, &user, c, record)?
                }
                None => None,
            };
            Ok(Json(super::draft::draft(record.as_ref())))
        })
        .await
}

/// GET /api/decisions/{id}: the decision, each approver's state and the current record (the live
/// record, as the next version when what it holds changed: shown, stored by the next write).
#[utoipa::path(get, path = "/decisions/{id}", tag = "decisions",
    params(("id" = u64, Path, description = "The decision's id")),
    responses(
        (status = 200, body = DecisionView),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "The firm has no decision of that id", body = ErrorBody),
    ))]
pub async fn get_decision(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Path(id): Path<DecisionId>,
) -> Result<Json<DecisionView>> {
    let id = id.get();
    let user = member.user;
    state
        .blocking(move |app| {
            let (d, versions) = decide::read(app, user.firm.id, id, now_secs())?;
            Ok(Json(view(app, &d, &versions, &user)?))
        })
        .await
}

/// PUT /api/decisions/{id}: an owner or admin edits an open decision (a new version).
#[utoipa::path(put, path = "/decisions/{id}", tag = "decisions",
    params(("id" = u64, Path, description = "The decision's id")),
    request_body = DecisionRequest,
    responses(
        (status = 200, body = DecisionView),
        (status = 400, description = "A missing or invalid value (the message names the field)", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::MemberOrViewerOrForeignOrigin,
        (status = 404, description = "The firm has no decision of that id", body = ErrorBody),
        (status = 409, description = "The decision is final: its record is frozen", body = ErrorBody),
    ))]
pub async fn edit(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Path(id): Path<DecisionId>,
    Json(request): Json<DecisionRequest>,
) -> Result<Json<DecisionView>> {
    let id = id.get();
    member.role.may_manage()?;
    let base = crate::accounts::links::base(&state.config);
    let parsed = parse(request)?;
    let user = member.user;
    state
        .blocking(move |app| {
            if super::storage::get(&app.store, user.firm.id, id)?.is_none() {
                return Err(not_found(format!("There is no decision with id {id}")));
            }
            let terms = decide::terms(app, user.firm.id, parsed)?;
            let (d, v) = decide::edit(app, &user, id, terms, base.as_deref(), now_secs())?;
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::DecisionEdited,
                format!(
                    "Edited decision {} (now version {}, {})",
                    d.id,
                    v.n,
                    &v.hash[..12]
                ),
            );
            let versions = super::storage::versions(&app.store, user.firm.id, d.id)?;
            Ok(Json(view(app, &d, &versions, &user)?))
        })
        .await
}

async fn answer(
    state: DecisionsState,
    member: FirmMember,
    id: DecisionId,
    request: VerdictRequest,
    verdict: Verdict,
) -> Result<Response> {
    let id = id.get();
    let (hash, comment) = parse_verdict(request, verdict)?;
    let user = member.user;
    state
        .blocking(move |app| {
            match decide::verdict(app, &user, id, verdict, hash, comment, now_secs())? {
                VerdictOutcome::Stale { current_hash } => Ok((
                    StatusCode::CONFLICT,
                    Json(StaleBody {
                        error: STALE.into(),
                        current_hash,
                    }),
                )
                    .into_response()),
                VerdictOutcome::Recorded(d) => {
                    let versions = super::storage::versions(&app.store, user.firm.id, d.id)?;
                    let v = versions.last().map(|v| (v.n, v.hash[..12].to_string()));
                    let (n, short) = v.unwrap_or_default();
                    let (action, what) = match verdict {
                        Verdict::Approved => (AuditAction::DecisionApproved, "Approved"),
                        Verdict::Objected => (AuditAction::DecisionObjected, "Objected to"),
                    };
                    audit::record(
                        &app.store,
                        user.firm.id,
                        Some(&user),
                        action,
                        format!("{what} decision {id}, version {n} ({short})"),
                    );
                    if d.status == DecisionStatus::Final {
                        audit::record(
                            &app.store,
                            user.firm.id,
                            Some(&user),
                            AuditAction::DecisionFinal,
                            format!("Decision {id} is final: every approver approved version {n} ({short})"),
                        );
                    }
                    Ok(Json(view(app, &d, &versions, &user)?).into_response())
                }
            }
        })
        .await
}

/// POST /api/decisions/{id}/approve: an approver approves the version of `versionHash`. The last
/// approval of the current version makes the decision final.
#[utoipa::path(post, path = "/decisions/{id}/approve", tag = "decisions",
    params(("id" = u64, Path, description = "The decision's id")),
    request_body = VerdictRequest,
    responses(
        (status = 200, body = DecisionView),
        (status = 400, description = "A missing hash or a too long comment", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotApproverOrForeignOrigin,
        (status = 404, description = "The firm has no decision of that id", body = ErrorBody),
        (status = 409, description = "The hash is not the current version's (\"This decision changed since you opened it\"; the body adds the current hash as `currentHash`), or the decision is final", body = ErrorBody),
    ))]
pub async fn approve(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Path(id): Path<DecisionId>,
    Json(request): Json<VerdictRequest>,
) -> Result<Response> {
    answer(state, member, id, request, Verdict::Approved).await
}

/// POST /api/decisions/{id}/object: an approver objects to the version of `versionHash`, saying
/// why.
#[utoipa::path(post, path = "/decisions/{id}/object", tag = "decisions",
    params(("id" = u64, Path, description = "The decision's id")),
    request_body = VerdictRequest,
    responses(
        (status = 200, body = DecisionView),
        (status = 400, description = "A missing hash or comment, or a too long comment", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotApproverOrForeignOrigin,
        (status = 404, description = "The firm has no decision of that id", body = ErrorBody),
        (status = 409, description = "The hash is not the current version's (\"This decision changed since you opened it\"; the body adds the current hash as `currentHash`), or the decision is final", body = ErrorBody),
    ))]
pub async fn object(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Path(id): Path<DecisionId>,
    Json(request): Json<VerdictRequest>,
) -> Result<Response> {
    answer(state, member, id, request, Verdict::Objected).await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct VersionQuery {
    /// `json` (the canonical form itself: its SHA-256 is the version's hash) or `csv`.
    #[serde(default)]
    format: Option<String>,
}

/// GET /api/decisions/{id}/versions/{n}: a stored version of the record, as its canonical JSON
/// (hash it to check it) or as CSV (the header, then the version and its hash, then one row per
/// fact); for a caller who may not see some scorecards yet, without them (`scoresHidden` says so).
#[utoipa::path(get, path = "/decisions/{id}/versions/{n}", tag = "decisions",
    params(
        ("id" = u64, Path, description = "The decision's id"),
        ("n" = u32, Path, description = "The version, from 1"),
        VersionQuery,
    ),
    responses(
        (status = 200, description = "The version's canonical JSON (RFC 8785), or CSV with `?format=csv`. For a caller who may not see some scorecards yet (they have not submitted their own and the decision is not final) they are left out and `scoresHidden` says so: that answer does not hash to the version's hash",
            content(("application/json"), ("text/csv"))),
        (status = 400, description = "An id that is not a whole number, or an unknown format", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such decision or version", body = ErrorBody),
    ))]
pub async fn get_version(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Path((id, n)): Path<(DecisionId, VersionId)>,
    Query(query): Query<VersionQuery>,
) -> Result<Response> {
    let (id, n) = (id.get(), n.get());
    let csv = match query.format.as_deref() {
        None | Some("" | "json") => false,
        Some("csv") => true,
        Some(other) => {
            return Err(bad_request(format!(
                "Unknown format {other:?}: use csv or json"
            )));
        }
    };
    let user = member.user;
    let firm_id = user.firm.id;
    state
        .blocking(move |app| {
            let (d, versions) = decide::read(app, firm_id, id, now_secs())?;
            let v = versions
                .into_iter()
                .find(|v| u64::from(v.n) == n)
                .ok_or_else(|| not_found(format!("Decision {id} has no version {n}")))?;
            let (shown, hidden) =
                record::Audience::read(&app.store, &d, &user)?.render(&parse_value(&v.content));
            if csv {
                let mut file = crate::platform::download::CsvFile::default();
                for row in record::csv_rows(&shown, v.n, &v.hash) {
                    file.row(row)?;
                }
                return Ok(crate::platform::download::csv_response(
                    file.finish(),
                    &format!("decision-{id}-v{}.csv", v.n),
                ));
            }
            // The stored canonical text itself, unless some of it is not the caller's to read
            // yet: then the record without it, which says so in `scoresHidden`.
            let body = match hidden {
                None => v.content,
                Some(_) => super::canonical::canonical(&shown),
            };
            Ok((
                [
                    (header::CONTENT_TYPE, "application/json".to_string()),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("inline; filename=\"decision-{id}-v{}.json\"", v.n),
                    ),
                ],
                body,
            )
                .into_response())
        })
        .await
}

/// POST /api/decisions/{id}/tech-stack: answers "Replace <current> with <chosen> in your tech
/// stack?" after the decision went final with another tool in the category.
#[utoipa::path(post, path = "/decisions/{id}/tech-stack", tag = "decisions",
    params(("id" = u64, Path, description = "The decision's id")),
    request_body = TechStackRequest,
    responses(
        (status = 200, body = DecisionView),
        (status = 400, description = "replace is missing", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::MemberOrViewerOrForeignOrigin,
        (status = 404, description = "The firm has no decision of that id", body = ErrorBody),
        (status = 409, description = "The decision asks nothing about the tech stack", body = ErrorBody),
    ))]
pub async fn tech_stack(
    State(state): State<DecisionsState>,
    member: FirmMember,
    Path(id): Path<DecisionId>,
    Json(request): Json<TechStackRequest>,
) -> Result<Json<DecisionView>> {
    let id = id.get();
    member.role.may_manage()?;
    let replace = request
        .replace
        .ok_or_else(|| bad_request("replace is required: true or false"))?;
    let user = member.user;
    state
        .blocking(move |app| {
            let d = decide::answer_tech_stack(app, &user, id, replace)?;
            let (d, versions) = decide::read(app, user.firm.id, d.id, now_secs())?;
            Ok(Json(view(app, &d, &versions, &user)?))
        })
        .await
}
