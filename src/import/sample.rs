//! The first-launch sample set: a generated bookings file (`bookings::generate`) imported as
//! sample rows so the dashboard is alive. Its removal is the bookings' (`bookings::sample`).

use super::{Kind, Options, run_bookings};
use crate::bookings::storage::is_marked;
use crate::bookings::{BookingsState, SAMPLE_MARKER, SAMPLE_ROWS, generate};

/// First launch only: loads a generated sample set (marked `sample`) so the dashboard is alive.
/// The marker is written in the import's transaction, so the set is loaded once or not at all, and
/// it stays when the set is removed (`bookings::sample::remove`), so a removed set never comes back.
pub fn seed_sample(app: &BookingsState) -> anyhow::Result<()> {
    if is_marked(&app.store, SAMPLE_MARKER)? {
        return Ok(());
    }
    let mut csv = Vec::new();
    let catalog = generate::from_catalog(&app.catalog.load());
    // The sample ends now: its newest bookings are the hours before the first launch, none later.
    generate::write_csv_until(
        &mut csv,
        SAMPLE_ROWS,
        42,
        crate::platform::clock::now(),
        &catalog,
    )?;
    let options = Options {
        sample: true,
        marker: Some(SAMPLE_MARKER),
        expect: Some(Kind::Bookings),
        by: None,
        length: Some(csv.len() as u64),
    };
    let report = run_bookings(app, csv.as_slice(), options).map_err(|e| anyhow::anyhow!("{e}"))?;
    tracing::info!(rows = report.inserted, "sample demo bookings loaded");
    Ok(())
}
