//! Removing the generated sample set once an install has real bookings (the admin route and
//! `litstack sample remove`).
//!
//! The removal is one redb write transaction: the sample rows, their identities and a new booking
//! generation commit together or not at all. It takes its turn with imports (`one_writer`), then
//! swaps in the indexes and rewrites the snapshot as an import does. The first-launch marker
//! (`SAMPLE_MARKER`) is left in place, so a later start never seeds the set again.

use redb::ReadableTable;

use super::import::meta_in;
use super::model::Booking;
use crate::state::App;
use crate::store::{self, BOOKING_IDENTITIES, BOOKINGS, IDENTITY_LEN, codec};

/// Removes every sample booking; returns how many were removed (0 when there were none, and then
/// nothing is written).
pub fn remove(app: &App) -> anyhow::Result<u64> {
    let _one_at_a_time = super::one_writer();
    let current = app.bookings.load_full();
    let txn = app.store.write()?;
    let generation = meta_in(&txn, super::GENERATION)?.unwrap_or(0);
    // The index is exact when it is of this generation (writers take turns); else ask redb.
    let fresh = current.generation == generation;
    let mut ids = if fresh {
        current.sample.cols.ids.clone()
    } else {
        sample_ids(&txn)?
    };
    if ids.is_empty() {
        return Ok(0); // dropping the transaction writes nothing
    }
    ids.sort_unstable();
    {
        let mut bookings = txn.open_table(BOOKINGS)?;
        for &id in &ids {
            bookings.remove(id)?;
        }
    }
    remove_identities(&txn, &ids)?;
    let generation = generation + 1;
    store::meta_set(&txn, super::GENERATION, generation)?;
    txn.commit()?;
    if fresh {
        super::install(app, generation, current.real.cols.clone());
    } else {
        super::refresh(app)?;
    }
    Ok(ids.len() as u64)
}

fn sample_ids(txn: &redb::WriteTransaction) -> anyhow::Result<Vec<u64>> {
    let table = txn.open_table(BOOKINGS)?;
    let mut ids = Vec::new();
    for entry in table.iter()? {
        let (id, value) = entry?;
        let booking: Booking = codec::decode(value.value())?;
        if booking.sample {
            ids.push(id.value());
        }
    }
    Ok(ids)
}

/// Drops the identities of `ids` (sorted) from their runs. A run keeps its other identities as
/// runs of consecutive ids, since a run is keyed by its first id and holds no gaps.
fn remove_identities(txn: &redb::WriteTransaction, ids: &[u64]) -> anyhow::Result<()> {
    let mut runs = txn.open_table(BOOKING_IDENTITIES)?;
    let mut touched: Vec<(u64, Vec<u8>)> = Vec::new();
    for entry in runs.iter()? {
        let (first, run) = entry?;
        let (first, run) = (first.value(), run.value());
        let end = first + (run.len() / IDENTITY_LEN) as u64;
        let lo = ids.partition_point(|&id| id < first);
        if lo < ids.len() && ids[lo] < end {
            touched.push((first, run.to_vec()));
        }
    }
    for (first, run) in touched {
        runs.remove(first)?;
        let n = run.len() / IDENTITY_LEN;
        let mut kept_from: Option<usize> = None;
        for i in 0..=n {
            let keep = i < n && ids.binary_search(&(first + i as u64)).is_err();
            match (keep, kept_from) {
                (true, None) => kept_from = Some(i),
                (false, Some(from)) => {
                    let bytes = &run[from * IDENTITY_LEN..i * IDENTITY_LEN];
                    runs.insert(first + from as u64, bytes)?;
                    kept_from = None;
                }
                _ => {}
            }
        }
    }
    Ok(())
}
