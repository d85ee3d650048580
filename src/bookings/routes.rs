//! The demo-booking handlers: trends, lists, city drill-downs, filter options (any signed-in user)
//! and the removal of the sample set (admins only). The CSV upload is the import's
//! (`import::routes`).
//!
//! Every read takes `includeSample`: sample rows are counted while no real booking exists, and
//! from the first real import on only when asked for. Each answer says how many of the bookings it
//! counts are sample rows (`sampleCount`) and which kinds exist (`hasRealData`, `hasSampleData`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::answers::Question;
use super::model::{
    BookingPage, CitiesAnswer, ListQuery, OptionsAnswer, OptionsQuery, SampleShare, TrendsAnswer,
    TrendsQuery,
};
use super::query::{self, Filters, parse_include_sample};
use super::{BookingIndex, BookingSets};
use crate::accounts::{AdminUser, CurrentUser};
use crate::blocking::Blocking;
use crate::bookings::BookingsState;
use crate::error::{AppError, Result, bad_request};
use crate::extract::Query;

const STATE_REQUIRED: &str = "state is required: use a two-letter US state code such as TX.";

/// Answers `question` from the index `includeSample` picks: from its answer cache, or as the JSON
/// `make` writes. Each index keeps its own answers, so the choice needs no place in the question.
async fn answer(
    state: &BookingsState,
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
pub(super) async fn trends(
    State(state): State<BookingsState>,
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
pub(super) async fn top_cities(
    State(state): State<BookingsState>,
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
pub(super) async fn list_bookings(
    State(state): State<BookingsState>,
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
    newest(&state, &request, filters, include, q.page()?).await
}

async fn newest(
    state: &BookingsState,
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
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not an administrator, or a foreign origin", body = crate::error::ErrorBody),
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
