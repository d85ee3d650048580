//! The firm audit log on the storage seam: `firm_audit`, keyed by (firm, entry id), append-only.
//! Entry ids are one sequence across firms, so a firm merge gives the merged firm's log to the
//! kept firm by the key's first part alone (`Tx::move_rows`: one statement on PostgreSQL at any
//! length of log).

use serde::{Deserialize, Serialize};

use crate::accounts::audit_entry::{AuditAction, AuditEntry};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{FIRM_AUDIT, Store, WriteTx};

/// A line as stored: its firm and id are its key, so a move to another firm rewrites no value.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Line {
    /// Unix seconds.
    at: i64,
    actor: Option<String>,
    action: AuditAction,
    detail: String,
}

pub const LINES: Table<(u64, u64), Line> =
    Table::new("firm_audit", FIRM_AUDIT, &["firm_id", "id"], Some("audit"));

impl Line {
    pub fn of(entry: &AuditEntry) -> Line {
        Line {
            at: entry.at,
            actor: entry.actor.clone(),
            action: entry.action,
            detail: entry.detail.clone(),
        }
    }

    fn entry(self, (firm_id, id): (u64, u64)) -> AuditEntry {
        AuditEntry {
            id,
            firm_id,
            at: self.at,
            actor: self.actor,
            action: self.action,
            detail: self.detail,
        }
    }
}

/// Adds `entry` to its firm's log; `false` when the firm no longer exists (deleted or merged
/// away between the change and its line), so no row is left of a firm that is gone. One
/// statement on PostgreSQL.
pub fn append(store: &Store, entry: AuditEntry) -> Result<bool> {
    let firm = FirmId::from_stored(entry.firm_id);
    Ok(seam::insert_next_for_firm(store, &LINES, firm, &Line::of(&entry))?.is_some())
}

/// Adds `entry` to its firm's log inside the caller's transaction (a change that is itself one
/// transaction with its audit line: a firm merge), under a new id.
pub fn append_in(tx: &mut WriteTx, entry: AuditEntry) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert_next(&LINES, &[entry.firm_id], &Line::of(&entry))?;
        Ok(())
    })
}

/// The firm's entries, oldest first.
pub fn firm_entries(store: &Store, firm_id: FirmId) -> Result<Vec<AuditEntry>> {
    let lines = seam::range_one(store, &LINES, &[firm_id.get()])?;
    Ok(lines
        .into_iter()
        .map(|(key, line)| line.entry(key))
        .collect())
}

/// Gives firm `from`'s log to firm `into`, inside the firm merge's transaction; its lines keep
/// their ids, so the kept firm's log reads in the order things happened.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.move_rows(&LINES, from.get(), into.get())?;
        Ok(())
    })
}
