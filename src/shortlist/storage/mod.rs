//! The shortlist's storage, written once over the storage seam (`store::seam`): one entry per
//! (firm id, vendor id) in `ENTRIES`, and the entries taken off it, kept for their Undo
//! (`REMOVED`, one per (firm id, vendor id)). Every function takes the firm id, so no call can
//! reach another firm's entries; `load_all` is only for the aggregate outcomes.
//!
//! What carried over: on redb the tables and their bincode values are the ones of before the
//! seam, so an existing file opens unchanged (the index of entries by vendor is built at the
//! first write that meets a file without it); on PostgreSQL migration 0043 moved the rows of the
//! former typed tables into the seam's layout.

pub mod demos;
pub mod vendors;

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::seam::{self, Index, On, Table};
use crate::platform::store::{Store, WriteTx};
use crate::shortlist::ShortlistState;

use super::model::{Entry, Removed, Stamp};
use crate::platform::store::arrival::{Arrival, Rows, unkeyed};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table as Declared, Taking, Target, keyed,
};
use crate::platform::store::{SHORTLIST, SHORTLIST_REMOVED};

/// (firm id, vendor id) -> `Entry`.
pub const ENTRIES: Table<(u64, u64), Entry> =
    Table::new("shortlist", SHORTLIST, &["firm_id", "vendor_id"], None).indexed(&[&BY_VENDOR]);

/// The entries by vendor: the firms listing one, for the operator's vendor delete and merge.
pub const BY_VENDOR: Index = Index::new("shortlist_by_vendor", On::Key(1));

/// (firm id, vendor id) -> `Removed`: an entry taken off the shortlist, kept for its Undo.
pub const REMOVED: Table<(u64, u64), Removed> = Table::new(
    "shortlist_removed",
    SHORTLIST_REMOVED,
    &["firm_id", "vendor_id"],
    None,
);

/// What `restore` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restore {
    /// Nothing of the vendor was removed in the last `KEEP_REMOVED_DAYS` (or it was restored).
    Nothing,
    /// The vendor is on the shortlist again: nothing was written.
    OnShortlist,
    /// The removed entry is back on the shortlist, exactly as it was.
    Restored(Entry),
}

/// The vendors the firm marked Rejected: the recommendations never rank them for it.
pub fn rejected_vendors_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<u64>> {
    Ok(load_in(tx, firm_id)?
        .into_iter()
        .filter(|(_, e)| e.status == super::model::Status::Rejected)
        .map(|(vendor_id, _)| vendor_id)
        .collect())
}

/// The firm's entries by vendor id, in vendor order.
pub fn load(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, Entry)>> {
    seam::read(store, |tx| load_in(tx, firm_id))
}

/// `load` inside a read begun elsewhere (the progress overview's one snapshot).
pub fn load_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Vec<(u64, Entry)>> {
    let rows = tx.range(&ENTRIES, &[firm_id.get()])?;
    Ok(rows
        .into_iter()
        .map(|((_, vendor), e)| (vendor, e))
        .collect())
}

/// Every firm's entries, as ((firm id, vendor id), entry), in that order. Only for building the
/// peer figures (at start) and tests: requests read the aggregate.
pub fn load_all(store: &Store) -> Result<Vec<((u64, u64), Entry)>> {
    seam::range_one(store, &ENTRIES, &[])
}

/// Reads, changes and writes one entry in one transaction; `change` may refuse (nothing is
/// written then). `None` in: the vendor is not on the shortlist yet.
pub fn update<T>(
    state: &ShortlistState,
    firm_id: FirmId,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    update_then(state, firm_id, vendor_id, change, |_, _| Ok(()))
}

/// `update`, then `then` writes beside the entry in the same transaction (the demo date).
pub fn update_then<T>(
    state: &ShortlistState,
    firm_id: FirmId,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
    then: impl FnOnce(&mut WriteTx, &T) -> Result<()>,
) -> Result<T> {
    let mut tx = state.store.begin()?;
    let out = update_in(&mut tx, firm_id, vendor_id, change)?;
    then(&mut tx, &out)?;
    tx.commit()?;
    state.firm_changed.tell(firm_id);
    Ok(out)
}

