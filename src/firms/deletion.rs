//! Deleting a firm, in two steps: an owner (or the install's operator) schedules it, with a grace
//! period in which an owner can take it back (`--firm-deletion-days`, 30 by default); then the
//! deletion task removes every row of the firm from every table the registry of data declares,
//! in one write transaction that also takes the schedule's row, so a crash leaves the firm whole
//! and the next run does it, and on a hub one node's run does it while another's finds nothing.
//! Its members' sessions end with their rows; their queued mail goes with the outbox rows; the
//! peer figures count the firm no more. The install keeps the fact of the deletion in its
//! security log. A firm the operator belongs to is never deleted: nobody could run the install.
//! That is checked when it is scheduled and again inside the run's transaction (the operator may
//! have joined since); a merge into a firm whose deletion is scheduled is refused (`merge.rs`).

use axum::extract::State;
use axum::http::StatusCode;

use crate::accounts::audit::{self, AuditAction, AuditEntry};
use crate::accounts::storage::deletion::{self as stored, Deletion};
use crate::accounts::{self, AccountsState, ClientIp};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{AdminUser, FirmMember, FirmRole};
use crate::platform::clock::rfc3339;
use crate::platform::error::{ErrorBody, Result, conflict, forbidden, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::firm_id::FirmId;
use crate::platform::ids::NamedFirmId;
use crate::platform::store::Store;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::registry::{Taker, Taking};

pub const OWNERS_ONLY: &str = "Only an owner of your firm can delete it.";
pub const OPERATORS_FIRM: &str = "This firm cannot be deleted: the install's operator is one of \
                                  its members, and nobody could run Litstack without them. The \
                                  operator hands the role to another account first (Hand over \
                                  the operator role, on the install's Firms page), or removes the \
                                  install.";
pub const NOT_SCHEDULED: &str = "The firm's deletion is not scheduled.";

const DAY: i64 = 86_400;

/// The firm's scheduled deletion, as every member reads it (the Firm page's notice).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletionView {
    /// Whether the firm's deletion is scheduled.
    pub scheduled: bool,
    /// When it runs (RFC 3339): every row of the firm is removed from then on.
    pub due_at: Option<String>,
    /// When it was scheduled (RFC 3339).
    pub scheduled_at: Option<String>,
    /// Who scheduled it, by their name then ("The operator" for the install's operator).
    pub by: Option<String>,
    /// Whether scheduling the deletion now would be accepted (the same check `POST` makes), so
    /// the Firm page offers it only then.
    pub can_schedule: bool,
    /// Why it would be refused: `operator` when the install's operator is one of the firm's
    /// members (they hand the role to another account first, or remove the install).
    pub blocked_by: Option<Blocker>,
}

/// What stands in the way of scheduling a firm's deletion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Blocker {
    /// The install's operator is one of the firm's members.
    Operator,
}

impl DeletionView {
    fn of(deletion: Option<Deletion>, blocked_by: Option<Blocker>) -> DeletionView {
        DeletionView {
            scheduled: deletion.is_some(),
            due_at: deletion.as_ref().map(|d| rfc3339(d.due_at)),
            scheduled_at: deletion.as_ref().map(|d| rfc3339(d.scheduled_at)),
            by: deletion.map(|d| d.by_name),
            can_schedule: blocked_by.is_none(),
            blocked_by,
        }
    }
}

/// What would refuse scheduling firm `firm`'s deletion now, if anything: the one check both the
/// `POST` and the `GET` (the Firm page's offer) make.
fn blocker(app: &AccountsState, firm: FirmId) -> Result<Option<Blocker>> {
    let members = accounts::firm_members(app, firm)?;
    Ok(members
        .iter()
        .any(|m| m.is_admin)
        .then_some(Blocker::Operator))
}

/// The body of `POST /api/firm/deletion`.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScheduleRequest {
    /// A current code of the owner's second factor (or a recovery code); asked only of an owner
    /// who has one.
    #[serde(default)]
    pub code: Option<String>,
}

