//! The seam on redb: each declared table is its redb table, the value its JSON (`seam::value`, the
//! encoding PostgreSQL's `jsonb` holds; or a plain integer, `RedbValue`); each secondary index a
//! redb table of (indexed part, key) -> ().

use redb::{ReadTransaction, ReadableTable, WriteTransaction};
use serde::Serialize;

use super::{Entries, Index, Key, Part, RedbValue, Table};
use crate::platform::error::Result;
use crate::platform::store::registry::has_table;

/// Runs `$body` with `$entries` the index's redb table, whichever its key (two key parts or
/// three).
macro_rules! on_entries {
    ($index:expr, $entries:ident => $body:expr) => {
        match $index.redb {
            Entries::Two($entries) => $body,
            Entries::Three($entries) => $body,
        }
    };
}

/// The bounds of the keys that start with `prefix` (of integer parts, fewer than the key's).
fn bounds<K: Key>(prefix: &[u64]) -> (K, K) {
    let mut low: Vec<Part> = prefix.iter().map(|&p| Part::Int(p)).collect();
    let mut high = low.clone();
    low.resize(K::LEN, Part::Int(0));
    high.resize(K::LEN, Part::Int(u64::MAX));
    (K::from_parts(&low), K::from_parts(&high))
}

/// The rows of `rows` whose key starts with `prefix`, in key order.
fn rows_under<K: Key, V, R: RedbValue<V>>(
    table: &str,
    rows: &impl ReadableTable<K::Redb, R>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    if prefix.is_empty() {
        return decoded::<K, V, R>(table, rows.iter()?);
    }
    let (low, high) = bounds::<K>(prefix);
    decoded::<K, V, R>(table, rows.range(low.as_redb()..=high.as_redb())?)
}

pub(super) fn get_read<K: Key, V, R: RedbValue<V>>(
    txn: &ReadTransaction,
    table: &Table<K, V, R>,
    key: &K,
) -> Result<Option<V>> {
    let Some(rows) = crate::platform::store::open_read(txn, table.redb)? else {
        return Ok(None);
    };
    Ok(match rows.get(key.as_redb())? {
        Some(value) => Some(R::decoded(table.name, value.value())?),
        None => None,
    })
}

pub(super) fn get_write<K: Key, V, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    key: &K,
) -> Result<Option<V>> {
    // As a removal: a read in a write transaction makes no table the file never had.
    if !has_table(txn, redb::TableHandle::name(&table.redb))? {
        return Ok(None);
    }
    let rows = txn.open_table(table.redb)?;
    Ok(match rows.get(key.as_redb())? {
        Some(value) => Some(R::decoded(table.name, value.value())?),
        None => None,
    })
}

fn decoded<'a, K: Key, V, R: RedbValue<V>>(
    table: &str,
    rows: impl Iterator<
        Item = std::result::Result<
            (redb::AccessGuard<'a, K::Redb>, redb::AccessGuard<'a, R>),
            redb::StorageError,
        >,
    >,
) -> Result<Vec<(K, V)>> {
    let mut out = Vec::new();
    for row in rows {
        let (key, value) = row?;
        out.push((K::from_redb(key.value()), R::decoded(table, value.value())?));
    }
    Ok(out)
}

pub(super) fn range_read<K: Key, V, R: RedbValue<V>>(
    txn: &ReadTransaction,
    table: &Table<K, V, R>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    let Some(rows) = crate::platform::store::open_read(txn, table.redb)? else {
        return Ok(Vec::new());
    };
    rows_under(table.name, &rows, prefix)
}

pub(super) fn is_empty_read<K: Key, V, R: RedbValue<V>>(
    txn: &ReadTransaction,
    table: &Table<K, V, R>,
) -> Result<bool> {
    Ok(match crate::platform::store::open_read(txn, table.redb)? {
        Some(rows) => redb::ReadableTableMetadata::is_empty(&rows)?,
        None => true,
    })
}

pub(super) fn is_empty_write<K: Key, V, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
) -> Result<bool> {
    if !has_table(txn, redb::TableHandle::name(&table.redb))? {
        return Ok(true);
    }
    Ok(redb::ReadableTableMetadata::is_empty(
        &txn.open_table(table.redb)?,
    )?)
}

