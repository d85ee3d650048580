//! Demo bookings in the redb file: the rows in blocks (`BOOKING_BLOCKS`, see `row_blocks`; a
//! booking's fields are the columns of `in_columns`) with the rows changed since their block was
//! written (`BOOKING_CHANGES`), their identities
//! (`BOOKING_IDENTITIES`, runs of consecutive ids), the booking generation and the id sequence in
//! META. One redb write transaction is one import or removal; redb's single writer orders them.

use redb::{ReadTransaction, ReadableTable, WriteTransaction};

use super::{Finish, WantedIdentities};
use crate::bookings::evidence::REAL_CHANGED_AT;
use crate::bookings::index::{Columns, ColumnsBuilder, Interned};
use crate::bookings::model::Booking;
use crate::bookings::{GENERATION, SAMPLE_MARKER};
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::row_blocks::{self, Block, ColumnBuilder};
use crate::platform::store::{
    self, BOOKING_BLOCKS, BOOKING_CHANGES, BOOKING_IDENTITIES, FileStore, IDENTITIES_PER_RUN,
    IDENTITY_LEN, META, codec,
};

/// META key of the bookings id sequence.
const SEQUENCE: &str = "seq:bookings";

pub fn generation(store: &FileStore) -> Result<u64> {
    Ok(store::meta_get(&store.read()?, GENERATION)?.unwrap_or(0))
}

/// When the real bookings last changed (Unix seconds), if an import since this was kept did.
pub fn real_changed_at(store: &FileStore) -> Result<Option<i64>> {
    Ok(store::meta_get(&store.read()?, REAL_CHANGED_AT)?.map(|t| t as i64))
}

pub fn is_marked(store: &FileStore, marker: &str) -> Result<bool> {
    Ok(store::meta_get(&store.read()?, marker)?.is_some())
}

pub fn stored_counts(store: &FileStore) -> Result<(u64, u64)> {
    let txn = store.read()?;
    let bookings = row_blocks::stored_bookings(&txn)?;
    let mut identities = 0;
    if let Some(runs) = store::open_read(&txn, BOOKING_IDENTITIES)? {
        for run in runs.iter()? {
            identities += (run?.1.value().len() / IDENTITY_LEN) as u64;
        }
    }
    Ok((bookings, identities))
}

/// Reads every booking into sorted columns, with the generation they belong to.
pub fn read_columns(store: &FileStore) -> Result<(u64, Columns)> {
    let txn = store.read()?;
    let generation = store::meta_get(&txn, GENERATION)?.unwrap_or(0);
    let mut builder = ColumnsBuilder::default();
    each_booking(
        &txn.open_table(BOOKING_BLOCKS)?,
        &txn.open_table(BOOKING_CHANGES)?,
        |id, booking| {
            builder.push(id, booking);
            Ok(())
        },
    )?;
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
    f: impl FnMut(u64, &Booking) -> Result<()>,
) -> Result<()> {
    let txn = store.read()?;
    let (Some(blocks), Some(changes)) = (
        store::open_read(&txn, BOOKING_BLOCKS)?,
        store::open_read(&txn, BOOKING_CHANGES)?,
    ) else {
        return Ok(());
    };
    each_booking(&blocks, &changes, f)
}

/// Calls `f` with every stored booking and its id, in id order: the blocks' rows, each as its
/// latest change has it, the removed ones left out.
fn each_booking<B, C>(
    blocks: &B,
    changes: &C,
    mut f: impl FnMut(u64, &Booking) -> Result<()>,
) -> Result<()>
where
    B: ReadableTable<u64, &'static [u8]>,
    C: ReadableTable<u64, &'static [u8]>,
{
    let mut changes = changes.iter()?;
    let mut change = changes.next().transpose()?;
    // Refilled for every row: a block of columns reads into it without allocating.
    let mut booking = Booking::blank(false);
    for entry in blocks.iter()? {
        let (first, value) = entry?;
        let block = Block::parse(first.value(), value.value())?;
        for i in 0..block.len() {
            let id = block.id(i);
            while change.as_ref().is_some_and(|(c, _)| c.value() < id) {
                change = changes.next().transpose()?;
            }
            match &change {
                Some((c, changed)) if c.value() == id => {
                    let changed = changed.value();
                    if !changed.is_empty() {
                        f(id, &codec::decode(changed)?)?;
                    }
                }
                _ => {
                    in_columns::read(&block, i, &mut booking)?;
                    f(id, &booking)?;
                }
            }
        }
    }
    Ok(())
}

