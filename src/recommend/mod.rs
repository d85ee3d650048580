//! Recommendations: questionnaire responses, the explainable ranking, Pick For Me, each
//! category's saved picks (dismiss with a reason, undo, clear), the stages overview and the past-recommendation
//! history. Every category can be recommended; the nine stage categories make up the progress.
//!
//! Invariants: a user only ever reads or changes their own responses, picks and history;
//! inactive and dismissed vendors are never recommended; every reason is built from the data, and
//! sample bookings are never evidence (only real, imported ones count as demand).

pub mod dismissals;
pub mod inputs;
pub mod pick_for_me;
pub mod ranking;
pub mod responses;
pub mod routes;
pub mod scores;
pub mod storage;

pub use routes::{RecommendApi, router};
pub use scores::{LatestScores, latest_scores};
