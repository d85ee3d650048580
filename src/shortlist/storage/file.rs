//! The shortlist in the redb file: the SHORTLIST table, (user id, vendor id) -> `Entry`.

use redb::{ReadableTable, WriteTransaction};

use crate::error::Result;
use crate::shortlist::model::Entry;
use crate::store::{self, FileStore, SHORTLIST, codec};

pub fn load(store: &FileStore, firm_id: u64) -> Result<Vec<(u64, Entry)>> {
    Ok(store::user_rows(&store.read()?, SHORTLIST, firm_id)?)
}

pub fn load_all(store: &FileStore) -> Result<Vec<((u64, u64), Entry)>> {
    Ok(store::all_user_rows(&store.read()?, SHORTLIST)?)
}

pub fn update_in<T>(
    txn: &WriteTransaction,
    firm_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    let mut table = txn.open_table(SHORTLIST)?;
    let current: Option<Entry> = table
        .get((firm_id, vendor_id))?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    let (entry, out) = change(current)?;
    table.insert((firm_id, vendor_id), codec::encode(&entry).as_slice())?;
    Ok(out)
}

pub fn remove(store: &FileStore, firm_id: u64, vendor_id: u64) -> Result<bool> {
    let txn = store.write()?;
    let removed = txn
        .open_table(SHORTLIST)?
        .remove((firm_id, vendor_id))?
        .is_some();
    txn.commit()?;
    Ok(removed)
}
