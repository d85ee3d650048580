//! One error type for the whole API. Every failure becomes `{"error": "<readable message>"}` with
//! the right status; internal causes are logged, never sent to the client. What a store's failure
//! means (a full disk, a database out of reach, a read that met a failed write) is read in
//! `failure.rs`, which knows redb's and sqlx's error types; the store raises them and asks nothing.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

pub mod failure;

use failure::{Failure, classify};

pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// The body of every error answer, as the API description shows it.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A message a person can read and act on.
    pub error: String,
    /// What the app can act on without reading the message; absent on most errors.
    /// `mfa_setup_required`: the session may only set up a second factor (the firm or the
    /// install requires one and the account has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
}

/// The 401 of every route that needs a session, declared once for the API description:
/// `responses(..., NotSignedIn)` in a route's `#[utoipa::path]`.
#[derive(utoipa::IntoResponses)]
#[response(status = 401, description = "Not signed in")]
pub struct NotSignedIn(pub ErrorBody);

/// The 403 of a state-changing route any signed-in person may call: a request from another site.
#[derive(utoipa::IntoResponses)]
#[response(status = 403, description = "A foreign origin")]
pub struct ForeignOrigin(pub ErrorBody);

/// The 403 of the operator's state-changing routes.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Not an administrator, or a foreign origin"
)]
pub struct NotOperatorOrForeignOrigin(pub ErrorBody);

/// The 403 of the operator's reads.
#[derive(utoipa::IntoResponses)]
#[response(status = 403, description = "Not an administrator")]
pub struct NotOperator(pub ErrorBody);

/// The 403 of a firm's write that every role but a viewer may make.
#[derive(utoipa::IntoResponses)]
#[response(status = 403, description = "A viewer, or a foreign origin")]
pub struct ViewerOrForeignOrigin(pub ErrorBody);

/// The 403 of a firm's write for owners and admins, said by the roles it refuses
/// (`NotOwnerOrAdminOrForeignOrigin` says the same by the roles it lets through).
#[derive(utoipa::IntoResponses)]
#[response(status = 403, description = "A member or viewer, or a foreign origin")]
pub struct MemberOrViewerOrForeignOrigin(pub ErrorBody);

/// The 403 of a firm's read for owners and admins.
#[derive(utoipa::IntoResponses)]
#[response(status = 403, description = "Not an owner or admin")]
pub struct NotOwnerOrAdmin(pub ErrorBody);

/// The 403 of a firm's write for owners and admins.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Not an owner or admin, or a foreign origin"
)]
pub struct NotOwnerOrAdminOrForeignOrigin(pub ErrorBody);

/// The 403 of a firm's read for its owners.
#[derive(utoipa::IntoResponses)]
#[response(status = 403, description = "Not an owner of the firm")]
pub struct NotOwner(pub ErrorBody);

/// The 403 of a firm's write for its owners.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Not an owner of the firm, or a foreign origin"
)]
pub struct NotOwnerOrForeignOrigin(pub ErrorBody);

/// The 403 of a change to a member, which some roles may make to some members.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Not allowed for this role, or a foreign origin"
)]
pub struct NotAllowedForRoleOrForeignOrigin(pub ErrorBody);

/// The 403 of an approver's verdict on a decision.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Not one of the decision's approvers, or a foreign origin"
)]
pub struct NotApproverOrForeignOrigin(pub ErrorBody);

/// The 429 of a route that checks a second factor's code and locks after wrong ones.
#[derive(utoipa::IntoResponses)]
#[response(status = 429, description = "Too many wrong codes; see Retry-After")]
pub struct TooManyWrongCodes(pub ErrorBody);

/// The 429 of a sign-in step: the password, or the second factor after it.
#[derive(utoipa::IntoResponses)]
#[response(status = 429, description = "Too many attempts; see Retry-After")]
pub struct TooManyAttempts(pub ErrorBody);

/// The 413 of a route with a JSON body over `JSON_BODY_LIMIT`.
#[derive(utoipa::IntoResponses)]
#[response(status = 413, description = "The body is too large")]
pub struct TooLarge(pub ErrorBody);

/// The body of a 401 for a session the server ended (a password or email change, a reset link, a
/// removal from the firm): the error says why, `reason` names it for the app.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct SignedOutBody {
    /// A message a person can read, e.g. "You were signed out because your password was
    /// changed."
    pub error: String,
    /// Why the session ended; absent when it merely ran out or was never there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<crate::platform::signed_out::EndReason>,
}

