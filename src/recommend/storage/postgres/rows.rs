//! The responses' rows as PostgreSQL hands them over, each converted into its domain
//! type in one place.

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::Answer;
use crate::recommend::model::StoredResponse;

/// A `responses` row.
#[derive(sqlx::FromRow)]
pub(super) struct ResponseRow {
    id: i64,
    user_id: i64,
    firm_id: i64,
    category_id: i64,
    answers: Json<Vec<Answer>>,
    submitted_at: DateTime<Utc>,
}

impl From<ResponseRow> for StoredResponse {
    fn from(row: ResponseRow) -> StoredResponse {
        StoredResponse {
            id: row.id as u64,
            user_id: row.user_id as u64,
            firm_id: row.firm_id as u64,
            category_id: row.category_id as u64,
            answers: row
                .answers
                .0
                .into_iter()
                .map(|a| (a.question_id, a.selected))
                .collect(),
            at: row.submitted_at.timestamp(),
        }
    }
}
