//! The demo-booking routes: trends, lists, city drill-downs, filter options (any signed-in user)
//! and the CSV import (admins only).

use axum::Router;
use axum::body::Bytes;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;

use super::BookingIndex;
use super::answers::Question;
use super::import::{self, Options, too_large};
use super::query::{self, Filters};
use crate::accounts::{AdminUser, CurrentUser};
use crate::error::{AppError, Result, bad_request};
use crate::extract::{Json, Query};
use crate::import::ImportReport;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/trends", get(trends))
        .route("/trends/cities", get(top_cities))
        .route("/demo-bookings", get(list_bookings))
        .route("/demo-bookings/cities", get(state_bookings))
        .route("/demo-bookings/filter-options", get(filter_options))
        .route(
            "/admin/demo-bookings/import",
            // The import counts the upload's bytes itself against `import_max_bytes`.
            post(import_upload).layer(DefaultBodyLimit::disable()),
        )
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrendsQuery {
    dma: Option<String>,
    state: Option<String>,
    firm_size: Option<String>,
    start: Option<String>,
    end: Option<String>,
}

impl TrendsQuery {
    fn filters(&self) -> Result<Filters> {
        Filters::parse(
            self.dma.as_deref(),
            self.state.as_deref(),
            self.firm_size.as_deref(),
            self.start.as_deref(),
            self.end.as_deref(),
        )
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ListQuery {
    dma: Option<String>,
    state: Option<String>,
    firm_size: Option<String>,
    start: Option<String>,
    end: Option<String>,
    limit: Option<String>,
    offset: Option<String>,
}

impl ListQuery {
    fn filters(&self) -> Result<Filters> {
        Filters::parse(
            self.dma.as_deref(),
            self.state.as_deref(),
            self.firm_size.as_deref(),
            self.start.as_deref(),
            self.end.as_deref(),
        )
    }

    /// limit defaults to 100 and is clamped to 1..=1000; offset defaults to 0.
    fn page(&self) -> Result<(usize, usize)> {
        let number = |raw: Option<&str>, name: &str, default: i64| -> Result<i64> {
            match raw.map(str::trim).filter(|s| !s.is_empty()) {
                None => Ok(default),
                Some(s) => s
                    .parse::<i64>()
                    .map_err(|_| bad_request(format!("{name} must be a whole number"))),
            }
        };
        let limit = number(self.limit.as_deref(), "limit", 100)?.clamp(1, 1000) as usize;
        let offset =
            number(self.offset.as_deref(), "offset", 0)?.clamp(0, u32::MAX as i64) as usize;
        Ok((limit, offset))
    }
}

const STATE_REQUIRED: &str = "state is required: use a two-letter US state code such as TX.";

/// Answers `question` from the current index: from its answer cache, or as the JSON `make` writes.
fn answer(
    state: &AppState,
    request: &HeaderMap,
    question: Question,
    make: impl FnOnce(&BookingIndex) -> serde_json::Result<Vec<u8>>,
) -> Result<Response> {
    let idx = state.bookings.load();
    let answer = idx
        .answers
        .get_or_make(question, || make(&idx))
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(answer.respond(request))
}

async fn trends(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<TrendsQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    answer(&state, &request, Question::Trends(filters.clone()), |idx| {
        serde_json::to_vec(&query::trends(idx, &filters))
    })
}

async fn top_cities(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<TrendsQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    if filters.state.is_none() {
        return Err(bad_request(STATE_REQUIRED));
    }
    answer(
        &state,
        &request,
        Question::TopCities(filters.clone()),
        |idx| serde_json::to_vec(&query::top_cities(idx, &filters)),
    )
}

async fn list_bookings(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    newest(&state, &request, filters, q.page()?)
}

async fn state_bookings(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    if filters.state.is_none() {
        return Err(bad_request(STATE_REQUIRED));
    }
    newest(&state, &request, filters, q.page()?)
}

fn newest(
    state: &AppState,
    request: &HeaderMap,
    filters: Filters,
    (limit, offset): (usize, usize),
) -> Result<Response> {
    let question = Question::Newest(filters.clone(), limit, offset);
    answer(state, request, question, |idx| {
        let (items, total) = query::newest(idx, &filters, offset, limit);
        serde_json::to_vec(
            &json!({ "items": items, "total": total, "limit": limit, "offset": offset }),
        )
    })
}

async fn filter_options(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
) -> Result<Response> {
    answer(&state, &request, Question::FilterOptions, |idx| {
        serde_json::to_vec(&idx.filter_options)
    })
}

/// Feeds the upload to the blocking importer chunk by chunk, so the file is never held whole.
struct ChannelReader {
    rx: tokio::sync::mpsc::Receiver<std::io::Result<Bytes>>,
    current: Bytes,
}

impl std::io::Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.rx.blocking_recv() {
                Some(Ok(chunk)) => self.current = chunk,
                Some(Err(e)) => return Err(e),
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current[..n]);
        self.current = self.current.slice(n..);
        Ok(n)
    }
}

async fn import_upload(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    headers: HeaderMap,
    multipart: std::result::Result<Multipart, MultipartRejection>,
) -> Result<Json<ImportReport>> {
    let limit = state.config.import_max_bytes;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    // Multipart framing adds a few hundred bytes around the file.
    if declared.is_some_and(|n| n > limit.saturating_add(64 * 1024)) {
        tracing::warn!(target: "security", user_id = admin.id, bytes = declared, outcome = "refused: over the size limit", "import not done");
        return Err(AppError::from(import::ImportError::TooLarge(
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
        let app = state.0.clone();
        let job = tokio::task::spawn_blocking(move || {
            import::run(
                &app,
                ChannelReader {
                    rx,
                    current: Bytes::new(),
                },
                Options::default(),
            )
        });
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
                    import::ImportError::BadFile(_) => "refused: not an importable file",
                    import::ImportError::TooLarge(_) => "refused: over the size limit",
                    import::ImportError::Internal(_) => "failed: internal error",
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
