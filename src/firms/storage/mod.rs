//! The firm merge's one write transaction, across every domain that holds firm data: each
//! domain's storage moves its own rows inside it (the registry of data lists them), and the
//! commit keeps all of it or nothing (the rules of the merge are in firms/merge.rs).

use crate::accounts::MergedFirms;
use crate::accounts::audit::AuditEntry;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;
use crate::platform::store::postgres::changes::Change;

/// Moves firm `from` into firm `into` in one transaction. Accounts go first: they find both firms
/// (or refuse) and, on PostgreSQL, take the locks that keep sign-ups and the firm rows still
/// until the commit. A kept firm whose deletion is scheduled is a 409 and nothing is written.
/// `audit` makes the kept firm's log line from what moved; it is written in the same transaction,
/// and the change log (members' cached accounts, both firms' peer figures) last, as the log asks.
pub fn merge_firms(
    store: &Store,
    into: FirmId,
    from: FirmId,
    audit: impl FnOnce(&MergedFirms) -> AuditEntry,
) -> Result<MergedFirms> {
    let mut tx = store.begin()?;
    let moved = crate::accounts::storage::merge_firm_in(&mut tx, into, from)?;
    // Read under the merge's locks, so a deletion scheduled meanwhile is either seen here or
    // lands after the merge (and its run then checks again: `firms::deletion`).
    if let Some(deletion) = crate::accounts::storage::deletion::scheduled_in(&mut tx, into)? {
        return Err(super::model::merge_into_firm_being_deleted(
            &moved.kept.name,
            deletion.due_at,
        ));
    }
    for domain in crate::registry::DOMAINS {
        for merge_in in domain.merge_firm_in {
            merge_in(&mut tx, into, from)?;
        }
    }
    crate::accounts::storage::audit::append_in(&mut tx, audit(&moved))?;
    for &user_id in &moved.members {
        tx.record_change(Change::User { user_id });
    }
    for firm_id in [into, from] {
        tx.record_change(Change::Peers { firm_id });
    }
    tx.commit()?;
    Ok(moved)
}
