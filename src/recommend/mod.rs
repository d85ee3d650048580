//! Recommendations: questionnaire responses, the explainable ranking, Pick For Me, each stage's
//! saved picks (dismiss, clear), the stages overview and the past-recommendation history.
//!
//! Invariants: a user only ever reads or changes their own responses, picks and history;
//! inactive and dismissed vendors are never recommended; every reason is built from the data.

pub mod inputs;
pub mod pick_for_me;
pub mod ranking;
pub mod responses;
pub mod routes;
pub mod storage;

pub use routes::{RecommendApi, router};
