//! The API description at /api/openapi.json: it is public, the routers assemble it from their
//! own declarations (`routes!` takes each route's path and method from its handler's
//! `#[utoipa::path]`, so a route cannot be declared without being described) and every operation
//! in it is served, and its schemas say what the server enforces: the session cookie, the
//! `{"error"}` shape, closed request bodies.
//! scripts/api-fuzz.sh runs schemathesis against the served document. The web app's API types are
//! generated from a committed copy of it (web/src/lib/api/openapi.json), kept equal here.

use std::collections::BTreeSet;

use axum::http::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::TestApp;

const METHODS: [&str; 5] = ["get", "post", "patch", "put", "delete"];

/// Public operations: everything else needs the session cookie.
const PUBLIC: [(&str, &str); 22] = [
    ("POST", "/api/auth/sign-up"),
    ("POST", "/api/auth/forgot-password"),
    ("POST", "/api/auth/sign-in"),
    ("POST", "/api/auth/invitation"),
    ("POST", "/api/auth/reset-password"),
    ("GET", "/api/auth/setup"),
    ("GET", "/api/openapi.json"),
    ("POST", "/api/auth/mfa/verify"),
    // Single sign-on (issue 31): before any session.
    ("GET", "/api/auth/sso/discover"),
    ("GET", "/api/auth/sso/start"),
    ("GET", "/api/auth/sso/callback"),
    // Notifications: the one-click unsubscribe target and its look-up.
    ("GET", "/api/unsubscribe"),
    ("POST", "/api/unsubscribe"),
    ("GET", "/api/calendar/{file}"),
    // The signed catalog an install serves (issue 47): catalog facts only, no person.
    ("GET", "/api/catalog/feed"),
    // A vendor's way in (issue 47): the listings a claim may name, the claim, the mailed link,
    // sign-in and sign-out. Every other /api/vendor route takes the vendor session instead.
    ("GET", "/api/vendor/listings"),
    ("GET", "/api/logos/{vendor}/{sha256}"),
    ("POST", "/api/vendor/claims"),
    ("POST", "/api/vendor/links/check"),
    ("POST", "/api/vendor/links/accept"),
    ("POST", "/api/vendor/sign-in"),
    ("POST", "/api/vendor/sign-out"),
];

pub async fn document() -> Value {
    let mut app = TestApp::new();
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(
        res.headers["content-type"], "application/json",
        "served as JSON"
    );
    res.json()
}

/// The copy the web app generates its types from (web/src/lib/api/schema.d.ts).
const COMMITTED_COPY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/web/src/lib/api/openapi.json");

/// Set to 1 to rewrite the committed copy instead of comparing with it.
const UPDATE_VAR: &str = "LITSTACK_UPDATE_API";

