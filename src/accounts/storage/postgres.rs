//! Accounts in PostgreSQL (migrations/postgres/0002_accounts.sql): `users`, `sessions`,
//! the first-launch setup token in `settings` (the throttling windows are in `rate_limits.rs`).
//!
//! What redb's single writer gave, with many nodes writing at once:
//! - one account per email: the unique `email_key`, checked under the sign-up lock and enforced
//!   by the index for every write (a violation is the same 409);
//! - exactly one first admin: `SIGN_UP_LOCK` (`pg_advisory_xact_lock`) makes "is there any
//!   account yet", the setup-token check and the insert one step across nodes;
//! - ids never reused: the identity of `users`;
//! - every write that makes another node's cached user or session stale records
//!   `Change::User` in its own transaction, last.

use chrono::{DateTime, Utc};
use sqlx::postgres::PgRow;
use sqlx::{PgConnection, Row};

use super::{EMAIL_TAKEN, NewUser};
use crate::accounts::model::{Email, Session, User};
use crate::accounts::sessions::TokenHash;
use crate::error::{AppError, Result, conflict};
use crate::state::now_secs;
use crate::store::PgStore;
use crate::store::postgres::changes::{self, Change};
use crate::store::postgres::{code, from_code};

/// Serialises sign-ups (and the creation of the setup token) across nodes.
const SIGN_UP_LOCK: i64 = 0x4c69_7473_0002;
/// The `settings` key of the first-launch setup token.
const SETUP_TOKEN: &str = "setup_token";

/// `SELECT` of every user column, then `$rest` (a literal: the SQL stays a static string).
macro_rules! select_users {
    ($rest:literal) => {
        concat!(
            "SELECT id, name, email, law_firm, firm_size, password_hash, is_admin, created_at \
             FROM users ",
            $rest
        )
    };
}

pub(super) fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

fn user_from(row: &PgRow) -> Result<User> {
    let firm_size: Option<String> = row.try_get("firm_size")?;
    Ok(User {
        id: row.try_get::<i64, _>("id")? as u64,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        law_firm: row.try_get("law_firm")?,
        firm_size: firm_size.map(from_code).transpose()?,
        password_hash: row.try_get("password_hash")?,
        is_admin: row.try_get("is_admin")?,
        created_at: row.try_get::<DateTime<Utc>, _>("created_at")?.timestamp(),
    })
}

/// A unique violation (another account took the email meanwhile) is the same 409 as the check.
fn email_taken_on_conflict(e: sqlx::Error) -> AppError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => conflict(EMAIL_TAKEN),
        _ => e.into(),
    }
}

async fn lock_sign_ups(tx: &mut PgConnection) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(SIGN_UP_LOCK)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn any_user(tx: &mut PgConnection) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users)")
        .fetch_one(&mut *tx)
        .await
}

async fn insert_session(tx: &mut PgConnection, hash: &TokenHash, user_id: u64) -> Result<()> {
    let now = at(now_secs());
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES ($1, $2, $3, $3)",
    )
    .bind(hash.as_slice())
    .bind(user_id as i64)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

