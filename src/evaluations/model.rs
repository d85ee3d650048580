//! An evaluation as stored: one `Round` per (firm, category, round), holding the criteria, their
//! changes after the lock, every member's scorecard per vendor and the reference calls. A round
//! is read and written whole, in one transaction, so the lock (the first submitted scorecard)
//! and a criteria change can never cross. Stored as JSON in both backends, so a field added
//! later (with `#[serde(default)]`) still reads the rows written before it.

use serde::{Deserialize, Serialize};

/// One criterion: `id` is stable within the category (a slug of its first name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Criterion {
    pub id: String,
    pub name: String,
    /// 1..=100; a round's criteria add up to 100.
    pub weight: u8,
}

/// A change of criteria after they locked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CriteriaChange {
    /// The member's name then.
    pub by: String,
    pub by_user: u64,
    /// Unix seconds.
    pub at: i64,
    pub reason: String,
    pub before: Vec<Criterion>,
    pub after: Vec<Criterion>,
}

/// One score: 1..=5, or `None` for "did not see".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub criterion_id: String,
    pub score: Option<u8>,
    pub comment: String,
}

/// One member's scorecard for one vendor: a draft until submitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scorecard {
    pub vendor_id: u64,
    pub user_id: u64,
    /// The member's name then.
    pub by: String,
    pub scores: Vec<Score>,
    /// The round's `criteria_version` when it was last saved.
    pub criteria_version: u32,
    /// Unix seconds of the (last) submission; `None` while a draft.
    pub submitted_at: Option<i64>,
    pub updated_at: i64,
}

/// A reference call a member recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reference {
    /// Unique within the round.
    pub id: u64,
    pub vendor_id: u64,
    pub user_id: u64,
    /// The member's name then.
    pub by: String,
    pub firm_called: String,
    pub firm_size: String,
    /// YYYY-MM-DD.
    pub date: String,
    pub questions: Vec<(String, String)>,
    pub at: i64,
}

/// One round of a category's evaluation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub firm_id: u64,
    pub category_id: u64,
    /// 1, then one more per "Re-evaluate".
    pub round: u32,
    pub started_at: i64,
    /// The firm's tool in the category when the round began (a re-evaluation's baseline).
    pub incumbent: Option<u64>,
    /// `None` until the firm saves criteria (the suggestions are shown until then).
    pub criteria: Option<Vec<Criterion>>,
    /// One more at every save of the criteria: a scorecard made under an older one after the
    /// lock is "under old criteria".
    pub criteria_version: u32,
    pub changes: Vec<CriteriaChange>,
    /// By (vendor, user).
    pub scorecards: Vec<Scorecard>,
    /// By id.
    pub references: Vec<Reference>,
    /// Set when the round closes: a decision proposed from it, or its owner closing it. Nothing
    /// of a closed round changes again, so the decision's reason, its record and the evaluation
    /// show the same figures for good; scoring again is a new round ("Re-evaluate").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<Closure>,
}

/// How a round closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closure {
    pub at: i64,
    pub by_user: u64,
    /// The person's name then.
    pub by: String,
    /// The decision proposed from the round; `None` when its owner closed it without one.
    pub decision_id: Option<u64>,
}

impl Round {
    pub fn new(firm_id: u64, category_id: u64, round: u32, at: i64) -> Round {
        Round {
            firm_id,
            category_id,
            round,
            started_at: at,
            incumbent: None,
            criteria: None,
            criteria_version: 0,
            changes: Vec::new(),
            scorecards: Vec::new(),
            references: Vec::new(),
            closed: None,
        }
    }

    /// Locked once the first scorecard of the round is submitted.
    pub fn locked(&self) -> bool {
        self.scorecards.iter().any(|s| s.submitted_at.is_some())
    }

    /// A submitted scorecard made under criteria changed since.
    pub fn under_old_criteria(&self, card: &Scorecard) -> bool {
        card.submitted_at.is_some() && card.criteria_version < self.criteria_version
    }

    pub fn scorecard(&self, vendor_id: u64, user_id: u64) -> Option<&Scorecard> {
        self.scorecards
            .iter()
            .find(|s| s.vendor_id == vendor_id && s.user_id == user_id)
    }

    /// The vendor's submitted scorecards, by submission time then id of their author.
    pub fn submitted(&self, vendor_id: u64) -> Vec<&Scorecard> {
        let mut cards: Vec<&Scorecard> = self
            .scorecards
            .iter()
            .filter(|s| s.vendor_id == vendor_id && s.submitted_at.is_some())
            .collect();
        cards.sort_by_key(|s| (s.submitted_at, s.user_id));
        cards
    }
}
