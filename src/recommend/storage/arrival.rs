//! An archive's recommendations written as a new firm's (`store::registry::Load::Rows`,
//! `firms::import`): its questionnaire responses (fresh ids, their authors and categories in this
//! install's ids; the question ids are the shipped questionnaires', the same everywhere), each
//! stage's picks, the picks kept for a "Clear picks" undo, its dismissals and the history of what
//! was recommended, every vendor mapped to this catalog's.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{CLEARED, DISMISSED, LATEST, PAST, PICKS, RESPONSES};
use crate::platform::error::Result;
use crate::platform::store::WriteTx;
use crate::platform::store::arrival::{Arrival, Rows, parse_all, unkeyed};
use crate::platform::store::seam::{self, Key, Table};
use crate::recommend::dismiss_reason::Dismissal;
use crate::recommend::model::{ClearedSet, PastRec, PickSet, StoredResponse};

pub fn responses(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let responses: Vec<StoredResponse> = parse_all("responses", rows)?;
    let mut responses: Vec<(usize, StoredResponse)> = responses.into_iter().enumerate().collect();
    // Oldest first, so that the latest of each category is the latest here too.
    responses.sort_by_key(|(_, r)| (r.at, r.id));
    for (i, response) in &mut responses {
        response.user_id = arrival.user("responses", *i, response.user_id)?;
        response.firm_id = firm_id;
        response.category_id = arrival.category(response.category_id)?;
        seam::within(tx, |tx| {
            response.id = tx.next_id(&RESPONSES)?;
            tx.insert(&RESPONSES, (firm_id, response.id), &*response)?;
            tx.insert(&LATEST, (firm_id, response.category_id), &response.id)
        })?;
    }
    Ok(responses.len())
}

/// A pick set's vendors in this catalog's ids.
fn mapped(arrival: &Arrival, mut set: PickSet) -> Result<PickSet> {
    for pick in &mut set.picks {
        pick.vendor_id = arrival.vendor(pick.vendor_id)?;
    }
    Ok(set)
}

pub fn picks(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, set): (_, PickSet) = unkeyed("picks", i, row, &["category_id"])?;
        let key = (firm_id, arrival.category(keys[0])?);
        put(tx, &PICKS, key, &mapped(arrival, set)?)?;
    }
    Ok(count)
}

pub fn cleared(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, mut cleared): (_, ClearedSet) =
            unkeyed("picks_cleared", i, row, &["category_id"])?;
        cleared.set = mapped(arrival, cleared.set)?;
        put(
            tx,
            &CLEARED,
            (firm_id, arrival.category(keys[0])?),
            &cleared,
        )?;
    }
    Ok(count)
}

pub fn dismissals(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, dismissal): (_, Dismissal) = unkeyed("dismissals", i, row, &["vendor_id"])?;
        put(
            tx,
            &DISMISSED,
            (firm_id, arrival.vendor(keys[0])?),
            &dismissal,
        )?;
    }
    Ok(count)
}

pub fn past(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, rec): (_, PastRec) = unkeyed(
            "past_recommendations",
            i,
            row,
            &["category_id", "vendor_id"],
        )?;
        let key = (
            firm_id,
            arrival.category(keys[0])?,
            arrival.vendor(keys[1])?,
        );
        put(tx, &PAST, key, &rec)?;
    }
    Ok(count)
}

/// Writes one row of the new firm's (two archive rows that map to one key: the later stays).
fn put<K: Key, V: Serialize + DeserializeOwned>(
    tx: &mut WriteTx,
    table: &Table<K, V>,
    key: K,
    value: &V,
) -> Result<()> {
    seam::within(tx, |tx| tx.insert(table, key, value))
}
