//! Contracts and renewals: `GET|PUT /api/techstack/{toolId}/contract`, `GET /api/renewals`
//! (JSON, or `?format=ics`), the firm's secret calendar feed (`POST|DELETE|GET
//! /api/firm/calendar-feed`) and the feed itself (`GET /api/calendar/{token}.ics`, no session).
//!
//! A tool is a catalog vendor the firm lists in its tech stack (a category answered Yes). A vendor
//! the firm does not list answers 404, another firm's tool included. Every "today" is the
//! server's clock (`deadline::today`), so a reminder task computes the same deadlines.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::accounts::audit::{self, AuditAction};
use crate::catalog::Catalog;
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{ErrorBody, Result, bad_request, not_found};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::firm_id::FirmId;
use crate::platform::ids::ToolId;
use crate::platform::store::Store;

use super::contracts::{self, Contract, ContractRequest};
use super::model::Adoption;
use super::storage::contracts::{self as store_contracts, Feed};
use super::{deadline, ics};

/// What contracts and renewals need: the store, the catalog (tool names) and the config (the
/// feed URL's origin).
#[derive(Clone)]
pub struct RenewalsState {
    pub store: std::sync::Arc<Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub config: std::sync::Arc<crate::platform::config::Config>,
}

/// A tool's contract with its next renewal and opt-out deadline.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractView {
    pub tool_id: u64,
    pub tool_name: String,
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    /// YYYY-MM-DD.
    pub start_date: String,
    pub term_months: u32,
    /// The renewal date as saved (YYYY-MM-DD).
    pub renewal_date: String,
    pub notice_days: u32,
    /// In cents.
    pub annual_cost: u64,
    pub seats: u32,
    pub responsible_user_id: u64,
    /// The responsible person's name; null when they have left the firm.
    pub responsible_name: Option<String>,
    /// The renewal the firm faces next: the saved one, or, once it has passed, the saved one
    /// plus whole terms (contracts renew automatically).
    pub next_renewal_date: String,
    /// The next renewal date minus the notice days: the last day to give notice.
    pub opt_out_deadline: String,
    /// Days from today (UTC, the server's clock) to the deadline; negative once passed.
    pub days_until_deadline: i64,
    /// The notice is longer than the term: it was due before the contract (or this term)
    /// started.
    pub notice_before_start: bool,
    /// RFC 3339.
    pub updated_at: String,
    pub updated_by: Option<String>,
}

/// The firm's contracts, soonest deadline first.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenewalList {
    /// The server's today (YYYY-MM-DD, UTC) the deadlines count from.
    pub today: String,
    pub items: Vec<ContractView>,
}

/// The firm's calendar feed: whether it has one (its URL is shown only when made).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeedState {
    pub active: bool,
    /// RFC 3339, when the feed was made.
    pub created_at: Option<String>,
}

/// The new feed's secret URL: shown once; anyone with it can read the firm's renewals.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CalendarFeedUrl {
    pub url: String,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RenewalsQuery {
    /// `ics` for an RFC 5545 calendar; JSON otherwise.
    #[serde(default)]
    format: Option<String>,
}

/// The catalog vendors the firm lists in its stack (categories answered Yes).
/// The catalog tools the firm lists in its stack, from its answers (`storage::load`'s).
fn listed_tools(catalog: &Catalog, answers: Vec<(u64, Adoption)>) -> Vec<u64> {
    super::tools::tools_of(catalog, answers)
        .into_iter()
        .filter(|t| t.has_tool == Some(true))
        .flat_map(|t| t.vendor_ids)
        .collect()
}

fn tool_in_stack(listed: &[u64], tool_id: u64) -> Result<()> {
    if listed.contains(&tool_id) {
        return Ok(());
    }
    Err(not_found(format!(
        "Tool {tool_id} is not in your firm's tech stack: list it there first"
    )))
}

