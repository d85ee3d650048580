//! Vendor profiles: everything Litstack knows about one vendor (`GET /api/vendors/{id}`) and the
//! booking evidence behind it (`GET /api/vendors/{id}/evidence`).
//!
//! Invariants: inactive vendors are answered too (`isActive: false`), an unknown id is a 404;
//! the evidence counts real bookings only and every count about other firms goes through the one
//! privacy rule, `peers::shown` (under 5, 0 included, is "fewer than 5"), breakdowns
//! through `suppress` (no total minus parts reveals a hidden count); the history is the signed-in
//! user's own.

pub mod alternatives;
pub mod evidence;
pub mod model;
pub mod price_snapshot;
pub mod prices;
pub mod profile;
mod routes;
pub mod suppress;
pub mod views;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use evidence::vendor_evidence;
pub use profile::profile_for;

use crate::recommend::RecommendState;

/// The vendor-profile routes: each one's path and method are in its handler's
/// `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    RecommendState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_vendor_profile))
        .routes(routes!(routes::get_evidence))
}
