//! Recommendations in the redb file: RESPONSES (id -> response) with USER_RESPONSES ((user,
//! category) -> the latest response id), PICKS ((user, category) -> pick set), DISMISSED ((user,
//! vendor) -> dismissal), PAST_RECS ((user, category, vendor) -> the latest recommendation) and
//! PICKS_CLEARED ((firm, category) -> the picks the last "Clear picks" kept for its undo).

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

use redb::ReadableTable;

use super::Author;
use super::{Refill, Restored};
use crate::platform::error::Result;
use crate::platform::store::{
    DISMISSED, FileStore, PAST_RECS, PICKS, PICKS_CLEARED, RESPONSES, USER_RESPONSES,
    all_user_rows, codec, meta_get, next_id, open_read, user_rows,
};
use crate::recommend::dismiss_reason::{DismissReason, Dismissal};
use crate::recommend::model::{ClearedSet, PastRec, PickSet, StageSave, StoredResponse};

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

pub fn dismissals(store: &FileStore, firm_id: FirmId) -> Result<Vec<(u64, Dismissal)>> {
    Ok(user_rows(&store.read()?, DISMISSED, firm_id.get())?)
}

pub fn undo_dismissal(store: &FileStore, firm_id: FirmId, vendor_id: u64) -> Result<bool> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    let removed = txn
        .open_table(DISMISSED)?
        .remove((firm_id.get(), vendor_id))?
        .is_some();
    if removed {
        txn.commit()?;
    }
    Ok(removed)
}

pub fn pick_sets(store: &FileStore, firm_id: FirmId) -> Result<Vec<(u64, PickSet)>> {
    Ok(user_rows(&store.read()?, PICKS, firm_id.get())?)
}

pub fn save_picks(store: &FileStore, firm_id: FirmId, stages: &[StageSave]) -> Result<()> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    {
        let mut picks = txn.open_table(PICKS)?;
        let mut past = txn.open_table(PAST_RECS)?;
        for StageSave {
            category_id,
            set,
            history,
        } in stages
        {
            picks.insert((firm_id.get(), *category_id), codec::encode(set).as_slice())?;
            for (rank, (vendor_id, strengths)) in history.iter().enumerate() {
                let rec = PastRec {
                    at: set.at,
                    rank: rank as u32,
                    strengths: strengths.clone(),
                };
                past.insert(
                    (firm_id.get(), *category_id, *vendor_id),
                    codec::encode(&rec).as_slice(),
                )?;
            }
        }
    }
    txn.commit()?;
    Ok(())
}

pub fn clear_picks(store: &FileStore, firm_id: FirmId, at: i64) -> Result<()> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    {
        let mut picks = txn.open_table(PICKS)?;
        let mut keys = Vec::new();
        let mut kept = Vec::new();
        for row in picks.range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))? {
            let (key, value) = row?;
            let set: PickSet = codec::decode(value.value())?;
            keys.push(key.value());
            if !set.picks.is_empty() {
                kept.push((
                    key.value(),
                    ClearedSet {
                        set,
                        cleared_at: at,
                    },
                ));
            }
        }
        for key in keys {
            picks.remove(key)?;
        }
        if !kept.is_empty() {
            let mut cleared = txn.open_table(PICKS_CLEARED)?;
            let earlier: Vec<(u64, u64)> = cleared
                .range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))?
                .map(|e| e.map(|(k, _)| k.value()))
                .collect::<std::result::Result<_, _>>()?;
            for key in earlier {
                cleared.remove(key)?;
            }
            for (key, set) in kept {
                cleared.insert(key, codec::encode(&set).as_slice())?;
            }
        }
    }
    txn.commit()?;
    Ok(())
}

pub fn cleared_picks(store: &FileStore, firm_id: FirmId) -> Result<Vec<(u64, ClearedSet)>> {
    Ok(user_rows(&store.read()?, PICKS_CLEARED, firm_id.get())?)
}

pub fn restore_cleared_picks(store: &FileStore, firm_id: FirmId) -> Result<Option<Restored>> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    let mut done = Restored::default();
    {
        let mut cleared = txn.open_table(PICKS_CLEARED)?;
        let mut kept: Vec<(u64, ClearedSet)> = Vec::new();
        for row in cleared.range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))? {
            let (key, value) = row?;
            kept.push((key.value().1, codec::decode(value.value())?));
        }
        if kept.is_empty() {
            return Ok(None);
        }
        let mut picks = txn.open_table(PICKS)?;
        for (category_id, ClearedSet { set, .. }) in kept {
            let newer = match picks.get((firm_id.get(), category_id))? {
                Some(v) => !codec::decode::<PickSet>(v.value())?.picks.is_empty(),
                None => false,
            };
            if newer {
                done.kept_newer.push(category_id);
            } else {
                picks.insert((firm_id.get(), category_id), codec::encode(&set).as_slice())?;
                done.restored.push(category_id);
            }
            cleared.remove((firm_id.get(), category_id))?;
        }
    }
    txn.commit()?;
    Ok(Some(done))
}

pub fn dismiss(
    store: &FileStore,
    firm_id: FirmId,
    vendor_id: u64,
    reason: DismissReason,
    at: i64,
) -> Result<bool> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    let mut found = false;
    for entry in txn
        .open_table(PICKS)?
        .range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))?
    {
        let set: PickSet = codec::decode(entry?.1.value())?;
        found |= set.picks.iter().any(|p| p.vendor_id == vendor_id);
    }
    let mut dismissed = txn.open_table(DISMISSED)?;
    if !found || dismissed.get((firm_id.get(), vendor_id))?.is_some() {
        return Ok(false);
    }
    let dismissal = Dismissal { at, reason };
    dismissed.insert(
        (firm_id.get(), vendor_id),
        codec::encode(&dismissal).as_slice(),
    )?;
    drop(dismissed);
    txn.commit()?;
    Ok(true)
}

