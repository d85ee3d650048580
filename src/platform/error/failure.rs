//! What a store's failure means for the person asking: a full disk (507), a database out of reach
//! or a read that met a failed write (503), or anything else (500). `AppError` (this module's
//! parent, `src/error/mod.rs`) asks `classify` here for its status and message. This file is where
//! the error type meets redb's and sqlx's error types: it reads them (PostgreSQL's codes for a
//! database out of reach or out of disk included) and converts them into `AppError`. The store
//! only raises them; it names none of this.

use super::AppError;

/// A store failure a person can be told about in words of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// A write failed for want of space (the data directory's disk, or PostgreSQL's).
    DiskFull,
    /// Hub mode's PostgreSQL database does not answer (down, restarting, no free connection).
    Unavailable,
    /// A redb read began just before a write failed; the next read reopens the file.
    Reopening,
}

/// What `cause` means, if it is one of the store's known failures. Looks through an `AppError`
/// carried inside `cause` too (an `AppError` passed up through a function that answers
/// `anyhow::Result`), whose own `source()` would skip the error it wraps.
pub fn classify(cause: &anyhow::Error) -> Option<Failure> {
    if any_cause(cause, &disk_full) {
        Some(Failure::DiskFull)
    } else if any_cause(cause, &|e| {
        e.downcast_ref::<sqlx::Error>().is_some_and(is_unavailable)
    }) {
        Some(Failure::Unavailable)
    } else if any_cause(cause, &reopening) {
        Some(Failure::Reopening)
    } else {
        None
    }
}

type Cause<'a> = &'a (dyn std::error::Error + 'static);

fn any_cause(cause: &anyhow::Error, test: &dyn Fn(Cause) -> bool) -> bool {
    cause.chain().any(|e| {
        test(e)
            || matches!(e.downcast_ref::<AppError>(), Some(AppError::Internal(inner))
                if any_cause(inner, test))
    })
}

/// redb refusing a read transaction begun just before a write failed: it refuses the file until
/// it is reopened, which the next read does (`FileStore::read`).
fn reopening(e: Cause) -> bool {
    use redb::StorageError::{DatabaseClosed, PreviousIo};
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
}

/// A write failed for want of space: an `io::Error` of kind `StorageFull` (ENOSPC) or
/// `QuotaExceeded` (EDQUOT), including inside redb's error types, which carry the I/O error
/// without exposing it as their `source()`; in hub mode, PostgreSQL's own disk full
/// (`is_disk_full`).
fn disk_full(e: Cause) -> bool {
    use std::io::ErrorKind;
    fn io_full(e: &std::io::Error) -> bool {
        matches!(e.kind(), ErrorKind::StorageFull | ErrorKind::QuotaExceeded)
    }
    fn storage_full(e: &redb::StorageError) -> bool {
        matches!(e, redb::StorageError::Io(io) if io_full(io))
    }
    if let Some(e) = e.downcast_ref::<std::io::Error>() {
        return io_full(e);
    }
    if let Some(e) = e.downcast_ref::<sqlx::Error>() {
        return is_disk_full(e);
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
    if let Some(redb::TransactionError::Storage(e)) = e.downcast_ref::<redb::TransactionError>() {
        return storage_full(e);
    }
    if let Some(redb::TableError::Storage(e)) = e.downcast_ref::<redb::TableError>() {
        return storage_full(e);
    }
    if let Some(redb::DatabaseError::Storage(e)) = e.downcast_ref::<redb::DatabaseError>() {
        return storage_full(e);
    }
    false
}

/// Whether a sqlx error means the database is out of reach (down, restarting, all connections in
/// use for too long), which a request answers with 503 rather than 500.
pub fn is_unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => {
            // 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
            // 08xxx connection exceptions.
            db.code()
                .is_some_and(|c| c.starts_with("57P") || c.starts_with("08"))
        }
        _ => false,
    }
}

/// Whether PostgreSQL refused a write for want of space on its own disk: SQLSTATE 53100
/// (`disk_full`), or a "could not extend file" that arrives under another code (PostgreSQL
/// reports some failed writes of its files as internal errors, the cause in the message).
pub fn is_disk_full(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => disk_full_report(db.code().as_deref(), db.message()),
        _ => false,
    }
}

fn disk_full_report(code: Option<&str>, message: &str) -> bool {
    code == Some("53100")
        || message.contains("could not extend file")
        || message.contains("No space left on device")
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
    sqlx::Error,
);

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;
    use axum::response::IntoResponse;

    use crate::platform::error::{AppError, DATABASE_UNAVAILABLE, DISK_FULL, TRY_AGAIN};
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

    /// An `AppError` passed up through a function that answers `anyhow::Result` and back keeps
    /// its meaning: its `source()` alone would skip the redb error it carries.
    #[test]
    fn a_full_disk_passed_through_anyhow_is_still_a_507() {
        let io = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let commit = redb::CommitError::Storage(redb::StorageError::Io(io));
        let passed_up = anyhow::Error::from(AppError::from(commit));
        assert_eq!(
            AppError::from(passed_up).status(),
            StatusCode::INSUFFICIENT_STORAGE
        );
    }
}
