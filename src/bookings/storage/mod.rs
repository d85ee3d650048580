//! Every table access of demo bookings, in either backend: the rows, their identities, the
//! booking generation and the id sequence; and the indexes built from them at start, after a
//! write, and when another node's write reaches this one (`catch_up`); and the key the booking
//! identities are made with (`key.rs`: a file of the data directory, or a setting in hub mode).
//!
//! A write to the bookings (an import, the removal of the sample set) is one `BookingsTxn`: begun
//! in turn with every other writer, it reads the generation, the next id and the stored
//! identities, writes rows, and ends with `finish` (commit) or is dropped (nothing written).

mod copy_text;
mod export;
mod file;
mod key;
mod postgres;

pub use export::export;
pub use key::booking_key;

use super::index::{Columns, ColumnsBuilder};
use super::{BookingSets, snapshot};
use crate::error::Result;
use crate::state::App;
use crate::store::{IDENTITY_LEN, Store};

/// The current booking generation.
pub fn generation(store: &Store) -> Result<u64> {
    match store {
        Store::File(db) => file::generation(db),
        Store::Postgres(db) => postgres::generation(db),
    }
}

/// How many bookings and booking identities are stored (each booking has exactly one identity).
pub fn stored_counts(store: &Store) -> Result<(u64, u64)> {
    match store {
        Store::File(db) => file::stored_counts(db),
        Store::Postgres(db) => postgres::stored_counts(db),
    }
}

/// Whether a first-launch marker (`sample::SAMPLE_MARKER`) was written.
pub fn is_marked(store: &Store, marker: &str) -> Result<bool> {
    match store {
        Store::File(db) => file::is_marked(db, marker),
        Store::Postgres(db) => postgres::is_marked(db, marker),
    }
}

/// Reads every booking into sorted columns, with the generation they belong to.
pub fn read_columns(store: &Store) -> Result<(u64, Columns)> {
    match store {
        Store::File(db) => file::read_columns(db),
        Store::Postgres(db) => postgres::read_columns(db),
    }
}

