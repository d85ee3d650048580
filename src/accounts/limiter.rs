//! Fixed windows of counted events (sign-in failures, sign-up attempts), by name. Windows expire on
//! their own, so nobody is shut out for good. The policies that use them are in `lockout.rs`
//! (sign-in) and `routes.rs` (sign-up).
//!
//! On redb the windows live in this process's memory (`RateLimiter`, in `windows.rs` with the
//! windows' types); in hub mode they are counted in the database (`rate_limits`), so all nodes
//! together allow what one node allows.
//! A window that counts sign-in failures against an existing account carries a `Tag` (the
//! account's id and the scope), so the operator can list locked accounts and unlock them.

use std::time::Duration;

use super::AccountsState;
use super::storage::windows;
pub use super::windows::{RateLimiter, Scope, Tag, TaggedWindow, minutes};
use crate::platform::blocking::Blocking;
use crate::platform::error::{AppError, Result};

/// Runs limiter work from an async handler: at once on redb (the windows are in memory), on a
/// blocking thread in hub mode (it waits for the database).
pub async fn from_handler<T: Send + 'static>(
    state: &AccountsState,
    work: impl FnOnce(&AccountsState) -> Result<T> + Send + 'static,
) -> Result<T> {
    if state.store.is_hub() {
        state.blocking(work).await
    } else {
        work(state)
    }
}

/// Counts one event under `key`; refuses (429) once `limit` events fall in the current window.
pub fn hit(app: &AccountsState, key: &str, limit: u32, window: Duration) -> Result<()> {
    hit_tagged(app, key, limit, window, None)
}

/// `hit`, marking the window as counting against an account (`tag`).
pub fn hit_tagged(
    app: &AccountsState,
    key: &str,
    limit: u32,
    window: Duration,
    tag: Option<Tag>,
) -> Result<()> {
    windows::hit(&app.store, &app.limiter, key, (limit, window), tag)
}

/// The tagged windows younger than `window`, on either backend.
pub fn tagged(app: &AccountsState, window: Duration) -> Result<Vec<TaggedWindow>> {
    windows::tagged(&app.store, &app.limiter, window)
}

/// Drops every window counting against `user_id`'s account.
pub fn reset_user(app: &AccountsState, user_id: u64) -> Result<()> {
    windows::reset_user(&app.store, &app.limiter, user_id)
}

/// Refuses (429) without counting when `key` has used up its window.
pub fn check(app: &AccountsState, key: &str, limit: u32, window: Duration) -> Result<()> {
    windows::check(&app.store, &app.limiter, key, (limit, window))
}

pub fn reset(app: &AccountsState, key: &str) -> Result<()> {
    windows::reset(&app.store, &app.limiter, key)
}

/// Drops windows older than `longest`.
pub fn sweep(app: &AccountsState, longest: Duration) -> Result<()> {
    windows::sweep(&app.store, &app.limiter, longest)
}

/// A refusal of `counted` told with `message(wait)` instead; other outcomes unchanged.
pub fn reworded(counted: Result<()>, message: impl FnOnce(&str) -> String) -> Result<()> {
    match counted {
        Err(AppError::TooManyRequests {
            retry_after_secs, ..
        }) => Err(AppError::TooManyRequests {
            message: message(&minutes(retry_after_secs)),
            retry_after_secs,
        }),
        other => other,
    }
}
