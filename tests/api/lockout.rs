//! Floods from one client: sign-ups that find accounts out, wrong passwords that lock an account,
//! and write floods. Each limit holds the flooder back and leaves everyone else alone. Clients are
//! told apart as behind a reverse proxy: requests come from the trusted proxy with the client's
//! address in X-Forwarded-For.

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, TestResponse};

const PROXY: &str = "10.0.0.1";
const LAWMATICS: u64 = 12; // has a scheduler

fn behind_proxy() -> TestApp {
    TestApp::with_config(|c| c.trusted_proxy = Some(PROXY.parse().unwrap()))
}

/// Sends a request as `client` (through the trusted proxy), with the app's session cookie.
async fn call_from(
    app: &mut TestApp,
    client: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> TestResponse {
    let mut req = app
        .request(method, path)
        .header("x-forwarded-for", client)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let addr: std::net::SocketAddr = format!("{PROXY}:5000").parse().unwrap();
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    app.send(req).await
}

async fn sign_up_from(app: &mut TestApp, client: &str, email: &str) -> TestResponse {
    let body = json!({ "name": "Ann Doe", "email": email, "password": PASSWORD,
                       "lawFirm": "Doe & Partners", "firmSize": "E6_20" });
    call_from(app, client, Method::POST, "/api/auth/sign-up", Some(body)).await
}

async fn sign_in_from(app: &mut TestApp, client: &str, email: &str, password: &str) -> StatusCode {
    let body = json!({ "email": email, "password": password });
    let res = call_from(app, client, Method::POST, "/api/auth/sign-in", Some(body)).await;
    if res.status == StatusCode::TOO_MANY_REQUESTS {
        assert!(res.headers.contains_key(header::RETRY_AFTER));
    }
    res.status
}

/// An app whose first account (the operator) is signed in, and Ann, signed out.
async fn operator_and_ann() -> (TestApp, String) {
    let mut app = behind_proxy();
    let res = sign_up_from(&mut app, "192.0.2.1", "ops@litstack.test").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let operator = app.cookie.take().unwrap();
    let res = sign_up_from(&mut app, "192.0.2.2", "ann@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    app.cookie = None;
    (app, operator)
}

#[tokio::test(flavor = "multi_thread")]
async fn forty_sign_ups_from_one_client_are_refused_after_the_limit() {
    let (mut app, _) = operator_and_ann().await;

    // Each names another address (the per-address limit is the next test's), and each is refused
    // for its weak password: every attempt counts, refused ones too.
    let mut answers = Vec::new();
    for i in 0..40 {
        let body = json!({ "name": "Mal Lory", "email": format!("probe{i}@doe-law.com"),
                           "password": "short", "lawFirm": "Probe LLP" });
        answers.push(
            call_from(
                &mut app,
                "203.0.113.9",
                Method::POST,
                "/api/auth/sign-up",
                Some(body),
            )
            .await,
        );
    }

    let refused_for_the_password = answers
        .iter()
        .take_while(|r| r.status == StatusCode::BAD_REQUEST)
        .count();
    assert_eq!(
        refused_for_the_password, 20,
        "every attempt counts, refused ones too"
    );
    for refused in &answers[20..] {
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(refused.headers.contains_key(header::RETRY_AFTER));
        assert!(
            refused
                .error()
                .starts_with("Too many sign-up attempts from your network. Please wait"),
            "{}",
            refused.error()
        );
    }
    // Another client signs up as usual.
    let res = sign_up_from(&mut app, "203.0.113.10", "bo@roe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn probing_one_address_from_many_clients_is_refused_after_the_limit_per_address() {
    let (mut app, operator) = operator_and_ann().await;

    // A prober spread over fifteen addresses, each trying once: the address's own window stops it.
    let mut answers = Vec::new();
    for i in 0..15 {
        answers.push(sign_up_from(&mut app, &format!("198.51.100.{i}"), "ann@doe-law.com").await);
    }
    let conflicts = answers
        .iter()
        .take_while(|r| r.status == StatusCode::CONFLICT)
        .count();
    // Ten attempts per address, whoever sends them: Ann's own sign-up was the first.
    assert_eq!(conflicts, 9);
    for refused in &answers[9..] {
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(refused.headers.contains_key(header::RETRY_AFTER));
        assert!(
            refused
                .error()
                .starts_with("Too many sign-up attempts for this email address. Please wait"),
            "{}",
            refused.error()
        );
    }
    // An address never probed signs up as usual, from one of the same clients.
    let res = sign_up_from(&mut app, "198.51.100.1", "bo@roe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    // Invitations and email changes that name one address count the same way, each apart.
    app.cookie = Some(operator);
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let res = call_from(
            &mut app,
            "192.0.2.1",
            Method::POST,
            "/api/firm/invitations",
            Some(json!({"email": "ann@doe-law.com", "role": "member"})),
        )
        .await;
        statuses.push(res.status);
    }
    assert_eq!(statuses[..10], [StatusCode::CONFLICT; 10]);
    assert_eq!(statuses[10..], [StatusCode::TOO_MANY_REQUESTS; 2]);
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let res = call_from(
            &mut app,
            "192.0.2.1",
            Method::PATCH,
            "/api/profile",
            Some(
                json!({"name": "Ops", "lawFirm": "Ops LLP", "email": "bo@roe-law.com",
                        "currentPassword": PASSWORD}),
            ),
        )
        .await;
        statuses.push(res.status);
    }
    assert_eq!(statuses[..10], [StatusCode::CONFLICT; 10]);
    assert_eq!(statuses[10..], [StatusCode::TOO_MANY_REQUESTS; 2]);
}

#[tokio::test(flavor = "multi_thread")]
async fn ten_wrong_passwords_from_one_client_do_not_lock_the_owner_out_from_another() {
    let (mut app, _) = operator_and_ann().await;
    let (attacker, owner) = ("203.0.113.66", "198.51.100.7");

    for _ in 0..10 {
        let status = sign_in_from(&mut app, attacker, "ann@doe-law.com", "wrong-password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }

    // The attacker is refused even the right password; the owner, elsewhere, signs in.
    assert_eq!(
        sign_in_from(&mut app, attacker, "ann@doe-law.com", PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        sign_in_from(&mut app, owner, "ann@doe-law.com", PASSWORD).await,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn past_the_account_wide_threshold_clients_that_failed_wait_and_a_new_one_signs_in() {
    let (mut app, _) = operator_and_ann().await;
    // 100 failures from 20 clients, 5 each: no client reaches its own limit of 10.
    for client in 0..20 {
        let ip = format!("203.0.113.{client}");
        for _ in 0..5 {
            let status = sign_in_from(&mut app, &ip, "ann@doe-law.com", "wrong-password").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "client {ip}");
        }
    }

    // A client that failed for the account is slowed: refused until the window ends.
    assert_eq!(
        sign_in_from(&mut app, "203.0.113.0", "ann@doe-law.com", PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // A client with no failure for it signs in with the right password.
    assert_eq!(
        sign_in_from(&mut app, "198.51.100.7", "ann@doe-law.com", PASSWORD).await,
        StatusCode::OK
    );
    // Other accounts are untouched by the threshold.
    assert_eq!(
        sign_in_from(&mut app, "203.0.113.0", "ops@litstack.test", PASSWORD).await,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operator_sees_a_locked_account_and_unlocking_it_lets_its_owner_in() {
    let (mut app, operator) = operator_and_ann().await;
    let client = "203.0.113.5";
    for _ in 0..10 {
        sign_in_from(&mut app, client, "ann@doe-law.com", "wrong-password").await;
    }
    assert_eq!(
        sign_in_from(&mut app, client, "ann@doe-law.com", PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS
    );

    // A member (Ann herself, signed in elsewhere) may neither see nor unlock.
    sign_in_from(&mut app, "198.51.100.7", "ann@doe-law.com", PASSWORD).await;
    assert_eq!(
        app.get("/api/admin/locked-accounts").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post("/api/admin/users/2/unlock", json!({}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );

    app.cookie = Some(operator);
    let res = app.get("/api/admin/locked-accounts").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let items = res.json()["items"].clone();
    assert_eq!(items.as_array().unwrap().len(), 1, "{items}");
    assert_eq!(items[0]["userId"], 2);
    assert_eq!(items[0]["email"], "ann@doe-law.com");
    assert_eq!(items[0]["lockedClients"], 1);
    assert_eq!(items[0]["failures"], 10);
    assert_eq!(items[0]["accountWide"], false);
    let left = items[0]["secondsLeft"].as_u64().unwrap();
    assert!(left > 800 && left <= 900, "{left}");

    let res = app
        .call(Method::POST, "/api/admin/users/2/unlock", None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    let res = app
        .call(Method::POST, "/api/admin/users/99/unlock", None)
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), "There is no account with id 99");
    let items = app.get("/api/admin/locked-accounts").await.json()["items"].clone();
    assert_eq!(items, json!([]));

    app.cookie = None;
    assert_eq!(
        sign_in_from(&mut app, client, "ann@doe-law.com", PASSWORD).await,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_of_meeting_clicks_from_one_session_is_refused_and_another_client_is_not() {
    let mut app = behind_proxy();
    let res = sign_up_from(&mut app, "192.0.2.1", "bo@roe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let other = app.cookie.take();
    let res = sign_up_from(&mut app, "203.0.113.9", "ann@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let click = json!({ "vendorId": LAWMATICS, "sourcePage": "BROWSE" });
    let mut refused = None;
    for n in 0..3_000 {
        let res = call_from(
            &mut app,
            "203.0.113.9",
            Method::POST,
            "/api/meeting-clicks",
            Some(click.clone()),
        )
        .await;
        if res.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some((n, res));
            break;
        }
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    }
    let (n, res) = refused.expect("the flood is refused");
    // A minute's budget is 600 changes, refilled as time passes (10 a second).
    assert!(n >= 600, "refused after {n}");
    let wait: u64 = res.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(
        res.error(),
        format!(
            "Too many changes in a short time. Wait {wait} second{} and try again.",
            if wait == 1 { "" } else { "s" }
        )
    );

    // Another member on another client is unaffected.
    app.cookie = other;
    let res = call_from(
        &mut app,
        "192.0.2.1",
        Method::POST,
        "/api/meeting-clicks",
        Some(click),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}
