//! The demo-booking routes: trends, lists, city drill-downs, filter options (any signed-in user),
//! the CSV import and the removal of the sample set (admins only).
//!
//! Every read takes `includeSample`: sample rows are counted while no real booking exists, and
//! from the first real import on only when asked for. Each answer says how many of the bookings it
//! counts are sample rows (`sampleCount`) and which kinds exist (`hasRealData`, `hasSampleData`).

use axum::Router;
use axum::body::Bytes;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use axum::routing::{delete, get, post};
use serde::{Deserialize, Serialize};

use super::answers::Question;
use super::import::{self, Options, too_large};
use super::index::FilterOptions;
use super::query::{self, BookingItem, CityCount, Filters, Trends, parse_include_sample};
use super::{BookingIndex, BookingSets};
use crate::accounts::{AdminUser, CurrentUser};
use crate::error::{AppError, Result, bad_request};
use crate::extract::{Json, Query};
use crate::firm_size::FirmSize;
use crate::import::ImportReport;
use crate::state::AppState;

/// The demo-booking operations, for the API description.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    trends,
    top_cities,
    list_bookings,
    state_bookings,
    filter_options,
    import_upload,
    remove_sample
), modifiers(&StateRequired))]
pub struct BookingsApi;

/// The city drill-downs share their query type with the other lists but refuse a request without
/// a state (`STATE_REQUIRED`): their `state` parameter is marked required.
struct StateRequired;

impl utoipa::Modify for StateRequired {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::Required;
        for path in ["/trends/cities", "/demo-bookings/cities"] {
            let params = openapi
                .paths
                .paths
                .get_mut(path)
                .and_then(|item| item.get.as_mut())
                .and_then(|op| op.parameters.as_mut());
            for param in params.into_iter().flatten() {
                if param.name == "state" {
                    param.required = Required::True;
                }
            }
        }
    }
}

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
        .route("/admin/sample-bookings", delete(remove_sample))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct TrendsQuery {
    /// A metro area (DMA) name, as in the filter options.
    #[param(max_length = 200)]
    dma: Option<String>,
    /// A two-letter US state code (or the state's name).
    state: Option<String>,
    #[param(value_type = Option<FirmSize>)]
    firm_size: Option<String>,
    /// First day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    start: Option<String>,
    /// Last day, inclusive (YYYY-MM-DD); not before `start`.
    #[param(value_type = Option<String>, format = Date)]
    end: Option<String>,
    /// Count the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    include_sample: Option<String>,
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

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// A metro area (DMA) name, as in the filter options.
    #[param(max_length = 200)]
    dma: Option<String>,
    /// A two-letter US state code (or the state's name).
    state: Option<String>,
    #[param(value_type = Option<FirmSize>)]
    firm_size: Option<String>,
    /// First day, inclusive (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    start: Option<String>,
    /// Last day, inclusive (YYYY-MM-DD); not before `start`.
    #[param(value_type = Option<String>, format = Date)]
    end: Option<String>,
    /// Default 100, clamped to 1-1000.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
    /// Default 0.
    #[param(value_type = Option<i64>)]
    offset: Option<String>,
    /// List the generated sample bookings too. Default: only while no real booking exists.
    #[param(value_type = Option<bool>)]
    include_sample: Option<String>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct OptionsQuery {
    /// Take the options from the generated sample bookings too. Default: only while no real
    /// booking exists.
    #[param(value_type = Option<bool>)]
    include_sample: Option<String>,
}

/// How much of an answer is generated sample data, and which kinds of bookings exist.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SampleShare {
    /// How many of the bookings the answer counts are generated sample data (0 when samples are
    /// left out). For the filter options: of the bookings the options come from.
    sample_count: u64,
    /// Whether any real (imported) booking exists. Until one does, sample bookings are included by
    /// default; from then on only with `includeSample=true`.
    has_real_data: bool,
    /// Whether the generated sample set is still stored (an admin may remove it).
    has_sample_data: bool,
}

impl SampleShare {
    /// `count` counts the rows of the sample index the answer's filters match.
    fn of(
        sets: &BookingSets,
        view: &BookingIndex,
        count: impl FnOnce(&BookingIndex) -> u64,
    ) -> Self {
        SampleShare {
            sample_count: if sets.is_real_only(view) {
                0
            } else {
                count(&sets.sample)
            },
            has_real_data: sets.has_real_data(),
            has_sample_data: !sets.sample.is_empty(),
        }
    }

    fn filtered(sets: &BookingSets, view: &BookingIndex, filters: &Filters) -> Self {
        Self::of(sets, view, |sample| query::count(sample, filters))
    }
}

/// The trend summary, and how much of it is sample data.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrendsAnswer<'a> {
    #[serde(flatten)]
    trends: Trends<'a>,
    #[serde(flatten)]
    sample: SampleShare,
}

/// A state's top cities.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CitiesAnswer<'a> {
    /// At most 12, most bookings first.
    cities: Vec<CityCount<'a>>,
    /// How many bookings match the filters (in every city of the state).
    total: u64,
    #[serde(flatten)]
    sample: SampleShare,
}

/// The filter options, and how many sample bookings they were taken from.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct OptionsAnswer<'a> {
    #[serde(flatten)]
    options: &'a FilterOptions,
    #[serde(flatten)]
    sample: SampleShare,
}

/// Bookings newest first, one page of them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct BookingPage<'a> {
    items: Vec<BookingItem<'a>>,
    /// How many bookings match in all.
    total: u64,
    limit: usize,
    offset: usize,
    #[serde(flatten)]
    sample: SampleShare,
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

