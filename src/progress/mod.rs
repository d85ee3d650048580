//! The firm's progress through the litigation stages (`GET /api/recommendations/overview`): each
//! category's status from what the firm has decided, in one place. It reads the picks and
//! questionnaires (`recommend`), the shortlist, the evaluations, the decisions and the tech stack
//! (through the coverage map of `peers`, which also says how firms of the same size compare), so
//! it sits above all of them, under `admin/` and `firms/`, and nothing below imports it.
//!
//! The rules (DESIGN, "Where we go further than the spec"): Completed when the firm has a tool for
//! the category in its tech stack or a final decision in it; In Progress with picks, a
//! questionnaire answered, shortlist entries, an evaluation or an open decision in it; Not
//! Started with none of these. "X of 9 stages completed" counts Completed stages only.

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod model;
mod routes;
pub mod status;

/// The progress route: its path and method are in its handler's `#[utoipa::path]`. It reads with
/// the recommendations' state, which holds every part it needs (store, catalog, peer figures).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    crate::recommend::RecommendState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(routes::overview))
}
