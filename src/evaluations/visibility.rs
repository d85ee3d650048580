//! Who sees whose scores (issue 44): the one rule every route that renders an evaluation's scores
//! asks, per vendor of a round. While a round is open, a person sees others' scores and comments
//! once they submitted their own scorecard for the vendor in that round (no anchoring); an
//! approver of an open decision on the round who has not scored sees the disagreement flags and,
//! where two or more people scored, the weighted total (one scorecard's total would be that
//! person's scores), never a scorecard or a comment; everyone else of the firm (viewers, who
//! never score, and whoever has not scored) sees them once a decision on the round is final, or
//! once an owner or admin closed the round without one. A round closes when a decision is proposed
//! from it (`Round::closed`), so no total an approver sees moves after they first see it.
//!
//! The stored decision versions are never changed (they are hashed): what a caller may not see is
//! taken out when a version is rendered for them (`redact_value`), and the answer says so.

use serde_json::Value;

use crate::platform::caller::FirmRole;

use super::model::Round;
use super::record::RecordVendor;

/// Shown to a person who may still score the round, for a vendor they have not submitted.
pub const SCORES_HIDDEN: &str = "Scores appear after you submit yours";
/// Shown to whoever cannot score the round (a viewer; anyone in an earlier round).
pub const SCORES_HIDDEN_UNTIL_FINAL: &str = "Scores and comments appear once the decision is final";
/// Shown to an approver who has not scored the vendor.
pub const SCORES_SUMMARY: &str = "Scores and comments appear once the decision is final: until \
                                  then you see the weighted total (from two scorecards) and where \
                                  people disagree";

/// How much of a vendor's scores a caller sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Every scorecard, score and comment, the weighted total and the flags.
    All,
    /// The disagreement flags, and the weighted total when two or more people scored.
    Summary,
    /// Nothing of the scores.
    Hidden,
}

/// The caller's access to one vendor's scores, and why not all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub access: Access,
    /// The line to show when the access is not `All`.
    pub note: Option<&'static str>,
}

/// Who is asking.
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    pub user_id: u64,
    pub role: FirmRole,
}

impl Caller {
    pub fn of(user: &crate::platform::caller::User) -> Caller {
        Caller {
            user_id: user.id,
            role: user.firm_role,
        }
    }
}

/// What the firm's decisions say about a round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundFacts {
    /// A decision on this round is final: everyone of the firm sees its scores.
    pub decided: bool,
    /// The approvers of an open decision on this round.
    pub approvers: Vec<u64>,
    /// The round is the latest of its category: it can still be scored.
    pub latest: bool,
    /// The decision (id, proposed at) that holds the round: a final one made from it, or the
    /// category's open one (it holds the latest round). Rounds close when a decision is proposed
    /// (`Round::closed`); this also closes the rounds decisions held before rounds closed.
    pub held_by: Option<(u64, i64)>,
}

/// What the firm's decisions in a category say about its rounds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CategoryDecisions {
    /// The rounds a final decision holds (its frozen record's round).
    pub decided_rounds: Vec<u32>,
    /// The approvers of the category's open decision, if one is open (its record follows the
    /// latest round).
    pub open_approvers: Vec<u64>,
    /// The category's open decision (id, proposed at), if one is open.
    pub open_decision: Option<(u64, i64)>,
    /// Each final decision's round, with the decision (round, id, proposed at).
    pub decided: Vec<(u32, u64, i64)>,
}

impl CategoryDecisions {
    /// The facts of round `round`, `latest` the category's latest round.
    pub fn facts(&self, round: u32, latest: u32) -> RoundFacts {
        RoundFacts {
            decided: self.decided_rounds.contains(&round),
            approvers: if round >= latest {
                self.open_approvers.clone()
            } else {
                Vec::new()
            },
            latest: round >= latest,
            held_by: self
                .decided
                .iter()
                .find(|(r, _, _)| *r == round)
                .map(|&(_, id, at)| (id, at))
                .or(self.open_decision.filter(|_| round >= latest)),
        }
    }
}

/// How the evaluations read a category's decisions (store, firm, category id).
type ReadDecisions = dyn Fn(
        &crate::platform::store::Store,
        crate::platform::firm_id::FirmId,
        u64,
    ) -> crate::platform::error::Result<CategoryDecisions>
    + Send
    + Sync;

