//! /api/auth: sign-up, sign-in, sign-out, the current user and password changes.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum_extra::extract::cookie::CookieJar;

use super::AccountsState;
use super::audit::{self, AuditAction};
use super::client_ip::ClientIp;
use super::find_by_email;
use super::limiter::{self, Scope, Tag};
use super::lockout::{self, ACCOUNT_WINDOW, PAIR_FAILURES, SignInLimits, refused_is_fine};
use super::model::{
    ChangePassword, Email, NewPassword, SetupStatus, SignIn, SignInAnswer, SignUp, UserEnvelope,
    UserView, parse_firm_size, parse_law_firm, parse_name,
};
use super::password;
use super::sessions::{self, COOKIE, CurrentUser};
use super::settings::{self, SignUpMode};
use super::storage::{self, FirmChoice, NewUser};
use crate::platform::blocking::Blocking;
use crate::platform::error::{AppError, Result, bad_request, unauthorized};
use crate::platform::extract::Json;
use subtle::ConstantTimeEq;

const INVALID_CREDENTIALS: &str = "Invalid email or password";

pub const SETUP_TOKEN_NEEDED: &str = "This Litstack serves a network address, so the first \
    (admin) account needs the one-time setup token printed in the server's console.";

/// POST /api/auth/sign-up (public): creates an account and signs it in. The first is the admin.
#[utoipa::path(post, path = "/auth/sign-up", tag = "auth", security(()),
    request_body = SignUp,
    responses(
        (status = 201, description = "Account created; the session cookie is set", body = UserEnvelope),
        (status = 400, description = "Invalid input", body = crate::platform::error::ErrorBody),
        (status = 403, description = "The first account needs the setup token, sign-up is by invitation only, or a foreign origin", body = crate::platform::error::ErrorBody),
        (status = 404, description = "The invitation link is not valid", body = crate::platform::error::ErrorBody),
        (status = 409, description = "An account with this email already exists", body = crate::platform::error::ErrorBody),
        (status = 410, description = "The invitation expired, was used or was withdrawn", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
        (status = 429, description = "Too many sign-up attempts from this client; see Retry-After", body = crate::platform::error::ErrorBody),
    ))]
pub async fn sign_up(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(body): Json<SignUp>,
) -> Result<impl IntoResponse> {
    let device = super::devices::of_request(&headers, &ip);
    // Every attempt counts, created or refused: a 409 tells whether an email has an account.
    limiter::from_handler(&state, move |app| lockout::count_sign_up(app, &ip)).await?;
    let name = parse_name(&body.name)?;
    let email = Email::parse(&body.email)?;
    let named = email.clone();
    limiter::from_handler(&state, move |app| {
        lockout::count_address(app, lockout::NamesAddress::SignUp, &named)
    })
    .await?;
    // Through an invitation the firm exists: its name and size are not asked again.
    let firm = match body.invite_token.as_deref() {
        Some(token) => FirmChoice::Join {
            invitation: super::link_routes::token_hash(token)?,
        },
        None => FirmChoice::New {
            name: parse_law_firm(&body.law_firm)?,
            size: parse_firm_size(body.firm_size.as_deref())?,
        },
    };
    let firm_name = match &firm {
        FirmChoice::New { name, .. } => name.clone(),
        FirmChoice::Join { .. } | FirmChoice::Sso { .. } => String::new(),
    };
    let password = NewPassword::parse(&body.password, &[email.as_str(), &name, &firm_name])?;
    let setup_token = body.setup_token;
    if matches!(firm, FirmChoice::New { .. }) {
        let invite_only = state
            .blocking(|app| {
                // The install's first account (the operator) is never by invitation.
                Ok(settings::sign_up_mode(app)? == SignUpMode::InviteOnly
                    && storage::has_users(&app.store)?)
            })
            .await?;
        if invite_only {
            return Err(crate::platform::error::forbidden(settings::INVITE_ONLY));
        }
    }

    let slot = state.hashing.slot().await;
    let (user, token) = state
        .blocking(move |app| {
            let password_hash = password::hash(password.as_str())?;
            drop(slot);
            let (token, hash) = sessions::new_token();
            let joined = matches!(firm, FirmChoice::Join { .. });
            let new = NewUser {
                name,
                email,
                firm,
                password_hash,
            };
            let user = storage::create_user(&app.store, new, &hash, |held_by_database| {
                // In hub mode the database's token is the one every node accepts.
                let expected = held_by_database
                    .or_else(|| app.setup_token.lock().expect("setup token lock").clone());
                if let Some(expected) = expected {
                    let given = setup_token.as_deref().unwrap_or("").trim();
                    if !bool::from(given.as_bytes().ct_eq(expected.as_bytes())) {
                        return Err(crate::platform::error::forbidden(SETUP_TOKEN_NEEDED));
                    }
                }
                Ok(())
            })?;
            super::devices::record(app, &hash, &user, &device, super::devices::Started::SignUp);
            if user.is_admin {
                *app.setup_token.lock().expect("setup token lock") = None;
            }
            // The new account counts in its firm's size.
            app.firm_changed.tell(user.firm.id);
            if joined {
                audit::record(
                    &app.store,
                    user.firm.id,
                    Some(&user),
                    AuditAction::MemberJoined,
                    format!(
                        "{} ({}) joined as {}",
                        user.name,
                        user.email,
                        user.firm_role.code()
                    ),
                );
            }
            Ok((user, token))
        })
        .await?;
    tracing::info!(target: "security", user_id = user.id, is_admin = user.is_admin, "account created");
    let jar = jar.add(sessions::session_cookie(&state, token));
    Ok((
        StatusCode::CREATED,
        jar,
        Json(UserEnvelope {
            user: UserView::from(&user),
        }),
    ))
}

