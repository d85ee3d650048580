//! Accounts in PostgreSQL (migrations/postgres/0002_accounts.sql): `users`, and the
//! first-launch setup token in `settings` (the throttling windows are in `rate_limits.rs`; the
//! firms and the sessions are on the seam, `firms.rs` and `sessions.rs`).
//!
//! What redb's single writer gave, with many nodes writing at once:
//! - one account per email: the unique `email_key`, checked under the sign-up lock and enforced
//!   by the index for every write (a violation is the same 409);
//! - exactly one first admin: `SIGN_UP_LOCK` (`pg_advisory_xact_lock`) makes "is there any
//!   account yet", the setup-token check and the insert one step across nodes;
//! - ids never reused: the identity of `users`;
//! - every write that makes another node's cached user or session stale records
//!   `Change::User` in its own transaction, last.

use crate::platform::firm_id::FirmId;
use sqlx::PgConnection;

use super::{EMAIL_TAKEN, SignUp};
use crate::accounts::model::{Email, Firm, FirmRole, User};
use crate::platform::error::{AppError, Result, conflict};
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::{PgStore, PgTx};

pub(super) mod rows;
use rows::{UserRow, at};

use super::SIGN_UP_LOCK;
/// The `settings` key of the first-launch setup token.
const SETUP_TOKEN: &str = "setup_token";

/// `SELECT` of every user column with its firm's record as the seam keeps it (`firms::FIRMS`),
/// then `$rest` (a literal: the SQL stays a static string). Users are `u`, firms `f`.
macro_rules! select_users {
    ($rest:literal) => {
        concat!(
            "SELECT u.id, u.name, u.email, u.firm_role, u.password_hash, u.is_admin, \
             u.created_at, u.firm_id, f.value AS firm \
             FROM users u JOIN firms f ON f.id = u.firm_id ",
            $rest
        )
    };
}

/// A unique violation (another account took the email meanwhile) is the same 409 as the check.
fn email_taken_on_conflict(e: sqlx::Error) -> AppError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => conflict(EMAIL_TAKEN),
        _ => e.into(),
    }
}

pub(super) async fn lock_sign_ups(tx: &mut PgConnection) -> sqlx::Result<()> {
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

/// Whether an account holds `email`, inside `tx`.
pub(super) fn email_taken_in(tx: &mut PgTx, email: &Email) -> Result<bool> {
    let store = tx.store();
    Ok(store.run(
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE email_key = $1)")
            .bind(email.key())
            .fetch_one(tx.conn()?),
    )?)
}

/// Takes the sign-up lock inside `tx` and answers whether the sign-up makes the install's first
/// account (its admin, whom `admit_first` may refuse given the setup token the database holds;
/// the token is claimed then, so no node accepts it again).
pub(super) fn open_sign_up(
    tx: &mut PgTx,
    admit_first: impl FnOnce(Option<String>) -> Result<()>,
) -> Result<bool> {
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        lock_sign_ups(&mut *conn).await?;
        let is_admin = !any_user(&mut *conn).await?;
        if is_admin {
            let token: Option<String> =
                sqlx::query_scalar("SELECT value #>> '{}' FROM settings WHERE key = $1")
                    .bind(SETUP_TOKEN)
                    .fetch_optional(&mut *conn)
                    .await?;
            admit_first(token)?;
            sqlx::query("DELETE FROM settings WHERE key = $1")
                .bind(SETUP_TOKEN)
                .execute(&mut *conn)
                .await?;
        }
        Ok(is_admin)
    })
}

