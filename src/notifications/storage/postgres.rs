//! Notices, preferences and the unsubscribe secret in PostgreSQL
//! (migrations/postgres/0023_notifications.sql; the secret is the `settings` row
//! `unsubscribe_secret`, hex).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::{Delivery, SECRET_KEY, new_secret, unsubscribe_url};
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::notifications::model::{KEEP_PER_PERSON, NoticeKind, Pref, Stored};
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::{PgStore, merged};

fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

#[derive(sqlx::FromRow)]
struct NoticeRow {
    user_id: i64,
    id: i64,
    kind: String,
    firm_id: i64,
    title: String,
    body: String,
    link: String,
    created_at: DateTime<Utc>,
    read: bool,
}

impl TryFrom<NoticeRow> for (u64, Stored) {
    type Error = AppError;

    fn try_from(r: NoticeRow) -> Result<(u64, Stored)> {
        let kind = NoticeKind::from_code(&r.kind).ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!(
                "notice {}: unknown kind {:?}",
                r.id,
                r.kind
            ))
        })?;
        Ok((
            r.user_id as u64,
            Stored {
                id: r.id as u64,
                kind,
                firm_id: r.firm_id as u64,
                title: r.title,
                body: r.body,
                link: r.link,
                created_at: r.created_at.timestamp(),
                read: r.read,
            },
        ))
    }
}

const COLUMNS: &str = "user_id, id, kind, firm_id, title, body, link, created_at, read";

async fn pref_in(conn: &mut PgConnection, user_id: u64, kind: NoticeKind) -> sqlx::Result<Pref> {
    let row: Option<(bool, bool)> =
        sqlx::query_as("SELECT email, in_app FROM notice_prefs WHERE user_id = $1 AND kind = $2")
            .bind(user_id as i64)
            .bind(kind.code())
            .fetch_optional(conn)
            .await?;
    Ok(row
        .map(|(email, in_app)| Pref { email, in_app })
        .unwrap_or_default())
}

/// The install's unsubscribe secret, created on first use (the first INSERT wins on a hub).
pub async fn secret_in(conn: &mut PgConnection) -> Result<Vec<u8>> {
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(SECRET_KEY)
        .bind(hex::encode(new_secret()))
        .execute(&mut *conn)
        .await?;
    let value: String = sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
        .bind(SECRET_KEY)
        .fetch_one(&mut *conn)
        .await?;
    hex::decode(value).map_err(|e| AppError::Internal(e.into()))
}

pub fn secret(db: &PgStore) -> Result<Vec<u8>> {
    db.run(async {
        let mut conn = db.pool().acquire().await?;
        secret_in(&mut conn).await
    })
}

/// `super::resolve_in` on PostgreSQL.
pub async fn resolve_in(
    conn: &mut PgConnection,
    users: &[u64],
    kind: NoticeKind,
    link: &str,
    body: &str,
) -> Result<()> {
    let users: Vec<i64> = users.iter().map(|u| *u as i64).collect();
    sqlx::query(
        "UPDATE notices SET read = true, body = $4 \
         WHERE user_id = ANY($1) AND kind = $2 AND link = $3",
    )
    .bind(&users)
    .bind(kind.code())
    .bind(link)
    .bind(body)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes `d` in the cause's transaction, as its person's preferences say.
pub async fn deliver_in(conn: &mut PgConnection, d: &Delivery) -> Result<()> {
    let n = &d.notice;
    let pref = pref_in(&mut *conn, n.user_id, n.kind).await?;
    if pref.in_app {
        sqlx::query(
            "INSERT INTO notices (user_id, kind, firm_id, title, body, link, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(n.user_id as i64)
        .bind(n.kind.code())
        .bind(n.firm_id as i64)
        .bind(&n.title)
        .bind(&n.body)
        .bind(&n.link)
        .bind(at(n.created_at))
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "DELETE FROM notices WHERE user_id = $1 AND id NOT IN (\
               SELECT id FROM notices WHERE user_id = $1 ORDER BY id DESC LIMIT $2)",
        )
        .bind(n.user_id as i64)
        .bind(KEEP_PER_PERSON as i64)
        .execute(&mut *conn)
        .await?;
    }
    if pref.mails(n.kind)
        && let Some(base) = d.base.as_deref()
        && let Some(settings) = mail_storage::settings_in_pg(&mut *conn).await?
    {
        let out = Outgoing::new(&settings, d.letter.clone());
        let id = mail_storage::enqueue_pg(&mut *conn, &out, n.created_at).await?;
        if !n.kind.always_mailed() {
            let secret = secret_in(&mut *conn).await?;
            let url = unsubscribe_url(base, &secret, n.user_id, n.kind, n.created_at);
            mail_storage::set_unsubscribe_pg(&mut *conn, id, &url).await?;
        }
    }
    Ok(())
}

pub fn list(db: &PgStore, user_id: u64, limit: usize) -> Result<(usize, Vec<Stored>)> {
    db.run(async {
        let unread: i64 =
            sqlx::query_scalar("SELECT count(*) FROM notices WHERE user_id = $1 AND NOT read")
                .bind(user_id as i64)
                .fetch_one(db.pool())
                .await?;
        let rows = sqlx::query_as::<_, NoticeRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM notices WHERE user_id = $1 ORDER BY id DESC LIMIT $2"
        )))
        .bind(user_id as i64)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(db.pool())
        .await?;
        let items = rows
            .into_iter()
            .map(|r| <(u64, Stored)>::try_from(r).map(|(_, s)| s))
            .collect::<Result<Vec<_>>>()?;
        Ok((unread.max(0) as usize, items))
    })
}

