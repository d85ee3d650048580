//! Firms merged away. A merge moves every row of one firm to another in one transaction, but a
//! request that read its session before the commit still names the old firm, and its write may
//! come after. Every write of firm-keyed data calls `refuse_*` inside its own transaction, so such
//! a write is refused (a 409 asking to reload, after which the session names the kept firm)
//! rather than landing under an id no firm has, where nobody would ever see it again.
//!
//! A firm's deletion is the same race: its rows go in one transaction, and a write begun before
//! it must not leave a row behind under the deleted id. The deletion notes the id
//! (`DELETED_FIRMS` / `deleted_firms`, nothing else of the firm) and the same check refuses it.
//!
//! On redb one writer at a time makes the check and the merge exclusive. On PostgreSQL the check
//! first takes a key-share lock on the firm's row, which a merge or a deletion holds `FOR UPDATE`
//! until its commit: a write that starts during one waits for it, then finds the firm gone.

use crate::platform::firm_id::FirmId;
use redb::{ReadableTable, WriteTransaction};
use sqlx::PgConnection;

use super::{DELETED_FIRMS, MERGED_FIRMS};
use crate::platform::error::{Result, conflict, gone};

pub const MERGED: &str =
    "Your firm was merged into another one while you worked. Reload the page to carry on there.";

pub const DELETED: &str = "Your firm was deleted from this install while you worked.";

/// Remembers that `from` was merged into `into`, inside the merge's transaction.
pub fn record_in_file(txn: &WriteTransaction, from: u64, into: u64) -> Result<()> {
    txn.open_table(MERGED_FIRMS)?.insert(from, into)?;
    Ok(())
}

pub async fn record_in_pg(conn: &mut PgConnection, from: u64, into: u64) -> Result<()> {
    sqlx::query("INSERT INTO merged_firms (from_id, into_id) VALUES ($1, $2)")
        .bind(from as i64)
        .bind(into as i64)
        .execute(conn)
        .await?;
    Ok(())
}

/// A 409 when `firm_id` was merged away, a 410 when it was deleted; call inside the write's
/// transaction.
pub fn refuse_in_file(txn: &WriteTransaction, firm_id: FirmId) -> Result<()> {
    held_in_file(txn, firm_id)?.refusal()
}

/// What `firm_id` is, inside a write of the redb file (whose one writer at a time makes the answer
/// hold until its commit).
fn held_in_file(txn: &WriteTransaction, firm_id: FirmId) -> Result<Held> {
    if txn.open_table(MERGED_FIRMS)?.get(firm_id.get())?.is_some() {
        return Ok(Held::Merged);
    }
    // Made by the first deletion; a write never makes it empty (opening it would).
    if super::registry::has_table(txn, "deleted_firms")?
        && txn.open_table(DELETED_FIRMS)?.get(firm_id.get())?.is_some()
    {
        return Ok(Held::Deleted);
    }
    Ok(Held::Open)
}

/// A 409 when `firm_id` was merged away, a 410 when it was deleted, waiting first for a merge or
/// deletion of it in progress; call as
/// the first statement of the write's transaction (before its other locks, as the merge takes
/// the firm rows before its own).
pub async fn refuse_in_pg(conn: &mut PgConnection, firm_id: FirmId) -> Result<()> {
    hold_in_pg(conn, firm_id).await?.refusal()
}

/// Whether `firm_id` is still a firm (neither merged away nor deleted), taking the same lock as
/// `refuse_in_pg`: for a write with nothing to refuse, which simply does nothing for a firm gone.
pub async fn is_open_in_pg(conn: &mut PgConnection, firm_id: FirmId) -> Result<bool> {
    Ok(matches!(hold_in_pg(conn, firm_id).await?, Held::Open))
}

enum Held {
    Open,
    Merged,
    Deleted,
}

impl Held {
    fn refusal(self) -> Result<()> {
        match self {
            Held::Open => Ok(()),
            Held::Merged => Err(conflict(MERGED)),
            Held::Deleted => Err(gone(DELETED)),
        }
    }
}

/// Key-share locks the firm's row, so a merge or deletion of it runs wholly before or after the
/// caller's transaction, and says what the firm is then.
async fn hold_in_pg(conn: &mut PgConnection, firm_id: FirmId) -> Result<Held> {
    sqlx::query("SELECT 1 FROM firms WHERE id = $1 FOR KEY SHARE")
        .bind(firm_id.get() as i64)
        .execute(&mut *conn)
        .await?;
    let (merged, deleted): (bool, bool) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM merged_firms WHERE from_id = $1), \
                EXISTS (SELECT 1 FROM deleted_firms WHERE id = $1)",
    )
    .bind(firm_id.get() as i64)
    .fetch_one(&mut *conn)
    .await?;
    Ok(if merged {
        Held::Merged
    } else if deleted {
        Held::Deleted
    } else {
        Held::Open
    })
}

