//! A firm's scheduled deletion on the storage seam, one body for both engines: `firm_deletions`
//! (firm id -> `Deletion`). No row: none scheduled. `firms::deletion` holds the rules and runs it.
//!
//! What carried over: on redb schema 15 rewrote the table of before the seam as JSON; on
//! PostgreSQL migration 0061 moved its rows into the seam's layout.

use serde::{Deserialize, Serialize};

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{FIRM_DELETIONS, Store, WriteTx};

/// Firm id -> its scheduled deletion.
pub const DELETIONS: Table<u64, Deletion> =
    Table::new("firm_deletions", FIRM_DELETIONS, &["firm_id"], None);

/// A deletion waiting out its grace period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deletion {
    /// Unix seconds, as `due_at`.
    pub scheduled_at: i64,
    /// From then on the deletion runs (the next hourly run of the task, or the next start).
    pub due_at: i64,
    /// The owner who asked; `None`: the install's operator.
    pub by_user: Option<u64>,
    /// Their name then.
    pub by_name: String,
}

pub fn find(store: &Store, firm_id: FirmId) -> Result<Option<Deletion>> {
    seam::get_one(store, &DELETIONS, firm_id.get())
}

/// Schedules the firm's deletion unless one is already scheduled; answers the one that stands. A
/// firm merged away is a 409, a deleted one a 410.
pub fn schedule(store: &Store, firm_id: FirmId, deletion: &Deletion) -> Result<Deletion> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        if let Some(standing) = tx.get(&DELETIONS, firm_id.get())? {
            return Ok(standing);
        }
        tx.insert(&DELETIONS, firm_id.get(), deletion)?;
        Ok(deletion.clone())
    })
}

/// Takes the firm's scheduled deletion back; answers whether there was one.
pub fn cancel(store: &Store, firm_id: FirmId) -> Result<bool> {
    seam::write(store, |tx| {
        Ok(tx.remove(&DELETIONS, firm_id.get())?.is_some())
    })
}

/// Every scheduled deletion: (firm id, when it runs), for the operator's list of firms.
pub fn all_due_times(store: &Store) -> Result<Vec<(u64, i64)>> {
    let rows = seam::range_one(store, &DELETIONS, &[])?;
    Ok(rows.into_iter().map(|(firm, d)| (firm, d.due_at)).collect())
}

/// The firms whose deletion is due at `now` (a handful are ever scheduled at once).
pub fn due(store: &Store, now: i64) -> Result<Vec<u64>> {
    let rows = seam::range_one(store, &DELETIONS, &[])?;
    Ok(rows
        .into_iter()
        .filter(|(_, d)| d.due_at <= now)
        .map(|(firm, _)| firm)
        .collect())
}

/// Holds off every sign-up until `tx` ends, so no one joins the firm while its rows go: the
/// deletion takes this first, then reads the members. On PostgreSQL a sign-up through an
/// invitation locks the invitation and then the firm's row; the deletion, taking the firm's row
/// first and the invitations later, deadlocked against it. A merge takes this lock first too, so
/// a deletion and a merge of the firm take turns (they, too, deadlocked: the merge locked the
/// firm's row and then its scheduled deletion, the deletion the other way round). redb's one
/// writer needs nothing more.
pub fn hold_sign_ups_in(tx: &mut WriteTx) -> Result<()> {
    seam::within(tx, |tx| tx.lock_install(super::SIGN_UP_LOCK))
}

/// The firm's deletion, if it still stands inside `tx`, taking its row with it: the one deletion
/// run that finds it does the work (on PostgreSQL another node's run waits on the row and then
/// finds none).
pub fn take_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<Option<Deletion>> {
    seam::within(tx, |tx| tx.remove(&DELETIONS, firm_id.get()))
}

/// The firm's scheduled deletion inside `tx`, read as the transaction's writes will find it: a
/// merge reads its kept firm's after its locks.
pub fn scheduled_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<Option<Deletion>> {
    seam::within(tx, |tx| tx.get(&DELETIONS, firm_id.get()))
}

/// Whether the install's operator is a member of the firm, read inside the deletion's `tx` (after
/// `hold_sign_ups_in`, which a merge takes too, so a merge that moved the operator in is seen).
pub fn holds_operator_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<bool> {
    seam::within(tx, |tx| {
        let members = tx.range(&super::users::USERS, &[firm_id.get()])?;
        Ok(members.iter().any(|(_, member)| member.is_admin))
    })
}

/// A merged firm's scheduled deletion goes with it; the kept firm's stands.
pub fn merge_firm_in(tx: &mut WriteTx, _into: FirmId, from: FirmId) -> Result<()> {
    take_in(tx, from)?;
    Ok(())
}
