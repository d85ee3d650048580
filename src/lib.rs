//! Litstack: legal-technology vendor discovery and recommendations for personal-injury firms.
//! `app` builds the whole HTTP application; the server, the tests and the benches all call it.

pub mod accounts;
pub mod admin;
pub mod bookings;
pub mod catalog;
pub mod config;
pub mod error;
pub mod extract;
pub mod firm_size;
pub mod import;
pub mod openapi;
pub mod profile;
pub mod recommend;
pub mod server;
pub mod state;
pub mod store;
pub mod techstack;
pub mod vendor_profile;
pub mod web;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::middleware;
use axum::routing::get;
use tower_http::compression::CompressionLayer;

pub use config::Config;
pub use state::{App, AppState};

/// JSON bodies are small; the CSV import sets its own, larger limit.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

pub fn app(state: AppState) -> Router {
    let api = Router::new()
        .merge(accounts::router())
        .merge(profile::router())
        .merge(catalog::router())
        .merge(vendor_profile::router())
        .merge(admin::router())
        .merge(techstack::router())
        .merge(bookings::router())
        .merge(recommend::router())
        .route("/config", get(client_config))
        .route("/openapi.json", get(openapi::openapi_json))
        .fallback(web::api_not_found)
        .method_not_allowed_fallback(web::api_method_not_allowed);

    Router::new()
        .nest("/api", api)
        .fallback(web::serve_app)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(middleware::from_fn(web::same_origin_only))
        .layer(middleware::from_fn(web::security_headers))
        .layer(CompressionLayer::new())
        .layer(axum::Extension(accounts::TrustedProxy(
            state.config.trusted_proxy,
        )))
        .with_state(state)
}

/// Settings the web app needs.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ClientConfig {
    /// The `utm_source` tag added to outbound vendor links.
    utm_source: String,
    /// Whether vendor logos may be fetched from third-party icon services.
    third_party_logos: bool,
}

/// Settings the web app needs: the outbound link tag and whether logos may come from third parties.
#[utoipa::path(get, path = "/api/config", tag = "meta",
    responses(
        (status = 200, body = ClientConfig),
        (status = 401, description = "Not signed in", body = error::ErrorBody),
    ))]
async fn client_config(
    State(state): State<AppState>,
    _: accounts::CurrentUser,
) -> axum::Json<ClientConfig> {
    axum::Json(ClientConfig {
        utm_source: state.config.utm_source.clone(),
        third_party_logos: state.config.third_party_logos,
    })
}
