//! A second factor required, by a firm's owner or by the operator (`--require-mfa`): a session of
//! an account without one may only set one up (403 `mfa_setup_required` elsewhere), and
//! confirming it lifts that in the same session; only owners set the firm's switch, and only once
//! they have a factor themselves; another firm is unaffected.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, TestResponse};
use crate::mfa::{ann_with_factor, code_at};

const MO: &str = "mo@doe-law.com";

async fn require(app: &mut TestApp, required: bool) -> TestResponse {
    app.call(
        Method::PUT,
        "/api/firm/mfa-required",
        Some(json!({ "required": required })),
    )
    .await
}

fn assert_setup_required(res: &TestResponse) {
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    assert_eq!(
        res.json(),
        json!({ "error": "Set up a second factor to continue", "code": "mfa_setup_required" })
    );
}

/// Sets up and confirms a factor in the signed-in session; answers the secret.
async fn set_up_factor(app: &mut TestApp) -> String {
    let setup = app.post("/api/auth/mfa/totp/setup", json!({})).await;
    assert_eq!(setup.status, StatusCode::OK, "{}", setup.text());
    let secret = setup.json()["secret"].as_str().unwrap().to_string();
    let confirmed = app
        .post(
            "/api/auth/mfa/totp/confirm",
            json!({ "code": code_at(&secret, 0) }),
        )
        .await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text());
    secret
}

