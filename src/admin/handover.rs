//! Handing the install's operator role to another account (issue 77). The operator offers it on
//! /admin/firms, confirmed with their second factor as a backup is; the offered account is told
//! under the bell and by mail and accepts or declines on its Profile page (accepting asks its own
//! second factor). One offer at a time: a second is refused until the first is withdrawn or
//! ends. Accepting moves the role in one transaction (`storage::handover::move_operator_in`), so
//! the install always has its operator. An offer unanswered for `OFFER_DAYS` ends by the clock.
//! Every step goes into the audit log of both accounts' firms.

use axum::extract::State;
use axum::http::StatusCode;

use crate::accounts::audit::{self, AuditAction};
use crate::accounts::storage::handover::{self as stored, Offer};
use crate::accounts::{AccountsState, ClientIp, Email, mfa};
use crate::notifications::{Delivery, Notice, NoticeKind};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{AdminUser, CurrentUser, User};
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{ErrorBody, Result, bad_request, conflict, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::OfferId;

/// How long an offer waits for its answer.
pub const OFFER_DAYS: i64 = 7;
const DAY: i64 = 86_400;

/// Where the offered account answers: its Profile page's section.
pub const OFFER_LINK: &str = "/profile#operator-role";
/// Where the operator offers the role, and reads how an offer ended.
pub const HANDOVER_LINK: &str = "/admin/firms#hand-over";

/// What the new operator takes on, as the screens and the notice say it.
pub const DUTIES: &str = "The operator runs this Litstack for every firm on it: imports demo \
     bookings, keeps the vendor catalog, takes backups, sets up mail and verifies firms.";

/// A pending offer, as the operator and the offered account read it.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferView {
    /// The offer's id: what the answer and the withdrawal name.
    pub id: u64,
    /// The operator who offered it, by name and email.
    pub from_name: String,
    pub from_email: String,
    /// The account it is offered to.
    pub to_name: String,
    pub to_email: String,
    /// The offered account's firm.
    pub to_firm: String,
    /// When it was offered (RFC 3339).
    pub offered_at: String,
    /// When it ends unanswered (RFC 3339).
    pub expires_at: String,
}

/// The pending offer a screen shows, if any.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct PendingOffer {
    pub offer: Option<OfferView>,
}

/// The body of `POST /api/admin/handover`.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfferRequest {
    /// The email of the account that is to run the install.
    pub email: String,
    /// A current code of the operator's second factor (or a recovery code); asked only of an
    /// operator who has one.
    #[serde(default)]
    pub code: Option<String>,
}

/// The body of `POST /api/operator-offer/{offerId}/accept`.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AcceptRequest {
    /// A current code of the accepting account's second factor (or a recovery code); asked only
    /// of an account that has one.
    #[serde(default)]
    pub code: Option<String>,
}

fn no_offer(id: u64) -> crate::platform::error::AppError {
    not_found(format!(
        "There is no pending offer of the operator role with id {id}: it was accepted, declined \
         or withdrawn, or it expired."
    ))
}

/// The day an offer ends, as people read it ("December 6, 2026", UTC).
fn day(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|d| d.format("%B %-d, %Y").to_string())
        .unwrap_or_else(|| rfc3339(secs)[..10].to_string())
}

fn find_user(app: &AccountsState, id: u64) -> Result<Option<User>> {
    crate::accounts::storage::find_user(&app.store, id)
}

/// The offer with both accounts, or `None` when either is gone.
fn with_people(app: &AccountsState, offer: &Offer) -> Result<Option<(User, User)>> {
    Ok(
        match (
            find_user(app, offer.from_user)?,
            find_user(app, offer.to_user)?,
        ) {
            (Some(from), Some(to)) => Some((from, to)),
            _ => None,
        },
    )
}

fn view(offer: &Offer, from: &User, to: &User) -> OfferView {
    OfferView {
        id: offer.id,
        from_name: from.name.clone(),
        from_email: from.email.clone(),
        to_name: to.name.clone(),
        to_email: to.email.clone(),
        to_firm: to.firm.name.clone(),
        offered_at: rfc3339(offer.offered_at),
        expires_at: rfc3339(offer.expires_at),
    }
}

