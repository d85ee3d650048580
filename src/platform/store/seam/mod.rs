//! The storage seam (issue 79): a domain declares its tables once (`Table`) and writes each
//! storage operation once, against `Tx`, and the same body runs on either engine. Only this
//! module knows redb from PostgreSQL (`redb.rs`, `pg.rs`); above it no code matches on the
//! backend.
//!
//! What a declaration gives, on each engine:
//! - redb: the table `redb` (its key type), as tables were declared before the seam, the value
//!   its JSON (`value`: the same JSON PostgreSQL holds, so a value grows a field without a
//!   migration on either engine; schema 11 converted the bincode of before); ids from META's
//!   `seq:<sequence>`.
//! - PostgreSQL: one table named `name`, with one `bigint` column per key part (`key_columns`,
//!   the primary key, so rows sort as redb's keys do; `text COLLATE "C"` for a text key) and the value as `jsonb` (a value can grow a
//!   field without a migration); ids from the sequence `seq_<sequence>`. A table missing from the
//!   database is created from the declaration at its first use in a process.
//!
//! The semantics are the same on both: `write` is serializable (redb's one writer; PostgreSQL's
//! SERIALIZABLE, the body retried on a serialization failure or a deadlock, so it must do nothing
//! but storage work), `read` is one snapshot (`get_one` and `range_one`, a lone read, are one
//! statement with no transaction around it), ids are never handed to two committed rows (gaps
//! allowed), `insert_new` of a key that is taken is the same 409, and `open_firm` refuses a firm
//! merged away (409) or deleted (410) and takes the firm's scope lock. Key parts are integers up
//! to `i64::MAX` (PostgreSQL's `bigint`), or text without a NUL, refused otherwise on both
//! engines.

mod hashed;
mod pg;
mod redb;
#[cfg(test)]
mod tests;
pub mod value;

pub use hashed::{find_by_hash, hash_key, text_key};
pub use pg::create_declared;

use std::fmt::Debug;
use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::postgres::changes::Change;
use super::{FileStore, PgStore, PgTx, Store, TableCount, WriteTx};
use crate::platform::error::{AppError, Result, conflict};
use crate::platform::firm_id::FirmId;

/// One part of a key: an integer, or text (compared by its bytes, as redb compares `&str` and
/// PostgreSQL a `text COLLATE "C"` column).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    Int(u64),
    Text(String),
}

impl Part {
    /// The integer of an integer part (0 for text: a key's own parts are never asked so).
    pub fn int(&self) -> u64 {
        match self {
            Part::Int(n) => *n,
            Part::Text(_) => 0,
        }
    }

    /// Whether both engines store this part: an integer up to `MAX_PART`, text without a NUL
    /// (which PostgreSQL's `text` cannot hold).
    fn storable(&self) -> bool {
        match self {
            Part::Int(n) => *n <= MAX_PART,
            Part::Text(t) => !t.contains('\0'),
        }
    }
}

impl From<u64> for Part {
    fn from(n: u64) -> Part {
        Part::Int(n)
    }
}

/// What a key of a declared table is made of: one to four integers, or one text part, compared in
/// order, as redb compares its keys and PostgreSQL a primary key of `bigint` (or `text COLLATE
/// "C"`) columns.
pub trait Key: Clone + Ord + Debug + Send + Sync + 'static {
    /// How many parts (the declaration names as many `key_columns`).
    const LEN: usize;
    /// Whether the key is one text part: PostgreSQL's column is then `text COLLATE "C"`.
    const TEXT: bool = false;
    /// The key's type in its redb table.
    type Redb: ::redb::Key + super::registry::FirstId + Send + Sync + 'static;
    fn parts(&self) -> Vec<Part>;
    /// The key of `parts` (exactly `LEN` of them, of the key's own kinds).
    fn from_parts(parts: &[Part]) -> Self;
    /// This key as its redb table holds it.
    fn as_redb(&self) -> <Self::Redb as ::redb::Value>::SelfType<'_>;
    fn from_redb(key: <Self::Redb as ::redb::Value>::SelfType<'_>) -> Self;
}

/// A key of one text part (a setting's name), kept in a redb table of `&str` keys.
impl Key for String {
    const LEN: usize = 1;
    const TEXT: bool = true;
    type Redb = &'static str;
    fn parts(&self) -> Vec<Part> {
        vec![Part::Text(self.clone())]
    }
    fn from_parts(parts: &[Part]) -> String {
        match &parts[0] {
            Part::Text(t) => t.clone(),
            Part::Int(n) => n.to_string(),
        }
    }
    fn as_redb(&self) -> &str {
        self
    }
    fn from_redb(key: &str) -> String {
        key.to_string()
    }
}

impl Key for u64 {
    const LEN: usize = 1;
    type Redb = u64;
    fn parts(&self) -> Vec<Part> {
        vec![Part::Int(*self)]
    }
    fn from_parts(parts: &[Part]) -> u64 {
        parts[0].int()
    }
    fn as_redb(&self) -> u64 {
        *self
    }
    fn from_redb(key: u64) -> u64 {
        key
    }
}

impl Key for (u64, u64) {
    const LEN: usize = 2;
    type Redb = (u64, u64);
    fn parts(&self) -> Vec<Part> {
        vec![Part::Int(self.0), Part::Int(self.1)]
    }
    fn from_parts(parts: &[Part]) -> (u64, u64) {
        (parts[0].int(), parts[1].int())
    }
    fn as_redb(&self) -> (u64, u64) {
        *self
    }
    fn from_redb(key: (u64, u64)) -> (u64, u64) {
        key
    }
}

