//! The firm's audit log: who invited, joined, changed a role, removed a member, issued or used a
//! reset link, exported the brief, and which sign-ins to the firm's accounts failed. Owners and
//! admins read it (and download it as CSV). It names people and emails of the firm, never a
//! password or a token.

use crate::platform::firm_id::FirmId;

use super::AccountsState;
pub use super::audit_entry::{AuditAction, AuditEntry};
use super::model::User;
use super::storage;
/// The log's table and its stored line, for the benches of a firm merge's move of a long log.
pub use super::storage::audit::{LINES, Line};
use crate::platform::clock::now_secs;
use crate::platform::store::Store;

/// Adds a line to `firm_id`'s log. It is written after the change it records; a failure to write
/// it is logged and does not undo or refuse that change.
pub fn record(
    store: &Store,
    firm_id: FirmId,
    actor: Option<&User>,
    action: AuditAction,
    detail: String,
) {
    let entry = AuditEntry {
        id: 0,
        firm_id: firm_id.get(),
        at: now_secs(),
        actor: actor.map(|u| u.name.clone()),
        action,
        detail,
    };
    match storage::audit::append(store, entry) {
        Ok(true) => {}
        Ok(false) => tracing::info!(
            firm_id = firm_id.get(),
            action = action.code(),
            "the firm was deleted or merged meanwhile: its audit entry is not kept"
        ),
        Err(e) => {
            tracing::error!(firm_id = firm_id.get(), action = action.code(), error = %e, "an audit entry was not saved");
        }
    }
}

/// The firm's log, newest first.
pub fn entries(
    app: &AccountsState,
    firm_id: FirmId,
) -> crate::platform::error::Result<Vec<AuditEntry>> {
    let mut entries = storage::audit::firm_entries(&app.store, firm_id)?;
    entries.reverse();
    Ok(entries)
}
