//! Where recommendations live, in either backend: questionnaire responses, each stage's saved
//! picks, dismissed vendors and the past-recommendation history. Every function takes the firm
//! id, so no call can reach another firm's rows.
//!
//! Everything is written once over the storage seam (`store::seam`), one row per key in
//! `RESPONSES`, `LATEST`, `PICKS`, `CLEARED`, `DISMISSED` and `PAST`, on redb and PostgreSQL
//! alike. What carried over: on redb the tables of before the seam, their bincode values rewritten
//! as the seam's JSON by schema 14's migration (the responses by schema 15's, which keys them by
//! firm; the latest responses keep their plain integer); on PostgreSQL migrations 0051 and 0055
//! moved the former typed tables' rows into the seam's layout.
//!
//! Nothing here is cached in memory: every answer is read per request, so a write on one node
//! needs no change record for the others.

mod arrival;
pub mod vendors;

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

use super::dismiss_reason::{DismissReason, Dismissal};
use super::model::{ClearedSet, PastRec, PickSet, StageSave, StoredResponse};
use crate::platform::error::Result;
use crate::platform::store::registry::Table as Declared;
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Taking, Target, keyed, rows,
};
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{Store, WriteTx};

/// (firm id, response id) -> a submitted questionnaire. Ids come from one sequence for every
/// firm, so the newer of two responses has the higher id.
pub const RESPONSES: Table<(u64, u64), StoredResponse> =
    Table::declare("responses", &["firm_id", "id"], Some("responses"));

/// (firm id, category id) -> the id of the firm's latest response in that category. Its redb
/// table holds the id as a plain integer, as before the seam.
pub const LATEST: Table<(u64, u64), u64, u64> = Table::new(
    "user_responses",
    crate::platform::store::USER_RESPONSES,
    &["firm_id", "category_id"],
    None,
);

/// (firm id, category id) -> the stage's saved picks.
pub const PICKS: Table<(u64, u64), PickSet> = Table::new(
    "picks",
    crate::platform::store::PICKS,
    &["firm_id", "category_id"],
    None,
);

/// (firm id, category id) -> the picks the firm's last "Clear picks" emptied, kept for its undo.
pub const CLEARED: Table<(u64, u64), ClearedSet> = Table::new(
    "picks_cleared",
    crate::platform::store::PICKS_CLEARED,
    &["firm_id", "category_id"],
    None,
);

/// (firm id, vendor id) -> the firm's dismissal of the vendor, when and why.
pub const DISMISSED: Table<(u64, u64), Dismissal> = Table::new(
    "dismissals",
    crate::platform::store::DISMISSED,
    &["firm_id", "vendor_id"],
    None,
);

/// (firm id, category id, vendor id) -> the latest time the vendor was recommended, and why.
pub const PAST: Table<(u64, u64, u64), PastRec> = Table::new(
    "past_recommendations",
    crate::platform::store::PAST_RECS,
    &["firm_id", "category_id", "vendor_id"],
    None,
);

/// Who answers a questionnaire, and for which firm: a response keeps its author.
#[derive(Debug, Clone, Copy)]
pub struct Author {
    pub user_id: u64,
    pub firm_id: FirmId,
}

/// Stores a submitted questionnaire and answers its new id; it becomes the user's latest response
/// in its category.
pub fn insert_response(
    store: &Store,
    author: Author,
    category_id: u64,
    answers: Vec<(u64, Vec<String>)>,
) -> Result<u64> {
    let at = crate::platform::clock::now_secs();
    let firm = author.firm_id.get();
    seam::write(store, |tx| {
        tx.open_firm(author.firm_id)?;
        let id = tx.next_id(&RESPONSES)?;
        let response = StoredResponse {
            id,
            user_id: author.user_id,
            firm_id: firm,
            category_id,
            answers: answers.clone(),
            at,
        };
        tx.insert(&RESPONSES, (firm, id), &response)?;
        tx.insert(&LATEST, (firm, category_id), &id)?;
        Ok(id)
    })
}

