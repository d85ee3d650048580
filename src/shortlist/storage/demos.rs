//! The date of a booked demo (who set it), and the follow-up each demo gets once, over the
//! storage seam: `DATES` ((firm id, vendor id) -> `DemoDate`, indexed by day for the follow-ups
//! due) and `FOLLOWUPS` ((firm id, vendor id, day) -> when it was written). Never fields of the
//! stored `Entry`: a table keyed like it.

use std::collections::HashMap;

use crate::notifications::Delivery;
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Index, On, Table};
use crate::platform::store::{DEMO_DATES, DEMO_FOLLOWUPS, Store, WriteTx};
use crate::shortlist::model::{DemoDate, Entry};

/// (firm id, vendor id) -> `DemoDate`.
pub const DATES: Table<(u64, u64), DemoDate> =
    Table::new("demo_dates", DEMO_DATES, &["firm_id", "vendor_id"], None).indexed(&[&BY_DAY]);

/// The demo dates by their day: the follow-ups due read a few days' demos, not every firm's.
pub const BY_DAY: Index = Index::new("demo_dates_by_day", On::Field("day"));

/// (firm id, vendor id, day) -> when its follow-up was written (Unix seconds): the claim that
/// each demo is followed up once. Its redb table holds the time as a plain integer, as before
/// the seam.
pub const FOLLOWUPS: Table<(u64, u64, i64), i64, i64> = Table::new(
    "demo_followups",
    DEMO_FOLLOWUPS,
    &["firm_id", "vendor_id", "day"],
    None,
);

/// Sets (or with `None` clears) the demo date of an entry, in the entry's own transaction.
pub fn set_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    vendor_id: u64,
    date: Option<DemoDate>,
) -> Result<()> {
    let key = (firm_id.get(), vendor_id);
    seam::within(tx, |tx| {
        tx.open_firm(firm_id)?;
        match date {
            Some(d) => tx.insert(&DATES, key, &d),
            None => tx.remove(&DATES, key).map(drop),
        }
    })
}

/// Writes an archive's demo date as the new firm's, inside the import's transaction.
pub(super) fn load_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    vendor_id: u64,
    date: DemoDate,
) -> Result<()> {
    seam::within(tx, |tx| {
        tx.insert(&DATES, (firm_id.get(), vendor_id), &date)
    })
}

/// The firm's demo dates by vendor id: its rows only, read by its key.
pub fn load(store: &Store, firm_id: FirmId) -> Result<HashMap<u64, DemoDate>> {
    seam::read(store, |tx| firm_dates_in(tx, firm_id))
}

/// `load` inside a read begun elsewhere (the shortlist's one snapshot).
pub fn firm_dates_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<HashMap<u64, DemoDate>> {
    Ok(tx
        .range(&DATES, &[firm_id.get()])?
        .into_iter()
        .map(|((_, vendor), d)| (vendor, d))
        .collect())
}

/// The demo dates whose day is in `first..=last` and that have had no follow-up yet, by (firm,
/// vendor): read through the index by day, then each one's claim.
pub fn due(store: &Store, first: i64, last: i64) -> Result<Vec<((u64, u64), DemoDate)>> {
    // Days before 1970 are never stored (an index part is unsigned).
    let (Ok(first), Ok(last)) = (u64::try_from(first.max(0)), u64::try_from(last)) else {
        return Ok(Vec::new());
    };
    let mut due = seam::read(store, |tx| {
        let mut due = Vec::new();
        for (key, date) in tx.lookup(&DATES, &BY_DAY, first..=last)? {
            // One key read each, by its firm: the days' demos are few.
            if tx.get(&FOLLOWUPS, (key.0, key.1, date.day))?.is_none() {
                due.push((key, date));
            }
        }
        Ok(due)
    })?;
    due.sort_by_key(|(key, _)| *key);
    Ok(due)
}

/// In one transaction: claims the follow-up of the demo (once per (firm, vendor, day), across
/// restarts and hub nodes), and writes what `make` answers for the entry as it is now. Nothing is
/// written when the follow-up was claimed already, when the firm is gone, or when `make` answers
/// `None` (the entry was removed, or its outcome recorded). Whether a follow-up was written.
pub fn follow_up(
    store: &Store,
    key: (u64, u64),
    date: DemoDate,
    now: i64,
    make: impl FnOnce(Option<&Entry>) -> Option<Delivery>,
) -> Result<bool> {
    let mut tx = store.begin()?;
    let made = seam::within(&mut tx, |tx| {
        // The firm's row first, as a merge takes it: a merge of the firm runs wholly before or
        // after. Claimed first, the day's key could be the one the merge moves the other firm's
        // claim onto, while the merge held the shortlist entry this waits for.
        if !tx.firm_is_open(FirmId::from_stored(key.0))? {
            return Ok(None);
        }
        match tx.insert_new(&FOLLOWUPS, (key.0, key.1, date.day), &now) {
            Err(AppError::Conflict(m)) if m == seam::TAKEN => return Ok(None),
            claimed => claimed?,
        }
        let entry = tx.get(&super::ENTRIES, key)?;
        Ok(make(entry.as_ref()))
    })?;
    // Nothing to write: the transaction (and the claim in it) rolls back as it drops.
    let Some(delivery) = made else {
        return Ok(false);
    };
    crate::notifications::storage::deliver_in(&mut tx, &delivery)?;
    tx.commit()?;
    Ok(true)
}

/// Firm `from`'s demo dates and follow-ups become `into`'s, where `into` has none of the same
/// key; inside the firm merge's seam transaction, which holds both firms' locks.
pub(super) fn merge_firm_in(tx: &mut seam::Tx, into: u64, from: u64) -> Result<()> {
    super::move_unless_kept(tx, &DATES, into, from)?;
    super::move_unless_kept(tx, &FOLLOWUPS, into, from)
}
