//! The seam on redb: each declared table is its redb table, the value its JSON (`seam::value`,
//! the encoding PostgreSQL's `jsonb` holds), not `codec`'s bincode.

use redb::{ReadTransaction, ReadableTable, WriteTransaction};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::value::{decode, encode};
use super::{Key, Table};
use crate::platform::error::Result;

/// The bounds of the keys that start with `prefix`.
fn bounds<K: Key>(prefix: &[u64]) -> (K, K) {
    let mut low = prefix.to_vec();
    let mut high = prefix.to_vec();
    low.resize(K::LEN, 0);
    high.resize(K::LEN, u64::MAX);
    (K::from_parts(&low), K::from_parts(&high))
}

pub(super) fn get_read<K: Key, V: DeserializeOwned>(
    txn: &ReadTransaction,
    table: &Table<K, V>,
    key: K,
) -> Result<Option<V>> {
    let Some(rows) = crate::platform::store::open_read(txn, table.redb)? else {
        return Ok(None);
    };
    Ok(match rows.get(key.as_redb())? {
        Some(value) => Some(decode(table.name, value.value())?),
        None => None,
    })
}

pub(super) fn get_write<K: Key, V: DeserializeOwned>(
    txn: &WriteTransaction,
    table: &Table<K, V>,
    key: K,
) -> Result<Option<V>> {
    let rows = txn.open_table(table.redb)?;
    Ok(match rows.get(key.as_redb())? {
        Some(value) => Some(decode(table.name, value.value())?),
        None => None,
    })
}

fn decoded<'a, K: Key, V: DeserializeOwned>(
    table: &str,
    rows: impl Iterator<
        Item = std::result::Result<
            (
                redb::AccessGuard<'a, K>,
                redb::AccessGuard<'a, &'static [u8]>,
            ),
            redb::StorageError,
        >,
    >,
) -> Result<Vec<(K, V)>> {
    let mut out = Vec::new();
    for row in rows {
        let (key, value) = row?;
        out.push((K::from_redb(key.value()), decode(table, value.value())?));
    }
    Ok(out)
}

pub(super) fn range_read<K: Key, V: DeserializeOwned>(
    txn: &ReadTransaction,
    table: &Table<K, V>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    let Some(rows) = crate::platform::store::open_read(txn, table.redb)? else {
        return Ok(Vec::new());
    };
    let (low, high) = bounds::<K>(prefix);
    decoded(table.name, rows.range(low.as_redb()..=high.as_redb())?)
}

pub(super) fn range_write<K: Key, V: DeserializeOwned>(
    txn: &WriteTransaction,
    table: &Table<K, V>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    let rows = txn.open_table(table.redb)?;
    let (low, high) = bounds::<K>(prefix);
    decoded(table.name, rows.range(low.as_redb()..=high.as_redb())?)
}

/// Writes `value` at `key`; without `over`, only when no row holds the key. Answers whether it
/// wrote.
pub(super) fn insert<K: Key, V: Serialize>(
    txn: &WriteTransaction,
    table: &Table<K, V>,
    key: K,
    value: &V,
    over: bool,
) -> Result<bool> {
    let mut rows = txn.open_table(table.redb)?;
    if !over && rows.get(key.as_redb())?.is_some() {
        return Ok(false);
    }
    rows.insert(key.as_redb(), encode(table.name, value)?.as_slice())?;
    Ok(true)
}

pub(super) fn remove<K: Key, V: DeserializeOwned>(
    txn: &WriteTransaction,
    table: &Table<K, V>,
    key: K,
) -> Result<Option<V>> {
    let mut rows = txn.open_table(table.redb)?;
    let removed = rows.remove(key.as_redb())?;
    Ok(match removed {
        Some(value) => Some(decode(table.name, value.value())?),
        None => None,
    })
}
