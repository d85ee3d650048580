//! The life of the bookings index (`SharedBookings`): loaded at start from the snapshot or the
//! database, extended or rebuilt after a write to the bookings and swapped in whole, with its
//! snapshot rewritten, and in hub mode brought up to another node's write (`catch_up`). Everything
//! outside `bookings/` that needs the index current calls one function here.

use std::sync::Arc;

use super::index::{Columns, ColumnsBuilder};
use super::storage::{self, Appended};
use super::{BookingSets, SharedBookings, snapshot};
use crate::bookings::BookingsState;
use crate::platform::error::Result;
use crate::platform::store::Store;

/// The indexes at start: from the snapshot when it is intact and of the current generation; else,
/// in hub mode, from the snapshot stored in the database, extended by the rows added since (and
/// the file written from it); else rebuilt from the database's rows (and the snapshot rewritten,
/// and stored in hub mode).
pub fn load(store: &Arc<Store>, data_dir: &std::path::Path) -> Result<Arc<BookingSets>> {
    let (current, rebuilt_at) = storage::generation_and_rebuilt_at(store)?;
    let reason = match snapshot::read(data_dir, current) {
        Ok(sets) => return Ok(Arc::new(sets)),
        Err(reason) => reason,
    };
    match stored_snapshot(store, rebuilt_at, current) {
        Ok(Some((stored, sets))) => {
            tracing::info!(
                %reason,
                stored,
                generation = sets.generation,
                "the bookings index was read from the database's snapshot"
            );
            let sets = Arc::new(sets);
            if sets.generation != stored {
                // Stored again if the rows added since it was are too many for the next start.
                storage::store_snapshot(store, &sets, false);
            }
            // The start does not wait for the file (at 1M bookings, 68 MB written and synced: a
            // quarter of a start from the database's snapshot).
            write_later(data_dir.to_path_buf(), sets.clone(), None);
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

/// The indexes of the snapshot the database stores (hub mode), when it is of generation
/// `rebuilt_at` or later, extended by the rows added since it was stored when it is older than
/// `current`: the stored generation and the indexes, or why not. `Ok(None)` on the redb file.
fn stored_snapshot(
    store: &Store,
    rebuilt_at: u64,
    current: u64,
) -> std::result::Result<Option<(u64, BookingSets)>, String> {
    let Some((stored, header, payload)) = storage::stored_snapshot(store, rebuilt_at)? else {
        return Ok(None);
    };
    let sets = snapshot::decode(&header, payload, stored)?;
    if stored >= current {
        return Ok(Some((stored, sets)));
    }
    let began = std::time::Instant::now();
    let mut builder = ColumnsBuilder::extend(sets.real.cols.without_rows());
    let read = storage::append_rows_above(store, stored, largest_id(&sets), &mut builder);
    match read {
        Ok(Appended::Current(generation)) if generation == stored => Ok(Some((stored, sets))),
        Ok(Appended::Current(generation)) => {
            let new = builder.finish();
            let rows = new.ids.len();
            let sets = with_rows(Arc::new(sets), new, generation);
            tracing::debug!(
                stored,
                generation,
                rows,
                elapsed_ms = began.elapsed().as_millis(),
                "the rows added since the database's snapshot were added to it"
            );
            Ok(Some((stored, sets)))
        }
        Ok(Appended::Rebuilt) => Err("stored rows changed since the database's snapshot".into()),
        Err(e) => Err(format!(
            "the rows added since the database's snapshot could not be read ({e})"
        )),
    }
}

/// The largest booking id of the indexes: another node's rows are read from the one after it.
fn largest_id(sets: &BookingSets) -> u64 {
    (sets.real.cols.ids.iter())
        .chain(sets.sample.cols.ids.iter())
        .max()
        .unwrap_or(0)
}

/// Rebuilds the indexes from the database, swaps them in and rewrites the snapshot.
pub fn refresh(app: &BookingsState) -> Result<()> {
    let (generation, cols) = storage::read_columns(&app.store)?;
    install(app, generation, cols);
    Ok(())
}

/// Where a write to the bookings that starts from `generation` collects the rows it adds: a
/// builder with the current index's dictionaries and no row, when the index is of that generation
/// (it is exact then: writers take turns, `one_writer`), else `None`, and the write ends with a
/// rebuild. The write hands the builder's rows to `appended`.
pub fn extension(app: &BookingsState, generation: u64) -> Option<ColumnsBuilder> {
    let current = app.bookings.load();
    (current.generation == generation)
        .then(|| ColumnsBuilder::extend(current.real.cols.without_rows()))
}

/// After a write that started from the index of generation `base` committed `generation` by
/// adding rows: adds `new` (the rows of its `extension`) to the current indexes without counting
/// the rows they hold again — appended when every new row comes after them (a daily export), as a
/// run of their own otherwise (a re-sent export, an office's late rows; `compact` sorts the runs
/// together later): the answer does not wait for a rebuild of millions of rows. Without `new`
/// (the write updated rows) or on another base, rebuilds from the database.
pub fn appended(
    app: &BookingsState,
    base: u64,
    generation: u64,
    new: Option<Columns>,
) -> Result<()> {
    prepare_append(app, base, generation, new).install(app)
}

/// The indexes an append will swap in, built before they are installed: an import builds them
/// beside its commit (a sync of the whole file), and installs them once the commit is done.
pub enum Prepared {
    /// The indexes extended by the new rows, from the index of generation `base`.
    Sets { base: u64, sets: Arc<BookingSets> },
    /// A rebuild from the database is due instead (the write updated rows, or the index moved).
    Refresh,
}

/// What `appended` swaps in, without swapping it; `Prepared::install` does.
pub fn prepare_append(
    app: &BookingsState,
    base: u64,
    generation: u64,
    new: Option<Columns>,
) -> Prepared {
    let current = app.bookings.load_full();
    let Some(new) = new.filter(|_| current.generation == base) else {
        return Prepared::Refresh;
    };
    Prepared::Sets {
        base,
        sets: Arc::new(with_rows(current, new, generation)),
    }
}

/// The indexes `current` with the rows `new` added, of `generation`.
fn with_rows(current: Arc<BookingSets>, new: Columns, generation: u64) -> BookingSets {
    // Many new rows against the index's (a first import) are quicker built whole: on two threads,
    // over arrays of each value's local key, where the extension goes row by row.
    let few = new.ids.len() <= current.len() / 4;
    if let Some(sets) = few.then(|| current.extended(&new, generation)).flatten() {
        return sets;
    }
    // Into an empty index the new rows are every row: taken as they are. Otherwise they are copied
    // behind the current rows, and their own columns freed before the index is built (at 10M
    // rows, 170 MB held beside its row lists and sums).
    let mut all = if current.is_empty() {
        new
    } else {
        let all = current.all_columns().appended(&new);
        drop(new);
        all
    };
    drop(current);
    all.shrink_to_fit();
    BookingSets::from_columns(all, generation)
}

impl Prepared {
    /// Swaps the prepared indexes in, unless the index left `base` meanwhile: then it is rebuilt.
    pub fn install(self, app: &BookingsState) -> Result<()> {
        match self {
            Prepared::Sets { base, sets } if app.bookings.load().generation == base => {
                install_sets(app, sets);
                Ok(())
            }
            _ => refresh(app),
        }
    }
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
    let largest = largest_id(&current);
    let since = current.generation;
    let mut builder = ColumnsBuilder::extend(current.real.cols.without_rows());
    drop(current);
    let began = std::time::Instant::now();
    match storage::append_rows_above(&app.store, since, largest, &mut builder)? {
        // A rebuild committed between the two reads: start over from the database.
        Appended::Rebuilt => refresh(app),
        Appended::Current(generation) => {
            let read_ms = began.elapsed().as_millis();
            let new = builder.finish();
            let rows = new.ids.len();
            appended(app, since, generation, Some(new))?;
            tracing::debug!(
                generation,
                rows,
                read_ms,
                elapsed_ms = began.elapsed().as_millis(),
                "caught up with another node's import"
            );
            Ok(())
        }
    }
}

/// Swaps in the indexes of `cols` (every row), then writes their snapshot (and in hub mode stores
/// it in the database, in the background).
pub fn install(app: &BookingsState, generation: u64, mut cols: Columns) {
    // Each column's tail keeps room for a whole block: give back what it does not use.
    cols.shrink_to_fit();
    install_sets(app, Arc::new(BookingSets::from_columns(cols, generation)));
}

/// The runs of rows (`BookingIndex::runs`) an index may hold before a compaction sorts them into
/// one again: each more run is two more binary searches for a query of a date range, and a merge
/// step for a listing of rows; a compaction merges the runs and builds the row lists again (at 10M
/// bookings, about a second and 350 MB while it runs), so imports of late rows share one.
pub const MOST_RUNS: usize = 8;

/// Sorts the rows of the current indexes into one run again and swaps the result in, when an
/// import left them in more than one (and more than `most` runs). The build (the runs merged, the
/// running sums kept) runs outside the writers' turn, so imports go on meanwhile; in the turn, the
/// rows they added are added to the sorted index as they were to the current one
/// (`install_compacted`). One compaction at a time in the process, as one writer: another waits
/// for it, then finds the runs it sorted. True when it swapped one in.
pub fn compact(app: &BookingsState, most: usize) -> bool {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // A compaction that panicked left nothing half-done: the index is swapped whole or not.
    let _one_compaction = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let current = app.bookings.load_full();
    if current.runs() <= most.max(1) {
        return false;
    }
    let began = std::time::Instant::now();
    let sorted = current.compacted();
    let built_ms = began.elapsed().as_millis();
    let done = install_compacted(app, current, sorted);
    if done {
        tracing::info!(
            built_ms,
            elapsed_ms = began.elapsed().as_millis(),
            "the bookings index's runs of rows were sorted into one"
        );
    }
    done
}

/// Swaps in `sorted` (the rows of `from` in one run), in the writers' turn: as it is when the
/// index is still `from`; with the rows imports added since (one run more) when they only added
/// rows; not at all when the index was rebuilt meanwhile (then its rows are in one run already,
/// or the next import that leaves too many starts another compaction). True when it swapped.
pub(crate) fn install_compacted(
    app: &BookingsState,
    from: Arc<BookingSets>,
    sorted: BookingSets,
) -> bool {
    let _one_at_a_time = super::one_writer();
    let latest = app.bookings.load_full();
    let sets = if Arc::ptr_eq(&from, &latest) {
        sorted
    } else {
        match sorted.with_rows_added(&from, &latest) {
            Some(sets) => sets,
            None => return false,
        }
    };
    // Held no longer than the swap, so the replaced index's pages can be given back.
    drop((from, latest));
    install_sets(app, Arc::new(sets));
    true
}

/// The snapshot writes after each swap, each on its own thread after the one before.
static SNAPSHOTS: std::sync::Mutex<Option<std::thread::JoinHandle<()>>> =
    std::sync::Mutex::new(None);

/// Swaps in `sets`, then writes their snapshot off the writer's answer (at 10M bookings a few
/// hundred MB, written and synced: longer than the rest of a daily import). The snapshot is only
/// a quicker start: one that is not written, or not yet, means a rebuild from the database at the
/// next start.
fn install_sets(app: &BookingsState, sets: Arc<BookingSets>) {
    let replaced = app.bookings.swap(sets.clone());
    if sets.runs() > MOST_RUNS {
        // After the writer's answer; it takes the writers' turn only to swap its result in.
        let app = app.clone();
        std::thread::spawn(move || compact(&app, MOST_RUNS));
    }
    // Giving back the replaced indexes' pages (at 10M bookings, a few hundred MB) need not hold up
    // the writer's answer.
    std::thread::spawn(move || {
        drop(replaced);
        give_back_free("the replaced bookings index was dropped");
    });
    // In hub mode a copy for nodes starting without their own (a task of its own, too).
    storage::store_snapshot(&app.store, &sets, false);
    write_later(
        app.config.storage.data_dir.clone(),
        sets,
        Some(app.bookings.clone()),
    );
}

/// Writes the snapshot file of `sets` on a thread of its own after the writes queued before it,
/// unless newer indexes took their place in `live` meanwhile (their own write follows): so an
/// older snapshot never lands after a newer one. Then `live` reads its real columns in the file
/// just written (`snapshot::reread_columns`), as a start does: an index extended by an import
/// shares the blocks it did not change with the index before it, so the snapshot that one was
/// read from, renamed over since, would hold its space on the disk until the server stops (at
/// 10M bookings some 200 MB a snapshot). `None` when the indexes are not live yet (a start).
fn write_later(dir: std::path::PathBuf, sets: Arc<BookingSets>, live: Option<SharedBookings>) {
    let mut pending = SNAPSHOTS.lock().unwrap_or_else(|e| e.into_inner());
    let before = pending.take();
    *pending = Some(std::thread::spawn(move || {
        if let Some(before) = before {
            let _ = before.join();
        }
        let replaced = |sets: &Arc<BookingSets>| {
            (live.as_ref()).is_some_and(|live| !Arc::ptr_eq(&live.load(), sets))
        };
        if replaced(&sets) {
            return;
        }
        if let Err(e) = snapshot::write(&dir, &sets) {
            tracing::warn!(error = %e, "the bookings snapshot could not be written");
        } else if let Some(live) = live.filter(|_| !sets.real.is_empty()) {
            read_in_the_written_snapshot(&dir, &live, sets);
        }
        // The write's buffers are freed by now (its archives are streamed, not held), and the
        // indexes replaced by a re-read too once their last reader let go.
        give_back_free("the bookings snapshot's write ended");
    }));
}

/// Swaps in `sets` reading their real columns in the snapshot just written of them, unless other
/// indexes took their place meanwhile. Lock-free: the values are the same either way, so a
/// writer that extends `sets` in the meantime loses nothing (its own write re-reads its index).
fn read_in_the_written_snapshot(
    dir: &std::path::Path,
    live: &SharedBookings,
    sets: Arc<BookingSets>,
) {
    let began = std::time::Instant::now();
    match snapshot::reread_columns(dir, &sets) {
        Ok(reread) => {
            let swapped = Arc::ptr_eq(&live.compare_and_swap(&sets, Arc::new(reread)), &sets);
            tracing::debug!(
                swapped,
                elapsed_ms = began.elapsed().as_millis(),
                "the bookings index reads its columns in the snapshot just written"
            );
        }
        Err(reason) => tracing::warn!(
            %reason,
            "the bookings index could not read its columns in the snapshot just written"
        ),
    }
}

/// Gives the allocator's free pages back to the system once `after` freed a large part of them:
/// otherwise glibc keeps them resident beneath the live index (at 10M bookings, 77-139 MB after
/// a day's import). It holds the allocator's locks for milliseconds: call it off a request's path
/// and off the async runtime's threads.
pub(super) fn give_back_free(after: &'static str) {
    let began = std::time::Instant::now();
    let given_back = crate::platform::memory::give_back_free();
    tracing::debug!(
        after,
        given_back,
        elapsed_ms = began.elapsed().as_millis(),
        "the allocator's free pages were given back"
    );
}

/// Waits for the snapshot writes started so far: before a command that changed the bookings
/// exits, so that the next start reads the snapshot.
pub fn finish_snapshots() {
    let pending = SNAPSHOTS.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(pending) = pending {
        let _ = pending.join();
    }
}
