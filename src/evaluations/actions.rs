//! What each write does to a category's rounds, as functions of the rounds read in the write's
//! transaction (`storage::update`): the lock, the recorded change, drafts and submissions,
//! reference calls and a new round. No store, no clock: the caller passes the time.

use crate::platform::caller::{FirmRole, User};
use crate::platform::error::{Result, bad_request, conflict, forbidden, not_found};

use super::criteria::{self, CriterionInput};
use super::model::{Closure, CriteriaChange, Criterion, Reference, Round, Score, Scorecard};
use super::visibility::{CategoryDecisions, RoundFacts};

pub const LOCKED: &str = "The criteria are locked: the first scorecard is in. An owner or admin \
                          can change them, with a reason";
pub const NO_CRITERIA: &str =
    "Save the criteria before scoring: everyone scores against the same criteria";
pub const MAX_COMMENT: usize = 1000;

/// How a round closed: as stored, or, for a round a decision held before rounds closed, from
/// that decision (`facts.held_by`).
pub fn closure(round: &Round, facts: &RoundFacts) -> Option<Closure> {
    round.closed.clone().or_else(|| {
        facts.held_by.map(|(decision_id, at)| Closure {
            at,
            by_user: 0,
            by: String::new(),
            decision_id: Some(decision_id),
        })
    })
}

/// What a write to a closed round is told.
pub fn closed_message(closure: &Closure) -> String {
    let day = crate::platform::clock::rfc3339(closure.at);
    let day = &day[..10.min(day.len())];
    let how = match closure.decision_id {
        Some(id) => format!("closed on {day} for the proposed decision (decision {id})"),
        None => format!("was closed on {day} by {}", closure.by),
    };
    format!(
        "This round {how}: its scores are final. To score again, an owner or admin starts a new \
         round"
    )
}

/// The latest round, for a write: started (round 1) when the firm has none; a closed round
/// refuses every write (409), so nothing a decision was made from changes after it.
pub fn writable<'r>(
    rounds: &'r mut Vec<Round>,
    firm_id: u64,
    category_id: u64,
    decisions: &CategoryDecisions,
    now: i64,
) -> Result<&'r mut Round> {
    if let (true, Some((id, _))) = (rounds.is_empty(), decisions.open_decision) {
        return Err(conflict(format!(
            "Decision {id} in this category was proposed without an evaluation: one started now \
             would change what it was decided on. Evaluate the category once it is final"
        )));
    }
    let round = current(rounds, firm_id, category_id, now);
    let facts = decisions.facts(round.round, round.round);
    if let Some(closure) = closure(round, &facts) {
        return Err(conflict(closed_message(&closure)));
    }
    Ok(round)
}

/// Closes the latest round for good (a decision proposed from it, `decision_id`, or its owner
/// closing it). A round closed already stays as it closed, and a category never evaluated has
/// nothing to close. Answers whether this closed a round.
pub fn close(rounds: &mut [Round], user: &User, decision_id: Option<u64>, now: i64) -> bool {
    let Some(round) = rounds.last_mut() else {
        return false;
    };
    if round.closed.is_some() {
        return false;
    }
    round.closed = Some(Closure {
        at: now,
        by_user: user.id,
        by: user.name.clone(),
        decision_id,
    });
    true
}

/// The latest round, started (round 1) when the firm has none.
pub fn current(rounds: &mut Vec<Round>, firm_id: u64, category_id: u64, now: i64) -> &mut Round {
    if rounds.is_empty() {
        rounds.push(Round::new(firm_id, category_id, 1, now));
    }
    rounds.last_mut().expect("a round")
}

/// Saves the round's criteria. Before the lock anyone who writes may; after it only owners and
/// admins, with a reason, and the change is kept. Answers the change made after the lock, if
/// any. `suggested`: the ids a criterion may keep while none are saved.
pub fn put_criteria(
    round: &mut Round,
    user: &User,
    input: &[CriterionInput],
    reason: Option<&str>,
    suggested: &[Criterion],
    now: i64,
) -> Result<Option<CriteriaChange>> {
    let before = round.criteria.clone();
    let after = criteria::parse(input, before.as_deref().unwrap_or(suggested))?;
    if before.as_ref() == Some(&after) {
        return Ok(None);
    }
    let mut change = None;
    if round.locked() {
        if !matches!(user.firm_role, FirmRole::Owner | FirmRole::Admin) {
            return Err(forbidden(LOCKED));
        }
        let reason = criteria::parse_reason(reason)?;
        change = Some(CriteriaChange {
            by: user.name.clone(),
            by_user: user.id,
            at: now,
            reason,
            before: before.unwrap_or_default(),
            after: after.clone(),
        });
        round.changes.extend(change.clone());
    }
    round.criteria = Some(after);
    round.criteria_version += 1;
    Ok(change)
}

/// One score as a request sends it.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScoreInput {
    pub criterion_id: String,
    /// 1 to 5; `null` for "did not see".
    pub score: Option<i64>,
    /// At most 1,000 characters.
    #[serde(default)]
    pub comment: String,
}

