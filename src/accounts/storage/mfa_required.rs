//! "Require two-step sign-in for every member", per firm, on the storage seam: one body for both
//! engines, the table `firm_mfa_required` (firm id -> `Requirement`). No row: not required.
//!
//! What carried over: on redb the table is the one of before the seam, its bincode values
//! rewritten as the seam's JSON by schema 14; on PostgreSQL migration 0054 moved its rows.

use crate::accounts::model::Requirement;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{FIRM_MFA_REQUIRED, Store, WriteTx};

/// firm id -> `Requirement`.
pub const REQUIREMENTS: Table<u64, Requirement> =
    Table::new("firm_mfa_required", FIRM_MFA_REQUIRED, &["firm_id"], None);

pub fn find(store: &Store, firm_id: FirmId) -> Result<Option<Requirement>> {
    seam::get_one(store, &REQUIREMENTS, firm_id.get())
}

/// Saves the firm's choice (a firm merged into another or deleted is refused). On PostgreSQL
/// every member's cached session is told (the change log), so that each node decides again
/// whether it may only set up a factor.
pub fn save(store: &Store, firm_id: FirmId, requirement: &Requirement) -> Result<()> {
    let members: Vec<u64> = super::firm_members(store, firm_id)?
        .iter()
        .map(|m| m.id)
        .collect();
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        tx.insert(&REQUIREMENTS, firm_id.get(), requirement)?;
        for &user_id in &members {
            tx.record_change(Change::User { user_id });
        }
        Ok(())
    })
}

/// Writes the firm's choice inside an archive's import (the firm is new there).
pub fn save_in(tx: &mut WriteTx, firm_id: FirmId, requirement: &Requirement) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert(&REQUIREMENTS, firm_id.get(), requirement)
    })
}

/// The safer of the two: required when either firm required it (the one that did keeps its
/// who and when; `into`'s when both did). `from`'s row goes.
fn merged(into: Option<Requirement>, from: Option<Requirement>) -> Option<Requirement> {
    match (into, from) {
        (Some(i), _) if i.required => Some(i),
        (_, Some(f)) if f.required => Some(f),
        (i, _) => i,
    }
}

/// Merges firm `from`'s choice into firm `into` inside the firm merge's transaction.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        let theirs = tx.remove(&REQUIREMENTS, from.get())?;
        let ours = tx.get(&REQUIREMENTS, into.get())?;
        match merged(ours, theirs) {
            Some(kept) => tx.insert(&REQUIREMENTS, into.get(), &kept),
            None => Ok(()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::testing::{both_engines, file_store};

    fn req(required: bool, set_by: u64) -> Option<Requirement> {
        Some(Requirement {
            required,
            set_by,
            set_at: 1,
        })
    }

    #[test]
    fn a_merge_keeps_the_safer_choice() {
        assert_eq!(merged(None, None), None);
        assert_eq!(merged(req(false, 1), req(true, 2)), req(true, 2));
        assert_eq!(merged(req(true, 1), req(true, 2)), req(true, 1));
        assert_eq!(merged(req(true, 1), None), req(true, 1));
        assert_eq!(merged(None, req(false, 2)), None);
        assert_eq!(merged(req(false, 1), req(false, 2)), req(false, 1));
    }

    #[test]
    fn export_copies_every_firms_choice() {
        let (_dir, file) = file_store();
        for (firm_id, required) in [(1, true), (7, false)] {
            let choice = req(required, firm_id).unwrap();
            save(&file, FirmId::from_stored(firm_id), &choice).unwrap();
        }
        let from = file.file().unwrap();
        let to = crate::platform::store::postgres::test_store();
        let counts = seam::copy_to_postgres(from, &to, &REQUIREMENTS).unwrap();
        assert_eq!((counts.source, counts.copied), (2, 2));
        let hub = Store::Postgres(to);
        for firm_id in [1, 7, 8] {
            let id = FirmId::from_stored(firm_id);
            assert_eq!(
                find(&hub, id).unwrap(),
                find(&file, id).unwrap(),
                "{firm_id}"
            );
        }
    }

    #[test]
    fn both_engines_merge_alike() {
        let (_dir, stores) = both_engines();
        for store in &stores {
            // Firm 1 did not require it, firm 2 did; firm 3 never chose, firm 4 chose not to.
            for (firm, choice) in [(1, req(false, 1)), (2, req(true, 2)), (4, req(false, 4))] {
                seam::write(store, |tx| tx.insert(&REQUIREMENTS, firm, &choice.unwrap())).unwrap();
            }
            let merge = |into: u64, from: u64| {
                let mut tx = store.begin().unwrap();
                merge_firm_in(
                    &mut tx,
                    FirmId::from_stored(into),
                    FirmId::from_stored(from),
                )
                .unwrap();
                tx.commit().unwrap();
            };
            merge(1, 2);
            merge(3, 4);
            let found = |firm| find(store, FirmId::from_stored(firm)).unwrap();
            assert_eq!(found(1), req(true, 2));
            // A firm that never chose still has not: not requiring is the default.
            assert_eq!((found(2), found(3), found(4)), (None, None, None));
        }
    }
}
