//! Saved views of /trends: a firm keeps named query strings of the screen (its filters as the
//! address holds them) and opens them from the screen's "Saved views" menu. A domain of its own,
//! not part of `bookings/`: a view is the firm's data (firm-keyed, merged with the firm, written
//! by members and refused to viewers), while `bookings/` holds no firm data at all; it needs only
//! the store and the accounts (the audit log), so it sits just above `accounts/`.

pub mod model;
mod routes;
pub mod storage;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use model::{MAX_VIEWS, SavedView};

/// What the saved views need: the store.
#[derive(Clone)]
pub struct ViewsState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
}

/// The saved views' routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    ViewsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::list_views, routes::create_view))
        .routes(routes!(routes::delete_view))
}
