//! Where a person is signed in: the sessions list (device summary, address, started, last seen),
//! "Sign out" per session (only one's own: another person's id is a 404) and "Sign out
//! everywhere else".

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};

const ANN: &str = "ann@doe-law.com";
const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0";
const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

/// Signs in afresh (no session cookie sent) from a browser with `user_agent`; answers the cookie.
pub async fn sign_in_from(app: &mut TestApp, email: &str, user_agent: &str) -> String {
    app.cookie = None;
    let req = app
        .request(Method::POST, "/api/auth/sign-in")
        .header(header::USER_AGENT, user_agent)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({ "email": email, "password": PASSWORD }).to_string(),
        ))
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie.clone().unwrap()
}

async fn sessions(app: &mut TestApp) -> Vec<Value> {
    let res = app.get("/api/auth/sessions").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json().as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_shows_each_device_and_ends_one_or_all_others_but_never_anothers() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let first = app.cookie.clone().unwrap();
    let firefox = sign_in_from(&mut app, ANN, FIREFOX).await;
    let chrome = sign_in_from(&mut app, ANN, CHROME).await;

    let listed = sessions(&mut app).await;
    assert_eq!(listed.len(), 3, "{listed:?}");
    assert_eq!(listed[0]["current"], true);
    assert_eq!(listed[0]["device"], "Chrome on Windows");
    assert!(listed[1..].iter().all(|s| s["current"] == false));
    let devices: Vec<&str> = listed
        .iter()
        .map(|s| s["device"].as_str().unwrap())
        .collect();
    assert!(devices.contains(&"Firefox on Linux") && devices.contains(&"Unknown device"));
    for s in &listed {
        let id = s["id"].as_str().unwrap();
        assert_eq!(id.len(), 16);
        assert!(s["startedAt"].as_str().unwrap().ends_with('Z'));
        assert!(s["lastSeen"].as_str().unwrap().ends_with('Z'));
        assert!(s["address"].is_string());
    }
    let id_of = |device: &str| {
        listed
            .iter()
            .find(|s| s["device"] == device)
            .map(|s| s["id"].as_str().unwrap().to_string())
            .unwrap()
    };

    // Another person's session id is a 404, and their session goes on.
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let bo = app.cookie.clone().unwrap();
    let bo_id = sessions(&mut app).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    app.cookie = Some(chrome.clone());
    let res = app
        .call(Method::DELETE, &format!("/api/auth/sessions/{bo_id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = app
        .call(Method::DELETE, "/api/auth/sessions/0123456789abcdef", None)
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    app.cookie = Some(bo);
    assert_eq!(app.get("/api/auth/me").await.status, StatusCode::OK);

    // Sign out one.
    app.cookie = Some(chrome.clone());
    let res = app
        .call(
            Method::DELETE,
            &format!("/api/auth/sessions/{}", id_of("Unknown device")),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(sessions(&mut app).await.len(), 2);
    app.cookie = Some(first);
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );

    // Everywhere else.
    app.cookie = Some(chrome.clone());
    let res = app
        .post("/api/auth/sessions/sign-out-others", json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["ended"], 1);
    let left = sessions(&mut app).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["current"], true);
    app.cookie = Some(firefox);
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    app.cookie = Some(chrome);
    assert_eq!(app.get("/api/auth/me").await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_in_with_a_second_factor_lists_its_device_too() {
    let mut app = TestApp::new();
    let (secret, _) = crate::mfa::ann_with_factor(&mut app).await;
    app.cookie = None;
    let res = app.sign_in(ANN, PASSWORD).await;
    let token = res.json()["mfaToken"].as_str().unwrap().to_string();
    let req = app
        .request(Method::POST, "/api/auth/mfa/verify")
        .header(header::USER_AGENT, FIREFOX)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({ "mfaToken": token, "code": crate::mfa::code_at(&secret, 1) }).to_string(),
        ))
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::OK);
    let listed = sessions(&mut app).await;
    assert_eq!(listed[0]["device"], "Firefox on Linux");
    assert_eq!(listed[0]["current"], true);
}

/// The messages of `kind` the outbox holds for anyone, sent or not.
fn queued_of(app: &TestApp, kind: litstack::mail::MessageKind) -> usize {
    litstack::mail::storage::recent(&app.state.store, 100)
        .unwrap()
        .iter()
        .filter(|m| m.kind == kind)
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_in_from_a_new_device_is_mailed_once_and_never_for_a_known_one() {
    use crate::mail::{smtp_url, wait_for};
    use litstack::mail::MessageKind::NewSignIn;
    let mut app = TestApp::new();
    app.sign_up().await;
    let on = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": smtp_url(), "from": "Litstack <litstack@doe-law.example>" })),
        )
        .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text());
    let ann = format!("ann{}@doe-law.com", std::process::id());
    // Ann's own address at the sink: a second account of this run, so that earlier runs'
    // messages to the sink do not count.
    let token = app.invite(&ann, "member").await;
    let joined = app.join(&token, "Ann Two", &ann).await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    // Signing in again from the device she joined on is nothing new.
    app.sign_in(&ann, PASSWORD).await;
    assert_eq!(queued_of(&app, NewSignIn), 0);

    sign_in_from(&mut app, &ann, FIREFOX).await;
    litstack::mail::sender::send_due(&app.state.sub())
        .await
        .unwrap();
    // The invitation, then the new sign-in.
    let messages = wait_for(&ann, 2);
    let new: Vec<&Value> = messages
        .iter()
        .filter(|m| m["subject"] == "A new sign-in to your account")
        .collect();
    assert_eq!(new.len(), 1, "{messages:?}");
    let text = new[0]["text"].as_str().unwrap();
    assert!(text.contains("Firefox on Linux"), "{text}");
    assert!(text.contains("/auth/forgot-password"), "{text}");
    assert!(!text.to_lowercase().contains("unsubscribe"), "{text}");

    // The same device and address again: no second message.
    sign_in_from(&mut app, &ann, FIREFOX).await;
    app.cookie = None;
    app.sign_in(&ann, PASSWORD).await;
    assert_eq!(queued_of(&app, NewSignIn), 1);
}