async fn firm(app: &mut TestApp) -> Value {
    let res = app.get("/api/firm").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["firm"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_firm_that_requires_a_factor_has_its_members_set_one_up_before_anything_else() {
    let mut app = TestApp::new();
    ann_with_factor(&mut app).await;
    let ann = app.cookie.clone();
    let token = app.invite(MO, "member").await;
    let joined = app.join(&token, "Mo Doe", MO).await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    let mo = app.cookie.clone();
    // Mo's session is in use (and cached) before the firm requires a factor.
    assert_eq!(app.get("/api/shortlist").await.status, StatusCode::OK);
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["mfaSetupRequired"], false, "{me}");

    app.cookie = ann.clone();
    let before = firm(&mut app).await;
    assert_eq!(
        (
            before["mfaRequired"].clone(),
            before["membersWithoutMfa"].clone()
        ),
        (json!(false), json!(1))
    );
    let res = require(&mut app, true).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["firm"]["mfaRequired"], true);
    assert_eq!(res.json()["firm"]["mfaRequiredByInstall"], false);
    // Ann has her factor: nothing changes for her.
    assert_eq!(app.get("/api/shortlist").await.status, StatusCode::OK);
    let log = app.get("/api/firm/audit").await.json();
    assert!(
        crate::helpers::audit_actions(&log).contains(&"mfa_required_changed"),
        "{log}"
    );

    // Mo's open session may now only set up a factor.
    app.cookie = mo;
    assert_setup_required(&app.get("/api/shortlist").await);
    assert_setup_required(&app.get("/api/firm").await);
    // Of the person's own routes, only the factor's: not the sessions list, say.
    assert_setup_required(&app.get("/api/auth/sessions").await);
    assert_setup_required(
        &app.call(Method::POST, "/api/auth/sessions/sign-out-others", None)
            .await,
    );
    let me = app.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    assert_eq!(me.json()["mfaSetupRequired"], true);
    assert_eq!(me.json()["mfaRequiredBy"], "firm");
    assert_eq!(me.json()["user"]["email"], MO);
    assert_eq!(app.get("/api/auth/mfa").await.json()["enabled"], false);

    // So does a new one: the sign-in itself works (no factor to ask for), then only setup.
    assert_eq!(app.sign_out().await.status, StatusCode::NO_CONTENT);
    let res = app.sign_in(MO, PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_setup_required(&app.get("/api/shortlist").await);
    assert_eq!(
        app.get("/api/auth/me").await.json()["mfaSetupRequired"],
        true
    );

    // Confirming the factor lifts it at once, in the same session.
    let session = app.cookie.clone();
    set_up_factor(&mut app).await;
    assert_eq!(app.cookie, session);
    assert_eq!(app.get("/api/shortlist").await.status, StatusCode::OK);
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["mfaSetupRequired"], false, "{me}");
    assert!(me.get("mfaRequiredBy").is_none(), "{me}");
    // While the firm requires it, it stays on.
    let off = app
        .call(
            Method::DELETE,
            "/api/auth/mfa/totp",
            Some(json!({ "code": "123456" })),
        )
        .await;
    assert_eq!(off.status, StatusCode::BAD_REQUEST, "{}", off.text());
    assert!(
        off.error()
            .starts_with("Your firm requires two-step sign-in")
    );

    app.cookie = ann;
    assert_eq!(firm(&mut app).await["membersWithoutMfa"], 0);
    // Turned off again, a member without a factor is let through.
    let res = require(&mut app, false).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["firm"]["mfaRequired"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn only_an_owner_with_a_factor_sets_the_switch_and_another_firm_is_unaffected() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let ann = app.cookie.clone();

    // Ann has no factor yet: she cannot lock herself out.
    let res = require(&mut app, true).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error()
            .starts_with("Set up two-step sign-in for your own account first"),
        "{}",
        res.error()
    );
    assert_eq!(firm(&mut app).await["mfaRequired"], false);
    // Not requiring it is fine without one.
    assert_eq!(require(&mut app, false).await.status, StatusCode::OK);
    let bad = app
        .call(
            Method::PUT,
            "/api/firm/mfa-required",
            Some(json!({ "required": "yes" })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text());

    // Admins and viewers are refused, and see no count of members without a factor.
    let mut others = Vec::new();
    for (role, email) in [("admin", "ada@doe-law.com"), ("viewer", "vi@doe-law.com")] {
        app.cookie = ann.clone();
        let token = app.invite(email, role).await;
        let res = app.join(&token, "Joiner Doe", email).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        others.push(app.cookie.clone());
        let res = require(&mut app, true).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{role}: {}", res.text());
        set_up_factor(&mut app).await;
        let res = require(&mut app, true).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{role}: {}", res.text());
        assert!(firm(&mut app).await.get("membersWithoutMfa").is_none());
    }

    // Bo, of another firm, has no factor; Ann's firm requires one.
    app.cookie = None;
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert_eq!(bo.status, StatusCode::CREATED, "{}", bo.text());
    let bo = app.cookie.clone();
    app.cookie = ann;
    set_up_factor(&mut app).await;
    assert_eq!(require(&mut app, true).await.status, StatusCode::OK);
    app.cookie = bo;
    assert_eq!(app.get("/api/shortlist").await.status, StatusCode::OK);
    let firm_of_bo = firm(&mut app).await;
    assert_eq!(firm_of_bo["mfaRequired"], false);
    assert_eq!(
        app.get("/api/auth/me").await.json()["mfaSetupRequired"],
        false
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_install_flag_requires_a_factor_of_every_account() {
    let mut app = TestApp::with_config(|c| c.require_mfa = true);
    let res = app.sign_up().await;
    // The sign-up's session may only set up a factor.
    assert!(res.json()["user"].is_object(), "{}", res.text());
    assert_setup_required(&app.get("/api/firm").await);
    assert_setup_required(&app.get("/api/shortlist").await);
    assert_setup_required(&app.get("/api/admin/firms").await);
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(
        (me["mfaSetupRequired"].clone(), me["mfaRequiredBy"].clone()),
        (json!(true), json!("install"))
    );
    // The public routes answer as ever.
    assert_eq!(app.get("/api/auth/setup").await.status, StatusCode::OK);

    set_up_factor(&mut app).await;
    let firm = firm(&mut app).await;
    assert_eq!(firm["mfaRequiredByInstall"], true);
    assert_eq!(app.get("/api/shortlist").await.status, StatusCode::OK);
    // The install requires it: it stays on.
    let off = app
        .call(
            Method::DELETE,
            "/api/auth/mfa/totp",
            Some(json!({ "code": "123456" })),
        )
        .await;
    assert_eq!(off.status, StatusCode::BAD_REQUEST, "{}", off.text());
    assert!(
        off.error()
            .starts_with("This Litstack requires two-step sign-in")
    );

    // A second account, signing up on its own, meets the same.
    app.cookie = None;
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert_eq!(bo.status, StatusCode::CREATED, "{}", bo.text());
    assert_setup_required(&app.get("/api/shortlist").await);
    assert_eq!(app.sign_out().await.status, StatusCode::NO_CONTENT);
}

/// Hub mode: the switch turned on at node A reaches a member's session cached at node B.
#[tokio::test(flavor = "multi_thread")]
async fn on_a_hub_the_requirement_reaches_sessions_cached_on_another_node() {
    let (mut a, mut b) = crate::once::nodes::two_nodes().await;
    b.cookie = None;
    set_up_factor(&mut a).await;
    let token = a.invite(MO, "member").await;
    let joined = b.join(&token, "Mo Doe", MO).await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    // B has Mo's session cached.
    assert_eq!(b.get("/api/shortlist").await.status, StatusCode::OK);
    assert_eq!(require(&mut a, true).await.status, StatusCode::OK);
    crate::once::nodes::within(Duration::from_secs(5), &mut b, async |b| {
        b.get("/api/shortlist").await.status == StatusCode::FORBIDDEN
    })
    .await;
    assert_setup_required(&b.get("/api/shortlist").await);
    // Confirmed on B, the setup is lifted on A for a session A has cached too.
    let mo = b.cookie.clone();
    a.cookie = mo;
    assert_setup_required(&a.get("/api/shortlist").await);
    set_up_factor(&mut b).await;
    assert_eq!(a.get("/api/shortlist").await.status, StatusCode::OK);
}

/// A firm merge keeps the safer choice: the merged firm required a factor, so the kept one does,
/// and its members without one (the operator who merged, here) may only set one up.
#[tokio::test(flavor = "multi_thread")]
async fn a_merge_keeps_the_requirement_of_either_firm() {
    let mut app = TestApp::new();
    let ann = app.sign_up().await.json()["user"]["firm"]["id"].clone();
    let operator = app.cookie.clone();
    app.cookie = None;
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert_eq!(bo.status, StatusCode::CREATED, "{}", bo.text());
    set_up_factor(&mut app).await;
    assert_eq!(require(&mut app, true).await.status, StatusCode::OK);

    app.cookie = operator;
    let merge = json!({ "into": ann, "from": bo.json()["user"]["firm"]["id"] });
    let merged = app.post("/api/admin/firms/merge", merge).await;
    assert!(merged.status.is_success(), "{}", merged.text());
    assert_setup_required(&app.get("/api/shortlist").await);
    set_up_factor(&mut app).await;
    assert_eq!(firm(&mut app).await["mfaRequired"], true);
}

/// One request to a real server over a raw socket: (status, whole answer).
fn raw(addr: &str, method: &str, path: &str, cookie: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nCookie: {cookie}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
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

/// The operator's flag, as the binary reads it: `--require-mfa`, and `LITSTACK_REQUIRE_MFA`.
#[test]
fn the_binary_reads_the_flag_and_its_environment_variable() {
    for (flag, env) in [(Some("--require-mfa"), None), (None, Some("true"))] {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = crate::process::litstack();
        cmd.args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--no-sample-data",
            "--data-dir",
        ])
        .arg(dir.path())
        .args(flag);
        if let Some(value) = env {
            cmd.env("LITSTACK_REQUIRE_MFA", value);
        }
        let server = crate::process::serving(cmd);
        let addr = server.url.trim_start_matches("http://").to_string();
        let sign_up = json!({ "name": "Ann Doe", "email": "ann@doe-law.com", "password": PASSWORD,
            "lawFirm": "Doe & Partners" });
        let (status, answer) = raw(&addr, "POST", "/api/auth/sign-up", "", &sign_up.to_string());
        assert_eq!(status, 201, "{answer}");
        let cookie = answer
            .lines()
            .find_map(|l| {
                l.strip_prefix("set-cookie: ")
                    .or_else(|| l.strip_prefix("Set-Cookie: "))
            })
            .and_then(|c| c.split(';').next())
            .unwrap()
            .to_string();
        let (status, answer) = raw(&addr, "GET", "/api/shortlist", &cookie, "");
        assert_eq!(status, 403, "{answer}");
        assert!(
            answer.contains("\"code\":\"mfa_setup_required\""),
            "{answer}"
        );
        let (status, answer) = raw(&addr, "GET", "/api/auth/me", &cookie, "");
        assert_eq!(status, 200, "{answer}");
        assert!(answer.contains("\"mfaRequiredBy\":\"install\""), "{answer}");
    }
}
