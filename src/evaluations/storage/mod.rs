//! The evaluations' storage, written once over the storage seam (`store::seam`): one row per
//! (firm, category, round) in `ROUNDS`, holding the round whole (`model::Round`). A change runs
//! under the firm's scope lock and reads the category's rounds in its transaction, so two
//! changes of one firm take turns on every node.
//!
//! What carried over: on redb the table is the one of before the seam, whose values were always
//! the round's JSON, as the seam stores it (nothing to rewrite); on PostgreSQL migration 0047
//! moved the rows into the seam's layout.

pub mod vendors;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{EVALUATION_ROUNDS, Store, WriteTx};

use super::model::Round;
use crate::platform::store::arrival::{Arrival, Rows, parse_all};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table as Declared, Taker, Taking, Target, rows,
};

/// (firm id, category id, round) -> `Round`.
pub const ROUNDS: Table<(u64, u64, u32), Round> = Table::new(
    "evaluation_rounds",
    EVALUATION_ROUNDS,
    &["firm_id", "category_id", "round"],
    None,
);

fn key(round: &Round) -> (u64, u64, u32) {
    (round.firm_id, round.category_id, round.round)
}

fn values(rows: Vec<((u64, u64, u32), Round)>) -> Vec<Round> {
    rows.into_iter().map(|(_, round)| round).collect()
}

/// The firm's rounds of a category's evaluation, oldest first; empty when it has none.
pub fn rounds(store: &Store, firm_id: FirmId, category_id: u64) -> Result<Vec<Round>> {
    seam::read(store, |tx| {
        Ok(values(tx.range(&ROUNDS, &[firm_id.get(), category_id])?))
    })
}

/// The categories the firm has evaluated (a round or more), in one read of its rounds.
pub fn evaluated_categories(
    store: &Store,
    firm_id: FirmId,
) -> Result<std::collections::BTreeSet<u64>> {
    seam::read(store, |tx| evaluated_categories_in(tx, firm_id))
}

/// `evaluated_categories` inside a read begun elsewhere (the progress overview's one snapshot).
pub fn evaluated_categories_in(
    tx: &mut seam::Tx,
    firm_id: FirmId,
) -> Result<std::collections::BTreeSet<u64>> {
    Ok(tx
        .range(&ROUNDS, &[firm_id.get()])?
        .into_iter()
        .map(|((_, category, _), _)| category)
        .collect())
}

/// Runs `change` on the firm's rounds of the category (oldest first; it may push a new one) in
/// one write transaction, then saves every round it changed. An `Err` from `change` writes
/// nothing; a firm merged away or deleted is refused (409, 410).
pub fn update<T>(
    store: &Store,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    let mut tx = store.begin()?;
    let answer = update_in(&mut tx, firm_id, category_id, change)?;
    tx.commit()?;
    Ok(answer)
}

/// `update` inside the caller's transaction (a decision proposed from the latest round closes it
/// with the decision's own write). The firm's scope lock, taken before the read and held to the
/// commit, makes two changes of the firm's rounds take turns.
pub fn update_in<T>(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    seam::within(tx, |tx| {
        tx.open_firm(firm_id)?;
        let before = values(tx.range(&ROUNDS, &[firm_id.get(), category_id])?);
        let mut rounds = before.clone();
        let answer = change(&mut rounds)?;
        for round in rounds.iter().filter(|r| !before.contains(r)) {
            tx.insert(&ROUNDS, key(round), round)?;
        }
        Ok(answer)
    })
}

/// Moves firm `from`'s evaluations to firm `into` inside the caller's transaction (a firm
/// merge), under both firms' locks. Where both firms evaluated a category, the moved firm's
/// rounds follow the kept firm's, numbered on from its last.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let ours = values(tx.range(&ROUNDS, &[into.get()])?);
        let theirs = values(tx.range(&ROUNDS, &[from.get()])?);
        for round in &theirs {
            tx.remove(&ROUNDS, key(round))?;
        }
        for round in renumbered(&ours, theirs, into.get()) {
            tx.insert(&ROUNDS, key(&round), &round)?;
        }
        Ok(())
    })
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

// A firm's archive: its evaluation rounds. Taken by a member, a round keeps their own
// scorecards and, of others' submitted ones, those of the vendors whose scores they may see
// (`Taking::sees_scores`); others' drafts are never in it.
fn archive_rounds(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut rounds = seam::read(store, |tx| {
        Ok(values(tx.range(&ROUNDS, &[taking.firm.get()])?))
    })?;
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
    seam::within(tx, |tx| {
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
            tx.insert(&ROUNDS, key(&round), &round)?;
        }
        Ok(rounds.len())
    })
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Declared] = &[Declared {
    name: "evaluation_rounds",
    purge: Purge::ByKey,
    export: Export::Rows {
        read: archive_rounds,
        load: Load::Rows(load_rounds),
    },
    holder: Holder::Firm { column: "firm_id" },
    redb: &[&ROUNDS],
    postgres: true,
    secrets: &[],
    refers_to: &[Reference {
        column: "category_id",
        to: Target::Category,
    }],
}];

#[cfg(test)]
mod tests;