/// A booking as the columns of a block: its texts (category, client, city, state, metro area),
/// its creation time, and its firm size and sample flag as small codes.
mod in_columns {
    use super::*;

    const TEXTS: usize = 5;
    const SMALL: usize = 2;

    pub fn builder() -> ColumnBuilder {
        ColumnBuilder::new(TEXTS, SMALL)
    }

    pub fn texts(b: &Booking) -> [Option<&str>; TEXTS] {
        [
            Some(&b.category),
            Some(&b.client),
            b.city_state.as_deref(),
            b.state.as_deref(),
            b.dma.as_deref(),
        ]
    }

    /// Appends `booking` as the row with id `id`, closing the block into `full` first when it
    /// has no room for it; its texts found by their ids in the index's dictionaries when given.
    pub fn push(
        block: &mut ColumnBuilder,
        id: u64,
        booking: &Booking,
        interned: Option<&Interned>,
        mut full: impl FnMut((u64, Vec<u8>)) -> Result<()>,
    ) -> Result<()> {
        let texts = texts(booking);
        if !block.fits(id, &texts, booking.created) {
            full(block.take())?;
        }
        let small = [booking.firm_size.index() as u8, booking.sample as u8];
        match interned {
            Some(i) => {
                let keys = [i.category, i.client, i.city_state, i.state, i.dma];
                block.push_keyed(id, &texts, &keys, booking.created, &small);
            }
            None => block.push(id, &texts, booking.created, &small),
        }
        Ok(())
    }

    /// Reads the `i`th row of `block` into `out`.
    pub fn read(block: &Block, i: usize, out: &mut Booking) -> Result<()> {
        let columns = match block {
            Block::Encoded(rows) => {
                *out = codec::decode(rows.row(i))?;
                return Ok(());
            }
            Block::Columns(columns) => columns,
        };
        let damaged = || {
            let id = block.id(i);
            anyhow::anyhow!("the bookings block holding booking {id} is damaged")
        };
        if columns.shape() != (TEXTS, SMALL) {
            return Err(damaged().into());
        }
        let text = |c| columns.text(c, i);
        set(&mut out.category, text(0).ok_or_else(damaged)?);
        set(&mut out.client, text(1).ok_or_else(damaged)?);
        for (slot, value) in [
            (&mut out.city_state, text(2)),
            (&mut out.state, text(3)),
            (&mut out.dma, text(4)),
        ] {
            match (slot.as_mut(), value) {
                (Some(s), Some(v)) => set(s, v),
                (_, v) => *slot = v.map(String::from),
            }
        }
        out.created = columns.time(i);
        out.firm_size = FirmSize::from_index(columns.small(0, i) as usize).ok_or_else(damaged)?;
        out.sample = match columns.small(1, i) {
            0 => false,
            1 => true,
            _ => return Err(damaged().into()),
        };
        Ok(())
    }