/// Takes the firm's row first (`merged::refuse_in_pg`): a firm's deletion takes it before it
/// deletes the notices, so the two never hold some of the same rows each.
pub fn mark_read(db: &PgStore, firm: FirmId, user_id: u64, ids: Option<&[u64]>) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        merged::refuse_in_pg(&mut tx, firm).await?;
        match ids {
            Some(ids) => {
                let ids: Vec<i64> = ids.iter().map(|i| *i as i64).collect();
                sqlx::query("UPDATE notices SET read = true WHERE user_id = $1 AND id = ANY($2)")
                    .bind(user_id as i64)
                    .bind(ids)
                    .execute(&mut *tx)
                    .await?;
            }
            None => {
                sqlx::query("UPDATE notices SET read = true WHERE user_id = $1 AND NOT read")
                    .bind(user_id as i64)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    })
}

pub fn prefs(db: &PgStore, user_id: u64) -> Result<HashMap<NoticeKind, Pref>> {
    let rows: Vec<(String, bool, bool)> = db.run(
        sqlx::query_as("SELECT kind, email, in_app FROM notice_prefs WHERE user_id = $1")
            .bind(user_id as i64)
            .fetch_all(db.pool()),
    )?;
    Ok(rows
        .into_iter()
        .filter_map(|(kind, email, in_app)| {
            NoticeKind::from_code(&kind).map(|k| (k, Pref { email, in_app }))
        })
        .collect())
}

pub async fn put_pref(
    conn: &mut PgConnection,
    user_id: u64,
    kind: NoticeKind,
    pref: Pref,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO notice_prefs (user_id, kind, email, in_app) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, kind) DO UPDATE SET email = EXCLUDED.email, in_app = EXCLUDED.in_app",
    )
    .bind(user_id as i64)
    .bind(kind.code())
    .bind(pref.email)
    .bind(pref.in_app)
    .execute(conn)
    .await?;
    Ok(())
}

pub fn set_prefs(
    db: &PgStore,
    firm: FirmId,
    user_id: u64,
    prefs: &[(NoticeKind, Pref)],
) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        merged::refuse_in_pg(&mut tx, firm).await?;
        for (kind, pref) in prefs {
            put_pref(&mut tx, user_id, *kind, *pref).await?;
        }
        tx.commit().await?;
        Ok(())
    })
}

/// Inserts an exported notice with its id.
/// Inserts `s` as a notice of `user_id`: with its own id when `keep_id` (the copy into an empty
/// database), else the database's next (a firm's import).
pub async fn put_notice(
    conn: &mut PgConnection,
    user_id: u64,
    s: &Stored,
    keep_id: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO notices (user_id, id, kind, firm_id, title, body, link, created_at, read) \
         VALUES ($1, COALESCE($2, nextval(pg_get_serial_sequence('notices', 'id'))), $3, $4, \
         $5, $6, $7, $8, $9)",
    )
    .bind(user_id as i64)
    .bind(keep_id.then_some(s.id as i64))
    .bind(s.kind.code())
    .bind(s.firm_id as i64)
    .bind(&s.title)
    .bind(&s.body)
    .bind(&s.link)
    .bind(at(s.created_at))
    .bind(s.read)
    .execute(conn)
    .await?;
    Ok(())
}
