//! A meeting click with what it does to the shortlist: a booking click puts the vendor on the
//! firm's shortlist as "demo booked", in the click's own commit.

use crate::accounts::FirmId;
use crate::catalog::model::{ClickKind, MeetingClick, SourcePage};
use crate::clock::now_secs;
use crate::error::Result;
use crate::shortlist::model::Stamp;
use crate::store::Store;

/// Stores a meeting click now (the person's, `by` naming them). A booking click also puts the
/// vendor on their firm's shortlist as "demo booked" in the same commit: both or neither, on
/// either backend. A website click does not: a demo asked for on the vendor's site is not known
/// to be booked.
pub fn record_meeting_click(
    store: &Store,
    user_id: u64,
    firm_id: FirmId,
    by: &str,
    vendor_id: u64,
    source_page: SourcePage,
    kind: ClickKind,
) -> Result<MeetingClick> {
    let recorded = match kind {
        ClickKind::Booking => Some(crate::shortlist::recorded_now(store, firm_id, vendor_id)?),
        ClickKind::Website => None,
    };
    let mut tx = store.begin()?;
    let mut click = MeetingClick {
        id: 0,
        user_id,
        vendor_id,
        source_page,
        at: now_secs(),
        kind,
    };
    click.id = crate::catalog::storage::insert_meeting_click_in(&mut tx, &click)?;
    if let Some(recorded) = recorded {
        let stamp = Stamp {
            at: click.at,
            by: Some(by),
        };
        super::update_in(&mut tx, firm_id, click.vendor_id, |current| {
            Ok((crate::shortlist::demo_booked(current, stamp, recorded), ()))
        })?;
    }
    tx.commit()?;
    Ok(click)
}