fn view(
    catalog: &Catalog,
    members: &[crate::platform::caller::User],
    contract: &Contract,
    today: chrono::NaiveDate,
) -> ContractView {
    let vendor = catalog.vendor(contract.vendor_id);
    let category = vendor.and_then(|v| catalog.category(v.category_id));
    let deadline = contract.deadline(today);
    ContractView {
        tool_id: contract.vendor_id,
        tool_name: vendor.map(|v| v.name.clone()).unwrap_or_default(),
        category_id: category.map(|c| c.id).unwrap_or_default(),
        category_name: category.map(|c| c.name.clone()).unwrap_or_default(),
        category_label: category.map(|c| c.label.clone()).unwrap_or_default(),
        start_date: contract.start_date().to_string(),
        term_months: contract.term_months,
        renewal_date: contract.renewal_date().to_string(),
        notice_days: contract.notice_days,
        annual_cost: contract.annual_cost,
        seats: contract.seats,
        responsible_user_id: contract.responsible_user_id,
        responsible_name: members
            .iter()
            .find(|m| m.id == contract.responsible_user_id)
            .map(|m| m.name.clone()),
        next_renewal_date: deadline.renewal.to_string(),
        opt_out_deadline: deadline.opt_out.to_string(),
        days_until_deadline: deadline.days_until,
        notice_before_start: deadline.before_start,
        updated_at: rfc3339(contract.updated_at),
        updated_by: contract.updated_by.clone(),
    }
}

/// The firm's contracts for tools it still lists, soonest deadline first (then by tool name).
/// What a reminder task reads too: each item's deadline is as of `today`.
pub fn renewals(
    store: &Store,
    catalog: &Catalog,
    firm_id: FirmId,
    today: chrono::NaiveDate,
) -> Result<Vec<ContractView>> {
    let (answers, contracts) = store_contracts::answers_and_contracts(store, firm_id)?;
    let members = crate::accounts::storage::firm_members(store, firm_id)?;
    Ok(renewals_of(catalog, answers, &contracts, &members, today))
}

/// `renewals` of the firm's answers, contracts and members already read.
pub fn renewals_of(
    catalog: &Catalog,
    answers: Vec<(u64, Adoption)>,
    contracts: &[Contract],
    members: &[crate::platform::caller::User],
    today: chrono::NaiveDate,
) -> Vec<ContractView> {
    let listed = listed_tools(catalog, answers);
    let mut items: Vec<ContractView> = contracts
        .iter()
        .filter(|c| listed.contains(&c.vendor_id))
        .map(|c| view(catalog, members, c, today))
        .collect();
    items.sort_by(|a, b| {
        (a.days_until_deadline, a.tool_name.to_lowercase())
            .cmp(&(b.days_until_deadline, b.tool_name.to_lowercase()))
    });
    items
}

/// GET /api/techstack/{toolId}/contract: the tool's contract and its deadline.
#[utoipa::path(get, path = "/techstack/{toolId}/contract", tag = "techstack",
    params(("toolId" = u64, Path, description = "The catalog vendor's id")),
    responses(
        (status = 200, body = ContractView),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "Not a tool of the firm's stack, or no contract saved yet", body = ErrorBody),
    ))]
pub async fn get_contract(
    State(state): State<RenewalsState>,
    member: FirmMember,
    Path(tool_id): Path<ToolId>,
) -> Result<Json<ContractView>> {
    let tool_id = tool_id.get();
    let firm_id = member.firm;
    let view = state
        .blocking(move |app| {
            let catalog = app.catalog.load();
            let (answers, contract) =
                store_contracts::answers_and_contract(&app.store, firm_id, tool_id)?;
            tool_in_stack(&listed_tools(&catalog, answers), tool_id)?;
            let Some(contract) = contract else {
                return Err(not_found(format!(
                    "No contract is saved for tool {tool_id} yet"
                )));
            };
            let members = crate::accounts::storage::firm_members(&app.store, firm_id)?;
            Ok(view(&catalog, &members, &contract, deadline::today()))
        })
        .await?;
    Ok(Json(view))
}

