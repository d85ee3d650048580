//! The seam on PostgreSQL: each declared table is one table of the same name, a `bigint` column
//! per key part (the primary key, in order; a text key is `text COLLATE "C"`, in redb's byte
//! order) and the value as `jsonb`; each sequence is
//! `seq_<name>`. Tables are created from their declaration at their first use in a process
//! (`ensure`), and only read about once they exist (a role that may only read and write rows
//! serves a database whose tables are all there). A value is the JSON `seam::value` writes, as
//! on redb.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::Row;

use super::value::from_json;
use super::{Declared, Index, Key, On, Part, Registered, Table};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{PgStore, PgTx};

/// The first key of a firm's scope lock, the firm's id folded into the second.
const FIRM_SCOPE: i32 = 0x5343_4f46;
/// How often a write runs again after a serialization failure or a deadlock before giving up.
const ATTEMPTS: u32 = 64;

const WRITE: &str = "BEGIN ISOLATION LEVEL SERIALIZABLE";
const READ: &str = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";

/// `name` as an identifier (names are the declarations' constants, never input): as it is when
/// it is a plain lower-case one (the SQL then reads as the rest of Litstack's, and as the
/// firm-scope test reads statements), else quoted. A declared name must not be a reserved word.
fn quoted(name: &str) -> String {
    let plain = name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

fn sequence_name(sequence: &str) -> String {
    format!("seq_{sequence}")
}

/// The statement that creates `table` as its declaration says.
pub fn create_table(table: &dyn Declared) -> String {
    let kind = if table.text_key() {
        "text COLLATE \"C\""
    } else {
        "bigint"
    };
    let columns: Vec<String> = table
        .key_columns()
        .iter()
        .map(|c| format!("{} {kind} NOT NULL", quoted(c)))
        .collect();
    let key: Vec<String> = table.key_columns().iter().map(|c| quoted(c)).collect();
    format!(
        "CREATE TABLE IF NOT EXISTS {} ({}, value jsonb NOT NULL, PRIMARY KEY ({}))",
        quoted(table.name()),
        columns.join(", "),
        key.join(", ")
    )
}

/// What `index` orders the rows by, in SQL: the key column, or the value's field as a `bigint`.
fn indexed(table: &dyn Declared, index: &Index) -> String {
    match index.on {
        On::Key(i) => quoted(table.key_columns()[i]),
        On::Field(field) => format!("((value->>'{}')::bigint)", field.replace('\'', "''")),
    }
}

/// The statement that creates `index` of `table`: on the indexed part, then the key columns (so a
/// lookup reads the rows in the order it answers them).
pub fn create_index(table: &dyn Declared, index: &Index) -> String {
    let on = indexed(table, index);
    let mut columns = vec![on.clone()];
    columns.extend(
        table
            .key_columns()
            .iter()
            .map(|c| quoted(c))
            .filter(|c| *c != on),
    );
    format!(
        "CREATE INDEX IF NOT EXISTS {} ON {} ({})",
        quoted(index.name),
        quoted(table.name()),
        columns.join(", ")
    )
}

/// The names of what a declaration makes: the table, its sequence and its indexes.
fn objects(table: &dyn Declared) -> Vec<String> {
    let mut names = vec![quoted(table.name())];
    names.extend(table.sequence().map(|s| quoted(&sequence_name(s))));
    names.extend(table.indexes().iter().map(|i| quoted(i.name)));
    names
}

/// Makes sure `table` (and its sequence and indexes) exists, once per process: asked on the caller's own
/// connection (a catalog read, so a busy pool is never asked for a second connection), and only
/// when it is missing created on a connection of its own, outside the caller's transaction (whose
/// rollback must not take the table with it).
fn ensure(tx: &mut PgTx, table: &dyn Declared) -> Result<()> {
    let store = tx.store();
    if store.seam_tables().contains(table.name()) {
        return Ok(());
    }
    let wanted = objects(table);
    let present: bool = store.run(
        sqlx::query_scalar(
            "SELECT bool_and(to_regclass(name) IS NOT NULL) FROM unnest($1::text[]) AS name",
        )
        .bind(wanted)
        .fetch_one(tx.conn()?),
    )?;
    if !present {
        create(store, table)?;
    }
    store.seam_tables().insert(table.name());
    Ok(())
}

/// Makes every table of `tables` (with its sequence and indexes) that the database lacks, as a
/// migration does: one question for all of them, a statement for each one missing. Hub mode's
/// schema is then whole before a node serves (a role that may only read and write rows, `litstack
/// check` and the export to PostgreSQL find every declared table), so a new seam table needs no
/// migration file; a table that already exists is left as it is.
pub fn create_declared(store: &PgStore, tables: &[&'static dyn Registered]) -> Result<()> {
    let wanted: Vec<String> = tables.iter().flat_map(|table| objects(*table)).collect();
    let missing: Vec<String> = store.run(
        sqlx::query_scalar(
            "SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NULL",
        )
        .bind(&wanted)
        .fetch_all(store.pool()),
    )?;
    for table in tables {
        if objects(*table).iter().any(|name| missing.contains(name)) {
            create(store, *table)?;
        }
        store.seam_tables().insert(table.name());
    }
    Ok(())
}

/// Creates what is missing of `table` and its sequence, as its declaration says.
fn create(store: &PgStore, table: &dyn Declared) -> Result<()> {
    let mut wanted = vec![(table.name().to_string(), create_table(table))];
    if let (Some(sequence), Some(last)) = (table.sequence(), table.key_columns().last()) {
        // Owned by the key column it feeds: `litstack check` then finds it behind its ids.
        let name = sequence_name(sequence);
        let create = format!(
            "CREATE SEQUENCE IF NOT EXISTS {} OWNED BY {}.{}",
            quoted(&name),
            quoted(table.name()),
            quoted(last)
        );
        wanted.push((name, create));
    }
    for index in table.indexes() {
        wanted.push((index.name.to_string(), create_index(table, index)));
    }
    for (name, create) in wanted {
        let exists = |store: &PgStore| -> Result<bool> {
            Ok(store.run(
                sqlx::query_scalar::<_, bool>("SELECT to_regclass($1) IS NOT NULL")
                    .bind(quoted(&name))
                    .fetch_one(store.pool()),
            )?)
        };
        if exists(store)? {
            continue;
        }
        let made = store.run(sqlx::raw_sql(sqlx::AssertSqlSafe(create)).execute(store.pool()));
        // Two nodes creating it at once: one of them meets the other's catalog row.
        if let Err(e) = made
            && !exists(store)?
        {
            return Err(e.into());
        }
    }
    Ok(())
}

/// Runs `body` in a read-only snapshot. The transaction is dropped, not committed: a read-only
/// one ends the same either way, and the rollback a drop queues goes with the connection's next
/// statement instead of costing this read a round trip.
pub(super) fn read<T>(store: &PgStore, body: impl FnOnce(&mut PgTx) -> Result<T>) -> Result<T> {
    let mut tx = PgTx::begin_with(store, READ)?;
    body(&mut tx)
}

/// Runs `body` in a SERIALIZABLE transaction, again after a serialization failure or deadlock.
pub(super) fn write<T>(store: &PgStore, mut body: impl FnMut(&mut PgTx) -> Result<T>) -> Result<T> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let tried = (|| {
            let mut tx = PgTx::begin_with(store, WRITE)?;
            let out = body(&mut tx)?;
            tx.commit()?;
            Ok(out)
        })();
        match tried {
            Err(e) if attempt < ATTEMPTS && super::is_retryable(&e) => {
                // A short pause, longer with each attempt and a little random, so the writers
                // that collided do not collide again in step.
                let jitter = rand::random_range(0..=attempt.min(20));
                std::thread::sleep(std::time::Duration::from_millis(u64::from(jitter)));
            }
            other => return other,
        }
    }
}

