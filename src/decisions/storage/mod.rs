//! Decisions and their record versions, in either backend. redb: DECISIONS, (firm id, decision
//! id) -> `Decision`; DECISION_VERSIONS, (firm id, decision id, n) -> `Version`. PostgreSQL:
//! `decisions` and `decision_versions` (migrations/postgres/0028_decisions.sql). Every function
//! takes the firm id, so no call reaches another firm's decisions. The `_in` functions work in
//! the caller's write transaction: a redb write transaction is the only writer, and PostgreSQL's
//! `find_in` locks the decision's row, so one decision's changes take turns on every node.

mod file;
pub mod imported;
mod postgres;
pub mod vendors;

pub use postgres::export;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{Store, WriteTx};

use super::model::{Decision, Version};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table, Taker, Taking, Target, rows,
};
use crate::platform::store::{DECISION_VERSIONS, DECISIONS, IMPORTED_IDS};

/// The firm's decisions, by id.
pub fn list(store: &Store, firm_id: FirmId) -> Result<Vec<Decision>> {
    match store {
        Store::File(db) => file::list(db, firm_id),
        Store::Postgres(db) => postgres::list(db, Some(firm_id)),
    }
}

/// One of the firm's decisions.
pub fn get(store: &Store, firm_id: FirmId, id: u64) -> Result<Option<Decision>> {
    Ok(list(store, firm_id)?.into_iter().find(|d| d.id == id))
}

/// Every stored version of a decision's record, oldest first.
pub fn versions(store: &Store, firm_id: FirmId, id: u64) -> Result<Vec<Version>> {
    match store {
        Store::File(db) => file::versions(db, firm_id, id),
        Store::Postgres(db) => postgres::versions(db, firm_id, id),
    }
}

/// The decision, read in `tx` (PostgreSQL: under its row lock); refuses a merged firm's write.
pub fn find_in(tx: &mut WriteTx, firm_id: FirmId, id: u64) -> Result<Option<Decision>> {
    match tx {
        WriteTx::File(txn) => file::find_in(txn, firm_id, id),
        WriteTx::Postgres(tx) => postgres::find_in(tx, firm_id, id),
    }
}

/// The id of the firm's open decision in the category, if there is one. PostgreSQL takes the
/// firm's decisions lock first, so two proposals of one firm take turns.
pub fn open_in_category_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    match tx {
        WriteTx::File(txn) => file::open_in_category_in(txn, firm_id, category_id),
        WriteTx::Postgres(tx) => postgres::open_in_category_in(tx, firm_id, category_id),
    }
}

/// A new decision id, one sequence across firms.
pub fn next_id_in(tx: &mut WriteTx) -> Result<u64> {
    match tx {
        WriteTx::File(txn) => Ok(crate::platform::store::next_id(txn, "decisions")?),
        WriteTx::Postgres(tx) => postgres::next_id_in(tx),
    }
}

/// Inserts or replaces the decision.
pub fn put_in(tx: &mut WriteTx, decision: &Decision) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::put_in(txn, decision),
        WriteTx::Postgres(tx) => postgres::put_in(tx, decision),
    }
}

/// The decision's latest stored version.
pub fn latest_in(tx: &mut WriteTx, firm_id: FirmId, id: u64) -> Result<Option<Version>> {
    match tx {
        WriteTx::File(txn) => file::latest_in(txn, firm_id, id),
        WriteTx::Postgres(tx) => postgres::latest_in(tx, firm_id, id),
    }
}

/// Stores a new version (its n one more than the latest, read in the same transaction).
pub fn add_version_in(tx: &mut WriteTx, version: &Version) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::add_version_in(txn, version),
        WriteTx::Postgres(tx) => postgres::add_version_in(tx, version),
    }
}

/// Moves firm `from`'s decisions and their versions to firm `into` (a firm merge). Ids are one
/// sequence across firms, so none collide; the records' contents (which name no firm) and
/// their hashes stay as they were.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
}

// A firm's archive: its decisions and every version of their records. Taken by a member, an open
// decision's version shows the scores the member may see, as the API renders it to them (the
// row then says `scores_hidden`, and its hash no longer matches the text).
fn archive_decisions(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(list(store, taking.firm)?)
}

