//! Tool contracts and the firm's calendar feed, in either backend. redb: CONTRACTS, (firm id,
//! vendor id) -> `Contract`; CALENDAR_FEEDS, firm id -> `Feed`. PostgreSQL: `tool_contracts`
//! and `calendar_feeds` (migrations/postgres/0024_contracts.sql, `contracts_pg.rs`).

use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, CALENDAR_FEEDS, CONTRACTS, FileStore, Store, WriteTx, codec};
use crate::techstack::contracts::Contract;

use super::contracts_pg as pg;

/// A firm's calendar feed: the SHA-256 of its secret token (the token itself is never stored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feed {
    pub firm_id: u64,
    pub token_hash: [u8; 32],
    pub created_at: i64,
}

/// The firm's contract for one vendor, whether or not the vendor is still in its stack.
pub fn contract(store: &Store, firm_id: FirmId, vendor_id: u64) -> Result<Option<Contract>> {
    Ok(contracts(store, firm_id)?
        .into_iter()
        .find(|c| c.vendor_id == vendor_id))
}

/// The firm's contracts, by vendor id.
pub fn contracts(store: &Store, firm_id: FirmId) -> Result<Vec<Contract>> {
    match store {
        Store::File(db) => {
            let rows: Vec<(u64, Contract)> =
                store::user_rows(&db.read()?, CONTRACTS, firm_id.get())?;
            Ok(rows.into_iter().map(|(_, c)| c).collect())
        }
        Store::Postgres(db) => pg::contracts(db, Some(firm_id)),
    }
}

/// Saves (inserts or replaces) the contract of `(contract.firm_id, contract.vendor_id)`.
pub fn save_contract(store: &Store, contract: &Contract) -> Result<()> {
    let firm_id = FirmId::from_stored(contract.firm_id);
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            store::merged::refuse_in_file(&txn, firm_id)?;
            txn.open_table(CONTRACTS)?.insert(
                (contract.firm_id, contract.vendor_id),
                codec::encode(contract).as_slice(),
            )?;
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => pg::save_contract(db, contract),
    }
}

/// Saves `contract` inside the caller's transaction (a firm's import).
pub fn put_in(tx: &mut WriteTx, contract: &Contract) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            txn.open_table(CONTRACTS)?.insert(
                (contract.firm_id, contract.vendor_id),
                codec::encode(contract).as_slice(),
            )?;
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(pg::put(tx.conn()?, contract))?;
        }
    }
    Ok(())
}

/// Every firm's contracts, by firm then vendor: what the renewal reminders go through.
pub fn all_contracts(store: &Store) -> Result<Vec<Contract>> {
    match store {
        Store::File(db) => load_all_file(db),
        Store::Postgres(db) => pg::contracts(db, None),
    }
}

/// Every firm's contracts, for the export.
pub fn load_all_file(db: &FileStore) -> Result<Vec<Contract>> {
    let rows: Vec<((u64, u64), Contract)> = store::all_user_rows(&db.read()?, CONTRACTS)?;
    Ok(rows.into_iter().map(|(_, c)| c).collect())
}

/// Every firm's calendar feed, for the export.
pub fn feeds_file(db: &FileStore) -> Result<Vec<Feed>> {
    let txn = db.read()?;
    let Some(table) = store::open_read(&txn, CALENDAR_FEEDS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        out.push(codec::decode(entry?.1.value())?);
    }
    Ok(out)
}

/// Sets the firm's feed, replacing the one it had (whose URL then answers 404).
pub fn set_feed(store: &Store, feed: &Feed) -> Result<()> {
    let firm_id = FirmId::from_stored(feed.firm_id);
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            store::merged::refuse_in_file(&txn, firm_id)?;
            txn.open_table(CALENDAR_FEEDS)?
                .insert(feed.firm_id, codec::encode(feed).as_slice())?;
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => pg::set_feed(db, feed),
    }
}

/// Revokes the firm's feed; `false` when it had none.
pub fn delete_feed(store: &Store, firm_id: FirmId) -> Result<bool> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            store::merged::refuse_in_file(&txn, firm_id)?;
            let removed = txn
                .open_table(CALENDAR_FEEDS)?
                .remove(firm_id.get())?
                .is_some();
            txn.commit()?;
            Ok(removed)
        }
        Store::Postgres(db) => pg::delete_feed(db, firm_id),
    }
}

/// The firm's feed, if it has one.
pub fn feed(store: &Store, firm_id: FirmId) -> Result<Option<Feed>> {
    match store {
        Store::File(db) => Ok(feeds_file(db)?
            .into_iter()
            .find(|f| f.firm_id == firm_id.get())),
        Store::Postgres(db) => pg::feed(db, firm_id),
    }
}

/// The firm whose feed token hashes to `hash`. The redb file reads every firm's feed (one row
/// per firm that made one: a file install holds few firms); PostgreSQL looks it up by index.
pub fn feed_by_hash(store: &Store, hash: &[u8; 32]) -> Result<Option<Feed>> {
    match store {
        Store::File(db) => Ok(feeds_file(db)?.into_iter().find(|f| &f.token_hash == hash)),
        Store::Postgres(db) => pg::feed_by_hash(db, hash),
    }
}

