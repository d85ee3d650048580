//! The demo requests' part in the operator's vendor delete and merge: both carry the requests and
//! the asks to join along. A merge makes the duplicate's requests the kept vendor's (a firm's ask
//! for both stays one); a delete takes them out with the vendor, whose people and accounts go too.
//! Each firm's rows are written through the firm (`open_firm`), in the index's order.

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{Naming, VendorMoved, VendorPart};
use crate::platform::store::seam;

use super::{JOIN_ASKS, JOIN_ASKS_BY_VENDOR, REQUESTS, REQUESTS_BY_VENDOR};

/// Demo requests moved by a merge.
pub const DEMO_REQUESTS: &str = "demo_requests";
/// Asks to join moved by a merge.
pub const JOIN_ASKS_MOVED: &str = "vendor_join_asks";

fn naming(_tx: &mut WriteTx, _vendor: u64) -> Result<Naming> {
    // Requests never hold a vendor back: they go with it or move to the kept listing.
    Ok(Vec::new())
}

fn merge(tx: &mut WriteTx, from: u64, into: u64) -> Result<VendorMoved> {
    seam::within(tx, |tx| {
        let mut requests = 0;
        for ((firm, id), mut request) in tx.lookup(&REQUESTS, &REQUESTS_BY_VENDOR, from..=from)? {
            tx.open_firm(FirmId::from_stored(firm))?;
            request.vendor_id = into;
            tx.insert(&REQUESTS, (firm, id), &request)?;
            requests += 1;
        }
        let mut asks = 0;
        for ((firm, _), ask) in tx.lookup(&JOIN_ASKS, &JOIN_ASKS_BY_VENDOR, from..=from)? {
            tx.open_firm(FirmId::from_stored(firm))?;
            tx.remove(&JOIN_ASKS, (firm, from))?;
            if tx.get(&JOIN_ASKS, (firm, into))?.is_none() {
                tx.insert(&JOIN_ASKS, (firm, into), &ask)?;
                asks += 1;
            }
        }
        Ok(VendorMoved {
            counts: vec![(DEMO_REQUESTS, requests), (JOIN_ASKS_MOVED, asks)],
            ..VendorMoved::default()
        })
    })
}

fn delete(tx: &mut WriteTx, vendor: u64) -> Result<()> {
    seam::within(tx, |tx| {
        for ((firm, id), _) in tx.lookup(&REQUESTS, &REQUESTS_BY_VENDOR, vendor..=vendor)? {
            tx.open_firm(FirmId::from_stored(firm))?;
            tx.remove(&REQUESTS, (firm, id))?;
        }
        for ((firm, _), _) in tx.lookup(&JOIN_ASKS, &JOIN_ASKS_BY_VENDOR, vendor..=vendor)? {
            tx.open_firm(FirmId::from_stored(firm))?;
            tx.remove(&JOIN_ASKS, (firm, vendor))?;
        }
        Ok(())
    })
}

pub const PART: VendorPart = VendorPart {
    naming,
    merge,
    delete: Some(delete),
};
