//! The demo requests' handlers: a member asks, withdraws and books; the vendor's people read and
//! answer the requests sent to their listing; the operator reads counts. Parse, call, answer.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use super::model::{
    self, Answer, DemoAnswerRequest, DemoRequest, JoinAsk, Limit, NewRequest, Shared,
    State as Stage,
};
use super::storage;
use crate::accounts::links;
use crate::notifications::model::{Notice, NoticeKind};
use crate::notifications::storage::Delivery;
use crate::platform::blocking::Blocking;
use crate::platform::caller::{AdminUser, FirmMember};
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{AppError, ErrorBody, Result, conflict, forbidden, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::firm_id::FirmId;
use crate::platform::ids::{DemoRequestId, VendorId};
use crate::shortlist::model::{Entry, Stamp, Status};
use crate::vendor_accounts::VendorAccountsState;
use crate::vendor_accounts::caller::VendorCaller;
use crate::vendor_accounts::storage::{self as vendor_storage, ToVendor};

// ---- What a firm sees ----

/// A vendor's answer, as the firm reads it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerView {
    pub answered_at: String,
    pub scheduling_url: Option<String>,
    /// Offered times, RFC 3339, in order.
    pub times: Vec<String>,
    pub message: Option<String>,
}

fn answer_view(answer: &Answer) -> AnswerView {
    AnswerView {
        answered_at: rfc3339(answer.answered_at),
        scheduling_url: answer.scheduling_url.clone(),
        times: answer.times.iter().map(|t| rfc3339(*t)).collect(),
        message: answer.message.clone(),
    }
}

/// A firm's demo request.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRequestView {
    pub id: u64,
    pub vendor_id: u64,
    pub vendor_name: String,
    pub state: Stage,
    /// The shortlist entry's line: "Demo requested on DATE · ChartSwap answered on DATE".
    pub line: String,
    pub requested_at: String,
    /// Who asked (the firm's own colleague).
    pub requested_by: String,
    /// The caller asked it: only they mark it booked.
    pub mine: bool,
    /// Exactly what the vendor was sent.
    pub shared: Shared,
    pub answer: Option<AnswerView>,
    pub booked_at: Option<String>,
    pub withdrawn_at: Option<String>,
    pub withdrawn_by: Option<String>,
}

fn vendor_name(state: &VendorAccountsState, vendor: u64) -> String {
    state
        .catalog
        .load()
        .vendor(vendor)
        .map_or_else(|| format!("Vendor {vendor}"), |v| v.name.clone())
}

/// The line a shortlist entry shows for a request.
pub fn line(request: &DemoRequest, vendor: &str) -> String {
    let mut parts = vec![format!(
        "Demo requested on {}",
        model::day(request.requested_at)
    )];
    if let Some(answer) = &request.answer {
        parts.push(format!(
            "{vendor} answered on {}",
            model::day(answer.answered_at)
        ));
    }
    if let Some(at) = request.booked_at {
        parts.push(format!("Demo booked on {}", model::day(at)));
    }
    if let Some(at) = request.withdrawn_at {
        parts.push(format!("Withdrawn on {}", model::day(at)));
    }
    parts.join(" · ")
}

fn view(state: &VendorAccountsState, request: &DemoRequest, caller: u64) -> DemoRequestView {
    let name = vendor_name(state, request.vendor_id);
    DemoRequestView {
        id: request.id,
        vendor_id: request.vendor_id,
        line: line(request, &name),
        vendor_name: name,
        state: request.state(),
        requested_at: rfc3339(request.requested_at),
        requested_by: request.requested_by_name.clone(),
        mine: request.requested_by == caller,
        shared: request.shared.clone(),
        answer: request.answer.as_ref().map(answer_view),
        booked_at: request.booked_at.map(rfc3339),
        withdrawn_at: request.withdrawn_at.map(rfc3339),
        withdrawn_by: request.withdrawn_by.clone(),
    }
}

/// The firm's demo requests, newest first, and the vendors it asked to join.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRequests {
    pub items: Vec<DemoRequestView>,
    /// Vendors without an account the firm asked to join Litstack.
    pub asked_to_join: Vec<u64>,
}

/// GET /api/demo-requests: the firm's demo requests (every role reads them).
#[utoipa::path(get, path = "/demo-requests", tag = "demo-requests",
    responses((status = 200, body = DemoRequests), crate::platform::error::NotSignedIn))]
