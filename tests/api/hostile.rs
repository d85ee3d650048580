//! Hostile requests against every state-changing route: unknown fields, wrong types, oversized
//! bodies, a foreign Origin, no session. And path traversal against the real binary, with raw
//! request lines no HTTP client would normalise.
//!
//! `ROUTES` must list every POST/PATCH/PUT/DELETE route: `the_route_table_lists_every_state_changing_route`
//! reads them from the served API document (which the routers themselves assemble, so it is the
//! route list) and fails when one is missing, and the sweep fails when a listed route answers 404
//! or 405, so the table cannot rot in either direction. Add new routes here.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, TestResponse};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Access {
    /// Anyone (sign-up, sign-in).
    Public,
    /// A signed-in user.
    User,
    /// A signed-in administrator.
    Admin,
    /// A signed-in vendor account (its own cookie, `litstack_vendor`).
    Vendor,
}

#[derive(Clone, Debug)]
pub(crate) enum Payload {
    /// A JSON body; the value is a valid example whose fields the sweep mutates.
    Json(Value),
    /// No body at all.
    Empty,
    /// A multipart CSV upload.
    Multipart,
}

pub(crate) struct Route {
    pub(crate) method: Method,
    pub(crate) path: &'static str,
    pub(crate) access: Access,
    pub(crate) payload: Payload,
}

