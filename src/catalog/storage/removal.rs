//! The catalog's part of the operator's vendor delete and merge (`admin::vendors`, whose storage
//! runs them in one write transaction with every domain that names vendors): the catalog's lock,
//! and its own rows (the vendor, its meeting clicks, the names merged vendors leave behind).
//! Clicks are walked in full: a rare operator action, never a request's path.

use super::{
    ALIASES, BOOKING_SOURCES, CATALOG_LOCK, CLICKS, FACTS, SOURCES, VENDORS, clicks_on_in,
};
use crate::platform::error::Result;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::seam;

/// Takes the catalog's turn (redb's one writer already takes turns).
pub fn lock_in(tx: &mut WriteTx) -> Result<()> {
    seam::within(tx, |tx| tx.lock_install(CATALOG_LOCK))
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
    seam::within(tx, |tx| {
        let earlier = names_of(tx, from)?;
        for alias in earlier.into_iter().chain([name.to_string()]) {
            tx.insert(&ALIASES, alias, &into)?;
        }
        Ok(())
    })
}

/// The names merged into vendor `id`.
fn names_of(tx: &mut seam::Tx, id: u64) -> Result<Vec<String>> {
    Ok((tx.range_text(&ALIASES, "")?.into_iter())
        .filter(|(_, to)| *to == id)
        .map(|(alias, _)| alias)
        .collect())
}

/// Removes vendor `id`, where its facts and booking link were checked, and the names merged into
/// it. The caller has made sure nothing refers to it (or moved what did).
pub fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    seam::within(tx, |tx| {
        tx.remove(&SOURCES, id)?;
        tx.remove(&BOOKING_SOURCES, id)?;
        tx.remove(&FACTS, id)?;
        for alias in names_of(tx, id)? {
            tx.remove(&ALIASES, alias)?;
        }
        tx.remove(&VENDORS, id)?;
        Ok(())
    })
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