/// Schedules firm `firm`'s deletion `app.config.firm_deletion_days` from `now`, by `by` (an
/// owner, or `None`: the operator); answers the deletion that stands (an earlier one stays).
fn schedule(
    app: &AccountsState,
    firm: FirmId,
    by: Option<&crate::platform::caller::User>,
    now: i64,
) -> Result<Deletion> {
    if blocker(app, firm)? == Some(Blocker::Operator) {
        return Err(conflict(OPERATORS_FIRM));
    }
    // One that stands stays, and nobody is told again: comparing the stored row with the one
    // wanted below cannot tell them apart when both were asked within the same second.
    if let Some(standing) = stored::find(&app.store, firm)? {
        return Ok(standing);
    }
    let wanted = Deletion {
        scheduled_at: now,
        due_at: now + i64::from(app.config.firm_deletion_days) * DAY,
        by_user: by.map(|u| u.id),
        by_name: by.map_or_else(|| "The operator".to_string(), |u| u.name.clone()),
    };
    let standing = stored::schedule(&app.store, firm, &wanted)?;
    if standing == wanted {
        audit::record(
            &app.store,
            firm,
            by,
            AuditAction::FirmDeletionScheduled,
            format!(
                "{} scheduled the firm's deletion for {}",
                wanted.by_name,
                &rfc3339(wanted.due_at)[..10]
            ),
        );
        tracing::info!(target: "security", firm_id = firm.get(), by = ?wanted.by_user,
            due_at = wanted.due_at, "a firm's deletion was scheduled");
        tell_members(app, firm, Some(&wanted), &wanted.by_name)?;
    }
    Ok(standing)
}

/// The day a deletion runs, as people read it ("December 29, 2026", UTC).
fn day(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|d| d.format("%B %-d, %Y").to_string())
        .unwrap_or_else(|| rfc3339(secs)[..10].to_string())
}

/// Tells every member of `firm`, under the bell and by mail, that its deletion was scheduled
/// (`Some`: when, and who can take it back) or taken back (`None`), by `by`. After the schedule's
/// own write: a crash between them leaves the deletion standing, and the banner every member's
/// screens show from `GET /api/firm/deletion` still says it.
fn tell_members(
    app: &AccountsState,
    firm: FirmId,
    deletion: Option<&Deletion>,
    by: &str,
) -> Result<()> {
    use crate::notifications::{Delivery, Notice, NoticeKind};
    let members = accounts::firm_members(app, firm)?;
    let Some(firm_name) = accounts::find_firm(&app.store, firm.get())?.map(|f| f.name) else {
        return Ok(());
    };
    let (title, body) = match deletion {
        Some(d) => {
            let owners: Vec<&str> = members
                .iter()
                .filter(|m| m.firm_role == FirmRole::Owner)
                .map(|m| m.name.as_str())
                .collect();
            (
                format!("{firm_name} is to be deleted on {}", day(d.due_at)),
                format!(
                    "{by} scheduled the deletion of {firm_name} for {}: every member's account \
                     and everything the firm holds here will be removed then. Until that day \
                     {} or the install's operator can take it back on the Firm page.",
                    day(d.due_at),
                    who_can_keep(&owners)
                ),
            )
        }
        None => (
            format!("{firm_name} is no longer to be deleted"),
            format!(
                "{by} took the firm's scheduled deletion back: {firm_name} stays, and nothing is removed."
            ),
        ),
    };
    let base = crate::accounts::links::base(&app.config);
    let link = "/firm".to_string();
    let now = crate::platform::clock::now_secs();
    for member in &members {
        let delivery = Delivery {
            letter: crate::mail::letters::notice(
                NoticeKind::FirmDeletion.message_kind(),
                firm.get(),
                &member.email,
                &member.name,
                &title,
                &body,
                Some((
                    "Open the Firm page",
                    &format!("{}{link}", base.as_deref().unwrap_or_default()),
                )),
            ),
            notice: Notice {
                kind: NoticeKind::FirmDeletion,
                user_id: member.id,
                firm_id: firm.get(),
                title: title.clone(),
                body: body.clone(),
                link: link.clone(),
                created_at: now,
            },
            base: base.clone(),
        };
        crate::notifications::storage::deliver(&app.store, &delivery)?;
    }
    Ok(())
}

/// "Pat Doe", "Pat Doe or Ann Roe", "Pat Doe, Ann Roe or Lee Wu": the owners who can keep the
/// firm (any owner can), or "an owner" when none is left to name.
fn who_can_keep(owners: &[&str]) -> String {
    match owners {
        [] => "an owner of the firm".to_string(),
        [one] => format!("its owner {one}"),
        [rest @ .., last] => format!("its owners {} or {last}", rest.join(", ")),
    }
}

fn cancel(
    app: &AccountsState,
    firm: FirmId,
    by: Option<&crate::platform::caller::User>,
) -> Result<()> {
    if !stored::cancel(&app.store, firm)? {
        return Err(not_found(NOT_SCHEDULED));
    }
    let name = by.map_or("The operator", |u| u.name.as_str());
    audit::record(
        &app.store,
        firm,
        by,
        AuditAction::FirmDeletionCancelled,
        format!("{name} took the firm's scheduled deletion back"),
    );
    tracing::info!(target: "security", firm_id = firm.get(), "a firm's deletion was taken back");
    tell_members(app, firm, None, name)
}

