//! "Share what we pay with other firms", per firm, on the storage seam: one body for both
//! engines, the table `firm_price_sharing` (firm id -> `Consent`). No row: not shared.

use crate::accounts::model::Consent;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{FIRM_PRICE_SHARING, Store, WriteTx};

/// firm id -> `Consent`.
pub const CONSENTS: Table<u64, Consent> =
    Table::new("firm_price_sharing", FIRM_PRICE_SHARING, &["firm_id"], None);

pub fn find(store: &Store, firm_id: FirmId) -> Result<Option<Consent>> {
    seam::get_one(store, &CONSENTS, firm_id.get())
}

/// The firms that share now, by id (ascending).
pub fn sharing_firms(store: &Store) -> Result<Vec<FirmId>> {
    seam::read(store, sharing_firms_in)
}

/// `sharing_firms` inside a read begun elsewhere.
pub fn sharing_firms_in(tx: &mut seam::Tx) -> Result<Vec<FirmId>> {
    Ok(tx
        .range(&CONSENTS, &[])?
        .into_iter()
        .filter(|(_, consent)| consent.share)
        .map(|(firm, _)| FirmId::from_stored(firm))
        .collect())
}

/// Saves the firm's choice (a firm merged into another or deleted is refused, as every firm
/// write is).
pub fn save(store: &Store, firm_id: FirmId, consent: &Consent) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        tx.insert(&CONSENTS, firm_id.get(), consent)
    })
}

/// The merged firm shares only when both firms did: the other firm's contracts join the kept
/// firm's, and they were never shared without their own firm's consent. A firm that chose not to
/// share keeps that choice (with its who and when; `into`'s when both chose so); one that never
/// chose leaves no row. `from`'s row goes.
fn merged(into: Option<Consent>, from: Option<Consent>) -> Option<Consent> {
    match (into, from) {
        (Some(i), Some(f)) if i.share && f.share => Some(i),
        (Some(i), _) if !i.share => Some(i),
        (_, Some(f)) if !f.share => Some(f),
        _ => None,
    }
}

/// Merges firm `from`'s choice into firm `into` inside the firm merge's transaction.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        let theirs = tx.remove(&CONSENTS, from.get())?;
        let ours = tx.get(&CONSENTS, into.get())?;
        match merged(ours, theirs) {
            Some(kept) => tx.insert(&CONSENTS, into.get(), &kept),
            None => tx.remove(&CONSENTS, into.get()).map(drop),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::testing::file_store;

    fn choice(share: bool, by_user: u64) -> Option<Consent> {
        Some(Consent {
            share,
            by_user,
            by_name: format!("Member {by_user}"),
            at: 1,
        })
    }

    #[test]
    fn a_merge_shares_only_when_both_firms_shared() {
        assert_eq!(merged(None, None), None);
        assert_eq!(merged(choice(true, 1), choice(true, 2)), choice(true, 1));
        assert_eq!(
            merged(choice(true, 1), None),
            None,
            "the other never agreed"
        );
        assert_eq!(merged(None, choice(true, 2)), None);
        assert_eq!(merged(choice(true, 1), choice(false, 2)), choice(false, 2));
        assert_eq!(merged(choice(false, 1), choice(true, 2)), choice(false, 1));
        assert_eq!(merged(choice(false, 1), choice(false, 2)), choice(false, 1));
    }

    /// A hub database as the binary before migration 0046 left it (one column per part of the
    /// choice): every firm's choice is found after it, as it was written.
    #[test]
    fn choices_of_a_hub_from_before_the_seam_are_found_after_its_migration() {
        let store = Store::Postgres(crate::platform::store::postgres::test_store_from_migration(
            45,
            "INSERT INTO firm_price_sharing (firm_id, share, by_user, by_name, at) VALUES \
             (2, true, 5, 'Ann \"Doe\"', to_timestamp(1700000000)), \
             (4, false, 6, 'Bo Roe', to_timestamp(1700000100));",
        ));
        let id = FirmId::from_stored;
        assert_eq!(
            find(&store, id(2)).unwrap(),
            Some(Consent {
                share: true,
                by_user: 5,
                by_name: "Ann \"Doe\"".into(),
                at: 1_700_000_000,
            })
        );
        assert_eq!(
            find(&store, id(4)).unwrap(),
            choice(false, 6).map(|c| Consent {
                by_name: "Bo Roe".into(),
                at: 1_700_000_100,
                ..c
            })
        );
        assert_eq!(find(&store, id(3)).unwrap(), None);
        assert_eq!(sharing_firms(&store).unwrap(), [id(2)]);
        // The seam writes the migrated table.
        save(&store, id(4), &choice(true, 6).unwrap()).unwrap();
        assert_eq!(sharing_firms(&store).unwrap(), [id(2), id(4)]);
    }

    #[test]
    fn export_copies_every_firms_choice() {
        let (_dir, file) = file_store();
        for (firm_id, share) in [(1, true), (7, false)] {
            let consent = choice(share, firm_id).unwrap();
            save(&file, FirmId::from_stored(firm_id), &consent).unwrap();
        }
        assert_eq!(sharing_firms(&file).unwrap(), vec![FirmId::from_stored(1)]);
        let from = file.file().unwrap();
        let to = crate::platform::store::postgres::test_store();
        let counts = [seam::copy_to_postgres(from, &to, &CONSENTS).unwrap()];
        assert_eq!((counts[0].source, counts[0].copied), (2, 2));
        let hub = Store::Postgres(to);
        assert_eq!(sharing_firms(&hub).unwrap(), vec![FirmId::from_stored(1)]);
        for firm_id in [1, 7, 8] {
            let id = FirmId::from_stored(firm_id);
            assert_eq!(
                find(&hub, id).unwrap(),
                find(&file, id).unwrap(),
                "{firm_id}"
            );
        }
    }
}
