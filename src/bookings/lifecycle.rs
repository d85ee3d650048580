//! The life of the bookings index (`SharedBookings`): loaded at start from the snapshot or the
//! database, extended or rebuilt after a write to the bookings and swapped in whole, with its
//! snapshot rewritten, and in hub mode brought up to another node's write (`catch_up`). Everything
//! outside `bookings/` that needs the index current calls one function here.

use super::index::{Columns, ColumnsBuilder};
use super::storage::{self, Appended};
use super::{BookingSets, snapshot};
use crate::bookings::BookingsState;
use crate::error::Result;
use crate::store::Store;

/// The indexes at start: from the snapshot when it is intact and of the current generation, else
/// rebuilt from the database (and the snapshot rewritten).
pub fn load(store: &Store, data_dir: &std::path::Path) -> Result<BookingSets> {
    let current = storage::generation(store)?;
    match snapshot::read(data_dir, current) {
        Ok(sets) => return Ok(sets),
        Err(reason) => tracing::info!(%reason, "rebuilding the bookings index from the database"),
    }
    let (generation, cols) = storage::read_columns(store)?;
    let sets = BookingSets::from_columns(cols, generation);
    if let Err(e) = snapshot::write(data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
    Ok(sets)
}

/// Rebuilds the indexes from the database, swaps them in and rewrites the snapshot.
pub fn refresh(app: &BookingsState) -> Result<()> {
    let (generation, cols) = storage::read_columns(&app.store)?;
    install(app, generation, cols);
    Ok(())
}

/// The rows a write to the bookings that starts from `generation` extends: a copy of the current
/// index's rows when the index is of that generation (it is exact then: writers take turns,
/// `one_writer`), else `None`, and the write ends with a rebuild (`written`).
pub fn extension(app: &BookingsState, generation: u64) -> Option<ColumnsBuilder> {
    let current = app.bookings.load();
    (current.generation == generation).then(|| ColumnsBuilder::extend(current.all_columns()))
}

/// After a write to the bookings committed `generation`: swaps in `rows` (every row, as the write
/// left them) when the write could tell them, else rebuilds the indexes from the database.
pub fn written(app: &BookingsState, generation: u64, rows: Option<Columns>) -> Result<()> {
    match rows {
        Some(cols) => {
            install(app, generation, cols);
            Ok(())
        }
        None => refresh(app),
    }
}

/// Brings this node's indexes up to the database's booking generation after another node's import
/// or removal committed (the change listener calls it). Nothing when the index is current; when
/// every change since the index's generation only added rows, the index is extended with the rows
/// above its largest id; otherwise it is rebuilt (always, on the redb file: no other node writes
/// it). Takes its turn with this node's writers, so an index never goes back to an older
/// generation.
pub fn catch_up(app: &BookingsState) -> Result<()> {
    let _one_at_a_time = super::one_writer();
    let current = app.bookings.load_full();
    let (generation, rebuilt_at) = storage::generation_and_rebuilt_at(&app.store)?;
    if current.generation == generation {
        return Ok(());
    }
    if rebuilt_at > current.generation || generation < current.generation {
        drop(current);
        return refresh(app);
    }
    let largest = current
        .real
        .cols
        .ids
        .iter()
        .chain(current.sample.cols.ids.iter())
        .max()
        .unwrap_or(0);
    let since = current.generation;
    let mut builder = ColumnsBuilder::extend(current.all_columns());
    drop(current);
    match storage::append_rows_above(&app.store, since, largest, &mut builder)? {
        // A rebuild committed between the two reads: start over from the database.
        Appended::Rebuilt => refresh(app),
        Appended::Current(generation) => {
            install(app, generation, builder.finish());
            Ok(())
        }
    }
}

/// Swaps in the indexes of `cols` (every row), then writes their snapshot.
pub fn install(app: &BookingsState, generation: u64, mut cols: Columns) {
    // Columns grown row by row hold up to twice their rows: give that back before the snapshot
    // copies them (at 10M rows, 230 MB).
    cols.shrink_to_fit();
    let sets = std::sync::Arc::new(BookingSets::from_columns(cols, generation));
    // Answers first, the snapshot (only a quicker start) after: writers take turns, so no older
    // snapshot is written after a newer one.
    app.bookings.store(sets.clone());
    if let Err(e) = snapshot::write(&app.config.data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
}
