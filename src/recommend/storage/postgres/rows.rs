//! The recommendation tables' rows as PostgreSQL hands them over, each converted into its domain
//! type in one place.

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::Answer;
use crate::platform::store::postgres::from_code;
use crate::recommend::dismiss_reason::{DismissReason, Dismissal};
use crate::recommend::model::{ClearedSet, PastRec, PickSet, StoredPick, StoredResponse};

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

/// A `dismissals` row of one firm: the vendor and why it was dismissed.
#[derive(sqlx::FromRow)]
pub(super) struct DismissalRow {
    vendor_id: i64,
    reason: String,
    other_text: Option<String>,
    dismissed_at: DateTime<Utc>,
}

impl TryFrom<DismissalRow> for (u64, Dismissal) {
    type Error = anyhow::Error;
    fn try_from(row: DismissalRow) -> anyhow::Result<(u64, Dismissal)> {
        let reason = DismissReason::from_code(&row.reason, row.other_text)
            .ok_or_else(|| anyhow::anyhow!("a dismissal has the unknown reason {}", row.reason))?;
        let dismissal = Dismissal {
            at: row.dismissed_at.timestamp(),
            reason,
        };
        Ok((row.vendor_id as u64, dismissal))
    }
}

/// The columns of a pick set, in `picks` and `picks_cleared`.
#[derive(sqlx::FromRow)]
pub(super) struct PickSetRow {
    vendors: Json<Vec<StoredPick>>,
    source: String,
    note: Option<String>,
    used_size_fallback: bool,
    saved_at: DateTime<Utc>,
}

impl TryFrom<PickSetRow> for PickSet {
    type Error = anyhow::Error;
    fn try_from(row: PickSetRow) -> anyhow::Result<PickSet> {
        Ok(PickSet {
            picks: row.vendors.0,
            source: from_code(row.source)?,
            note: row.note,
            used_size_fallback: row.used_size_fallback,
            at: row.saved_at.timestamp(),
        })
    }
}

/// A `picks` row of one firm: the stage's category and its set.
#[derive(sqlx::FromRow)]
pub(super) struct PicksRow {
    category_id: i64,
    #[sqlx(flatten)]
    set: PickSetRow,
}

impl TryFrom<PicksRow> for (u64, PickSet) {
    type Error = anyhow::Error;
    fn try_from(row: PicksRow) -> anyhow::Result<(u64, PickSet)> {
        Ok((row.category_id as u64, row.set.try_into()?))
    }
}

/// A `picks_cleared` row of one firm.
#[derive(sqlx::FromRow)]
pub(super) struct ClearedRow {
    category_id: i64,
    #[sqlx(flatten)]
    set: PickSetRow,
    cleared_at: DateTime<Utc>,
}

impl TryFrom<ClearedRow> for (u64, ClearedSet) {
    type Error = anyhow::Error;
    fn try_from(row: ClearedRow) -> anyhow::Result<(u64, ClearedSet)> {
        let cleared = ClearedSet {
            set: row.set.try_into()?,
            cleared_at: row.cleared_at.timestamp(),
        };
        Ok((row.category_id as u64, cleared))
    }
}

/// A `past_recommendations` row of one firm.
#[derive(sqlx::FromRow)]
pub(super) struct PastRow {
    category_id: i64,
    vendor_id: i64,
    recommended_at: DateTime<Utc>,
    rank: i32,
    strengths: Vec<String>,
}

impl TryFrom<PastRow> for (u64, u64, PastRec) {
    type Error = anyhow::Error;
    fn try_from(row: PastRow) -> anyhow::Result<(u64, u64, PastRec)> {
        let rec = PastRec {
            at: row.recommended_at.timestamp(),
            rank: u32::try_from(row.rank)
                .map_err(|_| anyhow::anyhow!("a past recommendation has a negative rank"))?,
            strengths: row.strengths,
        };
        Ok((row.category_id as u64, row.vendor_id as u64, rec))
    }
}