/// Every state-changing route on main. New routes must be added here (the table test says so).
pub(crate) fn routes() -> Vec<Route> {
    let r = |method: Method, path, access, payload| Route {
        method,
        path,
        access,
        payload,
    };
    vec![
        r(
            Method::POST,
            "/api/auth/sign-up",
            Access::Public,
            Payload::Json(json!({
                "name": "Eve Mallory", "email": "eve@example.com", "password": "a-long-passphrase-42",
                "lawFirm": "Mallory LLP", "firmSize": "SOLO", "setupToken": "x"
            })),
        ),
        r(
            Method::POST,
            "/api/auth/sign-in",
            Access::Public,
            Payload::Json(json!({ "email": "eve@example.com", "password": "whatever-it-is" })),
        ),
        r(
            Method::POST,
            "/api/auth/sign-out",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/auth/change-password",
            Access::User,
            Payload::Json(
                json!({ "currentPassword": PASSWORD, "newPassword": "another-long-phrase-7" }),
            ),
        ),
        r(
            Method::PATCH,
            "/api/profile",
            Access::User,
            Payload::Json(json!({
                "name": "Ann Doe", "lawFirm": "Doe & Partners", "firmSize": "E6_20",
                "email": "ann@doe-law.com", "currentPassword": PASSWORD
            })),
        ),
        r(
            Method::POST,
            "/api/profile/onboarding",
            Access::User,
            Payload::Json(json!({
                "attorneysCountBand": "A2_5", "employeesCountBand": "E11_50",
                "injuryCasesPerMonthBand": "C11_25", "annualSoftwareSpendBand": "S10_40K"
            })),
        ),
        r(
            Method::POST,
            "/api/profile/category-adoption",
            Access::User,
            Payload::Json(json!({ "items": [{ "categoryId": 2, "hasTool": false }] })),
        ),
        r(
            Method::POST,
            "/api/meeting-clicks",
            Access::User,
            Payload::Json(json!({ "vendorId": 1, "sourcePage": "BROWSE" })),
        ),
        r(
            Method::POST,
            "/api/admin/demo-bookings/import",
            Access::Admin,
            Payload::Multipart,
        ),
        r(
            Method::PATCH,
            "/api/admin/vendors/1",
            Access::Admin,
            Payload::Json(json!({
                "partnerLevel": "Gold", "isRecommendedPartner": true, "isActive": true,
                "bookingUrl": "https://www.avvo.com/", "logoUrl": null
            })),
        ),
        r(
            Method::POST,
            "/api/responses",
            Access::User,
            Payload::Json(json!({
                "categoryId": 2,
                "answers": [{ "questionId": 201, "selectedValues": ["Phone calls"] }]
            })),
        ),
        r(
            Method::POST,
            "/api/recommendations/compute",
            Access::User,
            Payload::Json(json!({ "responseId": 1, "categoryId": 2 })),
        ),
        r(
            Method::POST,
            "/api/recommendations/pick-for-me",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::DELETE,
            "/api/recommendations/persisted",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/recommendations/persisted/restore",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/recommendations/dismissed",
            Access::User,
            Payload::Json(json!({ "vendorId": 1, "reason": "too_expensive" })),
        ),
        r(
            Method::DELETE,
            "/api/recommendations/dismissed/1",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/users/1/unlock",
            Access::Admin,
            Payload::Empty,
        ),
        // The install's backup: a read, but a POST for the operator's second-factor code.
        r(
            Method::POST,
            "/api/admin/backup",
            Access::Admin,
            Payload::Json(json!({ "code": null })),
        ),
        // Handing the operator role over: the operator offers and withdraws, the offered account
        // accepts or declines (none pending here: a handler's 404).
        r(
            Method::POST,
            "/api/admin/handover",
            Access::Admin,
            Payload::Json(json!({ "email": "bo@roe-law.com", "code": null })),
        ),
        r(
            Method::DELETE,
            "/api/admin/handover/1",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/operator-offer/1/accept",
            Access::User,
            Payload::Json(json!({ "code": null })),
        ),
        r(
            Method::POST,
            "/api/operator-offer/1/decline",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::PATCH,
            "/api/firm",
            Access::User,
            Payload::Json(json!({ "name": "Doe & Partners" })),
        ),
        r(
            Method::PATCH,
            "/api/firm/members/1",
            Access::User,
            Payload::Json(json!({ "role": "owner" })),
        ),
        r(
            Method::DELETE,
            "/api/firm/members/999",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/firm/invitations",
            Access::User,
            Payload::Json(json!({ "email": "new@doe-law.com", "role": "member" })),
        ),
        r(
            Method::DELETE,
            "/api/firm/invitations/999",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/views",
            Access::User,
            Payload::Json(json!({ "name": "Texas this year", "params": "state=TX" })),
        ),
        r(
            Method::DELETE,
            "/api/views/999",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::PUT,
            "/api/techstack/999/contract",
            Access::User,
            Payload::Json(json!({
                "startDate": "2026-01-01", "termMonths": 12, "renewalDate": "2027-01-01",
                "noticeDays": 30, "annualCost": 120000, "seats": 5, "responsibleUserId": 1
            })),
        ),
        // Evaluations (issue 32).
        r(
            Method::PUT,
            "/api/evaluations/1/criteria",
            Access::User,
            Payload::Json(json!({
                "criteria": [{ "name": "Price", "weight": 100 }], "reason": "Cost matters most"
            })),
        ),
        r(
            Method::PUT,
            "/api/evaluations/1/scorecards/1",
            Access::User,
            Payload::Json(json!({ "scores": [{ "criterionId": "price", "score": 3 }] })),
        ),
        r(
            Method::POST,
            "/api/evaluations/1/scorecards/1/submit",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/evaluations/1/references",
            Access::User,
            Payload::Json(json!({
                "vendorId": 1, "firmCalled": "Roe Law", "firmSize": "11-25 staff",
                "date": "2026-01-05", "questions": [{ "question": "Support?", "answer": "Fast" }]
            })),
        ),
        r(
            Method::DELETE,
            "/api/evaluations/1/references/999",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/evaluations/1/re-evaluate",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/evaluations/1/close",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/decisions",
            Access::User,
            Payload::Json(json!({
                "categoryId": 1, "vendorId": 1, "runnerUpId": 2, "reasons": "Best scores",
                "annualCost": 120000, "startDate": "2026-03-01", "approvers": []
            })),
        ),
        r(
            Method::PUT,
            "/api/decisions/999",
            Access::User,
            Payload::Json(json!({
                "categoryId": 1, "vendorId": 1, "runnerUpId": 2, "reasons": "Best scores",
                "annualCost": 120000, "startDate": "2026-03-01", "approvers": []
            })),
        ),
        r(
            Method::POST,
            "/api/decisions/999/approve",
            Access::User,
            Payload::Json(json!({ "versionHash": "0".repeat(64), "comment": "" })),
        ),
        r(
            Method::POST,
            "/api/decisions/999/object",
            Access::User,
            Payload::Json(json!({ "versionHash": "0".repeat(64), "comment": "Too dear" })),
        ),
        r(
            Method::POST,
            "/api/decisions/999/tech-stack",
            Access::User,
            Payload::Json(json!({ "replace": true })),
        ),
        r(
            Method::POST,
            "/api/firm/calendar-feed",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::DELETE,
            "/api/firm/calendar-feed",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/firm/members/1/reset-link",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/auth/invitation",
            Access::Public,
            Payload::Json(json!({ "token": "0123abcd" })),
        ),
        r(
            Method::POST,
            "/api/auth/reset-password",
            Access::Public,
            Payload::Json(json!({ "token": "0123abcd", "newPassword": "another-long-phrase-7" })),
        ),
        r(
            Method::POST,
            "/api/auth/forgot-password",
            Access::Public,
            Payload::Json(json!({ "email": "ann@doe-law.com" })),
        ),
        // Second factor (issue 31).
        r(
            Method::POST,
            "/api/auth/mfa/totp/setup",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/auth/mfa/totp/confirm",
            Access::User,
            Payload::Json(json!({ "code": "123456" })),
        ),
        r(
            Method::DELETE,
            "/api/auth/mfa/totp",
            Access::User,
            Payload::Json(json!({ "code": "123456" })),
        ),
        r(
            Method::POST,
            "/api/auth/mfa/verify",
            Access::Public,
            Payload::Json(json!({ "mfaToken": "0123abcd", "code": "123456" })),
        ),
        r(
            Method::DELETE,
            "/api/auth/sessions/0123456789abcdef",
            Access::User,
            Payload::Empty,
        ),
        // Notifications.
        r(
            Method::POST,
            "/api/notifications/read",
            Access::User,
            Payload::Json(json!({ "ids": [1, 2] })),
        ),
        r(
            Method::PUT,
            "/api/me/notifications",
            Access::User,
            Payload::Json(json!({ "roleChanged": { "email": false, "inApp": true } })),
        ),
        r(
            Method::POST,
            "/api/unsubscribe",
            Access::Public,
            Payload::Empty,
        ),
        // Require a second factor (issue 31): off, so that no other session becomes setup-only.
        r(
            Method::PUT,
            "/api/firm/mfa-required",
            Access::User,
            Payload::Json(json!({ "required": false })),
        ),
        // What firms pay (issue 32): the firm's consent to share, owners and admins.
        r(
            Method::PUT,
            "/api/firm/price-sharing",
            Access::User,
            Payload::Json(json!({ "share": true })),
        ),
        // A firm's archive (issue 46): owners; a read, but a POST for its second-factor code.
        r(
            Method::POST,
            "/api/firm/export",
            Access::User,
            Payload::Json(json!({ "code": null })),
        ),
        // A firm's deletion (issue 46): owners schedule and take back their own firm's; the
        // operator any firm's but their own (firm 1 is the operator's: 409, a JSON error).
        r(
            Method::POST,
            "/api/firm/deletion",
            Access::User,
            Payload::Json(json!({ "code": null })),
        ),
        r(
            Method::DELETE,
            "/api/firm/deletion",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/firms/1/deletion",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::DELETE,
            "/api/admin/firms/1/deletion",
            Access::Admin,
            Payload::Empty,
        ),
        // A zip body: an empty or JSON one is refused as no archive (400).
        r(
            Method::POST,
            "/api/admin/firms/import",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::PUT,
            "/api/admin/mail",
            Access::Admin,
            Payload::Json(
                json!({ "smtpUrl": "smtp://127.0.0.1:2525", "from": "Litstack <litstack@doe-law.example>" }),
            ),
        ),
        r(
            Method::DELETE,
            "/api/admin/mail",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/mail/test",
            Access::Admin,
            Payload::Json(json!({ "to": "ann@doe-law.com" })),
        ),
        r(
            Method::POST,
            "/api/admin/outbox/999/retry",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::DELETE,
            "/api/admin/outbox/999",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/users/1/reset-link",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::PUT,
            "/api/admin/settings",
            Access::Admin,
            Payload::Json(json!({ "signUp": "open" })),
        ),
        r(
            Method::PATCH,
            "/api/admin/firms/1",
            Access::Admin,
            Payload::Json(json!({ "verified": true })),
        ),
        r(
            Method::DELETE,
            "/api/admin/vendors/1",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/vendors/merge",
            Access::Admin,
            Payload::Json(json!({ "from": 2, "into": 1 })),
        ),
        r(
            Method::POST,
            "/api/admin/firms/merge",
            Access::Admin,
            Payload::Json(json!({ "into": 1, "from": 2 })),
        ),
        // The shared catalog (issue 47): the operator's source, a pull and a choice.
        r(
            Method::PUT,
            "/api/admin/catalog-feed",
            Access::Admin,
            Payload::Json(json!({ "source": null, "publicKey": null, "schedule": "never" })),
        ),
        r(
            Method::POST,
            "/api/admin/catalog-feed/pull",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/catalog-feed/choices",
            Access::Admin,
            Payload::Json(json!({ "vendorId": 1, "fact": "website", "keep": "feed" })),
        ),
        // Vendor accounts (issue 47): a vendor's way in, its own routes, the operator's queue.
        r(
            Method::POST,
            "/api/vendor/claims",
            Access::Public,
            Payload::Json(json!({ "vendorId": 1, "email": "pat@example.com" })),
        ),
        r(
            Method::POST,
            "/api/vendor/links/check",
            Access::Public,
            Payload::Json(json!({ "token": "ab".repeat(32) })),
        ),
        r(
            Method::POST,
            "/api/vendor/links/accept",
            Access::Public,
            Payload::Json(
                json!({ "token": "ab".repeat(32), "name": "Pat", "password": "quiet-harbour-lantern-42" }),
            ),
        ),
        r(
            Method::POST,
            "/api/vendor/sign-in",
            Access::Public,
            Payload::Json(json!({ "email": "pat@example.com", "password": "not-it-at-all" })),
        ),
        r(
            Method::POST,
            "/api/vendor/sign-out",
            Access::Public,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/vendor/proposals",
            Access::Vendor,
            Payload::Json(json!({ "description": "A plain text." })),
        ),
        r(
            Method::POST,
            "/api/vendor/proposals/1/withdraw",
            Access::Vendor,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/vendor/notices/read",
            Access::Vendor,
            Payload::Empty,
        ),
        r(
            Method::DELETE,
            "/api/vendor/sessions/1",
            Access::Vendor,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/vendor/mfa/setup",
            Access::Vendor,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/vendor/mfa/confirm",
            Access::Vendor,
            Payload::Json(json!({ "code": "123456" })),
        ),
        // Demo requests (issue 80): a member asks, withdraws and books; a vendor answers; a
        // firm asks a vendor without an account to join.
        r(
            Method::POST,
            "/api/vendors/1/demo-requests",
            Access::User,
            Payload::Json(json!({ "shareName": true, "note": "Thirty seats." })),
        ),
        r(
            Method::POST,
            "/api/demo-requests/1/withdraw",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/demo-requests/1/booked",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/vendors/1/join-request",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/vendor/demo-requests/1/answer",
            Access::Vendor,
            Payload::Json(json!({ "schedulingUrl": "https://vendor.example.com/demo" })),
        ),
        r(
            Method::POST,
            "/api/admin/vendors/1/vendor-invitations",
            Access::Admin,
            Payload::Json(json!({ "email": "sam@example.com" })),
        ),
        r(
            Method::DELETE,
            "/api/admin/vendor-accounts/999",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::DELETE,
            "/api/admin/vendor-invitations/0000000000000000000000000000000000000000000000000000000000000000",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/admin/vendor-proposals/999/decision",
            Access::Admin,
            Payload::Json(json!({ "approve": false, "reason": "Not checked" })),
        ),
        r(
            Method::POST,
            "/api/admin/vendor-proposals/999/facts/hipaaBaa/decision",
            Access::Admin,
            Payload::Json(json!({ "approve": false, "reason": "Not checked" })),
        ),
        // Single sign-on (issue 31): the firm's provider (its discovery at a closed port answers
        // a quick 400) and the operator's decision on a domain claim.
        r(
            Method::PUT,
            "/api/firm/sso",
            Access::User,
            Payload::Json(json!({
                "issuer": "http://127.0.0.1:1", "clientId": "c", "clientSecret": "s",
                "domains": ["doe-law.com"], "defaultRole": "viewer", "requireSso": false
            })),
        ),
        r(
            Method::PUT,
            "/api/admin/firms/1/sso-domains/doe-law.com",
            Access::Admin,
            Payload::Json(json!({ "status": "confirmed" })),
        ),
        r(
            Method::DELETE,
            "/api/admin/sample-bookings",
            Access::Admin,
            Payload::Empty,
        ),
        r(
            Method::PUT,
            "/api/shortlist/1",
            Access::User,
            Payload::Json(json!({ "status": "Rejected", "note": "n", "rejectReason": "r" })),
        ),
        r(
            Method::DELETE,
            "/api/shortlist/1",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::POST,
            "/api/shortlist/1/restore",
            Access::User,
            Payload::Empty,
        ),
        r(
            Method::PUT,
            "/api/shortlist/1/outcome",
            Access::User,
            Payload::Json(json!({ "demoHeld": true, "chosen": true, "satisfaction": 4 })),
        ),
        // Last: it ends the caller's other sessions, the sweep's own among them.
        r(
            Method::POST,
            "/api/auth/sessions/sign-out-others",
            Access::User,
            Payload::Empty,
        ),
    ]
}

