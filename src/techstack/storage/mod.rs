//! The tech stack's storage, written once over the storage seam (`store::seam`): one answer per
//! (firm id, category id) in `ANSWERS`, the tools' contracts and the firm's calendar feed
//! (`contracts`), and the renewal reminders' claims (`reminders`).
//!
//! What carried over: on redb the tables are the ones of before the seam, their bincode values
//! rewritten as the seam's JSON by schema 13's migration (the reminders' claims keep their plain
//! integer); on PostgreSQL migration 0049 moved the rows of the former typed tables into the
//! seam's layout.

pub mod contracts;
pub mod reminders;
pub mod vendors;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{Store, WriteTx};
use crate::techstack::TechstackState;

use super::model::Adoption;
use crate::platform::store::ADOPTION;
use crate::platform::store::arrival::{Arrival, Rows, parse_all, unkeyed};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table as Declared, Taking, Target, keyed, rows,
};
use crate::techstack::contracts as contracts_model;

/// (firm id, category id) -> `Adoption`.
pub const ANSWERS: Table<(u64, u64), Adoption> = Table::new(
    "category_adoption",
    ADOPTION,
    &["firm_id", "category_id"],
    None,
);

/// Every category the firm has answered, by category id (ascending), as stored.
pub fn load(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, Adoption)>> {
    seam::read(store, |tx| load_in(tx, firm_id))
}

/// `load` inside a read begun elsewhere.
pub fn load_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<(u64, Adoption)>> {
    Ok(tx
        .range(&ANSWERS, &[firm_id.get()])?
        .into_iter()
        .map(|((_, category), adoption)| (category, adoption))
        .collect())
}

/// Every answered category of every firm, as ((firm id, category id), answer), in that order.
/// Only for building the peer figures (at start) and tests: requests read the aggregate.
pub fn load_all(store: &Store) -> Result<Vec<((u64, u64), Adoption)>> {
    seam::range_one(store, &ANSWERS, &[])
}

/// Writes the given categories in one transaction; categories not given keep their answer. The
/// firm is then recounted in the peer figures (on a hub, every node's: the save records
/// `Change::Peers`).
pub fn save(app: &TechstackState, firm_id: FirmId, items: &[(u64, Adoption)]) -> Result<()> {
    save_answers(&app.store, firm_id, items)?;
    app.firm_changed.tell(firm_id);
    Ok(())
}

/// `save`'s write.
fn save_answers(store: &Store, firm_id: FirmId, items: &[(u64, Adoption)]) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        for (category_id, adoption) in items {
            tx.insert(&ANSWERS, (firm_id.get(), *category_id), adoption)?;
        }
        tx.record_change(Change::Peers { firm_id });
        Ok(())
    })
}

/// The firm's answer for one category, read in the caller's transaction (a final decision
/// puts its vendor in the stack in its own commit), after opening the firm.
pub fn category_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<Adoption>> {
    seam::within(tx, |tx| {
        tx.open_firm(firm_id)?;
        tx.get(&ANSWERS, (firm_id.get(), category_id))
    })
}

/// Writes one category's answer in the caller's transaction; the caller tells `firm_changed`
/// after its commit (a hub's other nodes hear of it by the `Change::Peers` recorded here).
pub fn put_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    category_id: u64,
    adoption: &Adoption,
) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert(&ANSWERS, (firm_id.get(), category_id), adoption)?;
        tx.record_change(Change::Peers { firm_id });
        Ok(())
    })
}

/// Moves firm `from`'s answers to firm `into` inside the caller's transaction (a firm merge),
/// under both firms' scope locks: a category only `from` answered becomes `into`'s as it is; one
/// both answered becomes `union` of the two. The caller recounts both firms in the peer figures
/// after the commit.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let (into, from) = (into.get(), from.get());
        for ((_, category), theirs) in tx.range(&ANSWERS, &[from])? {
            tx.remove(&ANSWERS, (from, category))?;
            let merged = match tx.get(&ANSWERS, (into, category))? {
                Some(ours) => union(ours, theirs),
                None => theirs,
            };
            tx.insert(&ANSWERS, (into, category), &merged)?;
        }
        Ok(())
    })
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

/// This domain's tables, for the registry of data (the list in src/registry.rs). The vendors and
/// people a value names (an answer's primary tool, a contract's responsible member) are fields of
/// its JSON, which the vendor merge and the import follow.
pub const TABLES: &[Declared] = &[
    Declared {
        name: "category_adoption",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_adoption,
            load: Load::Rows(load_adoption),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&ANSWERS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "category_id",
            to: Target::Category,
        }],
    },
    Declared {
        name: "tool_contracts",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_contracts,
            load: Load::Rows(load_contracts),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&contracts::CONTRACTS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Declared {
        name: "calendar_feeds",
        purge: Purge::ByKey,
        export: Export::Left(
            "only the hash of the feed's secret address: the firm makes a new feed",
        ),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&contracts::FEEDS, &contracts::FEEDS_BY_HASH],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    Declared {
        name: "renewal_reminders",
        purge: Purge::ByKey,
        export: Export::Left("which renewal reminders this install sent"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&reminders::CLAIMS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
];

#[cfg(test)]
mod tests;
