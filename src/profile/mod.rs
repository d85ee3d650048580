//! The signed-in user's profile: personal data, the firm's onboarding answers (firm details).

pub mod bands;

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use redb::ReadableTable;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use bands::Onboarding;

use crate::accounts::model::{Email, parse_law_firm, parse_name};
use crate::accounts::{CurrentUser, UserEnvelope, UserView, parse_firm_size, password, sessions};
use crate::error::{Result, bad_request, conflict};
use crate::extract::Json;
use crate::firm_size::FirmSize;
use crate::state::{App, AppState};
use crate::store::{ONBOARDING, USER_EMAILS, USERS, codec};

/// The /api/profile operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(paths(get_profile, update_profile, onboarding_status, save_onboarding))]
pub struct ProfileApi;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/profile", get(get_profile).patch(update_profile))
        .route(
            "/profile/onboarding",
            get(onboarding_status).post(save_onboarding),
        )
}

pub fn load_onboarding(app: &App, user_id: u64) -> Result<Option<Onboarding>> {
    let txn = app.store.read()?;
    let table = txn.open_table(ONBOARDING)?;
    let found = table
        .get(user_id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    Ok(found)
}

/// The profile form's data: the user's own details and the firm's onboarding answers.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ProfileView {
    user: ProfileUser,
    /// Absent (null) until onboarding is completed.
    onboarding: Option<Onboarding>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUser {
    name: String,
    email: String,
    law_firm: String,
    firm_size: Option<FirmSize>,
}

/// Whether the firm's onboarding questions are answered.
#[derive(Serialize, utoipa::ToSchema)]
pub struct OnboardingStatus {
    completed: bool,
}

/// GET /api/profile: the user's details and onboarding answers.
#[utoipa::path(get, path = "/profile", tag = "profile",
    responses(
        (status = 200, body = ProfileView),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn get_profile(
    State(state): State<AppState>,
    current: CurrentUser,
) -> Result<Json<ProfileView>> {
    let user = current.user;
    let onboarding = state
        .blocking(move |app| load_onboarding(app, user.id))
        .await?;
    Ok(Json(ProfileView {
        user: ProfileUser {
            name: user.name,
            email: user.email,
            law_firm: user.law_firm,
            firm_size: user.firm_size,
        },
        onboarding,
    }))
}

/// The profile form. An email change needs the current password and ends the other sessions.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ProfileUpdate {
    #[schema(min_length = 1, max_length = 100)]
    name: String,
    #[schema(min_length = 1, max_length = 200)]
    law_firm: String,
    /// Absent or null clears the firm size.
    #[serde(default)]
    #[schema(value_type = Option<FirmSize>)]
    firm_size: Option<String>,
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    email: Option<String>,
    #[serde(default)]
    current_password: Option<String>,
}

/// PATCH /api/profile: updates the user's details.
#[utoipa::path(patch, path = "/profile", tag = "profile",
    request_body = ProfileUpdate,
    responses(
        (status = 200, body = UserEnvelope),
        (status = 400, description = "Invalid input or a wrong current password", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "A foreign origin", body = crate::error::ErrorBody),
        (status = 409, description = "An account with this email already exists", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large", body = crate::error::ErrorBody),
    ))]