/// How an offer ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ending {
    Accepted,
    Declined,
    Withdrawn,
    Expired,
    /// One of its accounts is gone, or the one who offered no longer runs the install: nobody is
    /// told, the row goes.
    Void,
}

/// A notice and its mail to `to`, about the hand-over.
fn delivery(app: &AccountsState, to: &User, title: String, body: String, link: &str) -> Delivery {
    let base = crate::accounts::links::base(&app.config);
    let (label, path) = if link == OFFER_LINK {
        ("Answer on your Profile page", link)
    } else {
        ("Open the Firms page", link)
    };
    Delivery {
        letter: crate::mail::letters::notice(
            NoticeKind::OperatorHandover.message_kind(),
            to.firm.id.get(),
            &to.email,
            &to.name,
            &title,
            &body,
            Some((
                label,
                &format!("{}{path}", base.as_deref().unwrap_or_default()),
            )),
        ),
        notice: Notice {
            kind: NoticeKind::OperatorHandover,
            user_id: to.id,
            firm_id: to.firm.id.get(),
            title,
            body,
            link: link.to_string(),
            created_at: now_secs(),
        },
        base,
    }
}

/// Records `detail` in the audit log of both accounts' firms (once when they share one).
fn record_both(
    app: &AccountsState,
    from: &User,
    to: &User,
    actor: Option<&User>,
    action: AuditAction,
    detail: &str,
) {
    audit::record(&app.store, from.firm.id, actor, action, detail.to_string());
    if to.firm.id != from.firm.id {
        audit::record(&app.store, to.firm.id, actor, action, detail.to_string());
    }
}

/// Offers the role to the account of `email`, by `by` (the operator): checked, then confirmed
/// with `by`'s second factor, then written with the offered account's notice.
fn offer(
    app: &AccountsState,
    by: &User,
    ip: &str,
    email: &str,
    code: Option<&str>,
) -> Result<OfferView> {
    let pending = settled(app, now_secs())?;
    let email = Email::parse(email.trim()).map_err(|_| {
        bad_request(
            "Enter the email of the account that is to run the install, like pat@doe-law.com.",
        )
    })?;
    let Some(to) = crate::accounts::find_by_email(app, &email)? else {
        return Err(not_found(format!(
            "There is no account with the email {} on this Litstack: the person signs up (or is \
             invited to a firm) first.",
            email.as_str()
        )));
    };
    if to.id == by.id {
        return Err(bad_request(
            "You already run this Litstack: enter the email of the account that is to take it over.",
        ));
    }
    if to.is_admin {
        return Err(bad_request(format!(
            "{} already runs this Litstack as an operator: nothing to hand over.",
            to.name
        )));
    }
    if to.firm.disabled {
        return Err(bad_request(format!(
            "{}'s firm is disabled, so they cannot sign in to accept: enable it on this page first.",
            to.firm.name
        )));
    }
    if let Some((pending, named)) = pending {
        return Err(conflict(standing_message(&pending, &named.1)));
    }
    mfa::step_up(app, by, ip, code)?;
    let now = now_secs();
    let offer = Offer {
        id: new_id(),
        from_user: by.id,
        to_user: to.id,
        offered_at: now,
        expires_at: now + OFFER_DAYS * DAY,
    };
    let notice = delivery(
        app,
        &to,
        format!("{} offers you the install's operator role", by.name),
        format!(
            "{} asks you to run this Litstack. {DUTIES} Accept or decline on your Profile page \
             by {}; until you accept, {} stays the operator.",
            by.name,
            day(offer.expires_at),
            by.name
        ),
        OFFER_LINK,
    );
    let mut tx = app.store.begin()?;
    // A race with another offer: the store keeps one and the other hears why.
    stored::create_in(
        &mut tx,
        &offer,
        "Another offer of the operator role was made just now: reload the page.",
    )?;
    crate::notifications::storage::deliver_in(&mut tx, &notice)?;
    tx.commit()?;
    record_both(
        app,
        by,
        &to,
        Some(by),
        AuditAction::OperatorRoleOffered,
        &format!(
            "{} offered the install's operator role to {} ({}, {}); the offer ends on {} unless \
             {} accepts or declines it",
            by.name,
            to.name,
            to.email,
            to.firm.name,
            day(offer.expires_at),
            to.name
        ),
    );
    tracing::info!(target: "security", from = by.id, to = to.id, "the operator role was offered");
    Ok(view(&offer, by, &to))
}