/// PUT /api/techstack/{toolId}/contract: saves the tool's contract (owners, admins, members).
#[utoipa::path(put, path = "/techstack/{toolId}/contract", tag = "techstack",
    params(("toolId" = u64, Path, description = "The catalog vendor's id")),
    request_body = ContractRequest,
    responses(
        (status = 200, body = ContractView),
        (status = 400, description = "A missing or invalid value (the message names the field), or a responsible person who is not a member", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "Not a tool of the firm's stack", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn put_contract(
    State(state): State<RenewalsState>,
    member: FirmMember,
    Path(tool_id): Path<ToolId>,
    Json(request): Json<ContractRequest>,
) -> Result<Json<ContractView>> {
    let tool_id = tool_id.get();
    let terms = contracts::parse(request)?;
    let user = member.user;
    let view = state
        .blocking(move |app| {
            let firm_id = user.firm.id;
            let answers = super::storage::load(&app.store, firm_id)?;
            tool_in_stack(&listed_tools(&app.catalog.load(), answers), tool_id)?;
            let members = crate::accounts::storage::firm_members(&app.store, firm_id)?;
            match members.iter().find(|m| m.id == terms.responsible_user_id) {
                None => {
                    return Err(bad_request(format!(
                        "responsibleUserId must be a member of your firm ({} is not)",
                        terms.responsible_user_id
                    )));
                }
                // The responsible person acts on the renewal: a viewer cannot change anything.
                Some(m) if m.firm_role == crate::platform::caller::FirmRole::Viewer => {
                    return Err(bad_request(format!(
                        "{} has view-only access and cannot act on a renewal: choose a member \
                         who may edit, or ask an owner to change their role",
                        m.name
                    )));
                }
                Some(_) => {}
            }
            let contract =
                terms.stored(firm_id.get(), tool_id, now_secs(), Some(user.name.clone()));
            store_contracts::save_contract(&app.store, &contract)?;
            let catalog = app.catalog.load();
            let view = view(&catalog, &members, &contract, deadline::today());
            audit::record(
                &app.store,
                firm_id,
                Some(&user),
                AuditAction::ContractSaved,
                format!(
                    "Saved the contract of {}: renews {}, notice {} days, deadline {}",
                    view.tool_name, view.next_renewal_date, view.notice_days, view.opt_out_deadline
                ),
            );
            Ok(view)
        })
        .await?;
    Ok(Json(view))
}

fn wants_ics(format: Option<&str>) -> Result<bool> {
    match format {
        None | Some("" | "json") => Ok(false),
        Some("ics") => Ok(true),
        Some(other) => Err(bad_request(format!(
            "Unknown format {:?}: use ics, or leave it out for JSON",
            other.chars().take(20).collect::<String>()
        ))),
    }
}

/// The firm's deadlines as an RFC 5545 calendar.
fn calendar_of(firm_id: FirmId, firm_name: &str, items: &[ContractView]) -> String {
    let events: Vec<ics::Event> = items
        .iter()
        .filter_map(|item| {
            let renewal = item.next_renewal_date.parse().ok()?;
            Some(ics::Event {
                uid: ics::uid(firm_id.get(), item.tool_id, renewal),
                date: item.opt_out_deadline.parse().ok()?,
                summary: format!("Notice due: {} (renews {})", item.tool_name, renewal),
                description: format!(
                    "Last day to give notice on {} ({}) before it renews on {} for {} months. \
                     Notice period: {} days.",
                    item.tool_name,
                    item.category_label,
                    renewal,
                    item.term_months,
                    item.notice_days
                ),
            })
        })
        .collect();
    ics::calendar(
        &format!("{firm_name}: renewals (Litstack)"),
        &events,
        now_secs(),
    )
}

fn ics_response(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"litstack-renewals.ics\"",
            ),
        ],
        body,
    )
        .into_response()
}

