//! The ids a request names, parsed at the edge: ASCII digits only (no sign, space or decimal
//! point) that fit a u64. Each type answers a malformed one with a 400 of its own message, so every
//! route that takes it answers alike; `extract::Path` parses them before the handler runs. An id
//! here is only well formed: whether its thing exists is for the domain to say.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::platform::error::{AppError, bad_request};

/// The number `raw` spells in ASCII digits, if it fits a u64; `None` for "", "+1", " 1", "1.5",
/// "1e3" or a number past u64::MAX.
fn digits(raw: &str) -> Option<u64> {
    if raw.is_empty() || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    raw.parse().ok()
}

/// Reads an id's number from a string; anything else, or a malformed string, fails with the id's
/// message, which `extract::Path` answers with.
struct Digits(&'static str);

impl Visitor<'_> for Digits {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, raw: &str) -> Result<u64, E> {
        digits(raw).ok_or_else(|| E::custom(self.0))
    }
}

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident => $message:literal;)+) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u64);

        impl $name {
            /// What a malformed one answers, with a 400.
            pub const MESSAGE: &'static str = $message;

            /// A 400 with `MESSAGE` unless `raw` is ASCII digits that fit a u64.
            pub fn parse(raw: &str) -> Result<Self, AppError> {
                digits(raw).map($name).ok_or_else(|| bad_request(Self::MESSAGE))
            }

            pub fn get(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(Digits(Self::MESSAGE)).map($name)
            }
        }
    )+};
}

ids! {
    /// An account, as the operator names any account.
    AccountId => "The account id must be a whole number";
    /// A category of the catalog.
    CategoryId => "The category id must be a whole number";
    /// One of the firm's decisions.
    DecisionId => "The decision id must be a whole number";
    /// A firm the operator names. Not a `FirmId`, which only a firm found in the store becomes.
    NamedFirmId => "The firm id must be a whole number";
    /// One of the firm's invitations.
    InvitationId => "The invitation id must be a whole number";
    /// A member of the caller's firm (an account id).
    MemberId => "The member id must be a whole number";
    /// A message of the mail outbox.
    MessageId => "The message id must be a whole number";
    /// A reference check of an evaluation's latest round.
    ReferenceCheckId => "The reference check id must be a whole number";
    /// A tool of the firm's tech stack (a catalog vendor's id).
    ToolId => "The tool id must be a whole number";
    /// A vendor of the catalog, in a path or a list (`?ids=1,2`).
    VendorId => "Vendor ids are whole numbers like 42";
    /// A stored version of a decision's record, from 1.
    VersionId => "The version id must be a whole number";
    /// One of the firm's saved views.
    ViewId => "The view id must be a whole number";
    /// A change a vendor proposed for its listing.
    ProposalId => "The proposal id must be a whole number";
    /// A vendor account, or one of its sessions.
    VendorAccountId => "The id must be a whole number";
    /// An offer of the install's operator role.
    OfferId => "The offer id must be a whole number";
    /// A firm's request for a demo from a vendor.
    DemoRequestId => "The demo request id must be a whole number";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_plain_digits_that_fit() {
        assert_eq!(VendorId::parse("42").unwrap().get(), 42);
        assert_eq!(VendorId::parse("0042").unwrap().get(), 42);
        assert_eq!(
            VendorId::parse("18446744073709551615").unwrap().get(),
            u64::MAX
        );
        for bad in [
            "",
            "abc",
            "+42",
            "-1",
            " 42",
            "42 ",
            "4 2",
            "4.2",
            "1e3",
            "18446744073709551616",
            "99999999999999999999999",
        ] {
            let err = VendorId::parse(bad).unwrap_err();
            assert_eq!(err.to_string(), VendorId::MESSAGE, "{bad:?}");
            assert_eq!(err.status(), axum::http::StatusCode::BAD_REQUEST);
        }
    }

    #[test]
    fn each_id_names_itself_in_its_message() {
        assert_eq!(
            ViewId::parse("x").unwrap_err().to_string(),
            "The view id must be a whole number"
        );
        assert_eq!(
            ReferenceCheckId::parse("-1").unwrap_err().to_string(),
            "The reference check id must be a whole number"
        );
    }
}
