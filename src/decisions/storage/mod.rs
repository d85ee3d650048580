//! Decisions and the versions of their records, written once over the storage seam
//! (`store::seam`): `DECISIONS`, (firm id, decision id) -> `Decision`, ids from the `decisions`
//! sequence, one across firms; `VERSIONS`, (firm id, decision id, n) -> `Version`, a version's
//! canonical text and hash kept as they were signed. Every function takes the firm id, so no call
//! reaches another firm's decisions. The `_in` functions work in the caller's write transaction
//! (a decision's write spans the evaluations, the shortlist, the tech stack and the notices):
//! `find_in` and `open_in_category_in` open the firm first, so one firm's decision writes take
//! turns on every node and a merged or deleted firm's are refused.
//!
//! What carried over: on redb the tables are the ones of before the seam, their bincode values
//! rewritten as the seam's JSON by schema 13; on PostgreSQL migration 0050 moved the rows into
//! the seam's layout with their ids and the sequence's value.

pub mod imported;
pub mod vendors;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{Store, WriteTx};

use super::model::{Decision, DecisionStatus, Version};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Table as Declared, Taker, Taking, rows,
};

/// (firm id, decision id) -> `Decision`.
pub const DECISIONS: Table<(u64, u64), Decision> = Table::new(
    "decisions",
    crate::platform::store::DECISIONS,
    &["firm_id", "id"],
    Some("decisions"),
);

/// (firm id, decision id, n) -> `Version`: version n of a decision's record.
pub const VERSIONS: Table<(u64, u64, u64), Version> = Table::new(
    "decision_versions",
    crate::platform::store::DECISION_VERSIONS,
    &["firm_id", "decision_id", "n"],
    None,
);

fn version_key(v: &Version) -> (u64, u64, u64) {
    (v.firm_id, v.decision_id, u64::from(v.n))
}

/// The firm's decisions, by id, inside a read begun elsewhere (the progress overview's).
pub fn firm_decisions(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<Decision>> {
    Ok(tx
        .range(&DECISIONS, &[firm_id.get()])?
        .into_iter()
        .map(|(_, d)| d)
        .collect())
}

/// The firm's decisions, by id.
pub fn list(store: &Store, firm_id: FirmId) -> Result<Vec<Decision>> {
    seam::read(store, |tx| firm_decisions(tx, firm_id))
}

/// The firm's decisions, by id, each with every stored version of its record (oldest first), in
/// one snapshot.
pub fn list_with_versions(store: &Store, firm_id: FirmId) -> Result<Vec<(Decision, Vec<Version>)>> {
    seam::read(store, |tx| {
        let decisions = firm_decisions(tx, firm_id)?;
        let mut versions = tx
            .range(&VERSIONS, &[firm_id.get()])?
            .into_iter()
            .peekable();
        let mut out = Vec::with_capacity(decisions.len());
        for d in decisions {
            // Both ranges are in decision id order.
            while versions.next_if(|((_, id, _), _)| *id < d.id).is_some() {}
            let mut mine = Vec::new();
            while let Some((_, v)) = versions.next_if(|((_, id, _), _)| *id == d.id) {
                mine.push(v);
            }
            out.push((d, mine));
        }
        Ok(out)
    })
}

/// One of the firm's decisions.
pub fn get(store: &Store, firm_id: FirmId, id: u64) -> Result<Option<Decision>> {
    seam::get_one(store, &DECISIONS, (firm_id.get(), id))
}

/// One of the firm's decisions with every stored version of its record, in one snapshot.
pub fn get_with_versions(
    store: &Store,
    firm_id: FirmId,
    id: u64,
) -> Result<Option<(Decision, Vec<Version>)>> {
    seam::read(store, |tx| {
        let Some(d) = tx.get(&DECISIONS, (firm_id.get(), id))? else {
            return Ok(None);
        };
        let versions = tx.range(&VERSIONS, &[firm_id.get(), id])?;
        Ok(Some((d, versions.into_iter().map(|(_, v)| v).collect())))
    })
}

/// Every stored version of a decision's record, oldest first.
pub fn versions(store: &Store, firm_id: FirmId, id: u64) -> Result<Vec<Version>> {
    seam::read(store, |tx| {
        Ok(tx
            .range(&VERSIONS, &[firm_id.get(), id])?
            .into_iter()
            .map(|(_, v)| v)
            .collect())
    })
}

/// The decision, read in `tx` after the firm is opened (its scope lock held to the commit, so
/// the decision's writes take turns); refuses a firm merged away (409) or deleted (410).
pub fn find_in(tx: &mut WriteTx, firm_id: FirmId, id: u64) -> Result<Option<Decision>> {
    seam::within(tx, |tx| {
        tx.open_firm(firm_id)?;
        tx.get(&DECISIONS, (firm_id.get(), id))
    })
}

/// The id of the firm's open decision in the category, if there is one, read after the firm is
/// opened: two proposals of one firm take turns, so "one open decision per category" holds.
pub fn open_in_category_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    seam::within(tx, |tx| {
        tx.open_firm(firm_id)?;
        Ok(firm_decisions(tx, firm_id)?
            .into_iter()
            .find(|d| d.terms.category_id == category_id && d.status == DecisionStatus::Open)
            .map(|d| d.id))
    })
}

