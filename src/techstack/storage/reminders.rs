//! The renewal reminders each contract's deadline gets once per milestone, over the storage
//! seam: `CLAIMS`, (firm id, vendor id, deadline day, milestone) -> written at. The claim is
//! written in the transaction that writes the notices, so a restart or a second hub node never
//! sends a milestone twice.

use crate::notifications::Delivery;
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{RENEWAL_REMINDERS, Store, WriteTx};

/// One milestone of one deadline: (firm id, vendor id, deadline day as days since 1970-01-01,
/// days before the deadline: 90, 60, 30 or 0).
pub type Claim = (u64, u64, i64, u32);

/// `Claim` -> when its reminder was written (Unix seconds). Its redb table holds the time as a
/// plain integer, as before the seam.
pub const CLAIMS: Table<Claim, i64, i64> = Table::new(
    "renewal_reminders",
    RENEWAL_REMINDERS,
    &["firm_id", "vendor_id", "day", "milestone"],
    None,
);

/// The day number of `date` (days since 1970-01-01), as claims key it.
pub fn day_number(date: chrono::NaiveDate) -> i64 {
    date.signed_duration_since(chrono::NaiveDate::default())
        .num_days()
}

/// Whether `claim` was written already (a cheap look before building the notices).
pub fn claimed(store: &Store, claim: Claim) -> Result<bool> {
    Ok(seam::get_one(store, &CLAIMS, claim)?.is_some())
}

/// In one transaction: claims `claim` and writes `deliveries`. Nothing is written when it was
/// claimed already, or when the firm was merged away or deleted. Whether it was written.
pub fn remind(store: &Store, claim: Claim, now: i64, deliveries: &[Delivery]) -> Result<bool> {
    let mut tx = store.begin()?;
    let claimed = seam::within(&mut tx, |tx| {
        if !tx.firm_is_open(FirmId::from_stored(claim.0))? {
            return Ok(false);
        }
        match tx.insert_new(&CLAIMS, claim, &now) {
            Err(AppError::Conflict(m)) if m == seam::TAKEN => Ok(false),
            claimed => claimed.map(|()| true),
        }
    })?;
    // Not claimed: the transaction rolls back as it drops.
    if !claimed {
        return Ok(false);
    }
    for d in deliveries {
        crate::notifications::storage::deliver_in(&mut tx, d)?;
    }
    tx.commit()?;
    Ok(true)
}

/// Firm `from`'s reminder claims become `into`'s (a firm merge), so the merged firm's contracts
/// are not reminded again of a milestone either firm was told.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let (into, from) = (into.get(), from.get());
        for ((_, vendor, day, milestone), at) in tx.range(&CLAIMS, &[from])? {
            tx.remove(&CLAIMS, (from, vendor, day, milestone))?;
            if tx.get(&CLAIMS, (into, vendor, day, milestone))?.is_none() {
                tx.insert(&CLAIMS, (into, vendor, day, milestone), &at)?;
            }
        }
        Ok(())
    })
}

/// The operator merges vendor `from` into `into`: the claims of `from`'s contracts become
/// `into`'s (the contract moves with its deadline), so its milestones are not sent again.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<()> {
    seam::within(tx, |tx| {
        for ((firm, vendor, day, milestone), at) in tx.range(&CLAIMS, &[])? {
            if vendor != from {
                continue;
            }
            tx.remove(&CLAIMS, (firm, from, day, milestone))?;
            if tx.get(&CLAIMS, (firm, into, day, milestone))?.is_none() {
                tx.insert(&CLAIMS, (firm, into, day, milestone), &at)?;
            }
        }
        Ok(())
    })
}

/// The operator deletes vendor `id`: its contracts go, and their claims with them.
pub fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    seam::within(tx, |tx| {
        for (key, _) in tx.range(&CLAIMS, &[])? {
            if key.1 == id {
                tx.remove(&CLAIMS, key)?;
            }
        }
        Ok(())
    })
}

/// Every claim, as (claim, written at).
#[cfg(test)]
pub fn all(store: &Store) -> Result<Vec<(Claim, i64)>> {
    seam::read(store, |tx| tx.range(&CLAIMS, &[]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::postgres::test_store;
    use crate::platform::store::testing::both_engines;

    fn read(store: &Store) -> Vec<Claim> {
        all(store).unwrap().into_iter().map(|(c, _)| c).collect()
    }

    #[test]
    fn claims_are_written_once_and_follow_firm_and_vendor_merges_and_the_export() {
        let (_dir, stores) = both_engines();
        let day = 20_000;
        let reads: Vec<_> = stores
            .iter()
            .map(|store| {
                assert!(!claimed(store, (1, 10, day, 90)).unwrap());
                assert!(remind(store, (1, 10, day, 90), 1_800_000_000, &[]).unwrap());
                assert!(
                    !remind(store, (1, 10, day, 90), 1_800_000_001, &[]).unwrap(),
                    "once"
                );
                assert!(claimed(store, (1, 10, day, 90)).unwrap());
                assert!(remind(store, (1, 10, day, 60), 1_800_000_000, &[]).unwrap());
                assert!(remind(store, (2, 10, day, 90), 1_800_000_000, &[]).unwrap());
                assert!(remind(store, (2, 11, day, 30), 1_800_000_000, &[]).unwrap());
                assert!(remind(store, (2, 12, day, 0), 1_800_000_000, &[]).unwrap());
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
                merge_vendor_in(&mut tx, 11, 10).unwrap();
                delete_vendor_in(&mut tx, 12).unwrap();
                tx.commit().unwrap();
                read(store)
            })
            .collect();
        assert_eq!(reads[0], reads[1]);
        assert_eq!(
            reads[0],
            [(1, 10, day, 30), (1, 10, day, 60), (1, 10, day, 90)],
            "firm 2's claims are firm 1's, vendor 11's are 10's, vendor 12's are gone"
        );
        let file = stores[0].file().unwrap();
        let pg = test_store();
        let counts = seam::copy_to_postgres(file, &pg, &CLAIMS).unwrap();
        assert_eq!((counts.table, counts.copied), ("renewal_reminders", 3));
        assert_eq!(read(&Store::Postgres(pg)), reads[0]);
    }
}
