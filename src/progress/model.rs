//! What the progress route answers.

use serde::Serialize;

use crate::firm_size::FirmSize;

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
}
