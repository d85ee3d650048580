//! Meeting clicks: a signed-in user asked to schedule a meeting with a vendor. Each click is
//! stored with the user, the vendor, the screen it came from and the time, and answered with the
//! vendor's booking link (tagged with our `utm_source`) for the browser to open.
//!
//! Invariant: a click is only recorded for a vendor that exists and has a scheduler, so every
//! stored click points at a link the user could actually follow.

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use super::outbound::with_utm;
use crate::accounts::CurrentUser;
use crate::error::{Result, bad_request};
use crate::extract::Json;
use crate::state::{AppState, now_secs};
use crate::store::{self, MEETING_CLICKS, codec};

/// How many of a user's own clicks `GET /api/meeting-clicks` returns.
pub const RECENT_CLICKS: usize = 50;

/// The screen a click came from (SPEC section 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum SourcePage {
    #[serde(rename = "BROWSE")]
    Browse,
    #[serde(rename = "PAST_RECS")]
    PastRecs,
    #[serde(rename = "GET_REC_STAGES")]
    GetRecStages,
    #[serde(rename = "GET_REC")]
    GetRec,
    #[serde(rename = "COMPARE")]
    Compare,
    /// The vendor's profile page.
    #[serde(rename = "PROFILE")]
    Profile,
}

impl SourcePage {
    pub fn parse(raw: &str) -> Result<SourcePage> {
        match raw {
            "BROWSE" => Ok(SourcePage::Browse),
            "PAST_RECS" => Ok(SourcePage::PastRecs),
            "GET_REC_STAGES" => Ok(SourcePage::GetRecStages),
            "GET_REC" => Ok(SourcePage::GetRec),
            "COMPARE" => Ok(SourcePage::Compare),
            "PROFILE" => Ok(SourcePage::Profile),
            _ => Err(bad_request(
                "sourcePage must be one of BROWSE, PAST_RECS, GET_REC_STAGES, GET_REC, COMPARE, PROFILE",
            )),
        }
    }
}

/// One stored click (table `MEETING_CLICKS`, keyed by id; ids grow with time).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct MeetingClick {
    pub id: u64,
    pub user_id: u64,
    pub vendor_id: u64,
    pub source_page: SourcePage,
    /// Unix seconds.
    pub at: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct MeetingClickRequest {
    vendor_id: u64,
    /// Text, so that an unknown value gets our own message listing the valid ones.
    #[schema(value_type = SourcePage)]
    source_page: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct MeetingClickView {
    id: u64,
    vendor_id: u64,
    vendor_name: Option<String>,
    source_page: SourcePage,
    /// The vendor's scheduler with `utm_source`; absent in the list when the vendor lost it since.
    booking_url: Option<String>,
    #[schema(format = DateTime)]
    recorded_at: String,
}

pub fn router() -> Router<AppState> {
    Router::new().route("/meeting-clicks", post(record_click).get(list_clicks))
}

fn view(state: &AppState, click: &MeetingClick) -> MeetingClickView {
    let catalog = state.catalog.load();
    let vendor = catalog.vendor(click.vendor_id);
    MeetingClickView {
        id: click.id,
        vendor_id: click.vendor_id,
        vendor_name: vendor.map(|v| v.name.clone()),
        source_page: click.source_page,
        booking_url: vendor
            .and_then(|v| v.booking_url.as_deref())
            .and_then(|url| with_utm(url, &state.config.utm_source)),
        recorded_at: rfc3339(click.at),
    }
}

pub fn rfc3339(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// POST /api/meeting-clicks: records a click on a vendor's Schedule Meeting and answers the
/// scheduler link to open.
#[utoipa::path(post, path = "/meeting-clicks", tag = "catalog",
    request_body = MeetingClickRequest,
    responses(
        (status = 201, body = MeetingClickView),
        (status = 400, description = "Invalid input, no such vendor, or a vendor without a scheduler", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "A foreign origin", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large", body = crate::error::ErrorBody),
    ))]
pub(super) async fn record_click(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<MeetingClickRequest>,
) -> Result<(StatusCode, Json<MeetingClickView>)> {
    let source_page = SourcePage::parse(&req.source_page)?;
    {
        let catalog = state.catalog.load();
        let vendor = catalog
            .vendor(req.vendor_id)
            .ok_or_else(|| bad_request(format!("There is no vendor with id {}", req.vendor_id)))?;
        let has_scheduler = vendor
            .booking_url
            .as_deref()
            .is_some_and(|url| with_utm(url, &state.config.utm_source).is_some());
        if !has_scheduler {
            return Err(bad_request("This vendor has no scheduler"));
        }
    }
    let user_id = user.user.id;
    let click = state
        .blocking(move |app| {
            let txn = app.store.write()?;
            let click = MeetingClick {
                id: store::next_id(&txn, "meeting_clicks")?,
                user_id,
                vendor_id: req.vendor_id,
                source_page,
                at: now_secs(),
            };
            txn.open_table(MEETING_CLICKS)?
                .insert(click.id, codec::encode(&click).as_slice())?;
            // A booked demo puts the vendor on the shortlist, in the same commit as the click.
            crate::shortlist::demo_booked(&txn, user_id, click.vendor_id, click.at)?;
            txn.commit()?;
            Ok(click)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view(&state, &click))))
}

/// The user's own clicks on one vendor, newest first (the vendor profile's history). Walks the
/// whole table: clicks are human-paced, so it stays small.
pub fn user_vendor_clicks(
    app: &crate::App,
    user_id: u64,
    vendor_id: u64,
) -> Result<Vec<MeetingClick>> {
    let txn = app.store.read()?;
    let table = txn.open_table(MEETING_CLICKS)?;
    let mut out = Vec::new();
    for entry in table.iter()?.rev() {
        let click: MeetingClick = codec::decode(entry?.1.value())?;
        if click.user_id == user_id && click.vendor_id == vendor_id {
            out.push(click);
        }
    }
    Ok(out)
}

/// The signed-in user's own clicks, newest first. Ids grow with time, so walking the table
/// backwards finds the newest first and stops after `RECENT_CLICKS`; clicks are human-paced, so
/// this scan stays small without a per-user index.
#[utoipa::path(get, path = "/meeting-clicks", tag = "catalog",
    responses(
        (status = 200, body = Vec<MeetingClickView>),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
pub(super) async fn list_clicks(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Vec<MeetingClickView>>> {
    let user_id = user.user.id;
    let clicks = state
        .blocking(move |app| {
            let txn = app.store.read()?;
            let table = txn.open_table(MEETING_CLICKS)?;
            let mut mine = Vec::new();
            for entry in table.iter()?.rev() {
                let click: MeetingClick = codec::decode(entry?.1.value())?;
                if click.user_id == user_id {
                    mine.push(click);
                    if mine.len() == RECENT_CLICKS {
                        break;
                    }
                }
            }
            Ok(mine)
        })
        .await?;
    Ok(Json(clicks.iter().map(|c| view(&state, c)).collect()))
}
