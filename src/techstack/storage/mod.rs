//! The tech stack's storage, in either backend: one record per user and answered category.

pub mod contracts;
mod contracts_pg;
mod export;
mod file;
mod postgres;
pub mod reminders;
pub mod vendors;

pub use contracts_pg::export as export_contracts;
pub use export::export;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{Store, WriteTx};
use crate::techstack::TechstackState;

use super::model::Adoption;
use crate::platform::store::arrival::{Arrival, Rows, parse_all, unkeyed};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table, Taking, Target, keyed, rows,
};
use crate::platform::store::{ADOPTION, CALENDAR_FEEDS, CONTRACTS, RENEWAL_REMINDERS};
use crate::techstack::contracts as contracts_model;

/// Every category the user has answered, by category id (ascending), as stored.
pub fn load(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, Adoption)>> {
    match store {
        Store::File(db) => file::load(db, firm_id),
        Store::Postgres(db) => postgres::load(db, firm_id),
    }
}

/// Every answered category of every user, as ((user id, category id), answer), in that order.
/// Only for building the peer figures (at start) and tests: requests read the aggregate.
pub fn load_all(store: &Store) -> Result<Vec<((u64, u64), Adoption)>> {
    match store {
        Store::File(db) => file::load_all(db),
        Store::Postgres(db) => postgres::load_all(db),
    }
}

/// Writes the given categories in one transaction; categories not given keep their answer. The
/// user's firm is then recounted in the peer figures (on a hub, every node's: the save records
/// `Change::Peers`).
pub fn save(app: &TechstackState, firm_id: FirmId, items: &[(u64, Adoption)]) -> Result<()> {
    match &*app.store {
        Store::File(db) => file::save(db, firm_id, items)?,
        Store::Postgres(db) => postgres::save(db, firm_id, items)?,
    }
    app.firm_changed.tell(firm_id);
    Ok(())
}

/// The firm's answer for one category, read in the caller's transaction (a final decision
/// puts its vendor in the stack in its own commit).
pub fn category_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<Adoption>> {
    match tx {
        WriteTx::File(txn) => file::category_in(txn, firm_id, category_id),
        WriteTx::Postgres(tx) => postgres::category_in(tx, firm_id, category_id),
    }
}

/// Writes one category's answer in the caller's transaction; the caller tells `firm_changed`
/// after its commit (PostgreSQL records `Change::Peers` here, for the other nodes).
pub fn put_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
    adoption: &Adoption,
) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::put_in(txn, firm_id, category_id, adoption),
        WriteTx::Postgres(tx) => postgres::put_in(tx, firm_id, category_id, adoption),
    }
}

/// Moves firm `from`'s answers to firm `into` inside the caller's transaction (a firm merge): a
/// category only `from` answered becomes `into`'s as it is; one both answered becomes `union` of
/// the two. The caller recounts both firms in the peer figures after the commit.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
}

/// Two firms' answers for one category as one firm's: every tool either uses, none twice. "Uses
/// a tool" wins over "uses none" (a "No" has no tools to add). `ours` comes first: its tools keep
/// their order and its primary stays the primary; `theirs` fills in a missing primary. Other
/// names are the same tool when they match ignoring case.
pub fn union(ours: Adoption, theirs: Adoption) -> Adoption {
    let mut merged = ours;
    merged.has_tool |= theirs.has_tool;
    for id in theirs.vendor_ids {
        if !merged.vendor_ids.contains(&id) {
            merged.vendor_ids.push(id);
        }
    }
    if merged.primary_vendor_id.is_none() {
        merged.primary_vendor_id = theirs.primary_vendor_id;
    }
    for name in theirs.other_vendors {
        let lower = name.to_lowercase();
        if !merged
            .other_vendors
            .iter()
            .any(|n| n.to_lowercase() == lower)
        {
            merged.other_vendors.push(name);
        }
    }
    merged
}

// A firm's archive: its tools by category, and their contracts.
fn archive_adoption(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    load(store, taking.firm)?
        .into_iter()
        .map(|(category, adoption)| keyed(&[("category_id", category)], adoption))
        .collect()
}

fn archive_contracts(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(contracts::contracts(store, taking.firm)?)
}

// An import: the archive's tools by category and their contracts, in this install's categories
// and vendors.
fn load_adoption(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?;
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, mut adoption): (_, Adoption) =
            unkeyed("category_adoption", i, row, &["category_id"])?;
        let category = arrival.category(keys[0])?;
        adoption.vendor_ids = adoption
            .vendor_ids
            .iter()
            .map(|&id| arrival.vendor(id))
            .collect::<Result<_>>()?;
        adoption.primary_vendor_id = adoption
            .primary_vendor_id
            .map(|id| arrival.vendor(id))
            .transpose()?;
        put_in(tx, firm_id, category, &adoption)?;
    }
    Ok(count)
}

