//! The catalog's part of the operator's vendor delete and merge (`admin::vendors`, whose storage
//! runs them in one write transaction with every domain that names vendors): the catalog's lock,
//! and its own rows (the vendor, its meeting clicks, the names merged vendors leave behind).
//! Clicks are walked in full: a rare operator action, never a request's path.

use redb::ReadableTable;

use super::{CLICKS, clicks_on_in};
use crate::platform::error::Result;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::seam;
use crate::platform::store::{
    VENDOR_ALIASES, VENDOR_BOOKING_SOURCES, VENDOR_FACTS, VENDOR_SOURCES, VENDORS, WriteTx,
};

/// Takes the catalog's write lock (PostgreSQL; redb's one writer already serialises).
pub fn lock_in(tx: &mut WriteTx) -> Result<()> {
    if let WriteTx::Postgres(tx) = tx {
        super::postgres::lock_catalog(tx)?;
    }
    Ok(())
}

/// How many meeting clicks (anyone's, of either kind) name vendor `id`.
pub fn clicks_naming_in(tx: &mut WriteTx, id: u64) -> Result<u64> {
    seam::within(tx, |tx| Ok(clicks_on_in(tx, id)?.len() as u64))
}

/// Moves every meeting click on `from` to `into` (each keeps its id, person, page, time and
/// kind); answers how many moved.
pub fn merge_clicks_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<u64> {
    seam::within(tx, |tx| {
        let moving = clicks_on_in(tx, from)?;
        for mut click in moving.iter().cloned() {
            tx.remove(&CLICKS, (click.user_id, from, click.id))?;
            click.vendor_id = into;
            tx.insert(&CLICKS, (click.user_id, into, click.id), &click)?;
        }
        Ok(moving.len() as u64)
    })
}

/// Bookings whose Client is `name` (lower-cased) now count for vendor `into`, as do those of
/// every name merged into `from` before.
pub fn alias_in(tx: &mut WriteTx, name: &str, from: u64, into: u64) -> Result<()> {
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
pub fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            txn.open_table(VENDORS)?.remove(id)?;
            txn.open_table(VENDOR_SOURCES)?.remove(id)?;
            txn.open_table(VENDOR_BOOKING_SOURCES)?.remove(id)?;
            txn.open_table(VENDOR_FACTS)?.remove(id)?;
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
                    "DELETE FROM vendor_facts WHERE vendor_id = $1",
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
pub fn commit(tx: WriteTx) -> Result<()> {
    super::commit_catalog(tx)?;
    Ok(())
}

/// Meeting clicks naming a vendor.
pub const MEETING_CLICKS_NAMING: &str = "meeting_clicks";

/// The catalog's part in a vendor delete and merge, beside the vendor's own row (which
/// `delete_vendor_in` and `alias_in` take care of last): the meeting clicks.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(vec![(MEETING_CLICKS_NAMING, clicks_naming_in(tx, id)?)]),
    merge: |tx, from, into| {
        Ok(VendorMoved {
            counts: vec![(MEETING_CLICKS_NAMING, merge_clicks_in(tx, from, into)?)],
            ..VendorMoved::default()
        })
    },
    delete: None,
};