/// POST /api/auth/sign-in (public): starts a new session (any session the browser held ends).
#[utoipa::path(post, path = "/auth/sign-in", tag = "auth", security(()),
    request_body = SignIn,
    responses(
        (status = 200, description = "Signed in and the session cookie set (`user`), or the \
            password was right and a second factor is due (`mfaRequired`, `mfaToken`: no cookie)",
            body = SignInAnswer),
        (status = 400, description = "Invalid input", body = crate::platform::error::ErrorBody),
        (status = 401, description = "Invalid email or password, or the account was removed while \
            it signed in", body = crate::platform::error::ErrorBody),
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyAttempts,
    ))]
pub async fn sign_in(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(body): Json<SignIn>,
) -> Result<impl IntoResponse> {
    let device = super::devices::of_request(&headers, &ip);
    let base = super::links::base(&state.config);
    let email = Email::parse(&body.email)?;
    if body.password.is_empty() {
        return Err(bad_request("Password is required"));
    }
    if body.password.len() > 1024 {
        return Err(unauthorized(INVALID_CREDENTIALS));
    }
    let limits = SignInLimits::new(&ip, &email);
    let early = limits.clone();
    limiter::from_handler(&state, move |app| early.check(app)).await?;

    let previous = jar.get(COOKIE).map(|c| sessions::hash_token(c.value()));
    let password = body.password;
    let slot = state.hashing.slot().await;
    let outcome = state
        .blocking(move |app| {
            // Checked again with the hashing slot held: the failures of the requests that queued
            // alongside this one count, so a burst of guesses cannot outrun the limits.
            limits.check(app)?;
            let found = find_by_email(app, &email)?;
            let Some(user) = found
                .as_ref()
                .filter(|u| password::verify(&password, &u.password_hash))
                .cloned()
            else {
                // An account without a usable password takes as long as one without an account.
                if found
                    .as_ref()
                    .is_none_or(|u| password::is_unusable(&u.password_hash))
                {
                    password::burn_time(&password);
                }
                if let Some(user) = &found {
                    audit::record(
                        &app.store,
                        user.firm.id,
                        None,
                        AuditAction::SignInFailed,
                        format!("A sign-in to {} failed", user.email),
                    );
                }
                limits.count_failure(app, found.map(|u| u.id))?;
                return Ok(None);
            };
            drop(slot);
            // Only a person with the right password learns that their firm is disabled.
            if user.firm.disabled {
                return Err(crate::platform::error::forbidden(sessions::FIRM_DISABLED));
            }
            // A firm that requires single sign-on refuses its members' passwords (owners keep a
            // break-glass sign-in): told only to whom knows the password.
            super::sso::check_password_sign_in(app, &user)?;
            // A second factor is due: no session yet, and this client's failures stay counted
            // until the code is right.
            if super::mfa::has_factor(app, user.id)? {
                let mfa_token = super::mfa::start_challenge(app, user.id)?;
                return Ok(Some(SignedIn::FactorDue(user, mfa_token)));
            }
            // Rotate: a new token at every sign-in, and the one the browser held (if any) ends.
            let (token, hash) = sessions::new_token();
            if !storage::rotate_session(&app.store, previous.as_ref(), &hash, user.id)? {
                return Err(unauthorized(sessions::ACCOUNT_GONE));
            }
            if let Some(old) = previous {
                app.sessions.forget(&old);
            }
            super::devices::record(
                app,
                &hash,
                &user,
                &device,
                super::devices::Started::SignIn {
                    base: base.as_deref(),
                },
            );
            limits.succeeded(app)?;
            Ok(Some(SignedIn::Session(user, token)))
        })
        .await?;

    match outcome {
        Some(SignedIn::Session(user, token)) => {
            tracing::info!(target: "security", user_id = user.id, client = %ip, "sign-in succeeded");
            let jar = jar.add(sessions::session_cookie(&state, token));
            Ok((
                jar,
                Json(SignInAnswer {
                    user: Some(UserView::from(&user)),
                    mfa_required: false,
                    mfa_token: None,
                }),
            ))
        }
        Some(SignedIn::FactorDue(user, mfa_token)) => {
            tracing::info!(target: "security", user_id = user.id, client = %ip, "password right; second factor due");
            Ok((
                jar,
                Json(SignInAnswer {
                    user: None,
                    mfa_required: true,
                    mfa_token: Some(mfa_token),
                }),
            ))
        }
        None => {
            tracing::warn!(target: "security", client = %ip, "sign-in failed");
            Err(unauthorized(INVALID_CREDENTIALS))
        }
    }
}

