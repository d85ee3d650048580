//! Each category's status from what the firm has, read in one pass over the firm's data.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::model::{NextStep, NextStepKind, Overview, StageOverview, StageReason, StageStatus};
use crate::decisions::model::DecisionStatus;
use crate::platform::caller::User;
use crate::platform::error::Result;
use crate::platform::store::seam;
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

    // The firm's own rows, in one snapshot: each read on its own was a transaction of its own.
    let firm = seam::read(&app.store, |tx| {
        Ok(FirmRows {
            onboarding: crate::profile::storage::find_onboarding_in(tx, firm_id)?,
            stack: crate::techstack::storage::contracts::firm_answers_and_contracts_in(
                tx, firm_id,
            )?,
            decisions: crate::decisions::storage::firm_decisions(tx, firm_id)?,
            evaluated: crate::evaluations::storage::evaluated_categories_in(tx, firm_id)?,
            shortlist: crate::shortlist::storage::load_in(tx, firm_id)?,
        })
    })?;
    let FirmRows {
        onboarding,
        stack: (answers, contracts),
        decisions,
        evaluated,
        shortlist,
    } = firm;

    // The tech stack, through the coverage map: the same answers and the same peers.
    let tools = crate::techstack::tools_of(&catalog, answers.clone());
    let (context, tools) =
        crate::techstack::context::firm_context_of(&catalog, user, onboarding, tools);
    let coverage = crate::peers::coverage::coverage_of(&app.peers, user, &context, &tools);
    for item in coverage.stages.iter().chain(&coverage.others) {
        if item.has_tool == Some(true) {
            add(item.category_id, StageReason::Tool);
        }
    }
    for decision in &decisions {
        add(
            decision.terms.category_id,
            match decision.status {
                DecisionStatus::Final => StageReason::FinalDecision,
                DecisionStatus::Open => StageReason::OpenDecision,
            },
        );
    }
    for category in &evaluated {
        add(*category, StageReason::Evaluation);
    }
    let mut shortlisted: HashMap<u64, usize> = HashMap::new();
    for (vendor_id, _) in shortlist {
        if let Some(vendor) = catalog.vendor(vendor_id) {
            add(vendor.category_id, StageReason::Shortlist);
            *shortlisted.entry(vendor.category_id).or_default() += 1;
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
            category_label: c.label.clone(),
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
    let next_step = next_step(
        app,
        user,
        &catalog,
        Read {
            decisions: &decisions,
            evaluated: &evaluated,
            shortlisted: &shortlisted,
            stack: (answers, &contracts),
        },
        &stages,
    )?;
    Ok(Overview {
        stages_completed: count(StageStatus::Completed),
        stages_in_progress: count(StageStatus::InProgress),
        total_stages: stages.len(),
        stages_with_tool: coverage.headline.stages_covered as usize,
        firm_size: coverage.firm_size,
        usual_stages: coverage.headline.usual_stages,
        stages,
        others,
        next_step,
    })
}

/// How near an opt-out deadline must be (in days) to be the next step.
pub const RENEWAL_WINDOW_DAYS: i64 = 30;

/// The firm's rows the overview reads in one snapshot.
struct FirmRows {
    onboarding: Option<crate::profile::Onboarding>,
    stack: (
        crate::techstack::storage::contracts::Answers,
        Vec<crate::techstack::contracts::Contract>,
    ),
    decisions: Vec<crate::decisions::model::Decision>,
    evaluated: BTreeSet<u64>,
    shortlist: Vec<(u64, crate::shortlist::model::Entry)>,
}

/// What the next step is chosen from, as the overview read it.
struct Read<'a> {
    decisions: &'a [crate::decisions::model::Decision],
    evaluated: &'a BTreeSet<u64>,
    shortlisted: &'a HashMap<u64, usize>,
    stack: (
        crate::techstack::storage::contracts::Answers,
        &'a [crate::techstack::contracts::Contract],
    ),
}

/// How many vendors of one category on the shortlist call for an evaluation.
pub const EVALUATE_AT: usize = 3;

fn step(kind: NextStepKind) -> NextStep {
    NextStep {
        kind,
        category_id: None,
        category_name: None,
        category_label: None,
        decision_id: None,
        vendor_name: None,
        notice_date: None,
        days_until: None,
        shortlisted: None,
    }
}

