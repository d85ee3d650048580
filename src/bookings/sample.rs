//! The generated sample set: loaded at first launch so the dashboard is alive, and removed once an
//! install has real bookings (the admin route and `litstack sample remove`).
//!
//! The removal is one write transaction (`storage::BookingsTxn`): the sample rows, their identities and a new booking
//! generation commit together or not at all. It takes its turn with imports (`one_writer`), then
//! swaps in the indexes and rewrites the snapshot as an import does. The first-launch marker
//! (`SAMPLE_MARKER`) is left in place, so a later start never seeds the set again.

use super::generate;
use super::storage::{self, BookingsTxn, Finish};
use crate::bookings::BookingsState;
use crate::import::{self, Kind};

/// META marker of the first-launch sample set.
pub const SAMPLE_MARKER: &str = "seeded:sample-bookings";
/// Rows in the first-launch sample set.
pub const SAMPLE_ROWS: u64 = 50_000;

/// First launch only: loads a generated sample set (marked `sample`) so the dashboard is alive.
/// The marker is written in the import's transaction, so the set is loaded once or not at all, and
/// it stays when the set is removed (`remove`), so a removed set never comes back.
pub fn seed_sample(app: &BookingsState) -> anyhow::Result<()> {
    if storage::is_marked(&app.store, SAMPLE_MARKER)? {
        return Ok(());
    }
    let mut csv = Vec::new();
    let catalog = generate::from_catalog(&app.catalog.load());
    generate::write_csv(
        &mut csv,
        SAMPLE_ROWS,
        42,
        chrono::Utc::now().date_naive(),
        &catalog,
    )?;
    let options = import::Options {
        sample: true,
        marker: Some(SAMPLE_MARKER),
        expect: Some(Kind::Bookings),
    };
    let report =
        import::run_bookings(app, csv.as_slice(), options).map_err(|e| anyhow::anyhow!("{e}"))?;
    tracing::info!(rows = report.inserted, "sample demo bookings loaded");
    Ok(())
}

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
        current.sample.cols.ids.clone()
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