fn archive_versions(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    use crate::evaluations::visibility::{self, Access, Seen};
    let mut out = Vec::new();
    for decision in list(store, taking.firm)? {
        let category = decision.terms.category_id;
        let rounds = crate::evaluations::storage::rounds(store, taking.firm, category)?;
        for version in versions(store, taking.firm, decision.id)? {
            let mut row = serde_json::to_value(&version).map_err(anyhow::Error::from)?;
            let open = decision.status != super::model::DecisionStatus::Final;
            if open && taking.by != Taker::Operator {
                let mut content: serde_json::Value =
                    serde_json::from_str(&version.content).map_err(anyhow::Error::from)?;
                let n = content["evaluation"]["round"].as_u64().unwrap_or(0) as u32;
                let round = rounds.iter().find(|r| r.round == n);
                let note = visibility::redact_value(&mut content["evaluation"], |vendor| {
                    let submitted = |by: u64| {
                        round
                            .and_then(|r| r.scorecard(vendor, by))
                            .is_some_and(|c| c.submitted_at.is_some())
                    };
                    match taking.sees_scores(category, n, submitted) {
                        true => Seen {
                            access: Access::All,
                            note: None,
                        },
                        false => Seen {
                            access: Access::Hidden,
                            note: Some(visibility::SCORES_HIDDEN),
                        },
                    }
                });
                if let Some(note) = note {
                    row["content"] = content.to_string().into();
                    row["scores_hidden"] = note.into();
                }
            }
            out.push(row);
        }
    }
    Ok(out)
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "decisions",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_decisions,
            load: Load::Rows(imported::decisions),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&DECISIONS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "category_id",
            to: Target::Category,
        }],
    },
    Table {
        name: "decision_versions",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_versions,
            load: Load::Rows(imported::versions),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&DECISION_VERSIONS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    // The ids of the install a firm was imported from, which its decision versions name.
    Table {
        name: "imported_ids",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: imported::archive,
            load: Load::Rows(imported::load),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&IMPORTED_IDS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decisions::model::{Approver, DecisionStatus, TechStep, Terms};
    use crate::platform::store::FileStore;
    use crate::platform::store::postgres::test_store;

    fn decision(id: u64, firm_id: u64, category_id: u64) -> Decision {
        Decision {
            id,
            firm_id,
            terms: Terms {
                category_id,
                vendor_id: 10,
                runner_up_id: Some(11),
                reasons: "Best scores".into(),
                annual_cost: 1_200_000,
                start_date: "2026-03-01".into(),
                approvers: vec![Approver {
                    user_id: 1,
                    name: "Ann".into(),
                }],
            },
            proposed_by: "Ann".into(),
            proposed_at: 1_800_000_000,
            status: DecisionStatus::Open,
            final_at: None,
            approvals: Vec::new(),
            tech_step: TechStep::Pending,
        }
    }

    fn version(firm_id: u64, decision_id: u64, n: u32) -> Version {
        Version {
            firm_id,
            decision_id,
            n,
            content: format!("{{\"n\":{n}}}"),
            hash: format!("{n:064}"),
            created_at: 1_800_000_000 + n as i64,
        }
    }

    type Read = (Vec<Decision>, Vec<Decision>, Vec<Version>);

    fn read(store: &Store, decision_id: u64) -> Read {
        (
            list(store, FirmId::from_stored(1)).unwrap(),
            list(store, FirmId::from_stored(2)).unwrap(),
            versions(store, FirmId::from_stored(1), decision_id).unwrap(),
        )
    }

    #[test]
    fn decisions_and_versions_read_back_alike_merge_and_export() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(test_store()),
        ];
        let reads: Vec<(Read, Read, Option<u64>)> = stores
            .iter()
            .map(|store| {
                let mut tx = store.begin().unwrap();
                let a = next_id_in(&mut tx).unwrap();
                put_in(&mut tx, &decision(a, 1, 5)).unwrap();
                add_version_in(&mut tx, &version(1, a, 1)).unwrap();
                add_version_in(&mut tx, &version(1, a, 2)).unwrap();
                let b = next_id_in(&mut tx).unwrap();
                put_in(&mut tx, &decision(b, 2, 6)).unwrap();
                add_version_in(&mut tx, &version(2, b, 1)).unwrap();
                tx.commit().unwrap();
                let mut tx = store.begin().unwrap();
                let open = open_in_category_in(&mut tx, FirmId::from_stored(1), 5).unwrap();
                assert_eq!(
                    latest_in(&mut tx, FirmId::from_stored(1), a).unwrap(),
                    Some(version(1, a, 2))
                );
                assert_eq!(
                    find_in(&mut tx, FirmId::from_stored(2), a).unwrap(),
                    None,
                    "another firm's"
                );
                drop(tx);
                let before = read(store, a);
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
                tx.commit().unwrap();
                (before, read(store, b), open)
            })
            .collect();
        assert_eq!(reads[0], reads[1]);
        let ((mine, theirs, vs), (merged, gone, moved), open) = &reads[0];
        assert_eq!(mine, &[decision(1, 1, 5)]);
        assert_eq!(theirs, &[decision(2, 2, 6)]);
        assert_eq!(vs, &[version(1, 1, 1), version(1, 1, 2)]);
        assert_eq!(open, &Some(1));
        assert_eq!(merged, &[decision(1, 1, 5), decision(2, 1, 6)]);
        assert!(gone.is_empty());
        assert_eq!(moved, &[version(1, 2, 1)]);

        let Store::File(file) = &stores[0] else {
            unreachable!()
        };
        let pg = test_store();
        let counts = export(file, &pg).unwrap();
        assert_eq!(
            counts
                .iter()
                .map(|c| (c.table, c.copied))
                .collect::<Vec<_>>(),
            [("decisions", 2), ("decision_versions", 3)]
        );
        assert_eq!(read(&Store::Postgres(pg), 2), reads[0].1);
    }
}