pub fn create_user(
    store: &PgStore,
    new: NewUser,
    session: &TokenHash,
    admit_first: impl FnOnce(Option<String>) -> Result<()>,
) -> Result<User> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        lock_sign_ups(&mut tx).await?;
        let is_admin = !any_user(&mut tx).await?;
        if is_admin {
            let token: Option<String> =
                sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
                    .bind(SETUP_TOKEN)
                    .fetch_optional(&mut *tx)
                    .await?;
            admit_first(token)?;
            // Claimed: no node accepts the token again.
            sqlx::query("DELETE FROM settings WHERE key = $1")
                .bind(SETUP_TOKEN)
                .execute(&mut *tx)
                .await?;
        }
        // Checked before the insert so that a refused sign-up takes no id, as on redb.
        let taken: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE email_key = $1)")
                .bind(new.email.key())
                .fetch_one(&mut *tx)
                .await?;
        if taken {
            return Err(conflict(EMAIL_TAKEN));
        }
        let created_at = now_secs();
        let firm_size = new.firm_size.as_ref().map(code).transpose()?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO users (name, email, email_key, law_firm, firm_size, password_hash, \
             is_admin, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(&new.name)
        .bind(new.email.as_str())
        .bind(new.email.key())
        .bind(&new.law_firm)
        .bind(firm_size)
        .bind(&new.password_hash)
        .bind(is_admin)
        .bind(at(created_at))
        .fetch_one(&mut *tx)
        .await
        .map_err(email_taken_on_conflict)?;
        insert_session(&mut tx, session, id as u64).await?;
        // A new account is in no node's session cache, but it counts in its firm's size on every
        // node's peer figures.
        changes::record(&mut tx, Change::Peers { user_id: id as u64 }).await?;
        tx.commit().await?;
        Ok(User {
            id: id as u64,
            name: new.name,
            email: new.email.as_str().to_string(),
            law_firm: new.law_firm,
            firm_size: new.firm_size,
            password_hash: new.password_hash,
            is_admin,
            created_at,
        })
    })
}

pub fn find_user(store: &PgStore, id: u64) -> Result<Option<User>> {
    let row = store.run(
        sqlx::query(select_users!("WHERE id = $1"))
            .bind(id as i64)
            .fetch_optional(store.pool()),
    )?;
    row.as_ref().map(user_from).transpose()
}

pub fn find_user_by_email(store: &PgStore, email: &Email) -> Result<Option<User>> {
    let row = store.run(
        sqlx::query(select_users!("WHERE email_key = $1"))
            .bind(email.key())
            .fetch_optional(store.pool()),
    )?;
    row.as_ref().map(user_from).transpose()
}

pub fn all_users(store: &PgStore) -> Result<Vec<User>> {
    let rows = store.run(sqlx::query(select_users!("ORDER BY id")).fetch_all(store.pool()))?;
    rows.iter().map(user_from).collect()
}

pub fn has_users(store: &PgStore) -> Result<bool> {
    Ok(store
        .run(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users)").fetch_one(store.pool()))?)
}

/// Writes every column of `user` but its email key (set only by an email change).
async fn update_user(tx: &mut PgConnection, user: &User) -> Result<()> {
    let firm_size = user.firm_size.as_ref().map(code).transpose()?;
    sqlx::query(
        "UPDATE users SET name = $2, email = $3, law_firm = $4, firm_size = $5, \
         password_hash = $6, is_admin = $7 WHERE id = $1",
    )
    .bind(user.id as i64)
    .bind(&user.name)
    .bind(&user.email)
    .bind(&user.law_firm)
    .bind(firm_size)
    .bind(&user.password_hash)
    .bind(user.is_admin)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

async fn revoke_other_sessions(
    tx: &mut PgConnection,
    user_id: u64,
    keep: &TokenHash,
) -> sqlx::Result<usize> {
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user_id as i64)
        .bind(keep.as_slice())
        .execute(&mut *tx)
        .await?;
    Ok(done.rows_affected() as usize)
}

pub fn save_user(store: &PgStore, user: &User) -> Result<()> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        update_user(&mut tx, user).await?;
        changes::record(&mut tx, Change::User { user_id: user.id }).await?;
        tx.commit().await?;
        Ok(())
    })
}

pub fn save_password(store: &PgStore, user: &User, keep: &TokenHash) -> Result<usize> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        update_user(&mut tx, user).await?;
        let ended = revoke_other_sessions(&mut tx, user.id, keep).await?;
        changes::record(&mut tx, Change::User { user_id: user.id }).await?;
        tx.commit().await?;
        Ok(ended)
    })
}

