//! A session the server ends while a browser still holds its cookie (a password change, a reset
//! link, a removal from the firm) answers that cookie 401 with the reason, so the sign-in screen
//! can say why; a session that merely ended (signed out, never there) answers without one.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp};

const FORGED: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

#[tokio::test(flavor = "multi_thread")]
async fn a_session_ended_by_a_password_change_is_told_so() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let laptop = app.cookie.clone();
    app.cookie = None;
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    let phone = app.cookie.clone();

    app.cookie = laptop.clone();
    let res = app
        .post(
            "/api/auth/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": "new-password-1"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());

    app.cookie = phone.clone();
    for path in ["/api/auth/me", "/api/profile/category-adoption"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(
            res.json(),
            json!({
                "error": "You were signed out because your password was changed.",
                "reason": "password_changed",
            }),
            "{path}"
        );
    }
    // A write with the ended cookie is told the same.
    let res = app.call(Method::POST, "/api/auth/sign-out", None).await;
    assert_eq!(res.json()["reason"], "password_changed");
    // The session that changed the password goes on.
    app.cookie = laptop;
    assert_eq!(app.get("/api/auth/me").await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_removed_from_the_firm_is_told_which_firm() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    let token = app.invite("cy@doe-law.com", "member").await;
    let cy = app.join(&token, "Cy Doe", "cy@doe-law.com").await.json();
    let cy_id = cy["user"]["id"].as_u64().unwrap();
    let cy_session = app.cookie.clone();

    app.cookie = owner.clone();
    let path = format!("/api/firm/members/{cy_id}");
    let res = app.call(Method::DELETE, &path, None).await;
    assert!(res.status.is_success(), "{}", res.text());

    app.cookie = cy_session;
    let res = app.get("/api/auth/me").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        res.json(),
        json!({
            "error": "You were signed out because you were removed from Doe & Partners.",
            "reason": "removed",
        })
    );
    // The owner, who removed Cy, is still signed in and told nothing.
    app.cookie = owner;
    assert_eq!(app.get("/api/auth/me").await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_that_was_signed_out_or_never_there_has_no_reason() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let signed_out = app.cookie.clone();
    assert_eq!(app.sign_out().await.status, StatusCode::NO_CONTENT);

    for cookie in [signed_out, Some(FORGED.to_string()), None] {
        app.cookie = cookie.clone();
        let res = app.get("/api/auth/me").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{cookie:?}");
        let body = res.json();
        assert_eq!(body.get("reason"), None, "{cookie:?}: {body}");
        assert_eq!(
            body["error"],
            "You are not signed in. Please sign in to continue."
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_reason_names_no_secret() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let phone = app.cookie.clone().unwrap();
    app.cookie = None;
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    app.post(
        "/api/auth/change-password",
        json!({"currentPassword": PASSWORD, "newPassword": "new-password-1"}),
    )
    .await;
    app.cookie = Some(phone.clone());
    let text = app.get("/api/auth/me").await.text();
    for secret in [
        phone.as_str(),
        "ann@doe-law.com",
        PASSWORD,
        "new-password-1",
    ] {
        assert!(!text.contains(secret), "{text}");
    }
}
