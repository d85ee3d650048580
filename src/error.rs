//! One error type for the whole API. Every failure becomes `{"error": "<readable message>"}` with
//! the right status; internal causes are logged, never sent to the client.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// The body of every error answer, as the API description shows it.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A message a person can read and act on.
    pub error: String,
}

/// The body of a 401 for a session the server ended (a password or email change, a reset link, a
/// removal from the firm): the error says why, `reason` names it for the app.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct SignedOutBody {
    /// A message a person can read, e.g. "You were signed out because your password was
    /// changed."
    pub error: String,
    /// Why the session ended; absent when it merely ran out or was never there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<crate::accounts::EndReason>,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    /// A 401 for a cookie whose session the server ended, saying why.
    #[error("{}", .0.message())]
    SessionEnded(crate::accounts::EndedSession),
    #[error("{0}")]
    Forbidden(String),
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
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Gone(_) => StatusCode::GONE,
            AppError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Internal(cause) if disk_full(cause) => StatusCode::INSUFFICIENT_STORAGE,
            AppError::Internal(cause) if database_unavailable(cause) || reopening(cause) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// What a person is told when hub mode's PostgreSQL database does not answer.
pub const DATABASE_UNAVAILABLE: &str = "The database is not answering right now. Litstack \
     reconnects by itself: try again in a moment, and if this goes on, ask your administrator to \
     check the PostgreSQL server.";

/// Whether the cause is PostgreSQL out of reach (down, restarting, no free connection).
pub fn database_unavailable(cause: &anyhow::Error) -> bool {
    cause.chain().any(|e| {
        e.downcast_ref::<sqlx::Error>()
            .is_some_and(crate::store::postgres::is_unavailable)
    })
}

/// What a person is told when a read met a write failing under it (the file is reopened before
/// the next read, so the same request then works).
pub const TRY_AGAIN: &str = "Litstack could not finish reading because a save failed at the same \
     moment. Please try again.";

/// Whether the cause is redb refusing a read transaction begun just before a write failed: it
/// refuses the file until it is reopened, which the next read does (`FileStore::read`).
fn reopening(cause: &anyhow::Error) -> bool {
    use redb::StorageError::{DatabaseClosed, PreviousIo};
    cause.chain().any(|e| {
        matches!(
            e.downcast_ref::<redb::StorageError>(),
            Some(PreviousIo | DatabaseClosed)
        ) || matches!(
            e.downcast_ref::<redb::TableError>(),
            Some(redb::TableError::Storage(PreviousIo | DatabaseClosed))
        ) || matches!(
            e.downcast_ref::<redb::TransactionError>(),
            Some(redb::TransactionError::Storage(PreviousIo | DatabaseClosed))
        ) || matches!(
            e.downcast_ref::<redb::Error>(),
            Some(redb::Error::PreviousIo | redb::Error::DatabaseClosed)
        )
    })
}

/// What a person is told when a write failed because the server's disk is full (the data
/// directory's, or in hub mode PostgreSQL's). Reads go on meanwhile; a sign-in, which saves a
/// session, meets this too, hence "anything".
pub const DISK_FULL: &str = "The server's disk is full, so Litstack cannot save anything right \
     now, a sign-in included. Free some space on the server's disk (or ask your administrator \
     to), then try again.";

/// Whether a write failed for want of space: an `io::Error` of kind `StorageFull` (ENOSPC) or
/// `QuotaExceeded` (EDQUOT) anywhere in the cause chain, including inside redb's error types,
/// which carry the I/O error without exposing it as their `source()`; in hub mode, PostgreSQL's
/// own disk full (`store::postgres::is_disk_full`).
pub fn disk_full(cause: &anyhow::Error) -> bool {
    use std::io::ErrorKind;
    fn io_full(e: &std::io::Error) -> bool {
        matches!(e.kind(), ErrorKind::StorageFull | ErrorKind::QuotaExceeded)
    }
    fn storage_full(e: &redb::StorageError) -> bool {
        matches!(e, redb::StorageError::Io(io) if io_full(io))
    }
    cause.chain().any(|e| {
        if let Some(e) = e.downcast_ref::<std::io::Error>() {
            return io_full(e);
        }
        if let Some(e) = e.downcast_ref::<sqlx::Error>() {
            return crate::store::postgres::is_disk_full(e);
        }
        if let Some(e) = e.downcast_ref::<redb::StorageError>() {
            return storage_full(e);
        }
        if let Some(redb::Error::Io(e)) = e.downcast_ref::<redb::Error>() {
            return io_full(e);
        }
        if let Some(redb::CommitError::Storage(e)) = e.downcast_ref::<redb::CommitError>() {
            return storage_full(e);
        }
        if let Some(redb::TransactionError::Storage(e)) = e.downcast_ref::<redb::TransactionError>()
        {
            return storage_full(e);
        }
        if let Some(redb::TableError::Storage(e)) = e.downcast_ref::<redb::TableError>() {
            return storage_full(e);
        }
        if let Some(redb::DatabaseError::Storage(e)) = e.downcast_ref::<redb::DatabaseError>() {
            return storage_full(e);
        }
        false
    })
}

