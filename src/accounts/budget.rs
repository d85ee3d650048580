//! Write budgets: every state-changing /api request (any method but GET, HEAD and OPTIONS) spends
//! from the budget of its session and of its client address, so one member or one machine cannot
//! flood the server with writes (a probe posted ~435k meeting clicks in 3 minutes). A person never
//! meets them: a session may make 600 changes a minute and a client address (an office behind one
//! address, or the test suites, which run everything from 127.0.0.1) 3,000, where the busiest
//! person, or test, makes a few a second.
//!
//! Budgets are GCRA (the `governor` crate): a full budget is a burst of a minute's worth, refilled
//! evenly, with no timers. They live in each node's memory: in hub mode every node keeps its own,
//! so a client spread over N nodes gets at most N times the budget, which still stops a flood.
//! Memory stays bounded: keys whose budget is full again are swept every `SWEEP_EVERY` writes, and
//! past `MAX_KEYS` the budgets start over.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use arc_swap::ArcSwap;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{Quota, RateLimiter};

use super::client_ip::ClientIp;
use super::sessions::{COOKIE, TokenHash, hash_token};
use crate::platform::error::AppError;

/// Changes one session may make in a minute.
pub const SESSION_PER_MINUTE: u32 = 600;
/// Changes one client address may make in a minute, all its sessions (and none) together.
pub const CLIENT_PER_MINUTE: u32 = 3_000;
/// Keys of either kind kept before the budgets start over.
const MAX_KEYS: usize = 200_000;
/// Writes between two sweeps of keys whose budget is full again.
const SWEEP_EVERY: u64 = 4_096;

type Limiter<K, C> = RateLimiter<K, DashMapStateStore<K>, C, NoOpMiddleware<<C as Clock>::Instant>>;

/// The budgets of one node, keyed by the SHA-256 of the session token (never the token) and by
/// the client address as the sign-in limiter derives it.
pub struct WriteBudgets<C: Clock + Clone = DefaultClock> {
    sessions: ArcSwap<Limiter<TokenHash, C>>,
    clients: ArcSwap<Limiter<String, C>>,
    clock: C,
    writes: AtomicU64,
}

impl WriteBudgets {
    pub fn shared() -> Arc<WriteBudgets> {
        Arc::new(WriteBudgets::with_clock(DefaultClock::default()))
    }
}

impl<C: Clock + Clone> WriteBudgets<C> {
    pub fn with_clock(clock: C) -> WriteBudgets<C> {
        WriteBudgets {
            sessions: ArcSwap::from_pointee(limiter(SESSION_PER_MINUTE, &clock)),
            clients: ArcSwap::from_pointee(limiter(CLIENT_PER_MINUTE, &clock)),
            clock,
            writes: AtomicU64::new(0),
        }
    }

    /// Spends one change from the session's budget, then from the client's; a refusal names the
    /// wait. A session over budget spends nothing of its client's, so it cannot use up the
    /// budget of the other people behind the same address.
    pub fn spend(&self, session: Option<&TokenHash>, client: &str) -> Result<(), Duration> {
        if self.writes.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.sweep();
        }
        let now = self.clock.now();
        if let Some(session) = session {
            self.sessions
                .load()
                .check_key(session)
                .map_err(|not_until| not_until.wait_time_from(now))?;
        }
        self.clients
            .load()
            .check_key(&client.to_string())
            .map_err(|not_until| not_until.wait_time_from(now))
    }

    /// Drops keys whose budget is full again; starts over when a flood of keys outgrew the cap.
    fn sweep(&self) {
        let sessions = self.sessions.load();
        sessions.retain_recent();
        sessions.shrink_to_fit();
        if sessions.len() > MAX_KEYS {
            tracing::warn!(keys = sessions.len(), "session write budgets start over");
            self.sessions
                .store(Arc::new(limiter(SESSION_PER_MINUTE, &self.clock)));
        }
        let clients = self.clients.load();
        clients.retain_recent();
        clients.shrink_to_fit();
        if clients.len() > MAX_KEYS {
            tracing::warn!(keys = clients.len(), "client write budgets start over");
            self.clients
                .store(Arc::new(limiter(CLIENT_PER_MINUTE, &self.clock)));
        }
    }

    #[cfg(test)]
    fn keys(&self) -> usize {
        self.sessions.load().len() + self.clients.load().len()
    }
}

