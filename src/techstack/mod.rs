//! The firm's tech stack: per category, whether the firm uses a tool (Yes / No / unanswered),
//! which catalog vendors it uses (one may be primary) and other tools named in free text.
//! The form saves only the categories it sends, in one transaction. Recommendations read the
//! result through `firm_tools`, `tool_names` and `tool_integrations`, and every screen that
//! compares the firm with others through `context`. Other firms' stacks are counted by `peers`.

pub mod context;
pub mod model;
mod routes;
pub mod storage;
mod tools;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use model::{Adoption, MAX_OTHER_NAME, MAX_VENDORS};
pub use storage::export;
pub use tools::{FirmTools, firm_tools, tool_integrations, tool_names};

/// What the tech stack needs: the store, the catalog (categories and vendors), and whom to tell
/// when a firm's stack changes (the peer figures recount it).
#[derive(Clone)]
pub struct TechstackState {
    pub store: std::sync::Arc<crate::store::Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub firm_changed: crate::accounts::FirmChanged,
}

/// The tech-stack routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    TechstackState: axum::extract::FromRef<S>,
    crate::accounts::AccountsState: axum::extract::FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(routes::get_adoption, routes::save_adoption))
}