    fn set(slot: &mut String, value: &str) {
        slot.clear();
        slot.push_str(value);
    }
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
            rows: self.stored()?,
            block: in_columns::builder(),
            held: Vec::new(),
            held_bytes: Vec::new(),
            changed: 0,
        })
    }

    fn stored(&self) -> Result<StoredRows<'_>> {
        Ok(StoredRows {
            blocks: self.txn.open_table(BOOKING_BLOCKS)?,
            changes: self.txn.open_table(BOOKING_CHANGES)?,
            touched: Vec::new(),
        })
    }

    /// Stores the identities of new bookings numbered from `first` on. The last run is filled
    /// up first when they follow it: a day's import then grows a run toward its page instead of
    /// taking a page of its own, most of it empty.
    pub fn append_identities(
        &self,
        mut first: u64,
        mut identities: &[[u8; IDENTITY_LEN]],
    ) -> Result<()> {
        let mut runs = self.txn.open_table(BOOKING_IDENTITIES)?;
        let last = runs
            .last()?
            .map(|(key, run)| (key.value(), run.value().to_vec()));
        if let Some((key, mut run)) = last {
            let held = run.len() / IDENTITY_LEN;
            let room = IDENTITIES_PER_RUN
                .saturating_sub(held)
                .min(identities.len());
            if key + held as u64 == first && room > 0 {
                run.extend_from_slice(identities[..room].as_flattened());
                runs.insert(key, run.as_slice())?;
                (first, identities) = (first + room as u64, &identities[room..]);
            }
        }
        for (i, run) in identities.chunks(IDENTITIES_PER_RUN).enumerate() {
            runs.insert(first + (i * IDENTITIES_PER_RUN) as u64, run.as_flattened())?;
        }
        Ok(())
    }

    /// The ids of every stored sample booking.
    pub fn sample_ids(&self) -> Result<Vec<u64>> {
        let rows = self.stored()?;
        let mut ids = Vec::new();
        each_booking(&rows.blocks, &rows.changes, |id, booking| {
            if booking.sample {
                ids.push(id);
            }
            Ok(())
        })?;
        Ok(ids)
    }

    /// Removes the bookings of `ids` (sorted) with their identities.
    pub fn remove(&self, ids: &[u64]) -> Result<()> {
        let mut rows = self.stored()?;
        rows.remove(ids)?;
        rows.fold_touched()?;
        drop(rows);
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
        if let Some(at) = finish.real_changed_at {
            store::meta_set(&self.txn, REAL_CHANGED_AT, at.max(0) as u64)?;
        }
        if let Some(marker) = finish.marker {
            store::meta_set(&self.txn, marker, 1)?;
        }
        self.txn.commit()?;
        Ok(())
    }
}

/// Writes booking rows inside one transaction: new ones into blocks, re-imported ones that
/// changed into `BOOKING_CHANGES`.
pub struct RowWriter<'txn> {
    rows: StoredRows<'txn>,
    /// The new rows' block being filled.
    block: ColumnBuilder,
    /// Re-imported rows not compared yet with the stored ones: id and where the row ends in
    /// `held_bytes`.
    held: Vec<(u64, usize)>,
    held_bytes: Vec<u8>,
    /// How many of the compared rows changed.
    changed: u64,
}

/// Re-imported rows compared with the stored ones at a time, in id order: each block they fall
/// in is read once per round instead of once per row.
const COMPARED_AT_ONCE: usize = 65_536;

impl RowWriter<'_> {
    /// Stores a new booking; ids come in ascending order. `interned` is given for every row of
    /// a write or for none.
    pub fn insert(
        &mut self,
        id: u64,
        booking: &Booking,
        interned: Option<&Interned>,
    ) -> Result<()> {
        let blocks = &mut self.rows.blocks;
        in_columns::push(&mut self.block, id, booking, interned, |(first, value)| {
            blocks.insert(first, value.as_slice())?;
            Ok(())
        })
    }

    /// Holds a re-imported booking to compare with the stored one: it is stored if it differs,
    /// and counted by `finish`.
    pub fn replace(&mut self, id: u64, booking: &Booking) -> Result<()> {
        codec::encode_onto(booking, &mut self.held_bytes);
        self.held.push((id, self.held_bytes.len()));
        if self.held.len() == COMPARED_AT_ONCE {
            self.compare_held()?;
        }
        Ok(())
    }

    /// Stores what is still held; returns how many re-imported rows changed.
    pub fn finish(mut self) -> Result<u64> {
        if !self.block.is_empty() {
            self.store_block()?;
        }
        self.compare_held()?;
        self.rows.fold_touched()?;
        Ok(self.changed)
    }

    fn store_block(&mut self) -> Result<()> {
        let (first, value) = self.block.take();
        self.rows.blocks.insert(first, value.as_slice())?;
        Ok(())
    }

    fn compare_held(&mut self) -> Result<()> {
        let mut start = 0;
        let mut held: Vec<(u64, &[u8])> = (self.held.iter())
            .map(|&(id, end)| {
                let row = &self.held_bytes[start..end];
                start = end;
                (id, row)
            })
            .collect();
        held.sort_unstable_by_key(|&(id, _)| id);
        self.changed += self.rows.store_changed(&held)?;
        self.held.clear();
        self.held_bytes.clear();
        Ok(())
    }
}