impl Key for (u64, u64, u64) {
    const LEN: usize = 3;
    type Redb = (u64, u64, u64);
    fn parts(&self) -> Vec<Part> {
        vec![Part::Int(self.0), Part::Int(self.1), Part::Int(self.2)]
    }
    fn from_parts(parts: &[Part]) -> (u64, u64, u64) {
        (parts[0].int(), parts[1].int(), parts[2].int())
    }
    fn as_redb(&self) -> (u64, u64, u64) {
        *self
    }
    fn from_redb(key: (u64, u64, u64)) -> (u64, u64, u64) {
        key
    }
}

/// A key whose last part is a signed integer (a day), as tables declared before the seam have it:
/// only days from 1970 on are stored (a negative part is out of range on both engines).
impl Key for (u64, u64, i64) {
    const LEN: usize = 3;
    type Redb = (u64, u64, i64);
    fn parts(&self) -> Vec<Part> {
        // A negative part turns into one above `MAX_PART`, which the seam refuses.
        vec![
            Part::Int(self.0),
            Part::Int(self.1),
            Part::Int(self.2 as u64),
        ]
    }
    fn from_parts(parts: &[Part]) -> (u64, u64, i64) {
        (
            parts[0].int(),
            parts[1].int(),
            parts[2].int().min(MAX_PART) as i64,
        )
    }
    fn as_redb(&self) -> (u64, u64, i64) {
        *self
    }
    fn from_redb(key: (u64, u64, i64)) -> (u64, u64, i64) {
        key
    }
}

/// A key whose last part is a `u32` (an evaluation's round), as a table declared before the seam
/// has it: a range's upper bound past `u32::MAX` stops at it.
impl Key for (u64, u64, u32) {
    const LEN: usize = 3;
    type Redb = (u64, u64, u32);
    fn parts(&self) -> Vec<Part> {
        vec![
            Part::Int(self.0),
            Part::Int(self.1),
            Part::Int(u64::from(self.2)),
        ]
    }
    fn from_parts(parts: &[Part]) -> (u64, u64, u32) {
        (
            parts[0].int(),
            parts[1].int(),
            u32::try_from(parts[2].int()).unwrap_or(u32::MAX),
        )
    }
    fn as_redb(&self) -> (u64, u64, u32) {
        *self
    }
    fn from_redb(key: (u64, u64, u32)) -> (u64, u64, u32) {
        key
    }
}

/// A key of four parts whose third is a signed integer (a day) and fourth a `u32`, as a table
/// declared before the seam has it (the renewal reminders' claims): only days from 1970 on are
/// stored, and a range's upper bound past `u32::MAX` stops at it.
impl Key for (u64, u64, i64, u32) {
    const LEN: usize = 4;
    type Redb = (u64, u64, i64, u32);
    fn parts(&self) -> Vec<Part> {
        // A negative day turns into a part above `MAX_PART`, which the seam refuses.
        vec![
            Part::Int(self.0),
            Part::Int(self.1),
            Part::Int(self.2 as u64),
            Part::Int(u64::from(self.3)),
        ]
    }
    fn from_parts(parts: &[Part]) -> (u64, u64, i64, u32) {
        (
            parts[0].int(),
            parts[1].int(),
            parts[2].int().min(MAX_PART) as i64,
            u32::try_from(parts[3].int()).unwrap_or(u32::MAX),
        )
    }
    fn as_redb(&self) -> (u64, u64, i64, u32) {
        *self
    }
    fn from_redb(key: (u64, u64, i64, u32)) -> (u64, u64, i64, u32) {
        key
    }
}

/// How a value sits in its redb table: its JSON's bytes (`seam::value`) for every table the seam
/// declares, or a plain redb integer where a table declared before the seam holds one, kept so
/// that an existing file opens unchanged.
pub trait RedbValue<V>: ::redb::Value + Sync + 'static {
    /// Runs `put` with `value` as redb stores it (`table` names it in an error).
    fn encoded<T>(
        table: &str,
        value: &V,
        put: impl for<'a> FnOnce(Self::SelfType<'a>) -> T,
    ) -> Result<T>;
    fn decoded(table: &str, stored: Self::SelfType<'_>) -> Result<V>;
}

impl<V: Serialize + DeserializeOwned> RedbValue<V> for &'static [u8] {
    fn encoded<T>(table: &str, value: &V, put: impl for<'a> FnOnce(&'a [u8]) -> T) -> Result<T> {
        Ok(put(value::encode(table, value)?.as_slice()))
    }
    fn decoded(table: &str, stored: &[u8]) -> Result<V> {
        value::decode(table, stored)
    }
}

impl RedbValue<i64> for i64 {
    fn encoded<T>(_: &str, value: &i64, put: impl for<'a> FnOnce(i64) -> T) -> Result<T> {
        Ok(put(*value))
    }
    fn decoded(_: &str, stored: i64) -> Result<i64> {
        Ok(stored)
    }
}

impl RedbValue<u64> for u64 {
    fn encoded<T>(_: &str, value: &u64, put: impl for<'a> FnOnce(u64) -> T) -> Result<T> {
        Ok(put(*value))
    }
    fn decoded(_: &str, stored: u64) -> Result<u64> {
        Ok(stored)
    }
}

/// The largest key part either engine stores (PostgreSQL's `bigint`).
pub const MAX_PART: u64 = i64::MAX as u64;

