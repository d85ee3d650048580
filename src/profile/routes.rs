//! /api/profile: the user's details and the firm's onboarding answers.

use axum::extract::State;

use super::model::{OnboardingAnswers, OnboardingStatus, ProfileUpdate, ProfileUser, ProfileView};
use super::{load_onboarding, storage};
use crate::accounts::AccountsState;
use crate::accounts::model::{Email, parse_law_firm, parse_name};
use crate::accounts::{self, UserEnvelope, UserView, parse_firm_size, password};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{CurrentUser, FirmMember};
use crate::platform::error::{Result, bad_request};
use crate::platform::extract::Json;

/// GET /api/profile: the user's details and onboarding answers.
#[utoipa::path(get, path = "/profile", tag = "profile",
    responses(
        (status = 200, body = ProfileView),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn get_profile(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<ProfileView>> {
    let user = member.user;
    let onboarding = state
        .blocking(move |app| load_onboarding(&app.store, user.firm.id))
        .await?;
    Ok(Json(ProfileView {
        user: ProfileUser {
            name: user.name,
            email: user.email,
            law_firm: user.firm.name,
            firm_size: user.firm.size,
        },
        onboarding,
    }))
}

/// PATCH /api/profile: updates the user's details.
#[utoipa::path(patch, path = "/profile", tag = "profile",
    request_body = ProfileUpdate,
    responses(
        (status = 200, body = UserEnvelope),
        (status = 400, description = "Invalid input or a wrong current password", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 409, description = "An account with this email already exists", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn update_profile(
    State(state): State<AccountsState>,
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
    // A 409 says the new address has an account: counted per address, whatever the answer.
    if let Some(email) = new_email.clone() {
        state
            .blocking(move |app| {
                accounts::lockout::count_address(
                    app,
                    accounts::lockout::NamesAddress::EmailChange,
                    &email,
                )
            })
            .await?;
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
                return Err(crate::platform::error::unauthorized(
                    "Your account no longer exists.",
                ));
            };
            if new_email.is_some() && !password::verify(&current_password, &user.password_hash) {
                return Err(bad_request("Current password is incorrect"));
            }
            user.name = name;
            // The firm's name and size are the firm's: only its owners and admins change them.
            if user.firm.name != law_firm || user.firm.size != firm_size {
                user.firm_role.may_manage().map_err(|_| {
                    crate::platform::error::forbidden(
                        "Only the firm's owners and admins can change the firm's name or size.",
                    )
                })?;
                let mut firm = user.firm.clone();
                firm.name = law_firm;
                firm.size = firm_size;
                accounts::save_firm(app, &firm)?;
                user.firm = firm;
            }
            match &new_email {
                Some(email) => accounts::change_email(app, user, email, &keep),
                None => {
                    accounts::save_details(app, &user)?;
                    Ok(user)
                }
            }
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
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn onboarding_status(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<OnboardingStatus>> {
    let id = member.firm;
    let found = state
        .blocking(move |app| load_onboarding(&app.store, id))
        .await?;
    Ok(Json(OnboardingStatus {
        completed: found.is_some(),
    }))
}

/// POST /api/profile/onboarding: saves the firm's onboarding answers.
#[utoipa::path(post, path = "/profile/onboarding", tag = "profile",
    request_body = OnboardingAnswers,
    responses(
        (status = 200, body = OnboardingStatus),
        (status = 400, description = "A missing or unknown answer", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn save_onboarding(
    State(state): State<AccountsState>,
    member: FirmMember,
    Json(body): Json<OnboardingAnswers>,
) -> Result<Json<OnboardingStatus>> {
    let answers = body.parse()?;
    // The firm's answers: asked once, of whoever sets the firm up; later its owners and admins.
    member.role.may_manage()?;
    let id = member.firm;
    state
        .blocking(move |app| storage::save_onboarding(&app.store, id, &answers))
        .await?;
    Ok(Json(OnboardingStatus { completed: true }))
}