pub async fn list_demo_requests(
    State(state): State<VendorAccountsState>,
    member: FirmMember,
) -> Result<Json<DemoRequests>> {
    let (firm, caller) = (member.firm, member.user.id);
    let list = state
        .blocking(move |app| {
            let (requests, asked_to_join) = storage::for_firm_with_asks(&app.accounts.store, firm)?;
            Ok(DemoRequests {
                items: requests.iter().map(|r| view(app, r, caller)).collect(),
                asked_to_join,
            })
        })
        .await?;
    Ok(Json(list))
}

/// One field the member may share, with the value the vendor would see.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareableField {
    /// `name`, `email`, `firmName`, `firmSize` or `category`.
    pub field: String,
    pub label: String,
    /// What the vendor would be sent; `None` when there is nothing to send (no firm size given).
    pub value: Option<String>,
}

/// What the "Request a demo" dialog offers for a vendor.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRequestForm {
    pub vendor_id: u64,
    pub vendor_name: String,
    /// The vendor has people on Litstack who can answer; otherwise "Ask them to join".
    pub has_account: bool,
    /// Each field the member may share, none chosen: nothing is taken from the onboarding
    /// answers.
    pub fields: Vec<ShareableField>,
    /// The firm's open request to this vendor, if any.
    pub open_request: Option<u64>,
    /// The firm asked this vendor to join.
    pub asked_to_join: bool,
}

/// What the caller could share: their name and email, the firm's name and size, the vendor's
/// category; each only when the member ticks it.
fn shareable(member: &FirmMember, category: Option<String>) -> Vec<ShareableField> {
    let field = |field: &str, label: &str, value: Option<String>| ShareableField {
        field: field.to_string(),
        label: label.to_string(),
        value,
    };
    vec![
        field("name", "Your name", Some(member.user.name.clone())),
        field("email", "Your email", Some(member.user.email.clone())),
        field(
            "firmName",
            "Your firm's name",
            Some(member.user.firm.name.clone()),
        ),
        field(
            "firmSize",
            "Your firm's size",
            member
                .user
                .firm
                .size
                .map(|s| format!("{} employees", s.label())),
        ),
        field("category", "What you are looking for", category),
    ]
}

fn known_vendor(state: &VendorAccountsState, vendor: VendorId) -> Result<(u64, String, String)> {
    let catalog = state.catalog.load();
    let id = vendor.get();
    let found = catalog
        .vendor(id)
        .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))?;
    let category = catalog
        .category(found.category_id)
        .map(|c| c.label.clone())
        .unwrap_or_default();
    Ok((id, found.name.clone(), category))
}

/// GET /api/vendors/{vendor_id}/demo-request: what "Request a demo" offers for the vendor.
#[utoipa::path(get, path = "/vendors/{vendor_id}/demo-request", tag = "demo-requests",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    responses(
        (status = 200, body = DemoRequestForm),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such vendor", body = ErrorBody),
    ))]
pub async fn demo_request_form(
    State(state): State<VendorAccountsState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
) -> Result<Json<DemoRequestForm>> {
    let (vendor_id, vendor_name, category) = known_vendor(&state, vendor)?;
    let fields = shareable(&member, Some(category).filter(|c| !c.is_empty()));
    let firm = member.firm;
    let form = state
        .blocking(move |app| {
            let store = &app.accounts.store;
            let (requests, asks) = storage::for_firm_with_asks(store, firm)?;
            Ok(DemoRequestForm {
                vendor_id,
                vendor_name,
                has_account: vendor_storage::has_people(store, vendor_id)?,
                fields,
                open_request: requests
                    .into_iter()
                    .find(|r| r.vendor_id == vendor_id && r.is_open())
                    .map(|r| r.id),
                asked_to_join: asks.contains(&vendor_id),
            })
        })
        .await?;
    Ok(Json(form))
}

/// What the vendor's people are told of a new request, under the bell and by mail: that a firm
/// asked, and where to read it; never what it shared (which stays in the firm's row, so a
/// withdrawal or the firm's deletion takes it from the vendor's sight).
fn told_of(request: &DemoRequest, vendor: &str) -> (String, String) {
    (
        format!("A law firm asks {vendor} for a demo"),
        format!(
            "A law firm asked {vendor} for a demo through Litstack on {}. Read what they chose \
             to share and answer with a scheduling link or times on Litstack: the firm reads \
             your answer there.",
            model::day(request.requested_at)
        ),
    )
}

