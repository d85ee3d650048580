//! The signed-in user's profile: personal data, the firm's onboarding answers (firm details).

pub mod bands;

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use redb::ReadableTable;
use serde::Deserialize;
use serde_json::{Value, json};

pub use bands::Onboarding;

use crate::accounts::model::{Email, parse_law_firm, parse_name};
use crate::accounts::{CurrentUser, UserView, parse_firm_size, password, sessions};
use crate::error::{Result, bad_request, conflict};
use crate::extract::Json;
use crate::state::{App, AppState};
use crate::store::{ONBOARDING, USER_EMAILS, USERS, codec};

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

async fn get_profile(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Value>> {
    let user = current.user;
    let onboarding = state
        .blocking(move |app| load_onboarding(app, user.id))
        .await?;
    Ok(Json(json!({
        "user": {
            "name": user.name,
            "email": user.email,
            "lawFirm": user.law_firm,
            "firmSize": user.firm_size,
        },
        "onboarding": onboarding,
    })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ProfileUpdate {
    name: String,
    law_firm: String,
    #[serde(default)]
    firm_size: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    current_password: Option<String>,
}

async fn update_profile(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<ProfileUpdate>,
) -> Result<Json<Value>> {
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
    Ok(Json(json!({ "user": UserView::from(&user) })))
}

async fn onboarding_status(
    State(state): State<AppState>,
    current: CurrentUser,
) -> Result<Json<Value>> {
    let id = current.user.id;
    let found = state.blocking(move |app| load_onboarding(app, id)).await?;
    Ok(Json(json!({ "completed": found.is_some() })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OnboardingAnswers {
    attorneys_count_band: Option<String>,
    employees_count_band: Option<String>,
    injury_cases_per_month_band: Option<String>,
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

async fn save_onboarding(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<OnboardingAnswers>,
) -> Result<Json<Value>> {
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
    Ok(Json(json!({ "completed": true })))
}