/// The rows of a table of text keys whose key starts with `prefix`, in key order.
fn rows_starting<V, R: RedbValue<V>>(
    table: &str,
    rows: &impl ReadableTable<&'static str, R>,
    prefix: &str,
) -> Result<Vec<(String, V)>> {
    let mut out = Vec::new();
    for row in rows.range::<&str>(prefix..)? {
        let (key, value) = row?;
        if !key.value().starts_with(prefix) {
            break;
        }
        out.push((key.value().to_string(), R::decoded(table, value.value())?));
    }
    Ok(out)
}

pub(super) fn range_text_read<V, R: RedbValue<V>>(
    txn: &ReadTransaction,
    table: &Table<String, V, R>,
    prefix: &str,
) -> Result<Vec<(String, V)>> {
    let Some(rows) = crate::platform::store::open_read(txn, table.redb)? else {
        return Ok(Vec::new());
    };
    rows_starting(table.name, &rows, prefix)
}

pub(super) fn range_text_write<V, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<String, V, R>,
    prefix: &str,
) -> Result<Vec<(String, V)>> {
    if !has_table(txn, redb::TableHandle::name(&table.redb))? {
        return Ok(Vec::new());
    }
    let rows = txn.open_table(table.redb)?;
    rows_starting(table.name, &rows, prefix)
}

pub(super) fn range_write<K: Key, V, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    if !has_table(txn, redb::TableHandle::name(&table.redb))? {
        return Ok(Vec::new());
    }
    let rows = txn.open_table(table.redb)?;
    rows_under(table.name, &rows, prefix)
}

/// Writes `value` at `key`; without `over`, only when no row holds the key. Answers whether it
/// wrote. The table's indexes follow: the old row's entries go, the new row's come.
pub(super) fn insert<K: Key, V: Serialize, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    key: &K,
    value: &V,
    over: bool,
) -> Result<bool> {
    let old = if table.indexes.is_empty() && over {
        None
    } else {
        get_write(txn, table, key)?
    };
    if !over && old.is_some() {
        return Ok(false);
    }
    for index in table.indexes {
        built(txn, table, index)?;
        on_entries!(index, entries => reindex(txn, entries, index, key, old.as_ref(), Some(value)))?;
    }
    let mut rows = txn.open_table(table.redb)?;
    R::encoded(table.name, value, |stored| {
        rows.insert(key.as_redb(), stored)
    })??;
    Ok(true)
}

pub(super) fn remove<K: Key, V: Serialize, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    key: &K,
) -> Result<Option<V>> {
    // Nothing to remove from a table the file never had; opening it would make it, empty (a
    // firm merge removes the merged firm's rows from tables most installs never write).
    if !has_table(txn, redb::TableHandle::name(&table.redb))? {
        return Ok(None);
    }
    for index in table.indexes {
        built(txn, table, index)?;
    }
    let removed = {
        let mut rows = txn.open_table(table.redb)?;
        match rows.remove(key.as_redb())? {
            Some(value) => Some(R::decoded(table.name, value.value())?),
            None => None,
        }
    };
    if let Some(value) = &removed {
        for index in table.indexes {
            on_entries!(index, entries => reindex(txn, entries, index, key, Some(value), None))?;
        }
    }
    Ok(removed)
}

/// `Tx::move_rows` of a table without indexes (an index's entries need the seam's own remove and
/// insert): each row's stored bytes move as they are, none decoded, so a long log moves at redb's
/// pace; `TAKEN`'s 409 on a key `into` holds.
pub(super) fn move_rows<K: Key, V, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    from: u64,
    into: u64,
) -> Result<u64> {
    if !has_table(txn, redb::TableHandle::name(&table.redb))? {
        return Ok(0);
    }
    let mut rows = txn.open_table(table.redb)?;
    let (low, high) = bounds::<K>(&[from]);
    // Taken out in one walk of the range, not looked up one by one.
    let mut moving: Vec<(K, Vec<u8>)> = Vec::new();
    for row in rows.extract_from_if(low.as_redb()..=high.as_redb(), |_, _| true)? {
        let (key, value) = row?;
        moving.push((
            K::from_redb(key.value()),
            R::as_bytes(&value.value()).as_ref().to_vec(),
        ));
    }
    for (key, bytes) in &moving {
        let mut parts = key.parts();
        parts[0] = Part::Int(into);
        let moved = K::from_parts(&parts);
        if rows
            .insert(moved.as_redb(), R::from_bytes(bytes))?
            .is_some()
        {
            return Err(crate::platform::error::conflict(super::TAKEN));
        }
    }
    Ok(moving.len() as u64)
}