/// A table declared once for both engines: keys `K`, values `V` (a serde type), kept in redb as
/// `R` (JSON bytes unless the table was declared before the seam with a plain integer).
pub struct Table<K: Key, V, R: ::redb::Value + 'static = &'static [u8]> {
    /// Its name in PostgreSQL and in the registry.
    pub name: &'static str,
    /// The redb table that holds it.
    pub redb: ::redb::TableDefinition<'static, K::Redb, R>,
    /// PostgreSQL's key columns, one per key part, in order.
    pub key_columns: &'static [&'static str],
    /// The id sequence `Tx::next_id` draws from, if the table has one.
    pub sequence: Option<&'static str>,
    /// Its secondary indexes (`Index`), kept by the seam on every write.
    pub indexes: &'static [&'static Index],
    value: PhantomData<fn() -> V>,
}

impl<K: Key, V, R: ::redb::Value + 'static> Table<K, V, R> {
    /// Declares a table. `key_columns` must name `K::LEN` columns (checked by the seam's tests and
    /// at every use).
    pub const fn new(
        name: &'static str,
        redb: ::redb::TableDefinition<'static, K::Redb, R>,
        key_columns: &'static [&'static str],
        sequence: Option<&'static str>,
    ) -> Table<K, V, R> {
        Table {
            name,
            redb,
            key_columns,
            sequence,
            indexes: &[],
            value: PhantomData,
        }
    }

    /// Declares a table born on the seam, its redb table of the same name: the whole of a new
    /// table's storage on both engines (hub mode makes it from this at migration, `create_declared`).
    pub const fn declare(
        name: &'static str,
        key_columns: &'static [&'static str],
        sequence: Option<&'static str>,
    ) -> Table<K, V, R> {
        Table::new(
            name,
            ::redb::TableDefinition::new(name),
            key_columns,
            sequence,
        )
    }

    /// The table with its secondary indexes.
    pub const fn indexed(self, indexes: &'static [&'static Index]) -> Table<K, V, R> {
        Table { indexes, ..self }
    }

    fn index(&self, index: &Index) -> Result<()> {
        if self.indexes.iter().any(|i| i.name == index.name) {
            Ok(())
        } else {
            Err(anyhow::anyhow!("{} is not an index of {}", index.name, self.name).into())
        }
    }
}

/// What a secondary index orders a table's rows by: one part of the key, or an unsigned integer
/// field of the value (a top-level field of its serde form).
#[derive(Debug, Clone, Copy)]
pub enum On {
    Key(usize),
    Field(&'static str),
}

/// A secondary index, declared with its table (`Table::indexed`): `Tx::lookup` finds the rows
/// whose indexed part is in a range without reading the others. Kept on each engine as it keeps
/// an index best:
/// - redb has no secondary index, so the seam keeps one: a redb table of its own, named as the
///   index, whose keys are (the indexed part, then the row's key) with no value, written in the
///   same transaction as every insert and remove of the row. A file whose table has rows but no
///   index table yet (written before the index was declared) gets it built at the first write
///   that meets it; a read meanwhile finds the rows by reading the table.
/// - PostgreSQL keeps a real index (`CREATE INDEX`, on the key column or on the value's field),
///   made with its table: the database maintains it inside every transaction, so the seam writes
///   nothing more, and the registry, the export and a purge see no table beside the declared one.
pub struct Index {
    /// The index's name on both engines.
    pub name: &'static str,
    pub on: On,
    /// On redb: (the indexed part, the row's key parts) -> ().
    redb: Entries,
}

/// An index's redb table, by how many integer parts its table's key has (a key of other parts is
/// refused at use).
#[derive(Clone, Copy)]
enum Entries {
    Two(::redb::TableDefinition<'static, (u64, u64, u64), ()>),
    Three(::redb::TableDefinition<'static, (u64, u64, u64, u64), ()>),
}

impl Index {
    /// Declares an index of a table keyed by two parts.
    pub const fn new(name: &'static str, on: On) -> Index {
        Index {
            name,
            on,
            redb: Entries::Two(::redb::TableDefinition::new(name)),
        }
    }

    /// Declares an index of a table keyed by three parts.
    pub const fn of_three_parts(name: &'static str, on: On) -> Index {
        Index {
            name,
            on,
            redb: Entries::Three(::redb::TableDefinition::new(name)),
        }
    }

    /// The part `on` of one row.
    fn part_of<K: Key, V: Serialize>(&self, key: &K, value: &V) -> Result<u64> {
        match self.on {
            On::Key(i) => Ok(key.parts()[i].int()),
            On::Field(field) => {
                let json = serde_json::to_value(value).map_err(anyhow::Error::from)?;
                json.get(field)
                    .and_then(serde_json::Value::as_u64)
                    .filter(|&p| p <= MAX_PART)
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "the indexed field {field} of {} is out of range",
                            self.name
                        )
                        .into()
                    })
            }
        }
    }
}

/// An index's redb table is a registry redb table: backup and check copy and count it, and a
/// firm's purge takes the entries of the rows whose key starts with the firm (their second part).
impl super::registry::RedbTable for Index {
    fn name(&self) -> &str {
        self.name
    }
    fn copy(
        &self,
        from: &::redb::ReadTransaction,
        to: &::redb::WriteTransaction,
    ) -> anyhow::Result<u64> {
        match self.redb {
            Entries::Two(entries) => entries.copy(from, to),
            Entries::Three(entries) => entries.copy(from, to),
        }
    }
    fn purge_keys(&self, txn: &::redb::WriteTransaction, ids: &[u64]) -> anyhow::Result<u64> {
        redb::purge_index(txn, self, ids)
    }
}

