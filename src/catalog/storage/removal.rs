//! The operator's vendor delete and merge (`catalog::removal`), each one write transaction under
//! the catalog's lock across every domain that names vendors: the catalog's own rows (the vendor,
//! its meeting clicks, the names merged vendors leave behind) are written here, the tech stacks',
//! shortlists' and recommendations' by their storage in the same transaction. Clicks are walked
//! in full: a rare operator action, never a request's path.

use redb::ReadableTable;

use crate::catalog::model::MeetingClick;
use crate::error::Result;
use crate::recommend::storage::vendors::VendorRows;
use crate::shortlist::storage::vendors::MovedEntries;
use crate::store::postgres::changes::Change;
use crate::store::{
    MEETING_CLICK_TIMES, MEETING_CLICKS, Store, VENDOR_ALIASES, VENDOR_BOOKING_SOURCES,
    VENDOR_SOURCES, VENDORS, WriteTx, codec,
};

/// What the stored data holds that names a vendor (the imported bookings are the index's).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct StoredReferences {
    /// Firms whose tech stack lists it.
    pub tech_stacks: u64,
    pub shortlist_entries: u64,
    pub recommendations: VendorRows,
    pub meeting_clicks: u64,
}

/// Deletes vendor `id` in one transaction, unless `refuse`, told what still names it, answers an
/// error: then nothing is written and that error is the answer.
pub fn delete_vendor(
    store: &Store,
    id: u64,
    refuse: impl FnOnce(StoredReferences) -> Result<()>,
) -> Result<()> {
    let mut tx = store.begin()?;
    lock_in(&mut tx)?;
    let refs = StoredReferences {
        tech_stacks: crate::techstack::storage::vendors::firms_listing_in(&mut tx, id)?.len()
            as u64,
        shortlist_entries: crate::shortlist::storage::vendors::firms_listing_in(&mut tx, id)?.len()
            as u64,
        recommendations: crate::recommend::storage::vendors::rows_naming_in(&mut tx, id)?,
        meeting_clicks: clicks_naming_in(&mut tx, id)?,
    };
    refuse(refs)?;
    delete_vendor_in(&mut tx, id)?;
    commit(tx)
}

/// What a vendor merge moved from the duplicate to the kept vendor.
pub struct VendorMoves {
    /// Firms whose tech stack listed the duplicate.
    pub stack_firms: Vec<u64>,
    pub entries: MovedEntries,
    pub recommendations: VendorRows,
    pub meeting_clicks: u64,
    /// Firms whose tech stack or shortlist changed (their peer figures are recounted), in order.
    pub firms: Vec<u64>,
}

/// Merges vendor `from` into `into` in one transaction: everything that names `from` names
/// `into`, bookings whose Client is `alias` (the duplicate's lower-cased name) count for `into`,
/// and `from` is deleted. On PostgreSQL every moved firm's peer figures are recorded as changed.
pub fn merge_vendor(store: &Store, from: u64, into: u64, alias: &str) -> Result<VendorMoves> {
    let mut tx = store.begin()?;
    lock_in(&mut tx)?;
    let stack_firms = crate::techstack::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    let entries = crate::shortlist::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    let recommendations = crate::recommend::storage::vendors::merge_vendor_in(&mut tx, from, into)?;
    let meeting_clicks = merge_clicks_in(&mut tx, from, into)?;
    alias_in(&mut tx, alias, from, into)?;
    delete_vendor_in(&mut tx, from)?;
    let mut firms: Vec<u64> = stack_firms
        .iter()
        .chain(&entries.moved)
        .chain(&entries.kept_both)
        .copied()
        .collect();
    firms.sort_unstable();
    firms.dedup();
    for &firm_id in &firms {
        tx.record_change(Change::Peers {
            firm_id: crate::accounts::FirmId::from_stored(firm_id),
        })?;
    }
    commit(tx)?;
    Ok(VendorMoves {
        stack_firms,
        entries,
        recommendations,
        meeting_clicks,
        firms,
    })
}

/// Takes the catalog's write lock (PostgreSQL; redb's one writer already serialises).
fn lock_in(tx: &mut WriteTx) -> Result<()> {
    if let WriteTx::Postgres(tx) = tx {
        super::postgres::lock_catalog(tx)?;
    }
    Ok(())
}

