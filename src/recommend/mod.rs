//! Recommendations: questionnaire responses, the explainable ranking, Pick For Me, each
//! category's saved picks (dismiss with a reason, undo, clear and undo the clear), the stages
//! overview and the past-recommendation history. Every category can be recommended; the nine stage categories make up the progress.
//!
//! Invariants: a user only ever reads or changes their own responses, picks and history;
//! inactive and dismissed vendors are never recommended; every reason is built from the data, and
//! sample bookings are never evidence (only real, imported ones count as demand).
//!
//! Files: `routes` (the handlers), `model` (the types), `storage` (every table access), and the
//! logic: `responses` (parsing a questionnaire: needs apart from context), `ranking` (the
//! factors and reasons), `compute` (ranking one response into picks), `fit` (everything the firm
//! told us, which Pick For Me ranks by without booking evidence), `pick_for_me`, `picks` (saved
//! picks and the overview), `dismissals`, `history`, `inputs` (what the ranking needs from other
//! domains), `scores` (the latest match scores other screens show) and `reason_lines` (how a
//! reason with a list, such as the needs met, is kept as text).

use axum::Router;
use axum::routing::{delete, get, post};

use crate::state::AppState;

pub mod compute;
pub mod dismissals;
pub mod fit;
pub mod history;
pub mod inputs;
pub mod model;
pub mod pick_for_me;
pub mod picks;
pub mod ranking;
pub mod reason_lines;
pub mod responses;
mod routes;
pub mod scores;
pub mod storage;

pub use scores::{LatestScores, latest_scores};
pub use storage::export;

/// The recommendation operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    routes::submit_response,
    routes::compute,
    routes::pick_for_me,
    routes::persisted,
    routes::clear_picks,
    routes::restore_picks,
    routes::dismiss_pick,
    routes::list_dismissed,
    routes::undo_dismissal,
    routes::overview,
    routes::past_recommendations
))]
pub struct RecommendApi;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/responses", post(routes::submit_response))
        .route("/recommendations/compute", post(routes::compute))
        .route("/recommendations/pick-for-me", post(routes::pick_for_me))
        .route(
            "/recommendations/persisted",
            get(routes::persisted).delete(routes::clear_picks),
        )
        .route(
            "/recommendations/persisted/restore",
            post(routes::restore_picks),
        )
        .route(
            "/recommendations/dismissed",
            get(routes::list_dismissed).post(routes::dismiss_pick),
        )
        .route(
            "/recommendations/dismissed/{vendor_id}",
            delete(routes::undo_dismissal),
        )
        .route("/recommendations/overview", get(routes::overview))
        .route("/past-recommendations", get(routes::past_recommendations))
}
