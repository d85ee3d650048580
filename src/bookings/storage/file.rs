//! Demo bookings in the redb file: the rows (`BOOKINGS`), their identities (`BOOKING_IDENTITIES`,
//! runs of consecutive ids), the booking generation and the id sequence in META. One redb write
//! transaction is one import or removal; redb's single writer orders them.

use redb::{ReadTransaction, ReadableTable, ReadableTableMetadata, WriteTransaction};

use super::{Finish, WantedIdentities};
use crate::bookings::index::{Columns, ColumnsBuilder};
use crate::bookings::model::Booking;
use crate::bookings::{GENERATION, SAMPLE_MARKER};
use crate::platform::error::Result;
use crate::platform::store::{
    self, BOOKING_IDENTITIES, BOOKINGS, FileStore, IDENTITY_LEN, META, codec,
};

/// Identities per value of `BOOKING_IDENTITIES` (1 MiB).
const IDENTITIES_PER_RUN: usize = 65_536;
/// META key of the bookings id sequence.
const SEQUENCE: &str = "seq:bookings";

pub fn generation(store: &FileStore) -> Result<u64> {
    Ok(store::meta_get(&store.read()?, GENERATION)?.unwrap_or(0))
}

pub fn is_marked(store: &FileStore, marker: &str) -> Result<bool> {
    Ok(store::meta_get(&store.read()?, marker)?.is_some())
}

pub fn stored_counts(store: &FileStore) -> Result<(u64, u64)> {
    let txn = store.read()?;
    let Some(bookings) = store::open_read(&txn, BOOKINGS)? else {
        return Ok((0, 0));
    };
    let mut identities = 0;
    if let Some(runs) = store::open_read(&txn, BOOKING_IDENTITIES)? {
        for run in runs.iter()? {
            identities += (run?.1.value().len() / IDENTITY_LEN) as u64;
        }
    }
    Ok((bookings.len()?, identities))
}

/// Reads every booking into sorted columns, with the generation they belong to.
pub fn read_columns(store: &FileStore) -> Result<(u64, Columns)> {
    let txn = store.read()?;
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

/// For the copy to PostgreSQL: the generation, the id sequence and whether the sample set was
/// seeded.
pub fn export_meta(store: &FileStore) -> Result<(u64, u64, bool)> {
    let txn = store.read()?;
    Ok((
        store::meta_get(&txn, GENERATION)?.unwrap_or(0),
        store::meta_get(&txn, SEQUENCE)?.unwrap_or(0),
        store::meta_get(&txn, SAMPLE_MARKER)?.is_some(),
    ))
}

/// Calls `f` with every stored booking, in id order.
pub fn for_each_booking(
    store: &FileStore,
    mut f: impl FnMut(u64, &Booking) -> Result<()>,
) -> Result<()> {
    let txn = store.read()?;
    let Some(table) = store::open_read(&txn, BOOKINGS)? else {
        return Ok(());
    };
    for entry in table.iter()? {
        let (id, value) = entry?;
        f(id.value(), &codec::decode(value.value())?)?;
    }
    Ok(())
}

/// Calls `f` with every stored identity and its booking id.
pub fn for_each_stored_identity(
    store: &FileStore,
    mut f: impl FnMut([u8; IDENTITY_LEN], u64) -> Result<()>,
) -> Result<()> {
    let txn = store.read()?;
    let Some(table) = store::open_read(&txn, BOOKING_IDENTITIES)? else {
        return Ok(());
    };
    for entry in table.iter()? {
        let (first, run) = entry?;
        for (identity, id) in in_run(first.value(), run.value()) {
            f(identity, id)?;
        }
    }
    Ok(())
}

/// The identities of a run stored under `first` (the id of its first), each with its id.
fn in_run(first: u64, run: &[u8]) -> impl Iterator<Item = ([u8; IDENTITY_LEN], u64)> + '_ {
    run.chunks_exact(IDENTITY_LEN)
        .zip(first..)
        .filter_map(|(identity, id)| Some((identity.try_into().ok()?, id)))
}

/// One write to the bookings: a redb write transaction.
pub struct Txn {
    txn: WriteTransaction,
    /// What this write starts from, for reads on other threads (a write transaction is one
    /// thread's); taken before anything is written, so both show the same rows.
    before: Option<ReadTransaction>,
}

fn meta_in(txn: &WriteTransaction, key: &str) -> Result<Option<u64>> {
    Ok(txn.open_table(META)?.get(key)?.map(|v| v.value()))
}

impl Txn {
    pub fn begin(store: &FileStore) -> Result<Txn> {
        let txn = store.write()?;
        // Opened after the write began: no other write can commit in between.
        let before = store.read().ok();
        Ok(Txn { txn, before })
    }

    pub fn generation(&self) -> Result<u64> {
        Ok(meta_in(&self.txn, GENERATION)?.unwrap_or(0))
    }

