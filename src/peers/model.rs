//! The coverage map's answer (`GET /api/profile/coverage`).

use serde::Serialize;

use super::shown::ShownCount;
use crate::platform::firm_size::FirmSize;
use crate::techstack::context::SizeSource;

/// `GET /api/profile/coverage`: the firm's coverage map.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Coverage {
    /// The firm size compared with; null when neither the profile nor onboarding gives one.
    pub firm_size: Option<FirmSize>,
    /// Where the size came from: the profile, else the onboarding answers (employees).
    pub size_source: SizeSource,
    /// Other firms of that size with a saved tech stack (never the user's own firm); null when
    /// the size is unknown.
    pub peer_firms: Option<ShownCount>,
    pub headline: CoverageHeadline,
    /// The nine stage categories, in stage order.
    pub stages: Vec<CoverageItem>,
    /// The categories outside the stages, by name.
    pub others: Vec<CoverageItem>,
}

/// "Your tech stack covers 5 of 9 stages; firms your size usually cover 7".
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageHeadline {
    /// Stages the firm answered Yes.
    pub stages_covered: u32,
    /// Stages the firm has not answered.
    pub stages_unanswered: u32,
    pub stage_count: u32,
    /// The median number of stages covered by other firms of its size that answered every stage;
    /// null below 5 such firms or when the size is unknown.
    pub usual_stages: Option<u32>,
}

/// One category of the map.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageItem {
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    /// Stage 1-9, null for the other categories.
    pub stage: Option<u8>,
    /// The firm's answer: true (has a tool), false (none) or null (not answered).
    pub has_tool: Option<bool>,
    /// Percent of other firms of its size, among those that answered this category, that have a
    /// tool; null when fewer than 5 answered ("not enough firms yet") or the size is unknown.
    pub peer_share: Option<u32>,
}
