//! The shortlist: the vendors a user is seriously considering, each with a status (Considering,
//! Demo booked, Demo held, Chosen, Rejected) and its dated history, a plain-text note and what
//! happened after the demo. The due-diligence brief (`views::brief`, as JSON and CSV) is built
//! from it. A Schedule Meeting click changes nothing here: the entry (added only if the person
//! chooses) asks whether they booked a demo, and entries that carry Demo booked only because of a
//! click made before clicks were clicks are shown as "Scheduler opened" (`views::clicks`).
//!
//! Removing an entry keeps it, whole, for 30 days (`storage::remove`), so the firm can undo the
//! removal (`storage::restore`) and lose nothing it wrote.
//!
//! Invariants: a user only ever reads or changes their own entries; a meeting click never
//! changes a status; other firms' demo outcomes are only ever seen in aggregate, from
//! `MIN_FIRMS` firms up, through `peers::disclosure`.

mod csv;
pub mod followup;

pub mod model;
mod routes;
pub mod storage;
pub mod views;

use crate::platform::firm_id::FirmId;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::peers::DemoOutcome;
use crate::platform::error::Result;
use crate::platform::store::Store;
use model::Recorded;

/// What the shortlist needs: the store, the settings (the link tag of a meeting click's answer),
/// the catalog (vendor names), and whom to tell when a firm's demo outcomes change (the peer
/// figures recount it).
#[derive(Clone)]
pub struct ShortlistState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub config: std::sync::Arc<crate::platform::config::Config>,
    pub catalog: crate::catalog::SharedCatalog,
    pub firm_changed: crate::accounts::FirmChanged,
}

/// The shortlist routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    ShortlistState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_shortlist))
        .routes(routes!(routes::get_brief))
        .routes(routes!(routes::get_brief_csv))
        .routes(routes!(routes::put_entry, routes::delete_entry))
        .routes(routes!(routes::put_outcome))
        .routes(routes!(routes::restore_entry))
}

/// The firm's demo outcomes, vendor by vendor, as the peer figures count them (the app hands this
/// and `all_demo_outcomes` to `peers::OutcomesOf`).
pub fn demo_outcomes(store: &Store, firm_id: FirmId) -> Result<Vec<(u64, DemoOutcome)>> {
    Ok(storage::load(store, firm_id)?
        .into_iter()
        .map(|(vendor_id, entry)| (vendor_id, demo_outcome(&entry)))
        .collect())
}

/// Every firm's demo outcomes, as ((firm id, vendor id), outcome): the figures' start.
pub fn all_demo_outcomes(store: &Store) -> Result<Vec<((u64, u64), DemoOutcome)>> {
    Ok(storage::load_all(store)?
        .into_iter()
        .map(|(key, entry)| (key, demo_outcome(&entry)))
        .collect())
}

fn demo_outcome(entry: &model::Entry) -> DemoOutcome {
    DemoOutcome {
        demo_held: entry.outcome.demo_held,
        chosen: entry.outcome.chosen,
    }
}

/// Why Litstack recommended the vendor to the firm most recently, as it stands now: what an entry
/// added now keeps.
pub fn recorded_now(store: &Store, firm_id: FirmId, vendor_id: u64) -> Result<Option<Recorded>> {
    // Newest first, so the first of the vendor is the latest.
    Ok(crate::recommend::storage::past(store, firm_id)?
        .into_iter()
        .find(|(_, v, _)| *v == vendor_id)
        .map(|(_, _, rec)| Recorded {
            reasons: rec.strengths,
            at: rec.at,
        }))
}