fn load_contracts(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    let contracts = parse_all::<contracts_model::Contract>("tool_contracts", rows)?;
    for (i, mut contract) in contracts.into_iter().enumerate() {
        contract.firm_id = firm_id;
        contract.vendor_id = arrival.vendor(contract.vendor_id)?;
        contract.responsible_user_id =
            arrival.user("tool_contracts", i, contract.responsible_user_id)?;
        contracts::put_in(tx, &contract)?;
    }
    Ok(count)
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "category_adoption",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_adoption,
            load: Load::Rows(load_adoption),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&ADOPTION],
        postgres: true,
        secrets: &[],
        refers_to: &[
            Reference {
                column: "category_id",
                to: Target::Category,
            },
            Reference {
                column: "primary_vendor_id",
                to: Target::Vendor,
            },
        ],
    },
    Table {
        name: "tool_contracts",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_contracts,
            load: Load::Rows(load_contracts),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&CONTRACTS],
        postgres: true,
        secrets: &[],
        refers_to: &[
            Reference {
                column: "vendor_id",
                to: Target::Vendor,
            },
            Reference {
                column: "responsible_user_id",
                to: Target::User,
            },
        ],
    },
    Table {
        name: "calendar_feeds",
        purge: Purge::ByKey,
        export: Export::Left(
            "only the hash of the feed's secret address: the firm makes a new feed",
        ),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&CALENDAR_FEEDS],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    Table {
        name: "renewal_reminders",
        purge: Purge::ByKey,
        export: Export::Left("which renewal reminders this install sent"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&RENEWAL_REMINDERS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::FileStore;
    use crate::platform::store::postgres::test_store;

    fn adoption(vendor_ids: &[u64], other: &[&str]) -> Adoption {
        Adoption {
            has_tool: !vendor_ids.is_empty() || !other.is_empty(),
            vendor_ids: vendor_ids.to_vec(),
            primary_vendor_id: vendor_ids.first().copied(),
            other_vendors: other.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn save_on(store: &Store, firm_id: u64, items: &[(u64, Adoption)]) {
        match store {
            Store::File(db) => file::save(db, FirmId::from_stored(firm_id), items).unwrap(),
            Store::Postgres(db) => postgres::save(db, FirmId::from_stored(firm_id), items).unwrap(),
        }
    }

    type Answers = (Vec<(u64, Adoption)>, Vec<((u64, u64), Adoption)>);

    fn read(store: &Store, firm_id: u64) -> Answers {
        match store {
            Store::File(db) => (
                file::load(db, FirmId::from_stored(firm_id)).unwrap(),
                file::load_all(db).unwrap(),
            ),
            Store::Postgres(db) => (
                postgres::load(db, FirmId::from_stored(firm_id)).unwrap(),
                postgres::load_all(db).unwrap(),
            ),
        }
    }

    #[test]
    fn answers_read_back_alike_and_unsaved_categories_keep_theirs() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(test_store()),
        ];
        let answers: Vec<Answers> = stores
            .iter()
            .map(|store| {
                save_on(
                    store,
                    2,
                    &[(5, adoption(&[9, 3], &["Excel"])), (1, adoption(&[], &[]))],
                );
                save_on(store, 1, &[(5, adoption(&[4], &[]))]);
                save_on(store, 2, &[(5, adoption(&[3], &[]))]);
                read(store, 2)
            })
            .collect();
        assert_eq!(answers[0], answers[1]);
        let (mine, all) = &answers[0];
        assert_eq!(mine, &[(1, adoption(&[], &[])), (5, adoption(&[3], &[]))]);
        assert_eq!(
            all.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            [(1, 5), (2, 1), (2, 5)]
        );

        let Store::File(file) = &stores[0] else {
            unreachable!()
        };
        let pg = test_store();
        let counts = export(file, &pg).unwrap();
        assert_eq!(
            (counts[0].table, counts[0].source, counts[0].copied),
            ("category_adoption", 3, 3)
        );
        assert_eq!(read(&Store::Postgres(pg), 2), answers[0]);
    }

    #[test]
    fn two_answers_are_united_without_duplicates_and_a_tool_wins_over_none() {
        let none = adoption(&[], &[]);
        let ours = adoption(&[4, 7], &["Excel"]);
        let theirs = Adoption {
            primary_vendor_id: Some(9),
            ..adoption(&[9, 4], &["excel", "Dropbox"])
        };
        let merged = union(ours.clone(), theirs.clone());
        assert_eq!(merged, adoption(&[4, 7, 9], &["Excel", "Dropbox"]));
        assert_eq!(union(none.clone(), theirs.clone()), theirs);
        assert_eq!(union(theirs.clone(), none.clone()), theirs);
        assert_eq!(union(none.clone(), none.clone()), none);
    }

    #[test]
    fn a_merge_unites_the_firms_answers_under_the_kept_one() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(test_store()),
        ];
        let answers: Vec<Answers> = stores
            .iter()
            .map(|store| {
                save_on(
                    store,
                    1,
                    &[(5, adoption(&[4], &[])), (6, adoption(&[], &[]))],
                );
                save_on(
                    store,
                    2,
                    &[(5, adoption(&[3, 4], &["Excel"])), (7, adoption(&[8], &[]))],
                );
                save_on(store, 3, &[(5, adoption(&[2], &[]))]);
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
                // As the accounts' part of a whole merge does.
                crate::platform::store::merged::record(&mut tx, 2, 1).unwrap();
                tx.commit().unwrap();
                assert!(read(store, 2).0.is_empty());
                let late = match store {
                    Store::File(db) => {
                        file::save(db, FirmId::from_stored(2), &[(9, adoption(&[], &[]))])
                    }
                    Store::Postgres(db) => {
                        postgres::save(db, FirmId::from_stored(2), &[(9, adoption(&[], &[]))])
                    }
                };
                assert!(
                    matches!(late, Err(crate::platform::error::AppError::Conflict(_))),
                    "{late:?}"
                );
                assert!(read(store, 2).0.is_empty());
                read(store, 1)
            })
            .collect();
        assert_eq!(answers[0], answers[1]);
        let (mine, all) = &answers[0];
        assert_eq!(
            mine,
            &[
                (5, adoption(&[4, 3], &["Excel"])),
                (6, adoption(&[], &[])),
                (7, adoption(&[8], &[]))
            ]
        );
        assert_eq!(all.len(), 4, "firm 3 untouched: {all:?}");
    }
}
