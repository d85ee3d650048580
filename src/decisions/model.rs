//! A decision as stored, and its requests parsed into valid values. The record (what is hashed and
//! approved) is built from it and the live data by `record.rs`; the approvals are kept beside it
//! and are never part of the record.

use serde::{Deserialize, Serialize};

use crate::platform::error::{Result, bad_request};

pub const MAX_REASONS: usize = 4_000;
pub const MAX_COMMENT: usize = 2_000;
/// A billion dollars, in cents (as contracts): more is a typo.
pub const MAX_ANNUAL_COST: u64 = 100_000_000_000;

/// Where a decision stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DecisionStatus {
    /// Proposed, waiting for its approvers.
    Open,
    /// Every approver approved the current version: frozen.
    Final,
}

/// Someone who must approve, by their name when they were named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approver {
    pub user_id: u64,
    pub name: String,
}

/// An approver's answer to one version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    Approved,
    Objected,
}

/// One approval or objection, bound to the version's hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approval {
    pub user_id: u64,
    /// Their name then.
    pub name: String,
    pub verdict: Verdict,
    pub hash: String,
    pub version: u32,
    pub comment: String,
    /// Unix seconds.
    pub at: i64,
}

/// What became of the tech stack when the decision went final.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TechStep {
    /// Not final yet.
    Pending,
    /// The category had no tool: the chosen vendor is its primary tool now.
    Added,
    /// The chosen vendor was the category's tool already.
    AlreadyThere,
    /// Another tool is there: an owner or admin is asked whether to replace it.
    NeedsConfirmation { current: String },
    /// The chosen vendor replaced this tool.
    Replaced { old: String },
    /// The chosen vendor was added beside the tool that is there (which stays primary).
    AddedBeside { current: String },
}

/// The decision's fields an owner or admin proposes and edits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub category_id: u64,
    pub vendor_id: u64,
    pub runner_up_id: Option<u64>,
    pub reasons: String,
    /// Cents.
    pub annual_cost: u64,
    /// YYYY-MM-DD.
    pub start_date: String,
    pub approvers: Vec<Approver>,
}

/// A decision (redb DECISIONS, (firm id, decision id); PostgreSQL `decisions`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub id: u64,
    pub firm_id: u64,
    pub terms: Terms,
    /// The owner or admin who proposed it, by their name then.
    pub proposed_by: String,
    pub proposed_at: i64,
    pub status: DecisionStatus,
    pub final_at: Option<i64>,
    /// Oldest first; an approver's latest one counts.
    pub approvals: Vec<Approval>,
    pub tech_step: TechStep,
}

impl Decision {
    /// Each approver's latest answer, in the approvers' order.
    pub fn latest(&self, user_id: u64) -> Option<&Approval> {
        self.approvals.iter().rev().find(|a| a.user_id == user_id)
    }

    /// Whether every approver approved the version of `hash`.
    pub fn all_approved(&self, hash: &str) -> bool {
        !self.terms.approvers.is_empty()
            && self.terms.approvers.iter().all(|p| {
                self.latest(p.user_id)
                    .is_some_and(|a| a.verdict == Verdict::Approved && a.hash == hash)
            })
    }
}

/// One stored version of a record (redb DECISION_VERSIONS, (firm, decision, n); PostgreSQL
/// `decision_versions`): its canonical text, that text's SHA-256, and when it was stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Version {
    pub firm_id: u64,
    pub decision_id: u64,
    pub n: u32,
    pub content: String,
    pub hash: String,
    pub created_at: i64,
}

/// `POST /api/decisions` and `PUT /api/decisions/{id}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecisionRequest {
    #[schema(value_type = u64, required = true)]
    pub category_id: Option<u64>,
    /// The chosen vendor: in the category and on the firm's shortlist.
    #[schema(value_type = u64, required = true)]
    pub vendor_id: Option<u64>,
    /// In the category, on the shortlist, not the chosen vendor.
    pub runner_up_id: Option<u64>,
    /// 1 to 4,000 characters.
    #[schema(value_type = String, required = true)]
    pub reasons: Option<String>,
    /// Cents, a whole number from 0.
    #[schema(value_type = i64, required = true)]
    pub annual_cost: Option<i64>,
    /// YYYY-MM-DD.
    #[schema(value_type = String, required = true)]
    pub start_date: Option<String>,
    /// Members of the firm who are not viewers; absent or empty: the firm's owners.
    pub approvers: Option<Vec<u64>>,
}

