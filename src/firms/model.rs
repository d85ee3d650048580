//! What the firm routes read and answer.

use serde::{Deserialize, Serialize};

use crate::accounts::audit::{AuditAction, AuditEntry};
use crate::accounts::links::Invitation;
use crate::accounts::settings::SignUpMode;
use crate::platform::caller::{Firm, FirmRole, User};
use crate::platform::clock::rfc3339;
use crate::platform::firm_size::FirmSize;
use crate::profile::Onboarding;
use crate::profile::model::OnboardingAnswers;

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
    /// The firm's owner requires a second factor (two-step sign-in) of every member.
    pub mfa_required: bool,
    /// The install's operator requires a second factor of every account (`--require-mfa`).
    pub mfa_required_by_install: bool,
    /// How many members have no second factor yet; shown to owners only (absent for others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub members_without_mfa: Option<usize>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FirmEnvelope {
    pub firm: FirmView,
}

impl FirmView {
    pub fn of(firm: &Firm, onboarding: Option<Onboarding>) -> FirmView {
        FirmView {
            id: firm.id.get(),
            name: firm.name.clone(),
            size: firm.size,
            created_at: rfc3339(firm.created_at),
            verified: firm.verified,
            onboarding,
            mfa_required: false,
            mfa_required_by_install: false,
            members_without_mfa: None,
        }
    }
}

/// PATCH /api/firm: the firm's name, size and onboarding answers (owners and admins); what is
/// absent is kept.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FirmUpdate {
    /// All four answers together, as onboarding asks them.
    #[serde(default)]
    pub onboarding: Option<OnboardingAnswers>,
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
    /// The latest request of any open session of theirs; null when none is open.
    #[schema(format = DateTime)]
    pub last_active_at: Option<String>,
    /// Whether this member is the person asking.
    pub is_you: bool,
}

impl MemberView {
    pub fn of(user: &User, me: u64, last_active: Option<i64>) -> MemberView {
        MemberView {
            user_id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.firm_role,
            joined_at: rfc3339(user.created_at),
            last_active_at: last_active.map(rfc3339),
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
    /// When the firm's scheduled deletion runs (RFC 3339); null while none is scheduled.
    #[schema(format = DateTime)]
    pub deletion_due_at: Option<String>,
}

impl AdminFirm {
    /// `deletion_due`: when its scheduled deletion runs (Unix seconds), if one is.
    pub fn of(firm: &Firm, members: usize, deletion_due: Option<i64>) -> AdminFirm {
        AdminFirm {
            id: firm.id.get(),
            name: firm.name.clone(),
            size: firm.size,
            created_at: rfc3339(firm.created_at),
            members,
            verified: firm.verified,
            disabled: firm.disabled,
            deletion_due_at: deletion_due.map(rfc3339),
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

/// POST /api/firm/invitations.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewInvitation {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[schema(value_type = FirmRole)]
    pub role: String,
}

/// A pending invitation, as owners and admins see it (never its token).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    pub id: u64,
    pub email: String,
    pub role: FirmRole,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub expires_at: String,
    /// The inviter's name.
    pub invited_by: String,
}

impl InvitationView {
    pub fn of(invitation: &Invitation) -> InvitationView {
        InvitationView {
            id: invitation.id,
            email: invitation.email.clone(),
            role: invitation.role,
            created_at: rfc3339(invitation.created_at),
            expires_at: rfc3339(invitation.expires_at),
            invited_by: invitation.invited_by_name.clone(),
        }
    }
}

/// The answer to a new invitation: the link, shown this once.
#[derive(Serialize, utoipa::ToSchema)]
pub struct InvitationCreated {
    pub invitation: InvitationView,
    /// `<origin>/join#<token>`: the token is in the fragment, which browsers never send.
    pub link: String,
    /// The link was also mailed to the invited address (mail is on); else hand it over yourself.
    pub emailed: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Invitations {
    pub items: Vec<InvitationView>,
}

/// A password-reset link, shown this once.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLinkView {
    /// `<origin>/reset-password#<token>`.
    pub link: String,
    /// The link was also mailed to the account's address (mail is on).
    pub emailed: bool,
    #[schema(format = DateTime)]
    pub expires_at: String,
}

/// One line of the firm's audit log.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AuditEntryView {
    pub id: u64,
    #[schema(format = DateTime)]
    pub at: String,
    /// Who did it; null when no signed-in person did (a failed sign-in, a deletion that did not
    /// run).
    pub actor: Option<String>,
    pub action: AuditAction,
    pub detail: String,
}

impl AuditEntryView {
    pub fn of(entry: &AuditEntry) -> AuditEntryView {
        AuditEntryView {
            id: entry.id,
            at: rfc3339(entry.at),
            actor: entry.actor.clone(),
            action: entry.action,
            detail: entry.detail.clone(),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct AuditLog {
    pub items: Vec<AuditEntryView>,
}

/// GET and PUT /api/admin/settings: the install's settings the operator changes at run time.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InstallSettings {
    /// `open`: anyone may create an account (and a firm); `invite-only`: only through an
    /// invitation.
    pub sign_up: SignUpMode,
}

/// POST /api/admin/firms/merge: firm `from` is merged into firm `into`, which is kept.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FirmMerge {
    /// The firm that is kept and receives everything of the other.
    pub into: u64,
    /// The firm that is merged into `into`; it no longer exists afterwards.
    pub from: u64,
}

/// The 409 of a merge into a firm whose deletion is scheduled: the deletion would take what the
/// merge brought in (the operator too, if they were among it), which no one of that firm asked.
pub fn merge_into_firm_being_deleted(name: &str, due_at: i64) -> crate::platform::error::AppError {
    crate::platform::error::conflict(format!(
        "{name} is scheduled for deletion on {}: take its deletion back before merging another \
         firm into it.",
        &rfc3339(due_at)[..10]
    ))
}
