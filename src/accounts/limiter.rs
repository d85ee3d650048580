//! Sign-in throttling: a fixed window of failures per client address and per account. Successful
//! sign-ins are not counted, so a busy office behind one address is never throttled for signing
//! in. Windows expire on their own, so the real user is never locked out for good.
//!
//! On redb the windows live in this process's memory (`RateLimiter`); in hub mode they are
//! counted in the database (`rate_limits`), so all nodes together allow what one node allows.

use std::time::{Duration, Instant};

use dashmap::DashMap;

use super::storage::postgres;
use crate::error::{AppError, Result};
use crate::state::{App, AppState};
use crate::store::Store;

pub const CLIENT_FAILURES: u32 = 30;
pub const CLIENT_WINDOW: Duration = Duration::from_secs(10 * 60);
pub const ACCOUNT_FAILURES: u32 = 10;
pub const ACCOUNT_WINDOW: Duration = Duration::from_secs(15 * 60);

struct Window {
    started: Instant,
    count: u32,
}

#[derive(Default)]
pub struct RateLimiter {
    windows: DashMap<String, Window>,
}

impl RateLimiter {
    /// Counts one event under `key`; refuses once `limit` events fall in the current window.
    pub fn hit(&self, key: &str, limit: u32, window: Duration) -> Result<(), AppError> {
        let now = Instant::now();
        let mut w = self.windows.entry(key.to_string()).or_insert(Window {
            started: now,
            count: 0,
        });
        if now.duration_since(w.started) >= window {
            *w = Window {
                started: now,
                count: 0,
            };
        }
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
    state: &AppState,
    work: impl FnOnce(&App) -> Result<T> + Send + 'static,
) -> Result<T> {
    match &state.store {
        Store::File(_) => work(state),
        Store::Postgres(_) => state.blocking(work).await,
    }
}

/// Counts one event under `key`; refuses (429) once `limit` events fall in the current window.
pub fn hit(app: &App, key: &str, limit: u32, window: Duration) -> Result<()> {
    match &app.store {
        Store::File(_) => app.limiter.hit(key, limit, window),
        Store::Postgres(db) => refuse_for(postgres::rate_limit_hit(
            db,
            key,
            limit,
            window.as_secs_f64(),
        )?),
    }
}

/// Refuses (429) without counting when `key` has used up its window.
pub fn check(app: &App, key: &str, limit: u32, window: Duration) -> Result<()> {
    match &app.store {
        Store::File(_) => app.limiter.check(key, limit, window),
        Store::Postgres(db) => refuse_for(postgres::rate_limit_check(
            db,
            key,
            limit,
            window.as_secs_f64(),
        )?),
    }
}

pub fn reset(app: &App, key: &str) -> Result<()> {
    match &app.store {
        Store::File(_) => {
            app.limiter.reset(key);
            Ok(())
        }
        Store::Postgres(db) => postgres::rate_limit_reset(db, key),
    }
}

/// Drops windows older than `longest`.
pub fn sweep(app: &App, longest: Duration) -> Result<()> {
    match &app.store {
        Store::File(_) => {
            app.limiter.sweep(longest);
            Ok(())
        }
        Store::Postgres(db) => postgres::rate_limit_sweep(db, longest.as_secs_f64()),
    }
}

/// The database's answer (the seconds left in a used-up window) as the same 429 as in memory.
fn refuse_for(seconds_left: Option<f64>) -> Result<()> {
    match seconds_left {
        Some(left) => Err(too_many(
            Duration::try_from_secs_f64(left).unwrap_or_default(),
        )),
        None => Ok(()),
    }
}

fn too_many(wait: Duration) -> AppError {
    let secs = wait.as_secs().max(1);
    let minutes = secs.div_ceil(60);
    AppError::TooManyRequests {
        message: format!(
            "Too many sign-in attempts. Please wait {minutes} minute{} and try again.",
            if minutes == 1 { "" } else { "s" }
        ),
        retry_after_secs: secs,
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
            limiter.hit("k", 3, window).unwrap();
        }
        assert!(matches!(
            limiter.hit("k", 3, window),
            Err(AppError::TooManyRequests { .. })
        ));
        std::thread::sleep(Duration::from_millis(60));
        limiter.hit("k", 3, window).unwrap();
    }
}
