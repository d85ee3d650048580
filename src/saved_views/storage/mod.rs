//! The saved views' storage, written once over the storage seam (`store::seam`): one row per
//! (firm, view) in `VIEWS`, on redb and PostgreSQL alike. Ids come from the `saved_views`
//! sequence, one across firms, so a merge never makes two alike.
//!
//! What carried over: on redb the table is the one of before the seam, its bincode values
//! rewritten as the seam's JSON by schema 11's migration; on PostgreSQL migration 0042 moved the rows of the former
//! typed table into the seam's layout with their ids and the sequence's value.

use crate::platform::error::{Result, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{SAVED_VIEWS, Store, WriteTx};

use super::model::{MAX_VIEWS, NewView, SavedView, ViewName, ViewParams};
use crate::platform::store::arrival::{Arrival, Rows, parse_all};
use crate::platform::store::registry::{Export, Holder, Load, Purge, Taking, rows};

/// (firm id, view id) -> `SavedView`.
pub const VIEWS: Table<(u64, u64), SavedView> = Table::new(
    "saved_views",
    SAVED_VIEWS,
    &["firm_id", "id"],
    Some("saved_views"),
);

/// The firm's views, by name (ignoring case).
pub fn list(store: &Store, firm_id: FirmId) -> Result<Vec<SavedView>> {
    let rows = seam::range_one(store, &VIEWS, &[firm_id.get()])?;
    let mut views: Vec<SavedView> = rows.into_iter().map(|(_, view)| view).collect();
    by_name(&mut views);
    Ok(views)
}

/// Saves `view` as one of the firm's, in one transaction that first reads the firm's views: a
/// 409 when one has the same name (ignoring case) or the firm already keeps `MAX_VIEWS`.
pub fn create(store: &Store, firm_id: FirmId, view: &NewView) -> Result<SavedView> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let existing: Vec<SavedView> = tx
            .range(&VIEWS, &[firm_id.get()])?
            .into_iter()
            .map(|(_, view)| view)
            .collect();
        check_new(&existing, view)?;
        let saved = stored(firm_id, tx.next_id(&VIEWS)?, view);
        tx.insert_new(&VIEWS, (firm_id.get(), saved.id), &saved)?;
        Ok(saved)
    })
}

/// Deletes the firm's view `id` and answers it; `None` when the firm has no view of that id
/// (another firm's included).
pub fn delete(store: &Store, firm_id: FirmId, id: u64) -> Result<Option<SavedView>> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        tx.remove(&VIEWS, (firm_id.get(), id))
    })
}

/// Moves firm `from`'s views to firm `into` inside the caller's transaction (a firm merge), under
/// both firms' locks. A view whose name the kept firm has takes the first free "name (2)",
/// "name (3)". The kept firm may end with more than `MAX_VIEWS`: nothing is lost, and it saves
/// again once below.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let firm_views = |tx: &mut seam::Tx, firm: FirmId| -> Result<Vec<SavedView>> {
            Ok(tx
                .range(&VIEWS, &[firm.get()])?
                .into_iter()
                .map(|(_, view)| view)
                .collect())
        };
        let mut ours = firm_views(tx, into)?;
        let theirs = firm_views(tx, from)?;
        for view in &theirs {
            tx.remove(&VIEWS, (from.get(), view.id))?;
        }
        for view in renamed(&mut ours, theirs, into.get()) {
            tx.insert(&VIEWS, (into.get(), view.id), &view)?;
        }
        Ok(())
    })
}

/// The checks of a save against the firm's views.
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
    seam::within(tx, |tx| {
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
            let saved = stored(firm_id, tx.next_id(&VIEWS)?, &new);
            tx.insert_new(&VIEWS, (firm_id.get(), saved.id), &saved)?;
        }
        Ok(views.len())
    })
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[crate::platform::store::registry::Table] =
    &[crate::platform::store::registry::Table {
        name: "saved_views",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_views,
            load: Load::Rows(load_views),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&VIEWS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    }];

#[cfg(test)]
mod tests;