/// The one next step for the caller, the first that applies: a decision waiting for their
/// approval; a contract's notice date within 30 days; three vendors shortlisted in a category
/// with no evaluation; a firm of one (owners and admins invite); the first stage not started.
/// Each step needs a role that may take it: a viewer is offered none that writes.
fn next_step(
    app: &RecommendState,
    user: &User,
    catalog: &crate::catalog::Catalog,
    read: Read,
    stages: &[StageOverview],
) -> Result<Option<NextStep>> {
    let Read {
        decisions,
        evaluated,
        shortlisted,
        stack: (answers, contracts),
    } = read;
    let firm_id = user.firm.id;
    // Read once, by the first step that needs them.
    let mut members = None;
    let mut members = || -> Result<Vec<User>> {
        if members.is_none() {
            members = Some(crate::accounts::storage::firm_members(&app.store, firm_id)?);
        }
        Ok(members.clone().unwrap_or_default())
    };
    let writes = user.firm_role.may_write().is_ok();
    let name_of = |category_id: u64| catalog.category(category_id).map(|c| c.name.clone());
    let label_of = |category_id: u64| catalog.category(category_id).map(|c| c.label.clone());

    if writes {
        for d in decisions
            .iter()
            .filter(|d| d.status == DecisionStatus::Open)
        {
            if !d.terms.approvers.iter().any(|a| a.user_id == user.id) {
                continue;
            }
            let versions = crate::decisions::storage::versions(&app.store, firm_id, d.id)?;
            let Some(current) = versions.last() else {
                continue;
            };
            // Waiting: no answer yet, or an approval of an earlier version. An objection to the
            // current version is an answer, not a wait.
            let waiting = match d.latest(user.id) {
                None => true,
                Some(a) => a.hash != current.hash,
            };
            if waiting {
                return Ok(Some(NextStep {
                    category_id: Some(d.terms.category_id),
                    category_name: name_of(d.terms.category_id),
                    category_label: label_of(d.terms.category_id),
                    decision_id: Some(d.id),
                    vendor_name: catalog.vendor(d.terms.vendor_id).map(|v| v.name.clone()),
                    ..step(NextStepKind::ApproveDecision)
                }));
            }
        }
    }

    // Reading the renewals is open to every role; the deadline is the one the renewals show.
    let today = crate::techstack::deadline::today();
    let renewals = if contracts.is_empty() {
        Vec::new()
    } else {
        crate::techstack::renewals::renewals_of(catalog, answers, contracts, &members()?, today)
    };
    if let Some(near) = renewals
        .iter()
        .find(|r| (0..=RENEWAL_WINDOW_DAYS).contains(&r.days_until_deadline))
    {
        let category_id = catalog.vendor(near.tool_id).map(|v| v.category_id);
        return Ok(Some(NextStep {
            category_id,
            category_name: category_id.and_then(name_of),
            category_label: category_id.and_then(label_of),
            vendor_name: Some(near.tool_name.clone()),
            notice_date: Some(near.opt_out_deadline.clone()),
            days_until: Some(near.days_until_deadline),
            ..step(NextStepKind::RenewalNotice)
        }));
    }

    if writes {
        let ready = crate::recommend::picks::page_order(catalog)
            .into_iter()
            .find(|c| {
                shortlisted.get(&c.id).copied().unwrap_or(0) >= EVALUATE_AT
                    && !evaluated.contains(&c.id)
            });
        if let Some(c) = ready {
            return Ok(Some(NextStep {
                category_id: Some(c.id),
                category_name: Some(c.name.clone()),
                category_label: Some(c.label.clone()),
                shortlisted: shortlisted.get(&c.id).copied(),
                ..step(NextStepKind::StartEvaluation)
            }));
        }
    }

    if user.firm_role.manages_firm() && members()?.len() == 1 {
        return Ok(Some(step(NextStepKind::InviteColleague)));
    }

    if writes && let Some(s) = stages.iter().find(|s| s.status == StageStatus::NotStarted) {
        return Ok(Some(NextStep {
            category_id: Some(s.category_id),
            category_name: Some(s.category_name.clone()),
            category_label: Some(s.category_label.clone()),
            ..step(NextStepKind::AnswerQuestionnaire)
        }));
    }
    Ok(None)
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
