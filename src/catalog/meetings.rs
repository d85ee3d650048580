//! Meeting clicks: a signed-in user asked to schedule a meeting with a vendor. Each click is
//! stored with the user, the vendor, the screen it came from, the time and its kind, and answered
//! with the link to open (tagged with our `utm_source`): the vendor's booking link for a booking
//! click, its website for a website click (Visit Website). A click changes no status anywhere.
//!
//! Invariant: a click is only recorded for a vendor that exists and has the link of its kind, so
//! every stored click points at a link the user could actually follow.

use super::model::{ClickKind, MeetingClick, MeetingClickView};
use super::outbound::with_utm;
use super::{Catalog, storage};
pub use crate::platform::clock::rfc3339;
use crate::platform::error::{Result, bad_request};
use crate::platform::store::Store;

/// How many of a user's own clicks `GET /api/meeting-clicks` returns.
pub const RECENT_CLICKS: usize = 50;

/// Refuses a click on a vendor that does not exist or has no link of the click's kind to open.
pub fn check_schedulable(
    catalog: &Catalog,
    vendor_id: u64,
    kind: ClickKind,
    utm_source: &str,
) -> Result<()> {
    let vendor = catalog
        .vendor(vendor_id)
        .ok_or_else(|| bad_request(format!("There is no vendor with id {vendor_id}")))?;
    let usable = |url: Option<&str>| url.is_some_and(|url| with_utm(url, utm_source).is_some());
    match kind {
        ClickKind::Booking if !usable(vendor.booking_url.as_deref()) => {
            Err(bad_request("This vendor has no scheduler"))
        }
        ClickKind::Website if !usable(vendor.website_url.as_deref()) => {
            Err(bad_request("This vendor has no website"))
        }
        _ => Ok(()),
    }
}

pub fn view(catalog: &Catalog, utm_source: &str, click: &MeetingClick) -> MeetingClickView {
    let vendor = catalog.vendor(click.vendor_id);
    MeetingClickView {
        id: click.id,
        vendor_id: click.vendor_id,
        vendor_name: vendor.map(|v| v.name.clone()),
        source_page: click.source_page,
        kind: click.kind,
        booking_url: vendor
            .filter(|_| click.kind == ClickKind::Booking)
            .and_then(|v| v.booking_url.as_deref())
            .and_then(|url| with_utm(url, utm_source)),
        website_url: vendor
            .filter(|_| click.kind == ClickKind::Website)
            .and_then(|v| v.website_url.as_deref())
            .and_then(|url| with_utm(url, utm_source)),
        recorded_at: rfc3339(click.at),
    }
}

/// The user's own most recent clicks, newest first.
pub fn recent_clicks(store: &Store, user_id: u64) -> Result<Vec<MeetingClick>> {
    storage::recent_meeting_clicks(store, user_id, RECENT_CLICKS)
}

/// The user's own clicks on one vendor, newest first (the vendor profile's history).
pub fn user_vendor_clicks(
    store: &Store,
    user_id: u64,
    vendor_id: u64,
) -> Result<Vec<MeetingClick>> {
    storage::meeting_clicks_on(store, &[user_id], &[vendor_id])
}
