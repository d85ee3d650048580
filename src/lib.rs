//! Litstack: legal-technology vendor discovery and recommendations for personal-injury firms.
//! `app` builds the whole HTTP application; the server, the tests and the benches all call it.

pub mod accounts;
pub mod admin;
pub mod app;
pub mod bookings;
pub mod catalog;
pub mod catalog_feed;
pub mod commands;
pub mod compare;
pub mod decisions;
pub mod demo_requests;
pub mod evaluations;
pub mod export;
pub mod firms;
pub mod hub;
pub mod import;
pub mod mail;
pub mod notifications;
pub mod peers;
pub mod platform;
pub mod profile;
pub mod progress;
pub mod recommend;
pub mod registry;
pub mod saved_views;
pub mod server;
pub mod shortlist;
pub mod startup;
pub mod techstack;
pub mod vendor_accounts;
pub mod vendor_profile;

use axum::Router;
use axum::extract::MatchedPath;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, Request, header};
use axum::middleware;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use app::AppState;
pub use platform::config::Config;
use platform::{openapi, web};

/// JSON bodies are small; the CSV import sets its own, larger limit.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

pub fn app(state: AppState) -> Router {
    // One router for the routes and the document: each route is declared once, with `routes!`.
    let (app, mut doc) = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .nest("/api", api(&state))
        .split_for_parts();
    openapi::finish(&mut doc);
    openapi::publish(&doc);

    let mut app = app
        .fallback(web::serve_app)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(middleware::from_fn(web::log_refusals))
        // Before routing, on every path: a name this install is not served at is a 421.
        .layer(middleware::from_fn_with_state(
            state.config.clone(),
            web::served_hosts_only,
        ));
    for (name, value) in web::security_headers() {
        app = app.layer(SetResponseHeaderLayer::overriding(name, value));
    }
    app.layer(CompressionLayer::new())
        // One span per request: method and matched route (never the query string, a body or a
        // cookie); the status and latency are logged at debug level when it ends.
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request<_>| {
                    let route = req
                        .extensions()
                        .get::<MatchedPath>()
                        .map_or("", MatchedPath::as_str);
                    tracing::debug_span!("request", method = %req.method(), route)
                })
                .on_request(())
                .on_response(DefaultOnResponse::new().level(tracing::Level::DEBUG)),
        )
        .layer(axum::Extension(accounts::TrustedProxy(
            state.config.trusted_proxy,
        )))
        .with_state(state)
}

/// Every domain's routes. A schema two domains use is one type (`catalog::model::CategoryRef`,
/// `techstack::model::Integration`); the test below keeps it so.
fn domain_routers() -> [OpenApiRouter<AppState>; 20] {
    [
        accounts::router(),
        profile::router(),
        techstack::router(),
        peers::router(),
        catalog::router(),
        catalog_feed::router(),
        vendor_profile::router(),
        admin::router(),
        bookings::router(),
        import::router(),
        recommend::router(),
        compare::router(),
        shortlist::router(),
        firms::router(),
        saved_views::router(),
        decisions::router(),
        evaluations::router(),
        progress::router(),
        vendor_accounts::router(),
        demo_requests::router(),
    ]
}

/// Every /api route, with what only /api has: the JSON 404 and 405, the same-origin (CSRF)
/// check, the write budgets and no-store.
fn api(state: &AppState) -> OpenApiRouter<AppState> {
    let routes = domain_routers()
        .into_iter()
        .fold(OpenApiRouter::new(), OpenApiRouter::merge)
        .routes(routes!(client_config))
        .routes(routes!(openapi::openapi_json));
    // utoipa-axum's router has no `method_not_allowed_fallback`: both fallbacks go on its axum
    // half, which is then put back with the document.
    let (router, doc) = routes.split_for_parts();
    let router = router
        .fallback(web::api_not_found)
        .method_not_allowed_fallback(web::api_method_not_allowed);
    let mut api = OpenApiRouter::from(router);
    *api.get_openapi_mut() = doc;
    api
        // Inside the CSRF check: a refused foreign request spends no one's write budget.
        .layer(middleware::from_fn_with_state(
            accounts::WriteBudgets::shared(),
            accounts::budget::limit_writes,
        ))
        // Every state-changing route is under /api: the CSRF check guards them all.
        .layer(middleware::from_fn_with_state(
            state.config.clone(),
            web::same_origin_only,
        ))
        // API answers are per user and change with every write: never stored by a cache. A
        // route that says otherwise keeps its word (a logo, named by its hash, never changes).
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
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
#[utoipa::path(get, path = "/config", tag = "meta",
    responses(
        (status = 200, body = ClientConfig),
        crate::platform::error::NotSignedIn,
    ))]
async fn client_config(
    State(state): State<AppState>,
    _: crate::platform::caller::CurrentUser,
) -> axum::Json<ClientConfig> {
    axum::Json(ClientConfig {
        utm_source: state.config.utm_source.clone(),
        third_party_logos: state.config.logos_from_third_parties(),
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use serde_json::Value;

    /// A schema's JSON without its descriptions, which differ harmlessly between domains.
    fn shape(mut v: Value) -> Value {
        match &mut v {
            Value::Object(map) => {
                map.remove("description");
                for value in map.values_mut() {
                    *value = shape(value.take());
                }
            }
            Value::Array(items) => {
                for item in items {
                    *item = shape(item.take());
                }
            }
            _ => {}
        }
        v
    }

    /// The document keeps one schema per name, the first domain's: two domains' types of one
    /// name must have one shape, or the other domain's answers would be documented wrong.
    #[test]
    fn a_schema_name_two_domains_share_has_one_shape() {
        let mut first: HashMap<String, Value> = HashMap::new();
        for router in super::domain_routers() {
            let components = router.into_openapi().components.unwrap_or_default();
            for (name, schema) in components.schemas {
                let schema = shape(serde_json::to_value(schema).unwrap());
                let kept = first.entry(name.clone()).or_insert_with(|| schema.clone());
                assert_eq!(*kept, schema, "two types named {name} differ in shape");
            }
        }
    }
}
