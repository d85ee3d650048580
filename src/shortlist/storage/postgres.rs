//! The shortlist in PostgreSQL (migrations/postgres/0007_shortlist.sql): the `shortlist` table,
//! one row per (firm, vendor), the status and outcome in columns, the small status history as
//! JSONB; and `shortlist_removed` (0015_undo.sql), the same columns plus when and by whom, for the
//! entries kept for their Undo.

use crate::platform::firm_id::FirmId;
use sqlx::PgConnection;
use sqlx::types::Json;

use super::Restore;
use crate::platform::error::Result;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::postgres::code;
use crate::platform::store::{PgStore, PgTx};
use crate::shortlist::model::{Entry, KEEP_REMOVED_DAYS, Removed, Stamp};

mod rows;
use rows::{EntryRow, RemovedRow};

/// The columns of an entry after its key, in both tables.
macro_rules! entry_columns {
    () => {
        "status, note, note_by, note_at, reject_reason, history, demo_held, chosen, chosen_at, \
         satisfaction, added_at, recorded_reasons, recorded_at"
    };
}

/// The columns `EntryRow` reads, in every SELECT of an entry.
macro_rules! columns {
    () => {
        concat!("firm_id, vendor_id, ", entry_columns!())
    };
}

/// The class of the per-firm advisory lock that serialises one firm's shortlist writes.
const SHORTLIST_LOCK: i32 = 0x5348_4c53;

pub fn load(store: &PgStore, firm_id: FirmId) -> Result<Vec<(u64, Entry)>> {
    let rows = store.run(
        sqlx::query_as::<_, EntryRow>(concat!(
            "SELECT ",
            columns!(),
            " FROM shortlist WHERE firm_id = $1 ORDER BY vendor_id"
        ))
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(|row| Ok((row.vendor_id as u64, row.try_into()?)))
        .collect::<anyhow::Result<_>>()?)
}

pub fn load_all(store: &PgStore) -> Result<Vec<((u64, u64), Entry)>> {
    Ok(store.run(all_rows(store.pool()))?)
}

async fn all_rows(db: impl sqlx::PgExecutor<'_>) -> anyhow::Result<Vec<((u64, u64), Entry)>> {
    let rows = sqlx::query_as::<_, EntryRow>(concat!(
        "SELECT ",
        columns!(),
        " FROM shortlist ORDER BY firm_id, vendor_id"
    ))
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|row| Ok((row.key(), row.try_into()?)))
        .collect()
}

fn timestamp(secs: i64) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::from_timestamp(secs, 0)
        .ok_or_else(|| anyhow::anyhow!("a time out of range: {secs}"))
}

/// Binds an entry's values, in `entry_columns!` order, after the key's two.
fn bind_entry<'q>(
    query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    entry: &'q Entry,
) -> anyhow::Result<sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>> {
    Ok(query
        .bind(code(&entry.status)?)
        .bind(&entry.note)
        .bind(&entry.note_by)
        .bind(entry.note_at.map(timestamp).transpose()?)
        .bind(&entry.reject_reason)
        .bind(Json(&entry.history))
        .bind(entry.outcome.demo_held)
        .bind(entry.outcome.chosen)
        .bind(entry.outcome.chosen_at.map(timestamp).transpose()?)
        .bind(entry.outcome.satisfaction.map(i16::from))
        .bind(timestamp(entry.added_at)?)
        .bind(entry.recorded.as_ref().map(|r| r.reasons.clone()))
        .bind(
            entry
                .recorded
                .as_ref()
                .map(|r| timestamp(r.at))
                .transpose()?,
        ))
}

pub(super) async fn put(
    conn: &mut PgConnection,
    firm_id: FirmId,
    vendor_id: u64,
    entry: &Entry,
) -> anyhow::Result<()> {
    let query = sqlx::query(concat!(
        "INSERT INTO shortlist (",
        columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) \
         ON CONFLICT (firm_id, vendor_id) DO UPDATE SET status = EXCLUDED.status, \
         note = EXCLUDED.note, note_by = EXCLUDED.note_by, note_at = EXCLUDED.note_at, \
         reject_reason = EXCLUDED.reject_reason, \
         history = EXCLUDED.history, demo_held = EXCLUDED.demo_held, chosen = EXCLUDED.chosen, \
         chosen_at = EXCLUDED.chosen_at, satisfaction = EXCLUDED.satisfaction, \
         added_at = EXCLUDED.added_at, recorded_reasons = EXCLUDED.recorded_reasons, \
         recorded_at = EXCLUDED.recorded_at"
    ))
    .bind(firm_id.get() as i64)
    .bind(vendor_id as i64);
    bind_entry(query, entry)?.execute(conn).await?;
    Ok(())
}

