//! The evaluations in PostgreSQL (migrations/postgres/0027_evaluations.sql):
//! `evaluation_rounds`, one row per (firm, category, round), the round as JSON. A change takes
//! the firm's lock (`EVALUATIONS_LOCK`, the firm) and reads the rounds in its transaction, so two
//! changes of one firm on any nodes take turns.

use sqlx::PgConnection;

use crate::evaluations::model::Round;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{PgStore, PgTx};

/// The first key of the firm's advisory lock, the firm's id folded into the second.
const EVALUATIONS_LOCK: i32 = 0x4556_414c;

async fn category_rounds(
    conn: &mut PgConnection,
    firm_id: u64,
    category_id: u64,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT body::text FROM evaluation_rounds WHERE firm_id = $1 AND category_id = $2 \
         ORDER BY round",
    )
    .bind(firm_id as i64)
    .bind(category_id as i64)
    .fetch_all(conn)
    .await
}

async fn firm_rounds(conn: &mut PgConnection, firm_id: u64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT body::text FROM evaluation_rounds WHERE firm_id = $1 ORDER BY category_id, round",
    )
    .bind(firm_id as i64)
    .fetch_all(conn)
    .await
}

fn decode_all(rows: Vec<String>) -> Result<Vec<Round>> {
    rows.iter().map(|r| super::decode(r)).collect()
}

pub fn rounds(store: &PgStore, firm_id: FirmId, category_id: u64) -> Result<Vec<Round>> {
    let rows: Vec<String> = store.run(
        sqlx::query_scalar(
            "SELECT body::text FROM evaluation_rounds WHERE firm_id = $1 AND category_id = $2 \
             ORDER BY round",
        )
        .bind(firm_id.get() as i64)
        .bind(category_id as i64)
        .fetch_all(store.pool()),
    )?;
    decode_all(rows)
}

pub fn load_all(store: &PgStore) -> Result<Vec<Round>> {
    let rows: Vec<String> = store.run(
        sqlx::query_scalar(
            "SELECT body::text FROM evaluation_rounds ORDER BY firm_id, category_id, round",
        )
        .fetch_all(store.pool()),
    )?;
    decode_all(rows)
}

/// Inserts or replaces `round`.
pub(super) async fn put(conn: &mut PgConnection, round: &Round) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO evaluation_rounds (firm_id, category_id, round, body) \
         VALUES ($1, $2, $3, $4::jsonb) \
         ON CONFLICT (firm_id, category_id, round) DO UPDATE SET body = EXCLUDED.body",
    )
    .bind(round.firm_id as i64)
    .bind(round.category_id as i64)
    .bind(round.round as i32)
    .bind(super::encode(round))
    .execute(conn)
    .await?;
    Ok(())
}

async fn lock(conn: &mut PgConnection, firm_id: FirmId) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(EVALUATIONS_LOCK)
        // Folded into the lock's second key; two firms sharing a key only wait for each other.
        .bind((firm_id.get() % (i32::MAX as u64)) as i32)
        .execute(conn)
        .await?;
    Ok(())
}

/// Takes the firm's evaluations lock in `tx` (the operator's vendor merge, `vendors.rs`).
pub(super) fn lock_firm(tx: &mut PgTx, firm_id: FirmId) -> Result<()> {
    let store = tx.store();
    store.run(lock(tx.conn()?, firm_id))?;
    Ok(())
}

pub fn update<T>(
    store: &PgStore,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    let mut tx = PgTx::begin(store)?;
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(lock(tx.conn()?, firm_id))?;
    let mut rounds =
        decode_all(store.run(category_rounds(tx.conn()?, firm_id.get(), category_id))?)?;
    let answer = change(&mut rounds)?;
    for round in &rounds {
        store.run(put(tx.conn()?, round))?;
    }
    tx.commit()?;
    Ok(answer)
}

/// `update` inside the caller's transaction (a decision proposed from the round closes it).
pub fn update_in<T>(
    tx: &mut PgTx,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    let store = tx.store();
    store.run(lock(tx.conn()?, firm_id))?;
    let mut rounds =
        decode_all(store.run(category_rounds(tx.conn()?, firm_id.get(), category_id))?)?;
    let answer = change(&mut rounds)?;
    for round in &rounds {
        store.run(put(tx.conn()?, round))?;
    }
    Ok(answer)
}

pub fn merge_firm_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<()> {
    let store = tx.store();
    for firm in [into, from] {
        store.run(lock(tx.conn()?, firm))?;
    }
    let ours = decode_all(store.run(firm_rounds(tx.conn()?, into.get()))?)?;
    let theirs = decode_all(store.run(firm_rounds(tx.conn()?, from.get()))?)?;
    store.run(
        sqlx::query("DELETE FROM evaluation_rounds WHERE firm_id = $1")
            .bind(from.get() as i64)
            .execute(tx.conn()?),
    )?;
    for round in super::renumbered(&ours, theirs, into.get()) {
        store.run(put(tx.conn()?, &round))?;
    }
    Ok(())
}
