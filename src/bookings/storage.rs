//! Every table access of demo bookings: the rows (`BOOKINGS`), their identities
//! (`BOOKING_IDENTITIES`, runs of consecutive ids) and the booking generation in META; and the
//! indexes built from them at start and after a write.

use redb::{ReadableDatabase, ReadableTable, WriteTransaction};

use super::index::{Columns, ColumnsBuilder};
use super::model::Booking;
use super::{BookingSets, GENERATION, snapshot};
use crate::state::App;
use crate::store::{self, BOOKING_IDENTITIES, BOOKINGS, IDENTITY_LEN, META, Store, codec};

/// Identities per value of `BOOKING_IDENTITIES` (1 MiB).
const IDENTITIES_PER_RUN: usize = 65_536;

/// A META value as seen inside a write transaction.
pub fn meta_in(txn: &WriteTransaction, key: &str) -> anyhow::Result<Option<u64>> {
    Ok(txn.open_table(META)?.get(key)?.map(|v| v.value()))
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

/// Rebuilds the indexes from redb, swaps them in and rewrites the snapshot.
pub fn refresh(app: &App) -> anyhow::Result<()> {
    let (generation, cols) = read_columns(&app.store)?;
    install(app, generation, cols);
    Ok(())
}

/// Writes the snapshot of `cols` (every row) and swaps in their indexes.
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
    let sets = BookingSets::from_columns(cols, generation);
    if let Err(e) = snapshot::write(&app.config.data_dir, &sets) {
        tracing::warn!(error = %e, "the bookings snapshot could not be written");
    }
    app.bookings.store(std::sync::Arc::new(sets));
}

/// Calls `f` with every stored identity and its booking id.
pub fn for_each_identity(
    txn: &WriteTransaction,
    mut f: impl FnMut([u8; IDENTITY_LEN], u64),
) -> anyhow::Result<()> {
    let table = txn.open_table(BOOKING_IDENTITIES)?;
    for entry in table.iter()? {
        let (first, run) = entry?;
        let first = first.value();
        for (i, identity) in run.value().chunks_exact(IDENTITY_LEN).enumerate() {
            if let Ok(identity) = identity.try_into() {
                f(identity, first + i as u64);
            }
        }
    }
    Ok(())
}

/// Stores the identities of new bookings numbered from `first` on.
pub fn append_identities(
    txn: &WriteTransaction,
    first: u64,
    identities: &[[u8; IDENTITY_LEN]],
) -> anyhow::Result<()> {
    let mut runs = txn.open_table(BOOKING_IDENTITIES)?;
    for (i, run) in identities.chunks(IDENTITIES_PER_RUN).enumerate() {
        runs.insert(first + (i * IDENTITIES_PER_RUN) as u64, run.as_flattened())?;
    }
    Ok(())
}

/// Writes booking rows inside one transaction.
pub struct RowWriter<'txn> {
    table: redb::Table<'txn, u64, &'static [u8]>,
}

impl<'txn> RowWriter<'txn> {
    pub fn open(txn: &'txn WriteTransaction) -> anyhow::Result<Self> {
        Ok(RowWriter {
            table: txn.open_table(BOOKINGS)?,
        })
    }

    /// Stores a new booking, already encoded.
    pub fn insert(&mut self, id: u64, value: &[u8]) -> anyhow::Result<()> {
        self.table.insert(id, value)?;
        Ok(())
    }

    /// Stores an encoded booking under `id` unless it equals the stored one; says whether it
    /// changed.
    pub fn replace(&mut self, id: u64, value: &[u8]) -> anyhow::Result<bool> {
        if self.table.get(id)?.is_some_and(|old| old.value() == value) {
            return Ok(false);
        }
        self.table.insert(id, value)?;
        Ok(true)
    }
}

/// The ids of every stored sample booking.
pub fn sample_ids(txn: &WriteTransaction) -> anyhow::Result<Vec<u64>> {
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

/// Removes the bookings of `ids` (sorted) with their identities.
pub fn remove(txn: &WriteTransaction, ids: &[u64]) -> anyhow::Result<()> {
    {
        let mut bookings = txn.open_table(BOOKINGS)?;
        for &id in ids {
            bookings.remove(id)?;
        }
    }
    remove_identities(txn, ids)
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
