//! Profile views: how many times each member of a firm opened a vendor's profile, by month. A
//! vendor's own statistics read them only as the distinct verified firms of a closed month, from
//! 5 up (`vendor_accounts::stats`); the firm's archive carries its members' rows, and they leave
//! with the firm.
//!
//! One row per (member, vendor, month), a count: a view adds one, so the table grows by months,
//! not by clicks.

use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::merged;
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Reference, Table, Taking, Target, VendorMoved, VendorPart,
};
use crate::platform::store::{
    FileStore, PROFILE_VIEWS, PgStore, PgTx, Store, TableCount, WriteTx, open_read,
};

/// A month as a number, 202611 for November 2026.
pub fn month_of(unix_secs: i64) -> u32 {
    use chrono::Datelike;
    let day = chrono::DateTime::from_timestamp(unix_secs, 0)
        .unwrap_or_default()
        .date_naive();
    day.year() as u32 * 100 + day.month()
}

/// One stored row, as the archive and the copy to PostgreSQL carry it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Views {
    pub user_id: u64,
    pub vendor_id: u64,
    pub month: u32,
    pub views: u64,
}

/// Counts one view of `vendor_id`'s profile by `user_id` of `firm` now; nothing when the firm was
/// merged away or deleted meanwhile (its members' views were moved or purged, and one more must
/// not land behind them).
pub fn record(store: &Store, firm: FirmId, user_id: u64, vendor_id: u64, now: i64) -> Result<()> {
    let month = month_of(now);
    let mut tx = store.begin()?;
    if !merged::is_open(&mut tx, firm)? {
        return Ok(());
    }
    add_in(&mut tx, user_id, vendor_id, month, 1)?;
    tx.commit()?;
    Ok(())
}

fn add_in(tx: &mut WriteTx, user_id: u64, vendor_id: u64, month: u32, views: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(PROFILE_VIEWS)?;
            let key = (user_id, vendor_id, month);
            let now = table.get(key)?.map_or(0, |v| v.value());
            table.insert(key, now.saturating_add(views))?;
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(
                sqlx::query(
                    "INSERT INTO profile_views (user_id, vendor_id, month, views) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, vendor_id, month) \
                     DO UPDATE SET views = profile_views.views + EXCLUDED.views",
                )
                .bind(user_id as i64)
                .bind(vendor_id as i64)
                .bind(month as i32)
                .bind(views as i64)
                .execute(tx.conn()?),
            )?;
        }
    }
    Ok(())
}

/// Every row of `vendor_id`'s profile views.
pub fn of_vendor(store: &Store, vendor_id: u64) -> Result<Vec<Views>> {
    rows_where(store, |v| v.vendor_id == vendor_id, "vendor_id", vendor_id)
}

/// The rows `keep` takes; on PostgreSQL, those whose `column` is `id` (a name from the code).
fn rows_where(
    store: &Store,
    keep: impl Fn(&Views) -> bool,
    column: &'static str,
    id: u64,
) -> Result<Vec<Views>> {
    match store {
        Store::File(db) => Ok(all_in_file(db)?.into_iter().filter(keep).collect()),
        Store::Postgres(db) => {
            let sql = format!(
                "SELECT user_id, vendor_id, month, views FROM profile_views WHERE {column} = $1"
            );
            let rows: Vec<(i64, i64, i32, i64)> = db.run(
                sqlx::query_as(sqlx::AssertSqlSafe(sql))
                    .bind(id as i64)
                    .fetch_all(db.pool()),
            )?;
            Ok(rows
                .into_iter()
                .map(|(u, v, m, n)| Views {
                    user_id: u as u64,
                    vendor_id: v as u64,
                    month: m as u32,
                    views: n as u64,
                })
                .collect())
        }
    }
}

fn all_in_file(db: &FileStore) -> Result<Vec<Views>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, PROFILE_VIEWS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        let (k, v) = entry?;
        let (user_id, vendor_id, month) = k.value();
        out.push(Views {
            user_id,
            vendor_id,
            month,
            views: v.value(),
        });
    }
    Ok(out)
}

// ---- The firm's archive ----

fn archive(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let rows = match store {
        // One walk of the file for every member.
        Store::File(db) => all_in_file(db)?
            .into_iter()
            .filter(|v| taking.members.contains(&v.user_id))
            .collect(),
        Store::Postgres(_) => {
            let mut rows = Vec::new();
            for &member in &taking.members {
                rows.extend(rows_where(store, |_| true, "user_id", member)?);
            }
            rows
        }
    };
    crate::platform::store::registry::rows(rows)
}

// ---- The operator's vendor delete and merge ----

fn rows_of(tx: &mut WriteTx, vendor: u64) -> Result<Vec<Views>> {
    Ok(match tx {
        WriteTx::File(txn) => {
            let table = txn.open_table(PROFILE_VIEWS)?;
            let mut out = Vec::new();
            for entry in table.iter()? {
                let (k, v) = entry?;
                let (user_id, vendor_id, month) = k.value();
                if vendor_id == vendor {
                    out.push(Views {
                        user_id,
                        vendor_id,
                        month,
                        views: v.value(),
                    });
                }
            }
            out
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let rows: Vec<(i64, i32, i64)> = store.run(
                sqlx::query_as(
                    "SELECT user_id, month, views FROM profile_views WHERE vendor_id = $1",
                )
                .bind(vendor as i64)
                .fetch_all(tx.conn()?),
            )?;
            rows.into_iter()
                .map(|(u, m, n)| Views {
                    user_id: u as u64,
                    vendor_id: vendor,
                    month: m as u32,
                    views: n as u64,
                })
                .collect()
        }
    })
}

fn remove_vendor_in(tx: &mut WriteTx, vendor: u64) -> Result<Vec<Views>> {
    let rows = rows_of(tx, vendor)?;
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(PROFILE_VIEWS)?;
            for r in &rows {
                table.remove((r.user_id, r.vendor_id, r.month))?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(
                sqlx::query("DELETE FROM profile_views WHERE vendor_id = $1")
                    .bind(vendor as i64)
                    .execute(tx.conn()?),
            )?;
        }
    }
    Ok(rows)
}

/// A merged duplicate's views count for the kept vendor; a deleted vendor's go with it. Views
/// never hold a vendor back.
pub const PART: VendorPart = VendorPart {
    naming: |_, _| Ok(Vec::new()),
    merge: |tx, from, into| {
        let moved = remove_vendor_in(tx, from)?;
        for r in &moved {
            add_in(tx, r.user_id, into, r.month, r.views)?;
        }
        Ok(VendorMoved {
            counts: vec![("profile_views", moved.len() as u64)],
            ..VendorMoved::default()
        })
    },
    delete: Some(|tx, vendor| remove_vendor_in(tx, vendor).map(|_| ())),
};

/// Copies every row of a redb file into PostgreSQL (`litstack export-to-postgres`).
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let rows = all_in_file(from)?;
    let mut tx = WriteTx::Postgres(PgTx::begin(to)?);
    for r in &rows {
        add_in(&mut tx, r.user_id, r.vendor_id, r.month, r.views)?;
    }
    tx.commit()?;
    Ok(vec![to.counted("profile_views", rows.len() as u64)?])
}

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
    redb: &[&PROFILE_VIEWS],
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