/// Answers `question` from the index `includeSample` picks: from its answer cache, or as the JSON
/// `make` writes. Each index keeps its own answers, so the choice needs no place in the question.
async fn answer(
    state: &AppState,
    request: &HeaderMap,
    include_sample: Option<bool>,
    question: Question,
    make: impl FnOnce(&BookingSets, &BookingIndex) -> serde_json::Result<Vec<u8>>,
) -> Result<Response> {
    let sets = state.bookings.load_full();
    if sets.view_needs_merge(include_sample) {
        // The first request for real and sample rows together merges them: not on the runtime.
        let sets = sets.clone();
        tokio::task::spawn_blocking(move || {
            sets.view(include_sample);
        })
        .await?;
    }
    let idx = sets.view(include_sample);
    let answer = idx
        .answers
        .get_or_make(question, || make(&sets, idx))
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(answer.respond(request))
}

/// GET /api/trends: booking totals by category, state and day for the filters.
#[utoipa::path(get, path = "/trends", tag = "trends",
    params(TrendsQuery),
    responses(
        (status = 200, body = TrendsAnswer),
        (status = 400, description = "An invalid filter", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn trends(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<TrendsQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    let include = parse_include_sample(q.include_sample.as_deref())?;
    let question = Question::Trends(filters.clone());
    answer(&state, &request, include, question, |sets, idx| {
        serde_json::to_vec(&TrendsAnswer {
            trends: query::trends(idx, &filters),
            sample: SampleShare::filtered(sets, idx, &filters),
        })
    })
    .await
}

/// GET /api/trends/cities: the 12 cities of a state with the most bookings.
#[utoipa::path(get, path = "/trends/cities", tag = "trends",
    params(TrendsQuery),
    responses(
        (status = 200, body = CitiesAnswer),
        (status = 400, description = "An invalid filter or no state", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
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
    let include = parse_include_sample(q.include_sample.as_deref())?;
    let question = Question::TopCities(filters.clone());
    answer(&state, &request, include, question, |sets, idx| {
        serde_json::to_vec(&CitiesAnswer {
            cities: query::top_cities(idx, &filters),
            total: query::count(idx, &filters),
            sample: SampleShare::filtered(sets, idx, &filters),
        })
    })
    .await
}

/// GET /api/demo-bookings: bookings newest first.
#[utoipa::path(get, path = "/demo-bookings", tag = "trends",
    params(ListQuery),
    responses(
        (status = 200, body = BookingPage),
        (status = 400, description = "An invalid filter", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn list_bookings(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    let include = parse_include_sample(q.include_sample.as_deref())?;
    newest(&state, &request, filters, include, q.page()?).await
}

/// GET /api/demo-bookings/cities: a state's bookings newest first (`state` is required).
#[utoipa::path(get, path = "/demo-bookings/cities", tag = "trends",
    params(ListQuery),
    responses(
        (status = 200, body = BookingPage),
        (status = 400, description = "An invalid filter or no state", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
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
    let include = parse_include_sample(q.include_sample.as_deref())?;
    newest(&state, &request, filters, include, q.page()?).await
}

async fn newest(
    state: &AppState,
    request: &HeaderMap,
    filters: Filters,
    include_sample: Option<bool>,
    (limit, offset): (usize, usize),
) -> Result<Response> {
    let question = Question::Newest(filters.clone(), limit, offset);
    answer(state, request, include_sample, question, |sets, idx| {
        let (items, total) = query::newest(idx, &filters, offset, limit);
        serde_json::to_vec(&BookingPage {
            items,
            total,
            limit,
            offset,
            sample: SampleShare::filtered(sets, idx, &filters),
        })
    })
    .await
}

/// GET /api/demo-bookings/filter-options: the metro areas, states and firm sizes in the data.
#[utoipa::path(get, path = "/demo-bookings/filter-options", tag = "trends",
    params(OptionsQuery),
    responses(
        (status = 200, body = OptionsAnswer),
        (status = 400, description = "An invalid includeSample", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    ))]
async fn filter_options(
    State(state): State<AppState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<OptionsQuery>,
) -> Result<Response> {
    let include = parse_include_sample(q.include_sample.as_deref())?;
    answer(
        &state,
        &request,
        include,
        Question::FilterOptions,
        |sets, idx| {
            serde_json::to_vec(&OptionsAnswer {
                options: &idx.filter_options,
                sample: SampleShare::of(sets, idx, |sample| sample.len() as u64),
            })
        },
    )
    .await
}

/// DELETE /api/admin/sample-bookings (admins): removes the generated sample bookings for good, in
/// one transaction; the first-launch seeding never loads them again. Waits for a running import.
#[utoipa::path(delete, path = "/admin/sample-bookings", tag = "admin",
    responses(
        (status = 204, description = "No sample booking is left (there may have been none)"),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not an administrator, or a foreign origin", body = crate::error::ErrorBody),
    ))]
async fn remove_sample(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
) -> Result<StatusCode> {
    let removed = state
        .blocking(|app| Ok(super::sample::remove(app)?))
        .await?;
    tracing::info!(target: "security", user_id = admin.id, removed, "sample bookings removed");
    Ok(StatusCode::NO_CONTENT)
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

/// The import form: one CSV file.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "schema-only: describes the request in the API document"
)]
struct ImportForm {
    /// A vendor or demo-booking CSV file; the header decides which.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// POST /api/admin/demo-bookings/import (admins): imports a vendor or demo-booking CSV file in one
/// transaction; invalid rows are listed and skipped.
#[utoipa::path(post, path = "/admin/demo-bookings/import", tag = "admin",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ImportReport),
        (status = 400, description = "No file, or a file that cannot be imported", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not an administrator, or a foreign origin", body = crate::error::ErrorBody),
        (status = 413, description = "The file is over the import limit", body = crate::error::ErrorBody),
    ))]
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
