//! The date of a booked demo (who set it), and the follow-up each demo gets once: redb
//! `DEMO_DATES` ((firm id, vendor id) -> `DemoDate`) and `DEMO_FOLLOWUPS` ((firm id, vendor id,
//! day) -> written at); PostgreSQL `demo_dates` and `demo_followups` (0023). Never fields of the
//! stored `Entry`: a table keyed like it.

use std::collections::HashMap;

use redb::{ReadableTable, WriteTransaction};
use sqlx::PgConnection;

use crate::notifications::Delivery;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{
    DEMO_DATES, DEMO_FOLLOWUPS, FileStore, PgStore, PgTx, SHORTLIST, Store, TableCount, WriteTx,
    codec, merged, open_read,
};
use crate::shortlist::model::{DemoDate, Entry};

fn date_of(day: i64) -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp(day * 86_400, 0)
        .unwrap_or_default()
        .date_naive()
}

fn day_of(date: chrono::NaiveDate) -> i64 {
    date.signed_duration_since(chrono::NaiveDate::default())
        .num_days()
}

/// Sets (or with `None` clears) the demo date of an entry, in the entry's own transaction.
pub fn set_in(
    tx: &mut WriteTx,
    firm_id: FirmId,
    vendor_id: u64,
    date: Option<DemoDate>,
) -> Result<()> {
    let key = (firm_id.get(), vendor_id);
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(DEMO_DATES)?;
            match date {
                Some(d) => {
                    table.insert(key, codec::encode(&d).as_slice())?;
                }
                None => {
                    table.remove(key)?;
                }
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            match date {
                Some(d) => store.run(put(tx.conn()?, key, d))?,
                None => {
                    store.run(
                        sqlx::query("DELETE FROM demo_dates WHERE firm_id = $1 AND vendor_id = $2")
                            .bind(key.0 as i64)
                            .bind(key.1 as i64)
                            .execute(tx.conn()?),
                    )?;
                }
            }
        }
    }
    Ok(())
}

async fn put(conn: &mut PgConnection, key: (u64, u64), d: DemoDate) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO demo_dates (firm_id, vendor_id, demo_on, set_by) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (firm_id, vendor_id) DO UPDATE SET demo_on = EXCLUDED.demo_on, set_by = EXCLUDED.set_by",
    )
    .bind(key.0 as i64)
    .bind(key.1 as i64)
    .bind(date_of(d.day))
    .bind(d.set_by as i64)
    .execute(conn)
    .await?;
    Ok(())
}

type Row = (i64, i64, chrono::NaiveDate, i64);

fn of_row((firm, vendor, on, by): Row) -> ((u64, u64), DemoDate) {
    (
        (firm as u64, vendor as u64),
        DemoDate {
            day: day_of(on),
            set_by: by as u64,
        },
    )
}

/// The firm's demo dates by vendor id: its rows only, read by its key (redb) or `WHERE` (the
/// firm-scope test holds every statement on a firm table to that).
pub fn load(store: &Store, firm_id: FirmId) -> Result<HashMap<u64, DemoDate>> {
    let firm = firm_id.get();
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, DEMO_DATES)? else {
                return Ok(HashMap::new());
            };
            let mut out = HashMap::new();
            for entry in table.range((firm, 0)..=(firm, u64::MAX))? {
                let (k, v) = entry?;
                out.insert(k.value().1, codec::decode(v.value())?);
            }
            Ok(out)
        }
        Store::Postgres(db) => {
            let rows: Vec<Row> = db.run(
                sqlx::query_as(
                    "SELECT firm_id, vendor_id, demo_on, set_by FROM demo_dates \
                     WHERE firm_id = $1 ORDER BY vendor_id",
                )
                .bind(firm as i64)
                .fetch_all(db.pool()),
            )?;
            Ok(rows
                .into_iter()
                .map(of_row)
                .map(|((_, vendor), d)| (vendor, d))
                .collect())
        }
    }
}

fn all_file(db: &FileStore) -> Result<Vec<((u64, u64), DemoDate)>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, DEMO_DATES)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        let (k, v) = entry?;
        out.push((k.value(), codec::decode(v.value())?));
    }
    Ok(out)
}

/// The demo dates whose day is in `days` (inclusive) and that have had no follow-up yet.
pub fn due(store: &Store, first: i64, last: i64) -> Result<Vec<((u64, u64), DemoDate)>> {
    match store {
        Store::File(db) => {
            let followed = {
                let txn = db.read()?;
                let mut done = std::collections::HashSet::new();
                if let Some(table) = open_read(&txn, DEMO_FOLLOWUPS)? {
                    for entry in table.iter()? {
                        done.insert(entry?.0.value());
                    }
                }
                done
            };
            Ok(all_file(db)?
                .into_iter()
                .filter(|((f, v), d)| {
                    (first..=last).contains(&d.day) && !followed.contains(&(*f, *v, d.day))
                })
                .collect())
        }
        Store::Postgres(db) => {
            let rows: Vec<Row> = db.run(
                sqlx::query_as(
                    "SELECT d.firm_id, d.vendor_id, d.demo_on, d.set_by FROM demo_dates d \
                     WHERE d.demo_on BETWEEN $1 AND $2 AND NOT EXISTS (\
                       SELECT 1 FROM demo_followups f WHERE f.firm_id = d.firm_id \
                       AND f.vendor_id = d.vendor_id AND f.demo_on = d.demo_on)",
                )
                .bind(date_of(first))
                .bind(date_of(last))
                .fetch_all(db.pool()),
            )?;
            Ok(rows.into_iter().map(of_row).collect())
        }
    }
}