/// POST /api/vendors/{vendor_id}/demo-requests: asks a vendor with an account for a demo, sharing
/// only the fields the member ticks. The vendor's people are told under their bell and by mail;
/// the vendor goes on the firm's shortlist (Considering) if it is not there yet.
#[utoipa::path(post, path = "/vendors/{vendor_id}/demo-requests", tag = "demo-requests",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    request_body = NewRequest,
    responses(
        (status = 201, body = DemoRequestView),
        (status = 400, description = "The id is not a whole number, or a note over 1,000 characters", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such vendor", body = ErrorBody),
        (status = 409, description = "The vendor has no account, or the firm has an open request to it", body = ErrorBody),
        (status = 429, description = "Too many requests from the member, or to the vendor", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn create_demo_request(
    State(state): State<VendorAccountsState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
    Json(input): Json<NewRequest>,
) -> Result<(StatusCode, Json<DemoRequestView>)> {
    let (vendor_id, vendor_name, category) = known_vendor(&state, vendor)?;
    let note = model::parse_note(input.note.as_deref(), "The note")?;
    let user = &member.user;
    let shared = Shared {
        name: input.share_name.unwrap_or(false).then(|| user.name.clone()),
        email: input
            .share_email
            .unwrap_or(false)
            .then(|| user.email.clone()),
        firm_name: input
            .share_firm_name
            .unwrap_or(false)
            .then(|| user.firm.name.clone()),
        firm_size: input
            .share_firm_size
            .unwrap_or(false)
            .then(|| user.firm.size.map(|s| format!("{} employees", s.label())))
            .flatten(),
        category: input
            .share_category
            .unwrap_or(false)
            .then_some(category)
            .filter(|c| !c.is_empty()),
        note,
    };
    let (firm, caller, caller_name) = (member.firm, user.id, user.name.clone());
    let base = links::base(&state.accounts.config);
    let request = state
        .blocking(move |app| {
            let store = &app.accounts.store;
            if !vendor_storage::has_people(store, vendor_id)? {
                return Err(conflict(format!(
                    "{vendor_name} has no account on Litstack yet, so no one there would read a \
                     request: use \"Ask them to join\", or their website"
                )));
            }
            let now = now_secs();
            storage::create(
                store,
                firm,
                vendor_id,
                vendor_storage::lock_in,
                |seen| {
                    model::check_limits(
                        seen.firms,
                        seen.vendors,
                        caller,
                        vendor_id,
                        &vendor_name,
                        now,
                    )
                    .map_err(|limit| match limit {
                        Limit::Open(m) => conflict(m),
                        Limit::Many(message, after) => AppError::TooManyRequests {
                            message,
                            retry_after_secs: after.max(1) as u64,
                        },
                    })?;
                    Ok(DemoRequest {
                        id: seen.id,
                        vendor_id,
                        requested_by: caller,
                        requested_by_name: caller_name.clone(),
                        requested_at: now,
                        shared,
                        answer: None,
                        booked_at: None,
                        withdrawn_at: None,
                        withdrawn_by: None,
                    })
                },
                |tx, request| {
                    let (title, body) = told_of(request, &vendor_name);
                    vendor_storage::tell_vendor_in(
                        tx,
                        &ToVendor {
                            vendor: vendor_id,
                            title: &title,
                            body: &body,
                            base: base.as_deref(),
                            mail: true,
                            now,
                        },
                    )?;
                    crate::shortlist::storage::update_in(tx, firm, vendor_id, |current| {
                        let entry = current.unwrap_or_else(|| {
                            Entry::new(
                                Status::Considering,
                                Stamp {
                                    at: now,
                                    by: Some(&caller_name),
                                },
                            )
                        });
                        Ok((entry, ()))
                    })
                },
            )
        })
        .await?;
    tracing::info!(
        user_id = caller,
        vendor = vendor_id,
        request = request.id,
        "demo requested"
    );
    Ok((StatusCode::CREATED, Json(view(&state, &request, caller))))
}

/// POST /api/demo-requests/{id}/withdraw: the firm withdraws its request; the vendor's people are
/// told under their bell, and no longer see what it shared.
#[utoipa::path(post, path = "/demo-requests/{id}/withdraw", tag = "demo-requests",
    params(("id" = u64, Path, description = "The demo request's id")),
    responses(
        (status = 200, body = DemoRequestView),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "The firm has no such request", body = ErrorBody),
        (status = 409, description = "Booked or withdrawn already", body = ErrorBody),
    ))]