/// What the PostgreSQL engine needs of a declaration, whatever its types.
pub trait Declared: Sync {
    fn name(&self) -> &'static str;
    fn key_columns(&self) -> &'static [&'static str];
    fn sequence(&self) -> Option<&'static str>;
    fn indexes(&self) -> &'static [&'static Index];
    /// Whether the key is one text part (`Key::TEXT`).
    fn text_key(&self) -> bool {
        false
    }
}

/// A declared table as the registry holds it, whatever its types: what hub mode's schema is made
/// from, and what moves its rows from one engine to the other.
pub trait Registered: Declared {
    /// Copies every row of a redb file's table into PostgreSQL (`copy_to_postgres`).
    fn copy_to_postgres(&self, from: &FileStore, to: &PgStore) -> Result<TableCount>;
}

impl<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>> Registered for Table<K, V, R>
where
    Table<K, V, R>: Sync,
{
    fn copy_to_postgres(&self, from: &FileStore, to: &PgStore) -> Result<TableCount> {
        copy_to_postgres(from, to, self)
    }
}

impl<K: Key, V, R: ::redb::Value + 'static> Declared for Table<K, V, R>
where
    Table<K, V, R>: Sync,
{
    fn name(&self) -> &'static str {
        self.name
    }
    fn key_columns(&self) -> &'static [&'static str] {
        self.key_columns
    }
    fn sequence(&self) -> Option<&'static str> {
        self.sequence
    }
    fn indexes(&self) -> &'static [&'static Index] {
        self.indexes
    }
    fn text_key(&self) -> bool {
        K::TEXT
    }
}

/// A declared table is a registry's redb table like any other: backup, check, rewrite and purge
/// copy and delete its redb rows by its redb definition.
impl<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>> super::registry::RedbTable
    for Table<K, V, R>
where
    Table<K, V, R>: Sync,
    ::redb::TableDefinition<'static, K::Redb, R>: Sync,
{
    fn name(&self) -> &str {
        super::registry::RedbTable::name(&self.redb)
    }
    fn copy(
        &self,
        from: &::redb::ReadTransaction,
        to: &::redb::WriteTransaction,
    ) -> anyhow::Result<u64> {
        self.redb.copy(from, to)
    }
    fn purge_keys(&self, txn: &::redb::WriteTransaction, ids: &[u64]) -> anyhow::Result<u64> {
        self.redb.purge_keys(txn, ids)
    }
    fn declared(&self) -> Option<&dyn Registered> {
        Some(self)
    }
}

/// The 409 of `insert_new` for a key that is taken, on both engines.
pub const TAKEN: &str = "This was saved at the same moment by someone else: reload and try again";

/// One transaction of either engine, read-only (`read`) or not (`write`, `within`).
pub struct Tx<'t, 's> {
    engine: Engine<'t, 's>,
}

enum Engine<'t, 's> {
    RedbRead(&'t ::redb::ReadTransaction),
    RedbWrite(&'t ::redb::WriteTransaction),
    Pg { tx: &'t mut PgTx<'s>, write: bool },
}

/// Whether `key` can be stored at all: no row is ever written at a key above `MAX_PART` (or of
/// text with a NUL), so a read or a removal of one (an id from a request past `i64::MAX`) finds
/// nothing, on both engines.
fn storable<K: Key>(key: &K) -> bool {
    key.parts().iter().all(Part::storable)
}

fn check_key<K: Key, V, R: ::redb::Value>(table: &Table<K, V, R>, key: &K) -> Result<()> {
    check_columns(table)?;
    if !storable(key) {
        return Err(anyhow::anyhow!("a key of {} is out of range: {key:?}", table.name).into());
    }
    Ok(())
}

fn check_columns<K: Key, V, R: ::redb::Value>(table: &Table<K, V, R>) -> Result<()> {
    if table.key_columns.len() != K::LEN {
        return Err(anyhow::anyhow!(
            "the table {} declares {} key columns for keys of {} parts",
            table.name,
            table.key_columns.len(),
            K::LEN
        )
        .into());
    }
    Ok(())
}

impl Tx<'_, '_> {
    fn writable(&self) -> Result<()> {
        match self.engine {
            Engine::RedbRead(_) | Engine::Pg { write: false, .. } => {
                Err(anyhow::anyhow!("a write inside a read-only transaction").into())
            }
            _ => Ok(()),
        }
    }

    /// The value at `key`, if any.
    pub fn get<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        key: K,
    ) -> Result<Option<V>> {
        if !storable(&key) {
            return Ok(None);
        }
        check_key(table, &key)?;
        match &mut self.engine {
            Engine::RedbRead(txn) => redb::get_read(txn, table, &key),
            Engine::RedbWrite(txn) => redb::get_write(txn, table, &key),
            Engine::Pg { tx, .. } => pg::get(tx, table, &key),
        }
    }

    /// The value at `key`, if any, its row held to the end of the transaction: no other write of
    /// that row (nor a key-share of it, as `open_firm` takes) runs until then. PostgreSQL locks
    /// it `FOR UPDATE`; redb's one writer holds every row already. A caller holding several rows
    /// takes them in key order, so two such writes cannot deadlock.
    pub fn get_for_update<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        key: K,
    ) -> Result<Option<V>> {
        self.writable()?;
        if !storable(&key) {
            return Ok(None);
        }
        check_key(table, &key)?;
        match &mut self.engine {
            Engine::RedbWrite(txn) => redb::get_write(txn, table, &key),
            Engine::Pg { tx, .. } => pg::get_for_update(tx, table, &key),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Whether `table` holds no row: one statement, whatever the table's size (a sign-up asks
    /// whether it makes the install's first account).
    pub fn is_empty<K: Key, V, R: RedbValue<V>>(&mut self, table: &Table<K, V, R>) -> Result<bool> {
        check_columns(table)?;
        match &mut self.engine {
            Engine::RedbRead(txn) => redb::is_empty_read(txn, table),
            Engine::RedbWrite(txn) => redb::is_empty_write(txn, table),
            Engine::Pg { tx, .. } => pg::is_empty(tx, table),
        }
    }

    /// The values at `keys`, in their order (`None` where there is none): one round trip.
    pub fn get_many<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        keys: &[K],
    ) -> Result<Vec<Option<V>>> {
        if !keys.iter().all(storable) {
            return keys
                .iter()
                .map(|key| self.get(table, key.clone()))
                .collect();
        }
        for key in keys {
            check_key(table, key)?;
        }
        match &mut self.engine {
            Engine::RedbRead(_) | Engine::RedbWrite(_) => keys
                .iter()
                .map(|key| self.get(table, key.clone()))
                .collect(),
            Engine::Pg { tx, .. } => pg::get_many(tx, table, keys),
        }
    }

    /// Every row of a table of text keys whose key starts with the text `prefix`, in key order
    /// (the bytes' order on both engines).
    pub fn range_text<V: DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<String, V, R>,
        prefix: &str,
    ) -> Result<Vec<(String, V)>> {
        check_columns(table)?;
        if prefix.contains('\0') {
            return Ok(Vec::new());
        }
        match &mut self.engine {
            Engine::RedbRead(txn) => redb::range_text_read(txn, table, prefix),
            Engine::RedbWrite(txn) => redb::range_text_write(txn, table, prefix),
            Engine::Pg { tx, .. } => pg::range_text(tx, table, prefix),
        }
    }

