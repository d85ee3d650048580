//! Single sign-on (OpenID Connect) against a provider on loopback that this test runs: a small
//! HTTP server serving discovery, its keys (JWKS) and a token endpoint that answers the ID token
//! the test chose, signed with real RSA keys (tests/api/sso_keys/). What it checks: a domain not
//! confirmed does nothing; an ID token with a wrong nonce, audience, issuer, expired or signed by
//! another key is refused; a key the JWKS did not name is fetched again; accounts are created at
//! the first sign-in (Viewer) or linked only when the email is verified; "Require SSO"; a flow
//! finished after a restart; public and taken domains; the secret never answered.

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use axum::routing::{get, post};
use openidconnect::core::{
    CoreIdToken, CoreIdTokenClaims, CoreJsonWebKeySet, CoreJwsSigningAlgorithm,
    CoreProviderMetadata, CoreResponseType, CoreRsaPrivateSigningKey, CoreSubjectIdentifierType,
};
use openidconnect::{
    Audience, AuthUrl, EmptyAdditionalClaims, EmptyAdditionalProviderMetadata, EndUserEmail,
    IssuerUrl, JsonWebKeyId, JsonWebKeySetUrl, Nonce, PrivateSigningKey, ResponseTypes,
    StandardClaims, SubjectIdentifier, TokenUrl,
};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, audit_actions};

const PROVIDER_KEY: &str = include_str!("sso_keys/provider.pem");
const STRANGER_KEY: &str = include_str!("sso_keys/stranger.pem");
const CLIENT_ID: &str = "litstack-test";
const CLIENT_SECRET: &str = "a-client-secret-never-shown";

fn key(pem: &str, kid: &str) -> CoreRsaPrivateSigningKey {
    CoreRsaPrivateSigningKey::from_pem(pem, Some(JsonWebKeyId::new(kid.into()))).unwrap()
}

/// What the provider's token endpoint answers next, and which keys its JWKS names.
struct Shared {
    id_token: Option<String>,
    jwks_kids: Vec<&'static str>,
}

/// The test's provider on loopback.
pub struct Provider {
    pub issuer: String,
    shared: Arc<Mutex<Shared>>,
}

impl Provider {
    pub async fn start() -> Provider {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let issuer = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let shared = Arc::new(Mutex::new(Shared {
            id_token: None,
            jwks_kids: vec!["k1"],
        }));
        let metadata = CoreProviderMetadata::new(
            IssuerUrl::new(issuer.clone()).unwrap(),
            AuthUrl::new(format!("{issuer}/authorize")).unwrap(),
            JsonWebKeySetUrl::new(format!("{issuer}/jwks")).unwrap(),
            vec![ResponseTypes::new(vec![CoreResponseType::Code])],
            vec![CoreSubjectIdentifierType::Public],
            vec![CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256],
            EmptyAdditionalProviderMetadata {},
        )
        .set_token_endpoint(Some(TokenUrl::new(format!("{issuer}/token")).unwrap()));
        let metadata = serde_json::to_value(&metadata).unwrap();
        let (jwks_state, token_state) = (shared.clone(), shared.clone());
        let app = axum::Router::new()
            .route(
                "/.well-known/openid-configuration",
                get(move || async move { axum::Json(metadata.clone()) }),
            )
            .route(
                "/jwks",
                get(move || async move {
                    let kids = jwks_state.lock().unwrap().jwks_kids.clone();
                    let keys = kids
                        .iter()
                        .map(|kid| key(PROVIDER_KEY, kid).as_verification_key())
                        .collect();
                    axum::Json(serde_json::to_value(CoreJsonWebKeySet::new(keys)).unwrap())
                }),
            )
            .route(
                "/token",
                post(move || async move {
                    let token = token_state.lock().unwrap().id_token.take();
                    axum::Json(json!({
                        "access_token": "an-access-token",
                        "token_type": "Bearer",
                        "expires_in": 60,
                        "id_token": token,
                    }))
                }),
            );
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Provider { issuer, shared }
    }

