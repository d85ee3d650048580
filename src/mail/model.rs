//! A message as the outbox keeps it, from the moment its cause commits until the mail server takes
//! it (or the operator drops it).

use serde::{Deserialize, Serialize};

/// Why a message is sent: what it says, and whether a person may turn it off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MessageKind {
    Invitation,
    PasswordReset,
    RoleChanged,
    /// "Send a test email" on the operator's mail screen.
    Test,
    // Notifications (`notifications::NoticeKind`), after the first four: the redb outbox stores
    // the variant's index.
    NewSignIn,
    DemoFollowUp,
    /// A contract's opt-out deadline is 90, 60 or 30 days away, or today (issue 32).
    RenewalReminder,
    /// A decision waits for the person's approval (issue 32).
    DecisionApproval,
    /// A link that makes a vendor account: the operator's invitation or a claim's proof.
    VendorAccess,
    /// The operator decided a vendor's proposal.
    VendorReview,
    /// The operator is told a listing was claimed.
    VendorClaim,
    /// The operator is told a vendor proposed changes to its listing.
    VendorProposal,
    /// A firm's members are told its deletion was scheduled, or taken back.
    FirmDeletion,
    /// The install's operator role was offered to the person, or their offer was answered.
    OperatorHandover,
    /// A vendor's people are told a firm asked for a demo (only what the member shared).
    DemoRequest,
    /// A member is told the vendor answered their demo request.
    DemoAnswered,
}

impl MessageKind {
    pub fn code(self) -> &'static str {
        match self {
            MessageKind::Invitation => "invitation",
            MessageKind::PasswordReset => "passwordReset",
            MessageKind::RoleChanged => "roleChanged",
            MessageKind::Test => "test",
            MessageKind::NewSignIn => "newSignIn",
            MessageKind::DemoFollowUp => "demoFollowUp",
            MessageKind::RenewalReminder => "renewalReminder",
            MessageKind::DecisionApproval => "decisionApproval",
            MessageKind::VendorAccess => "vendorAccess",
            MessageKind::VendorReview => "vendorReview",
            MessageKind::VendorClaim => "vendorClaim",
            MessageKind::VendorProposal => "vendorProposal",
            MessageKind::FirmDeletion => "firmDeletion",
            MessageKind::OperatorHandover => "operatorHandover",
            MessageKind::DemoRequest => "demoRequest",
            MessageKind::DemoAnswered => "demoAnswered",
        }
    }

    pub fn from_code(code: &str) -> Option<MessageKind> {
        [
            MessageKind::Invitation,
            MessageKind::PasswordReset,
            MessageKind::RoleChanged,
            MessageKind::Test,
            MessageKind::NewSignIn,
            MessageKind::DemoFollowUp,
            MessageKind::RenewalReminder,
            MessageKind::DecisionApproval,
            MessageKind::VendorAccess,
            MessageKind::VendorReview,
            MessageKind::VendorClaim,
            MessageKind::VendorProposal,
            MessageKind::FirmDeletion,
            MessageKind::OperatorHandover,
            MessageKind::DemoRequest,
            MessageKind::DemoAnswered,
        ]
        .into_iter()
        .find(|k| k.code() == code)
    }
}

/// Where a message is on its way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MessageStatus)]
pub enum Status {
    /// Waiting for its (next) attempt.
    Queued,
    /// The mail server accepted it.
    Sent,
    /// Every attempt failed, or the server refused it for good; the operator may retry it.
    Failed,
    /// The operator dropped it.
    Dropped,
}

impl Status {
    pub fn code(self) -> &'static str {
        match self {
            Status::Queued => "queued",
            Status::Sent => "sent",
            Status::Failed => "failed",
            Status::Dropped => "dropped",
        }
    }

    pub fn from_code(code: &str) -> Option<Status> {
        [
            Status::Queued,
            Status::Sent,
            Status::Failed,
            Status::Dropped,
        ]
        .into_iter()
        .find(|s| s.code() == code)
    }
}

/// What a message says and to whom: written by `letters`, queued by the cause's transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub kind: MessageKind,
    /// The firm the message is about, if any (the outbox lists it; a firm's data stays its own).
    pub firm_id: Option<u64>,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// A message in the outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    pub id: u64,
    pub kind: MessageKind,
    pub firm_id: Option<u64>,
    pub to: String,
    pub subject: String,
    /// The bodies, until the message is sent or dropped: a link in a sent message lives in the
    /// person's mailbox, not in our database.
    pub text: Option<String>,
    pub html: Option<String>,
    /// `<random@litstack>`, the same on every attempt: a retry after a lost answer is a duplicate
    /// the receiving side can recognise.
    pub message_id: String,
    pub status: Status,
    pub attempts: u32,
    /// Unix seconds, like every time below.
    pub created_at: i64,
    pub next_attempt_at: i64,
    /// Until when a node is sending it (PostgreSQL hubs: another node leaves it alone till then).
    pub claimed_until: Option<i64>,
    /// The mail server's last answer, or why the attempt could not reach it.
    pub last_answer: Option<String>,
    pub sent_at: Option<i64>,
}

impl Queued {
    pub fn new(id: u64, letter: &Letter, message_id: String, now: i64) -> Queued {
        Queued {
            id,
            kind: letter.kind,
            firm_id: letter.firm_id,
            to: letter.to.clone(),
            subject: letter.subject.clone(),
            text: Some(letter.text.clone()),
            html: Some(letter.html.clone()),
            message_id,
            status: Status::Queued,
            attempts: 0,
            created_at: now,
            next_attempt_at: now,
            claimed_until: None,
            last_answer: None,
            sent_at: None,
        }
    }
}

/// How long after the n-th failed attempt (1-based) the next one is made; after the last, the
/// message is failed and waits for the operator.
pub const RETRY_AFTER_SECS: [i64; 7] = [60, 300, 900, 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600];

/// What to do after a failed attempt: the time of the next, or `None` when none is left.
pub fn next_attempt(attempts: u32, now: i64) -> Option<i64> {
    RETRY_AFTER_SECS
        .get(attempts.saturating_sub(1) as usize)
        .map(|after| now + after)
}

/// How long a node holds a message it is sending before another may take it.
pub const CLAIM_SECS: i64 = 120;

/// A fresh Message-ID: 128 random bits at the sending host's name.
pub fn new_message_id(domain: &str) -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    format!("<{}@{domain}>", hex::encode(bytes))
}
