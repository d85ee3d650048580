//! The generated sample set: loaded at first launch so the dashboard is alive (`import::seed_sample`
//! imports it), and removed once an install has real bookings (the admin route and
//! `litstack sample remove`).
//!
//! The removal is one write transaction (`storage::BookingsTxn`): the sample rows, their identities and a new booking
//! generation commit together or not at all. It takes its turn with imports (`one_writer`), then
//! swaps in the indexes and rewrites the snapshot as an import does. The first-launch marker
//! (`SAMPLE_MARKER`) is left in place, so a later start never seeds the set again.

use super::storage::{BookingsTxn, Finish};
use crate::bookings::BookingsState;

/// META marker of the first-launch sample set.
pub const SAMPLE_MARKER: &str = "seeded:sample-bookings";
/// Rows in the first-launch sample set.
pub const SAMPLE_ROWS: u64 = 50_000;

/// Removes every sample booking; returns how many were removed (0 when there were none, and then
/// nothing is written).
pub fn remove(app: &BookingsState) -> anyhow::Result<u64> {
    let _one_at_a_time = super::one_writer();
    let current = app.bookings.load_full();
    let mut txn = BookingsTxn::begin(&app.store)?;
    let generation = txn.generation()?;
    // The index is exact when it is of this generation (writers take turns); else ask the
    // database.
    let fresh = current.generation == generation;
    let mut ids = if fresh {
        current.sample.cols.ids.to_vec()
    } else {
        txn.sample_ids()?
    };
    if ids.is_empty() {
        return Ok(0); // dropping the transaction writes nothing
    }
    ids.sort_unstable();
    txn.remove(&ids)?;
    let generation = generation + 1;
    txn.finish(Finish {
        generation: Some(generation),
        rebuilt: true,
        ..Finish::default()
    })?;
    super::lifecycle::written(app, generation, fresh.then(|| current.real.cols.clone()))?;
    Ok(ids.len() as u64)
}
