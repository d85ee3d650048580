//! The shortlist in the redb file: the SHORTLIST table, (firm id, vendor id) -> `Entry`, and
//! SHORTLIST_REMOVED, (firm id, vendor id) -> `Removed`, the entries kept for their Undo.

use crate::platform::firm_id::FirmId;
use redb::{ReadableTable, WriteTransaction};

use super::Restore;
use crate::platform::error::Result;
use crate::platform::store::{self, FileStore, SHORTLIST, SHORTLIST_REMOVED, codec};
use crate::shortlist::model::{Entry, Removed, Stamp};

pub fn load(store: &FileStore, firm_id: FirmId) -> Result<Vec<(u64, Entry)>> {
    Ok(store::user_rows(&store.read()?, SHORTLIST, firm_id.get())?)
}

pub fn load_all(store: &FileStore) -> Result<Vec<((u64, u64), Entry)>> {
    Ok(store::all_user_rows(&store.read()?, SHORTLIST)?)
}

pub fn update_in<T>(
    txn: &WriteTransaction,
    firm_id: FirmId,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    store::merged::refuse_in_file(txn, firm_id)?;
    let mut table = txn.open_table(SHORTLIST)?;
    let current: Option<Entry> = table
        .get((firm_id.get(), vendor_id))?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    let (entry, out) = change(current)?;
    table.insert((firm_id.get(), vendor_id), codec::encode(&entry).as_slice())?;
    Ok(out)
}

pub fn load_all_removed(store: &FileStore) -> Result<Vec<((u64, u64), Removed)>> {
    Ok(store::all_user_rows(&store.read()?, SHORTLIST_REMOVED)?)
}

/// Moves the entry to SHORTLIST_REMOVED (see `super::remove`); the removed entry, if there was one.
pub fn remove(
    store: &FileStore,
    firm_id: FirmId,
    vendor_id: u64,
    stamp: Stamp,
) -> Result<Option<Entry>> {
    let txn = store.write()?;
    store::merged::refuse_in_file(&txn, firm_id)?;
    let entry: Option<Entry> = txn
        .open_table(SHORTLIST)?
        .remove((firm_id.get(), vendor_id))?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    let Some(entry) = entry else {
        return Ok(None);
    };
    {
        let mut removed = txn.open_table(SHORTLIST_REMOVED)?;
        let mut expired = Vec::new();
        for row in removed.range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))? {
            let (key, value) = row?;
            let kept: Removed = codec::decode(value.value())?;
            if !kept.kept_at(stamp.at) {
                expired.push(key.value());
            }
        }
        for key in expired {
            removed.remove(key)?;
        }
        let kept = Removed {
            entry: entry.clone(),
            removed_at: stamp.at,
            removed_by: stamp.by.map(String::from),
        };
        removed.insert((firm_id.get(), vendor_id), codec::encode(&kept).as_slice())?;
    }
    txn.commit()?;
    Ok(Some(entry))
}

/// Puts a removed entry back (see `super::restore`).
pub fn restore(store: &FileStore, firm_id: FirmId, vendor_id: u64, now: i64) -> Result<Restore> {
    let txn = store.write()?;
    store::merged::refuse_in_file(&txn, firm_id)?;
    let restored = {
        let mut removed = txn.open_table(SHORTLIST_REMOVED)?;
        let kept: Option<Removed> = removed
            .get((firm_id.get(), vendor_id))?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        let Some(kept) = kept.filter(|k| k.kept_at(now)) else {
            return Ok(Restore::Nothing);
        };
        let mut shortlist = txn.open_table(SHORTLIST)?;
        if shortlist.get((firm_id.get(), vendor_id))?.is_some() {
            return Ok(Restore::OnShortlist);
        }
        shortlist.insert(
            (firm_id.get(), vendor_id),
            codec::encode(&kept.entry).as_slice(),
        )?;
        removed.remove((firm_id.get(), vendor_id))?;
        kept.entry
    };
    txn.commit()?;
    Ok(Restore::Restored(restored))
}

/// Moves firm `from`'s entries to firm `into`; a vendor on both becomes `super::merge_entries`.
pub fn merge_firm_in(txn: &WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
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
    // Removed entries kept for their Undo: the kept firm's own wins where both have one.
    let mut removed = txn.open_table(SHORTLIST_REMOVED)?;
    let theirs: Vec<(u64, Vec<u8>)> = removed
        .range((from, 0)..=(from, u64::MAX))?
        .map(|e| e.map(|(k, v)| (k.value().1, v.value().to_vec())))
        .collect::<std::result::Result<_, _>>()?;
    for (vendor_id, value) in theirs {
        if removed.get((into, vendor_id))?.is_none() {
            removed.insert((into, vendor_id), value.as_slice())?;
        }
        removed.remove((from, vendor_id))?;
    }
    Ok(())
}
