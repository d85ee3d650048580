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
    /// Only in an answer to a caller who may not see this vendor's scorecards yet (never in a
    /// stored version): why the scorecards, and perhaps the weighted score and the flags, are
    /// left out ("Scores and comments appear once the decision is final").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores_hidden: Option<String>,
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

/// The firm's evaluation of the category as a decision record holds it: its latest round, every
/// submitted scorecard (drafts are no one's business but their author's), by vendor id. `None`
/// when the firm has no evaluation of the category. Reads only; the same evaluation always
/// gives the same record.
pub fn record(
    store: &crate::platform::store::Store,
    catalog: &crate::catalog::Catalog,
    firm: crate::platform::firm_id::FirmId,
    category_id: &str,
) -> crate::platform::error::Result<Option<EvaluationRecord>> {
    let Ok(category) = category_id.parse::<u64>() else {
        return Ok(None);
    };
    let Some(round) = super::storage::rounds(store, firm, category)?.pop() else {
        return Ok(None);
    };
    let vendors = super::vendors::vendors(store, catalog, firm, category, Some(&round))?;
    Ok(Some(of_round(&round, &vendors)))
}

/// The record of one round with its vendors.
pub fn of_round(
    round: &super::model::Round,
    vendors: &[super::vendors::EvaluatedVendor],
) -> EvaluationRecord {
    use crate::platform::clock::rfc3339;
    let criteria: Vec<super::model::Criterion> = round.criteria.clone().unwrap_or_default();
    let criterion = |c: &super::model::Criterion| RecordCriterion {
        id: c.id.clone(),
        name: c.name.clone(),
        weight: c.weight,
    };
    EvaluationRecord {
        category_id: round.category_id.to_string(),
        round: round.round,
        criteria: criteria.iter().map(criterion).collect(),
        criteria_changes: round
            .changes
            .iter()
            .map(|ch| RecordCriteriaChange {
                by: ch.by.clone(),
                at: rfc3339(ch.at),
                reason: ch.reason.clone(),
                before: ch.before.iter().map(criterion).collect(),
                after: ch.after.iter().map(criterion).collect(),
            })
            .collect(),
        vendors: vendors
            .iter()
            .map(|v| {
                let cards = round.submitted(v.id);
                let (weighted_score, disagreements) =
                    super::score::vendor_scores(&criteria, &cards);
                let mut references: Vec<&super::model::Reference> = round
                    .references
                    .iter()
                    .filter(|r| r.vendor_id == v.id)
                    .collect();
                references.sort_by(|a, b| (&a.date, a.id).cmp(&(&b.date, b.id)));
                RecordVendor {
                    vendor_id: v.id.to_string(),
                    vendor_name: v.name.clone(),
                    incumbent: v.incumbent,
                    weighted_score,
                    disagreements,
                    scorecards: cards
                        .iter()
                        .map(|card| RecordScorecard {
                            by: card.by.clone(),
                            submitted_at: rfc3339(card.submitted_at.unwrap_or_default()),
                            under_old_criteria: round.under_old_criteria(card),
                            scores: card
                                .scores
                                .iter()
                                .map(|s| RecordScore {
                                    criterion_id: s.criterion_id.clone(),
                                    score: s.score,
                                    comment: s.comment.clone(),
                                })
                                .collect(),
                        })
                        .collect(),
                    references: references
                        .into_iter()
                        .map(|r| RecordReference {
                            firm_called: r.firm_called.clone(),
                            firm_size: r.firm_size.clone(),
                            date: r.date.clone(),
                            questions: r
                                .questions
                                .iter()
                                .map(|(q, a)| RecordQuestion {
                                    question: q.clone(),
                                    answer: a.clone(),
                                })
                                .collect(),
                            by: r.by.clone(),
                        })
                        .collect(),
                    scores_hidden: None,
                }
            })
            .collect(),
    }
}