/// What a session that may only set up a second factor is told (`AppError::MfaSetupRequired`).
/// Kept here, with the answer it is part of, so the ground every domain stands on names none.
pub const MFA_SETUP_REQUIRED: &str = "Set up a second factor to continue";
/// The machine-readable code of that 403; the web app signs the person into the setup on it.
pub const MFA_SETUP_REQUIRED_CODE: &str = "mfa_setup_required";

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    /// A 401 for a cookie whose session the server ended, saying why.
    #[error("{}", .0.message())]
    SessionEnded(crate::platform::signed_out::EndedSession),
    #[error("{0}")]
    Forbidden(String),
    /// A 403 for a session that may only set up a second factor (`code`: `mfa_setup_required`).
    #[error("{}", MFA_SETUP_REQUIRED)]
    MfaSetupRequired,
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// A one-time link that was used, withdrawn or ran out: it existed, and will not work again.
    #[error("{0}")]
    Gone(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub fn bad_request(msg: impl Into<String>) -> AppError {
    AppError::BadRequest(msg.into())
}
pub fn unauthorized(msg: impl Into<String>) -> AppError {
    AppError::Unauthorized(msg.into())
}
pub fn forbidden(msg: impl Into<String>) -> AppError {
    AppError::Forbidden(msg.into())
}
pub fn not_found(msg: impl Into<String>) -> AppError {
    AppError::NotFound(msg.into())
}
pub fn conflict(msg: impl Into<String>) -> AppError {
    AppError::Conflict(msg.into())
}
pub fn gone(msg: impl Into<String>) -> AppError {
    AppError::Gone(msg.into())
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) | AppError::SessionEnded(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) | AppError::MfaSetupRequired => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Gone(_) => StatusCode::GONE,
            AppError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Internal(cause) => match classify(cause) {
                Some(Failure::DiskFull) => StatusCode::INSUFFICIENT_STORAGE,
                Some(Failure::Unavailable | Failure::Reopening) => StatusCode::SERVICE_UNAVAILABLE,
                None => StatusCode::INTERNAL_SERVER_ERROR,
            },
        }
    }
}

/// What a person is told when hub mode's PostgreSQL database does not answer.
pub const DATABASE_UNAVAILABLE: &str = "The database is not answering right now. Litstack \
     reconnects by itself: try again in a moment, and if this goes on, ask your administrator to \
     check the PostgreSQL server.";

/// What a person is told when a read met a write failing under it (the file is reopened before
/// the next read, so the same request then works).
pub const TRY_AGAIN: &str = "Litstack could not finish reading because a save failed at the same \
     moment. Please try again.";

/// What a person is told when a write failed because the server's disk is full (the data
/// directory's, or in hub mode PostgreSQL's). Reads go on meanwhile; a sign-in, which saves a
/// session, meets this too, hence "anything".
pub const DISK_FULL: &str = "The server's disk is full, so Litstack cannot save anything right \
     now, a sign-in included. Free some space on the server's disk (or ask your administrator \
     to), then try again.";

impl From<tokio::task::JoinError> for AppError {
    fn from(e: tokio::task::JoinError) -> Self {
        AppError::Internal(anyhow::Error::new(e))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            AppError::Internal(cause) => match classify(cause) {
                Some(Failure::DiskFull) => {
                    tracing::error!(error = %cause, "a write failed: the disk is full");
                    DISK_FULL.to_string()
                }
                Some(Failure::Unavailable) => {
                    tracing::warn!(error = %cause, "the database does not answer");
                    DATABASE_UNAVAILABLE.to_string()
                }
                Some(Failure::Reopening) => {
                    tracing::warn!(error = %cause, "a read met a failed write");
                    TRY_AGAIN.to_string()
                }
                None => {
                    tracing::error!(error = ?cause, "internal error");
                    "Something went wrong on our side. Please try again.".to_string()
                }
            },
            other => other.to_string(),
        };
        let mut response = match &self {
            AppError::SessionEnded(ended) => {
                let body = SignedOutBody {
                    error: message,
                    reason: Some(ended.reason),
                };
                (status, Json(body)).into_response()
            }
            AppError::MfaSetupRequired => {
                let body = ErrorBody {
                    error: message,
                    code: Some(MFA_SETUP_REQUIRED_CODE),
                };
                (status, Json(body)).into_response()
            }
            _ => (
                status,
                Json(ErrorBody {
                    error: message,
                    code: None,
                }),
            )
                .into_response(),
        };
        if let AppError::TooManyRequests {
            retry_after_secs, ..
        } = self
        {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
        }
        response
    }
}
