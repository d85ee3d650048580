//! Tool contracts and the firm's calendar feed, over the storage seam: `CONTRACTS`, (firm id,
//! vendor id) -> `Contract`; `FEEDS`, (firm id, hash prefix) -> `Feed`.

use serde::{Deserialize, Serialize};

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Index, On, Table, Tx};
use crate::platform::store::{self, Store, WriteTx};
use crate::techstack::contracts::Contract;
use crate::techstack::model::Adoption;

/// (firm id, vendor id) -> `Contract`.
pub const CONTRACTS: Table<(u64, u64), Contract> = Table::new(
    "tool_contracts",
    store::CONTRACTS,
    &["firm_id", "vendor_id"],
    None,
);

/// (firm id, `seam::hash_key` of its token's hash) -> `Feed`: at most one per firm, found by its
/// secret URL through `FEEDS_BY_HASH`.
pub const FEEDS: Table<(u64, u64), Feed> =
    Table::declare("calendar_feeds", &["firm_id", "hash_prefix"], None).indexed(&[&FEEDS_BY_HASH]);

/// The feeds by their hash's prefix: a feed's URL finds its firm without reading every firm's.
pub const FEEDS_BY_HASH: Index = Index::new("calendar_feeds_by_hash", On::Key(1));

/// A firm's calendar feed: the SHA-256 of its secret token (the token itself is never stored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feed {
    pub firm_id: u64,
    pub token_hash: [u8; 32],
    pub created_at: i64,
}

/// The firm's contract for one vendor, whether or not the vendor is still in its stack.
pub fn contract(store: &Store, firm_id: FirmId, vendor_id: u64) -> Result<Option<Contract>> {
    seam::get_one(store, &CONTRACTS, (firm_id.get(), vendor_id))
}

/// The firm's contracts, by vendor id.
pub fn contracts(store: &Store, firm_id: FirmId) -> Result<Vec<Contract>> {
    let rows = seam::range_one(store, &CONTRACTS, &[firm_id.get()])?;
    Ok(rows.into_iter().map(|(_, c)| c).collect())
}

/// The firm's answers (as `super::load`) and its contracts (as `contracts`), in one snapshot:
/// what its renewals are made of.
pub fn answers_and_contracts(store: &Store, firm_id: FirmId) -> Result<(Answers, Vec<Contract>)> {
    seam::read(store, |tx| firm_answers_and_contracts_in(tx, firm_id))
}

/// `answers_and_contracts` inside a read begun elsewhere (the progress overview's one snapshot).
pub fn firm_answers_and_contracts_in(
    tx: &mut Tx,
    firm_id: FirmId,
) -> Result<(Answers, Vec<Contract>)> {
    answers_and_contracts_in(tx, firm_id.get())
}

fn answers_and_contracts_in(tx: &mut Tx, firm_id: u64) -> Result<(Answers, Vec<Contract>)> {
    let answers = tx.range(&super::ANSWERS, &[firm_id])?;
    let contracts = tx.range(&CONTRACTS, &[firm_id])?;
    Ok((
        answers.into_iter().map(|((_, c), a)| (c, a)).collect(),
        contracts.into_iter().map(|(_, c)| c).collect(),
    ))
}

/// The firm's answers and its contract for one vendor, in one snapshot.
pub fn answers_and_contract(
    store: &Store,
    firm_id: FirmId,
    vendor_id: u64,
) -> Result<(Answers, Option<Contract>)> {
    seam::read(store, |tx| {
        let answers = tx.range(&super::ANSWERS, &[firm_id.get()])?;
        let contract = tx.get(&CONTRACTS, (firm_id.get(), vendor_id))?;
        Ok((
            answers.into_iter().map(|((_, c), a)| (c, a)).collect(),
            contract,
        ))
    })
}

/// The feed whose token hashes to `hash`, with its firm's answers and contracts, in one
/// snapshot: what the feed's calendar is made of.
pub fn feed_with_renewals(store: &Store, hash: &[u8; 32]) -> Result<Option<FeedRenewals>> {
    seam::read(store, |tx| {
        let Some(feed) = feed_by_hash_in(tx, hash)? else {
            return Ok(None);
        };
        let (answers, contracts) = answers_and_contracts_in(tx, feed.firm_id)?;
        Ok(Some((feed, answers, contracts)))
    })
}

/// A feed, and its firm's answers and contracts.
pub type FeedRenewals = (Feed, Answers, Vec<Contract>);

/// A firm's answers by category id, as `super::load` answers them.
pub type Answers = Vec<(u64, Adoption)>;

/// Saves (inserts or replaces) the contract of `(contract.firm_id, contract.vendor_id)`.
pub fn save_contract(store: &Store, contract: &Contract) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(FirmId::from_stored(contract.firm_id))?;
        tx.insert(&CONTRACTS, (contract.firm_id, contract.vendor_id), contract)
    })
}

/// Saves `contract` inside the caller's transaction (a firm's import).
pub fn put_in(tx: &mut WriteTx, contract: &Contract) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert(&CONTRACTS, (contract.firm_id, contract.vendor_id), contract)
    })
}