fn clause(columns: &[&str], first: usize) -> String {
    columns
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} = ${}", quoted(c), first + i))
        .collect::<Vec<_>>()
        .join(" AND ")
}

fn column_list(columns: &[&str]) -> String {
    columns
        .iter()
        .map(|c| quoted(c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn part(p: u64) -> i64 {
    // The seam refuses parts above i64::MAX before it comes here.
    p as i64
}

/// The SQL type of an array of one key part's values.
fn array_type<K: Key>() -> &'static str {
    if K::TEXT { "text[]" } else { "bigint[]" }
}

/// Binds one key part.
macro_rules! bind_part {
    ($query:expr, $part:expr) => {
        match $part {
            Part::Int(n) => $query.bind(part(n)),
            Part::Text(t) => $query.bind(t),
        }
    };
}

/// Binds part `i` of every key, as one array.
macro_rules! bind_column {
    ($query:expr, $keys:expr, $i:expr) => {{
        let column: Vec<Part> = $keys.map(|k| k.parts().swap_remove($i)).collect();
        if K::TEXT {
            let texts: Vec<String> = column
                .into_iter()
                .map(|p| match p {
                    Part::Text(t) => t,
                    Part::Int(n) => n.to_string(),
                })
                .collect();
            $query.bind(texts)
        } else {
            let ints: Vec<i64> = column.iter().map(|p| part(p.int())).collect();
            $query.bind(ints)
        }
    }};
}

/// The key in the first `K::LEN` columns of `row`.
fn key_of<K: Key>(row: &sqlx::postgres::PgRow) -> Result<K> {
    let mut parts = Vec::with_capacity(K::LEN);
    for i in 0..K::LEN {
        if K::TEXT {
            parts.push(Part::Text(row.try_get(i)?));
        } else {
            let p: i64 = row.try_get(i)?;
            parts.push(Part::Int(u64::try_from(p).map_err(anyhow::Error::from)?));
        }
    }
    Ok(K::from_parts(&parts))
}

fn row_of<K: Key, V: DeserializeOwned>(table: &str, row: &sqlx::postgres::PgRow) -> Result<(K, V)> {
    let json: serde_json::Value = row.try_get(K::LEN)?;
    Ok((key_of(row)?, from_json(table, json)?))
}

pub(super) fn get<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    key: &K,
) -> Result<Option<V>> {
    keyed_value(tx, table, key, "SELECT value FROM {table} WHERE {key}")
}

pub(super) fn get_for_update<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    key: &K,
) -> Result<Option<V>> {
    keyed_value(
        tx,
        table,
        key,
        "SELECT value FROM {table} WHERE {key} FOR UPDATE",
    )
}

