//! The signed-in user's profile: personal data, the firm's onboarding answers (firm details).
//! The personal data lives with the account; this domain edits it through `accounts`.

pub mod bands;
pub mod model;
mod routes;
pub(crate) mod storage;

use crate::platform::firm_id::FirmId;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use bands::Onboarding;

use crate::accounts::AccountsState;
use crate::platform::error::Result;
use crate::platform::store::Store;

/// The /api/profile routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AccountsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_profile, routes::update_profile))
        .routes(routes!(routes::onboarding_status, routes::save_onboarding))
}

/// Replaces the firm's onboarding answers (the firm screen's edit of them).
pub fn save_onboarding(store: &Store, firm_id: FirmId, answers: &Onboarding) -> Result<()> {
    storage::save_onboarding(store, firm_id, answers)
}

/// The firm's onboarding answers; `None` until onboarding is completed.
pub fn load_onboarding(store: &Store, firm_id: FirmId) -> Result<Option<Onboarding>> {
    storage::find_onboarding(store, firm_id)
}
