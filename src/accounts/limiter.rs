//! Fixed windows of counted events (sign-in failures, sign-up attempts), by name. Windows expire on
//! their own, so nobody is shut out for good. The policies that use them are in `lockout.rs`
//! (sign-in) and `routes.rs` (sign-up).
//!
//! On redb the windows live in this process's memory (`RateLimiter`); in hub mode they are
//! counted in the database (`rate_limits`), so all nodes together allow what one node allows.
//! A window that counts sign-in failures against an existing account carries a `Tag` (the
//! account's id and the scope), so the operator can list locked accounts and unlock them.

use std::time::{Duration, Instant};

use dashmap::DashMap;

use super::AccountsState;
use super::storage::windows;
use crate::blocking::Blocking;
use crate::error::{AppError, Result};

/// Which sign-in failures a window counts for an existing account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One client's failures for the account.
    Pair,
    /// Every client's failures for the account.
    Account,
}

impl Scope {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Scope::Pair => "pair",
            Scope::Account => "account",
        }
    }

    pub(super) fn parse(s: &str) -> Option<Scope> {
        match s {
            "pair" => Some(Scope::Pair),
            "account" => Some(Scope::Account),
            _ => None,
        }
    }
}

/// The account a window counts failures against, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    pub user_id: u64,
    pub scope: Scope,
}

/// A tagged window still running: its count and the time left in it.
#[derive(Debug, Clone, Copy)]
pub struct TaggedWindow {
    pub tag: Tag,
    pub count: u32,
    pub left: Duration,
}

struct Window {
    started: Instant,
    count: u32,
    tag: Option<Tag>,
}

#[derive(Default)]
pub struct RateLimiter {
    windows: DashMap<String, Window>,
}

impl RateLimiter {
    /// Counts one event under `key`; refuses once `limit` events fall in the current window.
    pub fn hit(
        &self,
        key: &str,
        limit: u32,
        window: Duration,
        tag: Option<Tag>,
    ) -> Result<(), AppError> {
        let now = Instant::now();
        let mut w = self.windows.entry(key.to_string()).or_insert(Window {
            started: now,
            count: 0,
            tag,
        });
        if now.duration_since(w.started) >= window {
            *w = Window {
                started: now,
                count: 0,
                tag,
            };
        }
        w.tag = tag.or(w.tag);
        if w.count >= limit {
            return Err(too_many(
                window.saturating_sub(now.duration_since(w.started)),
            ));
        }
        w.count += 1;
        Ok(())
    }

    /// Refuses without counting when `key` has used up its window.
    pub fn check(&self, key: &str, limit: u32, window: Duration) -> Result<(), AppError> {
        let now = Instant::now();
        if let Some(w) = self.windows.get(key) {
            let elapsed = now.duration_since(w.started);
            if elapsed < window && w.count >= limit {
                return Err(too_many(window.saturating_sub(elapsed)));
            }
        }
        Ok(())
    }

    pub fn reset(&self, key: &str) {
        self.windows.remove(key);
    }

    /// The tagged windows younger than `window`.
    pub fn tagged(&self, window: Duration) -> Vec<TaggedWindow> {
        let now = Instant::now();
        self.windows
            .iter()
            .filter_map(|w| {
                let elapsed = now.duration_since(w.started);
                (elapsed < window).then_some(())?;
                Some(TaggedWindow {
                    tag: w.tag?,
                    count: w.count,
                    left: window - elapsed,
                })
            })
            .collect()
    }

    /// Drops every window tagged with `user_id`.
    pub fn reset_user(&self, user_id: u64) {
        self.windows
            .retain(|_, w| w.tag.is_none_or(|t| t.user_id != user_id));
    }

    /// Drops expired windows so the map cannot grow without bound.
    pub fn sweep(&self, longest: Duration) {
        let now = Instant::now();
        self.windows
            .retain(|_, w| now.duration_since(w.started) < longest);
    }
}

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

/// The database's answer (the seconds left in a used-up window) as the same 429 as in memory.
pub(super) fn refuse_for(seconds_left: Option<f64>) -> Result<()> {
    match seconds_left {
        Some(left) => Err(too_many(
            Duration::try_from_secs_f64(left).unwrap_or_default(),
        )),
        None => Ok(()),
    }
}

fn too_many(wait: Duration) -> AppError {
    let secs = wait.as_secs().max(1);
    AppError::TooManyRequests {
        message: format!(
            "Too many sign-in attempts. Please wait {} and try again.",
            minutes(secs)
        ),
        retry_after_secs: secs,
    }
}

/// "N minute(s)", rounded up, for a wait of `secs` seconds.
pub fn minutes(secs: u64) -> String {
    let minutes = secs.div_ceil(60).max(1);
    format!("{minutes} minute{}", if minutes == 1 { "" } else { "s" })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_refuses_past_its_limit_and_reopens_after_it() {
        let limiter = RateLimiter::default();
        let window = Duration::from_millis(50);
        for _ in 0..3 {
            limiter.hit("k", 3, window, None).unwrap();
        }
        assert!(matches!(
            limiter.hit("k", 3, window, None),
            Err(AppError::TooManyRequests { .. })
        ));
        std::thread::sleep(Duration::from_millis(60));
        limiter.hit("k", 3, window, None).unwrap();
    }

    #[test]
    fn tagged_windows_are_listed_and_reset_by_account() {
        let limiter = RateLimiter::default();
        let window = Duration::from_secs(60);
        let pair = Tag {
            user_id: 7,
            scope: Scope::Pair,
        };
        limiter.hit("pair:a|1", 10, window, Some(pair)).unwrap();
        limiter.hit("pair:a|1", 10, window, None).unwrap();
        limiter.hit("ip:1", 10, window, None).unwrap();
        let listed = limiter.tagged(window);
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0].tag, listed[0].count), (pair, 2));
        limiter.reset_user(8);
        assert_eq!(limiter.tagged(window).len(), 1);
        limiter.reset_user(7);
        assert!(limiter.tagged(window).is_empty());
        assert!(limiter.windows.contains_key("ip:1"), "other windows stay");
    }
}
