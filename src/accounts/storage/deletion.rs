//! A firm's scheduled deletion, in either backend: FIRM_DELETIONS / `firm_deletions` (firm id ->
//! `Deletion`). No row: none scheduled. `firms::deletion` holds the rules and runs it.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::postgres::rows::at;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{FIRM_DELETIONS, PgStore, Store, WriteTx, codec, open_read};

/// A deletion waiting out its grace period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deletion {
    /// Unix seconds, as `due_at`.
    pub scheduled_at: i64,
    /// From then on the deletion runs (the next hourly run of the task, or the next start).
    pub due_at: i64,
    /// The owner who asked; `None`: the install's operator.
    pub by_user: Option<u64>,
    /// Their name then.
    pub by_name: String,
}

pub fn find(store: &Store, firm_id: FirmId) -> Result<Option<Deletion>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_DELETIONS)? else {
                return Ok(None);
            };
            let found = table.get(firm_id.get())?;
            Ok(found.map(|v| codec::decode(v.value())).transpose()?)
        }
        Store::Postgres(db) => db.run(async {
            let row = sqlx::query(
                "SELECT scheduled_at, due_at, by_user, by_name FROM firm_deletions \
                 WHERE firm_id = $1",
            )
            .bind(firm_id.get() as i64)
            .fetch_optional(db.pool())
            .await?;
            row.map(|r| from_row(&r)).transpose()
        }),
    }
}

fn from_row(row: &sqlx::postgres::PgRow) -> Result<Deletion> {
    Ok(Deletion {
        scheduled_at: row.try_get::<DateTime<Utc>, _>("scheduled_at")?.timestamp(),
        due_at: row.try_get::<DateTime<Utc>, _>("due_at")?.timestamp(),
        by_user: row.try_get::<Option<i64>, _>("by_user")?.map(|u| u as u64),
        by_name: row.try_get("by_name")?,
    })
}

/// Schedules the firm's deletion unless one is already scheduled; answers the one that stands.
pub fn schedule(store: &Store, firm_id: FirmId, deletion: &Deletion) -> Result<Deletion> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
            let standing = {
                let mut table = txn.open_table(FIRM_DELETIONS)?;
                let found: Option<Deletion> = table
                    .get(firm_id.get())?
                    .map(|v| codec::decode(v.value()))
                    .transpose()?;
                match found {
                    Some(standing) => standing,
                    None => {
                        table.insert(firm_id.get(), codec::encode(deletion).as_slice())?;
                        deletion.clone()
                    }
                }
            };
            txn.commit()?;
            Ok(standing)
        }
        Store::Postgres(db) => save_pg(db, firm_id, deletion),
    }
}

fn save_pg(db: &PgStore, firm_id: FirmId, deletion: &Deletion) -> Result<Deletion> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        sqlx::query(
            "INSERT INTO firm_deletions (firm_id, scheduled_at, due_at, by_user, by_name) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (firm_id) DO NOTHING",
        )
        .bind(firm_id.get() as i64)
        .bind(at(deletion.scheduled_at))
        .bind(at(deletion.due_at))
        .bind(deletion.by_user.map(|u| u as i64))
        .bind(&deletion.by_name)
        .execute(&mut *tx)
        .await?;
        let row = sqlx::query(
            "SELECT scheduled_at, due_at, by_user, by_name FROM firm_deletions WHERE firm_id = $1",
        )
        .bind(firm_id.get() as i64)
        .fetch_one(&mut *tx)
        .await?;
        let standing = from_row(&row)?;
        tx.commit().await?;
        Ok(standing)
    })
}

fn has_table(txn: &redb::WriteTransaction) -> Result<bool> {
    crate::platform::store::registry::has_table(txn, "firm_deletions")
}

/// Takes the firm's scheduled deletion back; answers whether there was one.
pub fn cancel(store: &Store, firm_id: FirmId) -> Result<bool> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            let removed = txn
                .open_table(FIRM_DELETIONS)?
                .remove(firm_id.get())?
                .is_some();
            txn.commit()?;
            Ok(removed)
        }
        Store::Postgres(db) => Ok(db
            .run(
                sqlx::query("DELETE FROM firm_deletions WHERE firm_id = $1")
                    .bind(firm_id.get() as i64)
                    .execute(db.pool()),
            )?
            .rows_affected()
            > 0),
    }
}

/// Every scheduled deletion: (firm id, when it runs), for the operator's list of firms.
pub fn all_due_times(store: &Store) -> Result<Vec<(u64, i64)>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_DELETIONS)? else {
                return Ok(Vec::new());
            };
            let mut out = Vec::new();
            for entry in table.iter()? {
                let (firm, value) = entry?;
                let deletion: Deletion = codec::decode(value.value())?;
                out.push((firm.value(), deletion.due_at));
            }
            Ok(out)
        }
        Store::Postgres(db) => Ok(db
            .run(
                sqlx::query_as::<_, (i64, DateTime<Utc>)>(
                    "SELECT firm_id, due_at FROM firm_deletions ORDER BY firm_id",
                )
                .fetch_all(db.pool()),
            )?
            .into_iter()
            .map(|(firm, due)| (firm as u64, due.timestamp()))
            .collect()),
    }
}

