//! The admin's upload of a CSV file: `POST /api/admin/demo-bookings/import`, streamed to the
//! import on a blocking thread.

use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::http::{HeaderMap, header};

use super::reader::{UploadReader, too_large};
use super::{ImportError, ImportState, Options};
use crate::catalog::ImportedBy;
use crate::platform::caller::AdminUser;
use crate::platform::error::{AppError, Result, bad_request};
use crate::platform::extract::Json;
use crate::platform::upload::ImportReport;

/// The import form: one CSV file.
#[derive(utoipa::ToSchema)]
pub(super) struct ImportForm {
    /// A vendor or demo-booking CSV file; the header decides which.
    #[schema(value_type = String, format = Binary)]
    pub(super) file: UploadReader,
}

/// POST /api/admin/demo-bookings/import (admins): imports a vendor or demo-booking CSV file in one
/// transaction; invalid rows are listed and skipped.
#[utoipa::path(post, path = "/admin/demo-bookings/import", tag = "admin",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ImportReport),
        (status = 400, description = "No file, or a file that cannot be imported", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 413, description = "The file is over the import limit", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn import_upload(
    State(state): State<ImportState>,
    AdminUser(admin): AdminUser,
    headers: HeaderMap,
    multipart: std::result::Result<Multipart, MultipartRejection>,
) -> Result<Json<ImportReport>> {
    let limit = state.bookings.config.import_max_bytes;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    // Multipart framing adds a few hundred bytes around the file.
    if declared.is_some_and(|n| n > limit.saturating_add(64 * 1024)) {
        tracing::warn!(target: "security", user_id = admin.id, bytes = declared, outcome = "refused: over the size limit", "import not done");
        return Err(AppError::from(ImportError::TooLarge(
            too_large(limit).to_string(),
        )));
    }
    let mut multipart = multipart.map_err(|_| {
        bad_request("Send the CSV file as multipart/form-data in the form field \"file\".")
    })?;
    let form_error = |_| bad_request("The upload could not be read as a multipart form.");
    while let Some(mut field) = multipart.next_field().await.map_err(form_error)? {
        if field.name() != Some("file") {
            continue;
        }
        let (tx, rx) = tokio::sync::mpsc::channel(16);
        let form = ImportForm {
            file: UploadReader::new(rx),
        };
        let app = state.clone();
        let options = Options {
            by: Some(ImportedBy::today(
                Some(admin.id),
                field.file_name().unwrap_or_default(),
            )),
            length: declared.map(|n| n as u64),
            ..Options::default()
        };
        let job = tokio::task::spawn_blocking(move || super::run(&app, form.file, options));
        let mut received = 0usize;
        loop {
            let chunk = match field.chunk().await {
                Ok(Some(chunk)) => chunk,
                Ok(None) => break,
                Err(e) => {
                    let _ = tx
                        .send(Err(std::io::Error::other(format!(
                            "the upload broke off: {e}"
                        ))))
                        .await;
                    break;
                }
            };
            received += chunk.len();
            if received > limit {
                let _ = tx.send(Err(too_large(limit))).await;
                break;
            }
            if tx.send(Ok(chunk)).await.is_err() {
                break; // the importer stopped early (a bad header, say)
            }
        }
        drop(tx);
        // Who imported how much, and what came of it: never the file's content, which may name
        // people (row errors quote values, so they stay out of the log too).
        let report = match job.await? {
            Ok(report) => report,
            Err(e) => {
                let outcome = match &e {
                    ImportError::BadFile(_) => "refused: not an importable file",
                    ImportError::TooLarge(_) => "refused: over the size limit",
                    ImportError::Internal(_) => "failed: internal error",
                };
                tracing::warn!(target: "security", user_id = admin.id, bytes = received, outcome, "import not done");
                return Err(e.into());
            }
        };
        tracing::info!(
            target: "security",
            user_id = admin.id,
            bytes = received,
            kind = report.kind,
            inserted = report.inserted,
            updated = report.updated,
            skipped = report.skipped,
            row_errors_listed = report.errors.len(),
            "import finished"
        );
        return Ok(Json(report));
    }
    Err(bad_request(
        "No file was uploaded: send the CSV file in the form field \"file\".",
    ))
}