    fn answer(&self, token: String) {
        self.shared.lock().unwrap().id_token = Some(token);
    }
}

/// An ID token's parts, each changeable by a test.
struct Claims {
    issuer: String,
    audience: String,
    nonce: String,
    email: String,
    verified: bool,
    subject: String,
    expires_in: i64,
    pem: &'static str,
    kid: &'static str,
}

fn id_token(c: &Claims) -> String {
    let now = chrono::Utc::now();
    let claims = CoreIdTokenClaims::new(
        IssuerUrl::new(c.issuer.clone()).unwrap(),
        vec![Audience::new(c.audience.clone())],
        now + chrono::Duration::seconds(c.expires_in),
        now - chrono::Duration::seconds(5),
        StandardClaims::new(SubjectIdentifier::new(c.subject.clone()))
            .set_email(Some(EndUserEmail::new(c.email.clone())))
            .set_email_verified(Some(c.verified)),
        EmptyAdditionalClaims {},
    )
    .set_nonce(Some(Nonce::new(c.nonce.clone())));
    CoreIdToken::new(
        claims,
        &key(c.pem, c.kid),
        CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256,
        None,
        None,
    )
    .unwrap()
    .to_string()
}

/// The owner (also the operator: the install's first account) of Doe & Partners, with the
/// firm's provider set to `provider` for `domain`.
async fn owner_with_sso(provider: &Provider, domain: &str) -> (TestApp, u64) {
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    let res = app.sign_up().await;
    let firm = res.json()["user"]["firm"]["id"].as_u64().unwrap();
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(json!({
                "issuer": provider.issuer, "clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET,
                "domains": [domain], "requireSso": false
            })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    (app, firm)
}

async fn confirm(app: &mut TestApp, firm: u64, domain: &str) -> crate::helpers::TestResponse {
    app.call(
        axum::http::Method::PUT,
        &format!("/api/admin/firms/{firm}/sso-domains/{domain}"),
        Some(json!({ "status": "confirmed" })),
    )
    .await
}

/// The query parameter `name` of a URL.
fn param(location: &str, name: &str) -> String {
    url::Url::parse(location)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == name)
        .unwrap_or_else(|| panic!("no {name} in {location}"))
        .1
        .to_string()
}

/// Starts a sign-in for `email`: the provider's authorize URL's state and nonce.
async fn start(app: &mut TestApp, email: &str) -> (String, String) {
    let res = app.get(&format!("/api/auth/sso/start?email={email}")).await;
    assert_eq!(res.status, StatusCode::FOUND, "{}", res.text());
    let location = res.headers["location"].to_str().unwrap().to_string();
    assert_eq!(param(&location, "code_challenge_method"), "S256");
    (param(&location, "state"), param(&location, "nonce"))
}

async fn callback(app: &mut TestApp, state: &str) -> String {
    let res = app
        .get(&format!("/api/auth/sso/callback?code=a-code&state={state}"))
        .await;
    assert_eq!(res.status, StatusCode::FOUND, "{}", res.text());
    res.headers["location"].to_str().unwrap().to_string()
}

fn good(provider: &Provider, nonce: &str, email: &str) -> Claims {
    Claims {
        issuer: provider.issuer.clone(),
        audience: CLIENT_ID.into(),
        nonce: nonce.into(),
        email: email.into(),
        verified: true,
        subject: format!("sub-{email}"),
        expires_in: 300,
        pem: PROVIDER_KEY,
        kid: "k1",
    }
}