/// In one transaction: claims the follow-up of the demo (once per (firm, vendor, day), across
/// restarts and hub nodes), and writes what `make` answers for the entry as it is now. Nothing is
/// written when the follow-up was claimed already, or when `make` answers `None` (the entry was
/// removed, or its outcome recorded). Whether a follow-up was written.
pub fn follow_up(
    store: &Store,
    key: (u64, u64),
    date: DemoDate,
    now: i64,
    make: impl FnOnce(Option<&Entry>) -> Option<Delivery>,
) -> Result<bool> {
    let claim = (key.0, key.1, date.day);
    match store {
        Store::File(db) => {
            let txn: WriteTransaction = db.write()?;
            if txn.open_table(DEMO_FOLLOWUPS)?.get(claim)?.is_some() {
                return Ok(false);
            }
            let entry: Option<Entry> = txn
                .open_table(SHORTLIST)?
                .get(key)?
                .map(|v| codec::decode(v.value()))
                .transpose()?;
            let Some(delivery) = make(entry.as_ref()) else {
                return Ok(false);
            };
            txn.open_table(DEMO_FOLLOWUPS)?.insert(claim, now)?;
            crate::notifications::storage::deliver_file(&txn, &delivery)?;
            txn.commit()?;
            Ok(true)
        }
        Store::Postgres(db) => {
            let mut tx = PgTx::begin(db)?;
            // The firm's row first, as a merge takes it: a merge of the firm runs wholly before
            // or after. Claimed first, the day's key could be the one the merge moves the other
            // firm's claim onto, while the merge held the shortlist entry this waits for.
            let firm = FirmId::from_stored(key.0);
            if !db.run(merged::is_open_in_pg(tx.conn()?, firm))? {
                return Ok(false);
            }
            let claimed = db.run(
                sqlx::query(
                    "INSERT INTO demo_followups (firm_id, vendor_id, demo_on, sent_at) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                )
                .bind(key.0 as i64)
                .bind(key.1 as i64)
                .bind(date_of(date.day))
                .bind(chrono::DateTime::from_timestamp(now, 0).unwrap_or_default())
                .execute(tx.conn()?),
            )?;
            if claimed.rows_affected() == 0 {
                return Ok(false);
            }
            let entry = super::postgres::find_in(&mut tx, firm, key.1)?;
            let Some(delivery) = make(entry.as_ref()) else {
                // Dropped: the claim rolls back.
                return Ok(false);
            };
            db.run(crate::notifications::storage::deliver_pg(
                tx.conn()?,
                &delivery,
            ))?;
            tx.commit()?;
            Ok(true)
        }
    }
}

/// Firm `from`'s demo dates and follow-ups become `into`'s, where `into` has none of the vendor.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    let (into, from) = (into.get(), from.get());
    match tx {
        WriteTx::File(txn) => {
            let mut dates = txn.open_table(DEMO_DATES)?;
            let theirs: Vec<(u64, Vec<u8>)> = dates
                .range((from, 0)..=(from, u64::MAX))?
                .map(|e| e.map(|(k, v)| (k.value().1, v.value().to_vec())))
                .collect::<std::result::Result<_, _>>()?;
            for (vendor, value) in theirs {
                if dates.get((into, vendor))?.is_none() {
                    dates.insert((into, vendor), value.as_slice())?;
                }
                dates.remove((from, vendor))?;
            }
            let mut followups = txn.open_table(DEMO_FOLLOWUPS)?;
            let theirs: Vec<((u64, u64, i64), i64)> = followups
                .range((from, 0, i64::MIN)..=(from, u64::MAX, i64::MAX))?
                .map(|e| e.map(|(k, v)| (k.value(), v.value())))
                .collect::<std::result::Result<_, _>>()?;
            for ((_, vendor, day), at) in theirs {
                if followups.get((into, vendor, day))?.is_none() {
                    followups.insert((into, vendor, day), at)?;
                }
                followups.remove((from, vendor, day))?;
            }
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                for sql in [
                    "INSERT INTO demo_dates (firm_id, vendor_id, demo_on, set_by) \
                     SELECT $1, vendor_id, demo_on, set_by FROM demo_dates WHERE firm_id = $2 \
                     ON CONFLICT DO NOTHING",
                    "DELETE FROM demo_dates WHERE firm_id = $2 AND $1 = $1",
                    "INSERT INTO demo_followups (firm_id, vendor_id, demo_on, sent_at) \
                     SELECT $1, vendor_id, demo_on, sent_at FROM demo_followups WHERE firm_id = $2 \
                     ON CONFLICT DO NOTHING",
                    "DELETE FROM demo_followups WHERE firm_id = $2 AND $1 = $1",
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

/// Copies the demo dates and follow-ups of a redb file into PostgreSQL.
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let dates = all_file(from)?;
    let followups: Vec<((u64, u64, i64), i64)> = {
        let txn = from.read()?;
        match open_read(&txn, DEMO_FOLLOWUPS)? {
            Some(table) => table
                .iter()?
                .map(|e| e.map(|(k, v)| (k.value(), v.value())))
                .collect::<std::result::Result<_, _>>()?,
            None => Vec::new(),
        }
    };
    let mut tx = PgTx::begin(to)?;
    for (key, d) in &dates {
        to.run(put(tx.conn()?, *key, *d))?;
    }
    for ((firm, vendor, day), at) in &followups {
        to.run(
            sqlx::query(
                "INSERT INTO demo_followups (firm_id, vendor_id, demo_on, sent_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(*firm as i64)
            .bind(*vendor as i64)
            .bind(date_of(*day))
            .bind(chrono::DateTime::from_timestamp(*at, 0).unwrap_or_default())
            .execute(tx.conn()?),
        )?;
    }
    tx.commit()?;
    Ok(vec![
        to.counted("demo_dates", dates.len() as u64)?,
        to.counted("demo_followups", followups.len() as u64)?,
    ])
}