/// Runs `sql` (`{table}` and `{key}` filled in: the table and a match of the whole key) with the
/// key's parts bound, and answers the one `value` it returns, if any.
fn keyed_value<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    key: &K,
    sql: &str,
) -> Result<Option<V>> {
    ensure(tx, table)?;
    let store = tx.store();
    let sql = sql
        .replace("{table}", &quoted(table.name))
        .replace("{key}", &clause(table.key_columns, 1));
    let mut query = sqlx::query_scalar::<_, serde_json::Value>(sqlx::AssertSqlSafe(sql));
    for p in key.parts() {
        query = bind_part!(query, p);
    }
    match store.run(query.fetch_optional(tx.conn()?))? {
        Some(json) => Ok(Some(from_json(table.name, json)?)),
        None => Ok(None),
    }
}

pub(super) fn get_many<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    keys: &[K],
) -> Result<Vec<Option<V>>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    ensure(tx, table)?;
    let store = tx.store();
    let arrays: Vec<String> = (1..=K::LEN)
        .map(|i| format!("${i}::{}", array_type::<K>()))
        .collect();
    // The key's first column is named on its own too (`= ANY`), as `range_many` does: a firm's
    // rows are asked for by naming the firm, and it leads the primary key's index.
    let sql = format!(
        "SELECT {}, value FROM {} WHERE {} = ANY($1::{}) AND ({}) IN (SELECT * FROM unnest({}))",
        column_list(table.key_columns),
        quoted(table.name),
        column_list(&table.key_columns[..1]),
        array_type::<K>(),
        column_list(table.key_columns),
        arrays.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for i in 0..K::LEN {
        query = bind_column!(query, keys.iter(), i);
    }
    let rows = store.run(query.fetch_all(tx.conn()?))?;
    // By key, as stored: a key asked twice is answered twice.
    let mut found = std::collections::BTreeMap::new();
    for row in &rows {
        let json: serde_json::Value = row.try_get(K::LEN)?;
        found.insert(key_of::<K>(row)?, json);
    }
    keys.iter()
        .map(|key| match found.get(key) {
            Some(json) => Ok(Some(from_json(table.name, json.clone())?)),
            None => Ok(None),
        })
        .collect()
}

