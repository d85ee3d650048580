//! The firm boundary, walked from the API description: every operation the served document lists
//! (but the operator's, the vendor accounts' and the public sign-up and sign-in), sent by each
//! role of firm B (owner, admin, member, viewer) with firm A's ids in its path and in its body's
//! id fields. It fails on a 5xx, on any answer that carries one of the texts planted in A's data,
//! on an answer other than a refusal to a path naming one of A's own records (a decision, a
//! reference, an invitation, a member, a saved view, a session), and on any change to what A's
//! owner reads afterwards. Both backends (LITSTACK_TEST_BACKEND).
//!
//! The walk is generated: a new operation is walked the day it is declared. The one hand-kept
//! part is `id_for`, which says whose id fills each path parameter; an operation with a parameter
//! it does not know fails the walk until it is added.

use std::collections::BTreeMap;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::firm_scope::fill_firm;
use crate::helpers::TestApp;
use crate::hostile::{Payload, Route, routes, send, valid_body};
use crate::scenario::{ok, stage_and_vendors};

/// Texts planted in firm A's data: no answer to firm B may carry one.
const PLANTED: &[&str] = &[
    "SNTL-A-note",
    "SNTL-A-view",
    "SNTL-A-reasons",
    "SNTL-A-reference",
    "sntl-a-invited@doe-law.com",
    "sntl-a-member@doe-law.com",
    "SNTL-A-demo",
];

/// Firm A's records, by the kind of path parameter that names them.
#[derive(Debug, Default)]
struct FirmIds {
    decision: u64,
    reference: u64,
    invitation: u64,
    member: u64,
    view: u64,
    session: String,
    category: u64,
    vendors: [u64; 2],
    /// The operator's pending offer of the operator role to A's owner.
    offer: u64,
    /// A's demo request, to a vendor with an account.
    demo_request: u64,
}

/// Whose id fills `param` of `template`: `Some(true)` for one of A's own records (B must be
/// refused), `Some(false)` for a catalog id both firms use (B acts on its own data).
fn id_for(template: &str, param: &str, a: &FirmIds) -> Option<(String, bool)> {
    let (id, own) = match (template, param) {
        (t, "id") if t.starts_with("/api/decisions/") => (a.decision, true),
        (_, "n") => (1, true),
        // A reference's id counts within its firm's round of the category: under B's session it
        // names B's own reference (A's is protected by the category being B's evaluation).
        (t, "id") if t.contains("/references/") => (a.reference, false),
        (_, "invitation_id") => (a.invitation, true),
        (_, "offerId") => (a.offer, true),
        (t, "id") if t.starts_with("/api/demo-requests/") => (a.demo_request, true),
        (_, "user_id") => (a.member, true),
        ("/api/views/{id}", "id") => (a.view, true),
        ("/api/auth/sessions/{id}", "id") => return Some((a.session.clone(), true)),
        (_, "categoryId" | "category_id") => (a.category, false),
        (_, "vendorId" | "vendor_id" | "toolId") => (a.vendors[0], false),
        (t, "id") if t.starts_with("/api/vendors/") => (a.vendors[0], false),
        _ => return None,
    };
    Some((id.to_string(), own))
}