/// Runs every deletion due at `now`; answers the firms deleted.
pub fn run_due(app: &AccountsState, now: i64) -> Result<Vec<u64>> {
    let mut deleted = Vec::new();
    for firm in stored::due(&app.store, now)? {
        if delete_now(app, FirmId::from_stored(firm))? {
            deleted.push(firm);
        }
    }
    Ok(deleted)
}

/// Removes every row of `firm`, if its deletion still stands (else nothing: another run did it,
/// or an owner took it back) and the firm does not hold the install's operator (else the
/// deletion comes off the schedule, with a line in the firm's audit log saying why). One write
/// transaction across every domain's tables, in the registry's order backwards, so the members
/// and the firm row go last.
fn delete_now(app: &AccountsState, firm: FirmId) -> Result<bool> {
    let mut tx = app.store.begin()?;
    // Before the members are read: a sign-up committed after the read would leave an account.
    stored::hold_sign_ups_in(&mut tx)?;
    let Some(deletion) = stored::take_in(&mut tx, firm)? else {
        return Ok(false);
    };
    // Checked again here, not only when it was scheduled: the operator may have joined the firm
    // since (a promotion, a merge that raced the schedule). Such a deletion does not run and comes
    // off the schedule: left there, a later run would take what came in, which no one there asked.
    if stored::holds_operator_in(&mut tx, firm)? {
        crate::accounts::storage::audit::append_in(&mut tx, skipped_entry(firm, &deletion))?;
        tx.commit()?;
        tracing::warn!(target: "security", firm_id = firm.get(),
            "a firm's deletion did not run: the install's operator is one of its members");
        return Ok(false);
    }
    let members: Vec<u64> = accounts::firm_members(app, firm)?
        .iter()
        .map(|m| m.id)
        .collect();
    let taking = Taking {
        firm,
        members: members.clone(),
        by: Taker::Operator,
        decided_rounds: Vec::new(),
    };
    crate::platform::store::merged::record_deleted(
        &mut tx,
        firm,
        crate::platform::clock::now_secs(),
    )?;
    let tables: Vec<_> = crate::registry::tables().collect();
    crate::platform::store::registry::purge_in(&mut tx, tables.into_iter().rev(), &taking)?;
    for &user_id in &members {
        tx.record_change(Change::User { user_id });
    }
    tx.record_change(Change::Peers { firm_id: firm });
    tx.commit()?;
    for &user_id in &members {
        app.sessions.forget_user(user_id, None);
    }
    app.firm_changed.tell(firm);
    tracing::info!(target: "security", firm_id = firm.get(), members = members.len(),
        "a firm was deleted: every row of it removed");
    scrub_file(app);
    Ok(true)
}

/// Deleted means gone from the file: redb leaves removed rows' bytes in its free pages until
/// they are reused, so the file is rewritten from its live rows. PostgreSQL keeps dead tuples
/// and WAL of its own (SECURITY.md says what an operator does about them).
fn scrub_file(app: &AccountsState) {
    let crate::platform::store::Store::File(file) = app.store.as_ref() else {
        return;
    };
    let started = std::time::Instant::now();
    match file.rewrite(&crate::registry::redb_tables()) {
        Ok(rows) => tracing::info!(
            rows,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "the database file was rewritten from its live rows after a firm's deletion"
        ),
        // The deletion stands (its rows are gone); only the free pages may still hold its text.
        Err(e) => tracing::error!(error = %e,
            "the database file could not be rewritten after a firm's deletion: the deleted \
             firm's text may remain in its free pages until a `litstack backup` taken with the \
             server stopped replaces the file"),
    }
}

/// The firm's audit line of a deletion that did not run (`delete_now`), so its owners see why.
fn skipped_entry(firm: FirmId, deletion: &Deletion) -> AuditEntry {
    AuditEntry {
        id: 0,
        firm_id: firm.get(),
        at: crate::platform::clock::now_secs(),
        actor: None,
        action: AuditAction::FirmDeletionSkipped,
        detail: format!(
            "The firm's deletion, scheduled by {} for {}, did not run: the install's operator is \
             now one of its members, and nobody could run Litstack without them. It is no longer \
             scheduled.",
            deletion.by_name,
            &rfc3339(deletion.due_at)[..10]
        ),
    }
}

/// Runs the deletions for the life of the server: a pass at start, then every hour.
pub fn spawn(state: AccountsState) {
    const EVERY: std::time::Duration = std::time::Duration::from_secs(3600);
    crate::platform::periodic::every(
        std::time::Duration::ZERO,
        EVERY,
        "firm deletions",
        move || {
            let state = state.clone();
            async move {
                let now = crate::platform::clock::now_secs();
                state.blocking(move |app| run_due(app, now)).await.map(drop)
            }
        },
    );
}

