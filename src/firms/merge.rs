//! Merging two firms the operator knows are one (`POST /api/admin/firms/merge`, `litstack firms
//! merge`): everything of `from` moves into `into`, keeping all data of both, and `from` no
//! longer exists. One write transaction across every domain that holds firm data, so it is
//! all or nothing: accounts (members with their roles, invitations, the audit log, the firm
//! record), onboarding answers, the tech stack, recommendations and the shortlist. Meeting clicks
//! are the person's (keyed by user id), so they go with their members without a write.
//!
//! On PostgreSQL the transaction holds, from its first statement to the commit, the sign-up lock,
//! both firm rows and both firms' picks and shortlist locks: a write to either firm that takes
//! them lands wholly before the merge (and is moved) or after it. After the commit the members'
//! cached sessions and both firms' peer figures are brought up to date; other hub nodes do the
//! same from the change log written in the transaction.

use axum::extract::State;

use super::model::{AdminFirm, AdminFirmEnvelope, FirmMerge};
use crate::accounts::AccountsState;
use crate::accounts::audit::{AuditAction, AuditEntry};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{AdminUser, Firm};
use crate::platform::clock::now_secs;
use crate::platform::error::{Result, bad_request};
use crate::platform::extract::Json;

/// What a merge did.
#[derive(Debug)]
pub struct Merged {
    /// The kept firm, as it is now.
    pub firm: Firm,
    /// Its members now, the moved ones included.
    pub members: usize,
    /// How many accounts moved from the merged firm.
    pub moved: usize,
    /// The merged firm's name; the firm no longer exists.
    pub from_name: String,
}

/// Merges firm `from` into firm `into` (see the module). `operator` names who did it in the kept
/// firm's audit log. The same id twice is a 400; a missing firm a 404 naming it (`into` first);
/// a kept firm scheduled for deletion a 409 (its deletion would take the merged firm's people and
/// data with it); nothing is written on any error.
pub fn merge_firms(app: &AccountsState, operator: &str, into: u64, from: u64) -> Result<Merged> {
    if into == from {
        return Err(bad_request("Choose two different firms to merge"));
    }
    let (into, from) = (
        crate::accounts::existing_firm(app, into)?,
        crate::accounts::existing_firm(app, from)?,
    );
    let moved = super::storage::merge_firms(&app.store, into, from, |moved| {
        let count = moved.moved.len();
        AuditEntry {
            id: 0,
            firm_id: into.get(),
            at: now_secs(),
            actor: Some(operator.to_string()),
            action: AuditAction::FirmsMerged,
            detail: format!(
                "{operator} merged {} into this firm: {count} {} moved",
                moved.gone.name,
                if count == 1 { "member" } else { "members" }
            ),
        }
    })?;
    let count = moved.moved.len();

    for &user_id in &moved.members {
        match app.load_user(user_id) {
            Ok(Some(user)) => app.sessions.refresh_user(&user),
            Ok(None) => {}
            // The merge is committed; a session that cannot be refreshed now is forgotten and
            // read again at its next request.
            Err(e) => {
                tracing::warn!(error = %e, user_id, "a merged member's session could not be refreshed");
                app.sessions.forget_user(user_id, None);
            }
        }
    }
    app.firm_changed.tell(moved.kept.id);
    app.firm_changed.tell(from);
    Ok(Merged {
        firm: moved.kept,
        members: moved.members.len(),
        moved: count,
        from_name: moved.gone.name,
    })
}

/// POST /api/admin/firms/merge: merges firm `from` into firm `into`, keeping all data of both;
/// answers the kept firm with its new member count.
#[utoipa::path(post, path = "/admin/firms/merge", tag = "admin",
    request_body = FirmMerge,
    responses(
        (status = 200, body = AdminFirmEnvelope),
        (status = 400, description = "The same firm twice, or an invalid id or field", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such firm", body = crate::platform::error::ErrorBody),
        (status = 409, description = "The kept firm is scheduled for deletion: its deletion is taken back first", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn merge_firms_route(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<Json<AdminFirmEnvelope>> {
    let FirmMerge { into, from } = super::object_body(body)?;
    let operator = admin.name.clone();
    let (merged, due) = state
        .blocking(move |app| {
            let merged = merge_firms(app, &operator, into, from)?;
            let due = crate::accounts::storage::deletion::find(&app.store, merged.firm.id)?;
            Ok((merged, due.map(|d| d.due_at)))
        })
        .await?;
    tracing::info!(target: "security", into, from, moved = merged.moved, by = admin.id, "firms merged by the operator");
    Ok(Json(AdminFirmEnvelope {
        firm: AdminFirm::of(&merged.firm, merged.members, due),
    }))
}
