//! What the firm routes read and answer.

use serde::{Deserialize, Serialize};

use crate::accounts::{Firm, FirmRole, User};
use crate::catalog::meetings::rfc3339;
use crate::firm_size::FirmSize;
use crate::profile::Onboarding;

/// A firm as its members see it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmView {
    pub id: u64,
    pub name: String,
    pub size: Option<FirmSize>,
    #[schema(format = DateTime)]
    pub created_at: String,
    /// Whether the firm counts as evidence for other firms.
    pub verified: bool,
    /// The onboarding answers; null until answered.
    pub onboarding: Option<Onboarding>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FirmEnvelope {
    pub firm: FirmView,
}

impl FirmView {
    pub fn of(firm: &Firm, onboarding: Option<Onboarding>) -> FirmView {
        FirmView {
            id: firm.id,
            name: firm.name.clone(),
            size: firm.size,
            created_at: rfc3339(firm.created_at),
            verified: firm.verified,
            onboarding,
        }
    }
}

/// PATCH /api/firm: the firm's name and size (owners and admins).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FirmUpdate {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    /// Absent leaves the size; null clears it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<FirmSize>)]
    pub size: Option<Option<String>>,
}

/// One member of the firm.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberView {
    pub user_id: u64,
    pub name: String,
    pub email: String,
    pub role: FirmRole,
    #[schema(format = DateTime)]
    pub joined_at: String,
    /// Whether this member is the person asking.
    pub is_you: bool,
}

impl MemberView {
    pub fn of(user: &User, me: u64) -> MemberView {
        MemberView {
            user_id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.firm_role,
            joined_at: rfc3339(user.created_at),
            is_you: user.id == me,
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Members {
    pub items: Vec<MemberView>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MemberEnvelope {
    pub member: MemberView,
}

/// PATCH /api/firm/members/{userId}.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleChange {
    #[schema(value_type = FirmRole)]
    pub role: String,
}

/// A firm as the operator sees it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminFirm {
    pub id: u64,
    pub name: String,
    pub size: Option<FirmSize>,
    #[schema(format = DateTime)]
    pub created_at: String,
    pub members: usize,
    pub verified: bool,
    pub disabled: bool,
}

impl AdminFirm {
    pub fn of(firm: &Firm, members: usize) -> AdminFirm {
        AdminFirm {
            id: firm.id,
            name: firm.name.clone(),
            size: firm.size,
            created_at: rfc3339(firm.created_at),
            members,
            verified: firm.verified,
            disabled: firm.disabled,
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct AdminFirms {
    pub items: Vec<AdminFirm>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct AdminFirmEnvelope {
    pub firm: AdminFirm,
}

/// PATCH /api/admin/firms/{id}.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdminFirmUpdate {
    #[serde(default)]
    pub verified: Option<bool>,
    #[serde(default)]
    pub disabled: Option<bool>,
}

/// Tells a field sent as null (`Some(None)`) from one left out (`None`, by `default`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}