/// `update` inside a caller's transaction (the meeting click adds its vendor with the click). It
/// leaves the peer figures to the caller: a meeting click never changes a demo outcome. The
/// firm's scope lock, taken before the read and held to the commit, keeps two writes of its
/// entries (the first write of one included, which has no row to lock) from losing either.
pub fn update_in<T>(
    tx: &mut WriteTx,
    firm_id: FirmId,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    seam::within(tx, |tx| {
        tx.open_firm(firm_id)?;
        let key = (firm_id.get(), vendor_id);
        let current = tx.get(&ENTRIES, key)?;
        let before = current.as_ref().map(peer_outcome);
        let (entry, out) = change(current)?;
        tx.insert(&ENTRIES, key, &entry)?;
        // Other nodes recount the firm only when what the peer figures count changed.
        if before.unwrap_or_default() != peer_outcome(&entry) {
            tx.record_change(Change::Peers { firm_id });
        }
        Ok(out)
    })
}

/// What the peer figures count of an entry: whether the demo was held, and whether it was chosen.
fn peer_outcome(entry: &Entry) -> (bool, bool) {
    let held = entry.outcome.demo_held == Some(true);
    (held, held && entry.outcome.chosen == Some(true))
}

/// Takes an entry off the shortlist and keeps it, whole, for its Undo: it replaces an earlier
/// removed copy of the vendor, and the firm's removed entries older than `KEEP_REMOVED_DAYS` are
/// pruned in the same write. Whether there was an entry (nothing is written when there was not).
pub fn remove(
    state: &ShortlistState,
    firm_id: FirmId,
    vendor_id: u64,
    stamp: Stamp,
) -> Result<bool> {
    let removed = remove_entry(&state.store, firm_id, vendor_id, stamp)?;
    if removed.is_some() {
        state.firm_changed.tell(firm_id);
    }
    Ok(removed.is_some())
}

/// `remove`'s write; the removed entry, if there was one.
fn remove_entry(
    store: &Store,
    firm_id: FirmId,
    vendor_id: u64,
    stamp: Stamp,
) -> Result<Option<Entry>> {
    let key = (firm_id.get(), vendor_id);
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let Some(entry) = tx.remove(&ENTRIES, key)? else {
            // Nothing removed: what an earlier removal kept stays as it is.
            return Ok(None);
        };
        for (kept_key, kept) in tx.range(&REMOVED, &[firm_id.get()])? {
            if !kept.kept_at(stamp.at) {
                tx.remove(&REMOVED, kept_key)?;
            }
        }
        let kept = Removed {
            entry,
            removed_at: stamp.at,
            removed_by: stamp.by.map(String::from),
        };
        tx.insert(&REMOVED, key, &kept)?;
        if peer_outcome(&kept.entry) != (false, false) {
            tx.record_change(Change::Peers { firm_id });
        }
        Ok(Some(kept.entry))
    })
}

/// Puts the entry the firm last removed for this vendor back on the shortlist, exactly as it was
/// (note and its author, status and its whole history, outcome, recorded reasons), from what the
/// store kept; never from anything a client sends. Refused, writing nothing, while the vendor is
/// on the shortlist again.
pub fn restore(
    state: &ShortlistState,
    firm_id: FirmId,
    vendor_id: u64,
    now: i64,
) -> Result<Restore> {
    let found = restore_entry(&state.store, firm_id, vendor_id, now)?;
    if matches!(found, Restore::Restored(_)) {
        state.firm_changed.tell(firm_id);
    }
    Ok(found)
}

/// `restore`'s write, under the firm's scope lock so that no write adds the vendor between the
/// check and the copy.
fn restore_entry(store: &Store, firm_id: FirmId, vendor_id: u64, now: i64) -> Result<Restore> {
    let key = (firm_id.get(), vendor_id);
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        let Some(kept) = tx.get(&REMOVED, key)?.filter(|k| k.kept_at(now)) else {
            return Ok(Restore::Nothing);
        };
        if tx.get(&ENTRIES, key)?.is_some() {
            return Ok(Restore::OnShortlist);
        }
        tx.insert(&ENTRIES, key, &kept.entry)?;
        tx.remove(&REMOVED, key)?;
        if peer_outcome(&kept.entry) != (false, false) {
            tx.record_change(Change::Peers { firm_id });
        }
        Ok(Restore::Restored(kept.entry))
    })
}

/// Every firm's removed entries, as ((firm id, vendor id), removed). For the export and tests.
pub fn load_all_removed(store: &Store) -> Result<Vec<((u64, u64), Removed)>> {
    seam::range_one(store, &REMOVED, &[])
}

