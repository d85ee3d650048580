//! The firm: the unit that decides. Every account belongs to exactly one firm, with a role in it;
//! what the firm decides (tech stack, shortlist, picks, history, onboarding answers) is keyed by
//! the firm's id, so all its members see and change the same data.

use serde::{Deserialize, Serialize};

use crate::platform::error::{AppError, Result, bad_request, forbidden};
use crate::platform::firm_size::FirmSize;

use crate::platform::firm_id::FirmId;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Firm {
    pub id: FirmId,
    pub name: String,
    pub size: Option<FirmSize>,
    /// Unix seconds.
    pub created_at: i64,
    /// Only verified firms count as evidence for other firms (peer counts, shares, outcomes).
    pub verified: bool,
    /// A disabled firm's members cannot sign in.
    pub disabled: bool,
}

/// A person's role in their firm. The install's operator (`User::is_admin`) is another thing: a
/// role of the install, not of a firm.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum FirmRole {
    /// Everything an admin can, and making or unmaking owners. A firm always has one.
    Owner,
    /// Manages the members and the firm's details.
    Admin,
    /// Uses everything.
    Member,
    /// Reads everything of the firm, writes nothing.
    Viewer,
}

impl FirmRole {
    pub const ALL: [FirmRole; 4] = [
        FirmRole::Owner,
        FirmRole::Admin,
        FirmRole::Member,
        FirmRole::Viewer,
    ];

    pub fn code(self) -> &'static str {
        match self {
            FirmRole::Owner => "owner",
            FirmRole::Admin => "admin",
            FirmRole::Member => "member",
            FirmRole::Viewer => "viewer",
        }
    }

    pub fn from_code(code: &str) -> Option<FirmRole> {
        FirmRole::ALL.into_iter().find(|r| r.code() == code)
    }

    /// A role as a request names it; an unknown one is a 400 listing the valid ones.
    pub fn parse(raw: &str) -> Result<FirmRole> {
        FirmRole::from_code(raw.trim())
            .ok_or_else(|| bad_request("Role must be one of owner, admin, member, viewer"))
    }

    /// Owners and admins manage the members and the firm's details.
    pub fn manages_firm(self) -> bool {
        matches!(self, FirmRole::Owner | FirmRole::Admin)
    }

    /// Refuses a viewer: the one check every write of the firm's data goes through.
    pub fn may_write(self) -> Result<(), AppError> {
        if self == FirmRole::Viewer {
            return Err(forbidden(VIEWER_WRITES));
        }
        Ok(())
    }

    /// Refuses members and viewers.
    pub fn may_manage(self) -> Result<(), AppError> {
        if !self.manages_firm() {
            return Err(forbidden(MANAGERS_ONLY));
        }
        Ok(())
    }
}

pub const VIEWER_WRITES: &str = "Viewers can read everything of the firm but change nothing. Ask an owner or admin for the member role.";
pub const MANAGERS_ONLY: &str = "Only the firm's owners and admins can do this.";

/// What the API shows of a person's firm beside them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FirmSummary {
    pub id: u64,
    pub name: String,
    pub size: Option<FirmSize>,
}

impl From<&Firm> for FirmSummary {
    fn from(f: &Firm) -> Self {
        FirmSummary {
            id: f.id.get(),
            name: f.name.clone(),
            size: f.size,
        }
    }
}
