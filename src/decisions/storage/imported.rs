//! A firm's decisions arriving from another install's archive (`store::registry::Load::Rows`,
//! `firms::import`). A decision's own row is rewritten in this install's ids (its category,
//! vendors, approvers); its versions are kept byte for byte, so every hash still verifies and the
//! approvals bound to those hashes still hold. The text of a version names the other install's
//! ids, so the import stores the map beside them: `imported_ids`, one row per firm, each import's
//! map from the archive's ids to this install's, oldest first.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::decisions::canonical;
use crate::decisions::model::{Decision, Version};
use crate::platform::error::{Result, bad_request};
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Row, Rows, has_field, parse, parse_all};
use crate::platform::store::registry::Taking;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{Store, WriteTx};

/// One import's map from the archive's ids to this install's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdStep {
    /// When the import ran (Unix seconds).
    pub imported_at: i64,
    pub users: BTreeMap<u64, u64>,
    pub vendors: BTreeMap<u64, u64>,
    pub categories: BTreeMap<u64, u64>,
    pub decisions: BTreeMap<u64, u64>,
}

/// firm id -> the maps of every import the firm came through, oldest first. Its redb values were
/// always this JSON, as the seam stores it.
pub const STEPS: Table<u64, Vec<IdStep>> = Table::new(
    "imported_ids",
    crate::platform::store::IMPORTED_IDS,
    &["firm_id"],
    None,
);

/// The maps of every import the firm came through, oldest first; empty for a firm made here.
pub fn steps(store: &Store, firm_id: FirmId) -> Result<Vec<IdStep>> {
    Ok(seam::get_one(store, &STEPS, firm_id.get())?.unwrap_or_default())
}

/// A firm's archive: the maps of the imports it came through.
pub fn archive(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    crate::platform::store::registry::rows(steps(store, taking.firm)?)
}

/// An import: the archive's earlier maps, kept for `finish_in`.
pub fn load(_: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let rows: Vec<Row> = rows.collect();
    for (i, row) in rows.iter().enumerate() {
        parse::<IdStep>("imported_ids", i, row.clone())?;
    }
    let count = rows.len();
    arrival.stash.insert("imported_ids", rows);
    Ok(count)
}

/// Writes the new firm's maps: the archive's earlier ones and this import's own, last.
pub fn finish_in(tx: &mut WriteTx, arrival: &mut Arrival) -> Result<()> {
    let firm_id = arrival.firm()?.get();
    let earlier = arrival.stash.remove("imported_ids").unwrap_or_default();
    let mut steps: Vec<IdStep> = parse_all("imported_ids", earlier)?;
    steps.push(IdStep {
        imported_at: arrival.now,
        users: arrival.users().clone(),
        vendors: arrival.vendor_map(),
        categories: arrival.category_map(),
        decisions: arrival.ids("decisions"),
    });
    seam::within(tx, |tx| tx.insert(&STEPS, firm_id, &steps))
}

/// The decisions, with fresh ids, in this install's categories, vendors and members.
pub fn decisions(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    let decisions = parse_all::<Decision>("decisions", rows)?;
    for (i, mut decision) in decisions.into_iter().enumerate() {
        let archived = decision.id;
        decision.id = super::next_id_in(tx)?;
        decision.firm_id = firm_id;
        let terms = &mut decision.terms;
        terms.category_id = arrival.category(terms.category_id)?;
        terms.vendor_id = arrival.vendor(terms.vendor_id)?;
        terms.runner_up_id = terms.runner_up_id.map(|v| arrival.vendor(v)).transpose()?;
        for approver in &mut terms.approvers {
            approver.user_id = arrival.user("decisions", i, approver.user_id)?;
        }
        for approval in &mut decision.approvals {
            approval.user_id = arrival.user("decisions", i, approval.user_id)?;
        }
        super::put_in(tx, &decision)?;
        arrival.map_id("decisions", archived, decision.id);
    }
    Ok(count)
}

/// Every version, its text and hash as they were. A version whose text no longer hashes to its
/// hash (an open decision's, taken by a member who may not see every score) is refused: only the
/// operator's archive (`litstack firms export`) keeps such a text whole.
pub fn versions(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    let mut versions = Vec::with_capacity(count);
    for (i, row) in rows.into_iter().enumerate() {
        let hidden = has_field(&row, "scores_hidden");
        let version: Version = parse("decision_versions", i, row)?;
        if hidden || canonical::hash(&version.content) != version.hash {
            return Err(bad_request(format!(
                "Version {} of decision {} in the archive no longer matches its hash (scores \
                 hidden from the member who exported it): export the firm with `litstack firms \
                 export` on its install, which keeps every version whole",
                version.n, version.decision_id
            )));
        }
        versions.push(version);
    }
    versions.sort_by_key(|v| (v.decision_id, v.n));
    for mut version in versions {
        version.decision_id = arrival.id("decisions", version.decision_id)?;
        version.firm_id = firm_id;
        super::add_version_in(tx, &version)?;
    }
    Ok(count)
}

/// A firm merge: the merged firm's maps follow its decisions to the kept firm (each map names
/// the decisions it made, so a version's map is still found), oldest first.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let Some(theirs) = tx.remove(&STEPS, from.get())? else {
            return Ok(());
        };
        let mut steps = tx.get(&STEPS, into.get())?.unwrap_or_default();
        steps.extend(theirs);
        steps.sort_by_key(|s| s.imported_at);
        tx.insert(&STEPS, into.get(), &steps)
    })
}
