//! The shared application state every handler receives.

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
    /// Opens the store, seeds what a first launch needs and loads the in-memory views.
    pub fn open(config: Config) -> anyhow::Result<AppState> {
        let store = Store::open(&config.data_dir)?;
        crate::catalog::seed(&store)?;
        let catalog = Catalog::load(&store)?;
        let bookings = crate::bookings::load(&store, &config.data_dir)?;
        let state = AppState(Arc::new(App {
            store,
            config,
            catalog: ArcSwap::from_pointee(catalog),
            sessions: SessionCache::default(),
            limiter: RateLimiter::default(),
            hashing: Default::default(),
            setup_token: std::sync::Mutex::new(None),
            bookings: ArcSwap::from_pointee(bookings),
        }));
        if state.config.sample_data {
            crate::bookings::seed_sample(&state)?;
        }
        Ok(state)
    }

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