pub(super) fn is_empty<K: Key, V, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
) -> Result<bool> {
    ensure(tx, table)?;
    let store = tx.store();
    let sql = format!("SELECT NOT EXISTS (SELECT 1 FROM {})", quoted(table.name));
    Ok(store.run(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(tx.conn()?))?)
}

pub(super) fn range<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    ensure(tx, table)?;
    let store = tx.store();
    let filter = if prefix.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clause(&table.key_columns[..prefix.len()], 1))
    };
    let sql = format!(
        "SELECT {}, value FROM {}{filter} ORDER BY {}",
        column_list(table.key_columns),
        quoted(table.name),
        column_list(table.key_columns)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for &p in prefix {
        query = query.bind(part(p));
    }
    let rows = store.run(query.fetch_all(tx.conn()?))?;
    rows.iter().map(|row| row_of(table.name, row)).collect()
}

/// The rows of a table of text keys whose key starts with `prefix`, in key order: the keys from
/// `prefix` up to the least text above all that start with it, a range of the primary key's index
/// (in byte order, `COLLATE "C"`).
pub(super) fn range_text<V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<String, V, R>,
    prefix: &str,
) -> Result<Vec<(String, V)>> {
    ensure(tx, table)?;
    let store = tx.store();
    let key = quoted(table.key_columns[0]);
    let above = text_above(prefix);
    let upper = match above {
        Some(_) => format!(" AND {key} < $2"),
        None => String::new(),
    };
    let sql = format!(
        "SELECT {key}, value FROM {} WHERE {key} >= $1{upper} ORDER BY {key}",
        quoted(table.name),
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(prefix.to_string());
    if let Some(above) = above {
        query = query.bind(above);
    }
    let rows = store.run(query.fetch_all(tx.conn()?))?;
    rows.iter().map(|row| row_of(table.name, row)).collect()
}

/// The least text above every text that starts with `prefix`: its last character that has a
/// next one, moved to that next one (UTF-8 keeps the characters' order in its bytes). `None`
/// when no text is above them all (an empty prefix).
fn text_above(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        if let Some(next) = (u32::from(last) + 1..=u32::from(char::MAX)).find_map(char::from_u32) {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

/// The rows under any of `prefixes` (each of the same length, at least one part), in key order.
pub(super) fn range_many<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    prefixes: &[&[u64]],
) -> Result<Vec<(K, V)>> {
    let Some(first) = prefixes.first() else {
        return Ok(Vec::new());
    };
    ensure(tx, table)?;
    let store = tx.store();
    let arrays: Vec<String> = (1..=first.len())
        .map(|i| format!("${i}::bigint[]"))
        .collect();
    // The holder's column is named on its own too (`= ANY`), as every firm's statement names
    // its firm, and it leads the primary key's index.
    let sql = format!(
        "SELECT {}, value FROM {} WHERE {} = ANY($1::bigint[]) AND ({}) IN (SELECT * FROM unnest({})) ORDER BY {}",
        column_list(table.key_columns),
        quoted(table.name),
        column_list(&table.key_columns[..1]),
        column_list(&table.key_columns[..first.len()]),
        arrays.join(", "),
        column_list(table.key_columns)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for i in 0..first.len() {
        let column: Vec<i64> = prefixes.iter().map(|p| part(p[i])).collect();
        query = query.bind(column);
    }
    let rows = store.run(query.fetch_all(tx.conn()?))?;
    rows.iter().map(|row| row_of(table.name, row)).collect()
}

pub(super) fn lookup<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    index: &Index,
    parts: std::ops::RangeInclusive<u64>,
) -> Result<Vec<(K, V)>> {
    ensure(tx, table)?;
    let store = tx.store();
    let on = indexed(table, index);
    let sql = format!(
        "SELECT {}, value FROM {} WHERE {on} BETWEEN $1 AND $2 ORDER BY {on}, {}",
        column_list(table.key_columns),
        quoted(table.name),
        column_list(table.key_columns)
    );
    let query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(part(*parts.start()))
        .bind(part(*parts.end()));
    let rows = store.run(query.fetch_all(tx.conn()?))?;
    rows.iter().map(|row| row_of(table.name, row)).collect()
}

/// Writes `value` at `key`; without `over`, only when no row holds the key. Answers whether it
/// wrote.
pub(super) fn insert<K: Key, V: Serialize, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    key: &K,
    value: &V,
    over: bool,
) -> Result<bool> {
    ensure(tx, table)?;
    let store = tx.store();
    let json = serde_json::to_value(value).map_err(anyhow::Error::from)?;
    let values: Vec<String> = (1..=K::LEN + 1).map(|i| format!("${i}")).collect();
    let keys = column_list(table.key_columns);
    let on_conflict = if over {
        "DO UPDATE SET value = EXCLUDED.value"
    } else {
        "DO NOTHING"
    };
    let sql = format!(
        "INSERT INTO {} ({keys}, value) VALUES ({}) ON CONFLICT ({keys}) {on_conflict} RETURNING 1",
        quoted(table.name),
        values.join(", ")
    );
    let mut query = sqlx::query_scalar::<_, i32>(sqlx::AssertSqlSafe(sql));
    for p in key.parts() {
        query = bind_part!(query, p);
    }
    let written = store.run(query.bind(json).fetch_optional(tx.conn()?))?;
    Ok(written.is_some())
}

/// Writes `value` over the row at `key`, if there is one: one `UPDATE`, which finds no row that a
/// transaction committed meanwhile removed (where an upsert would write it again).
pub(super) fn update<K: Key, V: Serialize, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    key: &K,
    value: &V,
) -> Result<bool> {
    ensure(tx, table)?;
    let store = tx.store();
    let json = serde_json::to_value(value).map_err(anyhow::Error::from)?;
    let matches: Vec<String> = (table.key_columns.iter().enumerate())
        .map(|(i, column)| format!("{} = ${}", quoted(column), i + 1))
        .collect();
    let sql = format!(
        "UPDATE {} SET value = ${} WHERE {} RETURNING 1",
        quoted(table.name),
        K::LEN + 1,
        matches.join(" AND ")
    );
    let mut query = sqlx::query_scalar::<_, i32>(sqlx::AssertSqlSafe(sql));
    for p in key.parts() {
        query = bind_part!(query, p);
    }
    let written = store.run(query.bind(json).fetch_optional(tx.conn()?))?;
    Ok(written.is_some())
}

