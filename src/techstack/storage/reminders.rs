//! The renewal reminders each contract's deadline gets once per milestone: redb
//! `RENEWAL_REMINDERS` ((firm id, vendor id, deadline day, milestone) -> written at); PostgreSQL
//! `renewal_reminders` (0026). The claim is written in the transaction that writes the notices,
//! so a restart or a second hub node never sends a milestone twice.

use redb::ReadableTable;

use crate::notifications::Delivery;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{
    FileStore, PgStore, PgTx, RENEWAL_REMINDERS, Store, TableCount, WriteTx, open_read,
};

/// One milestone of one deadline: (firm id, vendor id, deadline day as days since 1970-01-01,
/// days before the deadline: 90, 60, 30 or 0).
pub type Claim = (u64, u64, i64, u32);

fn date_of(day: i64) -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp(day * 86_400, 0)
        .unwrap_or_default()
        .date_naive()
}

fn day_of(date: chrono::NaiveDate) -> i64 {
    date.signed_duration_since(chrono::NaiveDate::default())
        .num_days()
}

/// The day number of `date` (days since 1970-01-01), as claims key it.
pub fn day_number(date: chrono::NaiveDate) -> i64 {
    day_of(date)
}

fn at(secs: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

/// Whether `claim` was written already (a cheap look before building the notices).
pub fn claimed(store: &Store, claim: Claim) -> Result<bool> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            Ok(match open_read(&txn, RENEWAL_REMINDERS)? {
                Some(table) => table.get(claim)?.is_some(),
                None => false,
            })
        }
        Store::Postgres(db) => {
            let found: Option<i32> = db.run(
                sqlx::query_scalar(
                    "SELECT 1 FROM renewal_reminders WHERE firm_id = $1 AND vendor_id = $2 \
                     AND deadline = $3 AND milestone = $4",
                )
                .bind(claim.0 as i64)
                .bind(claim.1 as i64)
                .bind(date_of(claim.2))
                .bind(claim.3 as i32)
                .fetch_optional(db.pool()),
            )?;
            Ok(found.is_some())
        }
    }
}

/// In one transaction: claims `claim` and writes `deliveries`. Nothing is written when it was
/// claimed already. Whether it was written.
pub fn remind(store: &Store, claim: Claim, now: i64, deliveries: &[Delivery]) -> Result<bool> {
    let mut tx = store.begin()?;
    let claimed = match &mut tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(RENEWAL_REMINDERS)?;
            let free = table.get(claim)?.is_none();
            if free {
                table.insert(claim, now)?;
            }
            free
        }
        WriteTx::Postgres(tx) => {
            let db = tx.store();
            let claimed = db.run(
                sqlx::query(
                    "INSERT INTO renewal_reminders (firm_id, vendor_id, deadline, milestone, sent_at) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                )
                .bind(claim.0 as i64)
                .bind(claim.1 as i64)
                .bind(date_of(claim.2))
                .bind(claim.3 as i32)
                .bind(at(now))
                .execute(tx.conn()?),
            )?;
            claimed.rows_affected() > 0
        }
    };
    if !claimed {
        return Ok(false);
    }
    for d in deliveries {
        crate::notifications::storage::deliver_in(&mut tx, d)?;
    }
    tx.commit()?;
    Ok(true)
}

/// Firm `from`'s reminder claims become `into`'s (a firm merge), so the merged firm's contracts
/// are not reminded again of a milestone either firm was told.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    let (into, from) = (into.get(), from.get());
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(RENEWAL_REMINDERS)?;
            let theirs: Vec<(Claim, i64)> = table
                .range((from, 0, i64::MIN, 0)..=(from, u64::MAX, i64::MAX, u32::MAX))?
                .map(|e| e.map(|(k, v)| (k.value(), v.value())))
                .collect::<std::result::Result<_, _>>()?;
            for ((_, vendor, day, milestone), at) in theirs {
                if table.get((into, vendor, day, milestone))?.is_none() {
                    table.insert((into, vendor, day, milestone), at)?;
                }
                table.remove((from, vendor, day, milestone))?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                for sql in [
                    "INSERT INTO renewal_reminders (firm_id, vendor_id, deadline, milestone, sent_at) \
                     SELECT $1, vendor_id, deadline, milestone, sent_at FROM renewal_reminders \
                     WHERE firm_id = $2 ON CONFLICT DO NOTHING",
                    "DELETE FROM renewal_reminders WHERE firm_id = $2 AND $1 = $1",
                ] {
                    sqlx::query(sql)
                        .bind(into as i64)
                        .bind(from as i64)
                        .execute(&mut *conn)
                        .await?;
                }
                anyhow::Ok(())
            })?;
        }
    }
    Ok(())
}

