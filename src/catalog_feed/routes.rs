//! The feed's routes: the signed file this install serves, and the operator's part of Manage
//! Vendors (where to pull from, the publisher's key, the schedule, a pull now, and the choices a
//! pull left open).

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::FeedState;
use super::apply::{self, PullReport};
use super::signed::PublicKey;
use super::state::{Applied, Attempt, Schedule, Subscription};
use super::storage::{self, SUBSCRIPTION};
use crate::catalog::storage::removal;
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::error::{Result, bad_request, not_found};
use crate::platform::extract::Json;

/// GET /api/catalog/feed: the signed catalog this install publishes, as its publisher placed it.
#[utoipa::path(get, path = "/catalog/feed", tag = "catalog", security(()),
    responses(
        (status = 200, description = "The signed feed file (JSON)", content_type = "application/json", body = Vec<u8>),
        (status = 404, description = "This install serves no feed", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn served_feed(
    State(state): State<FeedState>,
) -> Result<axum::response::Response> {
    let Some(path) = state.served_file.clone() else {
        return Err(not_found("This install publishes no catalog feed."));
    };
    let bytes = tokio::fs::read(path.as_path()).await.map_err(|e| {
        tracing::warn!(path = %path.display(), "the catalog feed file cannot be read: {e}");
        not_found("This install's catalog feed file cannot be read now.")
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response())
}

/// A fact both this install and the feed changed, as the operator chooses between them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub vendor_id: u64,
    pub vendor: String,
    /// The fact's name (`bookingLink`, `hipaaBaa`, …).
    pub fact: String,
    /// This install's value and the feed's, as text ("Not stated" when absent).
    pub local: String,
    pub feed: String,
}

/// The feed this install follows, as Manage Vendors shows it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedStatus {
    pub source: Option<String>,
    pub public_key: Option<String>,
    pub schedule: Schedule,
    pub applied: Option<Applied>,
    /// The applied version is past its expiry day.
    pub stale: bool,
    pub last_attempt: Option<Attempt>,
    pub choices: Vec<Choice>,
    /// Whether this install serves a signed feed of its own at /api/catalog/feed.
    pub serves_feed: bool,
}

/// A fact's value as one line of text.
fn describe(v: &Value) -> String {
    let value = match v {
        Value::Object(o) if o.contains_key("provenance") => o.get("value").unwrap_or(&Value::Null),
        other => other,
    };
    match value {
        Value::Null => "Not stated".into(),
        Value::Bool(true) => "Yes".into(),
        Value::Bool(false) => "No".into(),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) => items.iter().map(describe).collect::<Vec<_>>().join(", "),
        Value::Object(o) => o
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| format!("{k}: {}", describe(v)))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

fn status_of(state: &FeedState, sub: Subscription) -> FeedStatus {
    let catalog = state.catalog.load();
    let today = crate::platform::clock::today()
        .format("%Y-%m-%d")
        .to_string();
    FeedStatus {
        stale: sub.applied.as_ref().is_some_and(|a| a.expires_on < today),
        source: sub.source,
        public_key: sub.public_key.map(|k| k.to_string()),
        schedule: sub.schedule,
        applied: sub.applied,
        last_attempt: sub.last_attempt,
        choices: sub
            .conflicts
            .iter()
            .map(|c| Choice {
                vendor_id: c.vendor_id,
                vendor: catalog
                    .vendor(c.vendor_id)
                    .map_or_else(|| format!("Vendor {}", c.vendor_id), |v| v.name.clone()),
                fact: c.fact.clone(),
                local: describe(&c.local),
                feed: describe(&c.feed),
            })
            .collect(),
        serves_feed: state.served_file.is_some(),
    }
}

fn read_status(state: &FeedState) -> Result<FeedStatus> {
    let sub: Subscription = storage::get(&state.store, SUBSCRIPTION)?.unwrap_or_default();
    Ok(status_of(state, sub))
}

/// GET /api/admin/catalog-feed: the feed this install follows.
#[utoipa::path(get, path = "/admin/catalog-feed", tag = "admin",
    responses(
        (status = 200, body = FeedStatus),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
    ))]
pub(super) async fn feed_status(
    State(state): State<FeedState>,
    AdminUser(_): AdminUser,
) -> Result<Json<FeedStatus>> {
    Ok(Json(state.blocking(read_status).await?))
}

/// Where to pull from, whose key signs it, and how often.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubscriptionEdit {
    /// An http(s) address, or the absolute path of a file on this server; empty: none.
    pub source: Option<String>,
    /// The publisher's public key ("ed25519:" and 64 hexadecimal digits); empty: none.
    pub public_key: Option<String>,
    pub schedule: Schedule,
}

fn check_source(state: &FeedState, raw: &str) -> Result<String> {
    super::FeedSource::parse(raw, &state.outbound, Some(&state.data_dir)).map_err(bad_request)?;
    Ok(raw.trim().to_string())
}