/// Reads a category's decisions for the evaluations (set by the app: `decisions/` sits above
/// `evaluations/`, so the evaluations are told how to ask, as `FirmChanged` tells the accounts).
#[derive(Clone)]
pub struct DecisionsOf(std::sync::Arc<ReadDecisions>);

impl DecisionsOf {
    pub fn new(
        read: impl Fn(
            &crate::platform::store::Store,
            crate::platform::firm_id::FirmId,
            u64,
        ) -> crate::platform::error::Result<CategoryDecisions>
        + Send
        + Sync
        + 'static,
    ) -> DecisionsOf {
        DecisionsOf(std::sync::Arc::new(read))
    }

    pub fn read(
        &self,
        store: &crate::platform::store::Store,
        firm: crate::platform::firm_id::FirmId,
        category_id: u64,
    ) -> crate::platform::error::Result<CategoryDecisions> {
        (self.0)(store, firm, category_id)
    }
}

/// THE rule: how much of `vendor_id`'s scores in `round` the caller sees.
pub fn seen(caller: Caller, round: &Round, facts: &RoundFacts, vendor_id: u64) -> Seen {
    let all = Seen {
        access: Access::All,
        note: None,
    };
    // A round closed without a decision is over: no one scores it again, so no one anchors on it.
    let over = round
        .closed
        .as_ref()
        .is_some_and(|c| c.decision_id.is_none());
    if facts.decided || over {
        return all;
    }
    let submitted = round
        .scorecard(vendor_id, caller.user_id)
        .is_some_and(|c| c.submitted_at.is_some());
    if submitted {
        return all;
    }
    if facts.approvers.contains(&caller.user_id) {
        return Seen {
            access: Access::Summary,
            note: Some(SCORES_SUMMARY),
        };
    }
    let closed = round.closed.is_some() || facts.held_by.is_some();
    let may_score = caller.role != FirmRole::Viewer && facts.latest && !closed;
    Seen {
        access: Access::Hidden,
        note: Some(if may_score {
            SCORES_HIDDEN
        } else {
            SCORES_HIDDEN_UNTIL_FINAL
        }),
    }
}

/// The weighted total a summary shows: only from two or more scorecards.
pub fn summary_total(submitted: usize, weighted: Option<u8>) -> Option<u8> {
    if submitted >= 2 { weighted } else { None }
}

/// Takes out of a record's vendor what `seen` does not let the caller see.
pub fn redact_vendor(v: &mut RecordVendor, seen: Seen) {
    match seen.access {
        Access::All => return,
        Access::Summary => {
            v.weighted_score = summary_total(v.scorecards.len(), v.weighted_score);
        }
        Access::Hidden => {
            v.weighted_score = None;
            v.disagreements.clear();
        }
    }
    v.scorecards.clear();
    v.scores_hidden = seen.note.map(str::to_string);
}

