//! The application's state: every shared part, built once at start-up (startup.rs) and owned here.
//! Each domain declares the parts it needs as its own state type; the `FromRef` impls below hand
//! each one its parts, so a handler takes only what it uses and no domain knows this type.

use std::sync::{Arc, Mutex};

use axum::extract::FromRef;

use crate::accounts::password::HashingSlots;
use crate::accounts::{AccountsState, FirmChanged, RateLimiter, SessionCache};
use crate::bookings::SharedBookings;
use crate::catalog::SharedCatalog;
use crate::hub::Hub;
use crate::peers::Peers;
use crate::platform::config::Config;
use crate::platform::store::Store;

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub config: Arc<Config>,
    /// Categories, vendors and questionnaires, swapped whole after a vendor import.
    pub catalog: SharedCatalog,
    /// The demo-bookings indexes (real and sample rows), swapped whole after every change.
    pub bookings: SharedBookings,
    /// What other firms use and did, per firm size: the peer figures, kept current on write.
    pub peers: Peers,
    /// Whom a domain tells when what a firm adds to the figures across firms changed (its record,
    /// members, tech stack or demo outcomes): the peer figures, which recount it.
    pub firm_changed: FirmChanged,
    pub sessions: Arc<SessionCache>,
    pub limiter: Arc<RateLimiter>,
    /// Bounds how many password hashes run at once.
    pub hashing: HashingSlots,
    /// The one-time token the first (admin) sign-up must present when serving a network address.
    pub setup_token: Arc<Mutex<Option<String>>>,
    /// Hub mode (PostgreSQL): this node's place in the change log that keeps nodes in step.
    pub hub: Option<Arc<Hub>>,
}

impl AppState {
    /// A domain's state, for a caller that holds the whole app (the command line, tests,
    /// benches): `profile_for(&state.sub(), ..)`.
    pub fn sub<T: FromRef<AppState>>(&self) -> T {
        T::from_ref(self)
    }

    /// The state of the accounts domain, which every signed-in route's extractor reads.
    pub fn accounts(&self) -> AccountsState {
        AccountsState {
            store: self.store.clone(),
            config: self.config.clone(),
            sessions: self.sessions.clone(),
            limiter: self.limiter.clone(),
            hashing: self.hashing.clone(),
            setup_token: self.setup_token.clone(),
            firm_changed: self.firm_changed.clone(),
        }
    }
}

impl FromRef<AppState> for AccountsState {
    fn from_ref(app: &AppState) -> Self {
        app.accounts()
    }
}

/// A domain state made of parts of the same names as `AppState`'s.
macro_rules! parts {
    ($state:ty { $($part:ident),* }) => {
        impl FromRef<AppState> for $state {
            fn from_ref(app: &AppState) -> Self {
                Self { $($part: app.$part.clone(),)* }
            }
        }
    };
}

parts!(crate::catalog::CatalogState {
    store,
    config,
    catalog
});
parts!(crate::admin::VendorsState {
    store,
    catalog,
    bookings,
    peers
});
parts!(crate::bookings::BookingsState {
    store,
    config,
    catalog,
    bookings
});
impl FromRef<AppState> for crate::recommend::RecommendState {
    fn from_ref(app: &AppState) -> Self {
        crate::recommend::RecommendState {
            store: app.store.clone(),
            config: app.config.clone(),
            catalog: app.catalog.clone(),
            bookings: app.bookings.clone(),
            peers: app.peers.clone(),
            rejected: crate::recommend::RejectedOf::new(
                crate::shortlist::storage::rejected_vendors_in,
            ),
        }
    }
}
parts!(crate::shortlist::ShortlistState {
    store,
    config,
    catalog,
    firm_changed
});
parts!(crate::saved_views::ViewsState { store });
impl FromRef<AppState> for crate::vendor_accounts::VendorAccountsState {
    fn from_ref(app: &AppState) -> Self {
        crate::vendor_accounts::VendorAccountsState {
            accounts: app.accounts(),
            catalog: app.catalog.clone(),
        }
    }
}
impl FromRef<AppState> for crate::catalog_feed::FeedState {
    fn from_ref(app: &AppState) -> Self {
        crate::catalog_feed::FeedState {
            store: app.store.clone(),
            catalog: app.catalog.clone(),
            served_file: app.config.catalog_feed_file.clone().map(Arc::new),
            outbound: app.config.outbound(),
            data_dir: Arc::new(app.config.storage.data_dir.clone()),
        }
    }
}
impl FromRef<AppState> for crate::evaluations::EvaluationsState {
    fn from_ref(app: &AppState) -> Self {
        crate::evaluations::EvaluationsState {
            store: app.store.clone(),
            catalog: app.catalog.clone(),
            decisions: crate::evaluations::visibility::DecisionsOf::new(
                crate::decisions::record::category_decisions,
            ),
        }
    }
}
parts!(crate::mail::MailState { store, config });
parts!(crate::techstack::TechstackState {
    store,
    catalog,
    firm_changed
});
parts!(crate::decisions::DecisionsState {
    store,
    config,
    catalog,
    firm_changed
});
parts!(crate::techstack::RenewalsState {
    store,
    catalog,
    config
});

impl FromRef<AppState> for Peers {
    fn from_ref(app: &AppState) -> Self {
        app.peers.clone()
    }
}

impl FromRef<AppState> for crate::import::ImportState {
    fn from_ref(app: &AppState) -> Self {
        crate::import::ImportState {
            bookings: FromRef::from_ref(app),
            catalog: FromRef::from_ref(app),
        }
    }
}

/// The extractors of who is asking find sessions in the accounts.
impl FromRef<AppState> for crate::platform::caller::Sessions {
    fn from_ref(app: &AppState) -> Self {
        crate::platform::caller::Sessions(Arc::new(app.accounts()))
    }
}
