//! A firm's evaluation of a category before it decides: the criteria and their weights, each
//! member's scorecard per vendor, and the reference calls. `record` is what a decision record
//! holds of it.

pub mod record;

pub use record::EvaluationRecord;
