//! The saved views in the redb file: SAVED_VIEWS, (firm id, view id) -> `SavedView`. Ids come
//! from the `saved_views` sequence, one across firms, so a merge never makes two alike.

use redb::ReadableTable;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, FileStore, SAVED_VIEWS, codec};
use crate::saved_views::model::{NewView, SavedView};

pub fn list(store: &FileStore, firm_id: FirmId) -> Result<Vec<SavedView>> {
    let rows: Vec<(u64, SavedView)> = store::user_rows(&store.read()?, SAVED_VIEWS, firm_id.get())?;
    Ok(rows.into_iter().map(|(_, view)| view).collect())
}

/// Every firm's views, by (firm, id): for the export.
pub fn load_all(store: &FileStore) -> Result<Vec<SavedView>> {
    let rows: Vec<((u64, u64), SavedView)> = store::all_user_rows(&store.read()?, SAVED_VIEWS)?;
    Ok(rows.into_iter().map(|(_, view)| view).collect())
}

fn firm_views(table: &redb::Table<(u64, u64), &[u8]>, firm_id: u64) -> Result<Vec<SavedView>> {
    let mut out = Vec::new();
    for entry in table.range((firm_id, 0)..=(firm_id, u64::MAX))? {
        out.push(codec::decode(entry?.1.value())?);
    }
    Ok(out)
}

pub fn create(store: &FileStore, firm_id: FirmId, view: &NewView) -> Result<SavedView> {
    let txn = store.write()?;
    store::merged::refuse_in_file(&txn, firm_id)?;
    let saved = {
        let mut table = txn.open_table(SAVED_VIEWS)?;
        super::check_new(&firm_views(&table, firm_id.get())?, view)?;
        let id = store::next_id(&txn, "saved_views")?;
        let saved = super::stored(firm_id, id, view);
        table.insert((firm_id.get(), id), codec::encode(&saved).as_slice())?;
        saved
    };
    txn.commit()?;
    Ok(saved)
}

pub fn delete(store: &FileStore, firm_id: FirmId, id: u64) -> Result<Option<SavedView>> {
    let txn = store.write()?;
    store::merged::refuse_in_file(&txn, firm_id)?;
    let removed = {
        let mut table = txn.open_table(SAVED_VIEWS)?;
        let removed = table.remove((firm_id.get(), id))?;
        removed.map(|v| codec::decode(v.value())).transpose()?
    };
    if removed.is_some() {
        txn.commit()?;
    }
    Ok(removed)
}

pub fn merge_firm_in(txn: &redb::WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    let (into, from) = (into.get(), from.get());
    let mut table = txn.open_table(SAVED_VIEWS)?;
    let mut ours = firm_views(&table, into)?;
    let theirs = firm_views(&table, from)?;
    for view in &theirs {
        table.remove((from, view.id))?;
    }
    for view in super::renamed(&mut ours, theirs, into) {
        table.insert((into, view.id), codec::encode(&view).as_slice())?;
    }
    Ok(())
}
