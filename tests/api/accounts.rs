use axum::http::{Method, StatusCode, header};
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp};

#[tokio::test(flavor = "multi_thread")]
async fn the_first_account_is_the_admin_and_later_ones_are_not() {
    let mut app = TestApp::new();
    let first = app.sign_up().await.json();
    assert_eq!(first["user"]["isAdmin"], true);
    assert_eq!(first["user"]["lawFirm"], "Doe & Partners");
    assert_eq!(first["user"]["firmSize"], "E6_20");
    app.cookie = None;
    let second = app.sign_up_as("Bo Roe", "bo@roe.com").await;
    assert_eq!(second.json()["user"]["isAdmin"], false);
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["name"], "Bo Roe");
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_up_checks_each_field_with_the_products_messages() {
    let mut app = TestApp::new();
    let base = json!({"name": "Ann", "email": "ann@x.com", "password": "ample-harbor-lantern", "lawFirm": "F"});
    let cases = [
        ("name", json!("  "), "Name is required"),
        (
            "email",
            json!("not-an-email"),
            "Please enter a valid email address",
        ),
        (
            "password",
            json!("short"),
            "Password must be at least 8 characters long",
        ),
        ("lawFirm", json!(""), "Law firm name is required"),
        (
            "name",
            json!("x".repeat(1_000)),
            "Name must be at most 100 characters long",
        ),
    ];
    for (field, value, message) in cases {
        let mut body = base.clone();
        body[field] = value;
        let res = app.post("/api/auth/sign-up", body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{field}");
        assert_eq!(res.error(), message);
    }
    let mut body = base.clone();
    body["firmSize"] = json!("HUGE");
    assert_eq!(
        app.post("/api/auth/sign-up", body).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(app.cookie, None, "no failed sign-up may create a session");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_one_megabyte_name_is_refused_without_harm() {
    let mut app = TestApp::new();
    let body = json!({"name": "x".repeat(1 << 20), "email": "a@b.com", "password": "ample-harbor-lantern", "lawFirm": "F"});
    let res = app.post("/api/auth/sign-up", body).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(res.error(), "The request body is too large.");
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_fields_are_refused_so_no_one_can_make_themselves_admin() {
    let mut app = TestApp::new();
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({"name":"A","email":"a@b.com","password":"ample-harbor-lantern","lawFirm":"F","isAdmin":true}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("unknown field `isAdmin`"),
        "{}",
        res.error()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn emails_are_unique_whatever_their_case() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.cookie = None;
    let res = app.sign_up_as("Other", "ANN@Doe-Law.com").await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.error(), "An account with this email already exists");
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_sign_ups_with_one_email_create_one_account() {
    let app = TestApp::new();
    let mut handles = Vec::new();
    for i in 0..6 {
        let router = app.router.clone();
        handles.push(tokio::spawn(async move {
            let req = axum::http::Request::post("/api/auth/sign-up")
                .header(header::CONTENT_TYPE, "application/json")
                .body(axum::body::Body::from(
                    json!({"name": format!("N{i}"), "email": "same@x.com", "password": "ample-harbor-lantern", "lawFirm": "F"}).to_string(),
                ))
                .unwrap();
            tower::ServiceExt::oneshot(router, req).await.unwrap().status()
        }));
    }
    let mut created = 0;
    for h in handles {
        let status = h.await.unwrap();
        if status == StatusCode::CREATED {
            created += 1;
        } else {
            assert_eq!(status, StatusCode::CONFLICT);
        }
    }
    assert_eq!(created, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_in_sign_out_and_a_wrong_password() {
    let mut app = TestApp::new();
    app.sign_up().await;
    assert_eq!(app.sign_out().await.status, StatusCode::NO_CONTENT);
    assert_eq!(app.cookie, None);
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );

    let wrong = app.sign_in("ann@doe-law.com", "wrong-password").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.error(), "Invalid email or password");
    let unknown = app.sign_in("nobody@doe-law.com", PASSWORD).await;
    assert_eq!(unknown.error(), "Invalid email or password");

    let ok = app.sign_in("Ann@Doe-Law.com", PASSWORD).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.json()["user"]["email"], "ann@doe-law.com");
    assert_eq!(
        app.get("/api/auth/me").await.json()["user"]["email"],
        "ann@doe-law.com"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_in_validates_before_it_looks_anything_up() {
    let mut app = TestApp::new();
    let res = app.sign_in("nope", "x").await;
    assert_eq!(res.error(), "Please enter a valid email address");
    let res = app.sign_in("a@b.com", "").await;
    assert_eq!(res.error(), "Password is required");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_signed_out_token_no_longer_works() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let old = app.cookie.clone();
    app.sign_out().await;
    app.cookie = old;
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_forged_cookie_is_refused_with_json() {
    let mut app = TestApp::new();
    app.sign_up().await;
    for forged in [
        "x".repeat(64),
        "0".repeat(64),
        "abc".into(),
        "' OR 1=1 --".into(),
    ] {
        app.cookie = Some(forged);
        let res = app.get("/api/categories").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            res.error(),
            "You are not signed in. Please sign in to continue."
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_in_rotates_the_session() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let first = app.cookie.clone().unwrap();
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    let second = app.cookie.clone().unwrap();
    assert_ne!(first, second);
    app.cookie = Some(first);
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_session_cookie_is_http_only_and_same_site() {
    let mut app = TestApp::new();
    let res = app.sign_up().await;
    let cookie = res.headers[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_string();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(!cookie.contains("Secure"), "{cookie}");
    let mut secure = TestApp::with_config(|c| c.secure_cookies = true);
    let res = secure.sign_up().await;
    assert!(
        res.headers[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Secure")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_database_holds_no_token_or_password_in_clear() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let token = app.cookie.clone().unwrap();
    // A failed sign-in, so that hub mode has a throttling window stored.
    app.cookie = None;
    app.sign_in("ann@doe-law.com", "wrong-password").await;
    let hay = match &*app.state.store {
        litstack::platform::store::Store::File(file) => {
            String::from_utf8_lossy(&std::fs::read(file.path()).unwrap()).into_owned()
        }
        litstack::platform::store::Store::Postgres(db) => {
            let limits = db
                .run(
                    sqlx::query_scalar::<_, String>(
                        "SELECT COALESCE(string_agg(r::text, ' '), '') FROM rate_limits r",
                    )
                    .fetch_one(db.pool()),
                )
                .unwrap();
            assert!(
                !limits.is_empty() && !limits.contains("doe-law"),
                "{limits}"
            );
            db.run(
                sqlx::query_scalar::<_, String>(
                    "SELECT (SELECT string_agg(u::text, ' ') FROM users u) || \
                     (SELECT string_agg(s::text, ' ') FROM sessions s) || \
                     (SELECT string_agg(r::text, ' ') FROM rate_limits r)",
                )
                .fetch_one(db.pool()),
            )
            .unwrap()
        }
    };
    assert!(!hay.contains(&token));
    assert!(!hay.contains(PASSWORD));
}

#[tokio::test(flavor = "multi_thread")]
async fn thirty_wrong_sign_ins_are_throttled_with_retry_after() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.sign_out().await;
    let mut limited = None;
    for i in 0..30 {
        let res = app.sign_in("ann@doe-law.com", "wrong-password").await;
        if res.status == StatusCode::TOO_MANY_REQUESTS {
            limited = Some((i, res));
            break;
        }
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    let (attempt, res) = limited.expect("throttled before 30 attempts");
    assert_eq!(
        attempt, 10,
        "a client may fail ten times per account and window"
    );
    assert!(res.headers.contains_key(header::RETRY_AFTER));
    assert!(
        res.error()
            .starts_with("Too many sign-in attempts. Please wait")
    );
    // Even the right password waits from this client: the window, not the password, decides.
    assert_eq!(
        app.sign_in("ann@doe-law.com", PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn thirty_five_sign_ins_at_once_from_one_address_all_succeed() {
    // More than the 30 failures an address may have: successes are not counted, and the sign-ins
    // queue for a hashing slot rather than fail.
    let mut app = TestApp::new();
    app.sign_up().await;
    let mut handles = Vec::new();
    for _ in 0..35 {
        let req = app
            .request(Method::POST, "/api/auth/sign-in")
            .header(header::CONTENT_TYPE, "application/json")
            .body(axum::body::Body::from(
                json!({"email": "ann@doe-law.com", "password": PASSWORD}).to_string(),
            ))
            .unwrap();
        let router = app.router.clone();
        handles.push(tokio::spawn(async move {
            tower::ServiceExt::oneshot(router, req)
                .await
                .unwrap()
                .status()
        }));
    }
    for h in handles {
        assert_eq!(h.await.unwrap(), StatusCode::OK);
    }
    assert_eq!(
        app.sign_in("ann@doe-law.com", PASSWORD).await.status,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_change_keeps_this_session_and_ends_the_others() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let other_device = app.cookie.clone();
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    let _ = other_device; // rotated away by the sign-in above; make a real second device:
    let mut laptop = app.cookie.clone();
    app.cookie = None;
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    let phone = app.cookie.clone();
    std::mem::swap(&mut app.cookie, &mut laptop);

    let wrong = app
        .post(
            "/api/auth/change-password",
            json!({"currentPassword": "nope-nope", "newPassword": "new-password-1"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.error(), "Current password is incorrect");
    let short = app
        .post(
            "/api/auth/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": "short"}),
        )
        .await;
    assert_eq!(short.error(), "Password must be at least 8 characters long");

    let ok = app
        .post(
            "/api/auth/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": "new-password-1"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    assert_eq!(app.get("/api/auth/me").await.status, StatusCode::OK);
    app.cookie = phone;
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    app.cookie = None;
    assert_eq!(
        app.sign_in("ann@doe-law.com", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.sign_in("ann@doe-law.com", "new-password-1")
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_route_but_sign_in_and_sign_up_needs_a_session() {
    let mut app = TestApp::new();
    for (method, path) in [
        (Method::GET, "/api/auth/me"),
        (Method::POST, "/api/auth/sign-out"),
        (Method::GET, "/api/profile"),
        (Method::GET, "/api/profile/onboarding"),
        (Method::GET, "/api/categories"),
        (Method::GET, "/api/vendors"),
        (Method::GET, "/api/questions/1"),
        (Method::GET, "/api/config"),
    ] {
        let res = app.call(method.clone(), path, None).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{method} {path}");
        assert!(res.json()["error"].is_string());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn promote_makes_an_account_admin() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.cookie = None;
    app.sign_up_as("Bo", "bo@roe.com").await;
    assert!(litstack::accounts::promote(&app.state.sub(), "BO@roe.com").unwrap());
    assert_eq!(
        app.get("/api/auth/me").await.json()["user"]["isAdmin"],
        true
    );
    assert!(!litstack::accounts::promote(&app.state.sub(), "none@roe.com").unwrap());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_most_common_passwords_are_refused_with_a_clear_message() {
    let mut app = TestApp::new();
    for common in ["password123", "12345678", "qwertyuiop"] {
        let res = app
            .post(
                "/api/auth/sign-up",
                json!({"name": "Ann", "email": "ann@x.com", "password": common, "lawFirm": "F"}),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{common}");
        assert!(
            res.error().starts_with("This password is too common"),
            "{}",
            res.error()
        );
    }
    let long = "a very long passphrase of many unrelated words, well past sixty-four characters";
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({"name": "Ann", "email": "ann@x.com", "password": long, "lawFirm": "F"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    app.sign_out().await;
    assert_eq!(app.sign_in("ann@x.com", long).await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_install_says_it_has_no_account_until_the_first_sign_up_and_that_account_runs_it() {
    let mut app = TestApp::new();
    assert_eq!(
        app.get("/api/auth/setup").await.json()["noAccountYet"],
        true
    );
    let first = app.sign_up_as("Ann", "ann@first.test").await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(first.json()["user"]["isAdmin"], true);
    app.cookie = None;
    assert_eq!(
        app.get("/api/auth/setup").await.json()["noAccountYet"],
        false
    );
    // The second account is its own firm's owner, not the install's operator.
    let second = app.sign_up_as("Bo", "bo@second.test").await;
    assert_eq!(second.json()["user"]["isAdmin"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_network_address_the_first_account_needs_the_setup_token() {
    let mut app = TestApp::new();
    assert_eq!(
        app.get("/api/auth/setup").await.json()["setupTokenRequired"],
        false
    );
    let token = litstack::accounts::require_setup_token_if_unclaimed(&app.state.sub())
        .unwrap()
        .unwrap();
    assert_eq!(
        app.get("/api/auth/setup").await.json()["setupTokenRequired"],
        true
    );

    let body = |t: &str| json!({"name": "Ann", "email": "ann@x.com", "password": PASSWORD, "lawFirm": "F", "setupToken": t});
    let stranger = app.post("/api/auth/sign-up", body("guess")).await;
    assert_eq!(stranger.status, StatusCode::FORBIDDEN);
    assert!(stranger.error().contains("one-time setup token"));
    let owner = app.post("/api/auth/sign-up", body(&token)).await;
    assert_eq!(owner.status, StatusCode::CREATED);
    assert_eq!(owner.json()["user"]["isAdmin"], true);
    // Once claimed, the token is spent and later sign-ups need none.
    assert_eq!(
        app.get("/api/auth/setup").await.json()["setupTokenRequired"],
        false
    );
    app.cookie = None;
    assert_eq!(
        app.sign_up_as("Bo", "bo@roe.com").await.status,
        StatusCode::CREATED
    );
    assert!(
        litstack::accounts::require_setup_token_if_unclaimed(&app.state.sub())
            .unwrap()
            .is_none()
    );
}

async fn sign_in_from(app: &mut TestApp, peer: &str, forwarded: &str, email: &str) -> StatusCode {
    let mut req = app
        .request(Method::POST, "/api/auth/sign-in")
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-forwarded-for", forwarded)
        .body(axum::body::Body::from(
            json!({"email": email, "password": "wrong-password"}).to_string(),
        ))
        .unwrap();
    let addr: std::net::SocketAddr = format!("{peer}:5000").parse().unwrap();
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    app.send(req).await.status
}

#[tokio::test(flavor = "multi_thread")]
async fn forwarded_addresses_count_only_behind_the_trusted_proxy() {
    // Without a trusted proxy, a forged X-Forwarded-For does not dodge the per-client limit.
    let mut app = TestApp::new();
    for i in 0..30 {
        let status = sign_in_from(
            &mut app,
            "10.0.0.9",
            &format!("1.2.3.{i}"),
            &format!("u{i}@x.com"),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        sign_in_from(&mut app, "10.0.0.9", "9.9.9.9", "z@x.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );

    // Behind the trusted proxy, each forwarded client has its own window.
    let mut app = TestApp::with_config(|c| c.trusted_proxy = Some("10.0.0.1".parse().unwrap()));
    for i in 0..30 {
        let status = sign_in_from(&mut app, "10.0.0.1", "1.1.1.1", &format!("u{i}@x.com")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        sign_in_from(&mut app, "10.0.0.1", "1.1.1.1", "z@x.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        sign_in_from(&mut app, "10.0.0.1", "2.2.2.2", "z@x.com").await,
        StatusCode::UNAUTHORIZED
    );
}
