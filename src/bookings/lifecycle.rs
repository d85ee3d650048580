//! The life of the bookings index (`SharedBookings`): loaded at start from the snapshot or the
//! database, extended or rebuilt after a write to the bookings and swapped in whole, with its
//! snapshot rewritten, and in hub mode brought up to another node's write (`catch_up`). Everything
//! outside `bookings/` that needs the index current calls one function here.

use std::sync::Arc;

use super::index::{Columns, ColumnsBuilder};
use super::storage::{self, Appended};
use super::{BookingSets, snapshot};
use crate::bookings::BookingsState;
use crate::error::Result;
use crate::store::Store;

/// The indexes at start: from the snapshot when it is intact and of the current generation; else,
/// in hub mode, from the snapshot stored in the database (and the file written from it); else
/// rebuilt from the database's rows (and the snapshot rewritten, and stored in hub mode).
pub fn load(store: &Arc<Store>, data_dir: &std::path::Path) -> Result<Arc<BookingSets>> {
    let current = storage::generation(store)?;
    let reason = match snapshot::read(data_dir, current) {
        Ok(sets) => return Ok(Arc::new(sets)),
        Err(reason) => reason,
    };
    match stored_snapshot(store, current) {
        Ok(Some(sets)) => {
            tracing::info!(
                %reason,
                generation = current,
                "the bookings index was read from the database's snapshot"
            );
            let sets = Arc::new(sets);
            write_in_turn(data_dir, &sets);
            return Ok(sets);
        }
        Ok(None) => tracing::info!(%reason, "rebuilding the bookings index from the database"),
        Err(stored) => tracing::info!(
            %reason,
            %stored,
            "rebuilding the bookings index from the database's rows"
        ),
    }
    let (generation, cols) = storage::read_columns(store)?;
    let sets = Arc::new(BookingSets::from_columns(cols, generation));
    // Rebuilt from the rows: this replaces a stored snapshot that was refused.
    storage::store_snapshot(store, &sets, true);
    if let Err(e) = snapshot::write(data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
    Ok(sets)
}

/// Writes the snapshot file of `sets` on a thread of its own, so that the start does not wait for
/// it (at 1M bookings, 68 MB written and synced: a quarter of a start from the database's
/// snapshot). The thread takes this node's writers' turn (`one_writer`) before this returns: an
/// install that follows waits for the file, so an older snapshot never lands after a newer one.
/// Never call it holding `one_writer`.
fn write_in_turn(data_dir: &std::path::Path, sets: &Arc<BookingSets>) {
    let (dir, for_thread) = (data_dir.to_path_buf(), sets.clone());
    let (turn_taken, taken) = std::sync::mpsc::sync_channel(1);
    let spawned = std::thread::Builder::new()
        .name("bookings-snapshot-file".into())
        .spawn(move || {
            let _one_at_a_time = super::one_writer();
            let _ = turn_taken.send(());
            if let Err(e) = snapshot::write(&dir, &for_thread) {
                tracing::warn!(error = %e, "the bookings snapshot could not be written");
            }
        });
    match spawned {
        Ok(_) => {
            let _ = taken.recv();
        }
        Err(_) => {
            if let Err(e) = snapshot::write(data_dir, sets) {
                tracing::warn!(error = %e, "the bookings snapshot could not be written");
            }
        }
    }
}

/// The indexes of the snapshot the database stores for `generation` (hub mode), or why not;
/// `Ok(None)` on the redb file.
fn stored_snapshot(
    store: &Store,
    generation: u64,
) -> std::result::Result<Option<BookingSets>, String> {
    let Some((header, payload)) = storage::stored_snapshot(store, generation)? else {
        return Ok(None);
    };
    snapshot::decode(&header, payload, generation).map(Some)
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
        .chain(&current.sample.cols.ids)
        .copied()
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

/// Swaps in the indexes of `cols` (every row), then writes their snapshot (and in hub mode stores
/// it in the database, in the background).
pub fn install(app: &BookingsState, generation: u64, mut cols: Columns) {
    // Columns grown row by row hold up to twice their rows: give that back before the snapshot
    // copies them (at 10M rows, 230 MB).
    cols.ids.shrink_to_fit();
    cols.times.shrink_to_fit();
    cols.category.shrink_to_fit();
    cols.state.shrink_to_fit();
    cols.dma.shrink_to_fit();
    cols.city_state.shrink_to_fit();
    cols.size.shrink_to_fit();
    cols.vendor.shrink_to_fit();
    cols.sample.shrink_to_fit();
    let sets = Arc::new(BookingSets::from_columns(cols, generation));
    // Answers first, the snapshot (only a quicker start) after: writers take turns, so no older
    // snapshot is written after a newer one.
    app.bookings.store(sets.clone());
    storage::store_snapshot(&app.store, &sets, false);
    if let Err(e) = snapshot::write(&app.config.data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
}
