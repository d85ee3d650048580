//! Where recommendations live: questionnaire responses, each stage's saved picks, dismissed
//! vendors and the past-recommendation history. Every function takes the user id, so no call can
//! reach another user's rows.

use std::collections::HashSet;

use redb::{ReadableTable, WriteTransaction};

use super::dismissals::{DismissReason, Dismissal};
use super::model::{PastRec, PickSet, StageSave, StoredResponse};
use crate::error::Result;
use crate::state::App;
use crate::store::{self, DISMISSED, PAST_RECS, PICKS, RESPONSES, USER_RESPONSES, codec};

pub fn insert_response(
    app: &App,
    user_id: u64,
    category_id: u64,
    answers: Vec<(u64, Vec<String>)>,
) -> Result<u64> {
    let txn = app.store.write()?;
    let id = store::next_id(&txn, "responses")?;
    let response = StoredResponse {
        id,
        user_id,
        category_id,
        answers,
        at: crate::state::now_secs(),
    };
    txn.open_table(RESPONSES)?
        .insert(id, codec::encode(&response).as_slice())?;
    txn.open_table(USER_RESPONSES)?
        .insert((user_id, category_id), id)?;
    txn.commit()?;
    Ok(id)
}

pub fn load_response(app: &App, id: u64) -> Result<Option<StoredResponse>> {
    let txn = app.store.read()?;
    let Some(table) = store::open_read(&txn, RESPONSES)? else {
        return Ok(None);
    };
    Ok(table
        .get(id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?)
}

/// The id of the user's latest questionnaire response in a category, if any.
pub fn latest_response_id(app: &App, user_id: u64, category_id: u64) -> Result<Option<u64>> {
    let txn = app.store.read()?;
    let Some(table) = store::open_read(&txn, USER_RESPONSES)? else {
        return Ok(None);
    };
    Ok(table.get((user_id, category_id))?.map(|v| v.value()))
}

/// Categories in which the user has submitted a questionnaire.
pub fn responded_categories(app: &App, user_id: u64) -> Result<HashSet<u64>> {
    let txn = app.store.read()?;
    let Some(table) = store::open_read(&txn, USER_RESPONSES)? else {
        return Ok(HashSet::new());
    };
    let mut out = HashSet::new();
    for entry in table.range((user_id, 0)..=(user_id, u64::MAX))? {
        out.insert(entry?.0.value().1);
    }
    Ok(out)
}

/// The ids of the vendors the user dismissed.
pub fn dismissed(app: &App, user_id: u64) -> Result<HashSet<u64>> {
    Ok(dismissals(app, user_id)?
        .into_iter()
        .map(|(id, _)| id)
        .collect())
}

/// The user's dismissals (vendor id, when and why), in vendor id order.
pub fn dismissals(app: &App, user_id: u64) -> Result<Vec<(u64, Dismissal)>> {
    Ok(store::user_rows(&app.store.read()?, DISMISSED, user_id)?)
}

/// Undoes a dismissal, so the vendor can be ranked again. False when the user had not dismissed
/// it (nothing is written then).
pub fn undo_dismissal(app: &App, user_id: u64, vendor_id: u64) -> Result<bool> {
    let txn = app.store.write()?;
    let removed = txn
        .open_table(DISMISSED)?
        .remove((user_id, vendor_id))?
        .is_some();
    if removed {
        txn.commit()?;
    }
    Ok(removed)
}

/// The user's saved picks per category, in category id order.
pub fn pick_sets(app: &App, user_id: u64) -> Result<Vec<(u64, PickSet)>> {
    Ok(store::user_rows(&app.store.read()?, PICKS, user_id)?)
}

/// Saves picks for several categories at once and records each pick in the history.
pub fn save_picks(app: &App, user_id: u64, stages: &[StageSave]) -> Result<()> {
    let txn = app.store.write()?;
    {
        let mut picks = txn.open_table(PICKS)?;
        let mut past = txn.open_table(PAST_RECS)?;
        for StageSave {
            category_id,
            set,
            history,
        } in stages
        {
            picks.insert((user_id, *category_id), codec::encode(set).as_slice())?;
            for (rank, (vendor_id, strengths)) in history.iter().enumerate() {
                let rec = PastRec {
                    at: set.at,
                    rank: rank as u32,
                    strengths: strengths.clone(),
                };
                past.insert(
                    (user_id, *category_id, *vendor_id),
                    codec::encode(&rec).as_slice(),
                )?;
            }
        }
    }
    txn.commit()?;
    Ok(())
}

/// Empties every stage's picks ("Clear picks"); the history stays.
pub fn clear_picks(app: &App, user_id: u64) -> Result<()> {
    let txn = app.store.write()?;
    {
        let mut picks = txn.open_table(PICKS)?;
        let keys: Vec<(u64, u64)> = picks
            .range((user_id, 0)..=(user_id, u64::MAX))?
            .map(|e| e.map(|(k, _)| k.value()))
            .collect::<std::result::Result<_, _>>()?;
        for key in keys {
            picks.remove(key)?;
        }
    }
    txn.commit()?;
    Ok(())
}

/// Removes a vendor from the user's picks and remembers the dismissal with its reason. False when
/// the vendor was not one of the picks (nothing is written then).
pub fn dismiss(app: &App, user_id: u64, vendor_id: u64, reason: DismissReason) -> Result<bool> {
    let txn: WriteTransaction = app.store.write()?;
    let mut found = false;
    {
        let mut picks = txn.open_table(PICKS)?;
        let mut changed: Vec<((u64, u64), PickSet)> = Vec::new();
        for entry in picks.range((user_id, 0)..=(user_id, u64::MAX))? {
            let (k, v) = entry?;
            let mut set: PickSet = codec::decode(v.value())?;
            let before = set.picks.len();
            set.picks.retain(|p| p.vendor_id != vendor_id);
            if set.picks.len() != before {
                changed.push((k.value(), set));
            }
        }
        for (key, set) in changed {
            found = true;
            picks.insert(key, codec::encode(&set).as_slice())?;
        }
    }
    if !found {
        return Ok(false);
    }
    let dismissal = Dismissal {
        at: crate::state::now_secs(),
        reason,
    };
    txn.open_table(DISMISSED)?
        .insert((user_id, vendor_id), codec::encode(&dismissal).as_slice())?;
    txn.commit()?;
    Ok(true)
}

/// The user's past recommendations, newest first (then by category and vendor for equal times).
pub fn past(app: &App, user_id: u64) -> Result<Vec<(u64, u64, PastRec)>> {
    let txn = app.store.read()?;
    let Some(table) = store::open_read(&txn, PAST_RECS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.range((user_id, 0, 0)..=(user_id, u64::MAX, u64::MAX))? {
        let (k, v) = entry?;
        let (_, category_id, vendor_id) = k.value();
        out.push((category_id, vendor_id, codec::decode::<PastRec>(v.value())?));
    }
    out.sort_by(|a, b| {
        b.2.at
            .cmp(&a.2.at)
            .then(a.0.cmp(&b.0))
            .then(a.2.rank.cmp(&b.2.rank))
    });
    Ok(out)
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
