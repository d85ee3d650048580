//! The accounts' one hub-only write: the first-launch setup token every node shares, in
//! `settings` (the redb file's lives in memory). The accounts themselves are on the seam
//! (`users.rs`, `firms.rs`, `sessions.rs`); the throttling windows are in `rate_limits.rs`.

use crate::platform::error::Result;
use crate::platform::store::PgStore;

use super::{SETUP_TOKEN, SIGN_UP_LOCK};

/// Stores `candidate` as the install's setup token unless an account exists already, or another
/// node stored one first; returns the token every node must accept (`None` once claimed).
/// Stored as the token itself, not a hash: every node prints it at start, and whoever can read
/// `settings` can write `users` anyway. It is deleted by the sign-up that claims it.
pub fn share_setup_token(store: &PgStore, candidate: &str) -> Result<Option<String>> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        // Under the sign-up lock: a token is never created after the first account.
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(SIGN_UP_LOCK)
            .execute(&mut *tx)
            .await?;
        let any_user: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users)")
            .fetch_one(&mut *tx)
            .await?;
        if any_user {
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