fn standing_message(pending: &Offer, to: &User) -> String {
    format!(
        "Your offer of the operator role to {} is pending until {}: withdraw it first to offer \
         the role to someone else.",
        to.name,
        day(pending.expires_at)
    )
}

/// A random id in JavaScript's exact range, never 0.
fn new_id() -> u64 {
    use rand::Rng;
    rand::rng().random_range(1..(1u64 << 53))
}

/// Whether a row of an offer is stored, as it is (nothing ended first): for the tests of what a
/// firm's deletion takes.
pub fn offer_stored(store: &crate::platform::store::Store) -> Result<bool> {
    Ok(stored::current(store)?.is_some())
}

/// Ends the pending offer when it is due (`now` past its end: expired) or void (an account gone,
/// or its operator no longer one). Every route reads through this, and an hourly pass runs it.
pub fn settle(app: &AccountsState, now: i64) -> Result<()> {
    settled(app, now).map(drop)
}

/// `settle`, answering the offer still pending with its accounts, so a route that shows it reads
/// it once.
fn settled(app: &AccountsState, now: i64) -> Result<Option<(Offer, (User, User))>> {
    let Some(offer) = stored::current(&app.store)? else {
        return Ok(None);
    };
    let ending = match with_people(app, &offer)? {
        Some((from, _)) if !from.is_admin => Ending::Void,
        None => Ending::Void,
        Some(_) if offer.expires_at <= now => Ending::Expired,
        Some(people) => return Ok(Some((offer, people))),
    };
    match end(app, offer.id, ending, None, None) {
        // Another node or request ended it first.
        Err(e) if e.status() == StatusCode::NOT_FOUND => Ok(None),
        other => other.map(|()| None),
    }
}