const FOREIGN: &str = "https://evil.example";
const TOO_LARGE: &str = "The request body is too large.";

/// An admin (first account) and a plain user, each with a session cookie.
async fn two_users() -> (TestApp, String, String) {
    let mut app = TestApp::with_config(|c| c.import_max_bytes = 64 * 1024);
    app.sign_up_as("Ada Admin", "ada@admin-law.com").await;
    let admin = app.cookie.take().unwrap();
    app.sign_up().await;
    let user = app.cookie.take().unwrap();
    (app, admin, user)
}

/// A vendor account's session, invited by `admin` for the first listing, as `vendor:<token>`.
pub(crate) async fn vendor_session(app: &mut TestApp, admin: &str) -> String {
    app.cookie = Some(admin.to_string());
    let res = app
        .post(
            "/api/admin/vendors/1/vendor-invitations",
            json!({ "email": "vera@vendor-side.test" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let link = res.json()["link"].as_str().unwrap().to_string();
    let token = link.split_once('#').unwrap().1;
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Vera", "password": "quiet-harbour-lantern-42" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    format!("vendor:{}", app.vendor_cookie.take().unwrap())
}

fn multipart(content: &[u8]) -> (String, Vec<u8>) {
    let boundary = "hostileboundary9x";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(content);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Sends `body` (raw bytes, with `content_type`) to the route with the given cookie and Origin.
pub(crate) async fn send(
    app: &mut TestApp,
    route: &Route,
    cookie: Option<&str>,
    origin: Option<&str>,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> TestResponse {
    send_to(app, route, route.path, cookie, origin, content_type, body).await
}

/// As `send`, at `uri` (the route's path with other ids).
async fn send_to(
    app: &mut TestApp,
    route: &Route,
    uri: &str,
    cookie: Option<&str>,
    origin: Option<&str>,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> TestResponse {
    let mut b = axum::http::Request::builder()
        .method(route.method.clone())
        .uri(uri)
        .header(header::HOST, "localhost")
        .header(header::CONTENT_LENGTH, body.len());
    if let Some(c) = cookie {
        // A vendor's session (`vendor_session`) is written `vendor:<token>`.
        b = match c.strip_prefix("vendor:") {
            Some(token) => b.header(header::COOKIE, format!("litstack_vendor={token}")),
            None => b.header(header::COOKIE, format!("litstack_session={c}")),
        };
    }
    // As a browser's fetch from our own page: it always says where it comes from.
    b = b.header("sec-fetch-site", "same-origin");
    if let Some(o) = origin {
        b = b.header(header::ORIGIN, o);
    }
    if let Some(t) = content_type {
        b = b.header(header::CONTENT_TYPE, t);
    }
    let saved = app.cookie.take();
    let res = app.send(b.body(Body::from(body)).unwrap()).await;
    app.cookie = saved;
    res
}

/// A valid body for the route, as (content type, bytes).
pub(crate) fn valid_body(route: &Route) -> (Option<String>, Vec<u8>) {
    match &route.payload {
        Payload::Json(v) => (Some("application/json".into()), v.to_string().into_bytes()),
        Payload::Empty => (None, Vec::new()),
        Payload::Multipart => {
            let (t, b) = multipart(b"Category,Created Time\nIntake,2026-01-01T00:00:00Z\n");
            (Some(t), b)
        }
    }
}

/// The error message of a refusal, checking the `{"error": "..."}` shape on the way.
fn error_of(res: &TestResponse) -> Result<String, String> {
    let v: Value = serde_json::from_slice(&res.body)
        .map_err(|_| format!("not JSON ({}): {:?}", res.status, res.text()))?;
    let obj = v.as_object().ok_or(format!("not an object: {v}"))?;
    match (obj.len(), obj.get("error").and_then(Value::as_str)) {
        (1, Some(m)) if !m.trim().is_empty() => Ok(m.to_string()),
        _ => Err(format!("not {{\"error\": string}}: {v}")),
    }
}

/// The router has no such route (as opposed to a handler's own 404, e.g. "not one of your picks").
fn is_gone(res: &TestResponse) -> bool {
    res.status == StatusCode::METHOD_NOT_ALLOWED
        || (res.status == StatusCode::NOT_FOUND
            && error_of(res).is_ok_and(|m| m.starts_with("No API endpoint")))
}

/// A JSON value of another type than `v`.
fn wrong_type(v: &Value) -> Value {
    match v {
        Value::String(_) => json!(12345),
        Value::Number(_) => json!("twelve"),
        Value::Bool(_) => json!("yes please"),
        Value::Array(_) => json!({ "not": "a list" }),
        Value::Object(_) => json!([1, 2]),
        Value::Null => json!([]),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_state_changing_route_refuses_hostile_requests_with_a_json_error() {
    let (mut app, admin, user) = two_users().await;
    let vendor = vendor_session(&mut app, &admin).await;
    let mut failures: Vec<String> = Vec::new();
    let mut fail = |route: &Route, what: &str, detail: String| {
        failures.push(format!("{} {} {what}: {detail}", route.method, route.path));
    };

    for route in routes() {
        let own = match route.access {
            Access::Admin => Some(admin.as_str()),
            Access::Vendor => Some(vendor.as_str()),
            _ => Some(user.as_str()),
        };
        let (ctype, body) = valid_body(&route);

        // A foreign Origin is refused before anything else, even with a valid session.
        let res = send(
            &mut app,
            &route,
            own,
            Some(FOREIGN),
            ctype.as_deref(),
            body.clone(),
        )
        .await;
        match (res.status, error_of(&res)) {
            (StatusCode::FORBIDDEN, Ok(_)) => {}
            (s, e) => fail(&route, "foreign Origin", format!("{s} {e:?}")),
        }
        // A foreign Referer (no Origin) too.
        let mut b = axum::http::Request::builder()
            .method(route.method.clone())
            .uri(route.path)
            .header(header::HOST, "localhost")
            .header(header::REFERER, "http://localhost.evil.example/page");
        if let Some(t) = &ctype {
            b = b.header(header::CONTENT_TYPE, t);
        }
        let res = app.send(b.body(Body::from(body.clone())).unwrap()).await;
        if res.status != StatusCode::FORBIDDEN {
            fail(&route, "foreign Referer", res.status.to_string());
        }

        // No session.
        if route.access != Access::Public {
            let res = send(&mut app, &route, None, None, ctype.as_deref(), body.clone()).await;
            match (res.status, error_of(&res)) {
                (StatusCode::UNAUTHORIZED, Ok(_)) => {}
                (s, e) => fail(&route, "no session", format!("{s} {e:?}")),
            }
            // A made-up token is no session either.
            let fake = "ab".repeat(32);
            let res = send(
                &mut app,
                &route,
                Some(&fake),
                None,
                ctype.as_deref(),
                body.clone(),
            )
            .await;
            if res.status != StatusCode::UNAUTHORIZED {
                fail(&route, "forged session", res.status.to_string());
            }
        }
        // Admin routes refuse other users.
        if route.access == Access::Admin {
            let res = send(
                &mut app,
                &route,
                Some(&user),
                None,
                ctype.as_deref(),
                body.clone(),
            )
            .await;
            match (res.status, error_of(&res)) {
                (StatusCode::FORBIDDEN, Ok(_)) => {}
                (s, e) => fail(&route, "non-admin", format!("{s} {e:?}")),
            }
        }

        // An id past PostgreSQL's bigint, or past u64, names nothing: a refusal, never a 500.
        for far in ["9223372036854775808", "18446744073709551615"] {
            let uri = route
                .path
                .split('/')
                .map(|part| match part.bytes().all(|b| b.is_ascii_digit()) {
                    true if !part.is_empty() => far,
                    _ => part,
                })
                .collect::<Vec<_>>()
                .join("/");
            if uri == route.path {
                break;
            }
            let res = send_to(
                &mut app,
                &route,
                &uri,
                own,
                None,
                ctype.as_deref(),
                body.clone(),
            )
            .await;
            match (res.status, error_of(&res)) {
                (s, Ok(_)) if s.is_client_error() => {}
                (s, e) => fail(&route, &format!("id {far}"), format!("{s} {e:?}")),
            }
        }

        match &route.payload {
            Payload::Json(example) => {
                let ct = Some("application/json");
                // Unknown field: 400 naming it. Also proves the route exists (not 404/405).
                let mut v = example.clone();
                v["smuggledIsAdmin"] = json!(true);
                let res = send(&mut app, &route, own, None, ct, v.to_string().into()).await;
                match (res.status, error_of(&res)) {
                    (StatusCode::BAD_REQUEST, Ok(m)) if m.contains("smuggledIsAdmin") => {}
                    _ if is_gone(&res) => fail(
                        &route,
                        "exists",
                        "the route is gone: update ROUTES in tests/api/hostile.rs".into(),
                    ),
                    (s, e) => fail(&route, "unknown field", format!("{s} {e:?}")),
                }
                // Each field with a value of the wrong type.
                for key in example.as_object().unwrap().keys() {
                    let mut v = example.clone();
                    v[key] = wrong_type(&example[key]);
                    let res = send(&mut app, &route, own, None, ct, v.to_string().into()).await;
                    match (res.status, error_of(&res)) {
                        (StatusCode::BAD_REQUEST, Ok(_)) => {}
                        (s, e) => fail(
                            &route,
                            &format!("wrong type of {key}"),
                            format!("{s} {e:?}"),
                        ),
                    }
                }
                // The whole body of the wrong type, broken JSON, and no content type.
                for (what, ct, raw) in [
                    ("array body", ct, "[]".to_string()),
                    ("string body", ct, "\"hello\"".to_string()),
                    ("broken JSON", ct, "{\"name\": ".to_string()),
                    ("no content type", None, example.to_string()),
                    (
                        "form content type",
                        Some("application/x-www-form-urlencoded"),
                        "a=b".into(),
                    ),
                ] {
                    let res = send(&mut app, &route, own, None, ct, raw.into_bytes()).await;
                    match (res.status, error_of(&res)) {
                        (StatusCode::BAD_REQUEST | StatusCode::UNSUPPORTED_MEDIA_TYPE, Ok(_)) => {}
                        (s, e) => fail(&route, what, format!("{s} {e:?}")),
                    }
                }
                // Over the 64 KiB JSON limit: 413 with our message.
                let mut v = example.clone();
                let first = example.as_object().unwrap().keys().next().unwrap().clone();
                v[&first] = json!("x".repeat(litstack::JSON_BODY_LIMIT + 1));
                let res = send(&mut app, &route, own, None, ct, v.to_string().into()).await;
                match (res.status, error_of(&res)) {
                    (StatusCode::PAYLOAD_TOO_LARGE, Ok(m)) if m == TOO_LARGE => {}
                    (s, e) => fail(&route, "oversized body", format!("{s} {e:?}")),
                }
            }
            Payload::Multipart => {
                // Over the configured import limit (64 KiB here): 413 with a message.
                let (t, b) = multipart(&vec![b'a'; 200 * 1024]);
                let res = send(&mut app, &route, own, None, Some(&t), b).await;
                match (res.status, error_of(&res)) {
                    (StatusCode::PAYLOAD_TOO_LARGE, Ok(m)) if m.contains("import limit") => {}
                    (s, e) => fail(&route, "oversized upload", format!("{s} {e:?}")),
                }
                // Not multipart, or JSON instead of a file: 400 with a message.
                for (what, t, b) in [
                    (
                        "JSON body",
                        "application/json",
                        b"{\"file\": \"x\"}".to_vec(),
                    ),
                    (
                        "no file field",
                        "multipart/form-data; boundary=zz",
                        b"--zz--\r\n".to_vec(),
                    ),
                ] {
                    let res = send(&mut app, &route, own, None, Some(t), b).await;
                    match (res.status, error_of(&res)) {
                        (StatusCode::BAD_REQUEST, Ok(_)) => {}
                        (s, e) => fail(&route, what, format!("{s} {e:?}")),
                    }
                }
            }
            Payload::Empty => {
                // The route exists: with a session it answers neither 404 nor 405. A session of
                // its own, since this is sign-out.
                let saved = app.cookie.take();
                app.sign_in("ann@doe-law.com", PASSWORD).await;
                let throwaway = app.cookie.take();
                app.cookie = saved;
                let res = send(
                    &mut app,
                    &route,
                    throwaway.as_deref(),
                    None,
                    None,
                    Vec::new(),
                )
                .await;
                if is_gone(&res) {
                    fail(&route, "exists", "the route is gone: update ROUTES".into());
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_method_on_an_api_route_is_a_json_405() {
    let mut app = TestApp::new();
    app.sign_up().await;
    for (method, path) in [
        (Method::DELETE, "/api/profile"),
        (Method::PUT, "/api/auth/sign-in"),
        (Method::GET, "/api/auth/sign-out"),
    ] {
        let res = app.call(method.clone(), path, None).await;
        assert_eq!(
            res.status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        let msg = error_of(&res).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        assert!(msg.contains(path), "{msg}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_route_table_lists_every_state_changing_route() {
    // The served document is assembled from the routers' own declarations: its operations are
    // the routes.
    let doc = crate::once::openapi::document().await;
    let in_router: Vec<(String, String)> = crate::once::openapi::operations(&doc)
        .into_iter()
        .filter(|(method, _)| method != "GET")
        .collect();
    assert!(
        in_router.len() >= 9,
        "the document lists too few state-changing routes: {in_router:?}"
    );
    // A template segment like `{vendor_id}` matches the example value the table sends.
    let matches = |template: &str, path: &str| {
        let (t, p): (Vec<_>, Vec<_>) = (template.split('/').collect(), path.split('/').collect());
        t.len() == p.len() && t.iter().zip(&p).all(|(t, p)| t == p || t.starts_with('{'))
    };
    let missing: Vec<_> = in_router
        .iter()
        .filter(|(method, template)| {
            !routes()
                .iter()
                .any(|r| r.method.as_str() == method && matches(template, r.path))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "state-changing routes missing from ROUTES in tests/api/hostile.rs: {missing:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Path traversal over a raw socket

/// Sends `GET <target>` as written (no client normalises it) and returns (status, whole answer).
pub fn raw_get(addr: &str, target: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[test]
fn path_traversal_on_the_real_server_finds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = crate::process::start(dir.path(), &[]);
    let addr = server.url.trim_start_matches("http://").to_string();
    // Something the server can certainly serve, so a refusal below is not a dead server.
    let (ok, _) = raw_get(&addr, "/");
    assert_eq!(ok, 200);
    for target in [
        "/../Cargo.toml",
        "/assets/../../Cargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/..%2fCargo.toml",
        "/assets/%2e%2e%5c..%5cCargo.toml",
        "/assets/..\\..\\Cargo.toml",
        "/..%252f..%252fCargo.toml",
        "/%c0%ae%c0%ae/Cargo.toml",
        "/assets/....//....//Cargo.toml",
        "//etc/passwd",
        "/assets/%00../../Cargo.toml",
        "/src/main.rs",
        "/Cargo.toml",
        "/.git/config",
        "/web/package.json",
        "/../../../../../../etc/passwd",
    ] {
        let (status, answer) = raw_get(&addr, target);
        assert!(
            !answer.contains("[package]")
                && !answer.contains("root:x:0:0")
                && !answer.contains("[core]")
                && !answer.contains("fn main()")
                && !answer.contains("\"devDependencies\""),
            "{target} leaked a file:\n{answer}"
        );
        assert!(
            status != 0 && status < 500,
            "{target} answered {status}:\n{answer}"
        );
    }
}

/// What a firm role may do with a state-changing route's valid example.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Allowed {
    /// Everyone signed in: a person's own session, password and details.
    Anyone,
    /// Members, admins and owners: the firm's data (a viewer writes nothing).
    Writers,
    /// Owners and admins: the firm's details, members, invitations and reset links.
    Managers,
    /// Owners only: this example makes an owner, or touches one.
    Owners,
    /// The install's operator.
    Operator,
}

fn allowed(route: &Route) -> Allowed {
    let path = route.path;
    if route.access == Access::Admin {
        return Allowed::Operator;
    }
    match (route.method.as_str(), path) {
        (_, p) if p.starts_with("/api/auth/") => Allowed::Anyone,
        ("PATCH", "/api/profile") => Allowed::Anyone,
        // A person's own notices and preferences.
        ("POST", "/api/notifications/read") | ("PUT", "/api/me/notifications") => Allowed::Anyone,
        // Ann, the example's member 1, is the firm's owner.
        ("PATCH", "/api/firm/members/1") | ("POST", "/api/firm/members/1/reset-link") => {
            Allowed::Owners
        }
        // The firm's single sign-on holds its provider's secret: owners only.
        ("PUT", "/api/firm/sso") => Allowed::Owners,
        ("PUT", "/api/firm/mfa-required") => Allowed::Owners,
        // The firm's archive: everything it holds (issue 46).
        ("POST", "/api/firm/export") => Allowed::Owners,
        (_, "/api/firm/deletion") => Allowed::Owners,
        // Proposing and editing a decision, and answering its tech-stack question (issue 32).
        ("POST", "/api/decisions")
        | ("PUT", "/api/decisions/999")
        | ("POST", "/api/decisions/999/tech-stack") => Allowed::Managers,
        // Closing an evaluation's round without a decision, as proposing one does.
        ("POST", "/api/evaluations/1/close") => Allowed::Managers,
        (_, "/api/firm" | "/api/profile/onboarding") => Allowed::Managers,
        (_, p) if p.starts_with("/api/firm/") => Allowed::Managers,
        _ => Allowed::Writers,
    }
}

/// Every firm role against every state-changing route, on either backend: a viewer, a member
/// and an admin of Ann's firm send each route's valid example, and the answer is a 403 exactly
/// where the role may not (with the message that names why), never elsewhere.
#[tokio::test(flavor = "multi_thread")]
async fn every_firm_role_meets_every_state_changing_route_as_its_role_allows() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.complete_onboarding().await;
    let owner = app.cookie.clone();
    let mut sessions = Vec::new();
    for (role, email) in [
        ("viewer", "vi@doe-law.com"),
        ("member", "mo@doe-law.com"),
        ("admin", "ada@doe-law.com"),
    ] {
        app.cookie = owner.clone();
        let token = app.invite(email, role).await;
        let res = app.join(&token, "Joiner Doe", email).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        sessions.push((role, app.cookie.take().unwrap()));
    }
    // A vendor's own routes take a vendor session, which no firm role has.
    let mut routes: Vec<Route> = routes()
        .into_iter()
        .filter(|r| !matches!(r.access, Access::Public | Access::Vendor))
        .collect();
    // Signing out last keeps each role's session for the rest.
    routes.sort_by_key(|r| r.path == "/api/auth/sign-out");
    let mut failures = Vec::new();
    for (role, cookie) in &sessions {
        for route in &routes {
            let may = match allowed(route) {
                Allowed::Anyone => true,
                Allowed::Writers => *role != "viewer",
                Allowed::Managers => *role == "admin",
                Allowed::Owners | Allowed::Operator => false,
            };
            let (ctype, body) = valid_body(route);
            let res = send(&mut app, route, Some(cookie), None, ctype.as_deref(), body).await;
            let refused = res.status == StatusCode::FORBIDDEN;
            let message = error_of(&res).unwrap_or_default();
            let line = format!(
                "{role} {} {}: {} {message}",
                route.method, route.path, res.status
            );
            if may == refused || res.status == StatusCode::UNAUTHORIZED {
                failures.push(line);
            } else if *role == "viewer"
                && allowed(route) == Allowed::Writers
                && !message.starts_with("Viewers can read everything of the firm")
            {
                failures.push(format!("{line} (the message must name the viewer role)"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