/// Signs in `email` through the provider with `adjust`ed claims: where the callback sent the
/// browser.
async fn sso_sign_in(
    app: &mut TestApp,
    provider: &Provider,
    email: &str,
    adjust: impl FnOnce(&mut Claims),
) -> String {
    app.cookie = None;
    let (state, nonce) = start(app, email).await;
    let mut claims = good(provider, &nonce, email);
    adjust(&mut claims);
    provider.answer(id_token(&claims));
    callback(app, &state).await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_domain_the_operator_has_not_confirmed_does_nothing() {
    let provider = Provider::start().await;
    let (mut app, firm) = owner_with_sso(&provider, "doe-sso.test").await;
    let got = app.get("/api/firm/sso").await.json();
    assert_eq!(
        got["domains"],
        json!([{ "domain": "doe-sso.test", "status": "pending" }])
    );
    let res = app
        .get("/api/auth/sso/discover?email=bo@doe-sso.test")
        .await;
    assert_eq!(res.json(), json!({ "sso": false }));
    let res = app.get("/api/auth/sso/start?email=bo@doe-sso.test").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert!(!res.error().is_empty());
    let res = app.get("/api/auth/sso/start?email=not-an-email").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    let res = confirm(&mut app, firm, "doe-sso.test").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "confirmed");
    let res = app
        .get("/api/auth/sso/discover?email=bo@Doe-SSO.test")
        .await;
    assert_eq!(res.json(), json!({ "sso": true }));
    let log = app.get("/api/firm/audit").await.json();
    assert!(audit_actions(&log).contains(&"sso_domain_confirmed"));
}

/// A change to an ID token's claims.
type Adjust = Box<dyn FnOnce(&mut Claims)>;

#[tokio::test(flavor = "multi_thread")]
async fn a_first_sign_in_creates_a_viewer_and_a_bad_id_token_is_refused() {
    let provider = Provider::start().await;
    let (mut app, firm) = owner_with_sso(&provider, "doe-sso.test").await;
    confirm(&mut app, firm, "doe-sso.test").await;
    let owner_cookie = app.cookie.clone();

    let other_issuer = "http://127.0.0.1:1".to_string();
    let cases: Vec<(&str, Adjust)> = vec![
        (
            "wrong nonce",
            Box::new(|c| c.nonce = "another-nonce".into()),
        ),
        (
            "wrong audience",
            Box::new(|c| c.audience = "someone-else".into()),
        ),
        ("wrong issuer", Box::new(move |c| c.issuer = other_issuer)),
        ("expired", Box::new(|c| c.expires_in = -120)),
        ("another key", Box::new(|c| c.pem = STRANGER_KEY)),
    ];
    for (why, adjust) in cases {
        let location = sso_sign_in(&mut app, &provider, "cy@doe-sso.test", adjust).await;
        assert_eq!(location, "/auth/sign-in?sso=token", "{why}");
        assert!(app.cookie.is_none(), "{why}: no session");
    }

    // A key the JWKS did not name yet: fetched again (rotation), then accepted.
    let location = sso_sign_in(&mut app, &provider, "cy@doe-sso.test", |c| {
        c.kid = "k2";
        provider.shared.lock().unwrap().jwks_kids = vec!["k1", "k2"];
    })
    .await;
    assert_eq!(location, "/");
    let me = app.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["user"]["firmRole"], "viewer");
    assert_eq!(me.json()["user"]["firm"]["id"], firm);
    // The session is listed with where it was started, like a password sign-in's.
    let listed = app.get("/api/auth/sessions").await.json();
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_ne!(listed[0]["address"], "", "{listed}");
    // No password signs in to it.
    let res = app.sign_in("cy@doe-sso.test", PASSWORD).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    // A flow is used once.
    let (state, nonce) = start(&mut app, "cy@doe-sso.test").await;
    provider.answer(id_token(&good(&provider, &nonce, "cy@doe-sso.test")));
    assert_eq!(callback(&mut app, &state).await, "/");
    assert_eq!(
        callback(&mut app, &state).await,
        "/auth/sign-in?sso=expired"
    );

    app.cookie = owner_cookie;
    let log = app.get("/api/firm/audit").await.json();
    let actions = audit_actions(&log);
    assert!(actions.contains(&"sso_account_created"));
    assert!(actions.contains(&"sso_sign_in"));
    let members = app.get("/api/firm/members").await.json().to_string();
    assert!(members.contains("cy@doe-sso.test"));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_existing_account_is_linked_only_with_a_verified_email() {
    let provider = Provider::start().await;
    let (mut app, firm) = owner_with_sso(&provider, "doe-sso.test").await;
    confirm(&mut app, firm, "doe-sso.test").await;
    let token = app.invite("dee@doe-sso.test", "member").await;
    let res = app.join(&token, "Dee", "dee@doe-sso.test").await;
    assert_eq!(res.status, StatusCode::CREATED);
    let dee = res.json()["user"]["id"].as_u64().unwrap();

    let location = sso_sign_in(&mut app, &provider, "dee@doe-sso.test", |c| {
        c.verified = false
    })
    .await;
    assert_eq!(location, "/auth/sign-in?sso=unverified");
    assert!(app.cookie.is_none());

    let location = sso_sign_in(&mut app, &provider, "dee@doe-sso.test", |_| {}).await;
    assert_eq!(location, "/");
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["id"], dee);
    assert_eq!(me["user"]["firmRole"], "member");

    // Linked: later sign-ins match the subject, whatever the email says now.
    let location = sso_sign_in(&mut app, &provider, "dee@doe-sso.test", |c| {
        c.email = "dee.renamed@doe-sso.test".into();
        c.subject = "sub-dee@doe-sso.test".into();
    })
    .await;
    assert_eq!(location, "/");
    assert_eq!(app.get("/api/auth/me").await.json()["user"]["id"], dee);
}

