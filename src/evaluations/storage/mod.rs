//! The evaluations' storage, in either backend: one row per (firm, category, round) holding the
//! round whole (`model::Round`, as JSON). redb: EVALUATION_ROUNDS (`file.rs`); PostgreSQL:
//! `evaluation_rounds` (migrations/postgres/0027_evaluations.sql, `postgres.rs`).

mod export;
mod file;
mod postgres;
pub mod vendors;

pub use export::export;

use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::{Store, WriteTx};

use super::model::Round;
use crate::platform::store::EVALUATION_ROUNDS;
use crate::platform::store::arrival::{Arrival, Rows, parse_all};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table, Taker, Taking, Target, rows,
};

/// The firm's rounds of a category's evaluation, oldest first; empty when it has none.
pub fn rounds(store: &Store, firm_id: FirmId, category_id: u64) -> Result<Vec<Round>> {
    match store {
        Store::File(db) => file::rounds(db, firm_id, category_id),
        Store::Postgres(db) => postgres::rounds(db, firm_id, category_id),
    }
}

/// Runs `change` on the firm's rounds of the category (oldest first; it may push a new one) in
/// one write transaction, then saves every round it leaves. An `Err` from `change` writes
/// nothing. Two changes of one firm take turns on both backends.
pub fn update<T>(
    store: &Store,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    match store {
        Store::File(db) => file::update(db, firm_id, category_id, change),
        Store::Postgres(db) => postgres::update(db, firm_id, category_id, change),
    }
}

/// `update` inside the caller's transaction, which takes the same turn (a decision proposed
/// from the latest round closes it with the decision's own write).
pub fn update_in<T>(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    match tx {
        WriteTx::File(txn) => file::update_in(txn, firm_id, category_id, change),
        WriteTx::Postgres(tx) => postgres::update_in(tx, firm_id, category_id, change),
    }
}

/// Every firm's rounds, by (firm, category, round).
pub fn load_all(store: &Store) -> Result<Vec<Round>> {
    match store {
        Store::File(db) => file::load_all(db),
        Store::Postgres(db) => postgres::load_all(db),
    }
}

/// Moves firm `from`'s evaluations to firm `into` inside the caller's transaction (a firm
/// merge). Where both firms evaluated a category, the moved firm's rounds follow the kept
/// firm's, numbered on from its last.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
}

/// The moved firm's rounds renumbered after the kept firm's, per category: what a merge writes.
fn renumbered(ours: &[Round], theirs: Vec<Round>, into: u64) -> Vec<Round> {
    let mut last: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    for round in ours {
        let l = last.entry(round.category_id).or_default();
        *l = (*l).max(round.round);
    }
    let mut theirs = theirs;
    theirs.sort_by_key(|r| (r.category_id, r.round));
    theirs
        .into_iter()
        .map(|mut round| {
            let l = last.entry(round.category_id).or_default();
            *l += 1;
            round.round = *l;
            round.firm_id = into;
            round
        })
        .collect()
}

fn encode(round: &Round) -> String {
    // Our own plain struct serialises without fail.
    serde_json::to_string(round).expect("encoding an evaluation round")
}

fn decode(text: &str) -> Result<Round> {
    serde_json::from_str(text).map_err(|e| {
        AppError::from(anyhow::anyhow!(
            "a stored evaluation round could not be decoded: {e}"
        ))
    })
}

// A firm's archive: its evaluation rounds. Taken by a member, a round keeps their own
// scorecards and, of others' submitted ones, those of the vendors whose scores they may see
// (`Taking::sees_scores`); others' drafts are never in it.
fn archive_rounds(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut rounds: Vec<Round> = load_all(store)?
        .into_iter()
        .filter(|r| r.firm_id == taking.firm.get())
        .collect();
    if let Taker::Member { user_id } = taking.by {
        for round in &mut rounds {
            let whole = round.clone();
            let submitted = |vendor: u64, by: u64| {
                whole
                    .scorecard(vendor, by)
                    .is_some_and(|c| c.submitted_at.is_some())
            };
            round.scorecards.retain(|card| {
                card.user_id == user_id
                    || (card.submitted_at.is_some()
                        && taking.sees_scores(whole.category_id, whole.round, |by| {
                            submitted(card.vendor_id, by)
                        }))
            });
        }
    }
    rows(rounds)
}

/// An import: the archive's rounds as the new firm's, their categories, vendors and members in
/// this install's ids (the names in them kept as they were).
fn load_rounds(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let rounds: Vec<Round> = parse_all("evaluation_rounds", rows)?;
    for (i, mut round) in rounds.iter().cloned().enumerate() {
        round.firm_id = firm_id;
        round.category_id = arrival.category(round.category_id)?;
        round.incumbent = round.incumbent.map(|v| arrival.vendor(v)).transpose()?;
        for change in &mut round.changes {
            change.by_user = arrival.user("evaluation_rounds", i, change.by_user)?;
        }
        for card in &mut round.scorecards {
            card.vendor_id = arrival.vendor(card.vendor_id)?;
            card.user_id = arrival.user("evaluation_rounds", i, card.user_id)?;
        }
        for reference in &mut round.references {
            reference.vendor_id = arrival.vendor(reference.vendor_id)?;
            reference.user_id = arrival.user("evaluation_rounds", i, reference.user_id)?;
        }
        match tx {
            WriteTx::File(txn) => {
                txn.open_table(EVALUATION_ROUNDS)?.insert(
                    (round.firm_id, round.category_id, round.round),
                    encode(&round).as_bytes(),
                )?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store.run(postgres::put(tx.conn()?, &round))?;
            }
        }
    }
    Ok(rounds.len())
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "evaluation_rounds",
    purge: Purge::ByKey,
    export: Export::Rows {
        read: archive_rounds,
        load: Load::Rows(load_rounds),
    },
    holder: Holder::Firm { column: "firm_id" },
    redb: &[&EVALUATION_ROUNDS],
    postgres: true,
    secrets: &[],
    refers_to: &[Reference {
        column: "category_id",
        to: Target::Category,
    }],
}];

#[cfg(test)]
mod tests;
