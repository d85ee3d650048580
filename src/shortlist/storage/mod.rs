//! The shortlist's storage, in either backend: one record per (user id, vendor id). Every
//! function takes the user id, so no call can reach another user's entries; `load_all` is only
//! for the aggregate outcomes.

mod file;
mod postgres;

pub use postgres::export;

use crate::error::Result;
use crate::state::App;
use crate::store::{Store, WriteTx};

use super::model::Entry;

/// The user's entries by vendor id (ascending).
pub fn load(app: &App, user_id: u64) -> Result<Vec<(u64, Entry)>> {
    match &app.store {
        Store::File(db) => file::load(db, user_id),
        Store::Postgres(db) => postgres::load(db, user_id),
    }
}

/// Every user's entries, as ((user id, vendor id), entry), in that order.
pub fn load_all(app: &App) -> Result<Vec<((u64, u64), Entry)>> {
    match &app.store {
        Store::File(db) => file::load_all(db),
        Store::Postgres(db) => postgres::load_all(db),
    }
}

/// Reads, changes and writes one entry in one transaction; `change` may refuse (nothing is
/// written then). `None` in: the vendor is not on the shortlist yet.
pub fn update<T>(
    app: &App,
    user_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    let mut tx = app.store.begin()?;
    let out = update_in(&mut tx, user_id, vendor_id, change)?;
    tx.commit()?;
    Ok(out)
}

/// `update` inside a caller's transaction (the meeting click adds its vendor with the click).
pub fn update_in<T>(
    tx: &mut WriteTx,
    user_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    match tx {
        WriteTx::File(txn) => file::update_in(txn, user_id, vendor_id, change),
        WriteTx::Postgres(tx) => postgres::update_in(tx, user_id, vendor_id, change),
    }
}

/// Removes an entry; whether there was one.
pub fn remove(app: &App, user_id: u64, vendor_id: u64) -> Result<bool> {
    match &app.store {
        Store::File(db) => file::remove(db, user_id, vendor_id),
        Store::Postgres(db) => postgres::remove(db, user_id, vendor_id),
    }
}
