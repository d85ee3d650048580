//! One-time links: an invitation to join a firm (7 days) and a password reset (15 minutes). The
//! link carries a random token in its fragment (`/join#<token>`, `/reset-password#<token>`), so it
//! never reaches a server log or a Referer; only the token's SHA-256 is stored, and each is used
//! once.

use serde::{Deserialize, Serialize};

use super::model::TokenHash;
use crate::platform::caller::FirmRole;
use crate::platform::config::Config;
use crate::platform::error::{AppError, bad_request, conflict, gone, not_found};

pub const INVITATION_DAYS: i64 = 7;
pub const RESET_MINUTES: i64 = 15;

pub const INVITATION_UNKNOWN: &str =
    "This invitation link is not valid. Check that you copied the whole link.";
pub const INVITATION_EXPIRED: &str =
    "This invitation has expired. Ask the person who invited you for a new link.";
pub const INVITATION_USED: &str =
    "This invitation has already been used. Sign in, or ask for a new link.";
pub const INVITATION_REVOKED: &str =
    "This invitation was withdrawn. Ask the firm's owner or admin for a new link.";
pub const INVITATION_OTHER_EMAIL: &str = "This invitation is for a different email address.";
pub const RESET_UNUSABLE: &str =
    "This reset link has expired or was already used. Ask for a new one.";

/// An invitation to join a firm with a role, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    pub id: u64,
    pub firm_id: u64,
    /// As the inviter typed it (normalised); `email_key` is what joining compares.
    pub email: String,
    pub email_key: String,
    pub role: FirmRole,
    pub token_hash: TokenHash,
    /// Unix seconds, like every time below.
    pub created_at: i64,
    pub expires_at: i64,
    pub invited_by: u64,
    /// The inviter's name when they invited: the invitation outlives a renamed or removed member.
    pub invited_by_name: String,
    pub used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

impl Invitation {
    /// Pending: neither used, nor revoked, nor expired at `now`.
    pub fn is_pending(&self, now: i64) -> bool {
        self.usable(now).is_ok()
    }

    /// Whether the link still opens the door, and if not, which of the three reasons (revoked
    /// before used before expired: the reason a person can act on).
    pub fn usable(&self, now: i64) -> Result<(), AppError> {
        if self.revoked_at.is_some() {
            return Err(gone(INVITATION_REVOKED));
        }
        if self.used_at.is_some() {
            return Err(gone(INVITATION_USED));
        }
        if now >= self.expires_at {
            return Err(gone(INVITATION_EXPIRED));
        }
        Ok(())
    }

    /// Usable, by the invited email (`email_key`, normalised and case-folded).
    pub fn admits(&self, email_key: &str, now: i64) -> Result<(), AppError> {
        self.usable(now)?;
        if self.email_key != email_key {
            return Err(bad_request(INVITATION_OTHER_EMAIL));
        }
        Ok(())
    }
}

/// An unknown token: the same answer whether it never existed or belongs to nothing any more.
pub fn unknown_invitation() -> AppError {
    not_found(INVITATION_UNKNOWN)
}

/// A password-reset link for one account, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResetLink {
    pub token_hash: TokenHash,
    pub user_id: u64,
    pub created_at: i64,
    pub expires_at: i64,
    /// Who issued it: a firm's owner or admin, or the operator.
    pub issued_by: u64,
    pub used_at: Option<i64>,
}

impl ResetLink {
    pub fn usable(&self, now: i64) -> Result<(), AppError> {
        if self.used_at.is_some() || now >= self.expires_at {
            return Err(gone(RESET_UNUSABLE));
        }
        Ok(())
    }
}

/// Why a link cannot be mailed: this install does not know the address people open it at.
pub const NO_PUBLIC_URL: &str = "Litstack cannot mail this link: it does not know the address \
     people open it at. Its operator starts it with --public-url (for example \
     --public-url http://litstack.firm.test:8080), or listens on this computer only.";

/// The install's own address for links (`Config::public_origin`), `None` when it has none.
pub fn base(config: &Config) -> Option<String> {
    config.public_origin()
}

/// The address a link that is only mailed starts with: a 409 naming the flag when the install
/// has none, never a request's headers.
pub fn mailed_base(config: &Config) -> Result<String, AppError> {
    base(config).ok_or_else(|| conflict(NO_PUBLIC_URL))
}

/// A link to `path` (with its fragment) that may be mailed or handed over on a page: absolute
/// from the install's address; relative without one, which only a page may show (it makes the
/// link whole from the address the person has open). `mailed` without an address is the 409 of
/// `mailed_base`.
pub fn link(base: Option<&str>, path: &str, mailed: bool) -> Result<String, AppError> {
    match base {
        Some(base) => Ok(format!("{base}{path}")),
        None if mailed => Err(conflict(NO_PUBLIC_URL)),
        None => Ok(path.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invitation() -> Invitation {
        Invitation {
            id: 1,
            firm_id: 2,
            email: "Ann@Firm.test".into(),
            email_key: "ann@firm.test".into(),
            role: FirmRole::Member,
            token_hash: [7; 32],
            created_at: 100,
            expires_at: 100 + INVITATION_DAYS * 86_400,
            invited_by: 3,
            invited_by_name: "Bo".into(),
            used_at: None,
            revoked_at: None,
        }
    }

    #[test]
    fn an_invitation_says_why_it_no_longer_opens() {
        let inv = invitation();
        assert!(inv.admits("ann@firm.test", 101).is_ok());
        assert_eq!(
            inv.admits("bo@firm.test", 101).unwrap_err().to_string(),
            INVITATION_OTHER_EMAIL
        );
        assert_eq!(
            inv.usable(inv.expires_at).unwrap_err().to_string(),
            INVITATION_EXPIRED
        );
        let used = Invitation {
            used_at: Some(150),
            ..inv.clone()
        };
        assert_eq!(used.usable(151).unwrap_err().to_string(), INVITATION_USED);
        let revoked = Invitation {
            revoked_at: Some(120),
            ..used
        };
        assert_eq!(
            revoked.usable(151).unwrap_err().to_string(),
            INVITATION_REVOKED
        );
        assert!(!revoked.is_pending(151));
    }

    #[test]
    fn a_reset_link_works_once_and_for_fifteen_minutes() {
        let link = ResetLink {
            token_hash: [1; 32],
            user_id: 4,
            created_at: 0,
            expires_at: RESET_MINUTES * 60,
            issued_by: 5,
            used_at: None,
        };
        assert!(link.usable(RESET_MINUTES * 60 - 1).is_ok());
        assert!(link.usable(RESET_MINUTES * 60).is_err());
        let used = ResetLink {
            used_at: Some(10),
            ..link
        };
        assert_eq!(used.usable(11).unwrap_err().to_string(), RESET_UNUSABLE);
    }
}