/// Writes the sign-up's account, a member of `firm` as `firm_role`, under the sign-up lock
/// `open_sign_up` took (the email checked already: `email_taken_in`).
pub(super) fn add_account(
    tx: &mut PgTx,
    new: SignUp,
    firm: Firm,
    firm_role: FirmRole,
) -> Result<User> {
    let store = tx.store();
    let conn = tx.conn()?;
    let id: i64 = store
        .run(
            sqlx::query_scalar(
                "INSERT INTO users (name, email, email_key, firm_id, firm_role, password_hash, \
                 is_admin, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(&new.name)
            .bind(new.email.as_str())
            .bind(new.email.key())
            .bind(firm.id.get() as i64)
            .bind(firm_role.code())
            .bind(&new.password_hash)
            .bind(new.is_admin)
            .bind(at(new.created_at))
            .fetch_one(&mut *conn),
        )
        .map_err(email_taken_on_conflict)?;
    Ok(new.into_user(id as u64, firm, firm_role))
}

/// The account `id` with its firm, read inside `tx`.
async fn user_by_id_in(tx: &mut PgConnection, id: u64) -> Result<Option<User>> {
    let row = sqlx::query_as::<_, UserRow>(select_users!("WHERE u.id = $1 FOR UPDATE OF u"))
        .bind(id as i64)
        .fetch_optional(&mut *tx)
        .await?;
    row.map(User::try_from).transpose()
}

pub fn find_user(store: &PgStore, id: u64) -> Result<Option<User>> {
    let row = store.run(
        sqlx::query_as::<_, UserRow>(select_users!("WHERE u.id = $1"))
            .bind(id as i64)
            .fetch_optional(store.pool()),
    )?;
    row.map(User::try_from).transpose()
}

pub fn find_user_by_email(store: &PgStore, email: &Email) -> Result<Option<User>> {
    let row = store.run(
        sqlx::query_as::<_, UserRow>(select_users!("WHERE u.email_key = $1"))
            .bind(email.key())
            .fetch_optional(store.pool()),
    )?;
    row.map(User::try_from).transpose()
}

pub fn all_users(store: &PgStore) -> Result<Vec<User>> {
    let rows = store.run(
        sqlx::query_as::<_, UserRow>(select_users!("ORDER BY u.id")).fetch_all(store.pool()),
    )?;
    rows.into_iter().map(User::try_from).collect()
}

pub fn has_users(store: &PgStore) -> Result<bool> {
    Ok(store
        .run(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users)").fetch_one(store.pool()))?)
}

/// Writes every column of `user` but its email key (set only by an email change), while its
/// firm's row is here, key-shared to the commit. An account read before its firm was merged away
/// (a request begun before the merge) names a firm that no longer exists: refused, so no account
/// is ever left without its firm, as on redb (`file::put_user`).
async fn update_user_in(tx: &mut PgConnection, user: &User) -> Result<()> {
    let done = sqlx::query(
        "WITH firm AS (SELECT 1 FROM firms WHERE id = $4 FOR KEY SHARE) \
         UPDATE users SET name = $2, email = $3, firm_id = $4, firm_role = $5, \
         password_hash = $6, is_admin = $7 WHERE id = $1 AND EXISTS (SELECT 1 FROM firm)",
    )
    .bind(user.id as i64)
    .bind(&user.name)
    .bind(&user.email)
    .bind(user.firm.id.get() as i64)
    .bind(user.firm_role.code())
    .bind(&user.password_hash)
    .bind(user.is_admin)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        // The account is gone (nothing to write, as before), or its firm is.
        let firm_here: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM firms WHERE id = $1)")
                .bind(user.firm.id.get() as i64)
                .fetch_one(&mut *tx)
                .await?;
        if !firm_here {
            return Err(conflict(crate::platform::store::merged::MERGED));
        }
    }
    Ok(())
}

/// The account `id` under its row lock, its firm's row held, inside `tx`: a reset link's use
/// takes it before it reads the link, so two uses of one link at once go one after the other
/// and the second finds it used.
pub fn hold_account(tx: &mut PgTx, id: u64) -> Result<Option<User>> {
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        hold_firm_of_account(&mut *conn, id).await?;
        sqlx::query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE")
            .bind(id as i64)
            .execute(&mut *conn)
            .await?;
        user_by_id_in(&mut *conn, id).await
    })
}

/// Whether the account `id` is here, inside `tx`, its firm's row and its own key-shared to the
/// end: a sign-in's new session then lands before the account's removal or its firm's deletion
/// (which wait for it and take the session too), or finds the account gone.
pub fn hold_account_key(tx: &mut PgTx, id: u64) -> Result<bool> {
    let store = tx.store();
    let conn = tx.conn()?;
    Ok(store
        .run(async {
            hold_firm_of_account(&mut *conn, id).await?;
            sqlx::query("SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE")
                .bind(id as i64)
                .fetch_optional(&mut *conn)
                .await
        })?
        .is_some())
}

/// Saves `user` inside `tx`, whose account `hold_account` holds already (a reset link's use).
pub fn put_user_in(tx: &mut PgTx, user: &User) -> Result<()> {
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(update_user_in(&mut *conn, user))?;
    tx.record_change(Change::User { user_id: user.id });
    Ok(())
}

/// Saves a user's record whose email is unchanged in `tx`, under its firm's row lock; the change
/// is recorded for the other nodes when `tx` commits.
pub fn save_user_in(tx: &mut PgTx, user: &User) -> Result<()> {
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        hold_firm_of_account(&mut *conn, user.id).await?;
        update_user_in(&mut *conn, user).await
    })?;
    tx.record_change(Change::User { user_id: user.id });
    Ok(())
}