/// The stored rows in a write: the blocks and the changes since they were written.
struct StoredRows<'txn> {
    blocks: redb::Table<'txn, u64, &'static [u8]>,
    changes: redb::Table<'txn, u64, &'static [u8]>,
    /// The blocks (by key) whose rows this write changed, to be folded if their changes are many.
    touched: Vec<u64>,
}

/// A block is written again with its changes once they pass this share of its rows: a read then
/// merges at most one changed row in 16, and a re-import that changes a few rows writes those
/// rows, not their whole blocks.
const FOLD_SHARE: usize = 16;

impl StoredRows<'_> {
    /// Calls `f` with every id of `ids` (ascending) that a block holds, with that block's key, the
    /// block and the row's place in it. An id in no block is an error: its identity says it is
    /// stored.
    fn in_blocks(
        blocks: &redb::Table<'_, u64, &'static [u8]>,
        ids: &[u64],
        mut f: impl FnMut(usize, u64, &Block, usize) -> Result<()>,
    ) -> Result<()> {
        let mut i = 0;
        while i < ids.len() {
            let missing = |id: u64| {
                anyhow::anyhow!(
                    "booking {id} has an identity but no stored row; run `litstack check`"
                )
            };
            let found = blocks.range(..=ids[i])?.next_back();
            let (first, value) = found.ok_or_else(|| missing(ids[i]))??;
            let first = first.value();
            let block = Block::parse(first, value.value())?;
            let next = blocks.range(first + 1..)?.next().transpose()?;
            let end = next.map_or(u64::MAX, |(key, _)| key.value());
            while i < ids.len() && ids[i] < end {
                let row = block.find(ids[i]).ok_or_else(|| missing(ids[i]))?;
                f(i, first, &block, row)?;
                i += 1;
            }
        }
        Ok(())
    }

    /// Stores each of `rows` (re-imported, in id order) that differs from the stored one; returns
    /// how many did.
    fn store_changed(&mut self, rows: &[(u64, &[u8])]) -> Result<u64> {
        let ids: Vec<u64> = rows.iter().map(|&(id, _)| id).collect();
        let mut changed = 0;
        let (changes, touched) = (&mut self.changes, &mut self.touched);
        // A row of a block of columns, encoded to compare with the re-imported one.
        let (mut booking, mut encoded) = (Booking::blank(false), Vec::new());
        Self::in_blocks(&self.blocks, &ids, |i, first, block, at| {
            let (id, row) = rows[i];
            let same = match (changes.get(id)?, block) {
                (Some(stored), _) => stored.value() == row,
                (None, Block::Encoded(rows)) => rows.row(at) == row,
                (None, Block::Columns(_)) => {
                    in_columns::read(block, at, &mut booking)?;
                    encoded.clear();
                    codec::encode_onto(&booking, &mut encoded);
                    encoded == row
                }
            };
            if !same {
                changes.insert(id, row)?;
                touched.push(first);
                changed += 1;
            }
            Ok(())
        })?;
        Ok(changed)
    }

    /// Marks the rows of `ids` (ascending) removed.
    fn remove(&mut self, ids: &[u64]) -> Result<()> {
        let (changes, touched) = (&mut self.changes, &mut self.touched);
        Self::in_blocks(&self.blocks, ids, |i, first, _, _| {
            changes.insert(ids[i], [].as_slice())?;
            touched.push(first);
            Ok(())
        })
    }

    /// Writes again, with their changes, the touched blocks whose changes pass `FOLD_SHARE`.
    fn fold_touched(&mut self) -> Result<()> {
        let mut touched = std::mem::take(&mut self.touched);
        touched.sort_unstable();
        touched.dedup();
        for first in touched {
            let next = self.blocks.range(first + 1..)?.next().transpose()?;
            let end = next.map_or(u64::MAX, |(key, _)| key.value());
            let Some(value) = self.blocks.get(first)? else {
                continue;
            };
            let block = Block::parse(first, value.value())?;
            let changes = self.changes.range(first..end)?.count();
            if changes * FOLD_SHARE <= block.len() {
                continue;
            }
            // Written again in columns, whichever form the block had.
            let mut folded = Vec::new();
            let mut builder = in_columns::builder();
            let mut keep = |id: u64, booking: &Booking| {
                in_columns::push(&mut builder, id, booking, None, |full| {
                    folded.push(full);
                    Ok(())
                })
            };
            let mut changes = self.changes.range(first..end)?;
            let mut change = changes.next().transpose()?;
            let mut booking = Booking::blank(false);
            for i in 0..block.len() {
                let id = block.id(i);
                match &change {
                    Some((c, changed)) if c.value() == id => {
                        if !changed.value().is_empty() {
                            keep(id, &codec::decode(changed.value())?)?;
                        }
                        change = changes.next().transpose()?;
                    }
                    _ => {
                        in_columns::read(&block, i, &mut booking)?;
                        keep(id, &booking)?;
                    }
                }
            }
            if !builder.is_empty() {
                folded.push(builder.take());
            }
            drop((change, changes, value));
            self.blocks.remove(first)?;
            for (key, value) in folded {
                self.blocks.insert(key, value.as_slice())?;
            }
            self.changes.retain_in(first..end, |_, _| false)?;
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bookings() -> Vec<Booking> {
        FirmSize::ALL
            .iter()
            .enumerate()
            .map(|(i, &firm_size)| Booking {
                category: ["Intake", "", "Billing"][i % 3].into(),
                client: ["Clio", "", "MyCase", "Clio"][i % 4].into(),
                firm_size,
                city_state: [Some("Austin, TX"), None, Some("")][i % 3].map(String::from),
                state: [Some("TX"), None][i % 2].map(String::from),
                dma: [None, Some("Austin")][i % 2].map(String::from),
                created: [0, -5, i64::MAX, 1_764_000_000][i % 4],
                sample: i % 2 == 1,
            })
            .collect()
    }

    #[test]
    fn a_booking_reads_back_from_a_block_of_columns_with_and_without_its_ids() {
        let bookings = bookings();
        let mut index = ColumnsBuilder::default();
        for keyed in [false, true] {
            let mut block = in_columns::builder();
            for (id, b) in (1..).zip(&bookings) {
                let interned = keyed.then(|| index.push(id, b));
                in_columns::push(&mut block, id, b, interned.as_ref(), |_| {
                    panic!("one block holds them")
                })
                .unwrap();
            }
            let (first, value) = block.take();
            let block = Block::parse(first, &value).unwrap();
            assert!(matches!(block, Block::Columns(_)));
            // Read into one booking, as the reads do: every field is set again.
            let mut read = Booking::blank(false);
            for (i, b) in bookings.iter().enumerate() {
                in_columns::read(&block, i, &mut read).unwrap();
                assert_eq!(&read, b, "row {i}, keyed: {keyed}");
            }
        }
    }

    #[test]
    fn a_block_of_other_columns_is_damaged_not_misread() {
        let mut other = ColumnBuilder::new(2, 2);
        other.push(1, &[Some("a"), None], 0, &[0, 0]);
        let (first, value) = other.take();
        let block = Block::parse(first, &value).unwrap();
        let err = in_columns::read(&block, 0, &mut Booking::blank(false)).unwrap_err();
        assert!(err.to_string().contains("damaged"), "{err}");
    }
}