/// Moves firm `from`'s contracts to firm `into` inside the caller's transaction (a firm merge):
/// where both firms have a contract for one tool, the kept firm's stays. `from`'s calendar feed
/// is revoked (its URL answers 404; the kept firm's feed, if any, now lists both).
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let (into, from) = (into.get(), from.get());
            let mut table = txn.open_table(CONTRACTS)?;
            let mut theirs: Vec<Contract> = Vec::new();
            for entry in table.range((from, 0)..=(from, u64::MAX))? {
                theirs.push(codec::decode(entry?.1.value())?);
            }
            for mut contract in theirs {
                table.remove((from, contract.vendor_id))?;
                if table.get((into, contract.vendor_id))?.is_none() {
                    contract.firm_id = into;
                    table.insert(
                        (into, contract.vendor_id),
                        codec::encode(&contract).as_slice(),
                    )?;
                }
            }
            txn.open_table(CALENDAR_FEEDS)?.remove(from)?;
            Ok(())
        }
        WriteTx::Postgres(tx) => pg::merge_firm_in(tx, into, from),
    }
}

/// The operator merges vendor `from` into `into` (`admin::vendors`): each firm's contract for
/// `from` becomes its contract for `into`, unless it has one for `into` already (that one stays).
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<()> {
    super::reminders::merge_vendor_in(tx, from, into)?;
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(CONTRACTS)?;
            let mut moved: Vec<Contract> = Vec::new();
            for entry in table.iter()? {
                let contract: Contract = codec::decode(entry?.1.value())?;
                if contract.vendor_id == from {
                    moved.push(contract);
                }
            }
            for mut contract in moved {
                table.remove((contract.firm_id, from))?;
                if table.get((contract.firm_id, into))?.is_none() {
                    contract.vendor_id = into;
                    table.insert(
                        (contract.firm_id, into),
                        codec::encode(&contract).as_slice(),
                    )?;
                }
            }
            Ok(())
        }
        WriteTx::Postgres(tx) => pg::merge_vendor_in(tx, from, into),
    }
}

/// The operator deletes vendor `id`: every firm's contract for it goes too (none can show it).
pub fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    super::reminders::delete_vendor_in(tx, id)?;
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(CONTRACTS)?;
            let mut firms: Vec<u64> = Vec::new();
            for entry in table.iter()? {
                let (key, _) = entry?;
                let (firm, vendor) = key.value();
                if vendor == id {
                    firms.push(firm);
                }
            }
            for firm in firms {
                table.remove((firm, id))?;
            }
            Ok(())
        }
        WriteTx::Postgres(tx) => pg::delete_vendor_in(tx, id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::postgres::test_store;

    fn contract(firm_id: u64, vendor_id: u64, term_months: u32) -> Contract {
        Contract {
            firm_id,
            vendor_id,
            start: 739_000,
            term_months,
            renewal: 739_365,
            notice_days: 30,
            annual_cost: 1_200_000,
            seats: 5,
            responsible_user_id: 1,
            updated_at: 1_800_000_000,
            updated_by: Some("Ann Doe".into()),
        }
    }

    fn a_feed(firm_id: u64, byte: u8) -> Feed {
        Feed {
            firm_id,
            token_hash: [byte; 32],
            created_at: 1_800_000_000,
        }
    }

    type Read = (Vec<Contract>, Vec<Contract>, Option<Feed>, Option<Feed>);

    fn read(store: &Store) -> Read {
        (
            contracts(store, FirmId::from_stored(1)).unwrap(),
            contracts(store, FirmId::from_stored(2)).unwrap(),
            feed_by_hash(store, &[7; 32]).unwrap(),
            feed(store, FirmId::from_stored(2)).unwrap(),
        )
    }

    #[test]
    fn contracts_and_feeds_read_back_alike_merge_and_export() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(test_store()),
        ];
        let reads: Vec<(Read, Read)> = stores
            .iter()
            .map(|store| {
                save_contract(store, &contract(1, 10, 12)).unwrap();
                save_contract(store, &contract(2, 10, 24)).unwrap();
                save_contract(store, &contract(2, 11, 36)).unwrap();
                // A second save replaces the first.
                save_contract(store, &contract(1, 10, 6)).unwrap();
                set_feed(store, &a_feed(1, 9)).unwrap();
                set_feed(store, &a_feed(1, 7)).unwrap();
                set_feed(store, &a_feed(2, 8)).unwrap();
                let before = read(store);
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
                tx.commit().unwrap();
                (before, read(store))
            })
            .collect();
        assert_eq!(reads[0], reads[1]);
        let ((mine, theirs, by_hash, their_feed), (merged, gone, kept_feed, revoked)) = &reads[0];
        assert_eq!(mine, &[contract(1, 10, 6)]);
        assert_eq!(theirs, &[contract(2, 10, 24), contract(2, 11, 36)]);
        assert_eq!(
            by_hash,
            &Some(a_feed(1, 7)),
            "the newer feed replaced the older"
        );
        assert_eq!(their_feed, &Some(a_feed(2, 8)));
        // The kept firm's contract wins per tool; the merged firm's feed is revoked.
        assert_eq!(merged, &[contract(1, 10, 6), contract(1, 11, 36)]);
        assert!(gone.is_empty());
        assert_eq!(kept_feed, &Some(a_feed(1, 7)));
        assert_eq!(revoked, &None);

        let Store::File(file) = &stores[0] else {
            unreachable!()
        };
        let pg = test_store();
        let counts = pg::export(file, &pg).unwrap();
        assert_eq!(
            counts
                .iter()
                .map(|c| (c.table, c.copied))
                .collect::<Vec<_>>(),
            [("tool_contracts", 2), ("calendar_feeds", 1)]
        );
        assert_eq!(read(&Store::Postgres(pg)), reads[0].1);
    }
}
