//! A firm's evaluation of a category before it decides: the criteria and their weights, each
//! member's scorecard per vendor, and the reference calls. `record` is what a decision record
//! holds of it. It sits above `shortlist/` and `techstack/` (it reads the shortlist's vendors of
//! the category and the firm's current tool), beside `compare/`.

pub mod criteria;
pub mod model;
pub mod record;
pub mod score;
pub mod storage;
pub mod vendors;

pub use record::{EvaluationRecord, record};
pub use storage::export;
