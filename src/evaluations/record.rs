//! What a decision record holds of an evaluation: the criteria with their weights and changes,
//! every submitted scorecard, the weighted scores, the disagreement flags and the reference
//! checks, for one category of one firm. `decisions/` copies it into each version of a record,
//! so it is plain data with a stable order (vendors by id, scorecards by submission time) and
//! no clock reading in it: the same evaluation always gives the same record, and so the same hash.

use serde::Serialize;

/// One criterion as the firm weighs it; weights of a category's criteria add up to 100.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordCriterion {
    /// Stable within the category (a slug such as `ease-of-use`).
    pub id: String,
    pub name: String,
    /// 1..=100.
    pub weight: u8,
}

/// A change to criteria after they locked: who, when, why, and the criteria before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordCriteriaChange {
    /// The member's name then.
    pub by: String,
    /// RFC 3339.
    pub at: String,
    pub reason: String,
    pub before: Vec<RecordCriterion>,
    pub after: Vec<RecordCriterion>,
}

/// One person's score on one criterion: 1-5, or `None` for "did not see".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordScore {
    pub criterion_id: String,
    pub score: Option<u8>,
    pub comment: String,
}

/// A submitted scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordScorecard {
    /// The member's name then.
    pub by: String,
    /// RFC 3339.
    pub submitted_at: String,
    /// Scored under criteria that were changed afterwards.
    pub under_old_criteria: bool,
    pub scores: Vec<RecordScore>,
}

/// A reference call a member recorded for a vendor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordReference {
    /// The firm that was called.
    pub firm_called: String,
    /// Its size as the member wrote it down (e.g. "11-25 staff").
    pub firm_size: String,
    /// YYYY-MM-DD.
    pub date: String,
    pub questions: Vec<RecordQuestion>,
    /// The member's name then.
    pub by: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordQuestion {
    pub question: String,
    pub answer: String,
}

/// One vendor of the evaluation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordVendor {
    pub vendor_id: String,
    pub vendor_name: String,
    /// The firm's current tool in the category when a re-evaluation began: the baseline to beat.
    pub incumbent: bool,
    /// 0-100; `None` until a scorecard with a score is submitted.
    pub weighted_score: Option<u8>,
    /// Criteria ids whose scores differ by 2 or more.
    pub disagreements: Vec<String>,
    pub scorecards: Vec<RecordScorecard>,
    pub references: Vec<RecordReference>,
}

/// A category's evaluation as a decision record holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationRecord {
    pub category_id: String,
    /// 1 for the first evaluation of the category, then one more per "Re-evaluate".
    pub round: u32,
    pub criteria: Vec<RecordCriterion>,
    pub criteria_changes: Vec<RecordCriteriaChange>,
    /// By vendor id.
    pub vendors: Vec<RecordVendor>,
}
