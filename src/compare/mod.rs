//! Side-by-side comparison of 2 to 4 vendors (`GET /api/compare?ids=1,2,3`): one column per
//! vendor with the catalog facts, the firm's own context (tools in its tech stack, its latest
//! match score) and evidence from other firms, which rows differ, and a summary line per vendor
//! naming what sets it apart.
//!
//! Invariants: every count about other firms or bookings goes through the one privacy rule
//! (`peers::shown`), so a count under 5, 0 included, is never published; sample
//! bookings are never evidence; every summary sentence is built from the same data the columns
//! show.

pub mod ids;
pub mod model;
mod routes;
pub mod summary;
pub mod table;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use ids::VendorIds;
pub use model::Comparison;
pub use table::compare;

use crate::recommend::RecommendState;

/// The comparison route: its path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    RecommendState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(routes::get_comparison))
}