/// The indexes at start: from the snapshot when it is intact and of the current generation, else
/// rebuilt from the database (and the snapshot rewritten).
pub fn load(store: &Store, data_dir: &std::path::Path) -> Result<BookingSets> {
    let current = generation(store)?;
    match snapshot::read(data_dir, current) {
        Ok(sets) => return Ok(sets),
        Err(reason) => tracing::info!(%reason, "rebuilding the bookings index from the database"),
    }
    let (generation, cols) = read_columns(store)?;
    let sets = BookingSets::from_columns(cols, generation);
    if let Err(e) = snapshot::write(data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
    Ok(sets)
}

/// Rebuilds the indexes from the database, swaps them in and rewrites the snapshot.
pub fn refresh(app: &App) -> Result<()> {
    let (generation, cols) = read_columns(&app.store)?;
    install(app, generation, cols);
    Ok(())
}

/// Brings this node's indexes up to the database's booking generation after another node's import
/// or removal committed (the change listener calls it). Nothing when the index is current; when
/// every change since the index's generation only added rows, the index is extended with the rows
/// above its largest id; otherwise it is rebuilt. Takes its turn with this node's writers, so an
/// index never goes back to an older generation.
pub fn catch_up(app: &App) -> Result<()> {
    let _one_at_a_time = super::one_writer();
    let current = app.bookings.load_full();
    let (generation, rebuilt_at) = match &app.store {
        Store::File(db) => {
            let generation = file::generation(db)?;
            (generation, generation)
        }
        Store::Postgres(db) => postgres::generation_and_rebuilt_at(db)?,
    };
    if current.generation == generation {
        return Ok(());
    }
    let Store::Postgres(db) = &app.store else {
        return refresh(app);
    };
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
    match postgres::append_rows_above(db, since, largest, &mut builder)? {
        // A rebuild committed between the two reads: start over from the database.
        Appended::Rebuilt => refresh(app),
        Appended::Current(generation) => {
            install(app, generation, builder.finish());
            Ok(())
        }
    }
}

/// What reading the rows above an id found.
pub(super) enum Appended {
    /// The rows were appended; the generation they are of.
    Current(u64),
    /// Existing rows changed meanwhile: only a rebuild is right.
    Rebuilt,
}

/// Swaps in the indexes of `cols` (every row), then writes their snapshot.
pub fn install(app: &App, generation: u64, mut cols: Columns) {
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
    let sets = std::sync::Arc::new(BookingSets::from_columns(cols, generation));
    // Answers first, the snapshot (only a quicker start) after: writers take turns, so no older
    // snapshot is written after a newer one.
    app.bookings.store(sets.clone());
    if let Err(e) = snapshot::write(&app.config.data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
}

/// How a write to the bookings ends.
#[derive(Debug, Default, Clone, Copy)]
pub struct Finish {
    /// The new booking generation, when rows changed.
    pub generation: Option<u64>,
    /// Whether existing rows changed or were removed (not only new rows added): another node must
    /// rebuild its index rather than extend it.
    pub rebuilt: bool,
    /// The largest id given to a new booking.
    pub last_id: Option<u64>,
    /// A first-launch marker to set in the same transaction.
    pub marker: Option<&'static str>,
}

/// One write to the bookings (an import, a removal), all of it or nothing. In PostgreSQL it holds
/// the bookings' advisory lock until it ends, so writers on every node take turns.
pub enum BookingsTxn<'s> {
    // Boxed: a redb write transaction is ten times the size of the PostgreSQL one.
    File(Box<file::Txn>),
    Postgres(postgres::Txn<'s>),
}

impl<'s> BookingsTxn<'s> {
    /// Begins the write; call it holding `one_writer()`, which orders this node's writers.
    pub fn begin(store: &'s Store) -> Result<BookingsTxn<'s>> {
        Ok(match store {
            Store::File(db) => BookingsTxn::File(Box::new(file::Txn::begin(db)?)),
            Store::Postgres(db) => BookingsTxn::Postgres(postgres::Txn::begin(db)?),
        })
    }

    /// The booking generation this write starts from.
    pub fn generation(&self) -> Result<u64> {
        match self {
            BookingsTxn::File(t) => t.generation(),
            BookingsTxn::Postgres(t) => Ok(t.generation()),
        }
    }

    /// The id the next new booking gets.
    pub fn next_id(&self) -> Result<u64> {
        match self {
            BookingsTxn::File(t) => t.next_id(),
            BookingsTxn::Postgres(t) => Ok(t.next_id()),
        }
    }

    /// Calls `f` with every stored identity and its booking id.
    pub fn for_each_identity(&mut self, f: impl FnMut([u8; IDENTITY_LEN], u64)) -> Result<()> {
        match self {
            BookingsTxn::File(t) => t.for_each_identity(f),
            BookingsTxn::Postgres(t) => t.for_each_identity(f),
        }
    }

    /// The writer of this transaction's booking rows.
    pub fn rows(&mut self) -> Result<RowWriter<'_, 's>> {
        Ok(match self {
            BookingsTxn::File(t) => RowWriter::File(t.rows()?),
            BookingsTxn::Postgres(t) => RowWriter::Postgres(t.rows()),
        })
    }

    /// Stores the identities of new bookings numbered from `first` on.
    pub fn append_identities(
        &mut self,
        first: u64,
        identities: &[[u8; IDENTITY_LEN]],
    ) -> Result<()> {
        match self {
            BookingsTxn::File(t) => t.append_identities(first, identities),
            BookingsTxn::Postgres(t) => t.append_identities(first, identities),
        }
    }

    /// The ids of every stored sample booking.
    pub fn sample_ids(&mut self) -> Result<Vec<u64>> {
        match self {
            BookingsTxn::File(t) => t.sample_ids(),
            BookingsTxn::Postgres(t) => t.sample_ids(),
        }
    }

    /// Removes the bookings of `ids` (sorted) with their identities.
    pub fn remove(&mut self, ids: &[u64]) -> Result<()> {
        match self {
            BookingsTxn::File(t) => t.remove(ids),
            BookingsTxn::Postgres(t) => t.remove(ids),
        }
    }

    /// Commits, with the new generation, id sequence and marker. In PostgreSQL a new generation is
    /// recorded in the change log in the same transaction, for the other nodes.
    pub fn finish(self, finish: Finish) -> Result<()> {
        match self {
            BookingsTxn::File(t) => (*t).finish(finish),
            BookingsTxn::Postgres(t) => t.finish(finish),
        }
    }
}

/// Writes booking rows inside a `BookingsTxn`.
pub enum RowWriter<'t, 's> {
    File(file::RowWriter<'t>),
    Postgres(postgres::RowWriter<'t, 's>),
}

/// What storing a re-imported row did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replaced {
    Changed,
    /// Equal to the stored row: nothing written.
    Same,
    /// Known only when the writer finishes (PostgreSQL compares the rows in one statement).
    Later,
}

impl RowWriter<'_, '_> {
    /// Whether `insert` and `replace` read the booking's fields (else only its encoded form).
    pub fn takes_fields(&self) -> bool {
        matches!(self, RowWriter::Postgres(_))
    }

    /// Stores a new booking; `encoded` is `booking` as the redb file stores it.
    pub fn insert(&mut self, id: u64, encoded: &[u8], booking: &super::Booking) -> Result<()> {
        match self {
            RowWriter::File(w) => w.insert(id, encoded),
            RowWriter::Postgres(w) => w.insert(id, booking),
        }
    }

    /// Stores a re-imported booking under `id` unless it equals the stored one.
    pub fn replace(
        &mut self,
        id: u64,
        encoded: &[u8],
        booking: &super::Booking,
    ) -> Result<Replaced> {
        match self {
            RowWriter::File(w) => Ok(match w.replace(id, encoded)? {
                true => Replaced::Changed,
                false => Replaced::Same,
            }),
            RowWriter::Postgres(w) => {
                w.replace(id, booking)?;
                Ok(Replaced::Later)
            }
        }
    }

    /// Writes what is still buffered; returns how many of the `Later` rows changed.
    pub fn finish(self) -> Result<u64> {
        match self {
            RowWriter::File(_) => Ok(0),
            RowWriter::Postgres(w) => w.finish(),
        }
    }
}

#[cfg(test)]
mod tests;