/// Ends offer `id` as `ending`, in one transaction with what it tells and, for an acceptance,
/// the move of the role. `caller` must be the offered account to accept or decline it.
fn end(
    app: &AccountsState,
    id: u64,
    ending: Ending,
    caller: Option<&User>,
    by_operator: Option<&User>,
) -> Result<()> {
    let mut tx = app.store.begin()?;
    let Some(offer) = stored::current_in(&mut tx)?.filter(|o| o.id == id) else {
        return Err(no_offer(id));
    };
    if matches!(ending, Ending::Accepted | Ending::Declined)
        && caller.map(|c| c.id) != Some(offer.to_user)
    {
        // Someone else's offer reads as none: nothing says to whom it was made.
        return Err(no_offer(id));
    }
    let people = with_people(app, &offer)?;
    stored::remove_in(&mut tx, &offer)?;
    let Some((from, to)) = people else {
        tx.commit()?;
        return if ending == Ending::Void {
            Ok(())
        } else {
            Err(no_offer(id))
        };
    };
    if ending == Ending::Accepted && !stored::move_operator_in(&mut tx, from.id, to.id)? {
        // Nothing moves; the offer ends with nobody to take the role from.
        drop(tx);
        settle(app, now_secs())?;
        return Err(conflict(format!(
            "{} no longer runs this Litstack, so the role cannot move from them: this offer has \
             ended.",
            from.name
        )));
    }
    let (resolution, told) = match ending {
        Ending::Accepted => (
            "You accepted: you run this Litstack now. Its pages are under This install in the menu."
                .to_string(),
            Some(delivery(
                app,
                &from,
                format!("{} is now the install's operator", to.name),
                format!(
                    "{} accepted the operator role you offered: they run this Litstack now, and \
                     you no longer do. Your role in your firm is unchanged.",
                    to.name
                ),
                HANDOVER_LINK,
            )),
        ),
        Ending::Declined => (
            format!(
                "You declined this offer: {} still runs this Litstack.",
                from.name
            ),
            Some(delivery(
                app,
                &from,
                format!("{} declined the operator role", to.name),
                format!(
                    "{} declined the operator role you offered: you still run this Litstack. \
                     You can offer it to another account on the Firms page.",
                    to.name
                ),
                HANDOVER_LINK,
            )),
        ),
        Ending::Withdrawn => (format!("{} withdrew this offer.", from.name), None),
        Ending::Expired => (
            format!("This offer ended unanswered on {}.", day(offer.expires_at)),
            Some(delivery(
                app,
                &from,
                format!("Your offer of the operator role to {} ended", to.name),
                format!(
                    "{} did not answer by {}: you still run this Litstack. You can offer the \
                     role again on the Firms page.",
                    to.name,
                    day(offer.expires_at)
                ),
                HANDOVER_LINK,
            )),
        ),
        Ending::Void => ("This offer has ended.".to_string(), None),
    };
    crate::notifications::storage::resolve_in(
        &mut tx,
        &[to.id],
        NoticeKind::OperatorHandover,
        OFFER_LINK,
        &resolution,
    )?;
    if let Some(d) = &told {
        crate::notifications::storage::deliver_in(&mut tx, d)?;
    }
    tx.commit()?;
    let (action, actor, detail) = match ending {
        Ending::Accepted => (
            AuditAction::OperatorRoleAccepted,
            Some(&to),
            format!(
                "{} accepted the install's operator role from {}: {} now runs the install, and {} no longer does",
                to.name, from.name, to.name, from.name
            ),
        ),
        Ending::Declined => (
            AuditAction::OperatorOfferDeclined,
            Some(&to),
            format!(
                "{} declined the install's operator role offered by {}: {} still runs the install",
                to.name, from.name, from.name
            ),
        ),
        Ending::Withdrawn => (
            AuditAction::OperatorOfferWithdrawn,
            by_operator,
            format!(
                "{} withdrew the offer of the install's operator role to {}",
                by_operator.map_or(from.name.as_str(), |u| u.name.as_str()),
                to.name
            ),
        ),
        Ending::Expired => (
            AuditAction::OperatorOfferExpired,
            None,
            format!(
                "The offer of the install's operator role from {} to {} ended unanswered on {}: {} still runs the install",
                from.name,
                to.name,
                day(offer.expires_at),
                from.name
            ),
        ),
        Ending::Void => return Ok(()),
    };
    record_both(app, &from, &to, actor, action, &detail);
    if ending == Ending::Accepted {
        // This node's cached sessions of both accounts see the move at once (other hub nodes
        // through the change log).
        for id in [from.id, to.id] {
            if let Some(user) = find_user(app, id)? {
                app.sessions.refresh_user(&user);
            }
        }
        tracing::info!(target: "security", from = from.id, to = to.id, "the operator role moved");
    }
    Ok(())
}

/// GET /api/admin/handover: the pending offer of the operator role, if any.
#[utoipa::path(get, path = "/admin/handover", tag = "admin",
    responses(
        (status = 200, body = PendingOffer),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub(super) async fn get_handover(
    State(state): State<AccountsState>,
    _: AdminUser,
) -> Result<Json<PendingOffer>> {
    let offer = state
        .blocking(|app| Ok(settled(app, now_secs())?.map(|(o, (from, to))| view(&o, &from, &to))))
        .await?;
    Ok(Json(PendingOffer { offer }))
}

/// POST /api/admin/handover: offers the operator role to the account of `email` (any firm's),
/// confirmed with the operator's second factor when they have one. Refused while an offer is
/// pending: the operator withdraws it first.
#[utoipa::path(post, path = "/admin/handover", tag = "admin",
    request_body = OfferRequest,
    responses(
        (status = 200, description = "Offered; the pending offer", body = OfferView),
        (status = 400, description = "The email is not valid, names the operator or another operator, or its firm is disabled; or a second-factor code is missing or wrong", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No account has that email", body = ErrorBody),
        (status = 409, description = "An offer is pending", body = ErrorBody),
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyWrongCodes,
    ))]
pub(super) async fn offer_handover(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<OfferRequest>,
) -> Result<Json<OfferView>> {
    let view = state
        .blocking(move |app| offer(app, &admin, &ip, &body.email, body.code.as_deref()))
        .await?;
    Ok(Json(view))
}