#[tokio::test(flavor = "multi_thread")]
async fn require_sso_refuses_a_members_password_and_lets_an_owner_in_audited() {
    let provider = Provider::start().await;
    let (mut app, firm) = owner_with_sso(&provider, "doe-sso.test").await;
    confirm(&mut app, firm, "doe-sso.test").await;
    let token = app.invite("eve@doe-sso.test", "member").await;
    let owner_cookie = app.cookie.clone();
    app.join(&token, "Eve", "eve@doe-sso.test").await;
    app.cookie = owner_cookie;
    let require = json!({
        "issuer": provider.issuer, "clientId": CLIENT_ID, "clientSecret": "",
        "domains": ["doe-sso.test"], "requireSso": true
    });
    // Break-glass needs a second factor: without one the owner cannot require SSO.
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(require.clone()),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(res.error().contains("two-step sign-in"), "{}", res.text());
    let (secret, _) = crate::mfa::factor_for_signed_in(&mut app).await;
    let res = app
        .call(axum::http::Method::PUT, "/api/firm/sso", Some(require))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["requireSso"], true);
    assert_eq!(
        res.json()["domains"][0]["status"],
        "confirmed",
        "kept when saved again"
    );

    app.cookie = None;
    let res = app.sign_in("eve@doe-sso.test", PASSWORD).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        res.error(),
        "Your firm signs in with its identity provider: use Continue with your firm's sign-in."
    );
    assert!(app.cookie.is_none());
    // A wrong password still answers as any wrong password: it reveals nothing.
    let res = app.sign_in("eve@doe-sso.test", "not-the-password").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    // The owner's password alone is not enough: the second step follows, then the session.
    let token = crate::mfa::password_step(&mut app, "ann@doe-law.com").await;
    let res = app
        .post(
            "/api/auth/mfa/verify",
            json!({ "mfaToken": token, "code": crate::mfa::code_at(&secret, 1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(audit_actions(&log)[0], "break_glass_sign_in");
    assert!(log.to_string().contains("break-glass sign-in"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flow_begun_before_a_restart_is_finished_after_it() {
    let provider = Provider::start().await;
    let (mut app, firm) = owner_with_sso(&provider, "doe-sso.test").await;
    confirm(&mut app, firm, "doe-sso.test").await;
    app.cookie = None;
    let (state, nonce) = start(&mut app, "fay@doe-sso.test").await;
    let mut app = app.restarted();
    provider.answer(id_token(&good(&provider, &nonce, "fay@doe-sso.test")));
    assert_eq!(callback(&mut app, &state).await, "/");
    assert_eq!(
        app.get("/api/auth/me").await.json()["user"]["email"],
        "fay@doe-sso.test"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn public_and_taken_domains_are_refused_and_the_secret_is_never_answered() {
    let provider = Provider::start().await;
    let (mut app, firm) = owner_with_sso(&provider, "doe-sso.test").await;
    let put = |domains: Value, issuer: &str| json!({ "issuer": issuer, "clientId": CLIENT_ID, "clientSecret": "s", "domains": domains });
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(put(json!(["GMail.com"]), &provider.issuer)),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("public mail service"),
        "{}",
        res.error()
    );
    // A provider whose discovery document does not answer: one refusal, whatever the cause.
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(put(json!(["doe-sso.test"]), "http://127.0.0.1:1")),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("discovery"), "{}", res.error());
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(put(json!(["doe-sso.test"]), "https://")),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(put(json!(["doe-sso.test"]), "http://idp.example.com")),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("https"), "{}", res.error());

    confirm(&mut app, firm, "doe-sso.test").await;
    let body = app.get("/api/firm/sso").await;
    assert_eq!(body.status, StatusCode::OK);
    assert!(!body.text().contains(CLIENT_SECRET));
    assert_eq!(body.json()["clientSecretSet"], true);

    // Another firm cannot claim the confirmed domain.
    app.cookie = None;
    let res = app.sign_up_as("Gil", "gil@other-firm.test").await;
    assert_eq!(res.status, StatusCode::CREATED);
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(put(json!(["doe-sso.test"]), &provider.issuer)),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("another firm"), "{}", res.error());
    // A member who is not an owner reads nothing.
    let token = app.invite("hal@other-firm.test", "admin").await;
    app.join(&token, "Hal", "hal@other-firm.test").await;
    let res = app.get("/api/firm/sso").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
}

/// What an owner is told of any issuer whose discovery document could not be fetched.
const COULD_NOT_FETCH: &str =
    "Litstack could not fetch the provider's discovery document from that address";

/// Setting a provider is no port scanner (issue 76): two closed ports, a listener that speaks
/// no HTTP, a web server with no discovery document and one that answers a page all get one
/// answer, as does a real provider at a private address the install does not name.
#[tokio::test(flavor = "multi_thread")]
async fn discovery_answers_alike_whatever_listens_at_the_address() {
    use tokio::io::AsyncWriteExt;
    let provider = Provider::start().await;
    let (mut app, _) = owner_with_sso(&provider, "doe-sso.test").await;
    let closed = || {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let not_http = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let issuer = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let _ = socket.write_all(b"SSH-2.0-OpenSSH_9.6\r\n").await;
            }
        });
        issuer
    };
    let web_server = |app: axum::Router| async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let issuer = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        issuer
    };
    let missing = web_server(axum::Router::new()).await;
    let page = web_server(axum::Router::new().route(
        "/.well-known/openid-configuration",
        get(|| async { axum::response::Html("<h1>Welcome</h1>") }),
    ))
    .await;
    let put = |issuer: &str| {
        json!({ "issuer": issuer, "clientId": CLIENT_ID, "clientSecret": "s",
            "domains": ["doe-sso.test"] })
    };
    for issuer in [closed(), closed(), not_http, missing, page] {
        let res = app
            .call(axum::http::Method::PUT, "/api/firm/sso", Some(put(&issuer)))
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{issuer}: {}",
            res.text()
        );
        assert_eq!(res.error(), COULD_NOT_FETCH, "{issuer}");
    }

    // An install that names no private host: the working provider on loopback answers alike.
    let mut strict = TestApp::new();
    strict.sign_up().await;
    let res = strict
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(put(&provider.issuer)),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(res.error(), COULD_NOT_FETCH);
}

