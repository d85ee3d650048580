//! The seam's conformance suite: random sequences of operations on both engines, each answer
//! held against an in-memory model (a `BTreeMap`), and the concurrency cases serializable writes
//! must survive (a lost update, write skew). The PostgreSQL half needs the throwaway cluster
//! (scripts/with-postgres.sh), as every PostgreSQL test of the library does.

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Index, On, Table, read, write};
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::test_store;
use crate::platform::store::testing::{both_engines, file_store, file_store_in};
use crate::platform::store::{FileStore, Store};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Row {
    n: u64,
    text: String,
}

const ROWS_REDB: redb::TableDefinition<(u64, u64), &[u8]> =
    redb::TableDefinition::new("seam_conformance");
/// The rows by their item (a key part), and by their `n` (a field of the value).
const BY_ITEM: Index = Index::new("seam_conformance_by_item", On::Key(1));
const BY_N: Index = Index::new("seam_conformance_by_n", On::Field("n"));
const ROWS: Table<(u64, u64), Row> = Table::new(
    "seam_conformance",
    ROWS_REDB,
    &["owner_id", "item_id"],
    Some("seam_conformance"),
)
.indexed(&[&BY_ITEM, &BY_N]);

const COUNTS_REDB: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("seam_counts");
const COUNTS: Table<u64, u64> = Table::new("seam_counts", COUNTS_REDB, &["id"], None);

#[derive(Debug, Clone)]
enum Op {
    Get((u64, u64)),
    /// A read that holds its row to the commit (`Tx::get_for_update`): the same answer.
    GetForUpdate((u64, u64)),
    GetMany(Vec<(u64, u64)>),
    /// Whether the table holds no row (`Tx::is_empty`).
    IsEmpty,
    Insert((u64, u64), Row),
    InsertMany(Vec<((u64, u64), Row)>),
    InsertNew((u64, u64), Row),
    /// A row written only where one is (`Tx::update`).
    Update((u64, u64), Row),
    Remove((u64, u64)),
    Range(Option<u64>),
    /// The rows of these owners, in one read.
    RangeMany(Vec<u64>),
    /// Through `BY_ITEM` (`false`) or `BY_N` (`true`), the parts from..=to.
    Lookup(bool, u64, u64),
    NextId,
    /// The rows of the first owner given to the second (`Tx::move_rows`).
    Move(u64, u64),
    /// A row of this owner under a new id (`Tx::insert_next`). Its owners are none of the
    /// others' (`NEXT_OWNERS`), so a new id meets no key written by hand.
    InsertNext(u64, Row),
}

/// The owners `InsertNext` writes for: no other operation writes or moves theirs.
const NEXT_OWNERS: std::ops::Range<u64> = 10..12;

/// What an operation answered, the same shape for the engines and the model.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    One(Option<Row>),
    Many(Vec<Option<Row>>),
    Rows(Vec<((u64, u64), Row)>),
    Done,
    Taken,
    /// Whether `update` found a row to write.
    Updated(bool),
    Empty(bool),
    Id,
    /// A move met a key its new owner holds: the whole write fails.
    MoveRefused,
}

fn key() -> impl Strategy<Value = (u64, u64)> {
    // Few owners and items, so keys meet again; an item at the largest part both engines keep.
    (0..3u64, prop_oneof![0..5u64, Just(super::MAX_PART)])
}

fn row() -> impl Strategy<Value = Row> {
    // Few values of `n`, so lookups by it meet several rows.
    (0..6u64, "[a-z\u{e9} ]{0,8}").prop_map(|(n, text)| Row { n, text })
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        key().prop_map(Op::Get),
        key().prop_map(Op::GetForUpdate),
        Just(Op::IsEmpty),
        prop::collection::vec(key(), 0..4).prop_map(Op::GetMany),
        (key(), row()).prop_map(|(k, r)| Op::Insert(k, r)),
        (key(), row()).prop_map(|(k, r)| Op::InsertNew(k, r)),
        (key(), row()).prop_map(|(k, r)| Op::Update(k, r)),
        prop::collection::vec((key(), row()), 0..4).prop_map(Op::InsertMany),
        key().prop_map(Op::Remove),
        prop::option::of(0..3u64).prop_map(Op::Range),
        prop::collection::vec(prop_oneof![0..4u64, Just(u64::MAX)], 0..4).prop_map(Op::RangeMany),
        (any::<bool>(), 0..6u64, prop_oneof![0..6u64, Just(u64::MAX)])
            .prop_map(|(by_n, from, to)| Op::Lookup(by_n, from, to)),
        Just(Op::NextId),
        (0..4u64, 0..4u64).prop_map(|(from, into)| Op::Move(from, into)),
        (NEXT_OWNERS, row()).prop_map(|(owner, r)| Op::InsertNext(owner, r)),
    ]
}

/// A transaction's operations, and whether it ends in an error (then nothing of it stays).
fn transactions() -> impl Strategy<Value = Vec<(Vec<Op>, bool)>> {
    prop::collection::vec(
        (prop::collection::vec(op(), 1..8), prop::bool::weighted(0.2)),
        1..6,
    )
}

