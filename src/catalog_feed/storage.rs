//! The feed's records, as JSON rows of the store's settings table (redb `settings`, PostgreSQL
//! `settings`), written in the catalog's own transaction: the stable ids, what this install
//! last applied, and what it last published. Kept with the catalog, they are in every backup with
//! it, so a restore brings back the catalog and the version it came from together.

use redb::ReadableTable;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::platform::error::Result;
use crate::platform::store::{
    FileStore, PgStore, PgTx, SETTINGS, Store, TableCount, WriteTx, open_read,
};

/// The stable id of every vendor published or pulled (`state::StableIds`).
pub const IDS: &str = "catalog-feed:ids";
/// What this install last applied, its keys, schedule and open choices (`state::Subscription`).
pub const SUBSCRIPTION: &str = "catalog-feed:subscription";
/// The last version this install published, by feed name (`state::Published`).
pub const PUBLISHED: &str = "catalog-feed:published";

/// Every key, for the copy to PostgreSQL.
pub const KEYS: [&str; 3] = [IDS, SUBSCRIPTION, PUBLISHED];

fn decode<T: DeserializeOwned>(key: &str, bytes: &[u8]) -> Result<T> {
    Ok(serde_json::from_slice(bytes)
        .map_err(|e| anyhow::anyhow!("the stored {key} cannot be read: {e}"))?)
}

pub fn get<T: DeserializeOwned>(store: &Store, key: &str) -> Result<Option<T>> {
    match store {
        Store::File(db) => get_file(db, key),
        Store::Postgres(db) => get_pg(db, key),
    }
}

fn get_file<T: DeserializeOwned>(db: &FileStore, key: &str) -> Result<Option<T>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, SETTINGS)? else {
        return Ok(None);
    };
    let value = table.get(key)?;
    value.map(|v| decode(key, v.value())).transpose()
}

fn get_pg<T: DeserializeOwned>(db: &PgStore, key: &str) -> Result<Option<T>> {
    let value: Option<String> = db.run(
        sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
            .bind(key)
            .fetch_optional(db.pool()),
    )?;
    value.map(|v| decode(key, v.as_bytes())).transpose()
}

pub fn get_in<T: DeserializeOwned>(tx: &mut WriteTx, key: &str) -> Result<Option<T>> {
    match tx {
        WriteTx::File(txn) => {
            let table = txn.open_table(SETTINGS)?;
            let value = table.get(key)?;
            value.map(|v| decode(key, v.value())).transpose()
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let value: Option<String> = store.run(
                sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
                    .bind(key)
                    .fetch_optional(tx.conn()?),
            )?;
            value.map(|v| decode(key, v.as_bytes())).transpose()
        }
    }
}

pub fn put_in<T: Serialize>(tx: &mut WriteTx, key: &str, value: &T) -> Result<()> {
    let json = serde_json::to_string(value).map_err(anyhow::Error::from)?;
    match tx {
        WriteTx::File(txn) => {
            txn.open_table(SETTINGS)?.insert(key, json.as_bytes())?;
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(
                sqlx::query(
                    "INSERT INTO settings (key, value) VALUES ($1, $2) \
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                )
                .bind(key)
                .bind(json)
                .execute(tx.conn()?),
            )?;
        }
    }
    Ok(())
}

/// Copies the feed's records of a redb file into PostgreSQL (`litstack export-to-postgres`).
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let mut tx = WriteTx::Postgres(PgTx::begin(to)?);
    for key in KEYS {
        if let Some(value) = get_file::<serde_json::Value>(from, key)? {
            put_in(&mut tx, key, &value)?;
        }
    }
    tx.commit()?;
    // Rows of the settings table: counted with the mail settings' by their own copy.
    Ok(Vec::new())
}
