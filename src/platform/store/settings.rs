//! The install's named settings, each a JSON value under its name in one table declared on the
//! seam: the mail settings (`mail`), the sign-up mode (`sign_up`), the catalog feed's records
//! (`catalog-feed:*`) and the catalog's seeding markers (`seeded:catalog`,
//! `seeded:vendor-facts`), read and written by one body on both engines. Hub mode's database also
//! keeps here the values every node must agree on, which a redb file keeps in META or in files
//! of its own: the database's id, the booking key, the first-launch setup token and the sample
//! bookings' marker (`PgStore::shared_setting`, each a JSON string).

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::seam::{self, Table, Tx};
use super::{SETTINGS, Store};
use crate::platform::error::{AppError, Result};

/// Name -> its value.
pub const TABLE: Table<String, serde_json::Value> =
    Table::new("settings", SETTINGS, &["key"], None);

/// The setting `name`, if it was ever set.
pub fn get<T: DeserializeOwned>(tx: &mut Tx, name: &str) -> Result<Option<T>> {
    typed(name, tx.get(&TABLE, name.to_string())?)
}

/// `get` on its own, one statement (`seam::get_one`).
pub fn read<T: DeserializeOwned>(store: &Store, name: &str) -> Result<Option<T>> {
    typed(name, seam::get_one(store, &TABLE, name.to_string())?)
}

fn typed<T: DeserializeOwned>(name: &str, value: Option<serde_json::Value>) -> Result<Option<T>> {
    value
        .map(|value| {
            serde_json::from_value(value).map_err(|e| {
                AppError::Internal(anyhow::anyhow!("the stored {name} cannot be read: {e}"))
            })
        })
        .transpose()
}

/// Sets `name` to `value`, over what it was.
pub fn put<T: Serialize>(tx: &mut Tx, name: &str, value: &T) -> Result<()> {
    let value = serde_json::to_value(value).map_err(|e| {
        AppError::Internal(anyhow::anyhow!("the {name} setting cannot be stored: {e}"))
    })?;
    tx.insert(&TABLE, name.to_string(), &value)
}

/// Unsets `name`.
pub fn remove(tx: &mut Tx, name: &str) -> Result<()> {
    tx.remove(&TABLE, name.to_string()).map(|_| ())
}
