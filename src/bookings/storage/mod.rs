//! Every table access of demo bookings, in either backend: the rows, their identities, the
//! booking generation and the id sequence, and the key the booking identities are made with
//! (`key.rs`: a file of the data directory, or a setting in hub mode). The index built from them
//! lives in `lifecycle.rs`.
//!
//! A write to the bookings (an import, the removal of the sample set) is one `BookingsTxn`: begun
//! in turn with every other writer, it reads the generation, the next id and the stored
//! identities, writes rows, and ends with `finish` (commit) or is dropped (nothing written).

mod copy_text;
mod export;
mod file;
mod key;
mod pg_snapshot;
pub use pg_snapshot::SNAPSHOT_LOCK;
mod postgres;
mod wanted;

pub use export::export;
pub use key::booking_key;
pub use wanted::WantedIdentities;

use std::sync::Arc;

use super::index::{Columns, ColumnsBuilder};
use crate::platform::error::Result;
use crate::platform::store::registry::{Export, Holder, INSTALL_OWN, Purge, Table};
use crate::platform::store::{BOOKING_BLOCKS, BOOKING_CHANGES, BOOKING_IDENTITIES};
use crate::platform::store::{IDENTITY_LEN, Store};

/// The current booking generation.
pub fn generation(store: &Store) -> Result<u64> {
    match store {
        Store::File(db) => file::generation(db),
        Store::Postgres(db) => postgres::generation(db),
    }
}

/// When the real (imported, never sample) bookings last changed, in Unix seconds: `None` while
/// none did since this was first kept (META on redb, `counters` in PostgreSQL).
pub fn real_changed_at(store: &Store) -> Result<Option<i64>> {
    match store {
        Store::File(db) => file::real_changed_at(db),
        Store::Postgres(db) => postgres::real_changed_at(db),
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

/// In hub mode, stores the snapshot of `sets` in the database for the nodes that start without
/// their own, in the background (`pg_snapshot::spawn_write`), replacing the other generations'
/// (and, with `replace`, one already stored for its generation) unless the stored one is recent
/// enough for a start to extend. Nothing on the redb file, where
/// the snapshot file is the only one.
pub fn store_snapshot(store: &Arc<Store>, sets: &Arc<super::BookingSets>, replace: bool) {
    match &**store {
        Store::File(_) => {}
        Store::Postgres(_) => pg_snapshot::spawn_write(store, sets.clone(), replace),
    }
}

/// The snapshot stored in the database (hub mode) when it is of generation `at_least` or later:
/// its generation, header and payload; otherwise why not. `Ok(None)` on the redb file, which
/// stores none.
pub fn stored_snapshot(
    store: &Store,
    at_least: u64,
) -> std::result::Result<
    Option<(u64, [u8; super::snapshot::HEADER], super::snapshot::Payload)>,
    String,
> {
    match store {
        Store::File(_) => Ok(None),
        Store::Postgres(db) => pg_snapshot::read(db, at_least).map(Some),
    }
}

/// The booking generation, and the generation of the last write that changed or removed existing
/// rows (one that only added rows leaves it): an index of a generation since then can be extended.
/// On the redb file, which no other node writes, both are the generation.
pub fn generation_and_rebuilt_at(store: &Store) -> Result<(u64, u64)> {
    match store {
        Store::File(db) => {
            let generation = file::generation(db)?;
            Ok((generation, generation))
        }
        Store::Postgres(db) => postgres::generation_and_rebuilt_at(db),
    }
}

/// Appends to `builder` the rows above id `largest` when every write since generation `since`
/// only added rows (hub mode); else, and on the redb file, `Appended::Rebuilt`.
pub fn append_rows_above(
    store: &Store,
    since: u64,
    largest: u64,
    builder: &mut ColumnsBuilder,
) -> Result<Appended> {
    match store {
        Store::File(_) => Ok(Appended::Rebuilt),
        Store::Postgres(db) => postgres::append_rows_above(db, since, largest, builder),
    }
}

/// What reading the rows above an id found.
pub enum Appended {
    /// The rows were appended; the generation they are of.
    Current(u64),
    /// Existing rows changed meanwhile: only a rebuild is right.
    Rebuilt,
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
    /// When real rows were added or changed: the time, kept in the same commit
    /// (`evidence::REAL_CHANGED_AT`), so picks made before it can say so.
    pub real_changed_at: Option<i64>,
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

    /// The stored identities among `wanted`, with their booking ids (a small import into many
    /// bookings: on redb the runs are read on two threads, in PostgreSQL looked up by its index).
    pub fn stored_among(
        &mut self,
        wanted: &WantedIdentities,
    ) -> Result<Vec<([u8; IDENTITY_LEN], u64)>> {
        match self {
            BookingsTxn::File(t) => t.stored_among(wanted),
            BookingsTxn::Postgres(t) => t.stored_among(wanted),
        }
    }

    /// The writer of this transaction's booking rows.
    pub fn rows(&mut self) -> Result<RowWriter<'_, 's>> {
        Ok(match self {
            BookingsTxn::File(t) => RowWriter::File(Box::new(t.rows()?)),
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
    // Boxed: two redb tables and a block's buffers are eight times the size of the PostgreSQL one.
    File(Box<file::RowWriter<'t>>),
    Postgres(postgres::RowWriter<'t, 's>),
}

impl RowWriter<'_, '_> {
    /// Stores a new booking. `interned` (its texts' ids in the index being built) spares the
    /// redb file's blocks a look-up of each text; give it for every row of a write or for none.
    pub fn insert(
        &mut self,
        id: u64,
        booking: &super::Booking,
        interned: Option<&super::Interned>,
    ) -> Result<()> {
        match self {
            RowWriter::File(w) => w.insert(id, booking, interned),
            RowWriter::Postgres(w) => w.insert(id, booking),
        }
    }

    /// Holds a re-imported booking to store under `id` unless it equals the stored one: both
    /// backends compare the held rows many at a time, and `finish` says how many changed.
    pub fn replace(&mut self, id: u64, booking: &super::Booking) -> Result<()> {
        match self {
            RowWriter::File(w) => w.replace(id, booking),
            RowWriter::Postgres(w) => w.replace(id, booking),
        }
    }

    /// Writes what is still held; returns how many of the re-imported rows changed.
    pub fn finish(self) -> Result<u64> {
        match self {
            RowWriter::File(w) => (*w).finish(),
            RowWriter::Postgres(w) => w.finish(),
        }
    }
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "bookings",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&BOOKING_BLOCKS, &BOOKING_CHANGES],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "booking_identities",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&BOOKING_IDENTITIES],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    // Hub mode's encoded index of the bookings, for nodes that start: the chunks, each
    // generation's list of them, and the rows it holds.
    Table {
        name: "bookings_snapshot_chunks",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "bookings_snapshot",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "bookings_snapshot_rows",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];

#[cfg(test)]
mod tests;