/// Writes every row over any there, in one statement: `rows` hold each key once (ON CONFLICT
/// may not touch a row twice).
pub(super) fn insert_many<K: Key, V: Serialize, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    rows: &[(&K, &V)],
) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    ensure(tx, table)?;
    let store = tx.store();
    let keys = column_list(table.key_columns);
    let mut arrays: Vec<String> = (1..=K::LEN)
        .map(|i| format!("${i}::{}", array_type::<K>()))
        .collect();
    arrays.push(format!("${}::jsonb[]", K::LEN + 1));
    let sql = format!(
        "INSERT INTO {} ({keys}, value) SELECT * FROM unnest({}) \
         ON CONFLICT ({keys}) DO UPDATE SET value = EXCLUDED.value",
        quoted(table.name),
        arrays.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for i in 0..K::LEN {
        query = bind_column!(query, rows.iter().map(|(k, _)| *k), i);
    }
    let values = (rows.iter())
        .map(|(_, v)| serde_json::to_value(v))
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(anyhow::Error::from)?;
    store.run(query.bind(values).execute(tx.conn()?))?;
    Ok(())
}

pub(super) fn remove<K: Key, V: DeserializeOwned, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    key: &K,
) -> Result<Option<V>> {
    keyed_value(
        tx,
        table,
        key,
        "DELETE FROM {table} WHERE {key} RETURNING value",
    )
}

/// Sets the first key column of `from`'s rows to `into`, in one statement (`Tx::move_rows`).
pub(super) fn move_rows<K: Key, V, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    from: u64,
    into: u64,
) -> Result<u64> {
    ensure(tx, table)?;
    let store = tx.store();
    let holder = quoted(table.key_columns[0]);
    let sql = format!(
        "UPDATE {} SET {holder} = $2 WHERE {holder} = $1",
        quoted(table.name)
    );
    let moved = store.run(
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(part(from))
            .bind(part(into))
            .execute(tx.conn()?),
    );
    Ok(moved.map_err(taken_or)?.rows_affected())
}

/// A key that is taken as `insert_new`'s 409; any other error as it is.
fn taken_or(e: sqlx::Error) -> crate::platform::error::AppError {
    match e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            crate::platform::error::conflict(super::TAKEN)
        }
        e => e.into(),
    }
}