/// One of the firm's responses by id; another firm's id finds nothing.
pub fn load_response(store: &Store, firm_id: FirmId, id: u64) -> Result<Option<StoredResponse>> {
    seam::get_one(store, &RESPONSES, (firm_id.get(), id))
}

/// The id of the firm's latest questionnaire response in a category, if any.
pub fn latest_response_id(store: &Store, firm_id: FirmId, category_id: u64) -> Result<Option<u64>> {
    seam::get_one(store, &LATEST, (firm_id.get(), category_id))
}

/// The firm's latest questionnaire response in a category, if any, read in one snapshot.
pub fn latest_response(
    store: &Store,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<StoredResponse>> {
    seam::read(store, |tx| latest_response_in(tx, firm_id, category_id))
}

/// `latest_response` inside a read begun elsewhere.
pub fn latest_response_in(
    tx: &mut seam::Tx,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<StoredResponse>> {
    match tx.get(&LATEST, (firm_id.get(), category_id))? {
        Some(id) => tx.get(&RESPONSES, (firm_id.get(), id)),
        None => Ok(None),
    }
}

/// The firm's latest response in each category it answered, in category id order, read in one
/// snapshot.
pub fn latest_responses(store: &Store, firm_id: FirmId) -> Result<Vec<StoredResponse>> {
    seam::read(store, |tx| {
        let keys: Vec<(u64, u64)> = (tx.range(&LATEST, &[firm_id.get()])?.into_iter())
            .map(|(_, id)| (firm_id.get(), id))
            .collect();
        Ok(tx
            .get_many(&RESPONSES, &keys)?
            .into_iter()
            .flatten()
            .collect())
    })
}

/// Categories in which the firm has submitted a questionnaire.
pub fn responded_categories(store: &Store, firm_id: FirmId) -> Result<HashSet<u64>> {
    let rows = seam::range_one(store, &LATEST, &[firm_id.get()])?;
    Ok(rows
        .into_iter()
        .map(|((_, category), _)| category)
        .collect())
}

/// The ids of the vendors the firm dismissed.
pub fn dismissed(store: &Store, firm_id: FirmId) -> Result<HashSet<u64>> {
    seam::read(store, |tx| dismissed_in(tx, firm_id))
}

/// `dismissed` inside a read or write begun elsewhere.
pub fn dismissed_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<HashSet<u64>> {
    Ok(tx
        .range(&DISMISSED, &[firm_id.get()])?
        .into_iter()
        .map(|((_, vendor), _)| vendor)
        .collect())
}

/// The user's dismissals (vendor id, when and why), in vendor id order.
pub fn dismissals(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, Dismissal)>> {
    seam::read(store, |tx| dismissals_in(tx, firm_id))
}

/// `dismissals` inside a read begun elsewhere.
pub fn dismissals_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<(u64, Dismissal)>> {
    Ok(tx
        .range(&DISMISSED, &[firm_id.get()])?
        .into_iter()
        .map(|((_, vendor), d)| (vendor, d))
        .collect())
}

/// Undoes a dismissal, so the vendor can be ranked again. False when the user had not dismissed
/// it (nothing is written then).
pub fn undo_dismissal(store: &Store, firm_id: FirmId, vendor_id: u64) -> Result<bool> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        Ok(tx.remove(&DISMISSED, (firm_id.get(), vendor_id))?.is_some())
    })
}

/// The user's saved picks per category, in category id order.
pub fn pick_sets(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, PickSet)>> {
    seam::read(store, |tx| pick_sets_in(tx, firm_id))
}

/// `pick_sets` inside a read begun elsewhere.
pub fn pick_sets_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<(u64, PickSet)>> {
    Ok(tx
        .range(&PICKS, &[firm_id.get()])?
        .into_iter()
        .map(|((_, category), set)| (category, set))
        .collect())
}