fn parse_scores(criteria: &[Criterion], input: &[ScoreInput]) -> Result<Vec<Score>> {
    let mut scores: Vec<Score> = Vec::new();
    for s in input {
        let Some(criterion) = criteria.iter().find(|c| c.id == s.criterion_id) else {
            return Err(bad_request(format!(
                "There is no criterion \"{}\" in this evaluation",
                crate::platform::upload::truncate(&s.criterion_id, 80)
            )));
        };
        if scores.iter().any(|k| k.criterion_id == criterion.id) {
            return Err(bad_request(format!(
                "\"{}\" is scored twice",
                criterion.name
            )));
        }
        if let Some(score) = s.score
            && !(1..=5).contains(&score)
        {
            return Err(bad_request(format!(
                "The score of \"{}\" must be 1 to 5, or \"Did not see\"",
                criterion.name
            )));
        }
        let comment = s.comment.trim();
        if comment.chars().count() > MAX_COMMENT {
            return Err(bad_request(format!(
                "A comment can be at most {MAX_COMMENT} characters (\"{}\")",
                criterion.name
            )));
        }
        scores.push(Score {
            criterion_id: criterion.id.clone(),
            score: s.score.map(|v| v as u8),
            comment: comment.to_string(),
        });
    }
    // In the criteria's order.
    scores.sort_by_key(|s| criteria.iter().position(|c| c.id == s.criterion_id));
    Ok(scores)
}

/// Refuses a scorecard that misses a criterion or scores none.
fn check_complete(criteria: &[Criterion], scores: &[Score]) -> Result<()> {
    if let Some(missing) = criteria
        .iter()
        .find(|c| !scores.iter().any(|s| s.criterion_id == c.id))
    {
        return Err(bad_request(format!(
            "\"{}\" has no score: give it 1 to 5, or mark it \"Did not see\"",
            missing.name
        )));
    }
    if scores.iter().all(|s| s.score.is_none()) {
        return Err(bad_request(
            "Give at least one score: a scorecard of only \"Did not see\" says nothing",
        ));
    }
    Ok(())
}

/// Saves the user's scorecard for the vendor: a draft, or a revision of a submitted one (which
/// must stay complete, and counts as submitted again now).
pub fn save_scorecard(
    round: &mut Round,
    user: &User,
    vendor_id: u64,
    input: &[ScoreInput],
    now: i64,
) -> Result<Scorecard> {
    let Some(criteria) = round.criteria.clone() else {
        return Err(conflict(NO_CRITERIA));
    };
    let scores = parse_scores(&criteria, input)?;
    let version = round.criteria_version;
    let pos = round
        .scorecards
        .iter()
        .position(|s| s.vendor_id == vendor_id && s.user_id == user.id);
    let submitted = pos.and_then(|p| round.scorecards[p].submitted_at).is_some();
    if submitted {
        check_complete(&criteria, &scores)?;
    }
    let card = Scorecard {
        vendor_id,
        user_id: user.id,
        by: user.name.clone(),
        scores,
        criteria_version: version,
        submitted_at: submitted.then_some(now),
        updated_at: now,
    };
    match pos {
        Some(p) => round.scorecards[p] = card.clone(),
        None => round.scorecards.push(card.clone()),
    }
    Ok(card)
}

/// Submits the user's saved scorecard for the vendor: every criterion needs an entry, and at
/// least one a score.
pub fn submit(round: &mut Round, user: &User, vendor_id: u64, now: i64) -> Result<Scorecard> {
    let Some(criteria) = round.criteria.clone() else {
        return Err(conflict(NO_CRITERIA));
    };
    let version = round.criteria_version;
    let Some(card) = round
        .scorecards
        .iter_mut()
        .find(|s| s.vendor_id == vendor_id && s.user_id == user.id)
    else {
        let first = criteria.first().map_or("", |c| c.name.as_str());
        return Err(bad_request(format!(
            "\"{first}\" has no score: give it 1 to 5, or mark it \"Did not see\""
        )));
    };
    card.scores
        .retain(|s| criteria.iter().any(|c| c.id == s.criterion_id));
    check_complete(&criteria, &card.scores)?;
    card.criteria_version = version;
    card.submitted_at = Some(now);
    card.updated_at = now;
    card.by = user.name.clone();
    Ok(card.clone())
}

/// Adds a reference call with the round's next id.
pub fn add_reference(round: &mut Round, mut reference: Reference) -> Reference {
    reference.id = round.references.iter().map(|r| r.id).max().unwrap_or(0) + 1;
    round.references.push(reference.clone());
    reference
}

/// Deletes reference `id`: its author, or an owner or admin.
pub fn delete_reference(round: &mut Round, user: &User, id: u64) -> Result<Reference> {
    let Some(pos) = round.references.iter().position(|r| r.id == id) else {
        return Err(not_found(format!(
            "There is no reference check with id {id}"
        )));
    };
    if round.references[pos].user_id != user.id && !user.firm_role.manages_firm() {
        return Err(forbidden(
            "Only the member who recorded a reference check, or an owner or admin, can delete it",
        ));
    }
    Ok(round.references.remove(pos))
}

/// Starts the next round with the last round's criteria and `incumbent` as the baseline. While
/// the latest round has no submitted scorecard it stays the round (it takes the incumbent if it
/// has none): asking twice starts one round. Answers whether a round began.
pub fn re_evaluate(
    rounds: &mut Vec<Round>,
    firm_id: u64,
    category_id: u64,
    incumbent: Option<u64>,
    now: i64,
) -> bool {
    match rounds.last_mut() {
        Some(last) if !last.locked() && last.closed.is_none() => {
            if last.incumbent.is_none() {
                last.incumbent = incumbent;
            }
            false
        }
        Some(last) => {
            let mut next = Round::new(firm_id, category_id, last.round + 1, now);
            next.criteria = last.criteria.clone();
            next.criteria_version = 1;
            next.incumbent = incumbent;
            rounds.push(next);
            true
        }
        None => {
            let mut first = Round::new(firm_id, category_id, 1, now);
            first.incumbent = incumbent;
            rounds.push(first);
            true
        }
    }
}