/// Takes out of a record's `evaluation` (a stored version's JSON, whatever its age) what the
/// caller may not see, per vendor (`seen_of(vendor id)`); each vendor so redacted gets a
/// `scoresHidden` line. Answers the first such line, if any vendor was redacted.
pub fn redact_value(evaluation: &mut Value, seen_of: impl Fn(u64) -> Seen) -> Option<String> {
    let mut note = None;
    let vendors = evaluation
        .get_mut("vendors")
        .and_then(Value::as_array_mut)?;
    for v in vendors {
        let id = match &v["vendorId"] {
            Value::String(s) => s.parse::<u64>().ok(),
            other => other.as_u64(),
        };
        // A vendor the record names without a readable id is no one's to see early.
        let seen = id.map(&seen_of).unwrap_or(Seen {
            access: Access::Hidden,
            note: Some(SCORES_HIDDEN_UNTIL_FINAL),
        });
        let Some(map) = v.as_object_mut() else {
            continue;
        };
        let submitted = map
            .get("scorecards")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        match seen.access {
            Access::All => continue,
            Access::Summary => {
                let total = map.get("weightedScore").and_then(Value::as_u64);
                let kept = summary_total(submitted, total.map(|t| t as u8));
                map.insert(
                    "weightedScore".into(),
                    kept.map_or(Value::Null, Value::from),
                );
            }
            Access::Hidden => {
                map.insert("weightedScore".into(), Value::Null);
                map.insert("disagreements".into(), Value::Array(Vec::new()));
            }
        }
        map.insert("scorecards".into(), Value::Array(Vec::new()));
        let line = seen.note.unwrap_or(SCORES_HIDDEN_UNTIL_FINAL);
        map.insert("scoresHidden".into(), Value::from(line));
        note.get_or_insert_with(|| line.to_string());
    }
    note
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluations::model::{Score, Scorecard};

    fn round(cards: &[(u64, u64, bool)]) -> Round {
        let mut r = Round::new(1, 2, 1, 0);
        for &(vendor_id, user_id, submitted) in cards {
            r.scorecards.push(Scorecard {
                vendor_id,
                user_id,
                by: format!("user {user_id}"),
                scores: vec![Score {
                    criterion_id: "price".into(),
                    score: Some(3),
                    comment: "secret".into(),
                }],
                criteria_version: 1,
                submitted_at: submitted.then_some(10),
                updated_at: 10,
            });
        }
        r
    }

    fn caller(user_id: u64, role: FirmRole) -> Caller {
        Caller { user_id, role }
    }

    #[test]
    fn the_rule_per_role_and_state() {
        let r = round(&[(7, 1, true), (7, 2, true), (7, 3, false)]);
        let open = RoundFacts {
            decided: false,
            approvers: vec![4],
            latest: true,
            held_by: Some((1, 0)),
        };
        let access = |c: Caller, f: &RoundFacts| seen(c, &r, f, 7).access;
        // A scorer who submitted sees all; one with a draft, or none, sees nothing.
        assert_eq!(access(caller(1, FirmRole::Member), &open), Access::All);
        assert_eq!(access(caller(3, FirmRole::Member), &open), Access::Hidden);
        assert_eq!(access(caller(5, FirmRole::Owner), &open), Access::Hidden);
        // A viewer sees nothing until final, however many submitted.
        let viewer = seen(caller(6, FirmRole::Viewer), &r, &open, 7);
        assert_eq!(viewer.access, Access::Hidden);
        assert_eq!(viewer.note, Some(SCORES_HIDDEN_UNTIL_FINAL));
        // An approver who has not scored: the summary.
        assert_eq!(access(caller(4, FirmRole::Member), &open), Access::Summary);
        // Submitted for another vendor only: still hidden for this one.
        let other = round(&[(8, 3, true)]);
        assert_eq!(
            seen(caller(3, FirmRole::Member), &other, &open, 7).access,
            Access::Hidden
        );
        // Final: everyone.
        let done = RoundFacts {
            decided: true,
            ..open.clone()
        };
        for c in [caller(6, FirmRole::Viewer), caller(3, FirmRole::Member)] {
            assert_eq!(access(c, &done), Access::All);
        }
        // An earlier round can no longer be scored: its note says final.
        let earlier = RoundFacts {
            latest: false,
            ..RoundFacts::default()
        };
        assert_eq!(
            seen(caller(3, FirmRole::Member), &r, &earlier, 7).note,
            Some(SCORES_HIDDEN_UNTIL_FINAL)
        );
    }

    #[test]
    fn a_redacted_value_keeps_no_scorecard_and_one_cards_total_only_when_two() {
        let mut v = serde_json::json!({ "vendors": [
            { "vendorId": "7", "weightedScore": 50, "disagreements": ["price"],
              "scorecards": [{ "by": "Ann" }, { "by": "Bo" }] },
            { "vendorId": "8", "weightedScore": 75, "disagreements": [],
              "scorecards": [{ "by": "Ann" }] },
            { "vendorId": "9", "weightedScore": 75, "disagreements": [],
              "scorecards": [{ "by": "Ann" }] },
        ]});
        let note = redact_value(&mut v, |id| match id {
            9 => Seen {
                access: Access::All,
                note: None,
            },
            _ => Seen {
                access: Access::Summary,
                note: Some(SCORES_SUMMARY),
            },
        });
        assert_eq!(note.as_deref(), Some(SCORES_SUMMARY));
        assert_eq!(v["vendors"][0]["weightedScore"], 50);
        assert_eq!(v["vendors"][0]["disagreements"][0], "price");
        assert_eq!(v["vendors"][0]["scorecards"], serde_json::json!([]));
        assert_eq!(v["vendors"][1]["weightedScore"], Value::Null);
        assert_eq!(v["vendors"][2]["scorecards"][0]["by"], "Ann");
        assert!(v["vendors"][2].get("scoresHidden").is_none());
    }
}
