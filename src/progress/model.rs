//! What the progress route answers.

use serde::Serialize;

use crate::platform::firm_size::FirmSize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StageStatus {
    Completed,
    InProgress,
    NotStarted,
}

/// What the firm has in a category, each a reason for its status (Completed: `tool`,
/// `final_decision`; In Progress: the others).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StageReason {
    /// The firm's tech stack has a tool for the category.
    Tool,
    /// A decision in the category is final.
    FinalDecision,
    /// A decision in the category waits for its approvers.
    OpenDecision,
    /// The firm has started an evaluation of the category.
    Evaluation,
    /// Vendors of the category are on the firm's shortlist.
    Shortlist,
    /// The stage shows picks.
    Picks,
    /// The firm answered the category's questionnaire.
    Questionnaire,
}

/// One stage (or category outside the stages) of the overview.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageOverview {
    pub stage: Option<u8>,
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    pub status: StageStatus,
    /// Why it has that status, in the order above; empty for Not Started.
    pub reasons: Vec<StageReason>,
    /// How many picks the stage shows.
    pub picks: usize,
}

/// Progress through the litigation stages, and the categories outside them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Overview {
    /// Stages with a tool in the tech stack or a final decision.
    pub stages_completed: usize,
    /// Stages with picks, a questionnaire, shortlist entries, an evaluation or an open decision,
    /// and not completed.
    pub stages_in_progress: usize,
    pub total_stages: usize,
    /// Stages the firm's tech stack has a tool for (part of the completed ones).
    pub stages_with_tool: usize,
    /// The firm size its peers are compared by; null when neither the profile nor onboarding
    /// gives one.
    pub firm_size: Option<FirmSize>,
    /// How many stages other firms of that size usually have a tool for (the median of those
    /// that answered every stage); null below 5 such firms or without a size.
    pub usual_stages: Option<u32>,
    pub stages: Vec<StageOverview>,
    /// The categories that are not a stage ("Across the firm"), by id; never counted in the
    /// progress.
    pub others: Vec<StageOverview>,
    /// The one suggested next step for the caller; null when none applies.
    pub next_step: Option<NextStep>,
}

/// What the suggested next step asks of the caller (the first that applies, in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NextStepKind {
    /// An open decision waits for the caller's approval of its current version.
    ApproveDecision,
    /// A contract's opt-out deadline is within 30 days.
    RenewalNotice,
    /// Three or more vendors of a category are shortlisted and it has no evaluation.
    StartEvaluation,
    /// The firm has one member, and the caller may invite (owners and admins).
    InviteColleague,
    /// The first stage not started: its questionnaire.
    AnswerQuestionnaire,
}

/// One suggested next step for the caller, only ever one their role may take.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextStep {
    pub kind: NextStepKind,
    /// The category it is about (approve, evaluate, questionnaire, and the contract's tool's).
    pub category_id: Option<u64>,
    pub category_name: Option<String>,
    /// The category's label: what a screen shows.
    pub category_label: Option<String>,
    /// The decision waiting for approval.
    pub decision_id: Option<u64>,
    /// The decided vendor, or the tool whose contract renews.
    pub vendor_name: Option<String>,
    /// The contract's opt-out deadline (YYYY-MM-DD).
    pub notice_date: Option<String>,
    /// Whole days until that deadline (0 to 30).
    pub days_until: Option<i64>,
    /// How many vendors of the category are shortlisted (start an evaluation).
    pub shortlisted: Option<usize>,
}
