//! The audit log's lines as values: what happened (`AuditAction`, with its code) and a line as
//! stored (`AuditEntry`). `audit.rs` records and reads them through the storage, which stores
//! these types; this file calls no storage.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    InvitationCreated,
    InvitationRevoked,
    MemberJoined,
    RoleChanged,
    OwnerAdded,
    MemberRemoved,
    ResetLinkIssued,
    ResetLinkUsed,
    BriefExported,
    SignInFailed,
    /// The operator merged another firm into this one.
    FirmsMerged,
    /// A member saved a view of /trends.
    ViewSaved,
    /// A member deleted a saved view.
    ViewDeleted,
    /// A member turned two-step sign-in on.
    MfaEnabled,
    /// A member turned two-step sign-in off.
    MfaDisabled,
    /// A member used one of their recovery codes.
    RecoveryCodeUsed,
    /// A sign-in with the right password gave a wrong, or just used, second-factor code.
    MfaSignInFailed,
    /// The owner set the firm's single sign-on.
    SsoSettingsChanged,
    /// The operator confirmed the firm's claim to an email domain.
    SsoDomainConfirmed,
    /// The operator refused the firm's claim to an email domain.
    SsoDomainRefused,
    /// A member signed in through the firm's identity provider.
    SsoSignIn,
    /// An account was created at its first single sign-on.
    SsoAccountCreated,
    /// An owner signed in with a password although the firm requires single sign-on.
    BreakGlassSignIn,
    /// A member saved a tool's contract (issue 32).
    ContractSaved,
    /// An owner or admin made the firm's calendar feed (replacing the one it had).
    CalendarFeedCreated,
    /// An owner or admin revoked the firm's calendar feed.
    CalendarFeedRevoked,
    /// An owner turned "Require two-step sign-in for every member" on or off.
    MfaRequiredChanged,
    /// An owner or admin proposed a decision (issue 32).
    DecisionProposed,
    /// An owner or admin edited an open decision.
    DecisionEdited,
    /// An approver approved a version of a decision.
    DecisionApproved,
    /// An approver objected to a version of a decision.
    DecisionObjected,
    /// Every approver approved the current version: the decision is final.
    DecisionFinal,
    /// An owner or admin changed an evaluation's criteria after they locked (issue 32).
    EvaluationCriteriaChanged,
    /// An owner or admin gave or withdrew the firm's consent to share what it pays (issue 32).
    PriceSharingChanged,
    /// An owner took the firm's archive: everything it holds here (issue 46).
    FirmExported,
    /// An owner or the operator scheduled the firm's deletion.
    FirmDeletionScheduled,
    /// An owner or the operator took the firm's scheduled deletion back.
    FirmDeletionCancelled,
    /// The operator loaded the firm from another install's archive.
    FirmImported,
    // An action is stored by its code on both engines (the seam's JSON, from redb schema 17), so
    // a new one may go anywhere; schema 16's positions are frozen in `store::migrate::shapes`.
    /// The firm's deletion came due but did not run (the install's operator had joined the firm),
    /// and is no longer scheduled.
    FirmDeletionSkipped,
    /// The operator downloaded a backup of the whole install (recorded in the operator's firm).
    BackupDownloaded,
    /// The operator offered the install's operator role to an account (recorded in both firms).
    OperatorRoleOffered,
    /// The operator withdrew the offer.
    OperatorOfferWithdrawn,
    /// The offered account accepted: it is the operator, the one who offered is not.
    OperatorRoleAccepted,
    /// The offered account declined.
    OperatorOfferDeclined,
    /// The offer ended unanswered after its days.
    OperatorOfferExpired,
}