/// Read-modify-write without a lost update across nodes: the firm's advisory lock (taken before
/// the read, held to the commit) serialises its writes, including the first write of an entry,
/// which `SELECT … FOR UPDATE` alone could not lock as it has no row yet.
pub fn update_in<T>(
    tx: &mut PgTx,
    firm_id: FirmId,
    vendor_id: u64,
    change: impl FnOnce(Option<Entry>) -> Result<(Entry, T)>,
) -> Result<T> {
    let store = tx.store();
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(
        sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind(SHORTLIST_LOCK)
            // Folded into the lock's second key; two firms sharing a key only wait for each other.
            .bind((firm_id.get() % (i32::MAX as u64)) as i32)
            .execute(tx.conn()?),
    )?;
    let row = store.run(
        sqlx::query_as::<_, EntryRow>(concat!(
            "SELECT ",
            columns!(),
            " FROM shortlist WHERE firm_id = $1 AND vendor_id = $2 FOR UPDATE"
        ))
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    let current = row.map(Entry::try_from).transpose()?;
    let before = current.as_ref().map(peer_outcome);
    let (entry, out) = change(current)?;
    store.run(put(tx.conn()?, firm_id, vendor_id, &entry))?;
    // Other nodes recount the firm only when what the peer figures count changed.
    if before.unwrap_or_default() != peer_outcome(&entry) {
        tx.record_change(Change::Peers { firm_id });
    }
    Ok(out)
}

/// The entry of (firm, vendor), read in `tx` under its row lock (the demo follow-up).
pub fn find_in(tx: &mut PgTx, firm_id: FirmId, vendor_id: u64) -> Result<Option<Entry>> {
    let store = tx.store();
    let row = store.run(
        sqlx::query_as::<_, EntryRow>(concat!(
            "SELECT ",
            columns!(),
            " FROM shortlist WHERE firm_id = $1 AND vendor_id = $2 FOR UPDATE"
        ))
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    Ok(row.map(Entry::try_from).transpose()?)
}

/// What the peer figures count of an entry: whether the demo was held, and whether it was chosen.
fn peer_outcome(entry: &Entry) -> (bool, bool) {
    let held = entry.outcome.demo_held == Some(true);
    (held, held && entry.outcome.chosen == Some(true))
}

/// Moves the entry to `shortlist_removed` (see `super::remove`) under the firm's shortlist lock;
/// the removed entry, if there was one.
pub fn remove(
    store: &PgStore,
    firm_id: FirmId,
    vendor_id: u64,
    stamp: Stamp,
) -> Result<Option<Entry>> {
    let cutoff = timestamp(stamp.at - KEEP_REMOVED_DAYS * 86_400)?;
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    let conn = tx.conn()?;
    let entry = store.run(async {
        lock_firms_shortlist(&mut *conn, firm_id).await?;
        let row = sqlx::query_as::<_, EntryRow>(concat!(
            "DELETE FROM shortlist WHERE firm_id = $1 AND vendor_id = $2 RETURNING ",
            columns!()
        ))
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .fetch_optional(&mut *conn)
        .await?;
        let Some(entry) = row.map(Entry::try_from).transpose()? else {
            // Nothing removed: what an earlier removal kept stays as it is.
            return anyhow::Ok(None);
        };
        sqlx::query(
            "DELETE FROM shortlist_removed WHERE firm_id = $1 \
             AND (vendor_id = $2 OR removed_at <= $3)",
        )
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .bind(cutoff)
        .execute(&mut *conn)
        .await?;
        let kept = Removed {
            entry,
            removed_at: stamp.at,
            removed_by: stamp.by.map(String::from),
        };
        put_removed(&mut *conn, firm_id, vendor_id, &kept).await?;
        Ok(Some(kept.entry))
    })?;
    if entry
        .as_ref()
        .is_some_and(|e| peer_outcome(e) != (false, false))
    {
        tx.record_change(Change::Peers { firm_id });
    }
    tx.commit()?;
    Ok(entry)
}

/// Puts a removed entry back (see `super::restore`), under the firm's shortlist lock so that no
/// write adds the vendor between the check and the copy.
pub fn restore(store: &PgStore, firm_id: FirmId, vendor_id: u64, now: i64) -> Result<Restore> {
    let cutoff = timestamp(now - KEEP_REMOVED_DAYS * 86_400)?;
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    let conn = tx.conn()?;
    let found = store.run(async {
        lock_firms_shortlist(&mut *conn, firm_id).await?;
        let kept: Option<i64> = sqlx::query_scalar(
            "SELECT vendor_id FROM shortlist_removed WHERE firm_id = $1 AND vendor_id = $2 \
             AND removed_at > $3",
        )
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .bind(cutoff)
        .fetch_optional(&mut *conn)
        .await?;
        if kept.is_none() {
            return anyhow::Ok(Restore::Nothing);
        }
        let on_list: Option<i64> = sqlx::query_scalar(
            "SELECT vendor_id FROM shortlist WHERE firm_id = $1 AND vendor_id = $2",
        )
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .fetch_optional(&mut *conn)
        .await?;
        if on_list.is_some() {
            return Ok(Restore::OnShortlist);
        }
        let row = sqlx::query_as::<_, EntryRow>(concat!(
            "WITH back AS (DELETE FROM shortlist_removed WHERE firm_id = $1 AND vendor_id = $2 \
             RETURNING *) INSERT INTO shortlist (",
            columns!(),
            ") SELECT ",
            columns!(),
            " FROM back RETURNING ",
            columns!()
        ))
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .fetch_one(&mut *conn)
        .await?;
        Ok(Restore::Restored(row.try_into()?))
    })?;
    match &found {
        Restore::Restored(entry) => {
            if peer_outcome(entry) != (false, false) {
                tx.record_change(Change::Peers { firm_id });
            }
            tx.commit()?;
        }
        // Nothing written: the transaction rolls back as it drops.
        Restore::Nothing | Restore::OnShortlist => {}
    }
    Ok(found)
}

pub fn load_all_removed(store: &PgStore) -> Result<Vec<((u64, u64), Removed)>> {
    let rows = store.run(
        sqlx::query_as::<_, RemovedRow>(concat!(
            "SELECT ",
            columns!(),
            ", removed_at, removed_by FROM shortlist_removed ORDER BY firm_id, vendor_id"
        ))
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(|row| Ok((row.entry.key(), row.try_into()?)))
        .collect::<anyhow::Result<_>>()?)
}

/// Writes a removed entry as it is (a removal, and the export into an empty database).
pub(super) async fn put_removed(
    conn: &mut PgConnection,
    firm_id: FirmId,
    vendor_id: u64,
    removed: &Removed,
) -> anyhow::Result<()> {
    let query = sqlx::query(concat!(
        "INSERT INTO shortlist_removed (",
        columns!(),
        ", removed_at, removed_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
         $13, $14, $15, $16, $17)"
    ))
    .bind(firm_id.get() as i64)
    .bind(vendor_id as i64);
    bind_entry(query, &removed.entry)?
        .bind(timestamp(removed.removed_at)?)
        .bind(&removed.removed_by)
        .execute(conn)
        .await?;
    Ok(())
}

/// Takes the firm's shortlist lock until the transaction ends (see `update_in`).
async fn lock_firms_shortlist(conn: &mut PgConnection, firm_id: FirmId) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(SHORTLIST_LOCK)
        .bind((firm_id.get() % (i32::MAX as u64)) as i32)
        .execute(conn)
        .await?;
    Ok(())
}