/// Saves `user` with its new email in `tx`, under its firm's row lock. A new email that another
/// account holds is a 409.
pub fn save_new_email_in(tx: &mut PgTx, user: &User, new_email: &Email) -> Result<()> {
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        hold_firm_of_account(&mut *conn, user.id).await?;
        // The unique index on `email_key` refuses an email another account holds, even one taken
        // by a sign-up committing at the same moment; a change of case keeps the same key.
        sqlx::query("UPDATE users SET email_key = $2 WHERE id = $1")
            .bind(user.id as i64)
            .bind(new_email.key())
            .execute(&mut *conn)
            .await
            .map_err(email_taken_on_conflict)?;
        update_user_in(&mut *conn, user).await
    })?;
    tx.record_change(Change::User { user_id: user.id });
    Ok(())
}

/// Key-shares the row of the firm of account `user_id`: the first statement of a write of the
/// account's own rows (its sessions and their devices, its settings, its reset links, its
/// removal). A deletion or a merge of the firm locks that row first, `FOR UPDATE`, then purges or
/// moves the account's rows; such a write then runs wholly before or after it. Taking the account's rows first instead, a sign-in
/// over its old session (the session, then its device by cascade) and the deletion's purge (the
/// devices, then the sessions) waited on each other until PostgreSQL failed one.
pub(super) async fn hold_firm_of_account(tx: &mut PgConnection, user_id: u64) -> sqlx::Result<()> {
    sqlx::query(
        "SELECT 1 FROM firms WHERE id = (SELECT firm_id FROM users WHERE id = $1) FOR KEY SHARE",
    )
    .bind(user_id as i64)
    .execute(&mut *tx)
    .await?;
    Ok(())
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
        sqlx::query("INSERT INTO settings (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT DO NOTHING")
            .bind(SETUP_TOKEN)
            .bind(candidate)
            .execute(&mut *tx)
            .await?;
        let token: Option<String> = sqlx::query_scalar("SELECT value #>> '{}' FROM settings WHERE key = $1")
            .bind(SETUP_TOKEN)
            .fetch_optional(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(token)
    })
}

pub fn firm_members(store: &PgStore, firm_id: FirmId) -> Result<Vec<User>> {
    let rows = store.run(
        sqlx::query_as::<_, UserRow>(select_users!("WHERE u.firm_id = $1 ORDER BY u.id"))
            .bind(firm_id.get() as i64)
            .fetch_all(store.pool()),
    )?;
    rows.into_iter().map(User::try_from).collect()
}

/// Deletes the account in `tx`; its sessions go after it, on the seam (`sessions::end_others_in`).
pub fn remove_user_in(tx: &mut PgTx, user: &User) -> Result<()> {
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        hold_firm_of_account(&mut *conn, user.id).await?;
        // Then the account's row, as its other writers take it (a reset link's use, a sign-in,
        // a new password), before the rows that name the account: its sessions and reset links
        // go after, on the seam (`sessions::end_others_in`, `links::reset::forget_in`).
        sqlx::query("DELETE FROM users WHERE id = $1")
            .bind(user.id as i64)
            .execute(&mut *conn)
            .await?;
        Ok::<_, AppError>(())
    })?;
    tx.record_change(Change::User { user_id: user.id });
    Ok(())
}

/// The ids of the firm's members inside `tx`, by id.
pub(super) fn member_ids_in(tx: &mut PgTx, firm_id: FirmId) -> Result<Vec<u64>> {
    let store = tx.store();
    let ids: Vec<i64> = store.run(
        sqlx::query_scalar("SELECT id FROM users WHERE firm_id = $1 ORDER BY id")
            .bind(firm_id.get() as i64)
            .fetch_all(tx.conn()?),
    )?;
    Ok(ids.into_iter().map(|id| id as u64).collect())
}

/// Moves firm `from`'s members (roles kept) to firm `into` inside `tx`, whose merge holds both
/// firms' rows; answers their ids.
pub(super) fn move_members_in(tx: &mut PgTx, into: FirmId, from: FirmId) -> Result<Vec<u64>> {
    let store = tx.store();
    let mut moved: Vec<i64> = store.run(
        sqlx::query_scalar("UPDATE users SET firm_id = $1 WHERE firm_id = $2 RETURNING id")
            .bind(into.get() as i64)
            .bind(from.get() as i64)
            .fetch_all(tx.conn()?),
    )?;
    moved.sort_unstable();
    Ok(moved.into_iter().map(|id| id as u64).collect())
}
