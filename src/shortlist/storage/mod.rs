//! The shortlist's storage, in either backend: one record per (user id, vendor id). Every
//! function takes the user id, so no call can reach another user's entries; `load_all` is only
//! for the aggregate outcomes.

mod export;
mod file;
mod postgres;
pub mod vendors;

pub use export::export;

use crate::error::Result;
use crate::state::App;
use crate::store::{Store, WriteTx};

use super::model::Entry;

/// The user's entries by vendor id (ascending).
pub fn load(app: &App, firm_id: u64) -> Result<Vec<(u64, Entry)>> {
    match &app.store {
        Store::File(db) => file::load(db, firm_id),
        Store::Postgres(db) => postgres::load(db, firm_id),
    }
}

/// Every user's entries, as ((user id, vendor id), entry), in that order. Only for building the
/// peer figures (at start) and tests: requests read the aggregate.
pub fn load_all(app: &App) -> Result<Vec<((u64, u64), Entry)>> {
    match &app.store {
        Store::File(db) => file::load_all(db),
        Store::Postgres(db) => postgres::load_all(db),
    }
}

/// Reads, changes and writes one entry in one transaction; `change` may refuse (nothing is
/// written then). `None` in: the vendor is not on the shortlist yet.
pub fn update<T>(
    app: &App,
    firm_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    let mut tx = app.store.begin()?;
    let out = update_in(&mut tx, firm_id, vendor_id, change)?;
    tx.commit()?;
    crate::techstack::peers::changed(app, firm_id);
    Ok(out)
}

/// `update` inside a caller's transaction (the meeting click adds its vendor with the click). It
/// leaves the peer figures to the caller: a meeting click never changes a demo outcome.
pub fn update_in<T>(
    tx: &mut WriteTx,
    firm_id: u64,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    match tx {
        WriteTx::File(txn) => file::update_in(txn, firm_id, vendor_id, change),
        WriteTx::Postgres(tx) => postgres::update_in(tx, firm_id, vendor_id, change),
    }
}

/// Removes an entry; whether there was one.
pub fn remove(app: &App, firm_id: u64, vendor_id: u64) -> Result<bool> {
    let removed = match &app.store {
        Store::File(db) => file::remove(db, firm_id, vendor_id)?,
        Store::Postgres(db) => postgres::remove(db, firm_id, vendor_id)?,
    };
    if removed {
        crate::techstack::peers::changed(app, firm_id);
    }
    Ok(removed)
}

/// Moves firm `from`'s shortlist to firm `into` inside the caller's transaction (a firm merge):
/// a vendor only `from` has becomes `into`'s as it is; one both have becomes `merge_entries` of
/// the two. The caller recounts both firms in the peer figures after the commit.
pub fn merge_firm_in(tx: &mut WriteTx, into: u64, from: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shortlist::model::{Entry, Stamp, Status};
    use crate::store::FileStore;
    use crate::store::postgres::test_store;

    fn entries(store: &Store, firm_id: u64) -> Vec<(u64, Entry)> {
        match store {
            Store::File(db) => file::load(db, firm_id).unwrap(),
            Store::Postgres(db) => postgres::load(db, firm_id).unwrap(),
        }
    }

    fn all(store: &Store) -> Vec<((u64, u64), Entry)> {
        match store {
            Store::File(db) => file::load_all(db).unwrap(),
            Store::Postgres(db) => postgres::load_all(db).unwrap(),
        }
    }

    fn removed(store: &Store, firm_id: u64, vendor_id: u64) -> bool {
        match store {
            Store::File(db) => file::remove(db, firm_id, vendor_id).unwrap(),
            Store::Postgres(db) => postgres::remove(db, firm_id, vendor_id).unwrap(),
        }
    }

    /// `update` as the routes run it, on a store.
    fn update(store: &Store, firm_id: u64, vendor_id: u64, change: impl FnOnce(&mut Entry)) {
        let mut tx = store.begin().unwrap();
        update_in(&mut tx, firm_id, vendor_id, |current| {
            let mut entry =
                current.unwrap_or_else(|| Entry::new(Status::Considering, Stamp::at(100)));
            change(&mut entry);
            Ok((entry, ()))
        })
        .unwrap();
        tx.commit().unwrap();
    }

    fn stores() -> (tempfile::TempDir, [Store; 2]) {
        let dir = tempfile::tempdir().unwrap();
        let file = Store::File(FileStore::open(dir.path()).unwrap());
        (dir, [file, Store::Postgres(test_store())])
    }

    #[test]
    fn entries_read_back_alike_on_both_backends() {
        let (_dir, stores) = stores();
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
                let refused = update_in(&mut tx, 1, 5, |_| -> Result<(Entry, ())> {
                    Err(crate::error::bad_request("no"))
                });
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

    /// Read-modify-writes from many threads at once (on PostgreSQL, as from many nodes): none is
    /// lost, including the first, which creates the entry.
    #[test]
    fn concurrent_updates_never_lose_one() {
        let (_dir, stores) = stores();
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
        let (_dir, stores) = stores();
        for store in &stores {
            std::thread::scope(|s| {
                let mut tx = store.begin().unwrap();
                update_in(&mut tx, 8, 1, |current| {
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
    fn export_copies_every_entry() {
        let (_dir, [file, _]) = stores();
        update(&file, 1, 2, |e| {
            e.set_status(Status::DemoBooked, Stamp::at(120))
        });
        update(&file, 3, 2, |e| e.note = "n".into());
        let pg = test_store();
        let Store::File(file_store) = &file else {
            unreachable!()
        };
        let counts = export(file_store, &pg).unwrap();
        assert_eq!(
            (counts[0].table, counts[0].source, counts[0].copied),
            ("shortlist", 2, 2)
        );
        assert_eq!(all(&Store::Postgres(pg)), all(&file));
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
        let (_dir, stores) = stores();
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
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, 1, 2).unwrap();
                // As the accounts' part of a whole merge does.
                crate::store::merged::record(&mut tx, 2, 1).unwrap();
                tx.commit().unwrap();
                assert!(entries(store, 2).is_empty());
                let mut tx = store.begin().unwrap();
                let late = update_in(&mut tx, 2, 9, |_| {
                    Ok((Entry::new(Status::Considering, Stamp::at(1)), ()))
                });
                assert!(
                    matches!(late, Err(crate::error::AppError::Conflict(_))),
                    "{late:?}"
                );
                drop(tx);
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
}