/// PUT /api/admin/catalog-feed: sets where the feed comes from and the schedule.
#[utoipa::path(put, path = "/admin/catalog-feed", tag = "admin",
    request_body = SubscriptionEdit,
    responses(
        (status = 200, body = FeedStatus),
        (status = 400, description = "An invalid source or key, or a schedule without both", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn set_feed_source(
    State(state): State<FeedState>,
    AdminUser(admin): AdminUser,
    Json(edit): Json<SubscriptionEdit>,
) -> Result<Json<FeedStatus>> {
    let blank = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    let source = blank(edit.source)
        .map(|s| check_source(&state, &s))
        .transpose()?;
    let key = blank(edit.public_key)
        .map(|k| PublicKey::parse(&k).map_err(|e| bad_request(format!("The public key: {e}"))))
        .transpose()?;
    let status = state
        .blocking(move |state| {
            let mut tx = state.store.begin()?;
            removal::lock_in(&mut tx)?;
            let mut sub: Subscription = storage::get_in(&mut tx, SUBSCRIPTION)?.unwrap_or_default();
            if edit.schedule != Schedule::Never
                && (source.is_none() || (key.is_none() && sub.trusted.is_empty()))
            {
                return Err(bad_request(
                    "A schedule needs the feed's source and the publisher's public key",
                ));
            }
            sub.source = source;
            sub.public_key = key;
            sub.schedule = edit.schedule;
            storage::put_in(&mut tx, SUBSCRIPTION, &sub)?;
            tx.commit()?;
            Ok(status_of(state, sub))
        })
        .await?;
    tracing::info!(target: "security", user_id = admin.id, "catalog feed settings changed");
    Ok(Json(status))
}

/// Pulls from the configured source now (the schedule's pass, too).
pub async fn pull_configured(state: &FeedState) -> Result<PullReport> {
    let sub: Subscription = state
        .blocking(|s| Ok(storage::get(&s.store, SUBSCRIPTION)?.unwrap_or_default()))
        .await?;
    let Some(source) = sub.source.clone() else {
        return Err(bad_request("Set the feed's source first"));
    };
    // Read again at each pull: a source saved before the rule, or before the operator changed
    // --fetch-private-hosts, is held to today's.
    let data_dir = Some(state.data_dir.as_path());
    let fetched = match super::FeedSource::parse(&source, &state.outbound, data_dir) {
        Ok(source) => super::fetch(&source, &state.outbound, data_dir).await,
        Err(message) => Err(message),
    };
    let bytes = match fetched {
        Ok(bytes) => bytes,
        Err(message) => {
            let attempt = Attempt {
                at: crate::platform::clock::now_secs(),
                ok: false,
                message: message.clone(),
            };
            state
                .blocking(move |s| apply::note_attempt(&s.store, attempt))
                .await?;
            return Err(bad_request(message));
        }
    };
    state
        .blocking(move |s| apply::pull(&s.store, &s.catalog, &bytes, sub.public_key))
        .await
}

/// POST /api/admin/catalog-feed/pull: fetches the feed from its source and applies it.
#[utoipa::path(post, path = "/admin/catalog-feed/pull", tag = "admin",
    responses(
        (status = 200, body = PullReport),
        (status = 400, description = "No source, or the file was refused (its signature, its name, an older version); the message says which, and nothing changed", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
    ))]
pub(super) async fn pull_feed_now(
    State(state): State<FeedState>,
    AdminUser(admin): AdminUser,
) -> Result<Json<PullReport>> {
    let report = pull_configured(&state).await?;
    tracing::info!(target: "security", user_id = admin.id, feed = %report.feed, version = report.version, "catalog feed applied");
    Ok(Json(report))
}

/// Which value of a fact to keep.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Keep {
    Feed,
    Local,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChoiceMade {
    pub vendor_id: u64,
    pub fact: String,
    pub keep: Keep,
}

/// POST /api/admin/catalog-feed/choices: keeps the feed's value of a fact, or this install's.
#[utoipa::path(post, path = "/admin/catalog-feed/choices", tag = "admin",
    request_body = ChoiceMade,
    responses(
        (status = 200, body = FeedStatus),
        (status = 400, description = "An invalid field", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such open choice", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn choose_feed_value(
    State(state): State<FeedState>,
    AdminUser(admin): AdminUser,
    Json(choice): Json<ChoiceMade>,
) -> Result<Json<FeedStatus>> {
    let take_feed = matches!(choice.keep, Keep::Feed);
    let vendor_id = choice.vendor_id;
    let status = state
        .blocking(move |s| {
            apply::resolve(
                &s.store,
                &s.catalog,
                choice.vendor_id,
                &choice.fact,
                take_feed,
            )?;
            read_status(s)
        })
        .await?;
    tracing::info!(target: "security", user_id = admin.id, vendor_id, take_feed, "catalog feed choice made");
    Ok(Json(status))
}

/// The schedule's pass (hourly): pulls when the operator's schedule says the last attempt is old
/// enough. A refused file is recorded as the last attempt, for the operator to see.
pub async fn scheduled_pull(state: &FeedState) -> Result<()> {
    let sub: Subscription = state
        .blocking(|s| Ok(storage::get(&s.store, SUBSCRIPTION)?.unwrap_or_default()))
        .await?;
    let Some(every) = sub.schedule.every_secs() else {
        return Ok(());
    };
    let last = sub.last_attempt.as_ref().map_or(0, |a| a.at);
    if crate::platform::clock::now_secs() - last < every || sub.source.is_none() {
        return Ok(());
    }
    match pull_configured(state).await {
        Ok(report) => {
            tracing::info!(feed = %report.feed, version = report.version, "catalog feed applied on schedule")
        }
        // Recorded as the last attempt: the operator sees it on Manage Vendors.
        Err(e) => tracing::warn!("the scheduled catalog pull was refused: {e}"),
    }
    Ok(())
}
