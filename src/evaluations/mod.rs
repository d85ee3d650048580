//! A firm's evaluation of a category before it decides: the criteria and their weights, each
//! member's scorecard per vendor, and the reference calls. `record` is what a decision record
//! holds of it. It sits above `shortlist/` and `techstack/` (it reads the shortlist's vendors of
//! the category and the firm's current tool), beside `compare/`.

pub mod actions;
pub mod criteria;
pub mod model;
pub mod record;
pub mod references;
mod routes;
pub mod score;
pub mod storage;
pub mod vendors;
pub mod views;
pub mod visibility;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use record::{EvaluationRecord, record};

/// What the evaluations need: the store, the catalog (categories and vendor names) and how to
/// read what the firm's decisions say of a category's rounds (who sees scores: `visibility`).
#[derive(Clone)]
pub struct EvaluationsState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub decisions: visibility::DecisionsOf,
}

/// The evaluation routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    EvaluationsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_evaluation))
        .routes(routes!(routes::get_criteria, routes::put_criteria))
        .routes(routes!(routes::get_scorecard, routes::put_scorecard))
        .routes(routes!(routes::submit_scorecard))
        .routes(routes!(routes::post_reference))
        .routes(routes!(routes::delete_reference))
        .routes(routes!(routes::re_evaluate))
        .routes(routes!(routes::close_round))
}
