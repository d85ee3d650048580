//! The API description: an OpenAPI 3.1 document built from the handlers' `#[utoipa::path]`
//! attributes and the request and response types' `ToSchema` derives, served at
//! `GET /api/openapi.json`. Each domain's `router()` declares its routes with utoipa-axum's
//! `routes!`, which takes the path and the method from the handler's `#[utoipa::path]`: a route
//! and its operation are one declaration. `app()` (lib.rs) nests the routers under `/api` in one
//! `OpenApiRouter` built on `ApiDoc`, the document-level parts kept here, and `finish` adds what
//! reads every operation.
//!
//! The document holds no personal data and no configuration: it is the same for every install.

use axum::http::header;
use axum::response::IntoResponse;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::platform::caller::COOKIE;

/// The name of the vendor session cookie scheme (`vendor_accounts`' routes repeat it).
pub const VENDOR_SESSION: &str = "vendorSession";

/// The name of the session cookie scheme (the `security` attribute above repeats it).
pub const SESSION: &str = "session";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Litstack API",
        description = "The JSON API the Litstack web app uses. Every error is answered as \
            `{\"error\": \"<message>\"}` with the status that fits. Requests that change state \
            (POST, PATCH, PUT, DELETE) must come from the server's own origin: `Sec-Fetch-Site: \
            cross-site` is refused, an `Origin` or `Referer` must name the server, and a request \
            with the session cookie must send one of `Origin`, `Referer` or `Sec-Fetch-Site`; \
            others are refused with 403. Request bodies refuse \
            unknown fields. An empty query parameter (`?start=`) is the same as leaving it out."
    ),
    components(schemas(crate::platform::error::ErrorBody)),
    security(("session" = []))
)]
pub struct ApiDoc;

/// Completes the document the routers assembled: the session cookie scheme, and what each
/// operation inherits (empty query values, the write budgets' 429), which can only be added once
/// every operation is in.
pub fn finish(openapi: &mut utoipa::openapi::OpenApi) {
    SessionCookie.modify(openapi);
    EmptyQueryValues.modify(openapi);
    WriteBudgets.modify(openapi);
}

/// Adds the session cookie security scheme.
struct SessionCookie;

impl Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let key = ApiKeyValue::with_description(
            COOKIE,
            "The HttpOnly session cookie set by sign-up and sign-in.",
        );
        components.add_security_scheme(SESSION, SecurityScheme::ApiKey(ApiKey::Cookie(key)));
        let vendor = ApiKeyValue::with_description(
            crate::platform::caller::VENDOR_COOKIE,
            "The HttpOnly session cookie of a vendor account (/api/vendor), set by its sign-in. \
             Another cookie than a firm's: it opens no firm route.",
        );
        components.add_security_scheme(
            VENDOR_SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(vendor)),
        );
    }
}

/// Marks every optional query parameter `allowEmptyValue`: the server treats `?start=` like no `start` at
/// all (as an HTML form submits an empty field), and the document must say so. utoipa 5's
/// `Parameter` has no field for it, so it goes in as an extension, which serialises beside the
/// other keys.
struct EmptyQueryValues;

impl Modify for EmptyQueryValues {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::Required;
        use utoipa::openapi::path::ParameterIn;
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.post,
                &mut item.patch,
                &mut item.put,
                &mut item.delete,
            ];
            for op in operations.into_iter().flatten() {
                for param in op.parameters.iter_mut().flatten() {
                    let required = matches!(param.required, Required::True);
                    if matches!(param.parameter_in, ParameterIn::Query) && !required {
                        param
                            .extensions
                            .get_or_insert_with(Default::default)
                            .insert("allowEmptyValue".into(), serde_json::Value::Bool(true));
                    }
                }
            }
        }
    }
}

/// Every state-changing operation may answer 429 when its session or client has spent its write
/// budget (`accounts::budget`): the document says so once, here, rather than on each route.
struct WriteBudgets;

impl Modify for WriteBudgets {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::header::HeaderBuilder;
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder, Type};
        let too_many = ResponseBuilder::new()
            .description(
                "Too many changes in a short time from this session or client (the write \
                 budgets): wait the seconds `Retry-After` names and try again",
            )
            .header(
                "Retry-After",
                HeaderBuilder::new()
                    .schema(utoipa::openapi::schema::Object::with_type(Type::Integer))
                    .description(Some("Seconds to wait"))
                    .build(),
            )
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build();
        for item in openapi.paths.paths.values_mut() {
            let writes = [
                &mut item.post,
                &mut item.patch,
                &mut item.put,
                &mut item.delete,
            ];
            for op in writes.into_iter().flatten() {
                op.responses
                    .responses
                    .entry("429".into())
                    .or_insert_with(|| too_many.clone().into());
            }
        }
    }
}

/// The document as JSON, serialised once: every `app()` assembles the same document.
static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Keeps the finished document for `GET /api/openapi.json`.
pub fn publish(openapi: &utoipa::openapi::OpenApi) {
    DOCUMENT.get_or_init(|| openapi.to_json().expect("the OpenAPI document serialises"));
}

/// The document as JSON; `app()` publishes it before it serves a request.
pub fn document() -> &'static str {
    DOCUMENT
        .get()
        .expect("app() publishes the document before it serves")
}

/// GET /api/openapi.json (public): this API's description.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    security(()),
    responses((status = 200, description = "The OpenAPI 3.1 document of this API",
        content_type = "application/json", body = Object))
)]
pub async fn openapi_json() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], document())
}
