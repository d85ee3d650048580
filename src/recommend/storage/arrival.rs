//! An archive's recommendations written as a new firm's (`store::registry::Load::Rows`,
//! `firms::import`): its questionnaire responses (fresh ids, their authors and categories in this
//! install's ids; the question ids are the shipped questionnaires', the same everywhere), each
//! stage's picks, the picks kept for a "Clear picks" undo, its dismissals and the history of what
//! was recommended, every vendor mapped to this catalog's.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::postgres::{answers_json, time};
use super::{CLEARED, DISMISSED, PAST, PICKS};
use crate::platform::error::Result;
use crate::platform::store::arrival::{Arrival, Rows, parse_all, unkeyed};
use crate::platform::store::seam::{self, Key, Table};
use crate::platform::store::{RESPONSES, USER_RESPONSES, WriteTx, codec, next_id};
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
        match tx {
            WriteTx::File(txn) => {
                response.id = next_id(txn, "responses")?;
                txn.open_table(RESPONSES)?
                    .insert(response.id, codec::encode(&*response).as_slice())?;
                txn.open_table(USER_RESPONSES)?
                    .insert((firm_id, response.category_id), response.id)?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                let at = time(response.at)?;
                store.run(
                    sqlx::query(
                        "INSERT INTO responses (user_id, firm_id, category_id, answers, \
                         submitted_at) VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(response.user_id as i64)
                    .bind(firm_id as i64)
                    .bind(response.category_id as i64)
                    .bind(answers_json(&response.answers))
                    .bind(at)
                    .execute(tx.conn()?),
                )?;
            }
        }
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
