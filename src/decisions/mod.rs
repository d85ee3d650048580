//! Decisions (issue 32): an owner or admin proposes the vendor a firm chooses in a category;
//! its record (brief v2: the decision, its approvers, the category's evaluation and the
//! shortlist's history) is stored as a version with a SHA-256 of its RFC 8785 form whenever what
//! it holds changes; approvers approve or object to a version's hash; when every approver has
//! approved the current version the decision is final and frozen, the shortlist marks the chosen
//! vendor Chosen and the others "Not chosen", and the tech stack takes the chosen vendor (asking
//! first when another tool is there). It sits above `shortlist/`, `techstack/` and
//! `evaluations/`, which it reads and writes through their functions.

pub mod canonical;
pub mod decide;
pub mod diff;
pub mod draft;
pub mod model;
pub mod record;
mod routes;
pub mod storage;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// What the decisions need: the store, the settings (the notices' links), the catalog (names,
/// categories) and whom to tell when a final decision changes the firm's shortlist and stack (the
/// peer figures recount it).
#[derive(Clone)]
pub struct DecisionsState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    /// Where the approvers' notices link to.
    pub config: std::sync::Arc<crate::platform::config::Config>,
    pub catalog: crate::catalog::SharedCatalog,
    pub firm_changed: crate::accounts::FirmChanged,
}

/// The decisions' routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    DecisionsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::list_decisions, routes::propose))
        .routes(routes!(routes::get_draft))
        .routes(routes!(routes::get_decision, routes::edit))
        .routes(routes!(routes::get_version))
        .routes(routes!(routes::approve))
        .routes(routes!(routes::object))
        .routes(routes!(routes::tech_stack))
}
