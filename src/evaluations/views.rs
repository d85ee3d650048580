//! What the API answers of an evaluation, for one person: the criteria, and per vendor their own
//! scorecard's status and, as far as `visibility::seen` lets them (once they submitted theirs, no
//! anchoring; an approver the summary; everyone once the decision is final), everyone's scores,
//! the weighted score and the disagreements.

use serde::Serialize;

use crate::platform::caller::{FirmRole, User};
use crate::platform::clock::rfc3339;

use super::model::{Criterion, Reference, Round, Scorecard};
use super::record::{RecordCriteriaChange, RecordCriterion, RecordQuestion, RecordScore};
use super::score::{self, TALK_ABOUT_IT};
use super::vendors::EvaluatedVendor;
use super::visibility::{self, Access, Caller, RoundFacts};

pub use super::visibility::{SCORES_HIDDEN, SCORES_HIDDEN_UNTIL_FINAL, SCORES_SUMMARY};

/// The criteria of the round.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CriteriaView {
    /// The saved criteria, or the suggestions while none are saved.
    pub criteria: Vec<RecordCriterion>,
    /// Nothing is saved yet: these are suggestions (the standard set and the firm's
    /// questionnaire needs).
    pub suggested: bool,
    /// The first scorecard is in: only owners and admins change them, with a reason.
    pub locked: bool,
    pub round: u32,
    /// Changes after the lock, oldest first.
    pub changes: Vec<RecordCriteriaChange>,
}

pub fn criterion(c: &Criterion) -> RecordCriterion {
    RecordCriterion {
        id: c.id.clone(),
        name: c.name.clone(),
        weight: c.weight,
    }
}

pub fn criteria_view(round: &Round, suggestions: &[Criterion]) -> CriteriaView {
    let record = super::record::of_round(round, &[]);
    CriteriaView {
        criteria: round
            .criteria
            .as_deref()
            .unwrap_or(suggestions)
            .iter()
            .map(criterion)
            .collect(),
        suggested: round.criteria.is_none(),
        locked: round.locked(),
        round: round.round,
        changes: record.criteria_changes,
    }
}

/// Where a person's scorecard for a vendor stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScorecardStatus {
    None,
    Draft,
    Submitted,
}

fn status(card: Option<&Scorecard>) -> ScorecardStatus {
    match card {
        None => ScorecardStatus::None,
        Some(c) if c.submitted_at.is_some() => ScorecardStatus::Submitted,
        Some(_) => ScorecardStatus::Draft,
    }
}

/// The caller's own scorecard for a vendor.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScorecardView {
    pub vendor_id: u64,
    pub vendor_name: String,
    pub status: ScorecardStatus,
    /// In the criteria's order; a criterion without an entry is not scored yet.
    pub scores: Vec<RecordScore>,
    /// RFC 3339; absent while a draft.
    pub submitted_at: Option<String>,
    pub updated_at: Option<String>,
    /// Submitted under criteria changed since.
    pub under_old_criteria: bool,
}

pub fn scorecard_view(round: &Round, vendor: &EvaluatedVendor, user_id: u64) -> ScorecardView {
    let card = round.scorecard(vendor.id, user_id);
    ScorecardView {
        vendor_id: vendor.id,
        vendor_name: vendor.name.clone(),
        status: status(card),
        scores: card.map_or_else(Vec::new, |c| {
            c.scores
                .iter()
                .map(|s| RecordScore {
                    criterion_id: s.criterion_id.clone(),
                    score: s.score,
                    comment: s.comment.clone(),
                })
                .collect()
        }),
        submitted_at: card.and_then(|c| c.submitted_at).map(rfc3339),
        updated_at: card.map(|c| rfc3339(c.updated_at)),
        under_old_criteria: card.is_some_and(|c| round.under_old_criteria(c)),
    }
}

/// One person's score on a criterion.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonScore {
    /// Their name when they submitted.
    pub by: String,
    /// 1-5; `null`: did not see.
    pub score: Option<u8>,
    pub comment: String,
    pub under_old_criteria: bool,
}

/// A criterion's scores for a vendor.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CriterionScores {
    pub criterion_id: String,
    pub name: String,
    pub weight: u8,
    /// The scores given spread by 2 or more.
    pub disagreement: bool,
    /// "Talk about this before deciding" where people disagree.
    pub flag: Option<String>,
    pub scores: Vec<PersonScore>,
}

/// A reference call.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferenceView {
    pub id: u64,
    pub vendor_id: u64,
    /// The member who recorded it, by their name then.
    pub by: String,
    pub firm_called: String,
    pub firm_size: String,
    /// YYYY-MM-DD.
    pub date: String,
    pub questions: Vec<RecordQuestion>,
    /// The caller recorded it, or is an owner or admin.
    pub can_delete: bool,
}

pub fn reference_view(r: &Reference, user: &User) -> ReferenceView {
    ReferenceView {
        id: r.id,
        vendor_id: r.vendor_id,
        by: r.by.clone(),
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
        can_delete: user.firm_role != FirmRole::Viewer
            && (r.user_id == user.id || user.firm_role.manages_firm()),
    }
}

