//! Accounts and the values that make them up, each parsed once at the edge.

use serde::{Deserialize, Serialize};

use crate::platform::error::{AppError, Result, bad_request};
use crate::platform::firm_size::FirmSize;

pub use super::text::{FirmName, PersonName};
pub(super) use crate::platform::caller::{Firm, FirmRole, FirmSummary, TokenHash, User};

/// What the API shows of a user.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: u64,
    pub name: String,
    pub email: String,
    /// The firm's name (as `firm.name`), kept for the clients that read it here.
    pub law_firm: String,
    /// The firm's size (as `firm.size`).
    pub firm_size: Option<FirmSize>,
    /// The install's operator.
    pub is_admin: bool,
    pub firm: FirmSummary,
    pub firm_role: FirmRole,
}

/// The signed-in user, as sign-up, sign-in, `me` and a profile update answer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UserEnvelope {
    pub user: UserView,
}

/// What a sign-in answers: the user (signed in, the cookie set), or, when the account has a
/// second factor, `mfaRequired` and the token `POST /api/auth/mfa/verify` finishes it with.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInAnswer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<UserView>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub mfa_required: bool,
    /// Single use, for five minutes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mfa_token: Option<String>,
}

impl From<&User> for UserView {
    fn from(u: &User) -> Self {
        UserView {
            id: u.id,
            name: u.name.clone(),
            email: u.email.clone(),
            law_firm: u.firm.name.clone(),
            firm_size: u.firm.size,
            is_admin: u.is_admin,
            firm: FirmSummary::from(&u.firm),
            firm_role: u.firm_role,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub user_id: u64,
    pub created_at: i64,
    pub last_seen: i64,
}

pub use crate::platform::signed_out::{ENDED_KEPT_SECS, EndReason, EndedSession};

/// An email address: NFC, trimmed, at most 254 characters, one `@` with a dotted domain, nothing
/// invisible or direction-changing in it (`text::is_hidden`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub const INVALID: &'static str = "Please enter a valid email address";

    pub fn parse(raw: &str) -> Result<Email, AppError> {
        let s = super::text::visible_nfc(raw, "The email address")?;
        let valid = s.len() <= 254
            && !s.chars().any(char::is_whitespace)
            && match s.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && local.len() <= 64
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !domain.contains("..")
                }
                None => false,
            };
        if valid {
            Ok(Email(s))
        } else {
            Err(bad_request(Self::INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key that makes emails unique regardless of case: the NFC form, lower-cased. Every
    /// email stored before NFC was applied and written in NFC (all ASCII ones) keeps its key.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// A new password: 8 to 128 characters, and not one of the passwords attackers try first.
pub struct NewPassword(String);

impl NewPassword {
    pub const MIN: usize = 8;
    pub const MAX: usize = 128;
    pub const TOO_COMMON: &'static str =
        "This password is too common or too easy to guess. Try a longer phrase of unrelated words.";

    /// `personal` holds the account's own words (name, email, firm): a password built from them
    /// is as weak as a common one.
    pub fn parse(raw: &str, personal: &[&str]) -> Result<NewPassword, AppError> {
        let n = raw.chars().count();
        if n < Self::MIN {
            return Err(bad_request("Password must be at least 8 characters long"));
        }
        if n > Self::MAX {
            return Err(bad_request("Password must be at most 128 characters long"));
        }
        // zxcvbn knows the leaked-password frequency lists; score 0-1 means it falls within
        // about a million guesses.
        if (zxcvbn::zxcvbn(raw, personal).score() as u8) < 2 {
            return Err(bad_request(Self::TOO_COMMON));
        }
        Ok(NewPassword(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A person's name (`PersonName`), as stored.
pub fn parse_name(raw: &str) -> Result<String, AppError> {
    PersonName::parse(raw).map(PersonName::into_string)
}

/// A law firm's name (`FirmName`), as stored.
pub fn parse_law_firm(raw: &str) -> Result<String, AppError> {
    FirmName::parse(raw).map(FirmName::into_string)
}

pub fn parse_firm_size(raw: Option<&str>) -> Result<Option<FirmSize>> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(code) => FirmSize::parse(code).map(Some).ok_or_else(|| {
            bad_request("Firm size must be one of SOLO, E2_5, E6_20, E21_50, E51_200, E200P")
        }),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignUp {
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    /// 8 to 128 characters, and not one of the commonly used passwords.
    #[schema(min_length = 8, max_length = 128)]
    pub password: String,
    /// The new firm's name; not needed with `inviteToken` (the person joins the inviting firm).
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub law_firm: String,
    #[serde(default)]
    #[schema(value_type = Option<FirmSize>)]
    pub firm_size: Option<String>,
    /// Required for the first account when the server listens on a network address.
    #[serde(default)]
    pub setup_token: Option<String>,
    /// The token of an invitation link: the account joins that firm with the invitation's role.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub invite_token: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignIn {
    pub email: String,
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangePassword {
    #[schema(min_length = 1)]
    pub current_password: String,
    /// 8 to 128 characters, and not one of the commonly used passwords.
    #[schema(min_length = 8, max_length = 128)]
    pub new_password: String,
    /// A current code from the authenticator app (or a recovery code): needed when two-step
    /// sign-in is on.
    #[serde(default)]
    pub code: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupStatus {
    pub setup_token_required: bool,
    /// No account exists: the screens open on sign-up, and the first account becomes the
    /// install's operator as well as its firm's owner.
    pub no_account_yet: bool,
    /// Mail is on: "Forgot password?" mails a reset link (`POST /api/auth/forgot-password`).
    pub password_reset_by_email: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_checked_and_keyed_case_insensitively() {
        assert_eq!(
            Email::parse(" Ann@Firm.COM ").unwrap().key(),
            "ann@firm.com"
        );
        for bad in [
            "",
            "ann",
            "ann@",
            "@firm.com",
            "ann@firm",
            "a b@firm.com",
            "a@b@c.com",
            "alice@firma.test\u{200B}",
            "ali\u{202E}ce@firma.test",
            "\u{FEFF}alice@firma.test",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn emails_are_nfc_so_one_address_typed_two_ways_has_one_key() {
        let composed = Email::parse("Ren\u{e9}e@firma.test").unwrap();
        let decomposed = Email::parse("RENE\u{301}E@firma.test").unwrap();
        assert_eq!(composed.key(), decomposed.key());
        assert_eq!(composed.as_str(), "Ren\u{e9}e@firma.test");
        let hidden = Email::parse("alice@firma.test\u{200B}").unwrap_err();
        assert!(
            hidden
                .to_string()
                .starts_with("The email address contains an invisible")
        );
    }

    #[test]
    fn passwords_need_eight_characters_and_must_not_be_common() {
        let message = |p: &str| {
            NewPassword::parse(p, &["ann@doe.com"])
                .err()
                .map(|e| e.to_string())
        };
        assert_eq!(
            message("1234567").unwrap(),
            "Password must be at least 8 characters long"
        );
        for common in [
            "12345678",
            "password1",
            "qwertyuiop",
            "iloveyou1",
            "ann@doe.com",
        ] {
            assert_eq!(
                message(common).as_deref(),
                Some(NewPassword::TOO_COMMON),
                "{common}"
            );
        }
        assert!(message("ample-harbor-lantern").is_none());
        let long: String = "river stone lamp ".repeat(4);
        assert!(message(&long).is_none(), "64 characters and more are fine");
        assert!(message(&"x".repeat(129)).is_some());
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(parse_name("  Ann  ").unwrap(), "Ann");
        assert!(parse_name("   ").is_err());
        assert!(parse_name(&"a".repeat(101)).is_err());
        assert!(parse_law_firm("Firm\nName").is_err());
    }
}

/// A firm's choice to share what it pays (`price_sharing.rs`), as stored (FIRM_PRICE_SHARING /
/// `firm_price_sharing`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Consent {
    pub share: bool,
    /// The owner or admin who last chose, by id and by their name then.
    pub by_user: u64,
    pub by_name: String,
    pub at: i64,
}

/// What a session was started from, as stored in the session's row (`storage::sessions`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionDevice {
    /// "Chrome on Windows", "Safari on iOS", "Unknown device".
    pub device: String,
    /// The client address as `ClientIp` gives it.
    pub address: String,
    pub started_at: i64,
}

/// An account's TOTP factor as stored (USER_FACTORS / `user_factors`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Factor {
    /// The shared key (20 random bytes). Never logged, never shown again after setup.
    pub secret: Vec<u8>,
    pub created_at: i64,
    /// `None` while setup waits for its first code.
    pub confirmed_at: Option<i64>,
    /// The last time step a code was accepted for; that one and earlier ones are refused.
    pub last_used_step: u64,
    /// SHA-256 of each unused recovery code.
    pub recovery: Vec<TokenHash>,
}

impl Factor {
    pub fn is_on(&self) -> bool {
        self.confirmed_at.is_some()
    }
}

/// A sign-in waiting for its second factor (`storage::mfa::CHALLENGES`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    pub user_id: u64,
    pub expires_at: i64,
}

/// A firm's choice to require a second factor (`mfa_required.rs`), as stored (FIRM_MFA_REQUIRED / `firm_mfa_required`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Requirement {
    pub required: bool,
    /// The owner who last set it.
    pub set_by: u64,
    pub set_at: i64,
}
