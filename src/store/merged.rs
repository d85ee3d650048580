//! Firms merged away. A merge moves every row of one firm to another in one transaction, but a
//! request that read its session before the commit still names the old firm, and its write may
//! come after. Every write of firm-keyed data calls `refuse_*` inside its own transaction, so such
//! a write is refused (a 409 asking to reload, after which the session names the kept firm)
//! rather than landing under an id no firm has, where nobody would ever see it again.
//!
//! On redb one writer at a time makes the check and the merge exclusive. On PostgreSQL the check
//! first takes a key-share lock on the firm's row, which a merge holds `FOR UPDATE` until its
//! commit: a write that starts during a merge waits for it, then finds the firm merged.

use crate::firm_id::FirmId;
use redb::{ReadableTable, WriteTransaction};
use sqlx::PgConnection;

use super::MERGED_FIRMS;
use crate::error::{Result, conflict};

pub const MERGED: &str =
    "Your firm was merged into another one while you worked. Reload the page to carry on there.";

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

/// A 409 when `firm_id` was merged away; call inside the write's transaction.
pub fn refuse_in_file(txn: &WriteTransaction, firm_id: FirmId) -> Result<()> {
    if txn.open_table(MERGED_FIRMS)?.get(firm_id.get())?.is_some() {
        return Err(conflict(MERGED));
    }
    Ok(())
}

/// A 409 when `firm_id` was merged away, waiting first for a merge of it in progress; call as
/// the first statement of the write's transaction (before its other locks, as the merge takes
/// the firm rows before its own).
pub async fn refuse_in_pg(conn: &mut PgConnection, firm_id: FirmId) -> Result<()> {
    sqlx::query("SELECT 1 FROM firms WHERE id = $1 FOR KEY SHARE")
        .bind(firm_id.get() as i64)
        .execute(&mut *conn)
        .await?;
    let merged: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM merged_firms WHERE from_id = $1)")
            .bind(firm_id.get() as i64)
            .fetch_one(&mut *conn)
            .await?;
    if merged {
        return Err(conflict(MERGED));
    }
    Ok(())
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
