//! An archive's recommendations written as a new firm's (`store::registry::Load::Rows`,
//! `firms::import`): its questionnaire responses (fresh ids, their authors and categories in this
//! install's ids; the question ids are the shipped questionnaires', the same everywhere), each
//! stage's picks, the picks kept for a "Clear picks" undo, its dismissals and the history of what
//! was recommended, every vendor mapped to this catalog's.

use redb::WriteTransaction;

use super::postgres::{answers_json, insert_cleared, time, upsert_past, upsert_picks};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, parse_all, unkeyed};
use crate::platform::store::postgres::code;
use crate::platform::store::{
    DISMISSED, PAST_RECS, PICKS, PICKS_CLEARED, RESPONSES, USER_RESPONSES, WriteTx, codec, next_id,
};
use crate::recommend::dismiss_reason::{DismissReason, Dismissal};
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
    let firm_id = arrival.firm()?;
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, set): (_, PickSet) = unkeyed("picks", i, row, &["category_id"])?;
        let category = arrival.category(keys[0])?;
        let set = mapped(arrival, set)?;
        match tx {
            WriteTx::File(txn) => {
                txn.open_table(PICKS)?
                    .insert((firm_id.get(), category), codec::encode(&set).as_slice())?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                let (source, at) = (code(&set.source)?, time(set.at)?);
                store.run(upsert_picks(
                    tx.conn()?,
                    firm_id,
                    category,
                    &set,
                    &source,
                    at,
                ))?;
            }
        }
    }
    Ok(count)
}

pub fn cleared(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, mut cleared): (_, ClearedSet) =
            unkeyed("picks_cleared", i, row, &["category_id"])?;
        let category = arrival.category(keys[0])?;
        cleared.set = mapped(arrival, cleared.set)?;
        match tx {
            WriteTx::File(txn) => {
                txn.open_table(PICKS_CLEARED)?
                    .insert((firm_id, category), codec::encode(&cleared).as_slice())?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                let source = code(&cleared.set.source)?;
                let times = (time(cleared.set.at)?, time(cleared.cleared_at)?);
                store.run(insert_cleared(
                    tx.conn()?,
                    (firm_id, category),
                    &cleared,
                    &source,
                    times,
                ))?;
            }
        }
    }
    Ok(count)
}

pub fn dismissals(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, dismissal): (_, Dismissal) = unkeyed("dismissals", i, row, &["vendor_id"])?;
        let vendor = arrival.vendor(keys[0])?;
        match tx {
            WriteTx::File(txn) => put_dismissal(txn, (firm_id, vendor), &dismissal)?,
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                let other_text = match &dismissal.reason {
                    DismissReason::Other(text) => Some(text.as_str()),
                    _ => None,
                };
                store.run(
                    sqlx::query(
                        "INSERT INTO dismissals (firm_id, vendor_id, reason, other_text, \
                         dismissed_at) VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(firm_id as i64)
                    .bind(vendor as i64)
                    .bind(dismissal.reason.code())
                    .bind(other_text)
                    .bind(time(dismissal.at)?)
                    .execute(tx.conn()?),
                )?;
            }
        }
    }
    Ok(count)
}

fn put_dismissal(txn: &WriteTransaction, key: (u64, u64), dismissal: &Dismissal) -> Result<()> {
    txn.open_table(DISMISSED)?
        .insert(key, codec::encode(dismissal).as_slice())?;
    Ok(())
}

pub fn past(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id: FirmId = arrival.firm()?;
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, rec): (_, PastRec) = unkeyed(
            "past_recommendations",
            i,
            row,
            &["category_id", "vendor_id"],
        )?;
        let key = (
            firm_id.get(),
            arrival.category(keys[0])?,
            arrival.vendor(keys[1])?,
        );
        match tx {
            WriteTx::File(txn) => {
                txn.open_table(PAST_RECS)?
                    .insert(key, codec::encode(&rec).as_slice())?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                let at = time(rec.at)?;
                store.run(upsert_past(tx.conn()?, key, &rec, at))?;
            }
        }
    }
    Ok(count)
}