/// The operator merges vendor `from` into `into`: the claims of `from`'s contracts become
/// `into`'s (the contract moves with its deadline), so its milestones are not sent again.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(RENEWAL_REMINDERS)?;
            let theirs: Vec<(Claim, i64)> = table
                .iter()?
                .map(|e| e.map(|(k, v)| (k.value(), v.value())))
                .collect::<std::result::Result<Vec<_>, _>>()?
                .into_iter()
                .filter(|((_, vendor, _, _), _)| *vendor == from)
                .collect();
            for ((firm, _, day, milestone), at) in theirs {
                if table.get((firm, into, day, milestone))?.is_none() {
                    table.insert((firm, into, day, milestone), at)?;
                }
                table.remove((firm, from, day, milestone))?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                for sql in [
                    "INSERT INTO renewal_reminders (firm_id, vendor_id, deadline, milestone, sent_at) \
                     SELECT firm_id, $2, deadline, milestone, sent_at FROM renewal_reminders \
                     WHERE vendor_id = $1 ON CONFLICT DO NOTHING",
                    "DELETE FROM renewal_reminders WHERE vendor_id = $1 AND $2 = $2",
                ] {
                    sqlx::query(sql)
                        .bind(from as i64)
                        .bind(into as i64)
                        .execute(&mut *conn)
                        .await?;
                }
                anyhow::Ok(())
            })?;
        }
    }
    Ok(())
}

/// The operator deletes vendor `id`: its contracts go, and their claims with them.
pub fn delete_vendor_in(tx: &mut WriteTx, id: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(RENEWAL_REMINDERS)?;
            let keys: Vec<Claim> = table
                .iter()?
                .map(|e| e.map(|(k, _)| k.value()))
                .collect::<std::result::Result<Vec<_>, _>>()?
                .into_iter()
                .filter(|(_, vendor, _, _)| *vendor == id)
                .collect();
            for key in keys {
                table.remove(key)?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(
                sqlx::query("DELETE FROM renewal_reminders WHERE vendor_id = $1")
                    .bind(id as i64)
                    .execute(tx.conn()?),
            )?;
        }
    }
    Ok(())
}

fn all_file(db: &FileStore) -> Result<Vec<(Claim, i64)>> {
    let txn = db.read()?;
    match open_read(&txn, RENEWAL_REMINDERS)? {
        Some(table) => Ok(table
            .iter()?
            .map(|e| e.map(|(k, v)| (k.value(), v.value())))
            .collect::<std::result::Result<_, _>>()?),
        None => Ok(Vec::new()),
    }
}

/// Every claim, as (claim, written at): the export and the tests.
pub fn all(store: &Store) -> Result<Vec<(Claim, i64)>> {
    match store {
        Store::File(db) => all_file(db),
        Store::Postgres(db) => {
            let rows: Vec<(i64, i64, chrono::NaiveDate, i32, chrono::DateTime<chrono::Utc>)> = db
                .run(
                    sqlx::query_as(
                        "SELECT firm_id, vendor_id, deadline, milestone, sent_at FROM renewal_reminders \
                         ORDER BY firm_id, vendor_id, deadline, milestone",
                    )
                    .fetch_all(db.pool()),
                )?;
            Ok(rows
                .into_iter()
                .map(|(f, v, d, m, at)| ((f as u64, v as u64, day_of(d), m as u32), at.timestamp()))
                .collect())
        }
    }
}

/// Copies the reminder claims of a redb file into PostgreSQL.
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let rows = all_file(from)?;
    let mut tx = PgTx::begin(to)?;
    for ((firm, vendor, day, milestone), sent) in &rows {
        to.run(
            sqlx::query(
                "INSERT INTO renewal_reminders (firm_id, vendor_id, deadline, milestone, sent_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(*firm as i64)
            .bind(*vendor as i64)
            .bind(date_of(*day))
            .bind(*milestone as i32)
            .bind(at(*sent))
            .execute(tx.conn()?),
        )?;
    }
    tx.commit()?;
    Ok(vec![to.counted("renewal_reminders", rows.len() as u64)?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::postgres::test_store;

    fn read(store: &Store) -> Vec<Claim> {
        all(store).unwrap().into_iter().map(|(c, _)| c).collect()
    }

    #[test]
    fn claims_are_written_once_and_follow_firm_and_vendor_merges_and_the_export() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(test_store()),
        ];
        let day = 20_000;
        let reads: Vec<_> = stores
            .iter()
            .map(|store| {
                assert!(!claimed(store, (1, 10, day, 90)).unwrap());
                assert!(remind(store, (1, 10, day, 90), 1_800_000_000, &[]).unwrap());
                assert!(
                    !remind(store, (1, 10, day, 90), 1_800_000_001, &[]).unwrap(),
                    "once"
                );
                assert!(claimed(store, (1, 10, day, 90)).unwrap());
                assert!(remind(store, (1, 10, day, 60), 1_800_000_000, &[]).unwrap());
                assert!(remind(store, (2, 10, day, 90), 1_800_000_000, &[]).unwrap());
                assert!(remind(store, (2, 11, day, 30), 1_800_000_000, &[]).unwrap());
                assert!(remind(store, (2, 12, day, 0), 1_800_000_000, &[]).unwrap());
                let mut tx = store.begin().unwrap();
                merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
                merge_vendor_in(&mut tx, 11, 10).unwrap();
                delete_vendor_in(&mut tx, 12).unwrap();
                tx.commit().unwrap();
                read(store)
            })
            .collect();
        assert_eq!(reads[0], reads[1]);
        assert_eq!(
            reads[0],
            [(1, 10, day, 30), (1, 10, day, 60), (1, 10, day, 90)],
            "firm 2's claims are firm 1's, vendor 11's are 10's, vendor 12's are gone"
        );
        let Store::File(file) = &stores[0] else {
            unreachable!()
        };
        let pg = test_store();
        let counts = export(file, &pg).unwrap();
        assert_eq!(counts[0].copied, 3);
        assert_eq!(read(&Store::Postgres(pg)), reads[0]);
    }
}