/// Moves firm `from`'s entries to firm `into`; a vendor on both becomes `super::merge_entries`.
/// Holds both firms' shortlist locks (in key order, so two merges cannot deadlock) to the
/// commit: a write to either firm's shortlist goes wholly before the merge or after it.
pub fn merge_firm_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        let key = |id: u64| id % (i32::MAX as u64);
        let (first, second) = if key(into) <= key(from) {
            (into, from)
        } else {
            (from, into)
        };
        // Both ids were checked by the accounts' merge earlier in this transaction.
        lock_firms_shortlist(&mut *conn, FirmId::from_stored(first)).await?;
        lock_firms_shortlist(&mut *conn, FirmId::from_stored(second)).await?;
        let rows = sqlx::query_as::<_, EntryRow>(concat!(
            "SELECT ",
            columns!(),
            " FROM shortlist WHERE firm_id = ANY($1) ORDER BY firm_id, vendor_id FOR UPDATE"
        ))
        .bind(vec![into as i64, from as i64])
        .fetch_all(&mut *conn)
        .await?;
        let mut ours = std::collections::HashMap::new();
        let mut theirs = Vec::new();
        for row in rows {
            let (firm_id, vendor_id) = row.key();
            if firm_id == into {
                ours.insert(vendor_id, row.try_into()?);
            } else {
                theirs.push((vendor_id, Entry::try_from(row)?));
            }
        }
        for (vendor_id, entry) in theirs {
            let merged = match ours.remove(&vendor_id) {
                Some(ours) => super::merge_entries(ours, entry),
                None => entry,
            };
            put(&mut *conn, FirmId::from_stored(into), vendor_id, &merged).await?;
        }
        sqlx::query("DELETE FROM shortlist WHERE firm_id = $1")
            .bind(from as i64)
            .execute(&mut *conn)
            .await?;
        // Removed entries kept for their Undo: the kept firm's own wins where both have one.
        sqlx::query(concat!(
            "INSERT INTO shortlist_removed (",
            columns!(),
            ", removed_at, removed_by) SELECT $1, vendor_id, ",
            entry_columns!(),
            ", removed_at, removed_by FROM shortlist_removed WHERE firm_id = $2 \
             ON CONFLICT (firm_id, vendor_id) DO NOTHING"
        ))
        .bind(into as i64)
        .bind(from as i64)
        .execute(&mut *conn)
        .await?;
        sqlx::query("DELETE FROM shortlist_removed WHERE firm_id = $1")
            .bind(from as i64)
            .execute(&mut *conn)
            .await?;
        anyhow::Ok(())
    })?;
    Ok(())
}
