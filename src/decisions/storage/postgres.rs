//! Decisions in PostgreSQL (migrations/postgres/0028_decisions.sql). A decision is read `FOR
//! UPDATE` by `find_in`, so one decision's approvals, edits and versions take turns across nodes;
//! a proposal takes the firm's decisions lock, so "one open decision per category" holds.

use sqlx::types::Json;

use crate::decisions::model::{Decision, DecisionStatus, Version};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{FileStore, PgStore, PgTx, TableCount};

/// The first key of the firm's advisory lock for proposals.
const DECISIONS_LOCK: i32 = 0x4445_4349;

fn status(d: &Decision) -> &'static str {
    match d.status {
        DecisionStatus::Open => "open",
        DecisionStatus::Final => "final",
    }
}

pub fn list(store: &PgStore, firm_id: Option<FirmId>) -> Result<Vec<Decision>> {
    let rows: Vec<(Json<Decision>,)> = store.run(
        sqlx::query_as(
            "SELECT body FROM decisions WHERE $1::bigint IS NULL OR firm_id = $1 \
             ORDER BY firm_id, id",
        )
        .bind(firm_id.map(|f| f.get() as i64))
        .fetch_all(store.pool()),
    )?;
    Ok(rows.into_iter().map(|(Json(d),)| d).collect())
}

#[derive(sqlx::FromRow)]
struct VersionRow {
    firm_id: i64,
    decision_id: i64,
    n: i32,
    content: String,
    hash: String,
    created_at: chrono::DateTime<chrono::Utc>,
}

impl From<VersionRow> for Version {
    fn from(row: VersionRow) -> Version {
        Version {
            firm_id: row.firm_id as u64,
            decision_id: row.decision_id as u64,
            n: row.n as u32,
            content: row.content,
            hash: row.hash,
            created_at: row.created_at.timestamp(),
        }
    }
}

const VERSION_COLUMNS: &str = "firm_id, decision_id, n, content, hash, created_at";

pub fn versions(store: &PgStore, firm_id: FirmId, id: u64) -> Result<Vec<Version>> {
    let rows = store.run(
        sqlx::query_as::<_, VersionRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {VERSION_COLUMNS} FROM decision_versions WHERE firm_id = $1 AND decision_id = $2 \
             ORDER BY n"
        )))
        .bind(firm_id.get() as i64)
        .bind(id as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows.into_iter().map(Version::from).collect())
}

pub fn find_in(tx: &mut PgTx, firm_id: FirmId, id: u64) -> Result<Option<Decision>> {
    let store = tx.store();
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    let row: Option<(Json<Decision>,)> = store.run(
        sqlx::query_as("SELECT body FROM decisions WHERE firm_id = $1 AND id = $2 FOR UPDATE")
            .bind(firm_id.get() as i64)
            .bind(id as i64)
            .fetch_optional(tx.conn()?),
    )?;
    Ok(row.map(|(Json(d),)| d))
}

pub fn open_in_category_in(
    tx: &mut PgTx,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    let store = tx.store();
    store.run(crate::platform::store::merged::refuse_in_pg(
        tx.conn()?,
        firm_id,
    ))?;
    store.run(
        sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind(DECISIONS_LOCK)
            .bind((firm_id.get() % (i32::MAX as u64)) as i32)
            .execute(tx.conn()?),
    )?;
    let id: Option<i64> = store.run(
        sqlx::query_scalar(
            "SELECT id FROM decisions WHERE firm_id = $1 AND category_id = $2 AND status = 'open' \
             ORDER BY id LIMIT 1",
        )
        .bind(firm_id.get() as i64)
        .bind(category_id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    Ok(id.map(|i| i as u64))
}

pub fn next_id_in(tx: &mut PgTx) -> Result<u64> {
    let store = tx.store();
    let id: i64 = store.run(
        sqlx::query_scalar("SELECT nextval(pg_get_serial_sequence('decisions', 'id'))")
            .fetch_one(tx.conn()?),
    )?;
    Ok(id as u64)
}

async fn put(conn: &mut sqlx::PgConnection, d: &Decision) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO decisions (id, firm_id, category_id, status, body) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (id) DO UPDATE SET firm_id = $2, category_id = $3, status = $4, body = $5",
    )
    .bind(d.id as i64)
    .bind(d.firm_id as i64)
    .bind(d.terms.category_id as i64)
    .bind(status(d))
    .bind(Json(d))
    .execute(conn)
    .await?;
    Ok(())
}

pub fn put_in(tx: &mut PgTx, d: &Decision) -> Result<()> {
    let store = tx.store();
    store.run(put(tx.conn()?, d))?;
    Ok(())
}

pub fn latest_in(tx: &mut PgTx, firm_id: FirmId, id: u64) -> Result<Option<Version>> {
    let store = tx.store();
    let row = store.run(
        sqlx::query_as::<_, VersionRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {VERSION_COLUMNS} FROM decision_versions WHERE firm_id = $1 AND decision_id = $2 \
             ORDER BY n DESC LIMIT 1"
        )))
        .bind(firm_id.get() as i64)
        .bind(id as i64)
        .fetch_optional(tx.conn()?),
    )?;
    Ok(row.map(Version::from))
}

async fn put_version(conn: &mut sqlx::PgConnection, v: &Version) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO decision_versions (firm_id, decision_id, n, content, hash, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(v.firm_id as i64)
    .bind(v.decision_id as i64)
    .bind(v.n as i32)
    .bind(&v.content)
    .bind(&v.hash)
    .bind(chrono::DateTime::from_timestamp(v.created_at, 0).unwrap_or_default())
    .execute(conn)
    .await?;
    Ok(())
}

pub fn add_version_in(tx: &mut PgTx, v: &Version) -> Result<()> {
    let store = tx.store();
    store.run(put_version(tx.conn()?, v))?;
    Ok(())
}

pub fn merge_firm_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<()> {
    let store = tx.store();
    let (into, from) = (into.get() as i64, from.get() as i64);
    store.run(async {
        let conn = tx.conn()?;
        let _: sqlx::postgres::PgQueryResult = sqlx::query(
            "UPDATE decisions SET firm_id = $1, body = jsonb_set(body, '{firm_id}', to_jsonb($1::bigint)) \
             WHERE firm_id = $2",
        )
        .bind(into)
        .bind(from)
        .execute(&mut *conn)
        .await?;
        let _: sqlx::postgres::PgQueryResult = sqlx::query("UPDATE decision_versions SET firm_id = $1 WHERE firm_id = $2")
            .bind(into)
            .bind(from)
            .execute(&mut *conn)
            .await?;
        Ok::<(), sqlx::Error>(())
    })?;
    Ok(())
}

/// Copies every decision and version of a redb file into PostgreSQL in one transaction, then
/// moves the id sequence past them.
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let decisions = super::file::load_all(from)?;
    let versions = super::file::all_versions(from)?;
    let mut tx = PgTx::begin(to)?;
    for d in &decisions {
        to.run(put(tx.conn()?, d))?;
    }
    for v in &versions {
        to.run(put_version(tx.conn()?, v))?;
    }
    to.run(
        sqlx::query(
            "SELECT setval(pg_get_serial_sequence('decisions', 'id'), \
             (SELECT COALESCE(MAX(id), 0) + 1 FROM decisions), false)",
        )
        .execute(tx.conn()?),
    )?;
    tx.commit()?;
    Ok(vec![
        to.counted("decisions", decisions.len() as u64)?,
        to.counted("decision_versions", versions.len() as u64)?,
    ])
}