/// `refuse_in_file` or `refuse_in_pg`, in either backend's transaction: the first step of a write
/// of a firm's data or of one of its members' own rows.
pub fn refuse(tx: &mut super::WriteTx, firm_id: FirmId) -> Result<()> {
    held(tx, firm_id)?.refusal()
}

/// Whether `firm_id` is still a firm, with the lock and check of `refuse`: for a write that, for a
/// firm gone, simply does nothing (a profile view counted as the page is read).
pub fn is_open(tx: &mut super::WriteTx, firm_id: FirmId) -> Result<bool> {
    Ok(matches!(held(tx, firm_id)?, Held::Open))
}

fn held(tx: &mut super::WriteTx, firm_id: FirmId) -> Result<Held> {
    match tx {
        super::WriteTx::File(txn) => held_in_file(txn, firm_id),
        super::WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(hold_in_pg(tx.conn()?, firm_id))
        }
    }
}

/// `record_in_file` or `record_in_pg`, in either backend's transaction.
pub fn record(tx: &mut super::WriteTx, from: u64, into: u64) -> Result<()> {
    match tx {
        super::WriteTx::File(txn) => record_in_file(txn, from, into),
        super::WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(record_in_pg(tx.conn()?, from, into))
        }
    }
}

/// Notes, inside the deletion's transaction, that `firm_id` was deleted at `at` (Unix seconds).
/// On PostgreSQL it first locks the firm's row, so a write that began before waits for the
/// deletion and is then refused.
pub fn record_deleted(tx: &mut super::WriteTx, firm_id: FirmId, at: i64) -> Result<()> {
    match tx {
        super::WriteTx::File(txn) => {
            txn.open_table(DELETED_FIRMS)?.insert(firm_id.get(), at)?;
            Ok(())
        }
        super::WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                sqlx::query("SELECT 1 FROM firms WHERE id = $1 FOR UPDATE")
                    .bind(firm_id.get() as i64)
                    .execute(&mut *conn)
                    .await?;
                sqlx::query(
                    "INSERT INTO deleted_firms (id, deleted_at) VALUES ($1, $2) \
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(firm_id.get() as i64)
                .bind(chrono::DateTime::from_timestamp(at, 0).unwrap_or_default())
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        }
    }
}

/// Copies the redb file's deleted firms into PostgreSQL (`litstack export-to-postgres`).
pub fn export(from: &super::FileStore, to: &super::PgStore) -> Result<Vec<super::TableCount>> {
    use redb::ReadableTableMetadata;
    let txn = from.read()?;
    let mut rows = Vec::new();
    if let Some(table) = super::open_read(&txn, DELETED_FIRMS)? {
        for entry in table.iter()? {
            let (id, at) = entry?;
            rows.push((id.value(), at.value()));
        }
        debug_assert_eq!(rows.len() as u64, table.len()?);
    }
    let mut tx = super::PgTx::begin(to)?;
    for (id, at) in &rows {
        to.run(
            sqlx::query("INSERT INTO deleted_firms (id, deleted_at) VALUES ($1, $2)")
                .bind(*id as i64)
                .bind(chrono::DateTime::from_timestamp(*at, 0).unwrap_or_default())
                .execute(tx.conn()?),
        )?;
    }
    tx.commit()?;
    Ok(vec![to.counted("deleted_firms", rows.len() as u64)?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::AppError;
    use crate::platform::store::{FileStore, Store};

    fn refused(store: &Store, firm: FirmId) -> Option<String> {
        let outcome = match store {
            Store::File(db) => {
                let txn = db.write().unwrap();
                refuse_in_file(&txn, firm)
            }
            Store::Postgres(db) => db.run(async {
                let mut tx = db.pool().begin().await?;
                refuse_in_pg(&mut tx, firm).await
            }),
        };
        outcome.err().map(|e: AppError| e.to_string())
    }

    /// After a firm's deletion a write for it is refused on both backends; another firm writes.
    #[test]
    fn a_write_for_a_deleted_firm_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(crate::platform::store::postgres::test_store()),
        ];
        for store in &stores {
            let (gone_firm, other) = (FirmId::from_stored(7), FirmId::from_stored(8));
            assert_eq!(refused(store, gone_firm), None);
            let mut tx = store.begin().unwrap();
            record_deleted(&mut tx, gone_firm, 1_790_000_000).unwrap();
            tx.commit().unwrap();
            assert_eq!(refused(store, gone_firm).as_deref(), Some(DELETED));
            assert_eq!(refused(store, other), None);
        }
    }
}
