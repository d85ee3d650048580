//! The demo-booking handlers: trends, lists, city drill-downs, filter options (any signed-in user)
//! and the removal of the sample set (admins only). The CSV upload is the import's
//! (`import::routes`).
//!
//! Every read takes `includeSample`: sample rows are counted while no real booking exists, and
//! from the first real import on only when asked for. Each answer says how many of the bookings it
//! counts are sample rows (`sampleCount`) and which kinds exist (`hasRealData`, `hasSampleData`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::answers::Question;
use super::model::{
    BookingPage, Changes, CitiesAnswer, CitiesQuery, ListQuery, OptionsAnswer, OptionsQuery,
    SampleShare, SummaryChange, TrendsAnswer, TrendsQuery, VendorsAnswer, VendorsQuery, parse_csv,
};
use super::periods::{Compare, Comparing};
use super::query::{self, Filters, Shape, parse_include_sample};
use super::report::{self, Heading};
use super::vendors;
use super::{BookingIndex, BookingSets};
use crate::bookings::BookingsState;
use crate::platform::blocking::Blocking;
use crate::platform::caller::{AdminUser, CurrentUser};
use crate::platform::download::{CsvFile, csv_headers, csv_response};
use crate::platform::error::{AppError, Result, bad_request};
use crate::platform::extract::Query;

const STATE_REQUIRED: &str = "state is required: use a two-letter US state code such as TX.";

/// The bookings indexes, with the view `includeSample` picks ready: the first request for real and
/// sample rows together merges them, not on the runtime.
async fn sets(
    state: &BookingsState,
    include_sample: Option<bool>,
) -> Result<std::sync::Arc<BookingSets>> {
    let sets = state.bookings.load_full();
    if sets.view_needs_merge(include_sample) {
        let sets = sets.clone();
        tokio::task::spawn_blocking(move || {
            sets.view(include_sample);
        })
        .await?;
    }
    Ok(sets)
}

/// Answers `question` from the index `includeSample` picks: from its answer cache, or as the JSON
/// `make` writes. Each index keeps its own answers, so the choice needs no place in the question.
async fn answer(
    state: &BookingsState,
    request: &HeaderMap,
    include_sample: Option<bool>,
    question: Question,
    make: impl FnOnce(&BookingSets, &BookingIndex) -> serde_json::Result<Vec<u8>>,
) -> Result<Response> {
    let sets = sets(state, include_sample).await?;
    let idx = sets.view(include_sample);
    let answer = idx
        .answers
        .get_or_make(question, || make(&sets, idx))
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(answer.respond(request))
}

/// The trends of the filters and of the comparison period, and the changes between them.
fn trends_answer<'a>(
    sets: &BookingSets,
    idx: &'a BookingIndex,
    filters: &Filters,
    comparing: Comparing,
    shape: Shape,
) -> TrendsAnswer<'a> {
    let now = query::trends(idx, filters, shape);
    let compared = comparing.resolve(filters, now.period, |f| query::count(idx, f));
    let comparison = compared.as_ref().map(|(_, f)| query::trends(idx, f, shape));
    TrendsAnswer {
        changes: comparison.as_ref().map(|then| Changes::between(&now, then)),
        summary_change: SummaryChange::of(&now, comparison.as_ref()),
        trends: now,
        compare: compare_code(compared.as_ref()),
        compared: compared.map(|(compare, _)| compare),
        comparison,
        sample: SampleShare::filtered(sets, idx, filters),
    }
}

/// The answer's `compare`: the comparison it holds, `none` without one.
fn compare_code(compared: Option<&(Compare, Filters)>) -> &'static str {
    compared.map_or("none", |(compare, _)| compare.code())
}