/// One vendor of the evaluation as the caller sees it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorSummary {
    pub vendor_id: u64,
    pub vendor_name: String,
    /// The firm's tool when this round began: the baseline to beat.
    pub incumbent: bool,
    /// The caller's own scorecard.
    pub my_scorecard: ScorecardStatus,
    /// How many people of the firm submitted a scorecard for it.
    pub submitted_count: u32,
    /// Whether everyone's scores and comments below are shown: once the caller submitted their
    /// own scorecard for the vendor, or once a decision on the round is final (a viewer, who never
    /// scores: only then).
    pub scores_visible: bool,
    /// Why they are not: "Scores appear after you submit yours", "Scores and comments appear
    /// once the decision is final", or, for an approver who has not scored, that they see the
    /// weighted total and the flags only.
    pub hidden_note: Option<String>,
    /// 0-100, from the submitted scorecards; absent while unscored or hidden (an approver who
    /// has not scored sees it from two scorecards).
    pub weighted_score: Option<u8>,
    /// Per criterion, the scores by person; empty while hidden. An approver who has not scored
    /// gets each criterion's disagreement flag with no scores.
    pub criteria: Vec<CriterionScores>,
    /// Everyone in the firm sees the reference calls.
    pub references: Vec<ReferenceView>,
}

/// A category's evaluation, one round of it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationView {
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    /// This round's number.
    pub round: u32,
    /// The latest round's number (0 while nothing is saved).
    pub latest_round: u32,
    pub criteria: CriteriaView,
    /// By id.
    pub vendors: Vec<VendorSummary>,
    /// The caller may score and record references in this round: not a viewer, the latest
    /// round, and not closed.
    pub can_score: bool,
    /// Set once the round is closed: nothing of it changes again.
    pub closed: Option<ClosedView>,
    /// The caller (an owner or admin) may start the next round now: the latest round is closed
    /// and no open decision holds it.
    pub can_start_round: bool,
    /// The caller is an owner or admin: changes locked criteria, proposes a decision.
    pub can_manage: bool,
}

/// How a round closed, for the screen: "Closed on DATE for the proposed decision", or "Closed on
/// DATE by NAME".
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedView {
    /// YYYY-MM-DD (UTC).
    pub on: String,
    /// The decision proposed from the round; absent when an owner or admin closed it.
    pub decision_id: Option<u64>,
    /// Who closed it without a decision.
    pub by: Option<String>,
}

pub struct Context<'a> {
    pub round: &'a Round,
    pub latest_round: u32,
    pub category_name: String,
    pub category_label: String,
    pub vendors: &'a [EvaluatedVendor],
    pub suggestions: &'a [Criterion],
    pub user: &'a User,
    /// What the firm's decisions say about the round.
    pub facts: &'a RoundFacts,
}

pub fn evaluation_view(cx: Context<'_>) -> EvaluationView {
    let Context {
        round,
        latest_round,
        category_name,
        category_label,
        vendors,
        suggestions,
        user,
        facts,
    } = cx;
    let criteria = round.criteria.clone().unwrap_or_default();
    let viewer = user.firm_role == FirmRole::Viewer;
    let closure = super::actions::closure(round, facts);
    let vendors = vendors
        .iter()
        .map(|v| {
            let cards = round.submitted(v.id);
            let mine = status(round.scorecard(v.id, user.id));
            let seen = visibility::seen(Caller::of(user), round, facts, v.id);
            let visible = seen.access == Access::All;
            let (weighted, _) = score::vendor_scores(&criteria, &cards);
            let weighted = match seen.access {
                Access::All => weighted,
                Access::Summary => visibility::summary_total(cards.len(), weighted),
                Access::Hidden => None,
            };
            let per_criterion = if seen.access == Access::Hidden {
                Vec::new()
            } else {
                criteria
                    .iter()
                    .map(|c| {
                        let scores: Vec<PersonScore> = cards
                            .iter()
                            .filter_map(|card| {
                                let s = card.scores.iter().find(|s| s.criterion_id == c.id)?;
                                Some(PersonScore {
                                    by: card.by.clone(),
                                    score: s.score,
                                    comment: s.comment.clone(),
                                    under_old_criteria: round.under_old_criteria(card),
                                })
                            })
                            .collect();
                        let given: Vec<u8> = scores.iter().filter_map(|s| s.score).collect();
                        let disagreement = score::disagree(&given);
                        CriterionScores {
                            criterion_id: c.id.clone(),
                            name: c.name.clone(),
                            weight: c.weight,
                            disagreement,
                            flag: disagreement.then(|| TALK_ABOUT_IT.to_string()),
                            // The summary: the flag, never who scored what.
                            scores: if visible { scores } else { Vec::new() },
                        }
                    })
                    .collect()
            };
            let mut references: Vec<&Reference> = round
                .references
                .iter()
                .filter(|r| r.vendor_id == v.id)
                .collect();
            references.sort_by(|a, b| (&b.date, b.id).cmp(&(&a.date, a.id)));
            VendorSummary {
                vendor_id: v.id,
                vendor_name: v.name.clone(),
                incumbent: v.incumbent,
                my_scorecard: mine,
                submitted_count: cards.len() as u32,
                scores_visible: visible,
                hidden_note: seen.note.map(str::to_string),
                weighted_score: weighted,
                criteria: per_criterion,
                references: references
                    .into_iter()
                    .map(|r| reference_view(r, user))
                    .collect(),
            }
        })
        .collect();
    EvaluationView {
        category_id: round.category_id,
        category_name,
        category_label,
        round: round.round,
        latest_round,
        criteria: criteria_view(round, suggestions),
        vendors,
        can_score: !viewer && round.round >= latest_round && closure.is_none(),
        can_start_round: user.firm_role.manages_firm()
            && round.round >= latest_round
            && closure.is_some()
            // An open decision always has approvers; it holds the latest round until final.
            && facts.approvers.is_empty(),
        closed: closure.map(|c| ClosedView {
            on: crate::platform::clock::rfc3339(c.at)[..10].to_string(),
            decision_id: c.decision_id,
            by: c.decision_id.is_none().then_some(c.by),
        }),
        can_manage: user.firm_role.manages_firm(),
    }
}
