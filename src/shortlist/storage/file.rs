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
    store::merged::refuse_in_file(txn, firm_id)?;
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
    store::merged::refuse_in_file(&txn, firm_id)?;
    let removed = txn
        .open_table(SHORTLIST)?
        .remove((firm_id, vendor_id))?
        .is_some();
    txn.commit()?;
    Ok(removed)
}

/// Moves firm `from`'s entries to firm `into`; a vendor on both becomes `super::merge_entries`.
pub fn merge_firm_in(txn: &WriteTransaction, into: u64, from: u64) -> Result<()> {
    let mut table = txn.open_table(SHORTLIST)?;
    let mut theirs: Vec<(u64, Entry)> = Vec::new();
    for entry in table.range((from, 0)..=(from, u64::MAX))? {
        let (key, value) = entry?;
        theirs.push((key.value().1, codec::decode(value.value())?));
    }
    for (vendor_id, entry) in theirs {
        let ours: Option<Entry> = table
            .get((into, vendor_id))?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        let merged = match ours {
            Some(ours) => super::merge_entries(ours, entry),
            None => entry,
        };
        table.insert((into, vendor_id), codec::encode(&merged).as_slice())?;
        table.remove((from, vendor_id))?;
    }
    Ok(())
}