/// GET /api/renewals: the firm's contracts with deadlines, soonest first; `?format=ics` for a
/// calendar with one event per deadline.
#[utoipa::path(get, path = "/renewals", tag = "techstack",
    params(RenewalsQuery),
    responses(
        (status = 200, description = "The renewals as JSON, or an RFC 5545 calendar with `?format=ics`",
            content((RenewalList = "application/json"), (String = "text/calendar"))),
        (status = 400, description = "An unknown format", body = ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn list_renewals(
    State(state): State<RenewalsState>,
    member: FirmMember,
    Query(query): Query<RenewalsQuery>,
) -> Result<Response> {
    let ics = wants_ics(query.format.as_deref())?;
    let firm_id = member.firm;
    let firm_name = member.user.firm.name.clone();
    let today = deadline::today();
    let items = state
        .blocking(move |app| renewals(&app.store, &app.catalog.load(), firm_id, today))
        .await?;
    if ics {
        return Ok(ics_response(calendar_of(firm_id, &firm_name, &items)));
    }
    Ok(Json(RenewalList {
        today: today.to_string(),
        items,
    })
    .into_response())
}

/// GET /api/firm/calendar-feed: whether the firm has a calendar feed.
#[utoipa::path(get, path = "/firm/calendar-feed", tag = "firm",
    responses(
        (status = 200, body = CalendarFeedState),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_feed(
    State(state): State<RenewalsState>,
    member: FirmMember,
) -> Result<Json<CalendarFeedState>> {
    let firm_id = member.firm;
    let feed = state
        .blocking(move |app| store_contracts::feed(&app.store, firm_id))
        .await?;
    Ok(Json(CalendarFeedState {
        active: feed.is_some(),
        created_at: feed.map(|f| rfc3339(f.created_at)),
    }))
}

/// POST /api/firm/calendar-feed: makes the firm's secret calendar URL (owners and admins). A new
/// one replaces the old, whose URL then answers 404.
#[utoipa::path(post, path = "/firm/calendar-feed", tag = "firm",
    responses(
        (status = 201, body = CalendarFeedUrl),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdminOrForeignOrigin,
    ))]
pub async fn create_feed(
    State(state): State<RenewalsState>,
    member: FirmMember,
) -> Result<(StatusCode, Json<CalendarFeedUrl>)> {
    member.role.may_manage()?;
    let (token, hash) = crate::accounts::sessions::new_token();
    let base = crate::accounts::links::base(&state.config);
    let user = member.user;
    state
        .blocking(move |app| {
            let feed = Feed {
                firm_id: user.firm.id.get(),
                token_hash: hash,
                created_at: now_secs(),
            };
            store_contracts::set_feed(&app.store, &feed)?;
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::CalendarFeedCreated,
                "Made the firm's calendar feed (any earlier feed URL stops working)".into(),
            );
            Ok(())
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(CalendarFeedUrl {
            // Relative without the install's address: the page makes it whole from where it is open.
            url: format!("{}/api/calendar/{token}.ics", base.unwrap_or_default()),
        }),
    ))
}

/// DELETE /api/firm/calendar-feed: revokes the firm's calendar feed (owners and admins); its URL
/// answers 404 from now on. Revoking when there is none changes nothing.
#[utoipa::path(delete, path = "/firm/calendar-feed", tag = "firm",
    responses(
        (status = 204, description = "The firm has no calendar feed now"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdminOrForeignOrigin,
    ))]
pub async fn delete_feed(
    State(state): State<RenewalsState>,
    member: FirmMember,
) -> Result<StatusCode> {
    member.role.may_manage()?;
    let user = member.user;
    state
        .blocking(move |app| {
            if store_contracts::delete_feed(&app.store, user.firm.id)? {
                audit::record(
                    &app.store,
                    user.firm.id,
                    Some(&user),
                    AuditAction::CalendarFeedRevoked,
                    "Revoked the firm's calendar feed".into(),
                );
            }
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// GET /api/calendar/{token}.ics: the firm's renewals calendar for a calendar app, without a
/// session: the secret token is the key. An unknown or revoked token answers 404.
#[utoipa::path(get, path = "/calendar/{file}", tag = "firm", security(()),
    params(("file" = String, Path, description = "The feed's secret token followed by `.ics`")),
    responses(
        (status = 200, description = "An RFC 5545 calendar", content_type = "text/calendar", body = String),
        (status = 404, description = "No such feed (never made, replaced or revoked)", body = ErrorBody),
    ))]
pub async fn feed_calendar(
    State(state): State<RenewalsState>,
    Path(file): Path<String>,
) -> Result<Response> {
    let gone = || not_found("There is no calendar at this address: ask your firm for the new one");
    let token = file.strip_suffix(".ics").ok_or_else(gone)?;
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(gone());
    }
    let hash = crate::platform::caller::hash_token(token);
    let today = deadline::today();
    let body = state
        .blocking(move |app| {
            let Some((feed, answers, contracts)) =
                store_contracts::feed_with_renewals(&app.store, &hash)?
            else {
                return Err(gone());
            };
            let firm_id = FirmId::from_stored(feed.firm_id);
            let firm_name = crate::accounts::storage::find_firm(&app.store, firm_id.get())?
                .map(|f| f.name)
                .unwrap_or_default();
            let members = crate::accounts::storage::firm_members(&app.store, firm_id)?;
            let items = renewals_of(&app.catalog.load(), answers, &contracts, &members, today);
            Ok(calendar_of(firm_id, &firm_name, &items))
        })
        .await?;
    Ok(ics_response(body))
}
