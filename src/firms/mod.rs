//! The firm as its members manage it (/api/firm: details, members and roles) and as the operator
//! oversees every firm (/api/admin/firms: verify, disable). The firm and its members are stored
//! by `accounts` (an account and its firm are read together); this domain holds the rules.

mod admin;
pub mod archive;
mod archive_people;
mod audit;
pub mod deletion;
pub mod import;
mod invitations;
pub mod merge;
mod mfa_required;
mod model;
mod price_sharing;
mod routes;
mod storage;

use crate::accounts::AccountsState;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// The /api/firm and /api/admin/firms routes: each one's path and method are in its handler's
/// `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AccountsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_firm, routes::update_firm))
        .routes(routes!(routes::list_members))
        .routes(routes!(routes::change_role, routes::remove_member))
        .routes(routes!(invitations::member_reset_link))
        .routes(routes!(
            invitations::list_invitations,
            invitations::create_invitation
        ))
        .routes(routes!(invitations::revoke_invitation))
        .routes(routes!(audit::firm_audit))
        .routes(routes!(admin::list_firms))
        .routes(routes!(merge::merge_firms_route))
        .routes(routes!(admin::operator_update_firm))
        .routes(routes!(admin::operator_reset_link))
        .routes(routes!(admin::get_settings, admin::put_settings))
        .routes(routes!(mfa_required::put_mfa_required))
        .routes(routes!(
            price_sharing::get_price_sharing,
            price_sharing::put_price_sharing
        ))
        .routes(routes!(archive::export_firm))
        // An archive is a zip of up to `import::MAX_ARCHIVE`, beyond the JSON bodies' limit.
        .routes(
            routes!(import::import_route)
                .layer(axum::extract::DefaultBodyLimit::max(import::MAX_ARCHIVE)),
        )
        .routes(routes!(
            deletion::get_deletion,
            deletion::schedule_deletion,
            deletion::cancel_deletion
        ))
        .routes(routes!(
            deletion::operator_schedule_deletion,
            deletion::operator_cancel_deletion
        ))
}

/// A body whose fields are all optional, read from a JSON object only: serde would also take a
/// JSON array as such a struct (its fields in order), which no client means.
fn object_body<T: serde::de::DeserializeOwned>(
    body: serde_json::Map<String, serde_json::Value>,
) -> crate::platform::error::Result<T> {
    serde_json::from_value(serde_json::Value::Object(body))
        .map_err(|e| crate::platform::error::bad_request(format!("Invalid request: {e}")))
}