/// A new decision id, one sequence across firms.
pub fn next_id_in(tx: &mut WriteTx) -> Result<u64> {
    seam::within(tx, |tx| tx.next_id(&DECISIONS))
}

/// Inserts or replaces the decision.
pub fn put_in(tx: &mut WriteTx, decision: &Decision) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert(&DECISIONS, (decision.firm_id, decision.id), decision)
    })
}

/// The decision's latest stored version.
pub fn latest_in(tx: &mut WriteTx, firm_id: FirmId, id: u64) -> Result<Option<Version>> {
    seam::within(tx, |tx| {
        Ok(tx
            .range(&VERSIONS, &[firm_id.get(), id])?
            .pop()
            .map(|(_, v)| v))
    })
}

/// Stores a new version (its n one more than the latest, read in the same transaction); a
/// version stored already is a 409 (`seam::TAKEN`), never overwritten.
pub fn add_version_in(tx: &mut WriteTx, version: &Version) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert_new(&VERSIONS, version_key(version), version)
    })
}

/// Moves firm `from`'s decisions and their versions to firm `into` (a firm merge), under both
/// firms' locks. Ids are one sequence across firms, so none collide; the records' contents
/// (which name no firm) and their hashes stay as they were.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        for mut d in firm_decisions(tx, from)? {
            tx.remove(&DECISIONS, (from.get(), d.id))?;
            d.firm_id = into.get();
            tx.insert(&DECISIONS, (d.firm_id, d.id), &d)?;
        }
        for (key, mut v) in tx.range(&VERSIONS, &[from.get()])? {
            tx.remove(&VERSIONS, key)?;
            v.firm_id = into.get();
            tx.insert(&VERSIONS, version_key(&v), &v)?;
        }
        Ok(())
    })
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
    for (decision, versions) in list_with_versions(store, taking.firm)? {
        let category = decision.terms.category_id;
        let rounds = crate::evaluations::storage::rounds(store, taking.firm, category)?;
        for version in versions {
            let mut row = serde_json::to_value(&version).map_err(anyhow::Error::from)?;
            let open = decision.status != DecisionStatus::Final;
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
pub const TABLES: &[Declared] = &[
    Declared {
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
        // The category, the vendors and the approvers are fields of the value (its terms), not
        // columns: the loader maps them, and the vendor part moves and counts them by vendor.
        refers_to: &[],
    },
    Declared {
        name: "decision_versions",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_versions,
            load: Load::Rows(imported::versions),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&VERSIONS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    // The ids of the install a firm was imported from, which its decision versions name.
    Declared {
        name: "imported_ids",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: imported::archive,
            load: Load::Rows(imported::load),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&imported::STEPS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];

#[cfg(test)]
mod tests;