/// Saves picks for several categories at once, each replacing that category's earlier set, and
/// records each pick in the history (replacing the vendor's earlier entry in that category).
pub fn save_picks(store: &Store, firm_id: FirmId, stages: &[StageSave]) -> Result<()> {
    let firm = firm_id.get();
    let sets: Vec<_> = (stages.iter())
        .map(|s| ((firm, s.category_id), s.set.clone()))
        .collect();
    let past: Vec<_> = (stages.iter())
        .flat_map(|s| {
            (s.history.iter().enumerate()).map(move |(rank, (vendor_id, strengths))| {
                let rec = PastRec {
                    at: s.set.at,
                    rank: rank as u32,
                    strengths: strengths.clone(),
                };
                ((firm, s.category_id, *vendor_id), rec)
            })
        })
        .collect();
    // Two statements on PostgreSQL for every stage's picks and history (Pick For Me saves nine).
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        tx.insert_many(&PICKS, &sets)?;
        tx.insert_many(&PAST, &past)
    })
}

/// Empties every stage's picks ("Clear picks"); the history stays. The categories that had
/// picks are kept, as they were, for `restore_cleared_picks`: they replace what an earlier clear
/// kept (a clear that finds no pick keeps the earlier ones). One set per firm, so nothing grows.
pub fn clear_picks(store: &Store, firm_id: FirmId) -> Result<()> {
    let at = crate::platform::clock::now_secs();
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let sets = tx.range(&PICKS, &[firm_id.get()])?;
        for (key, _) in &sets {
            tx.remove(&PICKS, *key)?;
        }
        let kept: Vec<((u64, u64), ClearedSet)> = sets
            .into_iter()
            .filter(|(_, set)| !set.picks.is_empty())
            .map(|(key, set)| {
                (
                    key,
                    ClearedSet {
                        set,
                        cleared_at: at,
                    },
                )
            })
            .collect();
        if kept.is_empty() {
            return Ok(());
        }
        for (key, _) in tx.range(&CLEARED, &[firm_id.get()])? {
            tx.remove(&CLEARED, key)?;
        }
        for (key, set) in &kept {
            tx.insert(&CLEARED, *key, set)?;
        }
        Ok(())
    })
}

/// The picks the firm's last clear kept, by category id (ascending).
pub fn cleared_picks(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, ClearedSet)>> {
    let rows = seam::range_one(store, &CLEARED, &[firm_id.get()])?;
    Ok(rows
        .into_iter()
        .map(|((_, category), set)| (category, set))
        .collect())
}

/// What `restore_cleared_picks` did: category ids put back, and those left with newer picks.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Restored {
    pub restored: Vec<u64>,
    pub kept_newer: Vec<u64>,
}

/// Undoes the last "Clear picks": each kept category gets its picks back as they were, unless it
/// has picks again since (those stay). The kept set is used up. `None` when nothing is kept
/// (nothing was cleared, or the clear was undone already).
pub fn restore_cleared_picks(store: &Store, firm_id: FirmId) -> Result<Option<Restored>> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let kept = tx.range(&CLEARED, &[firm_id.get()])?;
        if kept.is_empty() {
            return Ok(None);
        }
        let newer: HashSet<(u64, u64)> = (tx.range(&PICKS, &[firm_id.get()])?.into_iter())
            .filter(|(_, set)| !set.picks.is_empty())
            .map(|(key, _)| key)
            .collect();
        let mut done = Restored::default();
        for (key, cleared) in kept {
            if newer.contains(&key) {
                done.kept_newer.push(key.1);
            } else {
                tx.insert(&PICKS, key, &cleared.set)?;
                done.restored.push(key.1);
            }
            tx.remove(&CLEARED, key)?;
        }
        Ok(Some(done))
    })
}