/// The model's answer to `op`; `drawn` is the id the engine drew for it, if any.
fn on_model(model: &mut BTreeMap<(u64, u64), Row>, op: &Op, drawn: Option<u64>) -> Answer {
    match op {
        Op::Get(k) | Op::GetForUpdate(k) => Answer::One(model.get(k).cloned()),
        Op::GetMany(ks) => Answer::Many(ks.iter().map(|k| model.get(k).cloned()).collect()),
        Op::IsEmpty => Answer::Empty(model.is_empty()),
        Op::Insert(k, r) => {
            model.insert(*k, r.clone());
            Answer::Done
        }
        Op::InsertMany(rows) => {
            for (k, r) in rows {
                model.insert(*k, r.clone());
            }
            Answer::Done
        }
        Op::Update(k, r) => match model.get_mut(k) {
            Some(row) => {
                *row = r.clone();
                Answer::Updated(true)
            }
            None => Answer::Updated(false),
        },
        Op::InsertNew(k, r) => {
            if model.contains_key(k) {
                Answer::Taken
            } else {
                model.insert(*k, r.clone());
                Answer::Done
            }
        }
        Op::Remove(k) => Answer::One(model.remove(k)),
        Op::Range(owner) => Answer::Rows(
            model
                .iter()
                .filter(|(k, _)| owner.is_none_or(|o| k.0 == o))
                .map(|(k, r)| (*k, r.clone()))
                .collect(),
        ),
        Op::RangeMany(owners) => Answer::Rows(
            model
                .iter()
                .filter(|(k, _)| owners.contains(&k.0))
                .map(|(k, r)| (*k, r.clone()))
                .collect(),
        ),
        Op::Lookup(by_n, from, to) => {
            let part = |k: &(u64, u64), r: &Row| if *by_n { r.n } else { k.1 };
            let mut found: Vec<_> = model
                .iter()
                .filter(|(k, r)| (*from..=*to).contains(&part(k, r)))
                .map(|(k, r)| (part(k, r), *k, r.clone()))
                .collect();
            found.sort_by_key(|(p, k, _)| (*p, *k));
            Answer::Rows(found.into_iter().map(|(_, k, r)| (k, r)).collect())
        }
        Op::NextId => Answer::Id,
        Op::InsertNext(owner, r) => {
            let id = drawn.expect("the engine drew an id");
            assert!(
                model.insert((*owner, id), r.clone()).is_none(),
                "{id} again"
            );
            Answer::Id
        }
        Op::Move(from, into) => {
            let moving: Vec<(u64, u64)> = model.keys().filter(|k| k.0 == *from).copied().collect();
            if from == into {
                return Answer::Done;
            }
            if moving.iter().any(|k| model.contains_key(&(*into, k.1))) {
                return Answer::MoveRefused;
            }
            for k in moving {
                let row = model.remove(&k).expect("listed");
                model.insert((*into, k.1), row);
            }
            Answer::Done
        }
    }
}

/// The engine's answer to `op`; the ids it draws go to `ids`.
fn on_engine(tx: &mut super::Tx, op: &Op, ids: &mut Vec<u64>) -> Result<Answer> {
    Ok(match op {
        Op::Get(k) => Answer::One(tx.get(&ROWS, *k)?),
        Op::GetForUpdate(k) => Answer::One(tx.get_for_update(&ROWS, *k)?),
        Op::GetMany(ks) => Answer::Many(tx.get_many(&ROWS, ks)?),
        Op::IsEmpty => Answer::Empty(tx.is_empty(&ROWS)?),
        Op::Insert(k, r) => {
            tx.insert(&ROWS, *k, r)?;
            Answer::Done
        }
        Op::InsertMany(rows) => {
            tx.insert_many(&ROWS, rows)?;
            Answer::Done
        }
        Op::Update(k, r) => Answer::Updated(tx.update(&ROWS, *k, r)?),
        Op::InsertNew(k, r) => match tx.insert_new(&ROWS, *k, r) {
            Ok(()) => Answer::Done,
            Err(AppError::Conflict(_)) => Answer::Taken,
            Err(e) => return Err(e),
        },
        Op::Remove(k) => Answer::One(tx.remove(&ROWS, *k)?),
        Op::Range(owner) => Answer::Rows(match owner {
            Some(o) => tx.range(&ROWS, &[*o])?,
            None => tx.range(&ROWS, &[])?,
        }),
        Op::RangeMany(owners) => {
            let prefixes: Vec<[u64; 1]> = owners.iter().map(|&o| [o]).collect();
            let prefixes: Vec<&[u64]> = prefixes.iter().map(|p| &p[..]).collect();
            Answer::Rows(tx.range_many(&ROWS, &prefixes)?)
        }
        Op::Lookup(by_n, from, to) => {
            let index = if *by_n { &BY_N } else { &BY_ITEM };
            Answer::Rows(tx.lookup(&ROWS, index, *from..=*to)?)
        }
        Op::NextId => {
            ids.push(tx.next_id(&ROWS)?);
            Answer::Id
        }
        Op::InsertNext(owner, r) => {
            ids.push(tx.insert_next(&ROWS, &[*owner], r)?);
            Answer::Id
        }
        Op::Move(from, into) => match tx.move_rows(&ROWS, *from, *into) {
            Ok(_) => Answer::Done,
            Err(AppError::Conflict(_)) => Answer::MoveRefused,
            Err(e) => return Err(e),
        },
    })
}