/// Replaces every id field of a body that names a person, a decision, a view or an invitation
/// with A's: B may not point its own records at them either.
fn with_a_ids(body: &mut Value, a: &FirmIds) {
    match body {
        Value::Object(fields) => {
            for (key, value) in fields.iter_mut() {
                let lower = key.to_ascii_lowercase();
                if value.is_u64() && lower.ends_with("userid") {
                    *value = json!(a.member);
                } else if value.is_u64() && lower == "decisionid" {
                    *value = json!(a.decision);
                } else {
                    with_a_ids(value, a);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| with_a_ids(v, a)),
        _ => {}
    }
}

/// The ids of the objects in every array named `key`, anywhere in `v`.
fn ids_under(v: &Value, key: &str, out: &mut Vec<u64>) {
    match v {
        Value::Object(fields) => {
            for (k, value) in fields {
                if k == key
                    && let Some(items) = value.as_array()
                {
                    out.extend(items.iter().filter_map(|i| i["id"].as_u64()));
                }
                ids_under(value, key, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| ids_under(i, key, out)),
        _ => {}
    }
}

fn first_id(v: &Value, key: &str) -> u64 {
    let mut ids = Vec::new();
    ids_under(v, key, &mut ids);
    *ids.first().unwrap_or_else(|| panic!("no {key} in {v}"))
}

/// Firm A, filled through the API, with the planted texts; answers its ids and its owner's
/// session.
async fn firm_a(app: &mut TestApp) -> (FirmIds, String) {
    let (category, vendors) = stage_and_vendors(app);
    app.sign_up_as("Ann Doe", "ann@doe-law.com").await;
    fill_firm(app, category, vendors).await;
    let owner = app.cookie.clone().unwrap();
    let note = json!({ "status": "Considering", "note": "SNTL-A-note" });
    ok(
        app,
        Method::PUT,
        &format!("/api/shortlist/{}", vendors[1]),
        Some(note),
    )
    .await;
    let view = json!({ "name": "SNTL-A-view", "params": "state=TX" });
    ok(app, Method::POST, "/api/views", Some(view)).await;
    // A demo request to a vendor with people on Litstack (the walk's caller made the account).
    let asked = json!({ "shareName": true, "shareEmail": true, "note": "SNTL-A-demo" });
    let demo_request = ok(
        app,
        Method::POST,
        &format!("/api/vendors/{}/demo-requests", vendors[1]),
        Some(asked),
    )
    .await["id"]
        .as_u64()
        .unwrap();
    let reference = json!({ "vendorId": vendors[0], "firmCalled": "SNTL-A-reference",
        "firmSize": "2-5 staff", "date": "2026-01-05",
        "questions": [{ "question": "Support?", "answer": "Fast" }] });
    let path = format!("/api/evaluations/{category}/references");
    // The round closed with fill_firm's decision: a new one takes the reference.
    let res = app.call(Method::POST, &path, Some(reference.clone())).await;
    if res.status == StatusCode::CONFLICT {
        ok(
            app,
            Method::POST,
            &format!("/api/evaluations/{category}/re-evaluate"),
            None,
        )
        .await;
        ok(app, Method::POST, &path, Some(reference)).await;
    }
    let decisions = ok(app, Method::GET, "/api/decisions", None).await;
    let decision = first_id(&decisions, "items");
    let edit = json!({ "reasons": "SNTL-A-reasons" });
    let _ = app
        .call(
            Method::PUT,
            &format!("/api/decisions/{decision}"),
            Some(edit),
        )
        .await;
    let token = app.invite("sntl-a-member@doe-law.com", "member").await;
    let member = app
        .join(&token, "Mo Doe", "sntl-a-member@doe-law.com")
        .await;
    let member = member.json()["user"]["id"].as_u64().unwrap();
    app.cookie = Some(owner.clone());
    app.invite("sntl-a-invited@doe-law.com", "viewer").await;
    let evaluation = ok(
        app,
        Method::GET,
        &format!("/api/evaluations/{category}"),
        None,
    )
    .await;
    let ids = FirmIds {
        decision,
        reference: first_id(&evaluation, "references"),
        invitation: first_id(
            &ok(app, Method::GET, "/api/firm/invitations", None).await,
            "items",
        ),
        member,
        view: first_id(&ok(app, Method::GET, "/api/views", None).await, "items"),
        session: ok(app, Method::GET, "/api/auth/sessions", None).await[0]["id"]
            .as_str()
            .unwrap()
            .to_string(),
        category,
        vendors,
        offer: 0,
        demo_request,
    };
    (ids, owner)
}

/// What A's owner reads: every documented `GET` without a parameter, and those that name A's
/// records, as text.
async fn what_a_reads(app: &mut TestApp, owner: &str, gets: &[String]) -> BTreeMap<String, String> {
    app.cookie = Some(owner.to_string());
    let mut out = BTreeMap::new();
    for path in gets {
        let res = app.get(path).await;
        let mut text = res.text();
        if path == "/api/firm/audit" {
            // Downloading the brief is itself an audit line of A's: this reading writes it.
            let mut log = res.json();
            if let Some(items) = log["items"].as_array_mut() {
                items.retain(|i| i["action"] != "brief_exported");
            }
            text = log.to_string();
        }
        out.insert(path.clone(), format!("{} {text}", res.status));
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn no_role_of_one_firm_reads_or_changes_another_firms_records_by_any_operation() {
    let mut app = TestApp::new();
    // The install's operator is a firm of its own: A and B are plain firms.
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    // A person of the vendor firm A asks for a demo: its account makes requests possible.
    let (_, listed) = stage_and_vendors(&app);
    let token =
        crate::vendor_accounts::handed_over_invitation(&mut app, listed[1], "pat@vendor.test")
            .await;
    let operator = app.cookie.take();
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat Keeper", "password": "quiet-harbour-lantern-42" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    app.vendor_cookie = None;
    let (mut a, owner_a) = firm_a(&mut app).await;
    // The operator offers A's owner the operator role: only she may answer it.
    app.cookie = operator;
    let offered = json!({ "email": "ann@doe-law.com" });
    a.offer = ok(&mut app, Method::POST, "/api/admin/handover", Some(offered)).await["id"]
        .as_u64()
        .unwrap();
    app.sign_up_as("Bea Roe", "bea@roe-law.com").await;
    let (category, vendors) = stage_and_vendors(&app);
    fill_firm(&mut app, category, vendors).await;
    let owner_b = app.cookie.clone().unwrap();
    let mut b = vec![("owner", owner_b.clone())];
    for (role, email) in [
        ("admin", "ada@roe-law.com"),
        ("member", "mel@roe-law.com"),
        ("viewer", "vic@roe-law.com"),
    ] {
        app.cookie = Some(owner_b.clone());
        let token = app.invite(email, role).await;
        let res = app.join(&token, "Joiner Roe", email).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        b.push((role, app.cookie.take().unwrap()));
    }

    let doc = crate::once::openapi::document().await;
    let examples = routes();
    let mut operations = Vec::new();
    let mut unknown = Vec::new();
    let mut gets = Vec::new();
    for (method, template) in crate::once::openapi::operations(&doc) {
        let skipped = [
            "/api/admin/",
            "/api/vendor/",
            "/api/auth/sign-",
            "/api/calendar/",
        ];
        if skipped.iter().any(|s| template.starts_with(s))
            || template == "/api/logos/{vendor}/{sha256}"
        {
            continue;
        }
        let mut path = String::new();
        let mut names_a_record = false;
        for segment in template.split('/').skip(1) {
            let value = match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(param) => match id_for(&template, param, &a) {
                    Some((id, own)) => {
                        names_a_record |= own;
                        id
                    }
                    None => {
                        unknown.push(format!("{method} {template}: {param}"));
                        String::new()
                    }
                },
                None => segment.to_string(),
            };
            path.push('/');
            path.push_str(&value);
        }
        if method == "GET" && (names_a_record || !template.contains('{')) {
            gets.push(path.clone());
        }
        operations.push((method, template, path, names_a_record));
    }
    assert!(
        unknown.is_empty(),
        "path parameters id_for does not fill: {unknown:?}"
    );
    // Signing out and ending sessions last keeps each role's session for the rest.
    operations.sort_by_key(|(_, t, _, _)| t.starts_with("/api/auth/sign-out"));
    let before = what_a_reads(&mut app, &owner_a, &gets).await;

    let mut failures = Vec::new();
    let mut sent = 0;
    for (role, cookie) in &b {
        for (method, template, path, names_a_record) in &operations {
            let example = examples.iter().find(|r| {
                r.method.as_str() == method
                    && r.path.split('/').count() == template.split('/').count()
                    && r.path
                        .split('/')
                        .zip(template.split('/'))
                        .all(|(p, t)| p == t || t.starts_with('{'))
            });
            let route = Route {
                method: Method::from_bytes(method.as_bytes()).unwrap(),
                path: Box::leak(path.clone().into_boxed_str()),
                access: crate::hostile::Access::User,
                payload: match example.map(|e| e.payload.clone()) {
                    Some(Payload::Json(mut body)) => {
                        with_a_ids(&mut body, &a);
                        Payload::Json(body)
                    }
                    Some(other) => other,
                    None if method == "GET" || method == "DELETE" => Payload::Empty,
                    None => Payload::Json(json!({})),
                },
            };
            let (ctype, body) = valid_body(&route);
            let res = send(&mut app, &route, Some(cookie), None, ctype.as_deref(), body).await;
            sent += 1;
            let line = format!("{role} {method} {path}: {} {}", res.status, res.text());
            if res.status.is_server_error() {
                failures.push(format!("a 5xx: {line}"));
            }
            let text = res.text();
            if let Some(planted) = PLANTED.iter().find(|p| text.contains(*p)) {
                failures.push(format!("carries A's {planted}: {line}"));
            }
            let refused = [
                StatusCode::NOT_FOUND,
                StatusCode::FORBIDDEN,
                StatusCode::BAD_REQUEST,
            ];
            if *names_a_record && !refused.contains(&res.status) {
                failures.push(format!("not refused: {line}"));
            }
        }
    }
    assert!(sent >= 300, "the walk sent only {sent} requests");
    let after = what_a_reads(&mut app, &owner_a, &gets).await;
    for (path, was) in &before {
        if after[path] != *was {
            failures.push(format!(
                "A reads {path} otherwise after the walk:\n  before {was}\n  after  {}",
                after[path]
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
