//! The pending offer of the install's operator role, in either backend: OPERATOR_HANDOVERS /
//! `operator_handovers` (offered account id -> `Offer`), at most one row. `admin::handover`
//! holds the rules; the move of the role itself is here, beside the accounts it writes.

use chrono::{DateTime, Utc};
use redb::{ReadableTable, ReadableTableMetadata};
use serde::{Deserialize, Serialize};

use super::postgres::rows::at;
use crate::platform::error::{Result, conflict};
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::{OPERATOR_HANDOVERS, PgStore, Store, WriteTx, codec, open_read};

/// An offer of the operator role, from the operator to another account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Random, so an old offer's id never names a later one.
    pub id: u64,
    pub from_user: u64,
    pub to_user: u64,
    /// Unix seconds, as `expires_at`.
    pub offered_at: i64,
    pub expires_at: i64,
}

type OfferRow = (i64, i64, i64, DateTime<Utc>, DateTime<Utc>);

const COLUMNS: &str = "id, from_user, to_user, offered_at, expires_at";

fn from_row((id, from_user, to_user, offered_at, expires_at): OfferRow) -> Offer {
    Offer {
        id: id as u64,
        from_user: from_user as u64,
        to_user: to_user as u64,
        offered_at: offered_at.timestamp(),
        expires_at: expires_at.timestamp(),
    }
}

fn first(table: &impl ReadableTable<u64, &'static [u8]>) -> Result<Option<Offer>> {
    match table.iter()?.next() {
        Some(entry) => Ok(Some(codec::decode(entry?.1.value())?)),
        None => Ok(None),
    }
}

/// The pending offer, if any.
pub fn current(store: &Store) -> Result<Option<Offer>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            match open_read(&txn, OPERATOR_HANDOVERS)? {
                Some(table) => first(&table),
                None => Ok(None),
            }
        }
        Store::Postgres(db) => db.run(async {
            let sql = format!("SELECT {COLUMNS} FROM operator_handovers");
            let row = sqlx::query_as::<_, OfferRow>(sqlx::AssertSqlSafe(sql))
                .fetch_optional(db.pool())
                .await?;
            Ok(row.map(from_row))
        }),
    }
}

/// The pending offer inside `tx`, as its writes will find it.
pub fn current_in(tx: &mut WriteTx) -> Result<Option<Offer>> {
    match tx {
        WriteTx::File(txn) => {
            if !crate::platform::store::registry::has_table(txn, "operator_handovers")? {
                return Ok(None);
            }
            first(&txn.open_table(OPERATOR_HANDOVERS)?)
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            // FOR UPDATE: an accept, a decline, a withdrawal and the expiry take turns on it.
            let sql = format!("SELECT {COLUMNS} FROM operator_handovers FOR UPDATE");
            let row = store.run(
                sqlx::query_as::<_, OfferRow>(sqlx::AssertSqlSafe(sql)).fetch_optional(pg.conn()?),
            )?;
            Ok(row.map(from_row))
        }
    }
}

/// Writes `offer` inside `tx`, unless one is pending: then `standing` answers the conflict.
pub fn create_in(tx: &mut WriteTx, offer: &Offer, standing: &str) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            let mut table = txn.open_table(OPERATOR_HANDOVERS)?;
            if !table.is_empty()? {
                return Err(conflict(standing));
            }
            table.insert(offer.to_user, codec::encode(offer).as_slice())?;
            Ok(())
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            let done = store.run(insert_pg(pg.conn()?, offer))?;
            if done == 0 {
                return Err(conflict(standing));
            }
            Ok(())
        }
    }
}

async fn insert_pg(conn: &mut sqlx::PgConnection, offer: &Offer) -> Result<u64> {
    // The unique index on a constant keeps one row: a second offer inserts nothing.
    let done = sqlx::query(
        "INSERT INTO operator_handovers (id, from_user, to_user, offered_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(offer.id as i64)
    .bind(offer.from_user as i64)
    .bind(offer.to_user as i64)
    .bind(at(offer.offered_at))
    .bind(at(offer.expires_at))
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Removes the pending offer `offer` inside `tx` (read there first with `current_in`).
pub fn remove_in(tx: &mut WriteTx, offer: &Offer) -> Result<()> {
    match tx {
        WriteTx::File(txn) => {
            txn.open_table(OPERATOR_HANDOVERS)?.remove(offer.to_user)?;
            Ok(())
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            store.run(
                sqlx::query("DELETE FROM operator_handovers WHERE to_user = $1 AND id = $2")
                    .bind(offer.to_user as i64)
                    .bind(offer.id as i64)
                    .execute(pg.conn()?),
            )?;
            Ok(())
        }
    }
}

/// Moves the operator role from account `from` to account `to` inside `tx`, both rows written in
/// it, so no reader ever sees the install with no operator or with both. Answers false (and
/// writes nothing) when `from` no longer runs the install or `to` no longer exists.
pub fn move_operator_in(tx: &mut WriteTx, from: u64, to: u64) -> Result<bool> {
    let moved = match tx {
        WriteTx::File(txn) => {
            let (Some(mut old), Some(mut new)) = (
                super::file::load_in(txn, from)?,
                super::file::load_in(txn, to)?,
            ) else {
                return Ok(false);
            };
            if !old.is_admin {
                return Ok(false);
            }
            old.is_admin = false;
            new.is_admin = true;
            super::file::put_user(txn, &new)?;
            super::file::put_user(txn, &old)?;
            true
        }
        WriteTx::Postgres(pg) => {
            let store = pg.store();
            store.run(move_pg(pg.conn()?, from, to))?
        }
    };
    if moved {
        // Every hub node's cached sessions of both accounts read them again.
        tx.record_change(Change::User { user_id: from });
        tx.record_change(Change::User { user_id: to });
    }
    Ok(moved)
}

async fn move_pg(conn: &mut sqlx::PgConnection, from: u64, to: u64) -> Result<bool> {
    let rows: Vec<(i64, bool)> =
        sqlx::query_as("SELECT id, is_admin FROM users WHERE id = ANY($1) ORDER BY id FOR UPDATE")
            .bind(vec![from as i64, to as i64])
            .fetch_all(&mut *conn)
            .await?;
    let runs = |id: u64| rows.iter().find(|r| r.0 == id as i64).map(|r| r.1);
    if runs(from) != Some(true) || runs(to).is_none() {
        return Ok(false);
    }
    // One statement: both rows change together.
    sqlx::query("UPDATE users SET is_admin = (id = $2) WHERE id = ANY(ARRAY[$1, $2]::bigint[])")
        .bind(from as i64)
        .bind(to as i64)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}

/// Copies the redb file's pending offer into PostgreSQL (`litstack export-to-postgres`).
pub fn export(
    from: &crate::platform::store::FileStore,
    to: &PgStore,
) -> Result<Vec<crate::platform::store::TableCount>> {
    let txn = from.read()?;
    let mut source = 0;
    if let Some(table) = open_read(&txn, OPERATOR_HANDOVERS)? {
        source = table.len()?;
        if let Some(offer) = first(&table)? {
            to.run(async {
                let mut conn = to.pool().acquire().await?;
                insert_pg(&mut conn, &offer).await
            })?;
        }
    }
    Ok(vec![to.counted("operator_handovers", source)?])
}
