//! The outbox in PostgreSQL (migrations/postgres/0020_outbox.sql). Claims take due rows with `FOR UPDATE SKIP LOCKED`, so two nodes
//! never take the same message while its claim holds.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::Outcome;
use crate::mail::model::{CLAIM_SECS, Letter, MessageKind, Queued, Status};
use crate::platform::error::{AppError, Result};
use crate::platform::store::PgStore;

fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

#[derive(sqlx::FromRow)]
struct OutboxRow {
    id: i64,
    kind: String,
    firm_id: Option<i64>,
    recipient: String,
    subject: String,
    body_text: Option<String>,
    body_html: Option<String>,
    message_id: String,
    status: String,
    attempts: i32,
    created_at: DateTime<Utc>,
    next_attempt_at: DateTime<Utc>,
    claimed_until: Option<DateTime<Utc>>,
    last_answer: Option<String>,
    sent_at: Option<DateTime<Utc>>,
}

impl TryFrom<OutboxRow> for Queued {
    type Error = AppError;

    fn try_from(r: OutboxRow) -> Result<Queued> {
        let bad = |what: &str, value: &str| {
            AppError::Internal(anyhow::anyhow!(
                "outbox row {}: unknown {what} {value:?}",
                r.id
            ))
        };
        Ok(Queued {
            id: r.id as u64,
            kind: MessageKind::from_code(&r.kind).ok_or_else(|| bad("kind", &r.kind))?,
            firm_id: r.firm_id.map(|f| f as u64),
            to: r.recipient.clone(),
            subject: r.subject.clone(),
            text: r.body_text.clone(),
            html: r.body_html.clone(),
            message_id: r.message_id.clone(),
            status: Status::from_code(&r.status).ok_or_else(|| bad("status", &r.status))?,
            attempts: r.attempts.max(0) as u32,
            created_at: r.created_at.timestamp(),
            next_attempt_at: r.next_attempt_at.timestamp(),
            claimed_until: r.claimed_until.map(|t| t.timestamp()),
            last_answer: r.last_answer.clone(),
            sent_at: r.sent_at.map(|t| t.timestamp()),
        })
    }
}

const COLUMNS: &str = "id, kind, firm_id, recipient, subject, body_text, body_html, message_id, \
    status, attempts, created_at, next_attempt_at, claimed_until, last_answer, sent_at";

/// Inserts `q` (with its own id when `keep_id`: the export) and answers the id.
pub(super) async fn put(conn: &mut PgConnection, q: &Queued, keep_id: bool) -> sqlx::Result<u64> {
    const FIELDS: &str = "kind, firm_id, recipient, subject, body_text, body_html, message_id, \
        status, attempts, created_at, next_attempt_at, claimed_until, last_answer, sent_at";
    let sql = if keep_id {
        format!(
            "INSERT INTO outbox (id, {FIELDS}) VALUES \
             ($15, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id"
        )
    } else {
        format!(
            "INSERT INTO outbox ({FIELDS}) VALUES \
             ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id"
        )
    };
    let query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
        .bind(q.kind.code())
        .bind(q.firm_id.map(|f| f as i64))
        .bind(&q.to)
        .bind(&q.subject)
        .bind(&q.text)
        .bind(&q.html)
        .bind(&q.message_id)
        .bind(q.status.code())
        .bind(q.attempts as i32)
        .bind(at(q.created_at))
        .bind(at(q.next_attempt_at))
        .bind(q.claimed_until.map(at))
        .bind(&q.last_answer)
        .bind(q.sent_at.map(at));
    let query = if keep_id {
        query.bind(q.id as i64)
    } else {
        query
    };
    Ok(query.fetch_one(conn).await? as u64)
}

/// Queues `letter` inside the cause's transaction.
pub async fn enqueue_in(
    conn: &mut PgConnection,
    letter: &Letter,
    message_id: String,
    now: i64,
) -> sqlx::Result<u64> {
    put(conn, &Queued::new(0, letter, message_id, now), false).await
}

pub fn claim_due(db: &PgStore, now: i64, limit: usize) -> Result<Vec<Queued>> {
    let rows = db.run(
        sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(format!(
            "UPDATE outbox SET claimed_until = $2 WHERE id IN (\
               SELECT id FROM outbox WHERE status = 'queued' AND next_attempt_at <= $1 \
               AND (claimed_until IS NULL OR claimed_until <= $1) \
               ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) \
             RETURNING {COLUMNS}"
        )))
        .bind(at(now))
        .bind(at(now + CLAIM_SECS))
        .bind(limit as i64)
        .fetch_all(db.pool()),
    )?;
    let mut out: Vec<Queued> = rows
        .into_iter()
        .map(Queued::try_from)
        .collect::<Result<_>>()?;
    out.sort_by_key(|q| (q.next_attempt_at, q.id));
    Ok(out)
}

async fn write(conn: &mut PgConnection, q: &Queued) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET status = $2, attempts = $3, next_attempt_at = $4, claimed_until = $5, \
         last_answer = $6, sent_at = $7, body_text = $8, body_html = $9 WHERE id = $1",
    )
    .bind(q.id as i64)
    .bind(q.status.code())
    .bind(q.attempts as i32)
    .bind(at(q.next_attempt_at))
    .bind(q.claimed_until.map(at))
    .bind(&q.last_answer)
    .bind(q.sent_at.map(at))
    .bind(&q.text)
    .bind(&q.html)
    .execute(conn)
    .await?;
    Ok(())
}

async fn locked(conn: &mut PgConnection, id: u64) -> Result<Option<Queued>> {
    let row = sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM outbox WHERE id = $1 FOR UPDATE"
    )))
    .bind(id as i64)
    .fetch_optional(conn)
    .await?;
    row.map(Queued::try_from).transpose()
}

pub fn finish(db: &PgStore, id: u64, outcome: &Outcome, now: i64) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        if let Some(mut q) = locked(&mut tx, id).await? {
            outcome.apply(&mut q, now);
            write(&mut tx, &q).await?;
        }
        tx.commit().await?;
        Ok(())
    })
}

pub fn change(
    db: &PgStore,
    id: u64,
    change: impl FnOnce(&mut Queued) -> Result<()>,
) -> Result<Option<Queued>> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        let Some(mut q) = locked(&mut tx, id).await? else {
            return Ok(None);
        };
        change(&mut q)?;
        write(&mut tx, &q).await?;
        tx.commit().await?;
        Ok(Some(q))
    })
}

pub fn recent(db: &PgStore, limit: usize) -> Result<Vec<Queued>> {
    let rows = db.run(
        sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM outbox ORDER BY id DESC LIMIT $1"
        )))
        .bind(limit as i64)
        .fetch_all(db.pool()),
    )?;
    rows.into_iter().map(Queued::try_from).collect()
}

pub async fn set_unsubscribe(conn: &mut PgConnection, id: u64, url: &str) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO outbox_unsubscribe (outbox_id, url) VALUES ($1, $2)")
        .bind(id as i64)
        .bind(url)
        .execute(conn)
        .await?;
    Ok(())
}

pub fn unsubscribe_url(db: &PgStore, id: u64) -> Result<Option<String>> {
    Ok(db.run(
        sqlx::query_scalar("SELECT url FROM outbox_unsubscribe WHERE outbox_id = $1")
            .bind(id as i64)
            .fetch_optional(db.pool()),
    )?)
}