    pub fn next_id(&self) -> Result<u64> {
        Ok(meta_in(&self.txn, SEQUENCE)?.unwrap_or(0) + 1)
    }

    pub fn for_each_identity(&self, mut f: impl FnMut([u8; IDENTITY_LEN], u64)) -> Result<()> {
        let table = self.txn.open_table(BOOKING_IDENTITIES)?;
        for entry in table.iter()? {
            let (first, run) = entry?;
            for (identity, id) in in_run(first.value(), run.value()) {
                f(identity, id);
            }
        }
        Ok(())
    }

    /// The stored identities among `wanted`: the runs split by their first id between two threads
    /// (at 10M bookings, 160 MB of runs read for a day's export).
    pub fn stored_among(
        &mut self,
        wanted: &WantedIdentities,
    ) -> Result<Vec<([u8; IDENTITY_LEN], u64)>> {
        let Some(before) = self.before.take() else {
            let mut met = Vec::new();
            self.for_each_identity(|identity, id| {
                if wanted.contains(&identity) {
                    met.push((identity, id));
                }
            })?;
            return Ok(met);
        };
        let Some(runs) = store::open_read(&before, BOOKING_IDENTITIES)? else {
            return Ok(Vec::new());
        };
        let (Some(first), Some(last)) = (runs.first()?, runs.last()?) else {
            return Ok(Vec::new());
        };
        let middle = first.0.value() / 2 + last.0.value() / 2;
        let scan = |runs: redb::Range<'_, u64, &'static [u8]>| -> Result<Vec<_>> {
            let mut met = Vec::new();
            for entry in runs {
                let (first, run) = entry?;
                met.extend(in_run(first.value(), run.value()).filter(|(i, _)| wanted.contains(i)));
            }
            Ok(met)
        };
        let (low, high) = (runs.range(..middle)?, runs.range(middle..)?);
        std::thread::scope(|s| {
            let high = s.spawn(|| scan(high));
            let mut met = scan(low)?;
            met.extend(
                high.join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e))?,
            );
            Ok(met)
        })
    }

    pub fn rows(&self) -> Result<RowWriter<'_>> {
        Ok(RowWriter {
            table: self.txn.open_table(BOOKINGS)?,
        })
    }

    /// Stores the identities of new bookings numbered from `first` on.
    pub fn append_identities(&self, first: u64, identities: &[[u8; IDENTITY_LEN]]) -> Result<()> {
        let mut runs = self.txn.open_table(BOOKING_IDENTITIES)?;
        for (i, run) in identities.chunks(IDENTITIES_PER_RUN).enumerate() {
            runs.insert(first + (i * IDENTITIES_PER_RUN) as u64, run.as_flattened())?;
        }
        Ok(())
    }

    /// The ids of every stored sample booking.
    pub fn sample_ids(&self) -> Result<Vec<u64>> {
        let table = self.txn.open_table(BOOKINGS)?;
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
    pub fn remove(&self, ids: &[u64]) -> Result<()> {
        {
            let mut bookings = self.txn.open_table(BOOKINGS)?;
            for &id in ids {
                bookings.remove(id)?;
            }
        }
        remove_identities(&self.txn, ids)
    }

    pub fn finish(mut self, finish: Finish) -> Result<()> {
        // A reader left open would keep the pages this write frees from reuse.
        self.before = None;
        if let Some(last) = finish.last_id {
            store::bump_sequence(&self.txn, "bookings", last)?;
        }
        if let Some(generation) = finish.generation {
            store::meta_set(&self.txn, GENERATION, generation)?;
        }
        if let Some(marker) = finish.marker {
            store::meta_set(&self.txn, marker, 1)?;
        }
        self.txn.commit()?;
        Ok(())
    }
}

/// Writes booking rows inside one transaction.
pub struct RowWriter<'txn> {
    table: redb::Table<'txn, u64, &'static [u8]>,
}

impl RowWriter<'_> {
    /// Stores a new booking, already encoded.
    pub fn insert(&mut self, id: u64, value: &[u8]) -> Result<()> {
        self.table.insert(id, value)?;
        Ok(())
    }

    /// Stores an encoded booking under `id` unless it equals the stored one; says whether it
    /// changed.
    pub fn replace(&mut self, id: u64, value: &[u8]) -> Result<bool> {
        if self.table.get(id)?.is_some_and(|old| old.value() == value) {
            return Ok(false);
        }
        self.table.insert(id, value)?;
        Ok(true)
    }
}

/// Drops the identities of `ids` (sorted) from their runs. A run keeps its other identities as
/// runs of consecutive ids, since a run is keyed by its first id and holds no gaps.
fn remove_identities(txn: &WriteTransaction, ids: &[u64]) -> Result<()> {
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