/// Every firm's contracts, by firm then vendor: what the renewal reminders go through.
pub fn all_contracts(store: &Store) -> Result<Vec<Contract>> {
    let rows = seam::range_one(store, &CONTRACTS, &[])?;
    Ok(rows.into_iter().map(|(_, c)| c).collect())
}

/// Sets the firm's feed, replacing the one it had (whose URL then answers 404).
pub fn set_feed(store: &Store, feed: &Feed) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(FirmId::from_stored(feed.firm_id))?;
        remove_feeds(tx, feed.firm_id)?;
        let key = (feed.firm_id, seam::hash_key(&feed.token_hash));
        tx.insert(&FEEDS, key, feed)
    })
}

/// Removes the firm's feed (one at most); answers whether it had one.
fn remove_feeds(tx: &mut Tx, firm_id: u64) -> Result<bool> {
    let feeds = tx.range(&FEEDS, &[firm_id])?;
    for (key, _) in &feeds {
        tx.remove(&FEEDS, *key)?;
    }
    Ok(!feeds.is_empty())
}

/// Revokes the firm's feed; `false` when it had none.
pub fn delete_feed(store: &Store, firm_id: FirmId) -> Result<bool> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        remove_feeds(tx, firm_id.get())
    })
}

/// The firm's feed, if it has one.
pub fn feed(store: &Store, firm_id: FirmId) -> Result<Option<Feed>> {
    let feeds = seam::range_one(store, &FEEDS, &[firm_id.get()])?;
    Ok(feeds.into_iter().next().map(|(_, feed)| feed))
}

/// The feed whose token hashes to `hash`, if any.
pub fn feed_by_hash(store: &Store, hash: &[u8; 32]) -> Result<Option<Feed>> {
    seam::read(store, |tx| feed_by_hash_in(tx, hash))
}

/// `feed_by_hash` inside the caller's snapshot: the feeds whose hash starts as `hash` does
/// (through the index), the one whose whole hash it is kept.
pub fn feed_by_hash_in(tx: &mut Tx, hash: &[u8; 32]) -> Result<Option<Feed>> {
    let found = seam::find_by_hash(tx, &FEEDS, &FEEDS_BY_HASH, hash, |f| &f.token_hash)?;
    Ok(found.map(|(_, feed)| feed))
}

/// Moves firm `from`'s contracts to firm `into` inside the caller's transaction (a firm merge),
/// under both firms' scope locks: where both firms have a contract for one tool, the kept firm's
/// stays. `from`'s calendar feed is revoked (its URL answers 404; the kept firm's feed, if any,
/// now lists both).
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let (into, from) = (into.get(), from.get());
        for ((_, vendor), mut contract) in tx.range(&CONTRACTS, &[from])? {
            tx.remove(&CONTRACTS, (from, vendor))?;
            if tx.get(&CONTRACTS, (into, vendor))?.is_none() {
                contract.firm_id = into;
                tx.insert(&CONTRACTS, (into, vendor), &contract)?;
            }
        }
        remove_feeds(tx, from)?;
        Ok(())
    })
}

/// The firms with a contract for vendor `id`, their scope locks taken (in id order): every
/// firm's contracts read, an operator's rare action.
fn lock_firms_naming(tx: &mut Tx, id: u64) -> Result<Vec<u64>> {
    let mut firms: Vec<u64> = tx
        .range(&CONTRACTS, &[])?
        .into_iter()
        .filter(|((_, vendor), _)| *vendor == id)
        .map(|((firm, _), _)| firm)
        .collect();
    firms.dedup();
    let ids: Vec<FirmId> = firms.iter().map(|&f| FirmId::from_stored(f)).collect();
    tx.lock_firms(&ids)?;
    Ok(firms)
}

/// The operator merges vendor `from` into `into` (`admin::vendors`): each firm's contract for
/// `from` becomes its contract for `into`, unless it has one for `into` already (that one stays).
/// Each such firm's contracts are read again under its scope lock, so no save is lost.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<()> {
    super::reminders::merge_vendor_in(tx, from, into)?;
    seam::within(tx, |tx| {
        for firm in lock_firms_naming(tx, from)? {
            let Some(mut contract) = tx.remove(&CONTRACTS, (firm, from))? else {
                continue;
            };
            if tx.get(&CONTRACTS, (firm, into))?.is_none() {
                contract.vendor_id = into;
                tx.insert(&CONTRACTS, (firm, into), &contract)?;
            }
        }
        Ok(())
    })
}

/// The operator deletes vendor `id`: every firm's contract for it goes too (none can show it).
pub fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    super::reminders::delete_vendor_in(tx, id)?;
    seam::within(tx, |tx| {
        for firm in lock_firms_naming(tx, id)? {
            tx.remove(&CONTRACTS, (firm, id))?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::postgres::test_store;
    use crate::platform::store::testing::both_engines;

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
        let (_dir, stores) = both_engines();
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

        let file = stores[0].file().unwrap();
        let pg = test_store();
        let counts = [
            seam::copy_to_postgres(file, &pg, &CONTRACTS).unwrap(),
            seam::copy_to_postgres(file, &pg, &FEEDS).unwrap(),
        ];
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
