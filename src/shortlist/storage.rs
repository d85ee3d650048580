//! The SHORTLIST table: one record per (user id, vendor id). Every function takes the user id,
//! so no call can reach another user's entries; `load_all` is only for the aggregate outcomes.

use redb::{ReadableTable, WriteTransaction};

use crate::error::Result;
use crate::state::App;
use crate::store::{self, SHORTLIST, codec};

use super::model::Entry;

/// The user's entries by vendor id (ascending).
pub fn load(app: &App, user_id: u64) -> Result<Vec<(u64, Entry)>> {
    Ok(store::user_rows(&app.store.read()?, SHORTLIST, user_id)?)
}

/// Every user's entries, as ((user id, vendor id), entry).
pub fn load_all(app: &App) -> Result<Vec<((u64, u64), Entry)>> {
    Ok(store::all_user_rows(&app.store.read()?, SHORTLIST)?)
}

/// Reads, changes and writes one entry in one transaction; `change` may refuse (nothing is
/// written then). `None` in: the vendor is not on the shortlist yet.
pub fn update<T>(
    app: &App,
    user_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    let txn = app.store.write()?;
    let out = update_in(&txn, user_id, vendor_id, change)?;
    txn.commit()?;
    Ok(out)
}

/// `update` inside a caller's transaction (the meeting click adds its vendor with the click).
pub fn update_in<T>(
    txn: &WriteTransaction,
    user_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    let mut table = txn.open_table(SHORTLIST)?;
    let current: Option<Entry> = table
        .get((user_id, vendor_id))?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    let (entry, out) = change(current)?;
    table.insert((user_id, vendor_id), codec::encode(&entry).as_slice())?;
    Ok(out)
}

/// Removes an entry; whether there was one.
pub fn remove(app: &App, user_id: u64, vendor_id: u64) -> Result<bool> {
    let txn = app.store.write()?;
    let removed = txn
        .open_table(SHORTLIST)?
        .remove((user_id, vendor_id))?
        .is_some();
    txn.commit()?;
    Ok(removed)
}