/// Writes `value` at the key of `prefix` and a new id of the table's sequence, in one statement,
/// and answers the id; a key that is taken is `insert_new`'s 409. With `held`, only while that
/// firm's row is here, key-shared to the statement's end (a merge or deletion of the firm runs
/// wholly before, and nothing is written: `None`, or after).
pub(super) fn insert_next<K: Key, V: Serialize, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    prefix: &[u64],
    value: &V,
    held: Option<u64>,
) -> Result<Option<u64>> {
    ensure(tx, table)?;
    let store = tx.store();
    let json = serde_json::to_value(value).map_err(anyhow::Error::from)?;
    let mut items: Vec<String> = (1..=prefix.len()).map(|i| format!("${i}")).collect();
    items.push(format!("nextval(${}::regclass)", prefix.len() + 1));
    items.push(format!("${}", prefix.len() + 2));
    let guard = match held {
        Some(_) => format!(
            " WHERE EXISTS (SELECT 1 FROM firms WHERE id = ${} FOR KEY SHARE)",
            prefix.len() + 3
        ),
        None => String::new(),
    };
    // A key that is taken writes nothing, as `insert_new` (the transaction goes on); a firm's
    // lone line has no transaction to go on with, and says so by the error.
    let on_conflict = match held {
        Some(_) => String::new(),
        None => format!(
            " ON CONFLICT ({}) DO NOTHING",
            column_list(table.key_columns)
        ),
    };
    let sql = format!(
        "INSERT INTO {} ({}, value) SELECT {}{guard}{on_conflict} RETURNING {}",
        quoted(table.name),
        column_list(table.key_columns),
        items.join(", "),
        quoted(table.key_columns[K::LEN - 1]),
    );
    let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
    for &p in prefix {
        query = query.bind(part(p));
    }
    let sequence = quoted(&sequence_name(table.sequence.unwrap_or_default()));
    query = query.bind(sequence).bind(json);
    if let Some(firm) = held {
        query = query.bind(part(firm));
    }
    let id = store
        .run(query.fetch_optional(tx.conn()?))
        .map_err(taken_or)?;
    match (id, held) {
        (Some(id), _) => Ok(Some(u64::try_from(id).map_err(anyhow::Error::from)?)),
        (None, Some(_)) => Ok(None),
        (None, None) => Err(crate::platform::error::conflict(super::TAKEN)),
    }
}

pub(super) fn next_id<K: Key, V, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
) -> Result<u64> {
    ensure(tx, table)?;
    let store = tx.store();
    let name = sequence_name(table.sequence.unwrap_or_default());
    let id: i64 = store.run(
        sqlx::query_scalar("SELECT nextval($1::regclass)")
            .bind(quoted(&name))
            .fetch_one(tx.conn()?),
    )?;
    Ok(u64::try_from(id).map_err(anyhow::Error::from)?)
}

pub(super) fn bump_sequence<K: Key, V, R: super::RedbValue<V>>(
    tx: &mut PgTx,
    table: &Table<K, V, R>,
    at_least: u64,
) -> Result<()> {
    if at_least == 0 {
        return Ok(());
    }
    ensure(tx, table)?;
    let store = tx.store();
    let name = quoted(&sequence_name(table.sequence.unwrap_or_default()));
    let sql = format!("SELECT setval($1::regclass, GREATEST($2, (SELECT last_value FROM {name})))");
    store.run(
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&name)
            .bind(part(at_least))
            .execute(tx.conn()?),
    )?;
    Ok(())
}

pub(super) fn lock_install(tx: &mut PgTx, lock: i64) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(lock)
            .execute(tx.conn()?),
    )?;
    Ok(())
}

pub(super) fn lock_firms(tx: &mut PgTx, firms: &[FirmId]) -> Result<()> {
    let mut ids: Vec<u64> = firms.iter().map(|f| f.get()).collect();
    ids.sort_unstable();
    ids.dedup();
    let store = tx.store();
    for id in ids {
        store.run(
            sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
                .bind(FIRM_SCOPE)
                // Folded into the lock's second key; two firms sharing a key only wait in turn.
                .bind((id % (i32::MAX as u64)) as i32)
                .execute(tx.conn()?),
        )?;
    }
    Ok(())
}
