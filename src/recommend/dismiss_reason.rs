//! Why a firm dismissed a vendor, as stored (`Dismissal`) and as the API names it
//! (`DismissReasonCode`): the values the recommendations' storage keeps, apart from the rules that
//! read them (`dismissals`).

use serde::de::IntoDeserializer;
use serde::de::value::StrDeserializer;
use serde::{Deserialize, Serialize};

use super::model::DismissReasonCode;
use crate::platform::error::{Result, bad_request};

/// Longest "Other" text, in characters.
pub const MAX_OTHER_CHARS: usize = 200;

/// Why the user dismissed a vendor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DismissReason {
    TooExpensive,
    DoesntIntegrate,
    AlreadyEvaluated,
    NotRightForPractice,
    Other(String),
    /// Dismissed before reasons were asked (schema 3 and older).
    NotGiven,
}

impl DismissReason {
    /// The code the API uses.
    pub fn code(&self) -> &'static str {
        match self {
            DismissReason::TooExpensive => "too_expensive",
            DismissReason::DoesntIntegrate => "doesnt_integrate",
            DismissReason::AlreadyEvaluated => "already_evaluated",
            DismissReason::NotRightForPractice => "not_right_for_practice",
            DismissReason::Other(_) => "other",
            DismissReason::NotGiven => "not_given",
        }
    }

    /// The reason back from its code and, for "other", its text: how PostgreSQL stores it.
    /// `None` for a code this version does not know, or "other" without a text.
    pub fn from_code(code: &str, other_text: Option<String>) -> Option<DismissReason> {
        Some(match code {
            "too_expensive" => DismissReason::TooExpensive,
            "doesnt_integrate" => DismissReason::DoesntIntegrate,
            "already_evaluated" => DismissReason::AlreadyEvaluated,
            "not_right_for_practice" => DismissReason::NotRightForPractice,
            "other" => DismissReason::Other(other_text?),
            "not_given" => DismissReason::NotGiven,
            _ => return None,
        })
    }

    /// The reason as the screens show it.
    pub fn label(&self) -> String {
        match self {
            DismissReason::TooExpensive => "Too expensive".into(),
            DismissReason::DoesntIntegrate => "Doesn't work with our tools".into(),
            DismissReason::AlreadyEvaluated => "Already evaluated".into(),
            DismissReason::NotRightForPractice => "Not right for our practice".into(),
            DismissReason::Other(text) => format!("Other: {text}"),
            DismissReason::NotGiven => "No reason given".into(),
        }
    }

    /// Parses the API's code and optional text; "other" needs a text of 1-200 characters, and no
    /// other reason takes one. "not_given" is never accepted: it only describes old rows.
    pub fn parse(code: &str, other_text: Option<&str>) -> Result<DismissReason> {
        let reason = match DismissReasonCode::parse(code)? {
            DismissReasonCode::TooExpensive => DismissReason::TooExpensive,
            DismissReasonCode::DoesntIntegrate => DismissReason::DoesntIntegrate,
            DismissReasonCode::AlreadyEvaluated => DismissReason::AlreadyEvaluated,
            DismissReasonCode::NotRightForPractice => DismissReason::NotRightForPractice,
            DismissReasonCode::Other => {
                let text = other_text.map(str::trim).unwrap_or_default();
                if text.is_empty() {
                    return Err(bad_request(
                        "Say why in a few words when the reason is Other",
                    ));
                }
                if text.chars().count() > MAX_OTHER_CHARS {
                    return Err(bad_request(format!(
                        "The reason must be at most {MAX_OTHER_CHARS} characters"
                    )));
                }
                return Ok(DismissReason::Other(text.to_string()));
            }
        };
        if other_text.is_some_and(|t| !t.trim().is_empty()) {
            return Err(bad_request("otherText is only for the reason other"));
        }
        Ok(reason)
    }
}

impl DismissReasonCode {
    /// The code through its serde names; anything else is refused with a message that lists the
    /// codes (serde's own would name them its way, with a position in the body).
    pub fn parse(code: &str) -> Result<DismissReasonCode> {
        let code: StrDeserializer<'_, serde::de::value::Error> = code.into_deserializer();
        DismissReasonCode::deserialize(code).map_err(|_| {
            bad_request(
                "The reason must be one of too_expensive, doesnt_integrate, \
                 already_evaluated, not_right_for_practice or other",
            )
        })
    }
}

/// One stored dismissal: when, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dismissal {
    pub at: i64,
    pub reason: DismissReason,
}
