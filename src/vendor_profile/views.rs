//! Profile views: how many times each member of a firm opened a vendor's profile, by month. A
//! vendor's own statistics read them only as the distinct verified firms of a closed month, from
//! 5 up (`vendor_accounts::stats`); the firm's archive carries its members' rows, and they leave
//! with the firm.
//!
//! One row per (member, vendor, month), a count: a view adds one, so the table grows by months,
//! not by clicks. Written once over the storage seam (`VIEWS`). What carried over: on redb the
//! table of before the seam, its count still a plain integer (nothing to convert); on PostgreSQL
//! migration 0056 moved the rows into the seam's layout.

use serde::{Deserialize, Serialize};

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table, Taking, Target, VendorMoved, VendorPart,
};
use crate::platform::store::seam::{self, Index, On, Table as SeamTable};
use crate::platform::store::{PROFILE_VIEWS, Store};

/// (user id, vendor id, month as 202611) -> how many times the member opened the vendor's
/// profile that month, kept on redb as the plain integer it was before the seam.
pub const VIEWS: SeamTable<(u64, u64, u32), u64, u64> = SeamTable::new(
    "profile_views",
    PROFILE_VIEWS,
    &["user_id", "vendor_id", "month"],
    None,
)
.indexed(&[&BY_VENDOR]);

/// A vendor's rows, for its statistics and for a vendor's merge or delete: the key leads with the
/// member. A file or a hub database from before the index gets it at the first view counted after
/// (redb) or at the migration on start (PostgreSQL).
pub const BY_VENDOR: Index = Index::of_three_parts("profile_views_by_vendor", On::Key(1));

/// A month as a number, 202611 for November 2026.
pub fn month_of(unix_secs: i64) -> u32 {
    use chrono::Datelike;
    let day = chrono::DateTime::from_timestamp(unix_secs, 0)
        .unwrap_or_default()
        .date_naive();
    day.year() as u32 * 100 + day.month()
}

/// One stored row, as the archive carries it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Views {
    pub user_id: u64,
    pub vendor_id: u64,
    pub month: u32,
    pub views: u64,
}

impl Views {
    fn of(((user_id, vendor_id, month), views): ((u64, u64, u32), u64)) -> Views {
        Views {
            user_id,
            vendor_id,
            month,
            views,
        }
    }
}

/// Counts one view of `vendor_id`'s profile by `user_id` of `firm` now; nothing when the firm was
/// merged away or deleted meanwhile (its members' views were moved or purged, and one more must
/// not land behind them).
pub fn record(store: &Store, firm: FirmId, user_id: u64, vendor_id: u64, now: i64) -> Result<()> {
    let month = month_of(now);
    seam::write(store, |tx| {
        if !tx.firm_is_open(firm)? {
            return Ok(());
        }
        add(tx, (user_id, vendor_id, month), 1)
    })
}

fn add(tx: &mut seam::Tx, key: (u64, u64, u32), views: u64) -> Result<()> {
    let now = tx.get(&VIEWS, key)?.unwrap_or(0);
    tx.insert(&VIEWS, key, &now.saturating_add(views))
}

/// Every row of `vendor_id`'s profile views.
pub fn of_vendor(store: &Store, vendor_id: u64) -> Result<Vec<Views>> {
    seam::read(store, |tx| of_vendor_in(tx, vendor_id))
}

/// The rows naming `vendor_id`, inside the caller's read, by member and month.
pub fn of_vendor_in(tx: &mut seam::Tx, vendor_id: u64) -> Result<Vec<Views>> {
    let rows = tx.lookup(&VIEWS, &BY_VENDOR, vendor_id..=vendor_id)?;
    Ok(rows.into_iter().map(Views::of).collect())
}

// ---- The firm's archive ----

/// The members' rows, in one read of their ranges.
fn archive(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let members: Vec<[u64; 1]> = taking.members.iter().map(|&m| [m]).collect();
    let prefixes: Vec<&[u64]> = members.iter().map(|m| &m[..]).collect();
    let rows = seam::read(store, |tx| tx.range_many(&VIEWS, &prefixes))?;
    crate::platform::store::registry::rows(rows.into_iter().map(Views::of))
}

// ---- The operator's vendor delete and merge ----

fn remove_vendor_in(tx: &mut seam::Tx, vendor: u64) -> Result<Vec<Views>> {
    let rows = of_vendor_in(tx, vendor)?;
    for r in &rows {
        tx.remove(&VIEWS, (r.user_id, r.vendor_id, r.month))?;
    }
    Ok(rows)
}