/// The firms whose deletion is due at `now`.
pub fn due(store: &Store, now: i64) -> Result<Vec<u64>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, FIRM_DELETIONS)? else {
                return Ok(Vec::new());
            };
            let mut out = Vec::new();
            for entry in table.iter()? {
                let (firm, value) = entry?;
                let deletion: Deletion = codec::decode(value.value())?;
                if deletion.due_at <= now {
                    out.push(firm.value());
                }
            }
            Ok(out)
        }
        Store::Postgres(db) => Ok(db
            .run(
                sqlx::query_scalar::<_, i64>(
                    "SELECT firm_id FROM firm_deletions WHERE due_at <= $1 ORDER BY firm_id",
                )
                .bind(at(now))
                .fetch_all(db.pool()),
            )?
            .into_iter()
            .map(|f| f as u64)
            .collect()),
    }
}

/// Holds off every sign-up until `tx` ends, so no one joins the firm while its rows go: the
/// deletion takes this first, then reads the members. On PostgreSQL a sign-up through an
/// invitation locks the invitation and then the firm's row; the deletion, taking the firm's row
/// first and the invitations later, deadlocked against it. A merge takes this lock first too, so
/// a deletion and a merge of the firm take turns (they, too, deadlocked: the merge locked the
/// firm's row and then its scheduled deletion, the deletion the other way round). redb's one
/// writer needs nothing more.
pub fn hold_sign_ups_in(tx: &mut WriteTx) -> Result<()> {
    match tx {
        WriteTx::File(_) => Ok(()),
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            Ok(store.run(super::postgres::lock_sign_ups(pg.conn()?))?)
        }
    }
}

/// The firm's deletion, if it still stands inside `tx`, taking its row with it: the one deletion
/// run that finds it does the work (on PostgreSQL another node's run waits on the row and then
/// finds none).
pub fn take_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<Option<Deletion>> {
    match tx {
        WriteTx::File(txn) => {
            // Never made here: a merge or a run with nothing scheduled leaves the file as it is.
            if !has_table(txn)? {
                return Ok(None);
            }
            let mut table = txn.open_table(FIRM_DELETIONS)?;
            let taken = table.remove(firm_id.get())?;
            Ok(taken.map(|v| codec::decode(v.value())).transpose()?)
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            let row = store.run(
                sqlx::query(
                    "DELETE FROM firm_deletions WHERE firm_id = $1 \
                     RETURNING scheduled_at, due_at, by_user, by_name",
                )
                .bind(firm_id.get() as i64)
                .fetch_optional(pg.conn()?),
            )?;
            row.map(|r| from_row(&r)).transpose()
        }
    }
}

/// The firm's scheduled deletion inside `tx`, read as the transaction's writes will find it: a
/// merge reads its kept firm's after its locks (on PostgreSQL a schedule waits on the firm's row
/// the merge holds, so it lands wholly before the read or after the merge).
pub fn scheduled_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<Option<Deletion>> {
    match tx {
        WriteTx::File(txn) => {
            if !has_table(txn)? {
                return Ok(None);
            }
            let table = txn.open_table(FIRM_DELETIONS)?;
            let found = table.get(firm_id.get())?;
            Ok(found.map(|v| codec::decode(v.value())).transpose()?)
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            let row = store.run(
                sqlx::query(
                    "SELECT scheduled_at, due_at, by_user, by_name FROM firm_deletions \
                     WHERE firm_id = $1",
                )
                .bind(firm_id.get() as i64)
                .fetch_optional(pg.conn()?),
            )?;
            row.map(|r| from_row(&r)).transpose()
        }
    }
}

/// Whether the install's operator is a member of the firm, read inside the deletion's `tx` (after
/// `hold_sign_ups_in`, which a merge takes too, so a merge that moved the operator in is seen).
pub fn holds_operator_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<bool> {
    match tx {
        WriteTx::File(txn) => {
            let ids: Vec<u64> = txn
                .open_table(crate::platform::store::FIRM_MEMBERS)?
                .range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))?
                .map(|e| e.map(|(k, _)| k.value().1))
                .collect::<std::result::Result<_, _>>()?;
            for id in ids {
                if super::file::load_in(txn, id)?.is_some_and(|u| u.is_admin) {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            Ok(store.run(
                sqlx::query_scalar::<_, bool>(
                    "SELECT EXISTS (SELECT 1 FROM users WHERE firm_id = $1 AND is_admin)",
                )
                .bind(firm_id.get() as i64)
                .fetch_one(pg.conn()?),
            )?)
        }
    }
}

/// A merged firm's scheduled deletion goes with it; the kept firm's stands.
pub fn merge_firm_in(tx: &mut WriteTx, _into: FirmId, from: FirmId) -> Result<()> {
    take_in(tx, from)?;
    Ok(())
}

/// Copies the redb file's rows into PostgreSQL (`litstack export-to-postgres`) and counts them.
pub fn export(
    from: &crate::platform::store::FileStore,
    to: &PgStore,
) -> Result<Vec<crate::platform::store::TableCount>> {
    use redb::ReadableTableMetadata;
    let txn = from.read()?;
    let mut source = 0;
    if let Some(table) = open_read(&txn, FIRM_DELETIONS)? {
        source = table.len()?;
        for entry in table.iter()? {
            let (firm_id, value) = entry?;
            let deletion: Deletion = codec::decode(value.value())?;
            save_pg(to, FirmId::from_stored(firm_id.value()), &deletion)?;
        }
    }
    Ok(vec![to.counted("firm_deletions", source)?])
}