/// A right password's outcome: a session (its token), or the second step's token.
enum SignedIn {
    Session(super::model::User, String),
    FactorDue(super::model::User, String),
}

/// GET /api/auth/setup (public): whether the install has no account yet (its first sign-up runs
/// the install) and whether that sign-up needs the console's setup token.
#[utoipa::path(get, path = "/auth/setup", tag = "auth", security(()),
    responses((status = 200, body = SetupStatus)))]
pub async fn setup_status(State(state): State<AccountsState>) -> Result<Json<SetupStatus>> {
    let held = state
        .setup_token
        .lock()
        .expect("setup token lock")
        .is_some();
    // The database knows (in hub mode another node may have claimed the install since).
    let no_account_yet = !state.blocking(|app| storage::has_users(&app.store)).await?;
    let required = held && no_account_yet;
    let mail = state
        .blocking(|app| crate::mail::settings(&app.store))
        .await?;
    Ok(Json(SetupStatus {
        setup_token_required: required,
        no_account_yet,
        password_reset_by_email: mail.is_some(),
    }))
}

/// POST /api/auth/sign-out: ends this session.
#[utoipa::path(post, path = "/auth/sign-out", tag = "auth",
    responses(
        (status = 204, description = "Signed out; the session cookie is cleared"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn sign_out(
    State(state): State<AccountsState>,
    current: CurrentUser,
    jar: CookieJar,
) -> Result<impl IntoResponse> {
    let hash = current.session;
    state
        .blocking(move |app| {
            storage::delete_session(&app.store, &hash)?;
            app.sessions.forget(&hash);
            Ok(())
        })
        .await?;
    tracing::info!(target: "security", user_id = current.user.id, "signed out");
    Ok((
        StatusCode::NO_CONTENT,
        jar.remove(sessions::removal_cookie()),
    ))
}

/// GET /api/auth/me: the signed-in user, and whether the session may only set up a second
/// factor (the firm or the install requires one and the account has none).
#[utoipa::path(get, path = "/auth/me", tag = "auth",
    responses(
        (status = 200, body = MeAnswer),
        (status = 401, description = "Not signed in; `reason` says why when the server ended the \
            session (a password or email change, a reset link, a removal from the firm). Any \
            route that needs a session answers the same", body = crate::platform::error::SignedOutBody),
    ))]
