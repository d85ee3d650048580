//! Demo bookings: the record of which firms booked demos with which vendors, where and when.
//! Rows live in the store (redb's `BOOKING_BLOCKS`, or PostgreSQL's `bookings` in hub mode); every query is answered from a `BookingIndex`, an immutable
//! columnar index. the app's state holds two of them (`SharedBookings`), the real rows and the generated sample rows
//! (`BookingSets`), replaced whole after an import or the removal of the sample set. At start the
//! rows are loaded from the snapshot file when that matches the database's booking generation, and
//! read from the database otherwise. In hub mode `catch_up` brings the indexes up to another
//! node's import or removal. All of that life of the index is in `lifecycle.rs`.

pub mod aggregates;
pub mod answers;
pub mod blocks;
pub mod columns;
pub mod evidence;
pub mod filters;
pub mod generate;
pub mod index;
pub mod lifecycle;
pub mod model;
pub mod periods;
pub mod query;
pub mod reference;
pub mod report;
mod routes;
pub mod sample;
pub mod series;
pub mod sets;
pub mod snapshot;
pub mod storage;
pub mod vendors;

use std::collections::HashMap;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use index::{BookingIndex, Columns, ColumnsBuilder, Interned};
pub use lifecycle::{catch_up, install, load, refresh};
pub use model::Booking;
pub use sample::{SAMPLE_MARKER, SAMPLE_ROWS};
pub use sets::BookingSets;
pub use storage::{export, generation, read_columns};

use crate::platform::firm_size::FirmSize;

/// META key of the booking generation: incremented by every commit that changes bookings; the
/// snapshot carries the generation it was built from.
pub const GENERATION: &str = "bookings:generation";

/// The number of real (never sample) demo bookings per catalog vendor id, counting only rows whose
/// Client names a catalog vendor (case-insensitively; when two catalog vendors share a name the lower id gets
/// them) or a vendor merged into one, from firms whose size is in `sizes` (empty = every size), created on or after `since`.
pub fn vendor_demand(
    sets: &BookingSets,
    catalog: &crate::catalog::Catalog,
    sizes: &[FirmSize],
    since: chrono::NaiveDate,
) -> HashMap<u64, u32> {
    let idx = &sets.real;
    let counts = idx.vendor_counts(sizes, query::day_number(since));
    let by_name = catalog_ids(catalog);
    let mut out = HashMap::new();
    for (i, &n) in counts.iter().enumerate() {
        if n > 0
            && let Some(&id) = by_name.get(&idx.vendors_lower[i])
        {
            *out.entry(id).or_insert(0) += n;
        }
    }
    out
}

/// The catalog vendor id each lower-cased Client name counts for: the lowest id of that name, else
/// the vendor a merged vendor of that name went into (`Catalog::vendor_for_client`, for many names).
pub fn catalog_ids(catalog: &crate::catalog::Catalog) -> HashMap<String, u64> {
    let mut by_name: HashMap<String, u64> = HashMap::with_capacity(catalog.vendors.len());
    for v in &catalog.vendors {
        by_name.entry(v.name.to_lowercase()).or_insert(v.id);
    }
    // Bookings naming a vendor merged into another count for the kept one.
    for (name, &id) in catalog.aliases() {
        by_name.entry(name.clone()).or_insert(id);
    }
    by_name
}

/// How many stored bookings are real (imported), not part of the generated sample set. Sample rows
/// are never evidence: with no real bookings the recommendations leave demand out.
pub fn real_booking_count(sets: &BookingSets) -> u64 {
    sets.real.len() as u64
}

/// Serialises the writers of bookings (imports, the removal of the sample set), so that the index a
/// writer extends or trims is the one its transaction starts from.
pub(crate) fn one_writer() -> std::sync::MutexGuard<'static, ()> {
    static WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());
    WRITER.lock().unwrap_or_else(|e| e.into_inner())
}

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

/// The bookings indexes (real and sample rows), swapped whole after every change.
pub type SharedBookings = std::sync::Arc<arc_swap::ArcSwap<BookingSets>>;

/// What the bookings need: the store, the settings (data directory, import limit), the catalog
/// (vendor and category names) and the indexes they swap.
#[derive(Clone)]
pub struct BookingsState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub config: std::sync::Arc<crate::platform::config::Config>,
    pub catalog: crate::catalog::SharedCatalog,
    pub bookings: SharedBookings,
}

/// What the bookings' document holds beside its routes: the values of the query parameters that
/// name a shape (`compare`, `granularity`, `stackBy`, `format`, `panel`).
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(
    model::CompareWith,
    periods::Granularity,
    model::StackBy,
    model::Format,
    report::Panel
)))]
struct BookingsApi;

/// The demo-booking routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    BookingsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    let mut router = OpenApiRouter::with_openapi(BookingsApi::openapi())
        .routes(routes!(routes::trends))
        .routes(routes!(routes::vendors))
        .routes(routes!(routes::top_cities))
        .routes(routes!(routes::list_bookings))
        .routes(routes!(routes::state_bookings))
        .routes(routes!(routes::filter_options))
        .routes(routes!(routes::remove_sample));
    utoipa::Modify::modify(&StateRequired, router.get_openapi_mut());
    router
}