pub async fn withdraw_demo_request(
    State(state): State<VendorAccountsState>,
    member: FirmMember,
    Path(id): Path<DemoRequestId>,
) -> Result<Json<DemoRequestView>> {
    let (firm, caller, name) = (member.firm, member.user.id, member.user.name.clone());
    let base = links::base(&state.accounts.config);
    let request = state
        .blocking(move |app| {
            let now = now_secs();
            storage::update_for_firm(
                &app.accounts.store,
                firm,
                id.get(),
                |mut r| {
                    if !r.is_open() {
                        return Err(conflict(
                            "This request is booked or withdrawn already: nothing to withdraw",
                        ));
                    }
                    r.withdrawn_at = Some(now);
                    r.withdrawn_by = Some(name.clone());
                    Ok(r)
                },
                |tx, r| {
                    vendor_storage::lock_in(tx)?;
                    let vendor = vendor_name(app, r.vendor_id);
                    let body = format!(
                        "A law firm withdrew its demo request of {}: there is nothing to answer.",
                        model::day(r.requested_at)
                    );
                    vendor_storage::tell_vendor_in(
                        tx,
                        &ToVendor {
                            vendor: r.vendor_id,
                            title: &format!("A demo request to {vendor} was withdrawn"),
                            body: &body,
                            base: base.as_deref(),
                            mail: false,
                            now,
                        },
                    )
                    .map(drop)
                },
            )
        })
        .await?;
    Ok(Json(view(&state, &request, caller)))
}

/// POST /api/demo-requests/{id}/booked: the member who asked marks the demo booked (once the
/// vendor answered); the shortlist entry becomes Demo booked when it was Considering.
#[utoipa::path(post, path = "/demo-requests/{id}/booked", tag = "demo-requests",
    params(("id" = u64, Path, description = "The demo request's id")),
    responses(
        (status = 200, body = DemoRequestView),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 403, description = "Only the person who asked marks it booked", body = ErrorBody),
        (status = 404, description = "The firm has no such request", body = ErrorBody),
        (status = 409, description = "Not answered yet, withdrawn, or booked already", body = ErrorBody),
    ))]
pub async fn book_demo_request(
    State(state): State<VendorAccountsState>,
    member: FirmMember,
    Path(id): Path<DemoRequestId>,
) -> Result<Json<DemoRequestView>> {
    let (firm, caller, name) = (member.firm, member.user.id, member.user.name.clone());
    let request = state
        .blocking(move |app| {
            let now = now_secs();
            storage::update_for_firm(
                &app.accounts.store,
                firm,
                id.get(),
                |mut r| {
                    if r.requested_by != caller {
                        return Err(forbidden(format!(
                            "Only {}, who asked for this demo, can mark it booked",
                            r.requested_by_name
                        )));
                    }
                    match r.state() {
                        Stage::Requested => {
                            return Err(conflict(
                                "The vendor has not answered yet: mark the demo booked once you \
                                 have a time",
                            ));
                        }
                        Stage::Booked | Stage::Withdrawn => {
                            return Err(conflict("This request is booked or withdrawn already"));
                        }
                        Stage::Answered => {}
                    }
                    r.booked_at = Some(now);
                    Ok(r)
                },
                |tx, r| {
                    crate::shortlist::storage::update_in(tx, firm, r.vendor_id, |current| {
                        let stamp = Stamp {
                            at: now,
                            by: Some(&name),
                        };
                        let mut entry =
                            current.unwrap_or_else(|| Entry::new(Status::Considering, stamp));
                        if entry.status == Status::Considering {
                            entry.set_status(Status::DemoBooked, stamp);
                        }
                        Ok((entry, ()))
                    })
                },
            )
        })
        .await?;
    state.accounts.firm_changed.tell(firm);
    Ok(Json(view(&state, &request, caller)))
}