fn limiter<K, C>(per_minute: u32, clock: &C) -> Limiter<K, C>
where
    K: std::hash::Hash + Eq + Clone,
    C: Clock + Clone,
{
    let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
    RateLimiter::new(
        Quota::per_minute(per_minute),
        DashMapStateStore::default(),
        clock.clone(),
    )
}

/// What a person is told when over budget.
pub fn too_many_changes(wait: Duration) -> AppError {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let secs = secs.max(1);
    AppError::TooManyRequests {
        message: format!(
            "Too many changes in a short time. Wait {secs} second{} and try again.",
            if secs == 1 { "" } else { "s" }
        ),
        retry_after_secs: secs,
    }
}

/// Middleware over /api: spends a write's budget, or answers 429 with `Retry-After`.
pub async fn limit_writes(
    State(budgets): State<Arc<WriteBudgets>>,
    ClientIp(client): ClientIp,
    req: Request,
    next: Next,
) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    // Only a well-formed token names a session; others are refused later and spend only from
    // their client's budget.
    let session = CookieJar::from_headers(req.headers())
        .get(COOKIE)
        .map(|c| c.value().to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(|t| hash_token(&t));
    match budgets.spend(session.as_ref(), &client) {
        Ok(()) => next.run(req).await,
        Err(wait) => {
            tracing::warn!(target: "security", client = %client, "write budget used up");
            too_many_changes(wait).into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    #[test]
    fn a_session_over_budget_waits_and_leaves_its_clients_budget_alone() {
        let clock = FakeRelativeClock::default();
        let budgets = WriteBudgets::with_clock(clock.clone());
        let flooder = [1u8; 32];
        for _ in 0..SESSION_PER_MINUTE {
            budgets.spend(Some(&flooder), "10.0.0.1").unwrap();
        }
        let wait = budgets.spend(Some(&flooder), "10.0.0.1").unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_millis(100),
            "{wait:?}"
        );
        // Refused writes cost the address nothing: a colleague behind it still has the rest.
        for _ in 0..1_000 {
            let _ = budgets.spend(Some(&flooder), "10.0.0.1");
        }
        // Four colleagues behind the same address use up the rest of its budget, and no more.
        for i in 0..(CLIENT_PER_MINUTE - SESSION_PER_MINUTE) {
            let colleague = [10 + (i % 4) as u8; 32];
            assert!(
                budgets.spend(Some(&colleague), "10.0.0.1").is_ok(),
                "write {i}"
            );
        }
        assert!(budgets.spend(Some(&[20; 32]), "10.0.0.1").is_err());
        // The budget refills evenly: a tenth of a second later one more change is allowed.
        clock.advance(Duration::from_millis(100));
        budgets.spend(Some(&flooder), "10.0.0.2").unwrap();
    }

    #[test]
    fn a_client_over_budget_is_refused_whatever_the_session() {
        let budgets = WriteBudgets::with_clock(FakeRelativeClock::default());
        for i in 0..CLIENT_PER_MINUTE {
            let session = [(i % 200) as u8; 32];
            budgets.spend(Some(&session), "10.0.0.1").unwrap();
        }
        assert!(budgets.spend(None, "10.0.0.1").is_err());
        assert!(budgets.spend(Some(&[7; 32]), "10.0.0.1").is_err());
        assert!(budgets.spend(None, "10.0.0.2").is_ok());
    }

    #[test]
    fn keys_whose_budget_is_full_again_are_swept() {
        let clock = FakeRelativeClock::default();
        let budgets = WriteBudgets::with_clock(clock.clone());
        for i in 0..1_000u32 {
            let mut session = [0u8; 32];
            session[..4].copy_from_slice(&i.to_le_bytes());
            budgets
                .spend(Some(&session), &format!("10.0.{}.{}", i / 250, i % 250))
                .unwrap();
        }
        assert_eq!(budgets.keys(), 2_000);
        clock.advance(Duration::from_secs(61));
        budgets.sweep();
        assert_eq!(budgets.keys(), 0);
    }

    #[test]
    fn the_message_says_how_long_to_wait() {
        let err = too_many_changes(Duration::from_millis(1_200));
        assert_eq!(
            err.to_string(),
            "Too many changes in a short time. Wait 2 seconds and try again."
        );
        assert!(matches!(
            too_many_changes(Duration::ZERO),
            AppError::TooManyRequests {
                retry_after_secs: 1,
                ..
            }
        ));
    }
}