/// Remembers the dismissal of one of the firm's picks with its reason. The pick stays in its
/// stored set, where every read leaves it out while the dismissal stands, so that undoing the
/// dismissal puts it back in its place. False when the vendor is not in any of the sets, or is
/// dismissed already (nothing is written then).
pub fn dismiss(
    store: &Store,
    firm_id: FirmId,
    vendor_id: u64,
    reason: DismissReason,
) -> Result<bool> {
    let dismissal = Dismissal {
        at: crate::platform::clock::now_secs(),
        reason,
    };
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let picked = (tx.range(&PICKS, &[firm_id.get()])?.iter())
            .any(|(_, set)| set.picks.iter().any(|p| p.vendor_id == vendor_id));
        let key = (firm_id.get(), vendor_id);
        if !picked || tx.get(&DISMISSED, key)?.is_some() {
            return Ok(false);
        }
        tx.insert(&DISMISSED, key, &dismissal)?;
        Ok(true)
    })
}

/// A stage's picks topped up after a dismissal: the new set (the stored picks with the
/// replacements after them) and the replacements' history entries (vendor id, rank, reasons).
#[derive(Debug, Clone)]
pub struct Refill {
    pub category_id: u64,
    pub set: PickSet,
    pub history: Vec<(u64, PastRec)>,
}

/// Writes `refill` if the category's stored set is still `expected` (nothing saved, cleared or
/// refilled in it since it was read), with the replacements' history. False, and nothing
/// written, when the set changed meanwhile: the newer picks stand.
pub fn refill_picks(
    store: &Store,
    firm_id: FirmId,
    expected: &PickSet,
    refill: &Refill,
) -> Result<bool> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let key = (firm_id.get(), refill.category_id);
        if tx.get(&PICKS, key)?.as_ref() != Some(expected) {
            return Ok(false);
        }
        tx.insert(&PICKS, key, &refill.set)?;
        let past: Vec<_> = (refill.history.iter())
            .map(|(vendor_id, rec)| ((key.0, key.1, *vendor_id), rec.clone()))
            .collect();
        tx.insert_many(&PAST, &past)?;
        Ok(true)
    })
}

/// The user's past recommendations, newest first (then by category, rank and vendor).
pub fn past(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, u64, PastRec)>> {
    seam::read(store, |tx| past_in(tx, firm_id))
}

/// `past` inside a read begun elsewhere.
pub fn past_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<(u64, u64, PastRec)>> {
    let rows = tx.range(&PAST, &[firm_id.get()])?;
    // In key order (category, vendor); one stable sort puts the newest first.
    let mut out: Vec<(u64, u64, PastRec)> = rows
        .into_iter()
        .map(|((_, category, vendor), rec)| (category, vendor, rec))
        .collect();
    out.sort_by(|a, b| {
        b.2.at
            .cmp(&a.2.at)
            .then(a.0.cmp(&b.0))
            .then(a.2.rank.cmp(&b.2.rank))
    });
    Ok(out)
}

/// Moves firm `from`'s recommendation rows to firm `into` inside the caller's transaction (a firm
/// merge): responses keep their author and become `into`'s, and in each category the newer of
/// the two latest responses is the latest; `into`'s picks of a category stay, `from`'s fill the
/// categories `into` has none in, and likewise the picks a clear kept; dismissals are the union
/// (`into`'s kept on a clash); past recommendations are the union (the later one on a clash).
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let (into, from) = (into.get(), from.get());
        for ((_, id), mut response) in tx.range(&RESPONSES, &[from])? {
            tx.remove(&RESPONSES, (from, id))?;
            response.firm_id = into;
            tx.insert(&RESPONSES, (into, id), &response)?;
        }
        // Ids grow with time: the newer of two latest responses has the higher id.
        for ((_, category), theirs) in tx.range(&LATEST, &[from])? {
            tx.remove(&LATEST, (from, category))?;
            let ours = tx.get(&LATEST, (into, category))?;
            if ours.is_none_or(|ours| ours < theirs) {
                tx.insert(&LATEST, (into, category), &theirs)?;
            }
        }
        move_keeping_ours(tx, &PICKS, into, from)?;
        move_keeping_ours(tx, &CLEARED, into, from)?;
        move_keeping_ours(tx, &DISMISSED, into, from)?;
        for ((_, category, vendor), theirs) in tx.range(&PAST, &[from])? {
            tx.remove(&PAST, (from, category, vendor))?;
            let ours = tx.get(&PAST, (into, category, vendor))?;
            if ours.is_none_or(|ours| ours.at < theirs.at) {
                tx.insert(&PAST, (into, category, vendor), &theirs)?;
            }
        }
        Ok(())
    })
}