async fn update_profile(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<ProfileUpdate>,
) -> Result<Json<UserEnvelope>> {
    let name = parse_name(&body.name)?;
    let law_firm = parse_law_firm(&body.law_firm)?;
    let firm_size = parse_firm_size(body.firm_size.as_deref())?;
    let new_email = match body.email.as_deref() {
        Some(raw) => {
            let email = Email::parse(raw)?;
            (email.as_str() != current.user.email).then_some(email)
        }
        None => None,
    };
    let current_password = body.current_password.unwrap_or_default();
    if new_email.is_some() && current_password.is_empty() {
        return Err(bad_request(
            "Enter your current password to change your email",
        ));
    }
    let keep = current.session;
    let user_id = current.user.id;
    let slot = match new_email {
        Some(_) => Some(state.hashing.slot().await),
        None => None,
    };
    let user = state
        .blocking(move |app| {
            let _slot = slot;
            let Some(mut user) = app.load_user(user_id)? else {
                return Err(crate::error::unauthorized("Your account no longer exists."));
            };
            if new_email.is_some() && !password::verify(&current_password, &user.password_hash) {
                return Err(bad_request("Current password is incorrect"));
            }
            let old_key = user.email.to_lowercase();
            user.name = name;
            user.law_firm = law_firm;
            user.firm_size = firm_size;
            let txn = app.store.write()?;
            let email_changed = if let Some(email) = &new_email {
                let mut emails = txn.open_table(USER_EMAILS)?;
                let taken = emails.get(email.key().as_str())?.map(|v| v.value());
                if taken.is_some_and(|owner| owner != user.id) {
                    return Err(conflict("An account with this email already exists"));
                }
                emails.remove(old_key.as_str())?;
                emails.insert(email.key().as_str(), user.id)?;
                user.email = email.as_str().to_string();
                true
            } else {
                false
            };
            txn.open_table(USERS)?.insert(user.id, codec::encode(&user).as_slice())?;
            if email_changed {
                sessions::end_other_sessions(&txn, user.id, Some(&keep))?;
            }
            txn.commit()?;
            if email_changed {
                app.sessions.forget_user(user.id, Some(&keep));
                tracing::info!(target: "security", user_id = user.id, "email changed; other sessions ended");
            }
            app.sessions.refresh_user(&user);
            Ok(user)
        })
        .await?;
    Ok(Json(UserEnvelope {
        user: UserView::from(&user),
    }))
}

/// GET /api/profile/onboarding: whether onboarding is completed.
#[utoipa::path(get, path = "/profile/onboarding", tag = "profile",
    responses(
        (status = 200, body = OnboardingStatus),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn onboarding_status(
    State(state): State<AppState>,
    current: CurrentUser,
) -> Result<Json<OnboardingStatus>> {
    let id = current.user.id;
    let found = state.blocking(move |app| load_onboarding(app, id)).await?;
    Ok(Json(OnboardingStatus {
        completed: found.is_some(),
    }))
}

/// The four onboarding answers; each is required (text here, so a missing or unknown one gets a
/// message naming the question).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OnboardingAnswers {
    #[schema(value_type = bands::AttorneysBand, required = true)]
    attorneys_count_band: Option<String>,
    #[schema(value_type = bands::EmployeesBand, required = true)]
    employees_count_band: Option<String>,
    #[schema(value_type = bands::CasesBand, required = true)]
    injury_cases_per_month_band: Option<String>,
    #[schema(value_type = bands::SpendBand, required = true)]
    annual_software_spend_band: Option<String>,
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

/// POST /api/profile/onboarding: saves the firm's onboarding answers.
#[utoipa::path(post, path = "/profile/onboarding", tag = "profile",
    request_body = OnboardingAnswers,
    responses(
        (status = 200, body = OnboardingStatus),
        (status = 400, description = "A missing or unknown answer", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "A foreign origin", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large", body = crate::error::ErrorBody),
    ))]
async fn save_onboarding(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<OnboardingAnswers>,
) -> Result<Json<OnboardingStatus>> {
    use bands::*;
    let answers = Onboarding {
        attorneys_count_band: band(
            body.attorneys_count_band,
            "How many attorneys",
            AttorneysBand::CODES,
        )?,
        employees_count_band: band(
            body.employees_count_band,
            "How many employees",
            EmployeesBand::CODES,
        )?,
        injury_cases_per_month_band: band(
            body.injury_cases_per_month_band,
            "New injury cases per month",
            CasesBand::CODES,
        )?,
        annual_software_spend_band: band(
            body.annual_software_spend_band,
            "Annual software spend",
            SpendBand::CODES,
        )?,
    };
    let id = current.user.id;
    state
        .blocking(move |app| {
            let txn = app.store.write()?;
            txn.open_table(ONBOARDING)?
                .insert(id, codec::encode(&answers).as_slice())?;
            txn.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(OnboardingStatus { completed: true }))
}