    /// Every row whose key starts with `prefix` (fewer parts than the key; none for the whole
    /// table), in key order.
    pub fn range<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        prefix: &[u64],
    ) -> Result<Vec<(K, V)>> {
        if prefix.len() >= K::LEN {
            return Err(anyhow::anyhow!("a prefix {prefix:?} of {}'s keys", table.name).into());
        }
        check_columns(table)?;
        if prefix.iter().any(|&p| p > MAX_PART) {
            return Ok(Vec::new());
        }
        match &mut self.engine {
            Engine::RedbRead(txn) => redb::range_read(txn, table, prefix),
            Engine::RedbWrite(txn) => redb::range_write(txn, table, prefix),
            Engine::Pg { tx, .. } => pg::range(tx, table, prefix),
        }
    }

    /// Every row whose key starts with one of `prefixes` (each of the same length, fewer parts
    /// than the key), in key order: one round trip, where a range per prefix (a firm's members'
    /// clicks) would cost one each.
    pub fn range_many<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        prefixes: &[&[u64]],
    ) -> Result<Vec<(K, V)>> {
        let Some(first) = prefixes.first() else {
            return Ok(Vec::new());
        };
        if first.is_empty()
            || first.len() >= K::LEN
            || prefixes.iter().any(|p| p.len() != first.len())
        {
            return Err(anyhow::anyhow!("prefixes {prefixes:?} of {}'s keys", table.name).into());
        }
        check_columns(table)?;
        let mut prefixes: Vec<&[u64]> = (prefixes.iter().copied())
            .filter(|p| p.iter().all(|&part| part <= MAX_PART))
            .collect();
        prefixes.sort_unstable();
        prefixes.dedup();
        match &mut self.engine {
            Engine::RedbRead(_) | Engine::RedbWrite(_) => {
                let mut rows = Vec::new();
                for prefix in prefixes {
                    rows.extend(self.range(table, prefix)?);
                }
                Ok(rows)
            }
            Engine::Pg { tx, .. } => pg::range_many(tx, table, &prefixes),
        }
    }

    /// The rows of `table` whose part `index` orders them by is in `parts`, in the order of
    /// (that part, key): read through the index, not the whole table.
    pub fn lookup<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        index: &Index,
        parts: std::ops::RangeInclusive<u64>,
    ) -> Result<Vec<(K, V)>> {
        table.index(index)?;
        check_columns(table)?;
        let parts = *parts.start()..=(*parts.end()).min(MAX_PART);
        if parts.is_empty() {
            return Ok(Vec::new());
        }
        match &mut self.engine {
            Engine::RedbRead(txn) => redb::lookup_read(txn, table, index, parts),
            Engine::RedbWrite(txn) => redb::lookup_write(txn, table, index, parts),
            Engine::Pg { tx, .. } => pg::lookup(tx, table, index, parts),
        }
    }

    /// Writes `value` at `key`, over any value there.
    pub fn insert<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        key: K,
        value: &V,
    ) -> Result<()> {
        check_key(table, &key)?;
        self.writable()?;
        match &mut self.engine {
            Engine::RedbWrite(txn) => redb::insert(txn, table, &key, value, true).map(|_| ()),
            Engine::Pg { tx, .. } => pg::insert(tx, table, &key, value, true).map(|_| ()),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Writes each value at its key, over any value there, as that many `insert`s would (a key
    /// given twice keeps its last value): one round trip on PostgreSQL, where a write of many rows
    /// (a stage's picks, their past recommendations) would otherwise cost a statement per row.
    pub fn insert_many<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        rows: &[(K, V)],
    ) -> Result<()> {
        for (key, _) in rows {
            check_key(table, key)?;
        }
        self.writable()?;
        match &mut self.engine {
            Engine::RedbWrite(txn) => {
                for (key, value) in rows {
                    redb::insert(txn, table, key, value, true)?;
                }
                Ok(())
            }
            Engine::Pg { tx, .. } => {
                let mut last = std::collections::BTreeMap::new();
                for (key, value) in rows {
                    last.insert(key, value);
                }
                let rows: Vec<(&K, &V)> = last.into_iter().collect();
                pg::insert_many(tx, table, &rows)
            }
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Writes `value` at `key` when a row holds it, and answers whether one did: nothing is
    /// written for a row that is gone, even one removed by a transaction that committed after this
    /// one read it (a purge is never undone by a late write of the row).
    pub fn update<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        key: K,
        value: &V,
    ) -> Result<bool> {
        self.writable()?;
        if !storable(&key) {
            return Ok(false);
        }
        check_key(table, &key)?;
        match &mut self.engine {
            Engine::RedbWrite(txn) => {
                if redb::get_write::<K, V, R>(txn, table, &key)?.is_none() {
                    return Ok(false);
                }
                redb::insert(txn, table, &key, value, true)
            }
            Engine::Pg { tx, .. } => pg::update(tx, table, &key, value),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Writes `value` at `key` when no row holds it; a 409 (`TAKEN`) when one does, after which
    /// the transaction goes on (nothing was written).
    pub fn insert_new<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        key: K,
        value: &V,
    ) -> Result<()> {
        check_key(table, &key)?;
        self.writable()?;
        let written = match &mut self.engine {
            Engine::RedbWrite(txn) => redb::insert(txn, table, &key, value, false)?,
            Engine::Pg { tx, .. } => pg::insert(tx, table, &key, value, false)?,
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        };
        if written {
            Ok(())
        } else {
            Err(conflict(TAKEN))
        }
    }

    /// Removes the row at `key` and answers its value.
    pub fn remove<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        key: K,
    ) -> Result<Option<V>> {
        self.writable()?;
        if !storable(&key) {
            return Ok(None);
        }
        check_key(table, &key)?;
        match &mut self.engine {
            Engine::RedbWrite(txn) => redb::remove(txn, table, &key),
            Engine::Pg { tx, .. } => pg::remove(tx, table, &key),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Gives the rows whose key starts with `from` to `into`: the first part of each key becomes
    /// `into`, the rest of the key and the value stay (so a value must not repeat its key's first
    /// part). Answers the rows moved. For a table whose other parts are unique across holders
    /// (an id of one sequence): a moved key that `into` already holds is the 409 of `insert_new`,
    /// and the write fails whole. One statement on PostgreSQL, where a firm merge would otherwise
    /// read and rewrite each of a long log's rows.
    pub fn move_rows<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        from: u64,
        into: u64,
    ) -> Result<u64> {
        self.writable()?;
        check_columns(table)?;
        if K::TEXT || K::LEN < 2 {
            return Err(anyhow::anyhow!("{}'s keys have no holder to move", table.name).into());
        }
        if from > MAX_PART || into > MAX_PART || from == into {
            return Ok(0);
        }
        if let Engine::RedbWrite(txn) = &self.engine
            && table.indexes.is_empty()
        {
            return redb::move_rows(txn, table, from, into);
        }
        match &mut self.engine {
            Engine::RedbWrite(_) => {
                let rows = self.range(table, &[from])?;
                for (key, value) in &rows {
                    let mut parts = key.parts();
                    parts[0] = Part::Int(into);
                    self.remove(table, key.clone())?;
                    self.insert_new(table, K::from_parts(&parts), value)?;
                }
                Ok(rows.len() as u64)
            }
            Engine::Pg { tx, .. } => pg::move_rows(tx, table, from, into),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Writes `value` at the key of `prefix` (every part but the last) and a new id of the
    /// table's sequence, and answers the id: `next_id` then `insert_new` (a key that is taken, a
    /// row written with its id by hand, is its 409), in one round trip on PostgreSQL.
    pub fn insert_next<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        prefix: &[u64],
        value: &V,
    ) -> Result<u64> {
        self.writable()?;
        check_next(table, prefix)?;
        match &mut self.engine {
            Engine::RedbWrite(_) => {
                let id = self.next_id(table)?;
                let key: Vec<Part> = prefix.iter().chain([&id]).map(|&p| Part::Int(p)).collect();
                self.insert_new(table, K::from_parts(&key), value)?;
                Ok(id)
            }
            Engine::Pg { tx, .. } => {
                pg::insert_next(tx, table, prefix, value, None)?.ok_or_else(|| conflict(TAKEN))
            }
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// The next id of the table's sequence: larger than every id it gave a committed write.
    pub fn next_id<K: Key, V, R: RedbValue<V>>(&mut self, table: &Table<K, V, R>) -> Result<u64> {
        self.writable()?;
        let Some(sequence) = table.sequence else {
            return Err(anyhow::anyhow!("the table {} has no id sequence", table.name).into());
        };
        match &mut self.engine {
            Engine::RedbWrite(txn) => Ok(super::next_id(txn, sequence)?),
            Engine::Pg { tx, .. } => pg::next_id(tx, table),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Moves the table's sequence to at least `at_least` (after rows were copied with their ids).
    pub fn bump_sequence<K: Key, V, R: RedbValue<V>>(
        &mut self,
        table: &Table<K, V, R>,
        at_least: u64,
    ) -> Result<()> {
        self.writable()?;
        let Some(sequence) = table.sequence else {
            return Ok(());
        };
        match &mut self.engine {
            Engine::RedbWrite(txn) => Ok(super::bump_sequence(txn, sequence, at_least)?),
            Engine::Pg { tx, .. } => pg::bump_sequence(tx, table, at_least),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Takes the scope locks of `firms`, in id order: two writes of one firm take turns on any
    /// node (redb's one writer already does). Serializable writes would be correct without it;
    /// the lock spares them the retries of a firm's hot rows.
    pub fn lock_firms(&mut self, firms: &[FirmId]) -> Result<()> {
        self.writable()?;
        match &mut self.engine {
            Engine::RedbWrite(_) => Ok(()),
            Engine::Pg { tx, .. } => pg::lock_firms(tx, firms),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// Takes an install-wide scope lock (`lock`, one key per kind of write that must take turns
    /// on every node: the catalog's, the sign-ups', the vendor accounts'), held to the commit.
    /// redb's one writer already takes turns.
    pub fn lock_install(&mut self, lock: i64) -> Result<()> {
        self.writable()?;
        match &mut self.engine {
            Engine::RedbWrite(_) => Ok(()),
            Engine::Pg { tx, .. } => pg::lock_install(tx, lock),
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
    }

    /// The first step of a write of a firm's rows: a 409 when the firm was merged away, a 410
    /// when it was deleted (`store::merged`), then the firm's scope lock.
    pub fn open_firm(&mut self, firm: FirmId) -> Result<()> {
        self.writable()?;
        match &mut self.engine {
            Engine::RedbWrite(txn) => super::merged::refuse_in_file(txn, firm)?,
            Engine::Pg { tx, .. } => {
                let store = tx.store();
                store.run(super::merged::refuse_in_pg(tx.conn()?, firm))?;
            }
            Engine::RedbRead(_) => unreachable!("refused by writable"),
        }
        self.lock_firms(&[firm])
    }

    /// `open_firm` for a write that, for a firm merged away or deleted, simply does nothing:
    /// whether the firm is open (its scope lock taken when it is).
    pub fn firm_is_open(&mut self, firm: FirmId) -> Result<bool> {
        match self.open_firm(firm) {
            Ok(()) => Ok(true),
            Err(AppError::Conflict(m) | AppError::Gone(m))
                if m == super::merged::MERGED || m == super::merged::DELETED =>
            {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Records `change` for the other nodes of a hub when the transaction commits (the redb file
    /// has no other node to tell).
    pub fn record_change(&mut self, change: Change) {
        if let Engine::Pg { tx, write: true } = &mut self.engine {
            tx.record_change(change);
        }
    }
}

/// Whether `insert_next` can write at `prefix` and a new id: a table of integer keys with a
/// sequence, the prefix every part but the last, each in range.
fn check_next<K: Key, V, R: ::redb::Value>(table: &Table<K, V, R>, prefix: &[u64]) -> Result<()> {
    check_columns(table)?;
    if K::TEXT || table.sequence.is_none() || prefix.len() + 1 != K::LEN {
        return Err(anyhow::anyhow!("{} takes no new id after {prefix:?}", table.name).into());
    }
    if prefix.iter().any(|&p| p > MAX_PART) {
        return Err(anyhow::anyhow!("a key of {} is out of range: {prefix:?}", table.name).into());
    }
    Ok(())
}

/// Writes `value` at (`firm`, a new id of the table's sequence) when the firm is here, and
/// answers the id; `None`, and nothing written, for a firm merged away, deleted or never made.
/// One statement on PostgreSQL, with no transaction around it: for a line a change writes after
/// its own transaction (the firm's audit log), which must cost that change no more.
pub fn insert_next_for_firm<V: Serialize + DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<(u64, u64), V, R>,
    firm: FirmId,
    value: &V,
) -> Result<Option<u64>> {
    check_next(table, &[firm.get()])?;
    match store {
        Store::File(file) => {
            let txn = file.write()?;
            if ::redb::ReadableTable::get(&txn.open_table(super::FIRMS)?, firm.get())?.is_none() {
                return Ok(None);
            }
            let id = Tx {
                engine: Engine::RedbWrite(&txn),
            }
            .insert_next(table, &[firm.get()], value)?;
            txn.commit()?;
            Ok(Some(id))
        }
        Store::Postgres(pg) => pg::insert_next(
            &mut PgTx::lone(pg)?,
            table,
            &[firm.get()],
            value,
            Some(firm.get()),
        ),
    }
}

/// Runs `body` in one read transaction: one snapshot of the store.
pub fn read<T>(store: &Store, body: impl FnOnce(&mut Tx) -> Result<T>) -> Result<T> {
    match store {
        Store::File(file) => {
            let txn = file.read()?;
            body(&mut Tx {
                engine: Engine::RedbRead(&txn),
            })
        }
        Store::Postgres(pg) => pg::read(pg, |tx| {
            body(&mut Tx {
                engine: Engine::Pg { tx, write: false },
            })
        }),
    }
}

/// The value at `key`, read by one statement: `read` of a lone `get`, without the transaction
/// around it on PostgreSQL (a statement is a snapshot by itself).
pub fn get_one<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<K, V, R>,
    key: K,
) -> Result<Option<V>> {
    lone(store, |tx| tx.get(table, key))
}

/// Every row whose key starts with `prefix`, read by one statement (`get_one`'s `range`).
pub fn range_one<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<K, V, R>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    lone(store, |tx| tx.range(table, prefix))
}

/// The values at `keys`, in their order, read by one statement (`Tx::get_many`).
pub fn get_many_one<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<K, V, R>,
    keys: &[K],
) -> Result<Vec<Option<V>>> {
    lone(store, |tx| tx.get_many(table, keys))
}

/// Whether `table` holds no row, read by one statement (`Tx::is_empty`).
pub fn is_empty_one<K: Key, V, R: RedbValue<V>>(
    store: &Store,
    table: &Table<K, V, R>,
) -> Result<bool> {
    lone(store, |tx| tx.is_empty(table))
}

/// Every row whose text key starts with `prefix`, read by one statement (`Tx::range_text`).
pub fn range_text_one<V: DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<String, V, R>,
    prefix: &str,
) -> Result<Vec<(String, V)>> {
    lone(store, |tx| tx.range_text(table, prefix))
}

/// Every row whose key starts with one of `prefixes`, read by one statement (`Tx::range_many`).
pub fn range_many_one<K: Key, V: DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<K, V, R>,
    prefixes: &[&[u64]],
) -> Result<Vec<(K, V)>> {
    lone(store, |tx| tx.range_many(table, prefixes))
}

/// The rows `index` finds with its part in `parts`, read by one statement (`Tx::lookup`).
pub fn lookup_one<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
    store: &Store,
    table: &Table<K, V, R>,
    index: &Index,
    parts: std::ops::RangeInclusive<u64>,
) -> Result<Vec<(K, V)>> {
    lone(store, |tx| tx.lookup(table, index, parts))
}

/// Runs `body`, one statement, outside any transaction on PostgreSQL; in a read on redb.
fn lone<T>(store: &Store, body: impl FnOnce(&mut Tx) -> Result<T>) -> Result<T> {
    match store {
        Store::File(_) => read(store, body),
        Store::Postgres(pg) => body(&mut Tx {
            engine: Engine::Pg {
                tx: &mut PgTx::lone(pg)?,
                write: false,
            },
        }),
    }
}

/// Runs `body` in one serializable write transaction and commits what it wrote when it answers
/// `Ok`; an `Err` writes nothing. On PostgreSQL the body runs again after a serialization failure
/// or a deadlock, so it must hold no effect outside the transaction.
pub fn write<T>(store: &Store, mut body: impl FnMut(&mut Tx) -> Result<T>) -> Result<T> {
    match store {
        Store::File(file) => {
            let txn = file.write()?;
            let out = body(&mut Tx {
                engine: Engine::RedbWrite(&txn),
            })?;
            txn.commit()?;
            Ok(out)
        }
        Store::Postgres(pg) => pg::write(pg, |tx| {
            body(&mut Tx {
                engine: Engine::Pg { tx, write: true },
            })
        }),
    }
}

/// Runs `body` inside a write transaction begun elsewhere (a firm merge, an archive's import), at
/// that transaction's isolation: its own locks are what keep it right.
pub fn within<T>(tx: &mut WriteTx, body: impl FnOnce(&mut Tx) -> Result<T>) -> Result<T> {
    match tx {
        WriteTx::File(txn) => body(&mut Tx {
            engine: Engine::RedbWrite(txn),
        }),
        WriteTx::Postgres(tx) => body(&mut Tx {
            engine: Engine::Pg { tx, write: true },
        }),
    }
}

/// Runs `body` inside a schema step's redb write transaction (`store::migrate`): a step that
/// rekeys a seam table writes its rows as every seam write does, its indexes with them.
pub(in crate::platform::store) fn in_schema_step<T>(
    txn: &::redb::WriteTransaction,
    body: impl FnOnce(&mut Tx) -> Result<T>,
) -> Result<T> {
    body(&mut Tx {
        engine: Engine::RedbWrite(txn),
    })
}

/// Copies every row of `table` from a redb file into PostgreSQL with its key, in one
/// transaction, and carries the file's id sequence over (moved at least past the ids copied):
/// the table's part of `litstack export-to-postgres`. Answers the rows counted back: those the
/// copy added.
pub fn copy_to_postgres<K: Key, V: Serialize + DeserializeOwned, R: RedbValue<V>>(
    from: &FileStore,
    to: &PgStore,
    table: &Table<K, V, R>,
) -> Result<TableCount> {
    let (rows, sequence) = {
        let txn = from.read()?;
        let rows = redb::range_read(&txn, table, &[])?;
        let sequence = match table.sequence {
            Some(name) => super::meta_get(&txn, &format!("seq:{name}"))?.unwrap_or(0),
            None => 0,
        };
        (rows, sequence)
    };
    // What the copy adds is counted: hub mode's settings hold the database's own id before it.
    let before = to.counted(table.name, 0)?.copied;
    let largest = rows
        .iter()
        .filter_map(|(key, _)| key.parts().last().map(Part::int))
        .max()
        .unwrap_or(0);
    pg::write(to, |tx| {
        let mut tx = Tx {
            engine: Engine::Pg { tx, write: true },
        };
        for (key, value) in &rows {
            tx.insert_new(table, key.clone(), value)?;
        }
        tx.bump_sequence(table, sequence.max(largest))
    })?;
    let after = to.counted(table.name, rows.len() as u64)?;
    Ok(TableCount {
        copied: after.copied.saturating_sub(before),
        ..after
    })
}

/// Whether `e` is PostgreSQL asking for the transaction to be run again.
fn is_retryable(e: &AppError) -> bool {
    match e {
        AppError::Internal(cause) => cause.chain().any(|c| {
            c.downcast_ref::<sqlx::Error>()
                .and_then(|e| e.as_database_error())
                .and_then(|d| d.code())
                .is_some_and(|code| code == "40001" || code == "40P01")
        }),
        _ => false,
    }
}