pub async fn me(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<MeAnswer>> {
    let mfa_required_by = match current.mfa_setup_due {
        false => None,
        true => {
            let user = current.user.clone();
            state
                .blocking(move |app| super::mfa_required::required_by(app, &user))
                .await?
        }
    };
    Ok(Json(MeAnswer {
        user: UserView::from(&current.user),
        mfa_setup_required: current.mfa_setup_due,
        mfa_required_by,
    }))
}

/// What `me` answers.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeAnswer {
    pub user: UserView,
    /// This session may only set up a second factor (`GET /api/auth/mfa`, the TOTP setup and
    /// confirm, sign-out); every other route answers 403 with the code `mfa_setup_required`
    /// until the factor is confirmed.
    pub mfa_setup_required: bool,
    /// Who requires the second factor, when `mfaSetupRequired`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mfa_required_by: Option<super::mfa_required::RequiredBy>,
}

/// POST /api/auth/change-password: sets a new password and ends the user's other sessions.
#[utoipa::path(post, path = "/auth/change-password", tag = "auth",
    request_body = ChangePassword,
    responses(
        (status = 204, description = "Password changed"),
        (status = 400, description = "Invalid input, a wrong current password, or a missing or wrong code when two-step sign-in is on", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
        (status = 429, description = "Too many wrong passwords; see Retry-After", body = crate::platform::error::ErrorBody),
    ))]
pub async fn change_password(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    current: CurrentUser,
    Json(body): Json<ChangePassword>,
) -> Result<StatusCode> {
    if body.current_password.is_empty() {
        return Err(bad_request("Current password is required"));
    }
    let user = &current.user;
    let new_password = NewPassword::parse(
        &body.new_password,
        &[&user.email, &user.name, &user.firm.name],
    )?;
    // Wrong current passwords count per account and client, like failed sign-ins.
    let account_key = lockout::password_change_key(&current.user.email, &ip);
    let key = account_key.clone();
    limiter::from_handler(&state, move |app| {
        limiter::check(app, &key, PAIR_FAILURES, ACCOUNT_WINDOW)
    })
    .await?;
    let user_id = current.user.id;
    let keep = current.session;
    let slot = state.hashing.slot().await;
    let outcome = state
        .blocking(move |app| {
            let _slot = slot;
            let Some(mut user) = app.load_user(user_id)? else {
                return Err(unauthorized("Your account no longer exists."));
            };
            // With two-step sign-in on, a current code too (a stolen session alone cannot
            // take the account over).
            super::mfa::step_up(app, &user, &ip, body.code.as_deref())?;
            if !password::verify(&body.current_password, &user.password_hash) {
                let tag = Tag {
                    user_id,
                    scope: Scope::Pair,
                };
                refused_is_fine(limiter::hit_tagged(
                    app,
                    &account_key,
                    PAIR_FAILURES,
                    ACCOUNT_WINDOW,
                    Some(tag),
                ))?;
                return Ok(None);
            }
            user.password_hash = password::hash(new_password.as_str())?;
            let ended = storage::save_password(&app.store, &user, &keep)?;
            app.sessions.forget_user(user.id, Some(&keep));
            app.sessions.refresh_user(&user);
            Ok(Some(ended))
        })
        .await?;
    match outcome {
        Some(ended) => {
            tracing::info!(target: "security", user_id, sessions_ended = ended, "password changed");
            Ok(StatusCode::NO_CONTENT)
        }
        None => {
            tracing::warn!(target: "security", user_id, "password change with a wrong current password");
            Err(AppError::BadRequest("Current password is incorrect".into()))
        }
    }
}
