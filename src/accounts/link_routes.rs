//! The public ends of the one-time links: looking an invitation up for the join page, and setting
//! a new password with a reset link. Both are reached signed out; the token comes in the body
//! (the page reads it from the link's fragment), never in a URL the server logs.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::AccountsState;
use super::audit::{self, AuditAction};
use super::links::{self, RESET_UNUSABLE};
use super::model::NewPassword;
use super::password;
use super::sessions::hash_token;
use super::storage;
use super::{FirmRole, find_firm};
use crate::platform::blocking::Blocking;
use crate::platform::clock::now_secs;
use crate::platform::clock::rfc3339;
use crate::platform::error::{Result, bad_request, gone};
use crate::platform::extract::Json;

/// POST /api/auth/invitation.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InvitationLookup {
    /// The token from the invitation link (after `#`).
    #[schema(max_length = 200)]
    pub token: String,
}

/// What the join page shows before the person signs up.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationPreview {
    pub firm_name: String,
    pub email: String,
    pub role: FirmRole,
    #[schema(format = DateTime)]
    pub expires_at: String,
}

/// A token as a request sends it, hashed; an empty or overlong one is a 400 saying what to do.
pub(super) fn token_hash(raw: &str) -> Result<super::TokenHash> {
    let token = raw.trim();
    if token.is_empty() || token.len() > 200 {
        return Err(bad_request(LINK_TOKEN_INVALID));
    }
    Ok(hash_token(token))
}

const LINK_TOKEN_INVALID: &str = "This link is not complete. Copy the whole link from the message you were given and open it again.";

/// POST /api/auth/invitation (public): the invitation a link carries, if it can still be used.
#[utoipa::path(post, path = "/auth/invitation", tag = "auth", security(()),
    request_body = InvitationLookup,
    responses(
        (status = 200, body = InvitationPreview),
        (status = 400, description = "Invalid input", body = crate::platform::error::ErrorBody),
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such invitation", body = crate::platform::error::ErrorBody),
        (status = 410, description = "Expired, used or withdrawn, and which", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn look_up_invitation(
    State(state): State<AccountsState>,
    Json(body): Json<InvitationLookup>,
) -> Result<Json<InvitationPreview>> {
    let hash = token_hash(&body.token)?;
    let preview = state
        .blocking(move |app| {
            let invitation = storage::links::find_invitation_by_token(&app.store, &hash)?
                .ok_or_else(links::unknown_invitation)?;
            invitation.usable(now_secs())?;
            let firm =
                find_firm(&app.store, invitation.firm_id)?.ok_or_else(links::unknown_invitation)?;
            Ok(InvitationPreview {
                firm_name: firm.name,
                email: invitation.email,
                role: invitation.role,
                expires_at: rfc3339(invitation.expires_at),
            })
        })
        .await?;
    Ok(Json(preview))
}

/// POST /api/auth/reset-password.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetPassword {
    /// The token from the reset link (after `#`).
    #[schema(max_length = 200)]
    pub token: String,
    /// 8 to 128 characters, and not one of the commonly used passwords.
    #[schema(min_length = 8, max_length = 128)]
    pub new_password: String,
}

/// POST /api/auth/reset-password (public): sets a new password with a one-time reset link; every
/// session of the account ends, and the person signs in with the new password.
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth", security(()),
    request_body = ResetPassword,
    responses(
        (status = 204, description = "The password is set; every session of the account ended"),
        (status = 400, description = "Invalid input, or a weak password", body = crate::platform::error::ErrorBody),
        crate::platform::error::ForeignOrigin,
        (status = 410, description = "The link expired, was used, or is not valid", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn reset_password(
    State(state): State<AccountsState>,
    Json(body): Json<ResetPassword>,
) -> Result<StatusCode> {
    let hash = token_hash(&body.token)?;
    // The password's own faults are named before the link is looked at; its likeness to the
    // account is checked once the account is known.
    NewPassword::parse(&body.new_password, &[])?;
    // The account is needed to judge the password (not the email, the name or the firm's name).
    let lookup = state
        .blocking(move |app| {
            let link = storage::links::find_reset_link(&app.store, &hash)?
                .ok_or_else(|| gone(RESET_UNUSABLE))?;
            link.usable(now_secs())?;
            app.load_user(link.user_id)?
                .ok_or_else(|| gone(RESET_UNUSABLE))
        })
        .await?;
    let new_password = NewPassword::parse(
        &body.new_password,
        &[&lookup.email, &lookup.name, &lookup.firm.name],
    )?;
    let slot = state.hashing.slot().await;
    let user = state
        .blocking(move |app| {
            let password_hash = password::hash(new_password.as_str())?;
            drop(slot);
            // Checked again and used in one step: a second use, even at the same moment, is a 410.
            let user =
                storage::links::use_reset_link(&app.store, &hash, now_secs(), &password_hash)?;
            app.sessions.forget_user(user.id, None);
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::ResetLinkUsed,
                format!("{} set a new password with a reset link", user.name),
            );
            Ok(user)
        })
        .await?;
    tracing::info!(target: "security", user_id = user.id, "password reset with a link; sessions ended");
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/auth/forgot-password.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ForgotPassword {
    #[schema(max_length = 254)]
    pub email: String,
}

/// What `POST /api/auth/forgot-password` answers, whoever the email belongs to.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ForgotPasswordAnswer {
    pub message: &'static str,
}

pub const FORGOT_ANSWER: &str = "If an account uses this email, a link to set a new password is on its way. It works for 15 minutes.";
pub const MAIL_OFF: &str =
    "This Litstack does not send email. Ask your firm's owner or admin for a password-reset link.";
/// Requests from one client address in an hour, and links mailed for one account in an hour.
const FORGOT_PER_CLIENT: u32 = 10;
const FORGOT_PER_ACCOUNT: u32 = 3;
const FORGOT_WINDOW: std::time::Duration = std::time::Duration::from_secs(3_600);

/// POST /api/auth/forgot-password (public): mails a 15-minute, single-use reset link when an
/// account uses the email. The answer is the same, and as quick, either way (the lookup and the
/// mail happen after it), so it never tells whether an email has an account.
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", security(()),
    request_body = ForgotPassword,
    responses(
        (status = 202, description = "Accepted, whether or not an account uses the email", body = ForgotPasswordAnswer),
        (status = 400, description = "Not an email address", body = crate::platform::error::ErrorBody),
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
        (status = 429, description = "Too many requests from this client; see Retry-After", body = crate::platform::error::ErrorBody),
        (status = 409, description = "This server does not send email", body = crate::platform::error::ErrorBody),
    ))]
