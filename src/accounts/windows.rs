//! The rate limiter's windows as values: which account a window counts against (`Tag`), a
//! running window as a list shows it, and the windows of this process's memory (`RateLimiter`),
//! which redb installs count in. `limiter.rs` chooses between them and the database's windows
//! (`storage/windows.rs`), which count in these types too, so this file calls no storage.

use std::time::{Duration, Instant};

use dashmap::DashMap;

use crate::platform::error::{AppError, Result};

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