/// An index entry's redb key: the indexed part, then the row's key parts.
trait Entry: redb::Key + for<'a> redb::Value<SelfType<'a> = Self> + Copy + 'static {
    /// How many key parts it holds.
    const PARTS: usize;
    /// The entry of a row whose indexed part is `part`; `None` for a key of another length.
    fn of(part: u64, key: &[Part]) -> Option<Self>;
    /// The row's key parts.
    fn key(self) -> Vec<Part>;
    /// The row key's first part (a firm's purge goes by it).
    fn first(self) -> u64;
    /// The first and the last entry an indexed part can have.
    fn bounds(part: u64) -> (Self, Self);
}

impl Entry for (u64, u64, u64) {
    const PARTS: usize = 2;
    fn of(part: u64, key: &[Part]) -> Option<Self> {
        match key {
            [a, b] => Some((part, a.int(), b.int())),
            _ => None,
        }
    }
    fn key(self) -> Vec<Part> {
        vec![Part::Int(self.1), Part::Int(self.2)]
    }
    fn first(self) -> u64 {
        self.1
    }
    fn bounds(part: u64) -> (Self, Self) {
        ((part, 0, 0), (part, u64::MAX, u64::MAX))
    }
}

impl Entry for (u64, u64, u64, u64) {
    const PARTS: usize = 3;
    fn of(part: u64, key: &[Part]) -> Option<Self> {
        match key {
            [a, b, c] => Some((part, a.int(), b.int(), c.int())),
            _ => None,
        }
    }
    fn key(self) -> Vec<Part> {
        vec![Part::Int(self.1), Part::Int(self.2), Part::Int(self.3)]
    }
    fn first(self) -> u64 {
        self.1
    }
    fn bounds(part: u64) -> (Self, Self) {
        ((part, 0, 0, 0), (part, u64::MAX, u64::MAX, u64::MAX))
    }
}

/// The index's entry of one row.
fn entry<E: Entry, K: Key, V: Serialize>(index: &Index, key: &K, value: &V) -> Result<E> {
    let part = index.part_of(key, value)?;
    E::of(part, &key.parts()).ok_or_else(|| {
        anyhow::anyhow!(
            "{} indexes a table keyed by other than {} integer parts",
            index.name,
            E::PARTS
        )
        .into()
    })
}

/// Takes `old`'s entry out of the index and puts `new`'s in.
fn reindex<E: Entry, K: Key, V: Serialize>(
    txn: &WriteTransaction,
    entries: redb::TableDefinition<'static, E, ()>,
    index: &Index,
    key: &K,
    old: Option<&V>,
    new: Option<&V>,
) -> Result<()> {
    let mut entries = txn.open_table(entries)?;
    if let Some(old) = old {
        entries.remove(entry::<E, _, _>(index, key, old)?)?;
    }
    if let Some(new) = new {
        entries.insert(entry::<E, _, _>(index, key, new)?, ())?;
    }
    Ok(())
}

/// Makes sure `index` has an entry for every row of `table`: an index table missing from the file
/// (a file written before the index was declared) is built from the table's rows.
fn built<K: Key, V: Serialize, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    index: &Index,
) -> Result<()> {
    if has_table(txn, index.name)? {
        return Ok(());
    }
    let rows = if has_table(txn, redb::TableHandle::name(&table.redb))? {
        range_write(txn, table, &[])?
    } else {
        Vec::new()
    };
    on_entries!(index, entries => build(txn, entries, index, &rows))
}