pub async fn forgot_password(
    State(state): State<AccountsState>,
    super::ClientIp(ip): super::ClientIp,
    Json(body): Json<ForgotPassword>,
) -> Result<(StatusCode, Json<ForgotPasswordAnswer>)> {
    let email = super::Email::parse(&body.email)?;
    let client_key = format!("forgot:client:{ip}");
    super::limiter::from_handler(&state, move |app| {
        super::limiter::hit(app, &client_key, FORGOT_PER_CLIENT, FORGOT_WINDOW)
    })
    .await?;
    let mail_on = state
        .blocking(|app| crate::mail::settings(&app.store))
        .await?
        .is_some();
    if !mail_on {
        return Err(crate::platform::error::conflict(MAIL_OFF));
    }
    let base = links::mailed_base(&state.config)?;
    // After the answer: a known and an unknown email take the same time to answer.
    let app = state.clone();
    tokio::task::spawn_blocking(move || {
        if let Err(e) = mail_reset_link(&app, &email, &base) {
            tracing::warn!(target: "security", "a forgot-password request failed: {e}");
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(ForgotPasswordAnswer {
            message: FORGOT_ANSWER,
        }),
    ))
}

/// Issues and mails a reset link for the account of `email`, if there is one and it has not had
/// `FORGOT_PER_ACCOUNT` links this hour (beyond that, quietly nothing: a 429 would say the account
/// exists).
fn mail_reset_link(app: &AccountsState, email: &super::Email, base: &str) -> Result<()> {
    let Some(user) = super::find_by_email(app, email)? else {
        return Ok(());
    };
    let account_key = format!("forgot:account:{}", user.id);
    if super::limiter::hit(app, &account_key, FORGOT_PER_ACCOUNT, FORGOT_WINDOW).is_err() {
        tracing::info!(target: "security", user_id = user.id, "forgot-password: this hour's links already sent");
        return Ok(());
    }
    let (_, issued) = super::issue_reset_link(app, &user, &user, Some(base))?;
    if issued.emailed {
        audit::record(
            &app.store,
            user.firm.id,
            Some(&user),
            AuditAction::ResetLinkIssued,
            format!("{} asked for a password-reset link by email", user.name),
        );
        tracing::info!(target: "security", user_id = user.id, "reset link mailed on request");
    }
    Ok(())
}