/// (METHOD, path) of every operation in the document.
pub fn operations(doc: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in METHODS {
            if item.get(method).is_some() {
                out.insert((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    out
}

/// Follows a `$ref` into components.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r.rsplit('/').next().unwrap();
            &doc["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// The document and the routes come from one declaration each; this checks the result as a
/// client meets it: every documented operation is answered by a handler (an answer of its own,
/// even a 400, 401 or 404 of a missing record), never by the API's fallbacks (a 404 "No API
/// endpoint", or a 405 for a method the path does not take).
#[tokio::test(flavor = "multi_thread")]
async fn every_documented_operation_is_answered_by_its_handler() {
    let doc = document().await;
    let documented = operations(&doc);
    assert!(documented.len() >= 60, "too few operations: {documented:?}");
    let mut app = TestApp::new();
    app.sign_up().await; // the install's first account: its operator, so /api/admin answers too
    let mut unanswered = Vec::new();
    for (method, template) in documented {
        // Digits for every path parameter: the ids they all take.
        let path: Vec<&str> = template
            .split('/')
            .map(|s| if s.starts_with('{') { "1" } else { s })
            .collect();
        let path = path.join("/");
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let res = app.call(method.clone(), &path, None).await;
        let fallback = res.status == StatusCode::METHOD_NOT_ALLOWED
            || (res.status == StatusCode::NOT_FOUND && res.text().contains("No API endpoint"));
        if fallback {
            unanswered.push(format!("{method} {path}: {} {}", res.status, res.text()));
        }
    }
    assert!(
        unanswered.is_empty(),
        "documented operations no handler answers:\n{}",
        unanswered.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_web_apps_copy_of_the_document_is_current() {
    let served = serde_json::to_string_pretty(&document().await).unwrap() + "\n";
    if std::env::var(UPDATE_VAR).is_ok_and(|v| v == "1") {
        std::fs::write(COMMITTED_COPY, &served).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(COMMITTED_COPY).unwrap_or_default();
    assert!(
        committed == served,
        "{COMMITTED_COPY} differs from the served document: run `npm run api:update` in web/ \
         to refresh it and the generated types"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_document_is_public_and_the_same_whatever_the_configuration() {
    let mut app = TestApp::with_config(|c| c.utm_source = "utm-marker-93017".into());
    app.sign_up().await;
    let signed_in = app.get("/api/openapi.json").await;
    app.cookie = None;
    let anonymous = app.get("/api/openapi.json").await;
    assert_eq!(anonymous.status, 200);
    assert_eq!(signed_in.body, anonymous.body);
    let text = anonymous.text();
    assert!(!text.contains("utm-marker-93017"), "no configuration");
    assert!(!text.contains("@doe-law.com"), "no user data");
    assert_eq!(
        anonymous.json()["openapi"].as_str().map(|v| &v[..2]),
        Some("3.")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_operation_but_the_public_ones_needs_the_session_cookie() {
    let doc = document().await;
    let scheme = &doc["components"]["securitySchemes"]["session"];
    assert_eq!(scheme["type"], "apiKey");
    assert_eq!(scheme["in"], "cookie");
    assert_eq!(scheme["name"], "litstack_session");
    assert_eq!(doc["security"], serde_json::json!([{ "session": [] }]));
    for (method, path) in operations(&doc) {
        let op = &doc["paths"][&path][method.to_ascii_lowercase()];
        let public = PUBLIC.contains(&(method.as_str(), path.as_str()));
        // An operation without its own `security` inherits the document's: the session.
        let open = op["security"] == serde_json::json!([{}]);
        assert_eq!(open, public, "{method} {path}: public is {public}");
        if !public {
            assert!(
                op["responses"].get("401").is_some(),
                "{method} {path} must document its 401"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_error_answer_is_documented_as_the_error_shape() {
    let doc = document().await;
    let shape = &doc["components"]["schemas"]["ErrorBody"];
    assert_eq!(shape["required"], serde_json::json!(["error"]));
    // A 401 may say why the server ended the session: the error shape plus an optional reason.
    let signed_out = &doc["components"]["schemas"]["SignedOutBody"];
    assert_eq!(signed_out["required"], serde_json::json!(["error"]));
    assert!(signed_out["properties"]["reason"].is_object());
    for (method, path) in operations(&doc) {
        let op = &doc["paths"][&path][method.to_ascii_lowercase()];
        for (status, response) in op["responses"].as_object().unwrap() {
            if status.starts_with('4') || status.starts_with('5') {
                let schema = &response["content"]["application/json"]["schema"];
                let allowed: &[&str] = if status == "401" {
                    &[
                        "#/components/schemas/ErrorBody",
                        "#/components/schemas/SignedOutBody",
                    ]
                } else {
                    &["#/components/schemas/ErrorBody"]
                };
                assert!(
                    allowed.contains(&schema["$ref"].as_str().unwrap_or("")),
                    "{method} {path} {status}: {}",
                    schema["$ref"]
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn json_request_bodies_refuse_unknown_fields_as_the_server_does() {
    let doc = document().await;
    let mut bodies = 0;
    for (method, path) in operations(&doc) {
        let op = &doc["paths"][&path][method.to_ascii_lowercase()];
        let Some(schema) = op["requestBody"]["content"]["application/json"].get("schema") else {
            continue;
        };
        bodies += 1;
        let schema = resolve(&doc, schema);
        assert_eq!(
            schema["additionalProperties"],
            Value::Bool(false),
            "{method} {path}: the request type denies unknown fields, so must its schema"
        );
    }
    assert!(bodies >= 9, "only {bodies} JSON request bodies found");
}

#[tokio::test(flavor = "multi_thread")]
async fn query_parameters_say_an_empty_value_means_absent_as_the_server_treats_it() {
    let doc = document().await;
    let mut app = TestApp::new();
    app.sign_up().await;
    let mut checked = 0;
    let mut required = Vec::new();
    for (method, path) in operations(&doc) {
        let op = &doc["paths"][&path][method.to_ascii_lowercase()];
        for param in op["parameters"].as_array().into_iter().flatten() {
            if param["in"] != "query" {
                continue;
            }
            let name = param["name"].as_str().unwrap();
            if param["required"] == true {
                // Refused when empty, as when missing.
                assert!(param.get("allowEmptyValue").is_none(), "{path} {name}");
                let res = app.get(&format!("{path}?{name}=")).await;
                assert_eq!(res.status, 400, "{path}?{name}=");
                required.push(format!("{path} {name}"));
                continue;
            }
            assert_eq!(param["allowEmptyValue"], true, "{method} {path} {name}");
            if path.ends_with("/cities") {
                continue; // these need a state: other parameters cannot be tried alone
            }
            if path.starts_with("/api/auth/sso/") {
                continue; // these need an email, or answer the provider with a redirect
            }
            // A path parameter takes a real id where one is at hand (category 2, Intake: an
            // evaluation); the other ids of a path are not the document's to fill.
            let path = path.replace("{categoryId}", "2");
            if path.contains('{') {
                continue;
            }
            let method = Method::from_bytes(method.as_bytes()).unwrap();
            let empty = app
                .call(method.clone(), &format!("{path}?{name}="), None)
                .await;
            let absent = app.call(method, &path, None).await;
            assert_eq!(empty.status, 200, "{path}?{name}= {}", empty.text());
            if path == "/api/recommendations/pick-for-me" {
                // Its answer says whether the evidence changed since the picks it replaced: the
                // first call replaced none, the second the first's. The rest is the same.
                let without = |res: &crate::helpers::TestResponse| {
                    let mut body = res.json();
                    body.as_object_mut().unwrap().remove("evidenceChanged");
                    body
                };
                assert_eq!(without(&empty), without(&absent), "{path}?{name}=");
                checked += 1;
                continue;
            }
            assert_eq!(empty.body, absent.body, "{path}?{name}=");
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} query parameters checked");
    assert_eq!(
        required,
        [
            "/api/auth/sso/discover email",
            "/api/auth/sso/start email",
            "/api/compare ids",
            "/api/demo-bookings/cities state",
            "/api/trends/cities state",
            "/api/unsubscribe token",
            "/api/unsubscribe token"
        ]
    );
}

/// What scripts/api-fuzz.sh (schemathesis) found, kept fixed.
#[tokio::test(flavor = "multi_thread")]
async fn invalid_input_schemathesis_found_accepted_is_refused() {
    let mut app = TestApp::new();
    app.sign_up().await;
    // A metro-area filter over its documented 200 characters was silently cut short and served.
    let long = "A".repeat(201);
    for path in ["/api/trends", "/api/demo-bookings"] {
        let res = app.get(&format!("{path}?dma={long}")).await;
        assert_eq!(res.status, 400, "{path}");
        assert_eq!(res.error(), "dma must be at most 200 characters");
    }
    let res = app
        .get(&format!("/api/trends?dma={}", "A".repeat(200)))
        .await;
    assert_eq!(res.status, 200, "200 characters are fine");
}

/// Every code the document offers for a request enum is one the server takes (the band codes were
/// once documented as Rust variant names, which the server refuses).
#[tokio::test(flavor = "multi_thread")]
async fn every_documented_code_of_a_request_enum_is_accepted() {
    let doc = document().await;
    let schemas = &doc["components"]["schemas"];
    let codes = |name: &str| -> Vec<String> {
        let values = schemas[name]["enum"].as_array();
        let values = values.unwrap_or_else(|| panic!("{name} has no enum"));
        values
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    let mut app = TestApp::new();
    app.sign_up().await;

    let fields = [
        ("attorneysCountBand", "AttorneysBand"),
        ("employeesCountBand", "EmployeesBand"),
        ("injuryCasesPerMonthBand", "CasesBand"),
        ("annualSoftwareSpendBand", "SpendBand"),
    ];
    for (field, schema) in fields {
        for code in codes(schema) {
            let mut body = serde_json::Map::new();
            for (other, other_schema) in fields {
                body.insert(other.into(), codes(other_schema)[0].clone().into());
            }
            body.insert(field.into(), code.clone().into());
            let res = app.post("/api/profile/onboarding", body.into()).await;
            assert_eq!(res.status, 200, "{field} {code}: {}", res.text());
        }
    }
    for code in codes("FirmSize") {
        let body = serde_json::json!({ "name": "Ann Doe", "lawFirm": "Doe LLP", "firmSize": code });
        let res = app
            .call(axum::http::Method::PATCH, "/api/profile", Some(body))
            .await;
        assert_eq!(res.status, 200, "{code}: {}", res.text());
        assert_eq!(res.json()["user"]["firmSize"], code);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_path_parameter_is_a_segment_of_its_path() {
    // A query struct documented without `parameter_in = Query` shows up as a path parameter, and
    // the web client's types then ask for it in the wrong place.
    let doc = document().await;
    let mut misplaced = Vec::new();
    for (method, path) in operations(&doc) {
        let op = &doc["paths"][&path][method.to_ascii_lowercase()];
        for param in op["parameters"].as_array().into_iter().flatten() {
            let name = param["name"].as_str().unwrap();
            if param["in"] == "path" && !path.contains(&format!("{{{name}}}")) {
                misplaced.push(format!("{method} {path} {name}"));
            }
        }
    }
    assert!(
        misplaced.is_empty(),
        "path parameters not in their path: {misplaced:?}"
    );
}