/// Whether the firm `id` exists, for the operator's routes.
fn existing(store: &Store, id: u64) -> Result<FirmId> {
    accounts::find_firm(store, id)?
        .map(|f| f.id)
        .ok_or_else(|| not_found(format!("There is no firm with id {id}")))
}

/// GET /api/firm/deletion: whether the caller's firm is scheduled for deletion, and when.
#[utoipa::path(get, path = "/firm/deletion", tag = "firm",
    responses(
        (status = 200, body = DeletionView),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn get_deletion(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<DeletionView>> {
    let firm = member.firm;
    let view = state
        .blocking(move |app| {
            Ok(DeletionView::of(
                stored::find(&app.store, firm)?,
                blocker(app, firm)?,
            ))
        })
        .await?;
    Ok(Json(view))
}

/// POST /api/firm/deletion: schedules the deletion of the caller's firm (owners; a current code
/// where the owner has a second factor), after the install's grace period; an owner can take it
/// back until then. Scheduling again keeps the first schedule.
#[utoipa::path(post, path = "/firm/deletion", tag = "firm",
    request_body = ScheduleRequest,
    responses(
        (status = 200, description = "Scheduled; the deletion as `GET` answers it", body = DeletionView),
        (status = 400, description = "A second-factor code is missing or wrong", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrForeignOrigin,
        (status = 409, description = "The install's operator is a member of the firm, or the firm was merged into another", body = ErrorBody),
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyWrongCodes,
    ))]
pub(super) async fn schedule_deletion(
    State(state): State<AccountsState>,
    member: FirmMember,
    ClientIp(ip): ClientIp,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<Json<DeletionView>> {
    let body: ScheduleRequest = super::object_body(body)?;
    let user = member.user;
    if user.firm_role != FirmRole::Owner {
        return Err(forbidden(OWNERS_ONLY));
    }
    let deletion = state
        .blocking(move |app| {
            accounts::mfa::step_up(app, &user, &ip, body.code.as_deref())?;
            schedule(
                app,
                user.firm.id,
                Some(&user),
                crate::platform::clock::now_secs(),
            )
        })
        .await?;
    // Accepted: nothing stood in the way.
    Ok(Json(DeletionView::of(Some(deletion), None)))
}

/// DELETE /api/firm/deletion: takes the scheduled deletion of the caller's firm back (owners).
#[utoipa::path(delete, path = "/firm/deletion", tag = "firm",
    responses(
        (status = 204, description = "Taken back: the firm stays"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrForeignOrigin,
        (status = 404, description = "No deletion is scheduled", body = ErrorBody),
    ))]
pub(super) async fn cancel_deletion(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<StatusCode> {
    let user = member.user;
    if user.firm_role != FirmRole::Owner {
        return Err(forbidden(OWNERS_ONLY));
    }
    state
        .blocking(move |app| cancel(app, user.firm.id, Some(&user)))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/admin/firms/{firmId}/deletion: the operator schedules a firm's deletion, after the
/// install's grace period (never a firm the operator belongs to).
#[utoipa::path(post, path = "/admin/firms/{firmId}/deletion", tag = "admin",
    params(("firmId" = u64, Path, description = "The firm's id")),
    responses(
        (status = 200, description = "Scheduled; the deletion as the firm's members read it", body = DeletionView),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such firm", body = ErrorBody),
        (status = 409, description = "The operator is a member of the firm, or it was merged into another", body = ErrorBody),
    ))]
pub(super) async fn operator_schedule_deletion(
    State(state): State<AccountsState>,
    AdminUser(_admin): AdminUser,
    Path(id): Path<NamedFirmId>,
) -> Result<Json<DeletionView>> {
    let id = id.get();
    let deletion = state
        .blocking(move |app| {
            let firm = existing(&app.store, id)?;
            schedule(app, firm, None, crate::platform::clock::now_secs())
        })
        .await?;
    Ok(Json(DeletionView::of(Some(deletion), None)))
}

/// DELETE /api/admin/firms/{firmId}/deletion: the operator takes a firm's scheduled deletion back.
#[utoipa::path(delete, path = "/admin/firms/{firmId}/deletion", tag = "admin",
    params(("firmId" = u64, Path, description = "The firm's id")),
    responses(
        (status = 204, description = "Taken back: the firm stays"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such firm, or no deletion is scheduled", body = ErrorBody),
    ))]
pub(super) async fn operator_cancel_deletion(
    State(state): State<AccountsState>,
    AdminUser(_admin): AdminUser,
    Path(id): Path<NamedFirmId>,
) -> Result<StatusCode> {
    let id = id.get();
    state
        .blocking(move |app| {
            let firm = existing(&app.store, id)?;
            cancel(app, firm, None)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
