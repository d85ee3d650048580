//! Demo bookings: the record of which firms booked demos with which vendors, where and when.
//! Rows live in redb (`BOOKINGS`); every query is answered from a `BookingIndex`, an immutable
//! columnar index. `App::bookings` holds two of them, the real rows and the generated sample rows
//! (`BookingSets`), replaced whole after an import or the removal of the sample set. At start the
//! rows are loaded from the snapshot file when that matches the database's booking generation, and
//! read from redb otherwise.

pub mod aggregates;
pub mod answers;
pub mod columns;
pub mod filters;
pub mod generate;
pub mod import;
pub mod index;
pub mod model;
pub mod query;
pub mod reference;
mod routes;
pub mod sample;
pub mod sets;
pub mod snapshot;

use std::collections::HashMap;

use redb::{ReadableDatabase, ReadableTable};

pub use index::{BookingIndex, Columns, ColumnsBuilder};
pub use model::Booking;
pub use routes::BookingsApi;
pub use routes::router;
pub use sets::BookingSets;

use crate::firm_size::FirmSize;
use crate::state::App;
use crate::store::{self, BOOKINGS, Store, codec};

/// META key of the booking generation: incremented by every commit that changes bookings; the
/// snapshot carries the generation it was built from.
pub const GENERATION: &str = "bookings:generation";

/// The number of real (never sample) demo bookings per catalog vendor id, counting only rows whose
/// Client names a catalog vendor (case-insensitively; when two catalog vendors share a name the lower id gets
/// them), from firms whose size is in `sizes` (empty = every size), created on or after `since`.
pub fn vendor_demand(app: &App, sizes: &[FirmSize], since: chrono::NaiveDate) -> HashMap<u64, u32> {
    let sets = app.bookings.load();
    let idx = &sets.real;
    let counts = idx.vendor_counts(sizes, query::day_number(since));
    let catalog = app.catalog.load();
    let mut by_name: HashMap<String, u64> = HashMap::with_capacity(catalog.vendors.len());
    for v in &catalog.vendors {
        by_name.entry(v.name.to_lowercase()).or_insert(v.id);
    }
    let mut out = HashMap::new();
    for (i, &n) in counts.iter().enumerate() {
        if n > 0
            && let Some(&id) = by_name.get(&idx.vendors_lower[i])
        {
            *out.entry(id).or_insert(0) += n;
        }
    }
    out
}

/// How many stored bookings are real (imported), not part of the generated sample set. Sample rows
/// are never evidence: with no real bookings the recommendations leave demand out.
pub fn real_booking_count(app: &App) -> u64 {
    app.bookings.load().real.len() as u64
}

/// Serialises the writers of bookings (imports, the removal of the sample set), so that the index a
/// writer extends or trims is the one its transaction starts from.
pub(crate) fn one_writer() -> std::sync::MutexGuard<'static, ()> {
    static WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());
    WRITER.lock().unwrap_or_else(|e| e.into_inner())
}

/// The current booking generation.
pub fn generation(store: &Store) -> anyhow::Result<u64> {
    Ok(store::meta_get(&store.read()?, GENERATION)?.unwrap_or(0))
}

/// Reads every booking from redb into sorted columns, with the generation they belong to.
pub fn read_columns(store: &Store) -> anyhow::Result<(u64, Columns)> {
    let txn = store.database()?.begin_read()?;
    let generation = store::meta_get(&txn, GENERATION)?.unwrap_or(0);
    let table = txn.open_table(BOOKINGS)?;
    let mut builder = ColumnsBuilder::default();
    for entry in table.iter()? {
        let (id, value) = entry?;
        let booking: Booking = codec::decode(value.value())?;
        builder.push(id.value(), &booking);
    }
    Ok((generation, builder.finish()))
}

/// The indexes at start: from the snapshot when it is intact and of the current generation, else
/// rebuilt from redb (and the snapshot rewritten).
pub fn load(store: &Store, data_dir: &std::path::Path) -> anyhow::Result<BookingSets> {
    let current = generation(store)?;
    match snapshot::read(data_dir, current) {
        Ok(cols) => return Ok(BookingSets::from_columns(cols, current)),
        Err(reason) => tracing::info!(%reason, "rebuilding the bookings index from the database"),
    }
    let (generation, cols) = read_columns(store)?;
    if let Err(e) = snapshot::write(data_dir, generation, &cols) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
    Ok(BookingSets::from_columns(cols, generation))
}

/// Rebuilds the indexes from redb, swaps them in and rewrites the snapshot.
pub fn refresh(app: &App) -> anyhow::Result<()> {
    let (generation, cols) = read_columns(&app.store)?;
    install(app, generation, cols);
    Ok(())
}

/// Writes the snapshot of `cols` (every row) and swaps in their indexes.
pub fn install(app: &App, generation: u64, cols: Columns) {
    if let Err(e) = snapshot::write(&app.config.data_dir, generation, &cols) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
    app.bookings
        .store(std::sync::Arc::new(BookingSets::from_columns(
            cols, generation,
        )));
}

/// META marker of the first-launch sample set.
pub const SAMPLE_MARKER: &str = "seeded:sample-bookings";
/// Rows in the first-launch sample set.
pub const SAMPLE_ROWS: u64 = 50_000;

/// First launch only: loads a generated sample set (marked `sample`) so the dashboard is alive.
/// The marker is written in the import's transaction, so the set is loaded once or not at all, and
/// it stays when the set is removed (`sample::remove`), so a removed set never comes back.
pub fn seed_sample(app: &App) -> anyhow::Result<()> {
    if store::meta_get(&app.store.read()?, SAMPLE_MARKER)?.is_some() {
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
        expect: Some("bookings"),
    };
    let report = import::run(app, csv.as_slice(), options).map_err(|e| anyhow::anyhow!("{e}"))?;
    tracing::info!(rows = report.inserted, "sample demo bookings loaded");
    Ok(())
}
