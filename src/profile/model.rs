//! What the profile routes read and answer.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::bands::{self, AttorneysBand, CasesBand, EmployeesBand, Onboarding, SpendBand};
use crate::platform::error::{Result, bad_request};
use crate::platform::firm_size::FirmSize;

/// The profile form's data: the user's own details and the firm's onboarding answers.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ProfileView {
    pub user: ProfileUser,
    /// Absent (null) until onboarding is completed.
    pub onboarding: Option<Onboarding>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUser {
    pub name: String,
    pub email: String,
    pub law_firm: String,
    pub firm_size: Option<FirmSize>,
}

/// Whether the firm's onboarding questions are answered.
#[derive(Serialize, utoipa::ToSchema)]
pub struct OnboardingStatus {
    pub completed: bool,
}

/// The profile form. An email change needs the current password and ends the other sessions.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileUpdate {
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    #[schema(min_length = 1, max_length = 200)]
    pub law_firm: String,
    /// Absent or null clears the firm size.
    #[serde(default)]
    #[schema(value_type = Option<FirmSize>)]
    pub firm_size: Option<String>,
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[serde(default)]
    pub current_password: Option<String>,
}

/// The four onboarding answers; each is required (text here, so a missing or unknown one gets a
/// message naming the question).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OnboardingAnswers {
    #[schema(value_type = bands::AttorneysBand, required = true)]
    attorneys_count_band: Option<String>,
    #[schema(value_type = bands::EmployeesBand, required = true)]
    employees_count_band: Option<String>,
    #[schema(value_type = bands::CasesBand, required = true)]
    injury_cases_per_month_band: Option<String>,
    #[schema(value_type = bands::SpendBand, required = true)]
    annual_software_spend_band: Option<String>,
}

impl OnboardingAnswers {
    /// The answers as stored; a missing or unknown one is a 400 naming its question.
    pub fn parse(self) -> Result<Onboarding> {
        Ok(Onboarding {
            attorneys_count_band: band(
                self.attorneys_count_band,
                "How many attorneys",
                AttorneysBand::CODES,
            )?,
            employees_count_band: band(
                self.employees_count_band,
                "How many employees",
                EmployeesBand::CODES,
            )?,
            injury_cases_per_month_band: band(
                self.injury_cases_per_month_band,
                "New injury cases per month",
                CasesBand::CODES,
            )?,
            annual_software_spend_band: band(
                self.annual_software_spend_band,
                "Annual software spend",
                SpendBand::CODES,
            )?,
        })
    }
}

/// Parses one band, naming the question and the allowed codes when it is missing or unknown.
fn band<T: serde::de::DeserializeOwned>(
    raw: Option<String>,
    question: &str,
    codes: &[&str],
) -> Result<T> {
    let Some(raw) = raw else {
        return Err(bad_request(format!("Please answer: {question}")));
    };
    serde_json::from_value(Value::String(raw))
        .map_err(|_| bad_request(format!("{question}: choose one of {}", codes.join(", "))))
}