pub fn save_new_email(
    store: &PgStore,
    user: &User,
    new_email: &Email,
    keep: &TokenHash,
) -> Result<()> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        // The unique index on `email_key` refuses an email another account holds, even one taken
        // by a sign-up committing at the same moment; a change of case keeps the same key.
        sqlx::query("UPDATE users SET email_key = $2 WHERE id = $1")
            .bind(user.id as i64)
            .bind(new_email.key())
            .execute(&mut *tx)
            .await
            .map_err(email_taken_on_conflict)?;
        update_user(&mut tx, user).await?;
        revoke_other_sessions(&mut tx, user.id, keep).await?;
        changes::record(&mut tx, Change::User { user_id: user.id }).await?;
        tx.commit().await?;
        Ok(())
    })
}

/// Deletes the session `hash`; returns whose it was.
async fn remove_session(tx: &mut PgConnection, hash: &TokenHash) -> sqlx::Result<Option<u64>> {
    let owner: Option<i64> =
        sqlx::query_scalar("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
            .bind(hash.as_slice())
            .fetch_optional(&mut *tx)
            .await?;
    Ok(owner.map(|id| id as u64))
}

pub fn rotate_session(
    store: &PgStore,
    previous: Option<&TokenHash>,
    hash: &TokenHash,
    user_id: u64,
) -> Result<()> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        let ended = match previous {
            Some(old) => remove_session(&mut tx, old).await?,
            None => None,
        };
        insert_session(&mut tx, hash, user_id).await?;
        // Only the ended session can be cached elsewhere; the new one is in no node's memory.
        if let Some(owner) = ended {
            changes::record(&mut tx, Change::User { user_id: owner }).await?;
        }
        tx.commit().await?;
        Ok(())
    })
}

pub fn find_session(store: &PgStore, hash: &TokenHash) -> Result<Option<Session>> {
    let row = store.run(
        sqlx::query("SELECT user_id, created_at, last_seen FROM sessions WHERE token_hash = $1")
            .bind(hash.as_slice())
            .fetch_optional(store.pool()),
    )?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Session {
        user_id: row.try_get::<i64, _>("user_id")? as u64,
        created_at: row.try_get::<DateTime<Utc>, _>("created_at")?.timestamp(),
        last_seen: row.try_get::<DateTime<Utc>, _>("last_seen")?.timestamp(),
    }))
}

pub fn delete_session(store: &PgStore, hash: &TokenHash) -> Result<()> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        if let Some(owner) = remove_session(&mut tx, hash).await? {
            changes::record(&mut tx, Change::User { user_id: owner }).await?;
        }
        tx.commit().await?;
        Ok(())
    })
}

/// Records no change: `last_seen` moves forward only (two nodes may touch one session), and a
/// node whose cached copy looks idle reads the row again before ending it (sessions.rs).
pub fn touch_session(store: &PgStore, hash: &TokenHash, session: &Session) -> Result<bool> {
    let done = store.run(
        sqlx::query(
            "UPDATE sessions SET last_seen = GREATEST(last_seen, $2) WHERE token_hash = $1",
        )
        .bind(hash.as_slice())
        .bind(at(session.last_seen))
        .execute(store.pool()),
    )?;
    Ok(done.rows_affected() > 0)
}

/// Stores `candidate` as the install's setup token unless an account exists already, or another
/// node stored one first; returns the token every node must accept (`None` once claimed).
/// Stored as the token itself, not a hash: every node prints it at start, and whoever can read
/// `settings` can write `users` anyway. It is deleted by the sign-up that claims it.
pub fn share_setup_token(store: &PgStore, candidate: &str) -> Result<Option<String>> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        // Under the sign-up lock: a token is never created after the first account.
        lock_sign_ups(&mut tx).await?;
        if any_user(&mut tx).await? {
            return Ok(None);
        }
        sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(SETUP_TOKEN)
            .bind(candidate)
            .execute(&mut *tx)
            .await?;
        let token: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
            .bind(SETUP_TOKEN)
            .fetch_optional(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(token)
    })
}