/// A merged duplicate's views count for the kept vendor; a deleted vendor's go with it. Views
/// never hold a vendor back.
pub const PART: VendorPart = VendorPart {
    naming: |_, _| Ok(Vec::new()),
    merge: |tx, from, into| {
        let moved = seam::within(tx, |tx| {
            let moved = remove_vendor_in(tx, from)?;
            for r in &moved {
                add(tx, (r.user_id, into, r.month), r.views)?;
            }
            Ok(moved.len() as u64)
        })?;
        Ok(VendorMoved {
            counts: vec![("profile_views", moved)],
            ..VendorMoved::default()
        })
    },
    delete: Some(|tx, vendor| seam::within(tx, |tx| remove_vendor_in(tx, vendor).map(|_| ()))),
};

/// This room's table, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "profile_views",
    purge: Purge::ByKey,
    export: Export::Rows {
        read: archive,
        load: Load::Left(
            "counts of profile views for vendors' monthly statistics: the firm counts again \
             from its arrival",
        ),
    },
    holder: Holder::Member { column: "user_id" },
    redb: &[&VIEWS, &BY_VENDOR],
    postgres: true,
    secrets: &[],
    refers_to: &[
        Reference {
            column: "user_id",
            to: Target::User,
        },
        Reference {
            column: "vendor_id",
            to: Target::Vendor,
        },
    ],
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_is_its_year_and_number() {
        // 2026-11-26T07:00:00Z and 2027-01-01T00:00:00Z.
        assert_eq!(month_of(1_795_676_400), 202611);
        assert_eq!(month_of(1_798_761_600), 202701);
    }

    /// A vendor's rows come through its index on both engines, by member and month, and follow
    /// a vendor's merge; a file from before the index finds them by reading the table, and its
    /// first counted view builds the index.
    #[test]
    fn a_vendors_views_are_found_by_the_index_on_both_engines() {
        let dir = tempfile::tempdir().unwrap();
        let file = crate::platform::store::open_file(dir.path()).unwrap();
        // Written as before the index: the plain table only.
        {
            let txn = file.file().unwrap().write().unwrap();
            let mut table = txn.open_table(PROFILE_VIEWS).unwrap();
            table.insert((8, 42, 202611), 2).unwrap();
            table.insert((7, 43, 202611), 1).unwrap();
            drop(table);
            txn.commit().unwrap();
        }
        assert_eq!(of_vendor(&file, 42).unwrap(), [view(8, 42, 202611, 2)]);
        let hub = Store::Postgres(crate::platform::store::postgres::test_store());
        record(&hub, FirmId::for_fixtures(1), 8, 42, 1_795_676_400).unwrap();
        record(&hub, FirmId::for_fixtures(1), 8, 42, 1_795_676_400).unwrap();
        record(&hub, FirmId::for_fixtures(1), 7, 43, 1_795_676_400).unwrap();
        for store in [&file, &hub] {
            record(store, FirmId::for_fixtures(1), 9, 42, 1_798_761_600).unwrap();
            record(store, FirmId::for_fixtures(1), 7, 42, 1_795_676_400).unwrap();
            assert_eq!(
                of_vendor(store, 42).unwrap(),
                [
                    view(7, 42, 202611, 1),
                    view(8, 42, 202611, 2),
                    view(9, 42, 202701, 1),
                ]
            );
            assert_eq!(of_vendor(store, 43).unwrap(), [view(7, 43, 202611, 1)]);
            let mut tx = store.begin().unwrap();
            (PART.merge)(&mut tx, 43, 42).unwrap();
            tx.commit().unwrap();
            assert_eq!(of_vendor(store, 43).unwrap(), []);
            assert_eq!(
                of_vendor(store, 42).unwrap(),
                [
                    view(7, 42, 202611, 2),
                    view(8, 42, 202611, 2),
                    view(9, 42, 202701, 1),
                ]
            );
        }
    }

    fn view(user_id: u64, vendor_id: u64, month: u32, views: u64) -> Views {
        Views {
            user_id,
            vendor_id,
            month,
            views,
        }
    }

    #[test]
    fn views_add_up_by_member_vendor_and_month() {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::platform::store::open_file(dir.path()).unwrap();
        for _ in 0..3 {
            record(&store, FirmId::for_fixtures(1), 7, 42, 1_795_676_400).unwrap();
        }
        record(&store, FirmId::for_fixtures(1), 8, 42, 1_795_676_400).unwrap();
        record(&store, FirmId::for_fixtures(1), 7, 43, 1_795_676_400).unwrap();
        let mut rows = of_vendor(&store, 42).unwrap();
        rows.sort_by_key(|r| r.user_id);
        assert_eq!(
            rows.iter()
                .map(|r| (r.user_id, r.views))
                .collect::<Vec<_>>(),
            [(7, 3), (8, 1)]
        );
    }
}