/// Moves `from`'s rows of a (firm, item) table to `into`, where `into` has no row of that item.
fn move_keeping_ours<V: serde::Serialize + serde::de::DeserializeOwned>(
    tx: &mut seam::Tx,
    table: &Table<(u64, u64), V>,
    into: u64,
    from: u64,
) -> Result<()> {
    for ((_, item), value) in tx.range(table, &[from])? {
        tx.remove(table, (from, item))?;
        if tx.get(table, (into, item))?.is_none() {
            tx.insert(table, (into, item), &value)?;
        }
    }
    Ok(())
}

// A firm's archive: its questionnaire answers, picks, dismissals and the history of what was
// recommended.
fn archive_responses(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(responses(store, taking.firm)?)
}

fn archive_picks(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    pick_sets(store, taking.firm)?
        .into_iter()
        .map(|(category, set)| keyed(&[("category_id", category)], set))
        .collect()
}

fn archive_dismissals(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    dismissals(store, taking.firm)?
        .into_iter()
        .map(|(vendor, dismissal)| keyed(&[("vendor_id", vendor)], dismissal))
        .collect()
}

fn archive_past(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    past(store, taking.firm)?
        .into_iter()
        .map(|(category, vendor, rec)| {
            keyed(&[("category_id", category), ("vendor_id", vendor)], rec)
        })
        .collect()
}

fn archive_cleared(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    cleared_picks(store, taking.firm)?
        .into_iter()
        .map(|(category, set)| keyed(&[("category_id", category)], set))
        .collect()
}

/// Every questionnaire response of the firm, oldest first (a firm's archive).
pub fn responses(store: &Store, firm_id: FirmId) -> Result<Vec<StoredResponse>> {
    let rows = seam::range_one(store, &RESPONSES, &[firm_id.get()])?;
    Ok(rows.into_iter().map(|(_, response)| response).collect())
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Declared] = &[
    Declared {
        name: "responses",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_responses,
            load: Load::Rows(arrival::responses),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&RESPONSES],
        postgres: true,
        secrets: &[],
        // The author and the category are fields of the value, not columns: the loader maps them.
        refers_to: &[],
    },
    Declared {
        name: "user_responses",
        purge: Purge::ByKey,
        export: Export::Left("each category's latest response, found again from the responses"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&LATEST],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "category_id",
            to: Target::Category,
        }],
    },
    Declared {
        name: "picks",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_picks,
            load: Load::Rows(arrival::picks),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&PICKS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "category_id",
            to: Target::Category,
        }],
    },
    Declared {
        name: "dismissals",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_dismissals,
            load: Load::Rows(arrival::dismissals),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&DISMISSED],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Declared {
        name: "past_recommendations",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_past,
            load: Load::Rows(arrival::past),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&PAST],
        postgres: true,
        secrets: &[],
        refers_to: &[
            Reference {
                column: "category_id",
                to: Target::Category,
            },
            Reference {
                column: "vendor_id",
                to: Target::Vendor,
            },
        ],
    },
    Declared {
        name: "picks_cleared",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_cleared,
            load: Load::Rows(arrival::cleared),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&CLEARED],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "category_id",
            to: Target::Category,
        }],
    },
];

#[cfg(test)]
mod tests;
