//! The sign-in and sign-up throttling windows in either backend: in this process's memory
//! (`RateLimiter`) beside the redb file, which one process owns; in the `rate_limits` table in
//! hub mode, counted across all nodes (`rate_limits.rs`).

use std::time::Duration;

use super::rate_limits as postgres;
use crate::accounts::windows::{RateLimiter, Scope, Tag, TaggedWindow, refuse_for};
use crate::platform::error::Result;
use crate::platform::store::Store;

/// Counts one event under `key`; refuses (429) once `limit` events fall in the current window.
pub fn hit(
    store: &Store,
    memory: &RateLimiter,
    key: &str,
    (limit, window): (u32, Duration),
    tag: Option<Tag>,
) -> Result<()> {
    match store {
        Store::File(_) => memory.hit(key, limit, window, tag),
        Store::Postgres(db) => refuse_for(postgres::rate_limit_hit(
            db,
            key,
            limit,
            window.as_secs_f64(),
            tag.map(|t| (t.user_id, t.scope.as_str())),
        )?),
    }
}

/// The tagged windows younger than `window`.
pub fn tagged(store: &Store, memory: &RateLimiter, window: Duration) -> Result<Vec<TaggedWindow>> {
    match store {
        Store::File(_) => Ok(memory.tagged(window)),
        Store::Postgres(db) => Ok(postgres::rate_limit_tagged(db, window.as_secs_f64())?
            .into_iter()
            .filter_map(|(user_id, scope, count, left)| {
                Some(TaggedWindow {
                    tag: Tag {
                        user_id,
                        scope: Scope::parse(&scope)?,
                    },
                    count,
                    left: Duration::try_from_secs_f64(left).unwrap_or_default(),
                })
            })
            .collect()),
    }
}

/// Drops every window counting against `user_id`'s account.
pub fn reset_user(store: &Store, memory: &RateLimiter, user_id: u64) -> Result<()> {
    match store {
        Store::File(_) => {
            memory.reset_user(user_id);
            Ok(())
        }
        Store::Postgres(db) => postgres::rate_limit_reset_user(db, user_id),
    }
}

/// Refuses (429) without counting when `key` has used up its window.
pub fn check(
    store: &Store,
    memory: &RateLimiter,
    key: &str,
    (limit, window): (u32, Duration),
) -> Result<()> {
    match store {
        Store::File(_) => memory.check(key, limit, window),
        Store::Postgres(db) => refuse_for(postgres::rate_limit_check(
            db,
            key,
            limit,
            window.as_secs_f64(),
        )?),
    }
}

/// Drops the window of `key`.
pub fn reset(store: &Store, memory: &RateLimiter, key: &str) -> Result<()> {
    match store {
        Store::File(_) => {
            memory.reset(key);
            Ok(())
        }
        Store::Postgres(db) => postgres::rate_limit_reset(db, key),
    }
}

/// Drops windows older than `longest`.
pub fn sweep(store: &Store, memory: &RateLimiter, longest: Duration) -> Result<()> {
    match store {
        Store::File(_) => {
            memory.sweep(longest);
            Ok(())
        }
        Store::Postgres(db) => postgres::rate_limit_sweep(db, longest.as_secs_f64()),
    }
}