fn build<E: Entry, K: Key, V: Serialize>(
    txn: &WriteTransaction,
    entries: redb::TableDefinition<'static, E, ()>,
    index: &Index,
    rows: &[(K, V)],
) -> Result<()> {
    let mut entries = txn.open_table(entries)?;
    for (key, value) in rows {
        entries.insert(entry::<E, _, _>(index, key, value)?, ())?;
    }
    Ok(())
}

/// The keys an index's entries hold for parts in `parts`, in its order.
fn keys_in<E: Entry, K: Key>(
    entries: &impl ReadableTable<E, ()>,
    parts: std::ops::RangeInclusive<u64>,
) -> Result<Vec<K>> {
    let (from, _) = E::bounds(*parts.start());
    let (_, to) = E::bounds(*parts.end());
    let mut keys = Vec::new();
    for row in entries.range(from..=to)? {
        keys.push(K::from_parts(&row?.0.value().key()));
    }
    Ok(keys)
}

/// The keys of the rows whose indexed part is in `parts`, by the index of a file that has it
/// (`None` before its first write built it).
fn keys_read<K: Key>(
    txn: &ReadTransaction,
    index: &Index,
    parts: std::ops::RangeInclusive<u64>,
) -> Result<Option<Vec<K>>> {
    on_entries!(index, entries => match crate::platform::store::open_read(txn, entries)? {
        Some(entries) => keys_in(&entries, parts).map(Some),
        None => Ok(None),
    })
}

pub(super) fn lookup_read<K: Key, V: Serialize, R: RedbValue<V>>(
    txn: &ReadTransaction,
    table: &Table<K, V, R>,
    index: &Index,
    parts: std::ops::RangeInclusive<u64>,
) -> Result<Vec<(K, V)>> {
    let Some(keys) = keys_read(txn, index, parts.clone())? else {
        // Not built yet (the first write builds it): the table's rows, read whole, in its order.
        let mut found = Vec::new();
        for (key, value) in range_read(txn, table, &[])? {
            let part = index.part_of(&key, &value)?;
            if parts.contains(&part) {
                found.push((part, key, value));
            }
        }
        found.sort_by(|(a, x, _), (b, y, _)| (a, x).cmp(&(b, y)));
        return Ok(found.into_iter().map(|(_, k, v)| (k, v)).collect());
    };
    rows_at(keys, |key| get_read(txn, table, &key))
}

pub(super) fn lookup_write<K: Key, V: Serialize, R: RedbValue<V>>(
    txn: &WriteTransaction,
    table: &Table<K, V, R>,
    index: &Index,
    parts: std::ops::RangeInclusive<u64>,
) -> Result<Vec<(K, V)>> {
    built(txn, table, index)?;
    let keys: Vec<K> = on_entries!(index, entries => keys_in(&txn.open_table(entries)?, parts))?;
    rows_at(keys, |key| get_write(txn, table, &key))
}

fn rows_at<K: Key, V>(
    keys: Vec<K>,
    mut get: impl FnMut(K) -> Result<Option<V>>,
) -> Result<Vec<(K, V)>> {
    let mut rows = Vec::with_capacity(keys.len());
    for key in keys {
        let value = get(key.clone())?.ok_or_else(|| {
            anyhow::anyhow!("an index entry names the key {key:?}, which holds no row")
        })?;
        rows.push((key, value));
    }
    Ok(rows)
}

/// Deletes the entries of the rows whose key starts with one of `ids` (a firm's purge); answers
/// how many.
pub(super) fn purge_index(
    txn: &WriteTransaction,
    index: &Index,
    ids: &[u64],
) -> anyhow::Result<u64> {
    if !has_table(txn, index.name)? {
        return Ok(0);
    }
    on_entries!(index, entries => purge(txn, entries, ids))
}

fn purge<E: Entry>(
    txn: &WriteTransaction,
    entries: redb::TableDefinition<'static, E, ()>,
    ids: &[u64],
) -> anyhow::Result<u64> {
    let mut entries = txn.open_table(entries)?;
    let before = redb::ReadableTableMetadata::len(&entries)?;
    entries.retain(|entry, _| !ids.contains(&entry.first()))?;
    Ok(before - redb::ReadableTableMetadata::len(&entries)?)
}
