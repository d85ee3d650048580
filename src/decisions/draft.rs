//! The proposal a decision screen starts from: the vendors ranked by their weighted score, and
//! reasons written from the scores (the leader's score, the runner-up's, the criteria where the
//! leader scored highest, and the disagreements the firm should talk about first). The person
//! proposing edits the text; nothing here is stored.

use crate::evaluations::EvaluationRecord;
use crate::evaluations::record::RecordVendor;

/// What the screen pre-fills.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionDraft {
    /// The vendor with the highest weighted score, if any was scored.
    pub vendor_id: Option<u64>,
    /// The next highest.
    pub runner_up_id: Option<u64>,
    /// Reasons composed from the scores; empty when nothing was scored.
    pub reasons: String,
    /// Set when the draft leaves out scores the caller may not see yet (they have not submitted
    /// their own), with the line to show: "Scores appear after you submit yours".
    pub scores_hidden: Option<String>,
}

/// The average score of a vendor on one criterion (None: nobody scored it).
fn average(v: &RecordVendor, criterion: &str) -> Option<f64> {
    let scores: Vec<f64> = v
        .scorecards
        .iter()
        .flat_map(|c| c.scores.iter())
        .filter(|s| s.criterion_id == criterion)
        .filter_map(|s| s.score.map(f64::from))
        .collect();
    (!scores.is_empty()).then(|| scores.iter().sum::<f64>() / scores.len() as f64)
}

pub fn draft(record: Option<&EvaluationRecord>) -> DecisionDraft {
    let Some(record) = record else {
        return DecisionDraft {
            vendor_id: None,
            runner_up_id: None,
            reasons: String::new(),
            scores_hidden: None,
        };
    };
    let scores_hidden = record.vendors.iter().find_map(|v| v.scores_hidden.clone());
    let empty = DecisionDraft {
        vendor_id: None,
        runner_up_id: None,
        reasons: String::new(),
        scores_hidden: scores_hidden.clone(),
    };
    let mut ranked: Vec<&RecordVendor> = record
        .vendors
        .iter()
        .filter(|v| v.weighted_score.is_some())
        .collect();
    ranked.sort_by_key(|v| std::cmp::Reverse(v.weighted_score));
    let Some(first) = ranked.first() else {
        return empty;
    };
    let second = ranked.get(1);
    let mut text = format!(
        "{} had the highest weighted score ({} of 100)",
        first.vendor_name,
        first.weighted_score.unwrap_or_default()
    );
    if let Some(s) = second {
        text.push_str(&format!(
            ", ahead of {} ({})",
            s.vendor_name,
            s.weighted_score.unwrap_or_default()
        ));
    }
    text.push('.');
    let led: Vec<&str> = record
        .criteria
        .iter()
        .filter(|c| {
            let mine = average(first, &c.id);
            mine.is_some()
                && ranked[1..]
                    .iter()
                    .all(|o| average(o, &c.id).is_none_or(|theirs| Some(theirs) < mine))
        })
        .map(|c| c.name.as_str())
        .collect();
    if !led.is_empty() && second.is_some() {
        text.push_str(&format!(" It led on {}.", led.join(", ")));
    }
    let flagged: Vec<&str> = record
        .criteria
        .iter()
        .filter(|c| first.disagreements.contains(&c.id))
        .map(|c| c.name.as_str())
        .collect();
    if !flagged.is_empty() {
        text.push_str(&format!(
            " Scores differed on {}: talk about it before deciding.",
            flagged.join(", ")
        ));
    }
    let id = |v: &RecordVendor| v.vendor_id.parse::<u64>().ok();
    DecisionDraft {
        vendor_id: id(first),
        runner_up_id: second.and_then(|s| id(s)),
        reasons: text,
        scores_hidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluations::record::{RecordCriterion, RecordScore, RecordScorecard};

    fn vendor(
        id: &str,
        name: &str,
        score: u8,
        scores: &[(&str, u8)],
        flags: &[&str],
    ) -> RecordVendor {
        RecordVendor {
            vendor_id: id.into(),
            vendor_name: name.into(),
            incumbent: false,
            weighted_score: Some(score),
            disagreements: flags.iter().map(|f| f.to_string()).collect(),
            scorecards: vec![RecordScorecard {
                by: "Ann".into(),
                submitted_at: "2026-01-01T00:00:00Z".into(),
                under_old_criteria: false,
                scores: scores
                    .iter()
                    .map(|(c, s)| RecordScore {
                        criterion_id: c.to_string(),
                        score: Some(*s),
                        comment: String::new(),
                    })
                    .collect(),
            }],
            references: Vec::new(),
            scores_hidden: None,
        }
    }

    #[test]
    fn the_highest_score_leads_with_the_criteria_it_won() {
        let criterion = |id: &str, name: &str| RecordCriterion {
            id: id.into(),
            name: name.into(),
            weight: 50,
        };
        let record = EvaluationRecord {
            category_id: "2".into(),
            round: 1,
            criteria: vec![
                criterion("ease", "Ease of use"),
                criterion("price", "Price"),
            ],
            criteria_changes: Vec::new(),
            vendors: vec![
                vendor("7", "Beta", 60, &[("ease", 3), ("price", 4)], &[]),
                vendor("9", "Acme", 80, &[("ease", 5), ("price", 3)], &["price"]),
            ],
        };
        let d = draft(Some(&record));
        assert_eq!((d.vendor_id, d.runner_up_id), (Some(9), Some(7)));
        assert_eq!(
            d.reasons,
            "Acme had the highest weighted score (80 of 100), ahead of Beta (60). It led on Ease \
             of use. Scores differed on Price: talk about it before deciding."
        );
        assert_eq!(draft(None).reasons, "");
    }
}