/// How many meeting clicks (anyone's, of either kind) name vendor `id`.
fn clicks_naming_in(tx: &mut WriteTx, id: u64) -> Result<u64> {
    match tx {
        WriteTx::File(txn) => {
            let mut n = 0;
            for entry in txn.open_table(MEETING_CLICKS)?.iter()? {
                if entry?.0.value().1 == id {
                    n += 1;
                }
            }
            Ok(n)
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let n: i64 = store.run(
                sqlx::query_scalar("SELECT count(*) FROM meeting_clicks WHERE vendor_id = $1")
                    .bind(id as i64)
                    .fetch_one(tx.conn()?),
            )?;
            Ok(n as u64)
        }
    }
}

/// Moves every meeting click on `from` to `into` (each keeps its id, person, page, time and
/// kind); answers how many moved.
fn merge_clicks_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<u64> {
    match tx {
        WriteTx::File(txn) => {
            let mut clicks = txn.open_table(MEETING_CLICKS)?;
            let mut moving: Vec<MeetingClick> = Vec::new();
            for entry in clicks.iter()? {
                let (key, value) = entry?;
                if key.value().1 == from {
                    moving.push(codec::decode(value.value())?);
                }
            }
            let mut times = txn.open_table(MEETING_CLICK_TIMES)?;
            for mut click in moving.iter().cloned() {
                clicks.remove((click.user_id, from, click.id))?;
                click.vendor_id = into;
                clicks.insert(
                    (click.user_id, into, click.id),
                    codec::encode(&click).as_slice(),
                )?;
                times.insert((click.user_id, click.id), into)?;
            }
            Ok(moving.len() as u64)
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let moved = store.run(
                sqlx::query("UPDATE meeting_clicks SET vendor_id = $2 WHERE vendor_id = $1")
                    .bind(from as i64)
                    .bind(into as i64)
                    .execute(tx.conn()?),
            )?;
            Ok(moved.rows_affected())
        }
    }
}

/// Bookings whose Client is `name` (lower-cased) now count for vendor `into`, as do those of
/// every name merged into `from` before.
pub(super) fn alias_in(tx: &mut WriteTx, name: &str, from: u64, into: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let mut aliases = txn.open_table(VENDOR_ALIASES)?;
            let mut earlier: Vec<String> = Vec::new();
            for entry in aliases.iter()? {
                let (alias, id) = entry?;
                if id.value() == from {
                    earlier.push(alias.value().to_string());
                }
            }
            for alias in earlier.iter().map(String::as_str).chain([name]) {
                aliases.insert(alias, into)?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                sqlx::query("UPDATE vendor_aliases SET vendor_id = $2 WHERE vendor_id = $1")
                    .bind(from as i64)
                    .bind(into as i64)
                    .execute(&mut *conn)
                    .await?;
                sqlx::query(
                    "INSERT INTO vendor_aliases (name, vendor_id) VALUES ($1, $2) \
                     ON CONFLICT (name) DO UPDATE SET vendor_id = EXCLUDED.vendor_id",
                )
                .bind(name)
                .bind(into as i64)
                .execute(&mut *conn)
                .await?;
                anyhow::Ok(())
            })?;
        }
    }
    Ok(())
}

/// Removes vendor `id`, where its facts and booking link were checked, and the names merged into
/// it. The caller has made sure nothing refers to it (or moved what did).
fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            txn.open_table(VENDORS)?.remove(id)?;
            txn.open_table(VENDOR_SOURCES)?.remove(id)?;
            txn.open_table(VENDOR_BOOKING_SOURCES)?.remove(id)?;
            let mut aliases = txn.open_table(VENDOR_ALIASES)?;
            let mut gone: Vec<String> = Vec::new();
            for entry in aliases.iter()? {
                let (alias, to) = entry?;
                if to.value() == id {
                    gone.push(alias.value().to_string());
                }
            }
            for alias in &gone {
                aliases.remove(alias.as_str())?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                for sql in [
                    "DELETE FROM vendor_sources WHERE vendor_id = $1",
                    "DELETE FROM vendor_booking_sources WHERE vendor_id = $1",
                    "DELETE FROM vendor_aliases WHERE vendor_id = $1",
                    "DELETE FROM vendors WHERE id = $1",
                ] {
                    sqlx::query(sql).bind(id as i64).execute(&mut *conn).await?;
                }
                anyhow::Ok(())
            })?;
        }
    }
    Ok(())
}

/// Commits a vendor delete or merge; on PostgreSQL every node is told to reload its catalog.
fn commit(tx: WriteTx) -> Result<()> {
    super::commit_catalog(tx)?;
    Ok(())
}