/// POST /api/vendors/{vendor_id}/join-request: the firm asks a vendor without an account to join
/// Litstack; the operator's queue counts the firms that asked. Asking again changes nothing.
#[utoipa::path(post, path = "/vendors/{vendor_id}/join-request", tag = "demo-requests",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    responses(
        (status = 204, description = "Asked"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such vendor", body = ErrorBody),
        (status = 409, description = "The vendor has an account: request a demo", body = ErrorBody),
    ))]
pub async fn ask_vendor_to_join(
    State(state): State<VendorAccountsState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
) -> Result<StatusCode> {
    let (vendor_id, vendor_name, _) = known_vendor(&state, vendor)?;
    let (firm, caller) = (member.firm, member.user.id);
    state
        .blocking(move |app| {
            let store = &app.accounts.store;
            if vendor_storage::has_people(store, vendor_id)? {
                return Err(conflict(format!(
                    "{vendor_name} is on Litstack: use \"Request a demo\""
                )));
            }
            let ask = JoinAsk {
                asked_at: now_secs(),
                asked_by: caller,
            };
            storage::ask_to_join(store, firm, vendor_id, &ask).map(drop)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

// ---- What a vendor sees ----

/// A request sent to the vendor: only what the member chose to share, and nothing of it once the
/// firm withdrew it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorDemoRequestView {
    pub id: u64,
    pub state: Stage,
    pub requested_at: String,
    /// What the member shared; `None` once withdrawn.
    pub shared: Option<Shared>,
    pub answer: Option<AnswerView>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VendorDemoRequests {
    pub items: Vec<VendorDemoRequestView>,
}

fn vendor_view(request: &DemoRequest) -> VendorDemoRequestView {
    let withdrawn = request.state() == Stage::Withdrawn;
    VendorDemoRequestView {
        id: request.id,
        state: request.state(),
        requested_at: rfc3339(request.requested_at),
        shared: (!withdrawn).then(|| request.shared.clone()),
        answer: request.answer.as_ref().map(answer_view),
    }
}

/// GET /api/vendor/demo-requests: the requests firms sent to the caller's listing, newest first.
#[utoipa::path(get, path = "/vendor/demo-requests", tag = "vendor", security(("vendorSession" = [])),
    responses((status = 200, body = VendorDemoRequests), crate::platform::error::NotSignedIn))]
pub async fn vendor_demo_requests(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<VendorDemoRequests>> {
    let vendor = who.account.vendor_id;
    let items = state
        .blocking(move |app| storage::for_vendor(&app.accounts.store, vendor))
        .await?
        .iter()
        .map(vendor_view)
        .collect();
    Ok(Json(VendorDemoRequests { items }))
}

/// POST /api/vendor/demo-requests/{id}/answer: answers a request sent to the caller's listing
/// with a scheduling link or times (answering again replaces the answer); the member who asked
/// is told under their bell and by mail.
#[utoipa::path(post, path = "/vendor/demo-requests/{id}/answer", tag = "vendor",
    security(("vendorSession" = [])),
    params(("id" = u64, Path, description = "The demo request's id")),
    request_body = DemoAnswerRequest,
    responses(
        (status = 200, body = VendorDemoRequestView),
        (status = 400, description = "The id is not a whole number, no link or time, a link that is not https, a time passed", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such request to this listing", body = ErrorBody),
        (status = 409, description = "Withdrawn or booked", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn answer_demo_request(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
    Path(id): Path<DemoRequestId>,
    Json(input): Json<DemoAnswerRequest>,
) -> Result<Json<VendorDemoRequestView>> {
    let now = now_secs();
    let answer = model::parse_answer(input, now, &who.account.name)?;
    let vendor = who.account.vendor_id;
    let base = links::base(&state.accounts.config);
    let request = state
        .blocking(move |app| {
            let name = vendor_name(app, vendor);
            storage::update_for_vendor(
                &app.accounts.store,
                vendor,
                id.get(),
                |mut r| {
                    match r.state() {
                        Stage::Withdrawn => {
                            return Err(conflict(
                                "The firm withdrew this request: there is nothing to answer",
                            ));
                        }
                        Stage::Booked => {
                            return Err(conflict("The firm marked this demo booked already"));
                        }
                        Stage::Requested | Stage::Answered => {}
                    }
                    r.answer = Some(answer);
                    Ok(r)
                },
                |tx, firm, r| tell_requester(app, tx, firm, r, &name, base.as_deref(), now),
            )
        })
        .await?;
    Ok(Json(vendor_view(&request)))
}

/// The member who asked is told the vendor answered (when they are still the firm's).
fn tell_requester(
    state: &VendorAccountsState,
    tx: &mut crate::platform::store::WriteTx,
    firm: FirmId,
    request: &DemoRequest,
    vendor: &str,
    base: Option<&str>,
    now: i64,
) -> Result<()> {
    let Some(user) =
        crate::accounts::storage::find_user(&state.accounts.store, request.requested_by)?
            .filter(|u| u.firm.id == firm)
    else {
        return Ok(());
    };
    let title = format!("{vendor} answered your demo request");
    let body = format!(
        "{vendor} answered the demo request you sent on {}. Read the answer on your shortlist, \
         and mark the demo booked there once you have a time.",
        model::day(request.requested_at)
    );
    let link = "/shortlist";
    let letter = crate::mail::letters::notice(
        NoticeKind::DemoAnswered.message_kind(),
        firm.get(),
        &user.email,
        &user.name,
        &title,
        &body,
        Some((
            "See your shortlist",
            &format!("{}{link}", base.unwrap_or_default()),
        )),
    );
    crate::notifications::storage::deliver_in(
        tx,
        &Delivery {
            notice: Notice {
                kind: NoticeKind::DemoAnswered,
                user_id: user.id,
                firm_id: firm.get(),
                title,
                body,
                link: link.to_string(),
                created_at: now,
            },
            letter,
            base: base.map(str::to_string),
        },
    )
}

// ---- What the operator sees ----

/// Counts per vendor: never a firm, a person or what was shared.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorDemoCounts {
    pub vendor_id: u64,
    pub vendor_name: String,
    pub has_account: bool,
    pub requested: u64,
    pub answered: u64,
    pub booked: u64,
    pub withdrawn: u64,
    /// Firms that asked the vendor to join Litstack.
    pub firms_asked_to_join: u64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DemoRequestCounts {
    pub items: Vec<VendorDemoCounts>,
}

/// GET /api/admin/demo-requests: per vendor, how many requests were sent and where they stand,
/// and how many firms asked a vendor without an account to join; counts, not contents.
#[utoipa::path(get, path = "/admin/demo-requests", tag = "admin",
    responses(
        (status = 200, body = DemoRequestCounts),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "Not the operator", body = ErrorBody),
    ))]
pub async fn demo_request_counts(
    State(state): State<VendorAccountsState>,
    _admin: AdminUser,
) -> Result<Json<DemoRequestCounts>> {
    let counts = state
        .blocking(|app| {
            let store = &app.accounts.store;
            let (requests, asks) = storage::everything(store)?;
            let with_people = vendor_storage::vendors_with_people(store)?;
            let mut by_vendor = std::collections::BTreeMap::<u64, VendorDemoCounts>::new();
            let fresh = |vendor: u64| VendorDemoCounts {
                vendor_id: vendor,
                vendor_name: vendor_name(app, vendor),
                has_account: with_people.contains(&vendor),
                requested: 0,
                answered: 0,
                booked: 0,
                withdrawn: 0,
                firms_asked_to_join: 0,
            };
            for r in &requests {
                let c = by_vendor
                    .entry(r.vendor_id)
                    .or_insert_with(|| fresh(r.vendor_id));
                c.requested += 1;
                if r.answer.is_some() {
                    c.answered += 1;
                }
                match r.state() {
                    Stage::Booked => c.booked += 1,
                    Stage::Withdrawn => c.withdrawn += 1,
                    Stage::Requested | Stage::Answered => {}
                }
            }
            for ((_, vendor), _) in &asks {
                by_vendor
                    .entry(*vendor)
                    .or_insert_with(|| fresh(*vendor))
                    .firms_asked_to_join += 1;
            }
            let mut items: Vec<_> = by_vendor.into_values().collect();
            items.sort_by(|a, b| {
                (b.firms_asked_to_join + b.requested)
                    .cmp(&(a.firms_asked_to_join + a.requested))
                    .then(a.vendor_name.cmp(&b.vendor_name))
            });
            Ok(DemoRequestCounts { items })
        })
        .await?;
    Ok(Json(counts))
}