macro_rules! internal_from {
    ($($t:ty),* $(,)?) => {$(
        impl From<$t> for AppError {
            fn from(e: $t) -> Self {
                AppError::Internal(anyhow::Error::new(e))
            }
        }
    )*};
}

internal_from!(
    redb::Error,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    tokio::task::JoinError,
    sqlx::Error,
);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            AppError::Internal(cause) if disk_full(cause) => {
                tracing::error!(error = %cause, "a write failed: the disk is full");
                DISK_FULL.to_string()
            }
            AppError::Internal(cause) if database_unavailable(cause) => {
                tracing::warn!(error = %cause, "the database does not answer");
                DATABASE_UNAVAILABLE.to_string()
            }
            AppError::Internal(cause) if reopening(cause) => {
                tracing::warn!(error = %cause, "a read met a failed write");
                TRY_AGAIN.to_string()
            }
            AppError::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                "Something went wrong on our side. Please try again.".to_string()
            }
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
            _ => (status, Json(ErrorBody { error: message })).into_response(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    /// A PostgreSQL error as sqlx hands it over, with the code and message PostgreSQL sent.
    #[derive(Debug)]
    struct PgReport {
        code: &'static str,
        message: &'static str,
    }

    impl std::fmt::Display for PgReport {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.message)
        }
    }

    impl std::error::Error for PgReport {}

    impl sqlx::error::DatabaseError for PgReport {
        fn message(&self) -> &str {
            self.message
        }
        fn code(&self) -> Option<Cow<'_, str>> {
            Some(Cow::Borrowed(self.code))
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn from_postgres(code: &'static str, message: &'static str) -> AppError {
        AppError::from(sqlx::Error::Database(Box::new(PgReport { code, message })))
    }

    async fn answer(error: AppError) -> (StatusCode, String) {
        let response = error.into_response();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .expect("a small body");
        let body: serde_json::Value = serde_json::from_slice(&body).expect("a JSON body");
        (
            status,
            body["error"].as_str().expect("an error").to_string(),
        )
    }

    #[tokio::test]
    async fn postgresql_out_of_disk_space_is_a_507_with_the_disk_full_message() {
        let disk_full = from_postgres(
            "53100",
            "could not extend file \"base/16384/16397\": No space left on device",
        );
        assert_eq!(
            answer(disk_full).await,
            (StatusCode::INSUFFICIENT_STORAGE, DISK_FULL.to_string())
        );
        // Some failed writes of PostgreSQL's files come as internal errors, the cause named.
        let internal = from_postgres(
            "XX000",
            "could not extend file \"base/16384/2619\" with FileFallocate(): No space left on device",
        );
        assert_eq!(
            answer(internal).await,
            (StatusCode::INSUFFICIENT_STORAGE, DISK_FULL.to_string())
        );
    }

    #[tokio::test]
    async fn other_postgresql_errors_keep_their_status() {
        let unique = from_postgres("23505", "duplicate key value violates unique constraint");
        assert_eq!(unique.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let shutdown = from_postgres(
            "57P01",
            "terminating connection due to administrator command",
        );
        assert_eq!(
            answer(shutdown).await,
            (
                StatusCode::SERVICE_UNAVAILABLE,
                DATABASE_UNAVAILABLE.to_string()
            )
        );
    }

    #[tokio::test]
    async fn a_read_that_met_a_failed_write_is_asked_again() {
        let read = redb::TableError::Storage(redb::StorageError::PreviousIo);
        assert_eq!(
            answer(AppError::from(read)).await,
            (StatusCode::SERVICE_UNAVAILABLE, TRY_AGAIN.to_string())
        );
    }

    #[test]
    fn a_redb_write_refused_for_want_of_space_is_a_507() {
        let io = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let commit = redb::CommitError::Storage(redb::StorageError::Io(io));
        assert_eq!(
            AppError::from(commit).status(),
            StatusCode::INSUFFICIENT_STORAGE
        );
    }
}
