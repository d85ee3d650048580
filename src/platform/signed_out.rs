//! Why the server ended a session that its browser still holds: what the 401 of that cookie's
//! next request says (error.rs), kept by the accounts when they end a session.

use serde::{Deserialize, Serialize};

/// Why the server ended a session that its browser still holds. Kept (by the session token's
/// hash, never the token) for `ENDED_KEPT_SECS`, so that the next request with that cookie can be
/// told why it is signed out instead of a bare "not signed in".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The account's password was changed from another session.
    PasswordChanged,
    /// The account's password was set through a reset link.
    PasswordReset,
    /// The account's email was changed from another session.
    EmailChanged,
    /// An owner or admin removed the account from its firm.
    Removed,
}

impl EndReason {
    pub fn code(self) -> &'static str {
        match self {
            EndReason::PasswordChanged => "password_changed",
            EndReason::PasswordReset => "password_reset",
            EndReason::EmailChanged => "email_changed",
            EndReason::Removed => "removed",
        }
    }

    pub fn parse(code: &str) -> Option<EndReason> {
        [
            EndReason::PasswordChanged,
            EndReason::PasswordReset,
            EndReason::EmailChanged,
            EndReason::Removed,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }
}

/// A session the server ended, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndedSession {
    pub reason: EndReason,
    /// The firm the person was removed from (`Removed` only): they were its member until then.
    pub firm_name: Option<String>,
    /// When it ended (seconds since the epoch).
    pub at: i64,
}

/// How long an ended session's reason is kept: past it, the cookie is just "not signed in".
pub const ENDED_KEPT_SECS: i64 = 7 * 24 * 3600;

impl EndedSession {
    pub fn new(reason: EndReason, firm_name: Option<String>) -> EndedSession {
        EndedSession {
            reason,
            firm_name,
            at: crate::platform::clock::now_secs(),
        }
    }

    /// Whether the record is still kept at `now`.
    pub fn current(&self, now: i64) -> bool {
        now - self.at <= ENDED_KEPT_SECS
    }

    /// What the person is told, in the product's words.
    pub fn message(&self) -> String {
        match (self.reason, &self.firm_name) {
            (EndReason::PasswordChanged, _) => {
                "You were signed out because your password was changed.".into()
            }
            (EndReason::PasswordReset, _) => {
                "You were signed out because your password was reset.".into()
            }
            (EndReason::EmailChanged, _) => {
                "You were signed out because your email address was changed.".into()
            }
            (EndReason::Removed, Some(firm)) => {
                format!("You were signed out because you were removed from {firm}.")
            }
            (EndReason::Removed, None) => {
                "You were signed out because you were removed from your firm.".into()
            }
        }
    }
}