/// GET /api/trends: booking totals by category, state and day (or week or month) for the filters,
/// the same for the comparison period and the changes; `format=csv` downloads one panel's numbers.
#[utoipa::path(get, path = "/trends", tag = "trends",
    params(TrendsQuery),
    responses(
        (status = 200, description = "The trends (JSON), or one panel's numbers (CSV)",
            content((TrendsAnswer = "application/json"), (String = "text/csv"))),
        (status = 400, description = "An invalid filter or shape", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn trends(
    State(state): State<BookingsState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<TrendsQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    let include = parse_include_sample(q.include_sample.as_deref())?;
    let (comparing, shape, panel) = (q.compare()?, q.shape()?, q.csv_panel()?);
    if let Some(panel) = panel {
        let sets = sets(&state, include).await?;
        let idx = sets.view(include);
        let answer = trends_answer(&sets, idx, &filters, comparing, shape);
        let then = answer.comparison.as_ref();
        let heading = Heading {
            filters: &filters,
            period: (
                answer.trends.range_start.as_deref(),
                answer.trends.range_end.as_deref(),
            ),
            comparison: then
                .zip(answer.compared)
                .map(|(t, compare)| (compare, t.range_start.as_deref(), t.range_end.as_deref())),
            sample_count: answer.sample.sample_count,
        };
        let (body, name) = report::trends_csv(
            &heading,
            panel,
            &answer.trends,
            then,
            answer.changes.as_ref(),
            answer.summary_change.as_ref(),
        )?;
        return Ok(csv_response(body, &name));
    }
    let question = Question::Trends(filters.clone(), comparing, shape);
    answer(&state, &request, include, question, |sets, idx| {
        serde_json::to_vec(&trends_answer(sets, idx, &filters, comparing, shape))
    })
    .await
}

/// GET /api/trends/vendors: the vendors inside a category (or the top 20 of every category) by
/// bookings, with their share and the comparison period's bookings.
#[utoipa::path(get, path = "/trends/vendors", tag = "trends",
    params(VendorsQuery),
    responses(
        (status = 200, description = "The vendors (JSON), or the same numbers (CSV)",
            content((VendorsAnswer = "application/json"), (String = "text/csv"))),
        (status = 400, description = "An invalid filter or category", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn vendors(
    State(state): State<BookingsState>,
    _: CurrentUser,
    Query(q): Query<VendorsQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    let include = parse_include_sample(q.include_sample.as_deref())?;
    let comparing = q.compare()?;
    let csv = parse_csv(q.format.as_deref())?;
    let catalog = state.catalog.load();
    let category = q.category(&catalog)?;
    let sets = sets(&state, include).await?;
    let idx = sets.view(include);
    let period = query::period(idx, &filters);
    // The same rule and count as the trends answer's, so both panels compare or neither does.
    let compared = comparing.resolve(&filters, period, |f| query::count(idx, f));
    let comparison = compared.as_ref().map(|(_, f)| f);
    let panel = vendors::panel(
        idx,
        &catalog,
        &filters,
        comparison,
        category.as_ref().map(|c| c.name.as_str()),
    );
    let (range_start, range_end) = days(period);
    let (comparison_start, comparison_end) = (
        comparison.and_then(|f| f.start).map(|d| d.to_string()),
        comparison.and_then(|f| f.end).map(|d| d.to_string()),
    );
    let sample = SampleShare::filtered(&sets, idx, &filters);
    if csv {
        let what = match &category {
            Some(c) => format!("trends-vendors-{}", c.label),
            None => "trends-vendors".to_string(),
        };
        let heading = Heading {
            filters: &filters,
            period: (range_start.as_deref(), range_end.as_deref()),
            comparison: compared.as_ref().map(|(compare, _)| {
                (
                    *compare,
                    comparison_start.as_deref(),
                    comparison_end.as_deref(),
                )
            }),
            sample_count: sample.sample_count,
        };
        let (body, name) = report::vendors_csv(&heading, &what, &panel)?;
        return Ok(csv_response(body, &name));
    }
    Ok(axum::Json(VendorsAnswer {
        items: panel.items,
        total: panel.total,
        comparison_total: panel.comparison_total,
        category,
        vendor_count: panel.vendor_count,
        range_start,
        range_end,
        compare: compare_code(compared.as_ref()),
        comparison_range_start: comparison_start,
        comparison_range_end: comparison_end,
        sample,
    })
    .into_response())
}

/// GET /api/trends/cities: the 12 cities of a state with the most bookings.
#[utoipa::path(get, path = "/trends/cities", tag = "trends",
    params(CitiesQuery),
    responses(
        (status = 200, description = "The cities (JSON), or the same numbers (CSV)",
            content((CitiesAnswer = "application/json"), (String = "text/csv"))),
        (status = 400, description = "An invalid filter or no state", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn top_cities(
    State(state): State<BookingsState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<CitiesQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    if filters.state.is_none() {
        return Err(bad_request(STATE_REQUIRED));
    }
    let include = parse_include_sample(q.include_sample.as_deref())?;
    if parse_csv(q.format.as_deref())? {
        let sets = sets(&state, include).await?;
        let idx = sets.view(include);
        let (start, end) = days(query::period(idx, &filters));
        let heading = Heading {
            filters: &filters,
            period: (start.as_deref(), end.as_deref()),
            comparison: None,
            sample_count: SampleShare::filtered(&sets, idx, &filters).sample_count,
        };
        let cities = query::top_cities(idx, &filters);
        let (body, name) = report::cities_csv(&heading, &cities, query::count(idx, &filters))?;
        return Ok(csv_response(body, &name));
    }
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

/// The ISO dates of a period's first and last day.
fn days(period: Option<(i32, i32)>) -> (Option<String>, Option<String>) {
    let day = |d: i32| query::date_of(d).to_string();
    period.map(|(s, e)| (day(s), day(e))).unzip()
}

/// GET /api/demo-bookings: bookings newest first.
#[utoipa::path(get, path = "/demo-bookings", tag = "trends",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of bookings (JSON), or every matching booking newest first (CSV, streamed; no limit or offset)",
            content((BookingPage = "application/json"), (String = "text/csv"))),
        (status = 400, description = "An invalid filter", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn list_bookings(
    State(state): State<BookingsState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    let include = parse_include_sample(q.include_sample.as_deref())?;
    newest(&state, &request, filters, include, &q).await
}

/// GET /api/demo-bookings/cities: a state's bookings newest first (`state` is required).
#[utoipa::path(get, path = "/demo-bookings/cities", tag = "trends",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of bookings (JSON), or every matching booking newest first (CSV, streamed; no limit or offset)",
            content((BookingPage = "application/json"), (String = "text/csv"))),
        (status = 400, description = "An invalid filter or no state", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn state_bookings(
    State(state): State<BookingsState>,
    _: CurrentUser,
    request: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Result<Response> {
    let filters = q.filters()?;
    if filters.state.is_none() {
        return Err(bad_request(STATE_REQUIRED));
    }
    let include = parse_include_sample(q.include_sample.as_deref())?;
    newest(&state, &request, filters, include, &q).await
}

async fn newest(
    state: &BookingsState,
    request: &HeaderMap,
    filters: Filters,
    include_sample: Option<bool>,
    q: &ListQuery,
) -> Result<Response> {
    if parse_csv(q.format.as_deref())? {
        q.no_page_for_csv()?;
        let sets = sets(state, include_sample).await?;
        return Ok(stream_bookings(sets, include_sample, filters));
    }
    let (limit, offset) = q.page()?;
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

/// Rows of a streamed bookings file gathered before they are sent: the memory a download holds
/// is a few of these, whatever its number of rows.
const STREAM_CHUNK: usize = 64 * 1024;

/// Every booking of the view that matches `filters`, newest first, as a CSV file written while it
/// is sent: a thread walks the index and hands chunks over a channel of a few, so a slow reader
/// holds the writer back and one who leaves stops it.
fn stream_bookings(
    sets: std::sync::Arc<BookingSets>,
    include_sample: Option<bool>,
    filters: Filters,
) -> Response {
    let idx = sets.view(include_sample);
    let (start, end) = days(query::period(idx, &filters));
    let name = Heading {
        filters: &filters,
        period: (start.as_deref(), end.as_deref()),
        comparison: None,
        sample_count: SampleShare::filtered(&sets, idx, &filters).sample_count,
    }
    .file_name("demo-bookings");
    let (tx, rx) = tokio::sync::mpsc::channel::<std::io::Result<Vec<u8>>>(4);
    tokio::task::spawn_blocking(move || {
        let idx = sets.view(include_sample);
        let selection = query::Selection::new(idx, &filters);
        let mut file = CsvFile::default();
        let written = (|| -> anyhow::Result<bool> {
            file.row(report::BOOKINGS_HEADER)?;
            for r in selection.newest_rows(filters.start_time(), filters.end_time()) {
                report::booking_row(&mut file, &query::item(idx, r))?;
                if file.len() >= STREAM_CHUNK && tx.blocking_send(Ok(file.take())).is_err() {
                    return Ok(false); // the reader left
                }
            }
            Ok(true)
        })();
        let last = match written {
            Ok(true) => Ok(file.finish()),
            Ok(false) => return,
            // Cut short: the client sees a broken download, never a file that looks whole.
            Err(e) => Err(std::io::Error::other(e.to_string())),
        };
        let _ = tx.blocking_send(last);
    });
    // `poll_fn` over the receiver answers "no more" however often it is asked after the end (the
    // compression layer asks again).
    let mut rx = rx;
    let body = futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx));
    (csv_headers(&name), axum::body::Body::from_stream(body)).into_response()
}

/// GET /api/demo-bookings/filter-options: the metro areas, states and firm sizes in the data.
#[utoipa::path(get, path = "/demo-bookings/filter-options", tag = "trends",
    params(OptionsQuery),
    responses(
        (status = 200, body = OptionsAnswer),
        (status = 400, description = "An invalid includeSample", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn filter_options(
    State(state): State<BookingsState>,
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
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
    ))]
pub(super) async fn remove_sample(
    State(state): State<BookingsState>,
    AdminUser(admin): AdminUser,
) -> Result<StatusCode> {
    let removed = state
        .blocking(|app| Ok(super::sample::remove(app)?))
        .await?;
    tracing::info!(target: "security", user_id = admin.id, removed, "sample bookings removed");
    Ok(StatusCode::NO_CONTENT)
}
