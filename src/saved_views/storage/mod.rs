//! The saved views' storage, in either backend: one record per (firm, view).

mod export;
mod file;
mod postgres;

pub use export::export;

use crate::platform::error::{Result, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::store::{Store, WriteTx};

use super::model::{MAX_VIEWS, NewView, SavedView, ViewName, ViewParams};
use crate::platform::store::SAVED_VIEWS;
use crate::platform::store::arrival::{Arrival, Rows, parse_all};
use crate::platform::store::registry::{Export, Holder, Load, Purge, Table, Taking, rows};

/// The firm's views, by name (ignoring case).
pub fn list(store: &Store, firm_id: FirmId) -> Result<Vec<SavedView>> {
    let mut views = match store {
        Store::File(db) => file::list(db, firm_id)?,
        Store::Postgres(db) => postgres::list(db, firm_id)?,
    };
    by_name(&mut views);
    Ok(views)
}

/// Saves `view` as one of the firm's, in one transaction that first reads the firm's views: a
/// 409 when one has the same name (ignoring case) or the firm already keeps `MAX_VIEWS`.
pub fn create(store: &Store, firm_id: FirmId, view: &NewView) -> Result<SavedView> {
    match store {
        Store::File(db) => file::create(db, firm_id, view),
        Store::Postgres(db) => postgres::create(db, firm_id, view),
    }
}

/// Deletes the firm's view `id` and answers it; `None` when the firm has no view of that id
/// (another firm's included).
pub fn delete(store: &Store, firm_id: FirmId, id: u64) -> Result<Option<SavedView>> {
    match store {
        Store::File(db) => file::delete(db, firm_id, id),
        Store::Postgres(db) => postgres::delete(db, firm_id, id),
    }
}

/// Moves firm `from`'s views to firm `into` inside the caller's transaction (a firm merge). A
/// view whose name the kept firm has takes the first free "name (2)", "name (3)". The kept firm
/// may end with more than `MAX_VIEWS`: nothing is lost, and it saves again once below.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
}

/// The checks of a save against the firm's views, the same on both backends.
fn check_new(existing: &[SavedView], view: &NewView) -> Result<()> {
    let name = view.name.as_str();
    if existing.iter().any(|v| v.named(name)) {
        return Err(conflict(format!(
            "A saved view named \"{name}\" already exists: choose another name"
        )));
    }
    if existing.len() >= MAX_VIEWS {
        return Err(conflict(format!(
            "Your firm has {MAX_VIEWS} saved views, the most it can keep: delete one to save \
             another"
        )));
    }
    Ok(())
}

fn by_name(views: &mut [SavedView]) {
    views.sort_by_key(|v| (v.name.to_lowercase(), v.id));
}

/// The stored form of a new view.
fn stored(firm_id: FirmId, id: u64, view: &NewView) -> SavedView {
    SavedView {
        id,
        firm_id: firm_id.get(),
        name: view.name.as_str().to_string(),
        params: view.params.as_str().to_string(),
        created_at: view.created_at,
        created_by: view.created_by.clone(),
    }
}

/// Merged views keep their id; names clashing with the kept firm's get a number.
fn renamed(ours: &mut Vec<SavedView>, theirs: Vec<SavedView>, into: u64) -> Vec<SavedView> {
    let mut moved = Vec::new();
    for mut view in theirs {
        view.name = super::model::free_name(&view.name, ours);
        view.firm_id = into;
        ours.push(view.clone());
        moved.push(view);
    }
    moved
}

// A firm's archive: its saved views of /trends.
fn archive_views(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(list(store, taking.firm)?)
}

/// An import: the archive's views as the new firm's, with fresh ids; a view whose name or
/// parameters a save would refuse is refused here too.
fn load_views(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?;
    let views: Vec<SavedView> = parse_all("saved_views", rows)?;
    for view in &views {
        let refused = |e: crate::platform::error::AppError| {
            crate::platform::error::bad_request(format!(
                "The archive's saved view \"{}\" cannot be kept: {e}",
                view.name
            ))
        };
        let new = NewView {
            name: ViewName::parse(&view.name).map_err(refused)?,
            params: ViewParams::parse(&view.params).map_err(refused)?,
            created_at: view.created_at,
            created_by: view.created_by.clone(),
        };
        match tx {
            WriteTx::File(txn) => {
                let id = crate::platform::store::next_id(txn, "saved_views")?;
                txn.open_table(SAVED_VIEWS)?.insert(
                    (firm_id.get(), id),
                    crate::platform::store::codec::encode(&stored(firm_id, id, &new)).as_slice(),
                )?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store.run(postgres::put(tx.conn()?, &stored(firm_id, 0, &new), false))?;
            }
        }
    }
    Ok(views.len())
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "saved_views",
    purge: Purge::ByKey,
    export: Export::Rows {
        read: archive_views,
        load: Load::Rows(load_views),
    },
    holder: Holder::Firm { column: "firm_id" },
    redb: &[&SAVED_VIEWS],
    postgres: true,
    secrets: &[],
    refers_to: &[],
}];

#[cfg(test)]
mod tests;