/// Runs `transactions` on `store` (emptied first) and on the model, comparing every answer, the
/// contents after each transaction, and the ids handed out.
fn conforms(store: &Store, transactions: &[(Vec<Op>, bool)]) {
    write(store, |tx| {
        for (k, _) in tx.range(&ROWS, &[])? {
            tx.remove(&ROWS, k)?;
        }
        Ok(())
    })
    .unwrap();
    let mut model = BTreeMap::new();
    let mut last_committed_id = read(store, |_| Ok(0)).unwrap();
    for (ops, fails) in transactions {
        let mut ids = Vec::new();
        let mut scratch = model.clone();
        let mut refused = false;
        let outcome = write(store, |tx| {
            ids.clear();
            scratch = model.clone();
            refused = false;
            for op in ops {
                let drawn = ids.len();
                let got = on_engine(tx, op, &mut ids)?;
                let want = on_model(&mut scratch, op, ids.get(drawn).copied());
                assert_eq!(got, want, "{op:?}");
                if got == Answer::MoveRefused {
                    // Nothing of the write stays (PostgreSQL has ended the transaction).
                    refused = true;
                    return Err(crate::platform::error::conflict(super::TAKEN));
                }
            }
            if *fails {
                return Err(crate::platform::error::bad_request("rolled back"));
            }
            Ok(())
        });
        let fails = &(*fails || refused);
        assert_eq!(outcome.is_err(), *fails, "{outcome:?}");
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
        if !fails {
            model = scratch.clone();
            if let Some(&first) = ids.first() {
                assert!(
                    first > last_committed_id,
                    "{first} after {last_committed_id}"
                );
                last_committed_id = *ids.last().unwrap();
            }
        }
        let stored = read(store, |tx| tx.range(&ROWS, &[])).unwrap();
        let want: Vec<_> = model.iter().map(|(k, r)| (*k, r.clone())).collect();
        assert_eq!(stored, want);
        // The indexes hold what the rows say, read in a snapshot too.
        for lookup in [Op::Lookup(false, 0, u64::MAX), Op::Lookup(true, 1, 3)] {
            let got = read(store, |tx| on_engine(tx, &lookup, &mut Vec::new())).unwrap();
            assert_eq!(
                got,
                on_model(&mut model.clone(), &lookup, None),
                "{lookup:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn seam_redb_answers_as_the_model(transactions in transactions()) {
        let (_dir, store) = file_store();
        conforms(&store, &transactions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn seam_postgres_answers_as_the_model(transactions in transactions()) {
        static STORE: std::sync::LazyLock<Store> =
            std::sync::LazyLock::new(|| Store::Postgres(test_store()));
        conforms(&STORE, &transactions);
    }
}

/// Eight writers each add one to a counter twenty times: read, then write, in one transaction.
/// Serializable writes lose none of them.
#[test]
fn seam_no_update_is_lost_on_either_engine() {
    let (_dir, stores) = both_engines();
    for store in stores {
        std::thread::scope(|scope| {
            for _ in 0..8 {
                let store = &store;
                scope.spawn(move || {
                    for _ in 0..20 {
                        write(store, |tx| {
                            let n = tx.get(&COUNTS, 1)?.unwrap_or(0);
                            tx.insert(&COUNTS, 1, &(n + 1))
                        })
                        .unwrap();
                    }
                });
            }
        });
        assert_eq!(read(&store, |tx| tx.get(&COUNTS, 1)).unwrap(), Some(160));
    }
}

/// Twelve writers each count an owner's rows and add one while there are fewer than three (the
/// saved views' limit, in small): write skew would let more in. Without any scope lock, so that
/// it is the isolation that holds; and once more under the owner's lock.
#[test]
fn seam_a_count_check_then_insert_admits_no_more_than_the_limit() {
    let (_dir, stores) = both_engines();
    for store in stores {
        for (owner, locked) in [(7u64, false), (8, true)] {
            let added = std::thread::scope(|scope| {
                let runs: Vec<_> = (0..12)
                    .map(|n| {
                        let store = &store;
                        scope.spawn(move || {
                            write(store, |tx| {
                                if locked {
                                    tx.lock_firms(&[FirmId::from_stored(owner)])?;
                                }
                                if tx.range(&ROWS, &[owner])?.len() >= 3 {
                                    return Ok(false);
                                }
                                let id = tx.next_id(&ROWS)?;
                                let row = Row {
                                    n,
                                    text: String::new(),
                                };
                                tx.insert(&ROWS, (owner, id), &row)?;
                                Ok(true)
                            })
                            .unwrap()
                        })
                    })
                    .collect();
                runs.into_iter()
                    .map(|run| run.join().unwrap())
                    .filter(|added| *added)
                    .count()
            });
            assert_eq!(added, 3);
            let rows = read(&store, |tx| tx.range(&ROWS, &[owner])).unwrap();
            assert_eq!(rows.len(), 3);
        }
    }
}

/// Eight writers insert one new key at once: one is written, the seven others get the same 409
/// on both engines (on PostgreSQL after the retry a serialization failure asks for).
#[test]
fn seam_a_key_inserted_at_once_is_written_once_and_the_others_get_409() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let answers: Vec<Result<()>> = std::thread::scope(|scope| {
            let runs: Vec<_> = (0..8)
                .map(|n| {
                    let store = &store;
                    scope.spawn(move || {
                        let row = Row {
                            n,
                            text: "first".into(),
                        };
                        write(store, |tx| tx.insert_new(&ROWS, (9, 1), &row))
                    })
                })
                .collect();
            runs.into_iter().map(|run| run.join().unwrap()).collect()
        });
        assert_eq!(answers.iter().filter(|a| a.is_ok()).count(), 1);
        assert!(
            answers
                .iter()
                .filter_map(|a| a.as_ref().err())
                .all(|e| matches!(e, AppError::Conflict(m) if m == super::TAKEN)),
            "{answers:?}"
        );
        assert_eq!(read(&store, |tx| tx.range(&ROWS, &[9])).unwrap().len(), 1);
    }
}

/// A key part above PostgreSQL's `bigint` is refused on write on both engines alike; a read or a
/// removal of one (an id a request named) finds nothing, as on any other key without a row.
#[test]
fn seam_a_key_out_of_range_is_refused_on_write_and_found_nowhere_on_both_engines() {
    let (_dir, stores) = both_engines();
    let far = super::MAX_PART + 1;
    for store in stores {
        let row = Row {
            n: 1,
            text: "x".into(),
        };
        let refused = write(&store, |tx| tx.insert(&ROWS, (1, far), &row));
        assert!(matches!(refused, Err(AppError::Internal(_))), "{refused:?}");
        write(&store, |tx| tx.insert(&ROWS, (1, 2), &row)).unwrap();
        assert_eq!(read(&store, |tx| tx.get(&ROWS, (1, far))).unwrap(), None);
        assert_eq!(
            read(&store, |tx| tx.get_many(&ROWS, &[(1, 2), (far, 2)])).unwrap(),
            vec![Some(row.clone()), None]
        );
        assert!(
            read(&store, |tx| tx.range(&ROWS, &[far]))
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            write(&store, |tx| tx.remove(&ROWS, (far, 2))).unwrap(),
            None
        );
        assert_eq!(read(&store, |tx| tx.range(&ROWS, &[1])).unwrap().len(), 1);
    }
}

/// The table PostgreSQL makes from a declaration: the key columns as `bigint`, the primary key in
/// their order, the value as `jsonb`.
#[test]
fn seam_postgres_makes_the_declared_table() {
    let store = Store::Postgres(test_store());
    write(&store, |tx| tx.insert(&COUNTS, 3, &4)).unwrap();
    let Store::Postgres(pg) = &store else {
        unreachable!()
    };
    let columns: Vec<(String, String)> = pg
        .run(
            sqlx::query_as(
                "SELECT column_name::text, data_type::text FROM information_schema.columns \
                 WHERE table_name = 'seam_conformance' ORDER BY ordinal_position",
            )
            .fetch_all(pg.pool()),
        )
        .unwrap();
    assert!(columns.is_empty(), "made only at its first use");
    write(&store, |tx| tx.next_id(&ROWS)).unwrap();
    let columns: Vec<(String, String)> = pg
        .run(
            sqlx::query_as(
                "SELECT column_name::text, data_type::text FROM information_schema.columns \
                 WHERE table_name = 'seam_conformance' ORDER BY ordinal_position",
            )
            .fetch_all(pg.pool()),
        )
        .unwrap();
    let named: Vec<(&str, &str)> = columns
        .iter()
        .map(|(c, t)| (c.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("owner_id", "bigint"),
            ("item_id", "bigint"),
            ("value", "jsonb")
        ]
    );
    let indexes: Vec<String> = pg
        .run(
            sqlx::query_scalar(
                "SELECT indexdef::text FROM pg_indexes WHERE tablename = 'seam_conformance' \
                 AND indexname LIKE 'seam_conformance_by_%' ORDER BY indexname",
            )
            .fetch_all(pg.pool()),
        )
        .unwrap();
    assert_eq!(indexes.len(), 2, "{indexes:?}");
    assert!(indexes[0].contains("item_id, owner_id"), "{indexes:?}");
    assert!(indexes[1].contains("'n'"), "{indexes:?}");
}

/// Hub mode's migration makes every declared table with its sequence and indexes before any
/// use (`create_declared`), and making them again changes nothing: a new table needs no
/// migration file of its own.
#[test]
fn seam_postgres_migration_makes_the_declared_tables_before_their_first_use() {
    let pg = test_store();
    let objects = |pg: &crate::platform::store::PgStore| -> Vec<String> {
        pg.run(
            sqlx::query_scalar(
                "SELECT relname::text FROM pg_class \
                 WHERE relname LIKE 'seam_co%' OR relname LIKE 'seq_seam_co%' ORDER BY relname",
            )
            .fetch_all(pg.pool()),
        )
        .unwrap()
    };
    assert_eq!(objects(&pg), Vec::<String>::new(), "a new database");
    super::create_declared(&pg, &[&ROWS, &COUNTS]).unwrap();
    let made = objects(&pg);
    for name in [
        "seam_conformance",
        "seam_conformance_by_item",
        "seam_conformance_by_n",
        "seam_conformance_pkey",
        "seam_counts",
        "seam_counts_pkey",
        "seq_seam_conformance",
    ] {
        assert!(
            made.iter().any(|m| m == name),
            "{name} missing from {made:?}"
        );
    }
    super::create_declared(&pg, &[&ROWS, &COUNTS]).unwrap();
    assert_eq!(objects(&pg), made, "made again");
    let store = Store::Postgres(pg);
    let id = write(&store, |tx| tx.next_id(&ROWS)).unwrap();
    assert_eq!(id, 1);
}

/// A redb file whose table has rows but no index table yet (written before the index was
/// declared): a read finds the rows by reading the table, and the first write builds the index,
/// which then holds every row, the old ones and the new.
#[test]
fn seam_an_index_missing_from_an_older_file_is_built_at_the_first_write() {
    let dir = tempfile::tempdir().unwrap();
    {
        let file = FileStore::open(dir.path()).unwrap();
        let txn = file.write().unwrap();
        let mut rows = txn.open_table(ROWS_REDB).unwrap();
        for (key, n) in [((1, 4), 2), ((2, 3), 2), ((1, 5), 9)] {
            let row = Row {
                n,
                text: "old".into(),
            };
            let stored =
                crate::platform::store::seam::value::encode("seam_conformance", &row).unwrap();
            rows.insert(key, stored.as_slice()).unwrap();
        }
        drop(rows);
        txn.commit().unwrap();
    }
    let store = file_store_in(&dir);
    let keys = |store: &Store, index: &Index, parts| -> Vec<(u64, u64)> {
        read(store, |tx| tx.lookup(&ROWS, index, parts))
            .unwrap()
            .into_iter()
            .map(|(k, _)| k)
            .collect()
    };
    assert_eq!(
        keys(&store, &BY_N, 2..=2),
        [(1, 4), (2, 3)],
        "read from the table"
    );
    write(&store, |tx| {
        tx.insert(
            &ROWS,
            (3, 4),
            &Row {
                n: 2,
                text: "new".into(),
            },
        )
    })
    .unwrap();
    let Store::File(file) = &store else {
        unreachable!()
    };
    let txn = file.write().unwrap();
    assert!(crate::platform::store::registry::has_table(&txn, BY_N.name).unwrap());
    assert!(crate::platform::store::registry::has_table(&txn, BY_ITEM.name).unwrap());
    drop(txn);
    assert_eq!(keys(&store, &BY_N, 2..=2), [(1, 4), (2, 3), (3, 4)]);
    assert_eq!(keys(&store, &BY_ITEM, 4..=4), [(1, 4), (3, 4)]);
    assert_eq!(keys(&store, &BY_N, 9..=9), [(1, 5)]);
}

/// A removal from a table the redb file never had finds nothing and makes no table (a backup
/// lists the file's tables, and a firm merge removes from tables most installs never write).
#[test]
fn seam_a_removal_from_a_table_never_written_makes_none() {
    let (_dir, store) = file_store();
    let removed = write(&store, |tx| tx.remove(&ROWS, (1, 1))).unwrap();
    assert_eq!(removed, None);
    let txn = store.file().unwrap().write().unwrap();
    for name in [ROWS.name, BY_N.name, BY_ITEM.name] {
        assert!(
            !crate::platform::store::registry::has_table(&txn, name).unwrap(),
            "{name}"
        );
    }
}

/// Nor does a read inside a write transaction (an install's one offer is read before any is
/// written).
#[test]
fn seam_a_read_in_a_write_of_a_table_never_written_makes_none() {
    let (_dir, store) = file_store();
    let read = write(&store, |tx| {
        Ok((tx.get(&ROWS, (1, 1))?, tx.range(&ROWS, &[])?))
    })
    .unwrap();
    assert_eq!(read, (None, Vec::new()));
    let txn = store.file().unwrap().write().unwrap();
    assert!(!crate::platform::store::registry::has_table(&txn, ROWS.name).unwrap());
}

/// A firm's purge (the registry's, by the rows' first key part) takes the index entries of its
/// rows and leaves the others.
#[test]
fn seam_a_purge_takes_a_firms_index_entries() {
    use crate::platform::store::registry::RedbTable;
    let (_dir, store) = file_store();
    write(&store, |tx| {
        for key in [(1, 4), (2, 4), (1, 5)] {
            tx.insert(
                &ROWS,
                key,
                &Row {
                    n: 1,
                    text: String::new(),
                },
            )?;
        }
        Ok(())
    })
    .unwrap();
    let Store::File(file) = &store else {
        unreachable!()
    };
    let txn = file.write().unwrap();
    ROWS.purge_keys(&txn, &[1]).unwrap();
    assert_eq!(BY_ITEM.purge_keys(&txn, &[1]).unwrap(), 2);
    txn.commit().unwrap();
    let found = read(&store, |tx| tx.lookup(&ROWS, &BY_ITEM, 0..=u64::MAX)).unwrap();
    assert_eq!(
        found.into_iter().map(|(k, _)| k).collect::<Vec<_>>(),
        [(2, 4)]
    );
}

/// A note as first stored.
#[derive(Serialize, Deserialize)]
struct NoteV1 {
    text: String,
    kind: KindV1,
}

#[derive(Serialize, Deserialize)]
enum KindV1 {
    Plain,
    Urgent,
}

/// The same note once it grew: a field with a serde default, and a variant before the last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct NoteV2 {
    text: String,
    kind: KindV2,
    #[serde(default)]
    pinned: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum KindV2 {
    Plain,
    Reminder { days: u32 },
    Urgent,
}

const NOTES_REDB: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("seam_notes");
const NOTES_V1: Table<u64, NoteV1> = Table::new("seam_notes", NOTES_REDB, &["id"], None);
const NOTES_V2: Table<u64, NoteV2> = Table::new("seam_notes", NOTES_REDB, &["id"], None);

/// Rows written as V1 read as V2 on both engines, with no migration: the new field at its
/// default, the old variants by name though one was added before them. (bincode, positional,
/// would read neither.)
#[test]
fn seam_a_value_that_grew_a_field_and_a_variant_reads_its_old_rows_on_both_engines() {
    let (_dir, stores) = both_engines();
    for store in stores {
        write(&store, |tx| {
            let v1 = |text: &str, kind| NoteV1 {
                text: text.into(),
                kind,
            };
            tx.insert(&NOTES_V1, 1, &v1("call back", KindV1::Plain))?;
            tx.insert(&NOTES_V1, 2, &v1("renewal", KindV1::Urgent))
        })
        .unwrap();
        let v2 = |text: &str, kind, pinned| NoteV2 {
            text: text.into(),
            kind,
            pinned,
        };
        let grown = v2("demo", KindV2::Reminder { days: 7 }, true);
        write(&store, |tx| tx.insert(&NOTES_V2, 3, &grown)).unwrap();
        let (all, one, many) = read(&store, |tx| {
            Ok((
                tx.range(&NOTES_V2, &[])?,
                tx.get(&NOTES_V2, 2)?,
                tx.get_many(&NOTES_V2, &[1, 3])?,
            ))
        })
        .unwrap();
        let plain = v2("call back", KindV2::Plain, false);
        let urgent = v2("renewal", KindV2::Urgent, false);
        assert_eq!(one, Some(urgent.clone()));
        assert_eq!(many, [Some(plain.clone()), Some(grown.clone())]);
        assert_eq!(all, [(1, plain), (2, urgent), (3, grown)]);
    }
    let urgent = crate::platform::store::codec::encode(&NoteV1 {
        text: "renewal".into(),
        kind: KindV1::Urgent,
    });
    assert!(
        crate::platform::store::codec::decode::<NoteV2>(&urgent).is_err(),
        "bincode reads the old variant's place as the new one"
    );
}

const CLAIMS_REDB: redb::TableDefinition<(u64, u64, i64, u32), i64> =
    redb::TableDefinition::new("seam_claims");
const CLAIMS: Table<(u64, u64, i64, u32), i64, i64> = Table::new(
    "seam_claims",
    CLAIMS_REDB,
    &["owner_id", "item_id", "day", "step"],
    None,
);

/// A key of four parts (a day, then a `u32`), its value a plain redb integer: both engines find
/// the rows by every prefix in key order, and refuse a day before 1970 on write.
#[test]
fn seam_four_part_keys_range_by_every_prefix_alike_on_both_engines() {
    let (_dir, stores) = both_engines();
    let keys = [
        (1, 10, 20_000, 90),
        (1, 10, 20_000, 0),
        (1, 10, 19_000, u32::MAX),
        (1, 11, 20_000, 30),
        (2, 10, 20_000, 60),
    ];
    let answers: Vec<_> = stores
        .iter()
        .map(|store| {
            write(store, |tx| {
                for (i, key) in keys.iter().enumerate() {
                    tx.insert_new(&CLAIMS, *key, &(i as i64 - 2))?;
                }
                Ok(())
            })
            .unwrap();
            let refused = write(store, |tx| tx.insert(&CLAIMS, (1, 10, -1, 0), &0));
            assert!(matches!(refused, Err(AppError::Internal(_))), "{refused:?}");
            read(store, |tx| {
                Ok((
                    tx.range(&CLAIMS, &[])?,
                    tx.range(&CLAIMS, &[1])?,
                    tx.range(&CLAIMS, &[1, 10])?,
                    tx.range(&CLAIMS, &[1, 10, 20_000])?,
                    tx.get(&CLAIMS, (1, 10, 20_000, 0))?,
                    tx.get(&CLAIMS, (1, 10, 20_000, 1))?,
                ))
            })
            .unwrap()
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    let (all, firm, vendor, day, found, missing) = &answers[0];
    assert_eq!(all.len(), 5);
    assert_eq!(
        vendor.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        [
            (1, 10, 19_000, u32::MAX),
            (1, 10, 20_000, 0),
            (1, 10, 20_000, 90)
        ]
    );
    assert_eq!((firm.len(), day.len()), (4, 2));
    assert_eq!((*found, *missing), (Some(-1), None));
}

const LATEST_REDB: redb::TableDefinition<(u64, u64), u64> =
    redb::TableDefinition::new("seam_latest");
const LATEST: Table<(u64, u64), u64, u64> =
    Table::new("seam_latest", LATEST_REDB, &["owner_id", "item_id"], None);

/// A value that is a plain unsigned redb integer (an id, as the latest responses' redb table of
/// before the seam holds it): both engines store, replace, find and remove it alike.
#[test]
fn seam_plain_unsigned_values_read_and_write_alike_on_both_engines() {
    let (_dir, stores) = both_engines();
    let answers: Vec<_> = stores
        .iter()
        .map(|store| {
            write(store, |tx| {
                tx.insert(&LATEST, (1, 10), &7)?;
                tx.insert(&LATEST, (1, 11), &u64::MAX)?;
                tx.insert(&LATEST, (2, 10), &8)?;
                tx.insert(&LATEST, (1, 10), &9)?;
                tx.remove(&LATEST, (2, 10))
            })
            .unwrap();
            read(store, |tx| {
                Ok((
                    tx.range(&LATEST, &[1])?,
                    tx.get(&LATEST, (1, 10))?,
                    tx.get(&LATEST, (2, 10))?,
                ))
            })
            .unwrap()
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    assert_eq!(
        answers[0],
        (vec![((1, 10), 9), ((1, 11), u64::MAX)], Some(9), None)
    );
    // The redb file holds the plain integer.
    let txn = stores[0].file().unwrap().read().unwrap();
    let table = txn.open_table(LATEST_REDB).unwrap();
    assert_eq!(table.get((1, 10)).unwrap().unwrap().value(), 9);
}

const NAMES_REDB: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("seam_names");
const NAMES: Table<String, u64> = Table::new("seam_names", NAMES_REDB, &["name"], None);

#[derive(Debug, Clone)]
enum TextOp {
    Get(String),
    GetMany(Vec<String>),
    Insert(String, u64),
    InsertMany(Vec<(String, u64)>),
    InsertNew(String, u64),
    Remove(String),
    Range,
    RangeText(String),
}

fn name() -> impl Strategy<Value = String> {
    // Few names, so they meet again; case, accents and a separator, whose order is the bytes',
    // and the last character there is (no character follows it: a prefix ending in it has the
    // least text above it one character sooner).
    "[aAé:\u{10FFFF}]{0,3}"
}

fn text_op() -> impl Strategy<Value = TextOp> {
    prop_oneof![
        name().prop_map(TextOp::Get),
        prop::collection::vec(name(), 0..4).prop_map(TextOp::GetMany),
        (name(), 0..9u64).prop_map(|(k, v)| TextOp::Insert(k, v)),
        prop::collection::vec((name(), 0..9u64), 0..4).prop_map(TextOp::InsertMany),
        (name(), 0..9u64).prop_map(|(k, v)| TextOp::InsertNew(k, v)),
        name().prop_map(TextOp::Remove),
        Just(TextOp::Range),
        name().prop_map(TextOp::RangeText),
    ]
}

/// What a text-keyed operation answered, on an engine or the model.
#[derive(Debug, PartialEq, Eq)]
enum TextAnswer {
    One(Option<u64>),
    Many(Vec<Option<u64>>),
    Rows(Vec<(String, u64)>),
    Done,
    Taken,
}

fn on_text_model(model: &mut BTreeMap<String, u64>, op: &TextOp) -> TextAnswer {
    match op {
        TextOp::Get(k) => TextAnswer::One(model.get(k).copied()),
        TextOp::GetMany(ks) => TextAnswer::Many(ks.iter().map(|k| model.get(k).copied()).collect()),
        TextOp::Insert(k, v) => {
            model.insert(k.clone(), *v);
            TextAnswer::Done
        }
        TextOp::InsertMany(rows) => {
            model.extend(rows.iter().cloned());
            TextAnswer::Done
        }
        TextOp::InsertNew(k, v) => {
            if model.contains_key(k) {
                TextAnswer::Taken
            } else {
                model.insert(k.clone(), *v);
                TextAnswer::Done
            }
        }
        TextOp::Remove(k) => TextAnswer::One(model.remove(k)),
        TextOp::Range => TextAnswer::Rows(model.iter().map(|(k, v)| (k.clone(), *v)).collect()),
        TextOp::RangeText(prefix) => TextAnswer::Rows(
            (model.iter())
                .filter(|(k, _)| k.starts_with(prefix.as_str()))
                .map(|(k, v)| (k.clone(), *v))
                .collect(),
        ),
    }
}

fn on_text_engine(tx: &mut super::Tx, op: &TextOp) -> Result<TextAnswer> {
    Ok(match op {
        TextOp::Get(k) => TextAnswer::One(tx.get(&NAMES, k.clone())?),
        TextOp::GetMany(ks) => TextAnswer::Many(tx.get_many(&NAMES, ks)?),
        TextOp::Insert(k, v) => {
            tx.insert(&NAMES, k.clone(), v)?;
            TextAnswer::Done
        }
        TextOp::InsertMany(rows) => {
            tx.insert_many(&NAMES, rows)?;
            TextAnswer::Done
        }
        TextOp::InsertNew(k, v) => match tx.insert_new(&NAMES, k.clone(), v) {
            Ok(()) => TextAnswer::Done,
            Err(AppError::Conflict(_)) => TextAnswer::Taken,
            Err(e) => return Err(e),
        },
        TextOp::Remove(k) => TextAnswer::One(tx.remove(&NAMES, k.clone())?),
        TextOp::Range => TextAnswer::Rows(tx.range(&NAMES, &[])?),
        TextOp::RangeText(prefix) => TextAnswer::Rows(tx.range_text(&NAMES, prefix)?),
    })
}

/// Text keys held to the model as integer keys are: every answer, and the rows in the order of
/// their bytes (redb's `&str`, PostgreSQL's `COLLATE "C"`) after each transaction.
fn text_conforms(store: &Store, transactions: &[(Vec<TextOp>, bool)]) {
    write(store, |tx| {
        for (k, _) in tx.range(&NAMES, &[])? {
            tx.remove(&NAMES, k)?;
        }
        Ok(())
    })
    .unwrap();
    let mut model = BTreeMap::new();
    for (ops, fails) in transactions {
        let mut scratch = model.clone();
        let outcome = write(store, |tx| {
            scratch = model.clone();
            for op in ops {
                let want = on_text_model(&mut scratch, op);
                assert_eq!(on_text_engine(tx, op)?, want, "{op:?}");
            }
            if *fails {
                return Err(crate::platform::error::bad_request("rolled back"));
            }
            Ok(())
        });
        assert_eq!(outcome.is_err(), *fails, "{outcome:?}");
        if !fails {
            model = scratch;
        }
        let stored = read(store, |tx| tx.range(&NAMES, &[])).unwrap();
        let want: Vec<_> = model.iter().map(|(k, v)| (k.clone(), *v)).collect();
        assert_eq!(stored, want);
    }
}

fn text_transactions() -> impl Strategy<Value = Vec<(Vec<TextOp>, bool)>> {
    prop::collection::vec(
        (
            prop::collection::vec(text_op(), 1..8),
            prop::bool::weighted(0.2),
        ),
        1..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn seam_text_keys_answer_as_the_model_on_both_engines(transactions in text_transactions()) {
        static PG: std::sync::LazyLock<Store> =
            std::sync::LazyLock::new(|| Store::Postgres(test_store()));
        let (_dir, file) = file_store();
        text_conforms(&file, &transactions);
        text_conforms(&PG, &transactions);
    }
}

/// A text key sorts by its bytes on both engines (capitals before small letters, an accent after
/// both); a key with a NUL, which PostgreSQL's `text` cannot hold, is refused on write and found
/// nowhere; PostgreSQL's key column is `text` in the "C" collation.
#[test]
fn seam_text_keys_sort_by_their_bytes_and_refuse_a_nul_on_both_engines() {
    let (_dir, stores) = both_engines();
    let names = ["b", "a:z", "é", "B", "a", ""];
    for store in stores {
        write(&store, |tx| {
            for (i, name) in names.iter().enumerate() {
                tx.insert(&NAMES, name.to_string(), &(i as u64))?;
            }
            Ok(())
        })
        .unwrap();
        let keys: Vec<String> = read(&store, |tx| tx.range(&NAMES, &[]))
            .unwrap()
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(keys, ["", "B", "a", "a:z", "b", "é"]);
        let refused = write(&store, |tx| tx.insert(&NAMES, "a\0b".into(), &1));
        assert!(matches!(refused, Err(AppError::Internal(_))), "{refused:?}");
        assert_eq!(
            read(&store, |tx| tx.get(&NAMES, "a\0b".into())).unwrap(),
            None
        );
        assert_eq!(
            write(&store, |tx| tx.remove(&NAMES, "a\0b".into())).unwrap(),
            None
        );
        if let Store::Postgres(pg) = &store {
            let column: (String, Option<String>) = pg
                .run(
                    sqlx::query_as(
                        "SELECT data_type::text, collation_name::text \
                         FROM information_schema.columns \
                         WHERE table_name = 'seam_names' AND column_name = 'name'",
                    )
                    .fetch_one(pg.pool()),
                )
                .unwrap();
            assert_eq!(column, ("text".into(), Some("C".into())));
        }
    }
}

/// A new id that meets a key written by hand (a row copied with its id) is `insert_new`'s 409,
/// the id spent, and the write goes on to the next id, on both engines alike.
#[test]
fn seam_a_new_id_that_meets_a_key_written_by_hand_is_409_and_the_write_goes_on() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let row = Row {
            n: 1,
            text: "by hand".into(),
        };
        let (first, next) = write(&store, |tx| {
            let first = tx.next_id(&ROWS)?;
            tx.insert(&ROWS, (20, first + 1), &row)?;
            let taken = tx.insert_next(&ROWS, &[20], &row);
            assert!(matches!(taken, Err(AppError::Conflict(_))), "{taken:?}");
            Ok((first, tx.insert_next(&ROWS, &[20], &row)?))
        })
        .unwrap();
        assert_eq!(next, first + 2);
        let keys: Vec<(u64, u64)> = read(&store, |tx| tx.range(&ROWS, &[20]))
            .unwrap()
            .into_iter()
            .map(|(key, _)| key)
            .collect();
        assert_eq!(keys, [(20, first + 1), (20, first + 2)]);
    }
}
