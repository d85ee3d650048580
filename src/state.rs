//! The shared application state every handler receives. It is built at start-up (startup.rs).

use std::ops::Deref;
use std::sync::Arc;

use arc_swap::ArcSwap;

use crate::accounts::{RateLimiter, SessionCache};
use crate::catalog::Catalog;
use crate::config::Config;
use crate::store::Store;

pub struct App {
    pub store: Store,
    pub config: Config,
    /// Categories, vendors and questionnaires, swapped whole after a vendor import.
    pub catalog: ArcSwap<Catalog>,
    pub sessions: SessionCache,
    pub limiter: RateLimiter,
    /// Bounds how many password hashes run at once.
    pub hashing: crate::accounts::password::HashingSlots,
    /// The one-time token the first (admin) sign-up must present when serving a network address.
    pub setup_token: std::sync::Mutex<Option<String>>,
    /// The demo-bookings indexes (real and sample rows), swapped whole after every change.
    pub bookings: ArcSwap<crate::bookings::BookingSets>,
    /// What other firms use and did, per firm size: the peer figures, kept current on write.
    pub peers: crate::techstack::peers::PeerFigures,
    /// Hub mode (PostgreSQL): this node's place in the change log that keeps nodes in step.
    pub hub: Option<crate::hub::Hub>,
}

#[derive(Clone)]
pub struct AppState(pub Arc<App>);

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

impl AppState {
    /// Runs blocking work (argon2, redb writes, CSV parsing) off the async runtime.
    pub async fn blocking<T, F>(&self, f: F) -> crate::error::Result<T>
    where
        F: FnOnce(&App) -> crate::error::Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let app = self.0.clone();
        tokio::task::spawn_blocking(move || f(&app)).await?
    }
}

pub fn now_secs() -> i64 {
    chrono::Utc::now().timestamp()
}