impl AuditAction {
    pub const ALL: [AuditAction; 45] = [
        AuditAction::InvitationCreated,
        AuditAction::InvitationRevoked,
        AuditAction::MemberJoined,
        AuditAction::RoleChanged,
        AuditAction::OwnerAdded,
        AuditAction::MemberRemoved,
        AuditAction::ResetLinkIssued,
        AuditAction::ResetLinkUsed,
        AuditAction::BriefExported,
        AuditAction::SignInFailed,
        AuditAction::FirmsMerged,
        AuditAction::ViewSaved,
        AuditAction::ViewDeleted,
        AuditAction::MfaEnabled,
        AuditAction::MfaDisabled,
        AuditAction::RecoveryCodeUsed,
        AuditAction::MfaSignInFailed,
        AuditAction::SsoSettingsChanged,
        AuditAction::SsoDomainConfirmed,
        AuditAction::SsoDomainRefused,
        AuditAction::SsoSignIn,
        AuditAction::SsoAccountCreated,
        AuditAction::BreakGlassSignIn,
        AuditAction::ContractSaved,
        AuditAction::CalendarFeedCreated,
        AuditAction::CalendarFeedRevoked,
        AuditAction::MfaRequiredChanged,
        AuditAction::DecisionProposed,
        AuditAction::DecisionEdited,
        AuditAction::DecisionApproved,
        AuditAction::DecisionObjected,
        AuditAction::DecisionFinal,
        AuditAction::EvaluationCriteriaChanged,
        AuditAction::PriceSharingChanged,
        AuditAction::FirmExported,
        AuditAction::FirmDeletionScheduled,
        AuditAction::FirmDeletionCancelled,
        AuditAction::FirmImported,
        AuditAction::FirmDeletionSkipped,
        AuditAction::BackupDownloaded,
        AuditAction::OperatorRoleOffered,
        AuditAction::OperatorOfferWithdrawn,
        AuditAction::OperatorRoleAccepted,
        AuditAction::OperatorOfferDeclined,
        AuditAction::OperatorOfferExpired,
    ];

    pub fn code(self) -> &'static str {
        match self {
            AuditAction::InvitationCreated => "invitation_created",
            AuditAction::InvitationRevoked => "invitation_revoked",
            AuditAction::MemberJoined => "member_joined",
            AuditAction::RoleChanged => "role_changed",
            AuditAction::OwnerAdded => "owner_added",
            AuditAction::MemberRemoved => "member_removed",
            AuditAction::ResetLinkIssued => "reset_link_issued",
            AuditAction::ResetLinkUsed => "reset_link_used",
            AuditAction::BriefExported => "brief_exported",
            AuditAction::SignInFailed => "sign_in_failed",
            AuditAction::FirmsMerged => "firms_merged",
            AuditAction::ViewSaved => "view_saved",
            AuditAction::ViewDeleted => "view_deleted",
            AuditAction::MfaEnabled => "mfa_enabled",
            AuditAction::MfaDisabled => "mfa_disabled",
            AuditAction::RecoveryCodeUsed => "recovery_code_used",
            AuditAction::MfaSignInFailed => "mfa_sign_in_failed",
            AuditAction::SsoSettingsChanged => "sso_settings_changed",
            AuditAction::SsoDomainConfirmed => "sso_domain_confirmed",
            AuditAction::SsoDomainRefused => "sso_domain_refused",
            AuditAction::SsoSignIn => "sso_sign_in",
            AuditAction::SsoAccountCreated => "sso_account_created",
            AuditAction::BreakGlassSignIn => "break_glass_sign_in",
            AuditAction::ContractSaved => "contract_saved",
            AuditAction::CalendarFeedCreated => "calendar_feed_created",
            AuditAction::CalendarFeedRevoked => "calendar_feed_revoked",
            AuditAction::MfaRequiredChanged => "mfa_required_changed",
            AuditAction::DecisionProposed => "decision_proposed",
            AuditAction::DecisionEdited => "decision_edited",
            AuditAction::DecisionApproved => "decision_approved",
            AuditAction::DecisionObjected => "decision_objected",
            AuditAction::DecisionFinal => "decision_final",
            AuditAction::EvaluationCriteriaChanged => "evaluation_criteria_changed",
            AuditAction::PriceSharingChanged => "price_sharing_changed",
            AuditAction::FirmExported => "firm_exported",
            AuditAction::FirmDeletionScheduled => "firm_deletion_scheduled",
            AuditAction::FirmDeletionCancelled => "firm_deletion_cancelled",
            AuditAction::FirmImported => "firm_imported",
            AuditAction::FirmDeletionSkipped => "firm_deletion_skipped",
            AuditAction::BackupDownloaded => "backup_downloaded",
            AuditAction::OperatorRoleOffered => "operator_role_offered",
            AuditAction::OperatorOfferWithdrawn => "operator_offer_withdrawn",
            AuditAction::OperatorRoleAccepted => "operator_role_accepted",
            AuditAction::OperatorOfferDeclined => "operator_offer_declined",
            AuditAction::OperatorOfferExpired => "operator_offer_expired",
        }
    }
}

/// One line of the log, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    pub id: u64,
    pub firm_id: u64,
    /// Unix seconds.
    pub at: i64,
    /// Who did it (their name then); `None` when nobody signed in did (a failed sign-in, a
    /// deletion that did not run).
    pub actor: Option<String>,
    pub action: AuditAction,
    pub detail: String,
}