/// Moves firm `from`'s shortlist to firm `into` inside the caller's transaction (a firm merge),
/// under both firms' scope locks: a vendor only `from` has becomes `into`'s as it is; one both
/// have becomes `merge_entries` of the two. `from`'s removed entries, demo dates and follow-ups
/// move too, where `into` kept none of the same vendor (the kept firm's own wins). The caller
/// recounts both firms in the peer figures after the commit.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        let (into, from) = (into.get(), from.get());
        for ((_, vendor), theirs) in tx.range(&ENTRIES, &[from])? {
            tx.remove(&ENTRIES, (from, vendor))?;
            let merged = match tx.get(&ENTRIES, (into, vendor))? {
                Some(ours) => merge_entries(ours, theirs),
                None => theirs,
            };
            tx.insert(&ENTRIES, (into, vendor), &merged)?;
        }
        move_unless_kept(tx, &REMOVED, into, from)?;
        demos::merge_firm_in(tx, into, from)
    })
}

/// Moves firm `from`'s rows of `table` (keyed by firm first) to `into`, except where `into` has a
/// row of the same key already: that one stays, the other goes.
fn move_unless_kept<K, V, R>(
    tx: &mut seam::Tx,
    table: &Table<K, V, R>,
    into: u64,
    from: u64,
) -> Result<()>
where
    K: seam::Key,
    V: serde::Serialize + serde::de::DeserializeOwned,
    R: seam::RedbValue<V>,
{
    for (key, value) in tx.range(table, &[from])? {
        let mut parts = key.parts();
        tx.remove(table, key)?;
        parts[0] = seam::Part::Int(into);
        let ours = K::from_parts(&parts);
        if tx.get(table, ours.clone())?.is_none() {
            tx.insert(table, ours, &value)?;
        }
    }
    Ok(())
}

/// Two firms' entries for one vendor as one, losing nothing. The entry whose latest status change
/// is newer is the base (`ours` on a tie): its status, reason and fields stay. The other's note,
/// when it has one, follows the base's after a blank line (or is the note, when the base has
/// none); the two histories are merged in time order (the base's change last on a tie, so the
/// history still ends at the status); what the base's outcome leaves unanswered the other's
/// answers; the entry was added when the first of the two was.
pub fn merge_entries(ours: Entry, theirs: Entry) -> Entry {
    let latest = |e: &Entry| e.history.last().map_or(e.added_at, |c| c.at);
    let (mut base, other) = if latest(&theirs) > latest(&ours) {
        (theirs, ours)
    } else {
        (ours, theirs)
    };
    let note = other.note.trim();
    if !note.is_empty() && base.note.trim() != note {
        // The note says who changed it last: the other's author when it is the other's alone,
        // or when its change is the newer of the two joined.
        if base.note.trim().is_empty() || other.note_at > base.note_at {
            base.note_by = other.note_by.clone();
            base.note_at = other.note_at;
        }
        base.note = if base.note.trim().is_empty() {
            other.note.clone()
        } else {
            format!("{}\n\n{}", base.note.trim_end(), other.note)
        };
    }
    // What it was recommended for when first added: the base's, else the other's.
    if base.recorded.is_none() {
        base.recorded = other.recorded.clone();
    }
    let mut history = other.history.clone();
    history.append(&mut base.history);
    history.sort_by_key(|change| change.at);
    base.history = history;
    let outcome = &mut base.outcome;
    outcome.demo_held = outcome.demo_held.or(other.outcome.demo_held);
    outcome.chosen = outcome.chosen.or(other.outcome.chosen);
    // When and how satisfied only mean something for a vendor the merged entry says was chosen.
    if outcome.chosen == Some(true) {
        outcome.chosen_at = outcome.chosen_at.or(other.outcome.chosen_at);
        outcome.satisfaction = outcome.satisfaction.or(other.outcome.satisfaction);
    }
    base.added_at = base.added_at.min(other.added_at);
    base
}

// A firm's archive: its shortlist with each entry's history, the entries it took off (kept for
// their Undo) and its demo dates.
// An import: the archive's entries, the entries kept for their Undo and the demo dates, under
// this catalog's vendor ids (the names in them are kept as they were: who did what, then).
fn load_shortlist(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    load_keyed(tx, arrival, rows, &ENTRIES)
}

fn load_removed(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    load_keyed(tx, arrival, rows, &REMOVED)
}

/// Writes an archive's rows of `table` (each keyed by its vendor) as the new firm's, under this
/// catalog's vendor ids.
fn load_keyed<V>(
    tx: &mut WriteTx,
    arrival: &mut Arrival,
    rows: &mut Rows<'_>,
    table: &Table<(u64, u64), V>,
) -> Result<usize>
where
    V: serde::Serialize + serde::de::DeserializeOwned,
{
    let firm_id = arrival.firm()?;
    let count = rows.len();
    let mut parsed = Vec::with_capacity(count);
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, value): (_, V) = unkeyed(table.name, i, row, &["vendor_id"])?;
        parsed.push((arrival.vendor(keys[0])?, value));
    }
    seam::within(tx, |tx| {
        for (vendor, value) in &parsed {
            tx.insert(table, (firm_id.get(), *vendor), value)?;
        }
        Ok(count)
    })
}

