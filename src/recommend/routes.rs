//! The recommendation routes.

use std::collections::{HashMap, HashSet};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use super::inputs::{self, FirmContext};
use super::pick_for_me::{self, DemandTiers};
use super::ranking::{self, Demand, PeerGroup, RankInputs};
use super::responses::{self, ResponseRequest};
use super::storage::{self, PickSet, PickSource, StageSave, StoredPick};
use crate::accounts::CurrentUser;
use crate::accounts::model::User;
use crate::catalog::listing::{Page, parse_category_ids, parse_page, parse_page_size};
use crate::catalog::{Catalog, Vendor, vendor_view};
use crate::error::{Result, bad_request, not_found};
use crate::extract::{Json, Query};
use crate::state::{App, AppState, now_secs};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/responses", post(submit_response))
        .route("/recommendations/compute", post(compute))
        .route("/recommendations/pick-for-me", post(pick_for_me))
        .route(
            "/recommendations/persisted",
            get(persisted).delete(clear_picks),
        )
        .route("/recommendations/picks/{vendor_id}", delete(dismiss_pick))
        .route("/recommendations/overview", get(overview))
        .route("/past-recommendations", get(past_recommendations))
}

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
    Ok((StatusCode::CREATED, Json(json!({ "responseId": id }))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ComputeRequest {
    response_id: u64,
    category_id: u64,
}

/// The peer group a firm's own-size demand comes from.
fn own_peers(ctx: &FirmContext) -> PeerGroup {
    match ctx.size {
        Some(size) => PeerGroup::Sizes(vec![size]),
        None => PeerGroup::AllFirms,
    }
}

fn pick_json(vendor: &Vendor, reason: &str) -> Value {
    json!({
        "vendorId": vendor.id,
        "name": vendor.name,
        "logoUrl": vendor.logo_url,
        "reason": reason,
        "websiteUrl": vendor.website_url,
        "bookingUrl": vendor.booking_url,
        "priceBracket": vendor.price_bracket,
    })
}

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
    let needs = responses::needs(&catalog, category.id, &response.answers);
    let ctx = inputs::firm_context(app, user)?;
    let dismissed = storage::dismissed(app, user.id)?;
    let owned = ctx.owned_in(category.id);
    let peers = own_peers(&ctx);
    let sizes = match &peers {
        PeerGroup::Sizes(s) => s.clone(),
        PeerGroup::AllFirms => Vec::new(),
    };
    let counts = inputs::demand(app, &sizes);
    let ranked = ranking::rank(
        catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == category.id),
        &RankInputs {
            needs: &needs,
            firm_size: ctx.size,
            firm_tools: &ctx.tool_names,
            owned_vendor_ids: &owned,
            dismissed: &dismissed,
            demand: Demand {
                counts: &counts,
                peers: peers.clone(),
            },
            partner_weight: app.config.partner_weight,
        },
    );

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
                reason: card_reason(r),
            })
            .collect(),
        source: PickSource::Questionnaire,
        note: None,
        used_size_fallback: false,
        at: now_secs(),
    };
    let history = top
        .iter()
        .map(|r| (r.vendor.id, r.reasons.clone()))
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

    let vendors: Vec<Value> = ranked
        .iter()
        .map(|r| {
            json!({
                "vendor": vendor_view(&catalog, r.vendor),
                "score": r.score,
                "rank": r.rank,
                "matchedTags": r.matched,
                "missingTags": r.missing,
                "reasons": r.reasons,
                "breakdown": r.breakdown,
                "alreadyUsed": r.already_used,
            })
        })
        .collect();
    Ok(json!({
        "vendors": vendors,
        "peerGroup": peers.phrase(),
        "firmSizeSource": match ctx.size_source {
            inputs::SizeSource::Profile => "profile",
            inputs::SizeSource::Onboarding => "onboarding",
            inputs::SizeSource::Unknown => "unknown",
        },
    }))
}

/// The stage card shows one reason: the needs sentence, unless the vendor is already in use.
fn card_reason(r: &ranking::Ranked) -> String {
    r.reasons
        .iter()
        .find(|s| !s.starts_with("You already use"))
        .cloned()
        .unwrap_or_default()
}

