//! Recommendations: questionnaire responses, the explainable ranking, Pick For Me, each
//! category's saved picks (dismiss with a reason, undo, clear and undo the clear), and the
//! past-recommendation history (the stages' progress is `progress`'s). Every category can be recommended; the nine stage categories make up the progress.
//!
//! Invariants: a user only ever reads or changes their own responses, picks and history;
//! inactive and dismissed vendors are never recommended; every reason is built from the data, and
//! sample bookings are never evidence (only real, imported ones count as demand).
//!
//! Files: `routes` (the handlers), `model` (the types), `storage` (every table access), and the
//! logic: `responses` (parsing a questionnaire: needs apart from context), `ranking` (the
//! factors and reasons), `compute` (ranking one response into picks), `fit` (everything the firm
//! told us, which Pick For Me ranks by without booking evidence), `pick_for_me`, `picks` (saved
//! picks, in the order /matches shows them), `dismissals`, `history`, `inputs` (what the ranking needs from other
//! domains), `scores` (the latest match scores other screens show) and `reason_lines` (how a
//! reason with a list, such as the needs met, is kept as text).

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod compute;
pub mod dismiss_reason;
pub mod dismissals;
pub mod fit;
pub mod history;
pub mod inputs;
pub mod model;
pub mod pick_for_me;
pub mod picks;
pub mod ranking;
pub mod reason_lines;
pub mod refill;
pub mod responses;
mod routes;
pub mod scores;
pub mod storage;

pub use scores::{LatestScores, latest_scores};

/// What ranking needs, and with it the comparison and the vendor profile, which rank and show
/// evidence the same way: the store, the settings, the catalog, the bookings and the peer figures.
#[derive(Clone)]
pub struct RecommendState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub config: std::sync::Arc<crate::platform::config::Config>,
    pub catalog: crate::catalog::SharedCatalog,
    pub bookings: crate::bookings::SharedBookings,
    pub peers: crate::peers::Peers,
    pub rejected: RejectedOf,
}

/// How the recommendations read the vendors a firm marked Rejected on its shortlist, which are
/// never ranked for it (set by the app: `shortlist/` sits above `recommend/`, so the
/// recommendations are told how to ask, as the evaluations are told how to read decisions).
#[derive(Clone)]
pub struct RejectedOf(std::sync::Arc<ReadRejected>);

type ReadRejected = dyn Fn(
        &mut crate::platform::store::seam::Tx,
        crate::platform::firm_id::FirmId,
    ) -> crate::platform::error::Result<Vec<u64>>
    + Send
    + Sync;

impl RejectedOf {
    pub fn new(
        read: impl Fn(
            &mut crate::platform::store::seam::Tx,
            crate::platform::firm_id::FirmId,
        ) -> crate::platform::error::Result<Vec<u64>>
        + Send
        + Sync
        + 'static,
    ) -> RejectedOf {
        RejectedOf(std::sync::Arc::new(read))
    }

    /// Inside a read begun elsewhere, so the firm's dismissals and picks come from the same
    /// snapshot.
    pub fn read_in(
        &self,
        tx: &mut crate::platform::store::seam::Tx,
        firm: crate::platform::firm_id::FirmId,
    ) -> crate::platform::error::Result<Vec<u64>> {
        (self.0)(tx, firm)
    }
}

/// The recommendation routes: each one's path and method are in its handler's
/// `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    RecommendState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::submit_response))
        .routes(routes!(routes::latest_response))
        .routes(routes!(routes::compute))
        .routes(routes!(routes::pick_for_me))
        .routes(routes!(routes::persisted, routes::clear_picks))
        .routes(routes!(routes::restore_picks))
        .routes(routes!(routes::list_dismissed, routes::dismiss_pick))
        .routes(routes!(routes::undo_dismissal))
        .routes(routes!(routes::past_recommendations))
}