fn load_demo_dates(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?;
    let count = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, mut date): (_, super::model::DemoDate) =
            unkeyed("demo_dates", i, row, &["vendor_id"])?;
        let vendor = arrival.vendor(keys[0])?;
        date.set_by = arrival.user("demo_dates", i, date.set_by)?;
        demos::load_in(tx, firm_id, vendor, date)?;
    }
    Ok(count)
}

fn archive_shortlist(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    load(store, taking.firm)?
        .into_iter()
        .map(|(vendor, entry)| keyed(&[("vendor_id", vendor)], entry))
        .collect()
}

fn archive_removed(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    load_all_removed(store)?
        .into_iter()
        .filter(|((firm, _), _)| *firm == taking.firm.get())
        .map(|((_, vendor), removed)| keyed(&[("vendor_id", vendor)], removed))
        .collect()
}

fn archive_demo_dates(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut dates: Vec<_> = demos::load(store, taking.firm)?.into_iter().collect();
    dates.sort_by_key(|(vendor, _)| *vendor);
    dates
        .into_iter()
        .map(|(vendor, date)| keyed(&[("vendor_id", vendor)], date))
        .collect()
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Declared] = &[
    Declared {
        name: "shortlist",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_shortlist,
            load: Load::Rows(load_shortlist),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&ENTRIES, &BY_VENDOR],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Declared {
        name: "shortlist_removed",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_removed,
            load: Load::Rows(load_removed),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&REMOVED],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Declared {
        name: "demo_dates",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_demo_dates,
            load: Load::Rows(load_demo_dates),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&demos::DATES, &demos::BY_DAY],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
    Declared {
        name: "demo_followups",
        purge: Purge::ByKey,
        export: Export::Left("which demo follow-ups this install sent"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&demos::FOLLOWUPS],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "vendor_id",
            to: Target::Vendor,
        }],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::FileStore;
    use crate::platform::store::postgres::test_store;
    use crate::platform::store::testing::both_engines;
    use crate::shortlist::model::{Entry, Stamp, Status};

    fn entries(store: &Store, firm_id: u64) -> Vec<(u64, Entry)> {
        load(store, FirmId::from_stored(firm_id)).unwrap()
    }

    fn all(store: &Store) -> Vec<((u64, u64), Entry)> {
        load_all(store).unwrap()
    }

    fn removed(store: &Store, firm_id: u64, vendor_id: u64) -> bool {
        remove_at(store, firm_id, vendor_id, 500).is_some()
    }

    fn remove_at(store: &Store, firm_id: u64, vendor_id: u64, at: i64) -> Option<Entry> {
        let stamp = Stamp {
            at,
            by: Some("Ann Doe"),
        };
        remove_entry(store, FirmId::from_stored(firm_id), vendor_id, stamp).unwrap()
    }

    fn restore_at(store: &Store, firm_id: u64, vendor_id: u64, now: i64) -> Restore {
        restore_entry(store, FirmId::from_stored(firm_id), vendor_id, now).unwrap()
    }

    /// `update` as the routes run it, on a store.
    fn update(store: &Store, firm_id: u64, vendor_id: u64, change: impl FnOnce(&mut Entry)) {
        let mut tx = store.begin().unwrap();
        update_in(
            &mut tx,
            FirmId::from_stored(firm_id),
            vendor_id,
            |current| {
                let mut entry =
                    current.unwrap_or_else(|| Entry::new(Status::Considering, Stamp::at(100)));
                change(&mut entry);
                Ok((entry, ()))
            },
        )
        .unwrap();
        tx.commit().unwrap();
    }

    #[test]
    fn entries_read_back_alike_on_both_backends() {
        let (_dir, stores) = both_engines();
        let answers: Vec<_> = stores
            .iter()
            .map(|store| {
                update(store, 2, 9, |e| {
                    e.note = "Ask about \"pricing\"; ünïcode".into()
                });
                update(store, 2, 3, |e| {
                    e.set_status(Status::DemoHeld, Stamp::at(200));
                    e.set_status(Status::Chosen, Stamp::at(300));
                    e.outcome.satisfaction = Some(4);
                });
                update(store, 1, 9, |e| {
                    e.set_status(Status::Rejected, Stamp::at(150));
                    e.reject_reason = Some("Too dear".into());
                });
                update(store, 1, 4, |_| {});
                assert!(removed(store, 1, 4));
                assert!(!removed(store, 1, 4));
                // A refused change writes nothing.
                let mut tx = store.begin().unwrap();
                let refused = update_in(
                    &mut tx,
                    FirmId::from_stored(1),
                    5,
                    |_| -> Result<(Entry, ())> { Err(crate::platform::error::bad_request("no")) },
                );
                assert!(refused.is_err());
                drop(tx);
                (entries(store, 2), all(store))
            })
            .collect();
        assert_eq!(answers[0], answers[1]);
        let (mine, all) = &answers[0];
        assert_eq!(mine.iter().map(|(v, _)| *v).collect::<Vec<_>>(), [3, 9]);
        assert_eq!(mine[0].1.outcome.chosen_at, Some(300));
        assert_eq!(
            all.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            [(1, 9), (2, 3), (2, 9)]
        );
    }

    /// A meeting click (the catalog's) is a click: it puts nothing on the shortlist of the
    /// clicker's firm, on either backend. The shipped catalog has vendor 1.
    #[test]
    fn a_meeting_click_changes_no_shortlist() {
        use crate::catalog::model::{ClickKind, SourcePage};
        use crate::catalog::storage::record_meeting_click;
        let (_dir, stores) = both_engines();
        for store in &stores {
            crate::catalog::seed(store).unwrap();
            let click = |user, page, kind| {
                record_meeting_click(store, FirmId::for_fixtures(1), user, 1, page, kind).unwrap()
            };
            click(9, SourcePage::Browse, ClickKind::Booking);
            click(9, SourcePage::Profile, ClickKind::Website);
            click(10, SourcePage::Compare, ClickKind::Booking);
            let shortlisted = [9, 10].map(|firm| entries(store, firm).len());
            assert_eq!(shortlisted, [0, 0]);
        }
    }

    /// Read-modify-writes from many threads at once (on PostgreSQL, as from many nodes): none is
    /// lost, including the first, which creates the entry.
    #[test]
    fn concurrent_updates_never_lose_one() {
        let (_dir, stores) = both_engines();
        for store in &stores {
            std::thread::scope(|s| {
                for _ in 0..8 {
                    s.spawn(|| {
                        for _ in 0..5 {
                            update(store, 7, 1, |e| e.note.push('x'));
                        }
                    });
                }
            });
            assert_eq!(entries(store, 7)[0].1.note.len(), 40);
        }
    }

    /// A write that begins while another one's transaction is open (the entry not committed
    /// yet) sees that entry once it commits, rather than creating it a second time.
    #[test]
    fn an_update_waits_for_an_open_one_on_the_same_entry() {
        let (_dir, stores) = both_engines();
        for store in &stores {
            std::thread::scope(|s| {
                let mut tx = store.begin().unwrap();
                update_in(&mut tx, FirmId::from_stored(8), 1, |current| {
                    let mut entry =
                        current.unwrap_or_else(|| Entry::new(Status::Considering, Stamp::at(1)));
                    entry.note.push('a');
                    Ok((entry, ()))
                })
                .unwrap();
                let second = s.spawn(|| update(store, 8, 1, |e| e.note.push('b')));
                std::thread::sleep(std::time::Duration::from_millis(300));
                tx.commit().unwrap();
                second.join().unwrap();
            });
            assert_eq!(entries(store, 8)[0].1.note, "ab");
        }
    }

    #[test]
    fn a_removed_entry_is_kept_30_days_whole_and_comes_back_unless_on_the_shortlist_again() {
        use crate::shortlist::model::KEEP_REMOVED_DAYS;
        let (_dir, stores) = both_engines();
        let days = |n: i64| n * 86_400;
        for store in &stores {
            let t = 1_000_000;
            update(store, 1, 9, |e| {
                e.set_note(
                    "Ask about pricing".into(),
                    Stamp {
                        at: 110,
                        by: Some("Cy Poe"),
                    },
                );
                e.set_status(
                    Status::DemoHeld,
                    Stamp {
                        at: 120,
                        by: Some("Ann Doe"),
                    },
                );
                e.reject_reason = Some("Slow".into());
                e.recorded = Some(crate::shortlist::model::Recorded {
                    reasons: vec!["Fits firms of 6-20".into()],
                    at: 90,
                });
            });
            update(store, 2, 9, |e| e.note = "Another firm's".into());
            let before = entries(store, 1)[0].1.clone();
            assert_eq!(restore_at(store, 1, 9, t), Restore::Nothing);

            assert_eq!(remove_at(store, 1, 9, t), Some(before.clone()));
            assert!(entries(store, 1).is_empty());
            assert_eq!(remove_at(store, 1, 9, t), None, "nothing left to remove");
            assert_eq!(
                restore_at(store, 3, 9, t),
                Restore::Nothing,
                "another firm's"
            );
            assert_eq!(
                restore_at(store, 1, 9, t + days(KEEP_REMOVED_DAYS)),
                Restore::Nothing,
                "30 days on, it is gone"
            );
            // On the shortlist again: refused, nothing written.
            update(store, 1, 9, |_| {});
            let again = entries(store, 1);
            assert_eq!(restore_at(store, 1, 9, t + 1), Restore::OnShortlist);
            assert_eq!(entries(store, 1), again);
            // The later removal replaces the kept entry.
            assert!(remove_at(store, 1, 9, t + 2).is_some());
            assert_eq!(
                restore_at(store, 1, 9, t + 3),
                Restore::Restored(again[0].1.clone())
            );
            assert_eq!(restore_at(store, 1, 9, t + 4), Restore::Nothing, "used up");
            assert_eq!(entries(store, 2)[0].1.note, "Another firm's");

            // Removed again, then the firm removes another vendor 30 days later: the old kept
            // entry is pruned by that write.
            let back = entries(store, 1)[0].1.clone();
            remove_at(store, 1, 9, t + 5);
            update(store, 1, 4, |_| {});
            let kept = |store: &Store| -> Vec<(u64, u64)> {
                load_all_removed(store)
                    .unwrap()
                    .into_iter()
                    .map(|(k, _)| k)
                    .collect()
            };
            assert_eq!(kept(store), [(1, 9)]);
            let removed = &load_all_removed(store).unwrap()[0].1;
            assert_eq!(
                (
                    &removed.entry,
                    removed.removed_at,
                    removed.removed_by.as_deref()
                ),
                (&back, t + 5, Some("Ann Doe"))
            );
            remove_at(store, 1, 4, t + 5 + days(KEEP_REMOVED_DAYS));
            assert_eq!(kept(store), [(1, 4)]);
        }
    }

    #[test]
    fn export_copies_every_entry() {
        let (_dir, [file, _]) = both_engines();
        update(&file, 1, 2, |e| {
            e.set_status(Status::DemoBooked, Stamp::at(120))
        });
        update(&file, 3, 2, |e| e.note = "n".into());
        update(&file, 3, 5, |e| e.note = "removed".into());
        remove_at(&file, 3, 5, 200);
        let pg = test_store();
        let file_store = file.file().unwrap();
        let counts = [
            seam::copy_to_postgres(file_store, &pg, &ENTRIES).unwrap(),
            seam::copy_to_postgres(file_store, &pg, &REMOVED).unwrap(),
        ];
        assert_eq!(
            (counts[0].table, counts[0].source, counts[0].copied),
            ("shortlist", 2, 2)
        );
        assert_eq!(
            (counts[1].table, counts[1].source, counts[1].copied),
            ("shortlist_removed", 1, 1)
        );
        let hub = Store::Postgres(pg);
        assert_eq!(all(&hub), all(&file));
        assert_eq!(
            load_all_removed(&hub).unwrap(),
            load_all_removed(&file).unwrap()
        );
    }

    #[test]
    fn two_entries_of_one_vendor_become_one_keeping_both_notes_and_histories() {
        let stamp = |at, by| Stamp { at, by: Some(by) };
        let mut ours = Entry::new(Status::Considering, Stamp::at(100));
        ours.set_note("Ours".into(), stamp(100, "Ann Doe"));
        ours.set_status(Status::DemoBooked, Stamp::at(300));
        let mut theirs = Entry::new(Status::Considering, Stamp::at(50));
        theirs.set_note("Theirs".into(), stamp(150, "Cy Poe"));
        theirs.set_status(Status::DemoHeld, Stamp::at(200));
        // Ours changed last: it is the base, their note follows, their outcome fills ours.
        let merged = merge_entries(ours.clone(), theirs.clone());
        assert_eq!(merged.status, Status::DemoBooked);
        assert_eq!(merged.note, "Ours\n\nTheirs");
        // The joined note's latest change was Cy's.
        assert_eq!(
            (merged.note_by.as_deref(), merged.note_at),
            (Some("Cy Poe"), Some(150))
        );
        let times: Vec<(Status, i64)> = merged.history.iter().map(|c| (c.status, c.at)).collect();
        assert_eq!(
            times,
            [
                (Status::Considering, 50),
                (Status::Considering, 100),
                (Status::DemoHeld, 200),
                (Status::DemoBooked, 300)
            ]
        );
        assert_eq!(merged.outcome.demo_held, Some(true));
        assert_eq!(merged.added_at, 50);
        // Theirs changed last: theirs is the base; an empty note is no note.
        theirs.set_status(Status::Chosen, Stamp::at(400));
        ours.note.clear();
        let merged = merge_entries(ours, theirs);
        assert_eq!(
            (merged.status, merged.note.as_str()),
            (Status::Chosen, "Theirs")
        );
        assert_eq!(merged.note_by.as_deref(), Some("Cy Poe"));
        assert_eq!(merged.history.last().map(|c| c.at), Some(400));
        assert_eq!(merged.outcome.chosen_at, Some(400));
    }

    #[test]
    fn a_merge_moves_the_shortlist_and_merges_a_shared_vendor() {
        let (_dir, stores) = both_engines();
        let answers: Vec<_> = stores
            .iter()
            .map(|store| {
                update(store, 1, 9, |e| e.note = "Ours".into());
                update(store, 2, 9, |e| {
                    e.note = "Theirs".into();
                    e.set_status(Status::DemoHeld, Stamp::at(200));
                });
                update(store, 2, 4, |e| {
                    e.set_status(Status::Rejected, Stamp::at(150))
                });
                update(store, 3, 9, |_| {});
                for (firm, vendor, note) in [(1, 7, "Ours"), (2, 7, "Theirs"), (2, 8, "Theirs")] {
                    update(store, firm, vendor, |e| e.note = note.into());
                    remove_at(store, firm, vendor, 300);
                }
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
                // As the accounts' part of a whole merge does.
                crate::platform::store::merged::record(&mut tx, 2, 1).unwrap();
                tx.commit().unwrap();
                assert!(entries(store, 2).is_empty());
                let mut tx = store.begin().unwrap();
                let late = update_in(&mut tx, FirmId::from_stored(2), 9, |_| {
                    Ok((Entry::new(Status::Considering, Stamp::at(1)), ()))
                });
                assert!(
                    matches!(late, Err(crate::platform::error::AppError::Conflict(_))),
                    "{late:?}"
                );
                drop(tx);
                // Removed entries move; the kept firm's own wins where both kept one.
                let removed: Vec<((u64, u64), String)> = load_all_removed(store)
                    .unwrap()
                    .into_iter()
                    .map(|(k, r)| (k, r.entry.note))
                    .collect();
                assert_eq!(
                    removed,
                    [((1, 7), "Ours".to_string()), ((1, 8), "Theirs".to_string())]
                );
                (entries(store, 1), all(store).len())
            })
            .collect();
        assert_eq!(answers[0], answers[1]);
        let (mine, count) = &answers[0];
        assert_eq!(*count, 3, "firm 3 untouched");
        assert_eq!(mine.iter().map(|(v, _)| *v).collect::<Vec<_>>(), [4, 9]);
        let shared = &mine[1].1;
        assert_eq!(
            (shared.status, shared.note.as_str()),
            (Status::DemoHeld, "Theirs\n\nOurs")
        );
        assert_eq!(shared.history.len(), 3);
    }

    /// A hub database of the schema before the seam (migrations up to 0042, the typed shortlist
    /// tables): migration 0043 keeps every entry, removed entry, demo date and follow-up, read
    /// back as they were written.
    #[test]
    fn a_shortlist_of_a_hub_from_before_the_seam_is_found_after_its_migration() {
        use crate::shortlist::model::{DemoDate, Outcome, Recorded, StatusChange};
        let store = Store::Postgres(crate::platform::store::postgres::test_store_from_migration(
            42,
            "INSERT INTO shortlist (firm_id, vendor_id, status, note, note_by, note_at, \
            reject_reason, history, demo_held, chosen, chosen_at, satisfaction, added_at, \
            recorded_reasons, recorded_at) VALUES \
            (1, 9, 'Chosen', 'Ask about \"pricing\"', 'Ann Doe', to_timestamp(110), NULL, \
            '[{\"status\": \"Considering\", \"at\": 100}, \
            {\"status\": \"Chosen\", \"at\": 300, \"by\": \"Ann Doe\"}]', \
            true, true, to_timestamp(300), 4, to_timestamp(100), \
            ARRAY['Fits firms of 6-20'], to_timestamp(90)), \
            (2, 9, 'Rejected', '', NULL, NULL, 'Too dear', \
            '[{\"status\": \"Rejected\", \"at\": 150}]', NULL, NULL, NULL, NULL, \
            to_timestamp(150), NULL, NULL); \
            INSERT INTO shortlist_removed (firm_id, vendor_id, status, note, history, \
            added_at, removed_at, removed_by) VALUES \
            (1, 4, 'Demo booked', 'n', '[{\"status\": \"Demo booked\", \"at\": 120}]', \
            to_timestamp(120), to_timestamp(500), 'Cy Poe'); \
            INSERT INTO demo_dates (firm_id, vendor_id, demo_on, set_by) VALUES \
            (1, 9, DATE '2026-03-14', 7), (2, 9, DATE '2026-03-15', 8); \
            INSERT INTO demo_followups (firm_id, vendor_id, demo_on, sent_at) VALUES \
            (1, 9, DATE '2026-03-14', to_timestamp(1773532800));",
        ));
        let chosen = Entry {
            status: Status::Chosen,
            note: "Ask about \"pricing\"".into(),
            note_by: Some("Ann Doe".into()),
            note_at: Some(110),
            reject_reason: None,
            history: vec![
                StatusChange {
                    status: Status::Considering,
                    at: 100,
                    by: None,
                },
                StatusChange {
                    status: Status::Chosen,
                    at: 300,
                    by: Some("Ann Doe".into()),
                },
            ],
            outcome: Outcome {
                demo_held: Some(true),
                chosen: Some(true),
                chosen_at: Some(300),
                satisfaction: Some(4),
            },
            added_at: 100,
            recorded: Some(Recorded {
                reasons: vec!["Fits firms of 6-20".into()],
                at: 90,
            }),
        };
        let all = load_all(&store).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0], ((1, 9), chosen));
        assert_eq!(all[1].1.reject_reason.as_deref(), Some("Too dear"));
        assert_eq!(all[1].1.recorded, None);
        let removed = load_all_removed(&store).unwrap();
        assert_eq!(removed.len(), 1);
        assert_eq!(
            (
                removed[0].0,
                removed[0].1.removed_at,
                removed[0].1.removed_by.as_deref()
            ),
            ((1, 4), 500, Some("Cy Poe"))
        );
        assert_eq!(removed[0].1.entry.status, Status::DemoBooked);
        let day = |text: &str| {
            crate::shortlist::model::parse_demo_date(text)
                .unwrap()
                .unwrap()
        };
        let dates = demos::load(&store, FirmId::from_stored(1)).unwrap();
        assert_eq!(
            dates.get(&9),
            Some(&DemoDate {
                day: day("2026-03-14"),
                set_by: 7
            })
        );
        // The follow-up of firm 1's demo was claimed; firm 2's is still due, found by its day.
        let due = demos::due(&store, day("2026-03-13"), day("2026-03-16")).unwrap();
        assert_eq!(due.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [(2, 9)]);
        // The vendor's index came with the tables: both firms list vendor 9.
        let mut tx = store.begin().unwrap();
        assert_eq!(vendors::firms_listing_in(&mut tx, 9).unwrap(), [1, 2]);
    }

    /// A redb file of before the index by vendor (the entries written straight into its
    /// table): the vendor's firms are found all the same, and the first write builds the index.
    #[test]
    fn entries_of_a_file_from_before_the_index_are_found_by_vendor() {
        let dir = tempfile::tempdir().unwrap();
        {
            let file = FileStore::open(dir.path()).unwrap();
            let txn = file.write().unwrap();
            let mut table = txn.open_table(SHORTLIST).unwrap();
            for key in [(1, 9), (2, 9), (2, 4)] {
                let entry = Entry::new(Status::Considering, Stamp::at(100));
                let stored =
                    crate::platform::store::seam::value::encode("shortlist", &entry).unwrap();
                table.insert(key, stored.as_slice()).unwrap();
            }
            drop(table);
            txn.commit().unwrap();
        }
        let store = Store::File(FileStore::open(dir.path()).unwrap());
        let listing = |store: &Store, vendor| {
            let mut tx = store.begin().unwrap();
            vendors::firms_listing_in(&mut tx, vendor).unwrap()
        };
        assert_eq!(listing(&store, 9), [1, 2]);
        update(&store, 3, 9, |_| {});
        assert_eq!(listing(&store, 9), [1, 2, 3]);
        assert_eq!(listing(&store, 4), [2]);
        let mut tx = store.begin().unwrap();
        let moved = vendors::merge_vendor_in(&mut tx, 9, 4).unwrap();
        tx.commit().unwrap();
        assert_eq!((moved.moved, moved.kept_both), (vec![1, 3], vec![2]));
        assert_eq!(listing(&store, 9), Vec::<u64>::new());
        assert_eq!(listing(&store, 4), [1, 2, 3]);
    }
}