/// A `DecisionRequest` with its plain values checked (the catalog, shortlist and member checks
/// come after, in `routes.rs`).
#[derive(Debug, Clone)]
pub struct Parsed {
    pub category_id: u64,
    pub vendor_id: u64,
    pub runner_up_id: Option<u64>,
    pub reasons: String,
    pub annual_cost: u64,
    pub start_date: String,
    pub approvers: Vec<u64>,
}

pub fn parse(request: DecisionRequest) -> Result<Parsed> {
    let category_id = request
        .category_id
        .ok_or_else(|| bad_request("categoryId is required"))?;
    let vendor_id = request
        .vendor_id
        .ok_or_else(|| bad_request("vendorId is required: the vendor the firm chooses"))?;
    if request.runner_up_id == Some(vendor_id) {
        return Err(bad_request(
            "runnerUpId must be another vendor than the chosen one (vendorId)",
        ));
    }
    let reasons = request.reasons.unwrap_or_default().trim().to_string();
    if reasons.is_empty() {
        return Err(bad_request("reasons are required: say why this vendor"));
    }
    if reasons.chars().count() > MAX_REASONS {
        return Err(bad_request("reasons can be at most 4,000 characters"));
    }
    let annual_cost = match request.annual_cost {
        None => return Err(bad_request("annualCost is required (cents, e.g. 1200000)")),
        Some(c) if c < 0 => return Err(bad_request("annualCost cannot be negative")),
        Some(c) if c as u64 > MAX_ANNUAL_COST => {
            return Err(bad_request(
                "annualCost is too large (cents, at most a billion dollars)",
            ));
        }
        Some(c) => c as u64,
    };
    let raw = request.start_date.unwrap_or_default();
    let raw = raw.trim();
    let start_date = chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .filter(|d| raw.len() == 10 && (2000..=2100).contains(&chrono::Datelike::year(d)))
        .ok_or_else(|| {
            bad_request("startDate must be a day written YYYY-MM-DD (e.g. 2026-03-01)")
        })?;
    let mut approvers = Vec::new();
    for id in request.approvers.unwrap_or_default() {
        if !approvers.contains(&id) {
            approvers.push(id);
        }
    }
    Ok(Parsed {
        category_id,
        vendor_id,
        runner_up_id: request.runner_up_id,
        reasons,
        annual_cost,
        start_date: start_date.format("%Y-%m-%d").to_string(),
        approvers,
    })
}

/// `POST /api/decisions/{id}/approve` and `/object`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerdictRequest {
    /// The hash of the version the approver read.
    #[schema(value_type = String, required = true)]
    pub version_hash: Option<String>,
    /// Required to object (1 to 2,000 characters); optional to approve.
    pub comment: Option<String>,
}

/// The version hash and comment of a verdict, checked.
pub fn parse_verdict(request: VerdictRequest, verdict: Verdict) -> Result<(String, String)> {
    let hash = request
        .version_hash
        .unwrap_or_default()
        .trim()
        .to_lowercase();
    if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad_request(
            "versionHash must be the 64 hex digits of the version you read",
        ));
    }
    let comment = request.comment.unwrap_or_default().trim().to_string();
    if verdict == Verdict::Objected && comment.is_empty() {
        return Err(bad_request("Say why you object (comment)"));
    }
    if comment.chars().count() > MAX_COMMENT {
        return Err(bad_request("A comment can be at most 2,000 characters"));
    }
    Ok((hash, comment))
}

/// `POST /api/decisions/{id}/tech-stack`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TechStackRequest {
    /// true: the chosen vendor replaces the current tool; false: it is added beside it.
    #[schema(value_type = bool, required = true)]
    pub replace: Option<bool>,
}