pub fn refill_picks(
    store: &FileStore,
    firm_id: FirmId,
    expected: &PickSet,
    refill: &Refill,
) -> Result<bool> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    let key = (firm_id.get(), refill.category_id);
    {
        let mut picks = txn.open_table(PICKS)?;
        let current: Option<PickSet> = picks
            .get(key)?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        if current.as_ref() != Some(expected) {
            return Ok(false);
        }
        picks.insert(key, codec::encode(&refill.set).as_slice())?;
        let mut past = txn.open_table(PAST_RECS)?;
        for (vendor_id, rec) in &refill.history {
            past.insert(
                (firm_id.get(), refill.category_id, *vendor_id),
                codec::encode(rec).as_slice(),
            )?;
        }
    }
    txn.commit()?;
    Ok(true)
}

/// In key order (category, then vendor); the caller sorts.
pub fn past(store: &FileStore, firm_id: FirmId) -> Result<Vec<(u64, u64, PastRec)>> {
    let txn = store.read()?;
    let Some(table) = open_read(&txn, PAST_RECS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.range((firm_id.get(), 0, 0)..=(firm_id.get(), u64::MAX, u64::MAX))? {
        let (k, v) = entry?;
        let (_, category_id, vendor_id) = k.value();
        out.push((category_id, vendor_id, codec::decode::<PastRec>(v.value())?));
    }
    Ok(out)
}

/// Moves firm `from`'s recommendation rows to firm `into` inside `txn` (see `super::merge_firm_in`).
/// Responses are keyed by id alone, so finding `from`'s walks them all: an operator's rare act.
pub fn merge_firm_in(txn: &redb::WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
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
    {
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
    }
    move_keeping_ours(txn, PICKS, into, from)?;
    move_keeping_ours(txn, PICKS_CLEARED, into, from)?;
    move_keeping_ours(txn, DISMISSED, into, from)?;
    let mut past = txn.open_table(PAST_RECS)?;
    let mut theirs: Vec<((u64, u64), PastRec)> = Vec::new();
    for entry in past.range((from, 0, 0)..=(from, u64::MAX, u64::MAX))? {
        let (k, v) = entry?;
        let (_, category_id, vendor_id) = k.value();
        theirs.push(((category_id, vendor_id), codec::decode(v.value())?));
    }
    for ((category_id, vendor_id), rec) in theirs {
        let ours: Option<PastRec> = past
            .get((into, category_id, vendor_id))?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        if ours.is_none_or(|ours| ours.at < rec.at) {
            past.insert(
                (into, category_id, vendor_id),
                codec::encode(&rec).as_slice(),
            )?;
        }
        past.remove((from, category_id, vendor_id))?;
    }
    Ok(())
}

/// Moves `from`'s rows of a (firm, item) table to `into`, where `into` has no row of that item.
fn move_keeping_ours(
    txn: &redb::WriteTransaction,
    def: redb::TableDefinition<(u64, u64), &[u8]>,
    into: u64,
    from: u64,
) -> Result<()> {
    let mut table = txn.open_table(def)?;
    let theirs: Vec<(u64, Vec<u8>)> = table
        .range((from, 0)..=(from, u64::MAX))?
        .map(|e| e.map(|(k, v)| (k.value().1, v.value().to_vec())))
        .collect::<std::result::Result<_, _>>()?;
    for (item, value) in theirs {
        if table.get((into, item))?.is_none() {
            table.insert((into, item), value.as_slice())?;
        }
        table.remove((from, item))?;
    }
    Ok(())
}

/// Every row of the recommendation tables, read in one transaction: what a copy to PostgreSQL
/// takes.
pub struct AllRows {
    pub responses: Vec<StoredResponse>,
    /// The last response id handed out (at least the highest id present).
    pub response_sequence: u64,
    pub picks: Vec<((u64, u64), PickSet)>,
    pub cleared: Vec<((u64, u64), ClearedSet)>,
    pub dismissals: Vec<((u64, u64), Dismissal)>,
    pub past: Vec<((u64, u64, u64), PastRec)>,
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
    let mut past = Vec::new();
    if let Some(table) = open_read(&txn, PAST_RECS)? {
        for entry in table.iter()? {
            let (key, value) = entry?;
            past.push((key.value(), codec::decode::<PastRec>(value.value())?));
        }
    }
    Ok(AllRows {
        response_sequence: meta_get(&txn, "seq:responses")?.unwrap_or(0).max(highest),
        responses,
        picks: all_user_rows(&txn, PICKS)?,
        cleared: all_user_rows(&txn, PICKS_CLEARED)?,
        dismissals: all_user_rows(&txn, DISMISSED)?,
        past,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::model::PickSource;

    #[test]
    fn pick_sources_are_stored_by_position_so_their_api_names_can_change() {
        assert_eq!(codec::encode(&PickSource::Questionnaire), [0]);
        assert_eq!(codec::encode(&PickSource::PickForMe), [1]);
        assert_eq!(
            codec::decode::<PickSource>(&[1]).unwrap(),
            PickSource::PickForMe
        );
    }
}
