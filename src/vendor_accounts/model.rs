//! What the vendor accounts keep: the people who keep a listing, their sessions, the links that
//! invite them or prove their address, the changes they propose and what they are told.

use serde::{Deserialize, Serialize};

/// A person who keeps a vendor's listing. Never a member of a firm, never the operator.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub id: u64,
    pub vendor_id: u64,
    pub name: String,
    /// As typed (trimmed); `email_key` is its lower-cased form, unique across vendor accounts.
    pub email: String,
    pub email_key: String,
    pub password_hash: String,
    pub created_at: i64,
    /// The operator who invited them, or `None` for a claim by the listing's domain.
    pub invited_by: Option<u64>,
    /// An authenticator app's secret, once confirmed (`confirmed`), and the last step accepted.
    #[serde(default)]
    pub totp: Option<Totp>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Totp {
    pub secret: Vec<u8>,
    pub confirmed: bool,
    pub last_step: Option<u64>,
    /// The SHA-256 of each recovery code not used yet, in hex (the codes are shown once).
    #[serde(default)]
    pub recovery: Vec<String>,
}

impl Account {
    pub fn has_factor(&self) -> bool {
        self.totp.as_ref().is_some_and(|t| t.confirmed)
    }
}

/// A signed-in browser of a vendor account, by the SHA-256 of its token.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    /// What the sessions list names it by (random; the token's hash is never shown).
    pub id: u64,
    pub account_id: u64,
    pub created_at: i64,
    pub expires_at: i64,
    /// The browser and system it says it is ("Firefox on Windows").
    pub device: String,
    /// Its last use, written back at most every `TOUCH_EVERY_SECS` (0 in a session stored before
    /// it was kept: its start counts).
    #[serde(default)]
    pub last_seen: i64,
}

impl Session {
    /// Whether the session is still open at `now`: by the rule every session follows, a firm's
    /// too (`SessionLimits`: idle and absolute ends), and before the end it was given.
    pub fn is_open(&self, limits: crate::platform::caller::SessionLimits, now: i64) -> bool {
        self.expires_at > now && !limits.expired(self.created_at, self.last_used(), now)
    }

    pub fn last_used(&self) -> i64 {
        self.last_seen.max(self.created_at)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LinkKind {
    /// The operator invited the address.
    Invitation,
    /// The person claimed the listing with an address at its domain.
    Claim,
}

/// A mailed link that makes an account for its address, once, until it expires.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub kind: LinkKind,
    pub vendor_id: u64,
    pub email: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub invited_by: Option<u64>,
}

/// How long a mailed link works.
pub const LINK_DAYS: i64 = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProposalStatus)]
pub enum Status {
    /// Waits for the operator.
    Open,
    Approved,
    Rejected,
    /// The person withdrew it before a decision.
    Withdrawn,
}

/// A change to a listing's facts a vendor proposed: `changes` is the request's JSON as checked
/// (`proposals::Changes`), applied as it is when the operator approves.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Proposal {
    pub id: u64,
    pub vendor_id: u64,
    pub account_id: u64,
    /// The person's name then: the operator sees who proposed it; firms never do.
    pub by_name: String,
    pub changes: serde_json::Value,
    pub submitted_at: i64,
    pub status: Status,
    pub decided_at: Option<i64>,
    pub decided_by: Option<u64>,
    pub reason: Option<String>,
    /// What it changed (or would have) against the listing at the decision: kept, since the
    /// listing moves on and an approved proposal equals it.
    #[serde(default)]
    pub decided_changes: Option<Vec<super::proposals::FieldChange>>,
    /// The facts decided one by one so far, each with its decision (the rest wait); once every
    /// fact is, the proposal is decided.
    #[serde(default)]
    pub fact_decisions: Vec<super::proposals::FieldChange>,
}

/// What a vendor account is told, under its bell.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub id: u64,
    pub title: String,
    pub body: String,
    pub created_at: i64,
    pub read: bool,
}

/// How often an operator is mailed about one vendor's proposals: at most once in this many
/// seconds; a proposal in between is told only under the bell.
pub const PROPOSAL_MAIL_EVERY_SECS: i64 = 3600;

/// That an operator was mailed about a vendor's proposals (keyed by both): until `until` the next
/// proposal's notice goes only under the bell. Swept once past (`Docs::sweep`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposalMailed {
    pub until: i64,
}