/// Writes a row in each of single sign-on's tables (the backup test's `use_everything`): the
/// signed-in operator's firm sets up `domain` and confirms it, one person signs in (a link), one
/// flow is left begun. The operator's session is kept.
pub async fn use_sso(app: &mut TestApp, firm: u64, domain: &str) {
    let provider = Provider::start().await;
    let owner = app.cookie.clone();
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(json!({
                "issuer": provider.issuer, "clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET,
                "domains": [domain]
            })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(confirm(app, firm, domain).await.status, StatusCode::OK);
    let email = format!("sso@{domain}");
    assert_eq!(sso_sign_in(app, &provider, &email, |_| {}).await, "/");
    start(app, &email).await;
    app.cookie = owner;
}

/// The real provider scripts/with-oidc.sh runs (oidc-provider from npm): issuer, client id, secret.
fn real_provider() -> (String, String, String) {
    let var = |name: &str| {
        std::env::var(name).unwrap_or_else(|_| {
            panic!(
                "{name} is not set: run the API tests through scripts/with-oidc.sh \
                 (scripts/test.sh does)"
            )
        })
    };
    (
        var("LITSTACK_TEST_OIDC_ISSUER"),
        var("LITSTACK_TEST_OIDC_CLIENT_ID"),
        var("LITSTACK_TEST_OIDC_CLIENT_SECRET"),
    )
}

/// Signs in at the real provider's own login page as `login`, from the authorize URL
/// `/api/auth/sso/start` sent the browser to, as a browser does (its cookies kept); answers the
/// path and query the provider sends the browser back to.
async fn through_the_login_page(authorize: &str, login: &str) -> String {
    use openidconnect::reqwest;
    let client = reqwest::ClientBuilder::new()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut cookies: Vec<(String, String)> = Vec::new();
    let mut url = url::Url::parse(authorize).unwrap();
    let mut form: Option<Vec<(&str, &str)>> = None;
    for _ in 0..10 {
        let jar = cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let req = match form.take() {
            Some(fields) => client.post(url.clone()).form(&fields),
            None => client.get(url.clone()),
        };
        let res = req.header("cookie", jar).send().await.unwrap();
        for set in res.headers().get_all("set-cookie") {
            let pair = set.to_str().unwrap().split(';').next().unwrap();
            let (k, v) = pair.split_once('=').unwrap();
            cookies.retain(|(name, _)| name != k);
            cookies.push((k.to_string(), v.to_string()));
        }
        let status = res.status();
        if status.is_redirection() {
            let next = url
                .join(res.headers()["location"].to_str().unwrap())
                .unwrap();
            if next.path() == "/api/auth/sso/callback" {
                return format!("{}?{}", next.path(), next.query().unwrap_or(""));
            }
            url = next;
            continue;
        }
        let page = res.text().await.unwrap();
        assert_eq!(status, 200, "{page}");
        assert!(
            page.contains("name=\"login\""),
            "not the login page: {page}"
        );
        // The login form posts to its `action`.
        let action = page
            .split("action=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the login form's action");
        url = url.join(action).unwrap();
        form = Some(vec![
            ("prompt", "login"),
            ("login", login),
            ("password", "any password"),
        ]);
    }
    panic!("the provider did not send the browser back");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_real_provider_signs_a_new_person_in_as_a_viewer_and_an_unverified_email_links_nothing()
{
    let (issuer, client_id, secret) = real_provider();
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    let firm = app.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(json!({
                "issuer": issuer, "clientId": client_id, "clientSecret": secret,
                "domains": ["real-sso.test"]
            })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        confirm(&mut app, firm, "real-sso.test").await.status,
        StatusCode::OK
    );
    let token = app.invite("unverified.kim@real-sso.test", "member").await;
    let owner = app.cookie.clone();
    app.join(&token, "Kim", "unverified.kim@real-sso.test")
        .await;

    app.cookie = None;
    let res = app.get("/api/auth/sso/start?email=ivy@real-sso.test").await;
    assert_eq!(res.status, StatusCode::FOUND, "{}", res.text());
    let back = through_the_login_page(
        res.headers["location"].to_str().unwrap(),
        "ivy@real-sso.test",
    )
    .await;
    let res = app.get(&back).await;
    assert_eq!(res.status, StatusCode::FOUND);
    assert_eq!(res.headers["location"], "/");
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["email"], "ivy@real-sso.test");
    assert_eq!(me["user"]["firmRole"], "viewer");
    assert_eq!(me["user"]["firm"]["id"], firm);

    app.cookie = None;
    let res = app
        .get("/api/auth/sso/start?email=unverified.kim@real-sso.test")
        .await;
    let back = through_the_login_page(
        res.headers["location"].to_str().unwrap(),
        "unverified.kim@real-sso.test",
    )
    .await;
    let res = app.get(&back).await;
    assert_eq!(res.headers["location"], "/auth/sign-in?sso=unverified");
    assert!(app.cookie.is_none());
    app.cookie = owner;
    let log = app.get("/api/firm/audit").await.json();
    assert!(audit_actions(&log).contains(&"sso_account_created"));
}

/// Hub mode: a flow begun on one node is finished on another (its state is in the database).
#[tokio::test(flavor = "multi_thread")]
async fn a_flow_begun_on_one_hub_node_is_finished_on_another() {
    let provider = Provider::start().await;
    let url = crate::helpers::fresh_database();
    let node = || {
        let url = url.clone();
        TestApp::with_config(move |c| {
            c.storage.database_url = Some(url);
            crate::helpers::fetch_from_loopback(c);
        })
    };
    let (mut a, mut b) = (node(), node());
    let firm = a.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let res = a
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(json!({
                "issuer": provider.issuer, "clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET,
                "domains": ["doe-sso.test"]
            })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    confirm(&mut a, firm, "doe-sso.test").await;
    a.cookie = None;
    let (state, nonce) = start(&mut a, "gus@doe-sso.test").await;
    provider.answer(id_token(&good(&provider, &nonce, "gus@doe-sso.test")));
    assert_eq!(callback(&mut b, &state).await, "/");
    assert_eq!(
        b.get("/api/auth/me").await.json()["user"]["email"],
        "gus@doe-sso.test"
    );
    // Used up on every node.
    assert_eq!(callback(&mut a, &state).await, "/auth/sign-in?sso=expired");
}

/// A firm merged into another leaves its provider and its domain claims behind: its domain signs
/// in nowhere until the kept firm's owner claims it and the operator confirms.
#[tokio::test(flavor = "multi_thread")]
async fn a_merged_firms_single_sign_on_is_dropped() {
    let provider = Provider::start().await;
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    app.sign_up().await;
    let operator = app.cookie.clone();
    app.cookie = None;
    let other = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let res = app
        .call(
            axum::http::Method::PUT,
            "/api/firm/sso",
            Some(json!({
                "issuer": provider.issuer, "clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET,
                "domains": ["roe-sso.test"]
            })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie = operator;
    confirm(&mut app, other, "roe-sso.test").await;
    let res = app.get("/api/auth/sso/discover?email=x@roe-sso.test").await;
    assert_eq!(res.json()["sso"], true);

    let res = app
        .post(
            "/api/admin/firms/merge",
            json!({ "into": 1, "from": other }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = app.get("/api/auth/sso/discover?email=x@roe-sso.test").await;
    assert_eq!(res.json()["sso"], false);
    let claims = app.get("/api/admin/firms/sso-domains").await.json();
    assert_eq!(claims["items"], json!([]));
}
