//! Questionnaire responses in the redb file: RESPONSES (id -> response) with USER_RESPONSES
//! ((firm, category) -> the latest response id).

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

use redb::ReadableTable;

use super::Author;
use crate::platform::error::Result;
use crate::platform::store::{
    FileStore, RESPONSES, USER_RESPONSES, codec, meta_get, next_id, open_read,
};
use crate::recommend::model::StoredResponse;

pub fn insert_response(
    store: &FileStore,
    author: Author,
    category_id: u64,
    answers: Vec<(u64, Vec<String>)>,
    at: i64,
) -> Result<u64> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, author.firm_id)?;
    let id = next_id(&txn, "responses")?;
    let response = StoredResponse {
        id,
        user_id: author.user_id,
        firm_id: author.firm_id.get(),
        category_id,
        answers,
        at,
    };
    txn.open_table(RESPONSES)?
        .insert(id, codec::encode(&response).as_slice())?;
    txn.open_table(USER_RESPONSES)?
        .insert((author.firm_id.get(), category_id), id)?;
    txn.commit()?;
    Ok(id)
}

/// Every response of the firm, oldest first: a walk of all responses (a firm's archive is rare).
pub fn responses(store: &FileStore, firm_id: FirmId) -> Result<Vec<StoredResponse>> {
    let txn = store.read()?;
    let Some(table) = open_read(&txn, RESPONSES)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        let response: StoredResponse = codec::decode(entry?.1.value())?;
        if response.firm_id == firm_id.get() {
            out.push(response);
        }
    }
    Ok(out)
}

pub fn load_response(store: &FileStore, id: u64) -> Result<Option<StoredResponse>> {
    let txn = store.read()?;
    let Some(table) = open_read(&txn, RESPONSES)? else {
        return Ok(None);
    };
    Ok(table
        .get(id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?)
}

pub fn latest_response_id(
    store: &FileStore,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    let txn = store.read()?;
    let Some(table) = open_read(&txn, USER_RESPONSES)? else {
        return Ok(None);
    };
    Ok(table.get((firm_id.get(), category_id))?.map(|v| v.value()))
}

pub fn responded_categories(store: &FileStore, firm_id: FirmId) -> Result<HashSet<u64>> {
    let txn = store.read()?;
    let Some(table) = open_read(&txn, USER_RESPONSES)? else {
        return Ok(HashSet::new());
    };
    let mut out = HashSet::new();
    for entry in table.range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))? {
        out.insert(entry?.0.value().1);
    }
    Ok(out)
}

/// Moves firm `from`'s responses to firm `into` inside `txn` (see `super::merge_firm_in`).
/// Responses are keyed by id alone, so finding `from`'s walks them all: an operator's rare act.
pub fn merge_responses_in(txn: &redb::WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    {
        let mut table = txn.open_table(RESPONSES)?;
        let mut theirs = Vec::new();
        for entry in table.iter()? {
            let response: StoredResponse = codec::decode(entry?.1.value())?;
            if response.firm_id == from {
                theirs.push(response);
            }
        }
        for mut response in theirs {
            response.firm_id = into;
            table.insert(response.id, codec::encode(&response).as_slice())?;
        }
    }
    // Ids grow with time: the newer of two latest responses has the higher id.
    let mut latest = txn.open_table(USER_RESPONSES)?;
    let theirs: Vec<(u64, u64)> = latest
        .range((from, 0)..=(from, u64::MAX))?
        .map(|e| e.map(|(k, v)| (k.value().1, v.value())))
        .collect::<std::result::Result<_, _>>()?;
    for (category_id, id) in theirs {
        let ours = latest.get((into, category_id))?.map(|v| v.value());
        if ours.is_none_or(|ours| ours < id) {
            latest.insert((into, category_id), id)?;
        }
        latest.remove((from, category_id))?;
    }
    Ok(())
}

/// Every response, read in one transaction: what a copy to PostgreSQL takes.
pub struct AllRows {
    pub responses: Vec<StoredResponse>,
    /// The last response id handed out (at least the highest id present).
    pub response_sequence: u64,
}

pub fn all_rows(store: &FileStore) -> anyhow::Result<AllRows> {
    let txn = store.read()?;
    let mut responses = Vec::new();
    if let Some(table) = open_read(&txn, RESPONSES)? {
        for entry in table.iter()? {
            responses.push(codec::decode::<StoredResponse>(entry?.1.value())?);
        }
    }
    let highest = responses.iter().map(|r| r.id).max().unwrap_or(0);
    Ok(AllRows {
        response_sequence: meta_get(&txn, "seq:responses")?.unwrap_or(0).max(highest),
        responses,
    })
}
