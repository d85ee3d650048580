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
pub mod profile;
pub mod server;
pub mod state;
pub mod store;
pub mod techstack;
pub mod web;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::middleware;
use axum::routing::get;
use serde_json::{Value, json};
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
        .merge(admin::router())
        .merge(techstack::router())
        .merge(bookings::router())
        .route("/config", get(client_config))
        .fallback(web::api_not_found);

    Router::new()
        .nest("/api", api)
        .fallback(web::serve_app)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(middleware::from_fn(web::same_origin_only))
        .layer(middleware::from_fn(web::security_headers))
        .layer(CompressionLayer::new())
        .layer(axum::Extension(accounts::TrustedProxy(state.config.trusted_proxy)))
        .with_state(state)
}

/// Settings the web app needs: the outbound link tag and whether logos may come from third parties.
async fn client_config(State(state): State<AppState>, _: accounts::CurrentUser) -> axum::Json<Value> {
    axum::Json(json!({
        "utmSource": state.config.utm_source,
        "thirdPartyLogos": state.config.third_party_logos,
    }))
}