async fn pick_for_me(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Value>> {
    let user = current.user;
    state
        .blocking(move |app| pick_for_me_for(app, &user))
        .await
        .map(Json)
}

/// Picks up to three vendors per stage from recent demo bookings of similar firms, saves them
/// and returns every stage's picks.
pub fn pick_for_me_for(app: &App, user: &User) -> Result<Value> {
    let catalog = app.catalog.load();
    let ctx = inputs::firm_context(app, user)?;
    let dismissed = storage::dismissed(app, user.id)?;
    let (exact, near) = match ctx.size {
        Some(size) => (
            inputs::demand(app, &[size]),
            inputs::demand(app, &pick_for_me::neighbourhood(size)),
        ),
        None => (HashMap::new(), HashMap::new()),
    };
    let all = inputs::demand(app, &[]);
    let tiers = DemandTiers {
        exact: &exact,
        neighbours: &near,
        all: &all,
    };
    let at = now_secs();
    let mut sets = Vec::new();
    for stage in catalog.stages() {
        let vendors: Vec<&Vendor> = catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == stage.id)
            .collect();
        let mut excluded: HashSet<u64> = ctx.owned_in(stage.id);
        excluded.extend(dismissed.iter().copied());
        let picked =
            pick_for_me::pick_stage(&vendors, ctx.size, &excluded, &ctx.tool_names, &tiers);
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
            category_id: stage.id,
            set,
            history,
        });
    }
    storage::save_picks(app, user.id, &sets)?;
    persisted_view(app, user.id, &catalog)
}

/// The saved picks of every stage, as SPEC's persisted / Pick For Me result.
fn persisted_view(app: &App, user_id: u64, catalog: &Catalog) -> Result<Value> {
    let dismissed = storage::dismissed(app, user_id)?;
    let sets = storage::pick_sets(app, user_id)?;
    let mut any_fallback = false;
    let mut items = Vec::new();
    for stage in catalog.stages() {
        let Some((_, set)) = sets.iter().find(|(c, _)| *c == stage.id) else {
            continue;
        };
        let picks: Vec<Value> = set
            .picks
            .iter()
            .filter(|p| !dismissed.contains(&p.vendor_id))
            .filter_map(|p| {
                catalog
                    .vendor(p.vendor_id)
                    .filter(|v| v.is_active)
                    .map(|v| pick_json(v, &p.reason))
            })
            .collect();
        any_fallback |= set.used_size_fallback;
        items.push(json!({
            "categoryId": stage.id,
            "categoryName": stage.name,
            "picks": picks,
            "note": set.note,
            "source": set.source.code(),
            "usedSizeFallback": set.used_size_fallback,
        }));
    }
    Ok(json!({ "items": items, "usedAnySizeFallback": any_fallback }))
}

async fn persisted(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Value>> {
    let user_id = current.user.id;
    state
        .blocking(move |app| persisted_view(app, user_id, &app.catalog.load()))
        .await
        .map(Json)
}

async fn clear_picks(State(state): State<AppState>, current: CurrentUser) -> Result<StatusCode> {
    let user_id = current.user.id;
    state
        .blocking(move |app| storage::clear_picks(app, user_id))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn dismiss_pick(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(raw): Path<String>,
) -> Result<StatusCode> {
    let vendor_id: u64 = raw
        .parse()
        .map_err(|_| bad_request("The vendor id must be a whole number"))?;
    let user_id = current.user.id;
    let found = state
        .blocking(move |app| storage::dismiss(app, user_id, vendor_id))
        .await?;
    if !found {
        return Err(not_found("That vendor is not one of your picks"));
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn overview(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Value>> {
    let user_id = current.user.id;
    state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let view = persisted_view(app, user_id, &catalog)?;
            let responded = storage::responded_categories(app, user_id)?;
            let mut completed = 0;
            let stages: Vec<Value> = catalog
                .stages()
                .iter()
                .map(|c| {
                    let picks = view["items"]
                        .as_array()
                        .and_then(|items| items.iter().find(|i| i["categoryId"] == c.id))
                        .and_then(|i| i["picks"].as_array())
                        .map_or(0, Vec::len);
                    let status = if picks > 0 {
                        completed += 1;
                        "completed"
                    } else if responded.contains(&c.id) {
                        "in_progress"
                    } else {
                        "not_started"
                    };
                    json!({
                        "stage": c.stage,
                        "categoryId": c.id,
                        "categoryName": c.name,
                        "status": status,
                        "picks": picks,
                    })
                })
                .collect();
            Ok(Json(json!({
                "stagesCompleted": completed,
                "totalStages": stages.len(),
                "stages": stages,
            })))
        })
        .await
}

/// The query of GET /api/past-recommendations. Anything else (such as a user id) is ignored:
/// the history is always the signed-in user's own.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PastQuery {
    category_ids: Option<String>,
    page: Option<String>,
    page_size: Option<String>,
}

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
            let all: Vec<Value> = storage::past(app, user_id)?
                .into_iter()
                .filter(|(c, ..)| categories.is_empty() || categories.contains(c))
                .filter_map(|(category_id, vendor_id, rec)| {
                    let vendor = catalog.vendor(vendor_id)?;
                    let at = chrono::DateTime::from_timestamp(rec.at, 0)?;
                    Some(json!({
                        "recommendationId": format!("{category_id}-{vendor_id}"),
                        "vendor": vendor_view(&catalog, vendor),
                        "categoryId": category_id,
                        "recommendedAt": at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                        "reasons": { "strengths": rec.strengths },
                    }))
                })
                .collect();
            let page = Page::of(all, page, page_size);
            Ok(Json(json!(page)))
        })
        .await
}
