//! Vendor profiles: everything Litstack knows about one vendor (`GET /api/vendors/{id}`) and the
//! booking evidence behind it (`GET /api/vendors/{id}/evidence`).
//!
//! Invariants: inactive vendors are answered too (`isActive: false`), an unknown id is a 404;
//! the evidence counts real bookings only and every count about other firms goes through the one
//! privacy rule, `techstack::peers::shown` (under 5, 0 included, is "fewer than 5"), breakdowns
//! through `suppress` (no total minus parts reveals a hidden count); the history is the signed-in
//! user's own.

pub mod alternatives;
pub mod evidence;
pub mod model;
pub mod profile;
mod routes;
pub mod suppress;

use axum::Router;
use axum::routing::get;

pub use evidence::vendor_evidence;
pub use profile::profile_for;

use crate::state::AppState;

/// The vendor-profile operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(paths(routes::get_vendor_profile, routes::get_evidence))]
pub struct VendorProfileApi;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/vendors/{id}", get(routes::get_vendor_profile))
        .route("/vendors/{id}/evidence", get(routes::get_evidence))
}
