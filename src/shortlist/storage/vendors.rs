//! A catalog vendor on every firm's shortlist, for the operator's vendor delete and merge
//! (`admin::vendors`). Both walk every firm's entries: rare operator actions, never a request's
//! path.

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::seam;

use super::{BY_VENDOR, ENTRIES};

/// The firms with vendor `id` on their shortlist, in id order: read through the index by vendor.
pub fn firms_listing_in(tx: &mut WriteTx, id: u64) -> Result<Vec<u64>> {
    seam::within(tx, |tx| {
        let rows = tx.lookup(&ENTRIES, &BY_VENDOR, id..=id)?;
        Ok(rows.into_iter().map(|((firm, _), _)| firm).collect())
    })
}

/// What a vendor merge did to the shortlists.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MovedEntries {
    /// Firms whose entry for the merged vendor became their entry for the kept one.
    pub moved: Vec<u64>,
    /// Firms that had both: their entry for the kept vendor stays, the other is dropped.
    pub kept_both: Vec<u64>,
}

/// Moves every firm's entry for vendor `from` to `into` inside the caller's transaction; a firm
/// with an entry for both keeps its entry for `into` (its notes, status and history) and loses
/// the one for `from`. Each firm's entries are written through the firm (`open_firm`), in id
/// order.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<MovedEntries> {
    seam::within(tx, |tx| {
        let mut out = MovedEntries::default();
        for ((firm, _), entry) in tx.lookup(&ENTRIES, &BY_VENDOR, from..=from)? {
            tx.open_firm(FirmId::from_stored(firm))?;
            tx.remove(&ENTRIES, (firm, from))?;
            if tx.get(&ENTRIES, (firm, into))?.is_some() {
                out.kept_both.push(firm);
            } else {
                tx.insert(&ENTRIES, (firm, into), &entry)?;
                out.moved.push(firm);
            }
        }
        Ok(out)
    })
}

/// Shortlist entries naming a vendor.
pub const SHORTLIST_ENTRIES: &str = "shortlist_entries";

/// The shortlists' part in a vendor delete and merge.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| {
        Ok(vec![(
            SHORTLIST_ENTRIES,
            firms_listing_in(tx, id)?.len() as u64,
        )])
    },
    merge: |tx, from, into| {
        let MovedEntries { moved, kept_both } = merge_vendor_in(tx, from, into)?;
        Ok(VendorMoved {
            counts: vec![(SHORTLIST_ENTRIES, moved.len() as u64)],
            firms: moved.iter().chain(&kept_both).copied().collect(),
            kept_both,
        })
    },
    delete: None,
};
