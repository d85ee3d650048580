//! Each category's status from what the firm has, read in one pass over the firm's data.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::model::{Overview, StageOverview, StageReason, StageStatus};
use crate::accounts::model::User;
use crate::decisions::model::DecisionStatus;
use crate::error::Result;
use crate::recommend::RecommendState;

/// The status its reasons give a category: a tool or a final decision completes it; anything
/// else the firm did in it puts it in progress.
pub fn status_of(reasons: &BTreeSet<StageReason>) -> StageStatus {
    if reasons.contains(&StageReason::Tool) || reasons.contains(&StageReason::FinalDecision) {
        StageStatus::Completed
    } else if reasons.is_empty() {
        StageStatus::NotStarted
    } else {
        StageStatus::InProgress
    }
}

/// The overview of the user's firm: every category's status and picks, the stages completed and
/// in progress, and how many stages firms of its size usually have a tool for.
pub fn overview(app: &RecommendState, user: &User) -> Result<Overview> {
    let firm_id = user.firm.id;
    let catalog = app.catalog.load();
    let mut reasons: HashMap<u64, BTreeSet<StageReason>> = HashMap::new();
    let mut add = |category_id: u64, reason: StageReason| {
        reasons.entry(category_id).or_default().insert(reason);
    };

    // The tech stack, through the coverage map: the same answers and the same peers.
    let coverage = crate::peers::coverage::coverage(&app.peers, user)?;
    for item in coverage.stages.iter().chain(&coverage.others) {
        if item.has_tool == Some(true) {
            add(item.category_id, StageReason::Tool);
        }
    }
    for decision in crate::decisions::storage::list(&app.store, firm_id)? {
        add(
            decision.terms.category_id,
            match decision.status {
                DecisionStatus::Final => StageReason::FinalDecision,
                DecisionStatus::Open => StageReason::OpenDecision,
            },
        );
    }
    for category in &catalog.categories {
        if !crate::evaluations::storage::rounds(&app.store, firm_id, category.id)?.is_empty() {
            add(category.id, StageReason::Evaluation);
        }
    }
    for (vendor_id, _) in crate::shortlist::storage::load(&app.store, firm_id)? {
        if let Some(vendor) = catalog.vendor(vendor_id) {
            add(vendor.category_id, StageReason::Shortlist);
        }
    }
    let picks: HashMap<u64, usize> = crate::recommend::picks::persisted(app, firm_id, &catalog)?
        .items
        .iter()
        .map(|i| (i.category_id, i.picks.len()))
        .collect();
    for (category_id, n) in &picks {
        if *n > 0 {
            add(*category_id, StageReason::Picks);
        }
    }
    let responded: HashSet<u64> =
        crate::recommend::storage::responded_categories(&app.store, firm_id)?;
    for category_id in responded {
        add(category_id, StageReason::Questionnaire);
    }

    let row = |c: &crate::catalog::Category| {
        let why = reasons.get(&c.id).cloned().unwrap_or_default();
        StageOverview {
            stage: c.stage,
            category_id: c.id,
            category_name: c.name.clone(),
            status: status_of(&why),
            reasons: why.into_iter().collect(),
            picks: picks.get(&c.id).copied().unwrap_or(0),
        }
    };
    let (stages, others): (Vec<StageOverview>, Vec<StageOverview>) =
        crate::recommend::picks::page_order(&catalog)
            .into_iter()
            .map(row)
            .partition(|r| r.stage.is_some());
    let count = |status: StageStatus| stages.iter().filter(|s| s.status == status).count();
    Ok(Overview {
        stages_completed: count(StageStatus::Completed),
        stages_in_progress: count(StageStatus::InProgress),
        total_stages: stages.len(),
        stages_with_tool: coverage.headline.stages_covered as usize,
        firm_size: coverage.firm_size,
        usual_stages: coverage.headline.usual_stages,
        stages,
        others,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use StageReason::*;

    fn of(reasons: &[StageReason]) -> StageStatus {
        status_of(&reasons.iter().copied().collect())
    }

    #[test]
    fn only_a_tool_or_a_final_decision_completes_a_stage() {
        assert_eq!(of(&[]), StageStatus::NotStarted);
        for started in [OpenDecision, Evaluation, Shortlist, Picks, Questionnaire] {
            assert_eq!(of(&[started]), StageStatus::InProgress, "{started:?}");
        }
        assert_eq!(
            of(&[Picks, Shortlist, Evaluation, OpenDecision, Questionnaire]),
            StageStatus::InProgress
        );
        assert_eq!(of(&[Tool]), StageStatus::Completed);
        assert_eq!(of(&[FinalDecision, Picks]), StageStatus::Completed);
    }
}