/// DELETE /api/admin/handover/{offerId}: the operator withdraws the pending offer.
#[utoipa::path(delete, path = "/admin/handover/{offerId}", tag = "admin",
    params(("offerId" = u64, Path, description = "The offer's id")),
    responses(
        (status = 204, description = "Withdrawn"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No pending offer has that id", body = ErrorBody),
    ))]
pub(super) async fn withdraw_handover(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<OfferId>,
) -> Result<StatusCode> {
    let id = id.get();
    state
        .blocking(move |app| {
            settle(app, now_secs())?;
            end(app, id, Ending::Withdrawn, None, Some(&admin))
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// GET /api/operator-offer: the pending offer of the operator role to the signed-in account, if
/// any (none for everyone else).
#[utoipa::path(get, path = "/operator-offer", tag = "accounts",
    responses(
        (status = 200, body = PendingOffer),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn get_offer_to_me(
    State(state): State<AccountsState>,
    CurrentUser { user, .. }: CurrentUser,
) -> Result<Json<PendingOffer>> {
    let offer = state
        .blocking(move |app| {
            Ok(settled(app, now_secs())?
                .filter(|(o, _)| o.to_user == user.id)
                .map(|(o, (from, to))| view(&o, &from, &to)))
        })
        .await?;
    Ok(Json(PendingOffer { offer }))
}

/// POST /api/operator-offer/{offerId}/accept: the offered account takes the operator role
/// (with its second factor's code when it has one); the one who offered it no longer has it.
#[utoipa::path(post, path = "/operator-offer/{offerId}/accept", tag = "accounts",
    params(("offerId" = u64, Path, description = "The offer's id")),
    request_body = AcceptRequest,
    responses(
        (status = 204, description = "Accepted: the account runs the install"),
        (status = 400, description = "The id is not a whole number, or a second-factor code is missing or wrong", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No pending offer to this account has that id", body = ErrorBody),
        (status = 409, description = "The one who offered no longer runs the install", body = ErrorBody),
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyWrongCodes,
    ))]
pub(super) async fn accept_offer(
    State(state): State<AccountsState>,
    CurrentUser { user, .. }: CurrentUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<OfferId>,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<StatusCode> {
    // Read as an object first: serde takes `[]` for a struct whose fields all have defaults.
    let body: AcceptRequest = serde_json::from_value(serde_json::Value::Object(body))
        .map_err(|e| bad_request(format!("Invalid request: {e}")))?;
    let id = id.get();
    state
        .blocking(move |app| {
            settle(app, now_secs())?;
            // Someone else's offer reads as none before any code is asked or counted.
            if !stored::current(&app.store)?.is_some_and(|o| o.id == id && o.to_user == user.id) {
                return Err(no_offer(id));
            }
            mfa::step_up(app, &user, &ip, body.code.as_deref())?;
            end(app, id, Ending::Accepted, Some(&user), None)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/operator-offer/{offerId}/decline: the offered account declines; the operator keeps
/// the role and is told.
#[utoipa::path(post, path = "/operator-offer/{offerId}/decline", tag = "accounts",
    params(("offerId" = u64, Path, description = "The offer's id")),
    responses(
        (status = 204, description = "Declined"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No pending offer to this account has that id", body = ErrorBody),
    ))]
pub(super) async fn decline_offer(
    State(state): State<AccountsState>,
    CurrentUser { user, .. }: CurrentUser,
    Path(id): Path<OfferId>,
) -> Result<StatusCode> {
    let id = id.get();
    state
        .blocking(move |app| {
            settle(app, now_secs())?;
            end(app, id, Ending::Declined, Some(&user), None)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends offers that came due, for the life of the server: a pass at start, then every hour.
pub fn spawn(state: AccountsState) {
    const EVERY: std::time::Duration = std::time::Duration::from_secs(3600);
    crate::platform::periodic::every(
        std::time::Duration::ZERO,
        EVERY,
        "operator role offers",
        move || {
            let state = state.clone();
            async move { state.blocking(move |app| settle(app, now_secs())).await }
        },
    );
}
