//! A notice: what happened to a person, shown under the bell and, per their preferences, mailed.

use serde::{Deserialize, Serialize};

use crate::mail::MessageKind;

/// Why a person is told something: each kind has its label, its mail kind and whether it is about
/// the account's security. Stored by its code (`code`, the seam's JSON), so a new kind may go
/// anywhere.
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
#[serde(rename_all = "camelCase")]
pub enum NoticeKind {
    RoleChanged,
    NewSignIn,
    DemoFollowUp,
    RenewalReminder,
    /// A decision names the person to approve it: proposed, or edited since (issue 32).
    DecisionApproval,
    /// The operator: a vendor claimed its listing (issue 47).
    VendorClaim,
    /// The operator: a vendor proposed changes to its listing (issue 47).
    VendorProposal,
    /// Every member: the firm's deletion was scheduled, or taken back (issue 77).
    FirmDeletion,
    /// The install's operator role: offered to the person, or their offer answered or ended.
    OperatorHandover,
    /// The member who asked a vendor for a demo: the vendor answered (issue 80).
    DemoAnswered,
}

impl NoticeKind {
    pub const ALL: [NoticeKind; 10] = [
        NoticeKind::RoleChanged,
        NoticeKind::NewSignIn,
        NoticeKind::DemoFollowUp,
        NoticeKind::RenewalReminder,
        NoticeKind::DecisionApproval,
        NoticeKind::VendorClaim,
        NoticeKind::VendorProposal,
        NoticeKind::FirmDeletion,
        NoticeKind::OperatorHandover,
        NoticeKind::DemoAnswered,
    ];

    pub fn code(self) -> &'static str {
        match self {
            NoticeKind::RoleChanged => "roleChanged",
            NoticeKind::NewSignIn => "newSignIn",
            NoticeKind::DemoFollowUp => "demoFollowUp",
            NoticeKind::RenewalReminder => "renewalReminder",
            NoticeKind::DecisionApproval => "decisionApproval",
            NoticeKind::VendorClaim => "vendorClaim",
            NoticeKind::VendorProposal => "vendorProposal",
            NoticeKind::FirmDeletion => "firmDeletion",
            NoticeKind::OperatorHandover => "operatorHandover",
            NoticeKind::DemoAnswered => "demoAnswered",
        }
    }

    pub fn from_code(code: &str) -> Option<NoticeKind> {
        NoticeKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// What the preferences screen calls it.
    pub fn label(self) -> &'static str {
        match self {
            NoticeKind::RoleChanged => "Your role in your firm changed",
            NoticeKind::NewSignIn => "A new sign-in to your account",
            NoticeKind::DemoFollowUp => "The day after a booked demo",
            NoticeKind::RenewalReminder => "Renewal notice deadlines",
            NoticeKind::DecisionApproval => "Decisions waiting for your approval",
            NoticeKind::VendorClaim => "A vendor claimed its listing",
            NoticeKind::VendorProposal => "A vendor proposed changes to its listing",
            NoticeKind::FirmDeletion => "Your firm's deletion was scheduled or taken back",
            NoticeKind::OperatorHandover => "The install's operator role was offered to you",
            NoticeKind::DemoAnswered => "A vendor answered your demo request",
        }
    }

    /// About the account's security: mailed whenever mail is on (no unsubscribe), in-app per
    /// preference.
    pub fn security(self) -> bool {
        matches!(self, NoticeKind::NewSignIn)
    }

    /// The operator's duty, not a person's choice: told under the bell and by mail always, and
    /// left out of the preferences. A firm's deletion is told the same way: no member may miss
    /// that everything of theirs is to go, nor an offer of the operator role (or its answer).
    pub fn operators_duty(self) -> bool {
        matches!(
            self,
            NoticeKind::VendorClaim
                | NoticeKind::VendorProposal
                | NoticeKind::FirmDeletion
                | NoticeKind::OperatorHandover
        )
    }

    /// Mailed whatever the person chose (when mail is on), so its mail carries no unsubscribe
    /// link and an unsubscribe token of it turns nothing off: security notices and the duties.
    pub fn always_mailed(self) -> bool {
        self.security() || self.operators_duty()
    }

    pub fn message_kind(self) -> MessageKind {
        match self {
            NoticeKind::RoleChanged => MessageKind::RoleChanged,
            NoticeKind::NewSignIn => MessageKind::NewSignIn,
            NoticeKind::DemoFollowUp => MessageKind::DemoFollowUp,
            NoticeKind::RenewalReminder => MessageKind::RenewalReminder,
            NoticeKind::DecisionApproval => MessageKind::DecisionApproval,
            NoticeKind::VendorClaim => MessageKind::VendorClaim,
            NoticeKind::VendorProposal => MessageKind::VendorProposal,
            NoticeKind::FirmDeletion => MessageKind::FirmDeletion,
            NoticeKind::OperatorHandover => MessageKind::OperatorHandover,
            NoticeKind::DemoAnswered => MessageKind::DemoAnswered,
        }
    }
}

/// What a cause tells a person: written in the cause's own transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    pub user_id: u64,
    pub firm_id: u64,
    pub title: String,
    pub body: String,
    /// A path in the app ("/shortlist?outcome=12"), or empty.
    pub link: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// A notice as the bell keeps it (`notifications::storage::NOTICES_BY_PERSON`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub id: u64,
    pub kind: NoticeKind,
    pub firm_id: u64,
    pub title: String,
    pub body: String,
    pub link: String,
    pub created_at: i64,
    pub read: bool,
}

/// A person's choice for one kind. Absent: both on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pref {
    pub email: bool,
    pub in_app: bool,
}

impl Default for Pref {
    fn default() -> Pref {
        Pref {
            email: true,
            in_app: true,
        }
    }
}

impl Pref {
    /// Whether `kind` is mailed: the kinds told whatever one chose always (when mail is on).
    pub fn mails(self, kind: NoticeKind) -> bool {
        self.email || kind.always_mailed()
    }
}

/// In-app notices kept per person: the newest.
pub const KEEP_PER_PERSON: usize = 200;
/// Notices the bell lists at most.
pub const LIST_LIMIT: usize = 50;
