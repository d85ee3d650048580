//! Vendor accounts (issue 47): a vendor claims its listing through a link mailed by the real SMTP
//! server on loopback, proposes facts, the operator approves, and firms see them as supplied by
//! the vendor; claims that prove nothing are refused; a vendor session opens no route of the API
//! description but the vendor's own; sign-in limits and the authenticator.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::mail::{link_in, smtp_url, wait_for};

const PASSWORD: &str = "quiet-harbour-lantern-42";

/// A unique address at `domain` for one test's person (the test SMTP server's folder is shared).
pub fn address_at(name: &str, domain: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    format!(
        "{name}.{}.{}@{domain}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// The operator signed up, with mail on; answers the operator's session.
async fn operator_with_mail(app: &mut TestApp) -> Option<String> {
    app.sign_up().await;
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": smtp_url(), "from": "Litstack <litstack@ops.test>" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie.clone()
}

/// The link token in an invitation's answer when no mail was sent (`{"link": ".../vendor/join#TOKEN"}`).
fn token_of(answer: &Value) -> String {
    answer["link"]
        .as_str()
        .unwrap()
        .split_once('#')
        .unwrap()
        .1
        .to_string()
}

/// The signed-in operator invites `email` for listing `vendor`, by a link handed over (no mail):
/// its token.
pub async fn handed_over_invitation(app: &mut TestApp, vendor: u64, email: &str) -> String {
    let res = app
        .post(
            &format!("/api/admin/vendors/{vendor}/vendor-invitations"),
            json!({ "email": email }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    token_of(&res.json())
}

/// The id of the first proposal the vendor session `cookie` sees.
async fn app_proposal_id(app: &mut TestApp, cookie: &Option<String>) -> u64 {
    let saved = std::mem::replace(&mut app.vendor_cookie, cookie.clone());
    let id = app.get("/api/vendor/proposals").await.json()["items"][0]["id"]
        .as_u64()
        .unwrap();
    app.vendor_cookie = saved;
    id
}

/// A listing a claim can name: its id, name and domain.
async fn claimable(app: &mut TestApp) -> (u64, String, String) {
    let res = app.get("/api/vendor/listings").await;
    assert_eq!(res.status, StatusCode::OK);
    let listing = res.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["domain"].is_string())
        .cloned()
        .expect("a listing with a website");
    (
        listing["id"].as_u64().unwrap(),
        listing["name"].as_str().unwrap().to_string(),
        listing["domain"].as_str().unwrap().to_string(),
    )
}

async fn send_due(app: &TestApp) {
    litstack::mail::sender::send_due(&app.state.sub())
        .await
        .unwrap();
}

/// Claims listing `id` as `email` and takes up the mailed link: the vendor session is then the
/// app's vendor cookie, and no firm session is sent.
async fn claim_and_join(app: &mut TestApp, id: u64, email: &str) -> Value {
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/claims",
            json!({ "vendorId": id, "email": email }),
        )
        .await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{}", res.text());
    send_due(app).await;
    let mail = wait_for(email, 1);
    let (_, token) = link_in(&mail[0], "/vendor/join");
    let check = app
        .post("/api/vendor/links/check", json!({ "token": token }))
        .await;
    assert_eq!(check.status, StatusCode::OK, "{}", check.text());
    assert_eq!(check.json()["invited"], false);
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat Keeper", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert!(app.vendor_cookie.is_some());
    // The link works once.
    let again = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat Keeper", "password": PASSWORD }),
        )
        .await;
    assert_eq!(again.status, StatusCode::GONE, "{}", again.text());
    res.json()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_claimed_listing_proposes_facts_the_operator_approves_and_firms_see_supplied() {
    let mut app = TestApp::new();
    let operator = operator_with_mail(&mut app).await;
    let (id, name, domain) = claimable(&mut app).await;
    let email = address_at("pat", &domain);
    let me = claim_and_join(&mut app, id, &email).await;
    assert_eq!(me["listing"]["id"], id);
    assert_eq!(me["account"]["email"], email.as_str());

    // A vendor session is no firm session.
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.get("/api/vendor/me").await.status, StatusCode::OK);

    // Bad proposals are refused with the field named, and nothing waits.
    for (body, says) in [
        (
            json!({ "bookingUrl": "javascript:alert(1)" }),
            "bookingUrl: ",
        ),
        (json!({ "partnerLevel": "Gold" }), "unknown field"),
        (json!({ "description": "=HYPERLINK(\"x\")" }), "formula"),
        (json!({}), "changes nothing"),
        (
            json!({ "facts": { "trustPage": "ftp://x.test" } }),
            "trustPage: ",
        ),
    ] {
        let res = app.post("/api/vendor/proposals", body.clone()).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            res.text()
        );
        assert!(res.error().contains(says), "{body}: {}", res.error());
    }
    let link = format!("https://{domain}/book-a-demo");
    let res = app
        .post(
            "/api/vendor/proposals",
            json!({ "bookingUrl": link, "facts": { "hipaaBaa": true } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let proposal = res.json();
    let labels: Vec<_> = proposal["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["label"].as_str().unwrap(),
                c["proposed"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        labels,
        [("Booking link", link.as_str()), ("Signs a BAA", "Yes")]
    );
    assert_eq!(proposal["status"], "open");

    // The operator was told of the claim and of the proposal (what it changes, not the values),
    // and sees the proposal with its diff.
    app.vendor_cookie = None;
    app.cookie = operator;
    let notices = app.get("/api/notifications").await.json();
    assert!(
        notices
            .to_string()
            .contains(&format!("{name}'s listing was claimed")),
        "{notices}"
    );
    let told = notices["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["title"] == format!("{name} proposed changes to its listing"))
        .unwrap_or_else(|| panic!("no notice of the proposal: {notices}"));
    assert!(
        told["body"]
            .as_str()
            .unwrap()
            .contains("proposed: Booking link, Signs a BAA."),
        "{told}"
    );
    assert!(!told.to_string().contains(&link), "{told}");
    let queue = app.get("/api/admin/vendor-proposals").await.json();
    assert_eq!(queue["open"].as_array().unwrap().len(), 1, "{queue}");
    let pid = queue["open"][0]["id"].as_u64().unwrap();
    // The notice names its subject, the proposal.
    let named = format!("/admin/vendors?proposal={pid}#vendor-proposals");
    assert_eq!(told["link"], named.as_str());
    assert_eq!(told["read"], false);
    let decision = format!("/api/admin/vendor-proposals/{pid}/decision");
    let res = app.post(&decision, json!({ "approve": false })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("Say why"), "{}", res.error());
    // The BAA is an attestation: approved with the evidence the operator saw (issue 80).
    let res = app.post(&decision, json!({ "approve": true })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error().starts_with("Signs a BAA is an attestation"),
        "{}",
        res.error()
    );
    let evidence = json!({ "hipaaBaa": { "url": format!("https://{domain}/legal/baa") } });
    let res = app
        .post(&decision, json!({ "approve": true, "evidence": evidence }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "approved");
    // Decided, it keeps the rows the operator approved, though the listing now says the same.
    assert_eq!(
        res.json()["changes"].as_array().unwrap().len(),
        2,
        "{}",
        res.text()
    );
    let res = app.post(&decision, json!({ "approve": true })).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    // Decided, the proposal's notice asks nothing more: it says how it ended, read.
    let notices = app.get("/api/notifications").await.json();
    let ended = (notices["items"].as_array().unwrap().iter())
        .find(|n| n["link"] == named.as_str())
        .unwrap_or_else(|| panic!("{notices}"));
    assert_eq!(ended["read"], true, "{ended}");
    let body = ended["body"].as_str().unwrap();
    assert!(body.contains(" approved this proposal on "), "{body}");
    assert!(!body.contains("Approve or reject"), "{body}");

    // A firm sees the link and the BAA as supplied by the vendor, on the day.
    app.sign_up_as("Fran Firm", "fran@firm-side.test").await;
    let profile = app.get(&format!("/api/vendors/{id}")).await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.text());
    let profile = profile.json();
    let text = profile.to_string();
    assert!(text.contains(&link), "{text}");
    let today = litstack::platform::clock::today()
        .format("%Y-%m-%d")
        .to_string();
    let supplied = format!(
        "\"kind\":\"vendor\",\"on\":\"{today}\",\"vendor\":{}",
        json!(name)
    );
    // The booking link and the BAA: two facts supplied by the vendor.
    assert_eq!(text.matches(&supplied).count(), 2, "{supplied} in {text}");

    // The vendor is told under the bell and by mail.
    send_due(&app).await;
    let mail = wait_for(&email, 2);
    assert!(
        mail[1]["subject"].as_str().unwrap().contains("is live"),
        "{}",
        mail[1]
    );
    app.cookie = None;
    app.sign_out().await;
    let res = app
        .post(
            "/api/vendor/sign-in",
            json!({ "email": email, "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let notices = app.get("/api/vendor/notices").await.json();
    assert!(
        notices["items"][0]["title"]
            .as_str()
            .unwrap()
            .contains("is live"),
        "{notices}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn claims_that_prove_nothing_are_refused_and_nothing_is_mailed() {
    let mut app = TestApp::new();
    let operator = operator_with_mail(&mut app).await;
    let (id, name, domain) = claimable(&mut app).await;
    app.cookie = None;
    for (email, says) in [
        ("someone@gmail.com".to_string(), "public mail service"),
        (
            address_at("x", "not-the-vendor.test"),
            &format!("needs an address at {domain}") as &str,
        ),
        (format!("x@{domain}.evil.test"), "needs an address at"),
        ("x@xn--80ak6aa92e.com".to_string(), "internationalised"),
        ("x@vendor.github.io".to_string(), "shared host"),
        ("not an address".to_string(), "valid email"),
    ] {
        let res = app
            .post(
                "/api/vendor/claims",
                json!({ "vendorId": id, "email": email }),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{email}: {}",
            res.text()
        );
        assert!(res.error().contains(says), "{email}: {}", res.error());
    }
    let res = app
        .post(
            "/api/vendor/claims",
            json!({ "vendorId": 999_999, "email": format!("a@{domain}") }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // A listing without a website can only be invited.
    let listings = app.get("/api/vendor/listings").await.json();
    if let Some(no_site) = listings["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["domain"].is_null())
    {
        let res = app
            .post(
                "/api/vendor/claims",
                json!({ "vendorId": no_site["id"], "email": format!("a@{domain}") }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST);
        assert!(res.error().contains("invitation"), "{}", res.error());
    }
    // With mail off, a claim cannot prove an address.
    app.cookie = operator;
    assert_eq!(
        app.call(Method::DELETE, "/api/admin/mail", None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/claims",
            json!({ "vendorId": id, "email": address_at("y", &domain) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("invitation"),
        "{name}: {}",
        res.error()
    );
    assert!(
        litstack::mail::storage::recent(&app.state.store, 100)
            .unwrap()
            .is_empty()
    );
}

/// Every operation of the API description, called with a vendor session alone: none but the
/// vendor's own and the public ones answers a success, and none fails with a 500.
#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_session_opens_no_route_but_its_own() {
    let mut app = TestApp::new();
    let operator = operator_with_mail(&mut app).await;
    let (id, _, domain) = claimable(&mut app).await;
    claim_and_join(&mut app, id, &address_at("walk", &domain)).await;
    let vendor = app.vendor_cookie.clone();
    let doc = app.get("/api/openapi.json").await.json();
    let mut walked = 0;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let public = op["security"] == json!([{}]);
            let own = op["security"] == json!([{ "vendorSession": [] }]);
            if public || own || path == "/api/vendor/sign-out" {
                continue;
            }
            let concrete = path
                .replace("{id}", "1")
                .replace("{field}", "hipaaBaa")
                .replace("{file}", "x.ics")
                .replace("{vendorId}", "1")
                .replace("{token}", "x")
                .replace("{version}", "1")
                .replace("{categoryId}", "1");
            app.cookie = None;
            app.vendor_cookie = vendor.clone();
            let body = (method != Method::GET && method != Method::DELETE).then(|| json!({}));
            let res = app.call(method.clone(), &concrete, body).await;
            assert!(
                matches!(res.status.as_u16(), 401 | 403),
                "{method} {concrete} answered {} to a vendor session: {}",
                res.status,
                res.text()
            );
            walked += 1;
        }
    }
    assert!(walked > 100, "walked {walked} operations");
    // And a firm's session (the operator's) opens no vendor route.
    app.vendor_cookie = None;
    app.cookie = operator;
    for path in [
        "/api/vendor/me",
        "/api/vendor/proposals",
        "/api/vendor/sessions",
    ] {
        assert_eq!(
            app.get(path).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn vendor_sign_in_counts_failures_and_asks_for_the_authenticator() {
    let mut app = TestApp::new();
    operator_with_mail(&mut app).await;
    let (id, _, domain) = claimable(&mut app).await;
    let email = address_at("mfa", &domain);
    claim_and_join(&mut app, id, &email).await;

    let setup = app.post("/api/vendor/mfa/setup", json!({})).await;
    assert_eq!(setup.status, StatusCode::OK, "{}", setup.text());
    let secret = setup.json()["secret"].as_str().unwrap().to_string();
    let wrong = app
        .post("/api/vendor/mfa/confirm", json!({ "code": "000000" }))
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    let res = app
        .post(
            "/api/vendor/mfa/confirm",
            json!({ "code": crate::mfa::code_at(&secret, 0) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let on = res.json();
    assert_eq!(on["me"]["account"]["hasFactor"], true);
    assert_eq!(on["me"]["account"]["recoveryCodesLeft"], 10);
    let codes: Vec<String> = on["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), 10);

    let first = app.vendor_cookie.take();
    let res = app
        .post(
            "/api/vendor/sign-in",
            json!({ "email": email, "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["codeRequired"], true);
    assert!(app.vendor_cookie.is_none());
    let res = app
        .post(
            "/api/vendor/sign-in",
            json!({ "email": email, "password": PASSWORD, "code": crate::mfa::code_at(&secret, 1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["me"]["account"]["email"], email.as_str());

    // Two sessions; the first is ended from the second.
    let sessions = app.get("/api/vendor/sessions").await.json();
    let items = sessions["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{sessions}");
    let other = items.iter().find(|s| s["current"] == false).unwrap()["id"]
        .as_u64()
        .unwrap();
    let res = app
        .call(
            Method::DELETE,
            &format!("/api/vendor/sessions/{other}"),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let second = app.vendor_cookie.replace(first.unwrap());
    assert_eq!(
        app.get("/api/vendor/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    app.vendor_cookie = second;

    // A recovery code signs in once in place of the app's code (typed loosely), and the account
    // is told how many are left; used again, it is refused.
    let saved = app.vendor_cookie.take();
    let loose = codes[0].to_uppercase().replace('-', " ");
    let res = app
        .post(
            "/api/vendor/sign-in",
            json!({ "email": email, "password": PASSWORD, "code": loose }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["me"]["account"]["recoveryCodesLeft"], 9);
    let notices = app.get("/api/vendor/notices").await.json();
    assert!(
        notices["items"][0]["body"]
            .as_str()
            .unwrap()
            .starts_with("9 recovery codes are left"),
        "{notices}"
    );
    app.vendor_cookie = None;
    let res = app
        .post(
            "/api/vendor/sign-in",
            json!({ "email": email, "password": PASSWORD, "code": codes[0] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{}", res.text());
    app.vendor_cookie = saved;

    // Wrong passwords count in the sign-in limits until they refuse.
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let res = app
            .post(
                "/api/vendor/sign-in",
                json!({ "email": email, "password": "not-the-password-1" }),
            )
            .await;
        statuses.push(res.status.as_u16());
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| matches!(s, 401 | 429)),
        "{statuses:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invitation_without_mail_is_handed_over_and_a_merge_moves_the_account() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.clone();
    // Two vendors of one category: a merge needs them.
    let (kept, gone) = {
        let catalog = app.state.catalog.load();
        let active: Vec<_> = catalog.vendors.iter().filter(|v| v.is_active).collect();
        let kept = active[0];
        let gone = active[1..]
            .iter()
            .find(|v| v.category_id == kept.category_id)
            .unwrap();
        (kept.id, gone.id)
    };
    let res = app
        .post(
            &format!("/api/admin/vendors/{gone}/vendor-invitations"),
            json!({ "email": "sam@anywhere.test" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let answer = res.json();
    assert_eq!(answer["mailed"], false);
    // A second invitation, to a mistyped address, is listed and revoked: its link then fails.
    let res = app
        .post(
            &format!("/api/admin/vendors/{gone}/vendor-invitations"),
            json!({ "email": "sam@anywhere.tset" }),
        )
        .await;
    let mistyped = token_of(&res.json());
    let waiting = app.get("/api/admin/vendor-invitations").await.json();
    let items = waiting["items"].as_array().unwrap();
    let mut emails: Vec<&str> = items.iter().map(|i| i["email"].as_str().unwrap()).collect();
    emails.sort_unstable();
    assert_eq!(
        emails,
        ["sam@anywhere.test", "sam@anywhere.tset"],
        "{waiting}"
    );
    assert!(
        !waiting.to_string().contains(&mistyped),
        "the link is never shown again"
    );
    let wrong = items
        .iter()
        .find(|i| i["email"] == "sam@anywhere.tset")
        .unwrap();
    let revoke = format!(
        "/api/admin/vendor-invitations/{}",
        wrong["id"].as_str().unwrap()
    );
    let res = app.call(Method::DELETE, &revoke, None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    let res = app.call(Method::DELETE, &revoke, None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = app
        .call(
            Method::DELETE,
            "/api/admin/vendor-invitations/not-an-id",
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let waiting = app.get("/api/admin/vendor-invitations").await.json();
    assert_eq!(waiting["items"].as_array().unwrap().len(), 1, "{waiting}");
    let res = app
        .post("/api/vendor/links/check", json!({ "token": mistyped }))
        .await;
    assert!(res.status.is_client_error(), "{}", res.text());
    let token = token_of(&answer);
    app.cookie = None;
    // Bad takes of the link are refused, and the link still works after them.
    for (body, status, says) in [
        (
            json!({ "token": token, "name": "", "password": PASSWORD }),
            400,
            "name",
        ),
        (
            json!({ "token": token, "name": "S".repeat(101), "password": PASSWORD }),
            400,
            "name",
        ),
        (
            json!({ "token": "", "name": "Sam", "password": PASSWORD }),
            410,
            "not valid any more",
        ),
        (
            json!({ "token": "ab".repeat(32), "name": "Sam", "password": PASSWORD }),
            410,
            "not valid any more",
        ),
        (json!({ "token": token, "name": "Sam" }), 400, "password"),
    ] {
        let res = app.post("/api/vendor/links/accept", body.clone()).await;
        assert_eq!(res.status.as_u16(), status, "{body}: {}", res.text());
        assert!(
            res.error().to_lowercase().contains(says),
            "{body}: {}",
            res.error()
        );
    }
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Sam", "password": "password" }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::BAD_REQUEST,
        "a common password: {}",
        res.text()
    );
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Sam", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = app
        .post(
            "/api/vendor/proposals",
            json!({ "description": "A plain description of the product." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let sam = app.vendor_cookie.take();
    let sams_proposal = app_proposal_id(&mut app, &sam).await;

    // A person of another listing reaches neither Sam's proposal nor Sam's sessions: 404.
    app.vendor_cookie = None;
    app.cookie = operator.clone();
    let token = handed_over_invitation(&mut app, kept, "kim@elsewhere.test").await;
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Kim", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = app
        .post(
            &format!("/api/vendor/proposals/{sams_proposal}/withdraw"),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert!(
        app.get("/api/vendor/proposals").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    app.vendor_cookie = sam.clone();
    let sams_session = app.get("/api/vendor/sessions").await.json()["items"][0]["id"]
        .as_u64()
        .unwrap();
    app.vendor_cookie = None;
    app.post(
        "/api/vendor/sign-in",
        json!({ "email": "kim@elsewhere.test", "password": PASSWORD }),
    )
    .await;
    let res = app
        .call(
            Method::DELETE,
            &format!("/api/vendor/sessions/{sams_session}"),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    app.vendor_cookie = sam;

    // The same address cannot be invited twice.
    let vendor = app.vendor_cookie.take();
    // A reason too long for a rejection is refused before anything changes.
    app.cookie = operator.clone();
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{sams_proposal}/decision"),
            json!({ "approve": false, "reason": "x".repeat(501) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    app.cookie = operator;
    let res = app
        .post(
            &format!("/api/admin/vendors/{kept}/vendor-invitations"),
            json!({ "email": "SAM@anywhere.test" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    let res = app
        .post(
            "/api/admin/vendors/merge",
            json!({ "from": gone, "into": kept }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let accounts = app.get("/api/admin/vendor-accounts").await.json();
    assert_eq!(accounts["items"][0]["vendorId"], kept, "{accounts}");
    let queue = app.get("/api/admin/vendor-proposals").await.json();
    assert_eq!(queue["open"][0]["vendorId"], kept, "{queue}");
    app.cookie = None;
    app.vendor_cookie = vendor;
    assert_eq!(
        app.get("/api/vendor/me").await.json()["listing"]["id"],
        kept
    );
}

/// A vendor sees how many verified firms opened its listing's profile and its scheduler in a
/// closed month, only from 5 firms up; the month in progress shows none; an unverified firm
/// counts for nothing; one firm's repeated views change nothing; no firm is named.
#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_sees_firms_by_closed_month_only_from_five_verified_firms() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let vendor = {
        let catalog = app.state.catalog.load();
        catalog
            .vendors
            .iter()
            .find(|v| v.is_active && v.booking_url.is_some())
            .unwrap()
            .id
    };
    let token = handed_over_invitation(&mut app, vendor, "lee@anywhere.test").await;
    let operator = app.cookie.take();
    app.post(
        "/api/vendor/links/accept",
        json!({ "token": token, "name": "Lee", "password": PASSWORD }),
    )
    .await;
    let vendor_session = app.vendor_cookie.take();

    // Four more firms; with the operator's, five are verified.
    let mut firms = vec![operator];
    for i in 1..=4 {
        app.cookie = None;
        let res = app
            .sign_up_as(&format!("Member {i}"), &format!("m{i}@firm{i}.test"))
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        firms.push(app.cookie.clone());
    }
    app.verify_all_firms();
    app.cookie = None;
    app.sign_up_as("Unverified", "u@unverified.test").await;
    let unverified = app.cookie.clone();

    async fn stats(app: &mut TestApp, session: &Option<String>) -> Value {
        let (cookie, vendor) = (
            app.cookie.take(),
            app.vendor_cookie.replace(session.clone().unwrap()),
        );
        let res = app.get("/api/vendor/stats").await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        app.cookie = cookie;
        app.vendor_cookie = vendor;
        let answer = res.json();
        assert_eq!(answer["months"].as_array().unwrap().len(), 12, "{answer}");
        assert_eq!(answer["minFirms"], 5);
        answer
    }
    // The month as it reads once closed: the same store read on the first day of the next.
    use chrono::Datelike;
    let closed = |app: &TestApp| {
        let next = litstack::platform::clock::today()
            .with_day(1)
            .unwrap()
            .checked_add_months(chrono::Months::new(1))
            .unwrap();
        let at = next.and_hms_opt(0, 0, 0).unwrap().and_utc().timestamp();
        let stats =
            litstack::vendor_accounts::stats::for_vendor(&app.state.store, vendor, at).unwrap();
        serde_json::to_value(&stats.months[1]).unwrap()
    };

    // Four verified firms and an unverified one, however often: nothing shows.
    for session in &firms[..4] {
        app.cookie = session.clone();
        assert_eq!(
            app.get(&format!("/api/vendors/{vendor}")).await.status,
            StatusCode::OK
        );
        let res = app
            .post(
                "/api/meeting-clicks",
                json!({ "vendorId": vendor, "sourcePage": "PROFILE" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    }
    app.cookie = unverified;
    for _ in 0..3 {
        app.get(&format!("/api/vendors/{vendor}")).await;
    }
    let month = closed(&app);
    assert!(month["firmsViewedProfile"].is_null(), "{month}");
    assert!(month["firmsOpenedScheduler"].is_null(), "{month}");

    // The fifth verified firm: both figures show, the unverified firm's views left out.
    app.cookie = firms[4].clone();
    app.get(&format!("/api/vendors/{vendor}")).await;
    app.get(&format!("/api/vendors/{vendor}")).await;
    app.post(
        "/api/meeting-clicks",
        json!({ "vendorId": vendor, "sourcePage": "BROWSE" }),
    )
    .await;
    let month = closed(&app);
    assert_eq!(month["firmsViewedProfile"], 5, "{month}");
    assert_eq!(month["firmsOpenedScheduler"], 5, "{month}");
    assert_eq!(month["inProgress"], false);
    // One member's 50 more views: still 5 firms.
    for _ in 0..50 {
        app.get(&format!("/api/vendors/{vendor}")).await;
    }
    assert_eq!(closed(&app), month);
    // The vendor, while the month is in progress, sees none of it.
    let now = stats(&mut app, &vendor_session).await;
    let this = &now["months"][0];
    assert_eq!(
        this,
        &json!({
            "month": litstack::platform::clock::today().format("%Y-%m").to_string(),
            "inProgress": true, "firmsViewedProfile": null, "firmsOpenedScheduler": null
        }),
        "{now}"
    );
    assert!(
        now["months"].as_array().unwrap()[1..]
            .iter()
            .all(|m| m["inProgress"] == false && m["firmsViewedProfile"].is_null()),
        "{now}"
    );

    // Without a vendor session (a firm member only), nothing.
    app.vendor_cookie = None;
    assert_eq!(
        app.get("/api/vendor/stats").await.status,
        StatusCode::UNAUTHORIZED
    );
}

/// A vendor's session ends by the firm session's rule: after the configured idle period without
/// use (here one second), not only at its absolute age.
#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_session_ends_after_the_idle_period_as_a_firms_does() {
    let mut app = TestApp::with_config(|c| c.session_idle = std::time::Duration::from_secs(1));
    app.sign_up().await;
    let vendor = app
        .state
        .catalog
        .load()
        .vendors
        .iter()
        .find(|v| v.is_active)
        .unwrap()
        .id;
    let token = handed_over_invitation(&mut app, vendor, "idle@anywhere.test").await;
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat Keeper", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(app.get("/api/vendor/me").await.status, StatusCode::OK);

    tokio::time::sleep(std::time::Duration::from_millis(2_200)).await;

    assert_eq!(
        app.get("/api/vendor/me").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendors_proposals_mail_each_operator_at_most_once_an_hour_and_the_bell_keeps_them_all() {
    let mut app = TestApp::new();
    let operator_email = address_at("operator", "ops.test");
    let res = app.sign_up_as("Olive Operator", &operator_email).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let operator = app.cookie.clone();
    let listing = app.state.catalog.load().vendors[0].id;
    // The vendor joins by a link handed over, then the operator turns mail on.
    let token = handed_over_invitation(&mut app, listing, &address_at("pat", "keeper.test")).await;
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": smtp_url(), "from": "Litstack <litstack@ops.test>" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    // 15 propose-and-withdraw cycles within the hour.
    let propose = |n: usize| json!({ "description": format!("Intake software, take {n}.") });
    for n in 0..15 {
        let res = app.post("/api/vendor/proposals", propose(n)).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let id = res.json()["id"].as_u64().unwrap();
        let res = app
            .post(&format!("/api/vendor/proposals/{id}/withdraw"), json!({}))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let vendor = app.vendor_cookie.take();
    app.cookie = operator.clone();
    let told = |notices: &Value| {
        notices["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| {
                n["title"]
                    .as_str()
                    .is_some_and(|t| t.ends_with("proposed changes to its listing"))
            })
            .count()
    };
    let bell = app.get("/api/notifications").await.json();
    assert_eq!(told(&bell), 15, "{bell}");
    send_due(&app).await;
    let mail = wait_for(&operator_email, 1);
    assert!(
        mail[0]["subject"]
            .as_str()
            .unwrap()
            .contains("proposed changes to its listing"),
        "{}",
        mail[0]
    );
    send_due(&app).await;
    assert_eq!(crate::mail::received(&operator_email).len(), 1);

    // An hour after the mail (its mark runs out then), the next proposal is mailed again.
    let store = app.state.accounts().store.clone();
    let operator_id = app.get("/api/auth/me").await.json()["user"]["id"]
        .as_u64()
        .unwrap();
    litstack::vendor_accounts::storage::write(&store, |change| {
        use litstack::vendor_accounts::storage::PROPOSALS_MAILED;
        let key = (listing, operator_id);
        let mut mark = change
            .get(&PROPOSALS_MAILED, key)?
            .expect("the mail was marked");
        let now = litstack::platform::clock::now_secs();
        assert!(
            mark.until > now && mark.until <= now + 3600,
            "{}",
            mark.until
        );
        mark.until -= 3600;
        change.put(&PROPOSALS_MAILED, key, &mark)
    })
    .unwrap();
    app.cookie = None;
    app.vendor_cookie = vendor;
    let res = app.post("/api/vendor/proposals", propose(15)).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    app.vendor_cookie = None;
    app.cookie = operator;
    assert_eq!(told(&app.get("/api/notifications").await.json()), 16);
    send_due(&app).await;
    assert_eq!(wait_for(&operator_email, 2).len(), 2);
}

/// The second listing a claim can name (another vendor than `claimable`'s): id, name, domain.
async fn another_claimable(app: &mut TestApp) -> (u64, String, String) {
    let res = app.get("/api/vendor/listings").await;
    let listing = res.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["domain"].is_string())
        .nth(1)
        .cloned()
        .expect("two listings with a website");
    (
        listing["id"].as_u64().unwrap(),
        listing["name"].as_str().unwrap().to_string(),
        listing["domain"].as_str().unwrap().to_string(),
    )
}

/// The row of `field` in a proposal's changes.
fn row<'a>(proposal: &'a Value, field: &str) -> &'a Value {
    proposal["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["field"] == field)
        .unwrap_or_else(|| panic!("no {field} in {proposal}"))
}

/// Issue 80: the operator decides a proposal fact by fact; an attestation (SOC 2, ISO 27001, a
/// BAA offered) is approved only with its evidence, a page of the vendor's own or the operator's
/// note; firms see "evidence seen by the operator" and never the note.
#[tokio::test(flavor = "multi_thread")]
async fn facts_are_approved_one_by_one_and_an_attestation_needs_its_evidence() {
    let mut app = TestApp::new();
    let operator = operator_with_mail(&mut app).await;
    let (other_id, _, other_domain) = another_claimable(&mut app).await;
    let (id, name, domain) = claimable(&mut app).await;
    claim_and_join(&mut app, other_id, &address_at("other", &other_domain)).await;
    let other_vendor = app.vendor_cookie.take();
    let email = address_at("attest", &domain);
    claim_and_join(&mut app, id, &email).await;
    let vendor = app.vendor_cookie.clone();
    let link = format!("https://{domain}/book-a-demo");
    let res = app
        .post(
            "/api/vendor/proposals",
            json!({
                "bookingUrl": link,
                "facts": {
                    "hipaaBaa": true,
                    "soc2": { "report": "Type II", "periodEnd": null },
                    "mfa": true,
                    "aiTraining": false
                }
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let proposal = res.json();
    let pid = proposal["id"].as_u64().unwrap();
    for (field, attestation) in [
        ("bookingUrl", false),
        ("soc2", true),
        ("hipaaBaa", true),
        ("mfa", false),
        ("aiTraining", false),
    ] {
        assert_eq!(row(&proposal, field)["attestation"], attestation, "{field}");
    }
    let fact = |field: &str| format!("/api/admin/vendor-proposals/{pid}/facts/{field}/decision");

    // A vendor cannot decide its own proposal, and another vendor cannot reach it.
    let res = app
        .post(&fact("bookingUrl"), json!({ "approve": true }))
        .await;
    assert!(
        matches!(res.status.as_u16(), 401 | 403),
        "{}: {}",
        res.status,
        res.text()
    );
    app.vendor_cookie = other_vendor;
    let res = app
        .post(&format!("/api/vendor/proposals/{pid}/withdraw"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    let theirs = app.get("/api/vendor/proposals").await.json();
    assert_eq!(theirs["items"].as_array().unwrap().len(), 0, "{theirs}");

    app.vendor_cookie = None;
    app.cookie = operator.clone();
    // One fact approved: it goes live at once, the rest wait.
    let res = app
        .post(&fact("bookingUrl"), json!({ "approve": true }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let now = res.json();
    assert_eq!(now["status"], "open", "{now}");
    assert_eq!(row(&now, "bookingUrl")["decision"]["approved"], true);
    assert!(row(&now, "hipaaBaa")["decision"].is_null(), "{now}");
    let res = app
        .post(&fact("bookingUrl"), json!({ "approve": true }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    let res = app
        .post(&fact("partnerLevel"), json!({ "approve": true }))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());

    // An attestation without evidence, with a page not the vendor's, with a bad link, with two
    // evidences, and evidence for a fact that attests nothing: refused, saying what to give.
    for (field, body, says) in [
        ("hipaaBaa", json!({ "approve": true }), "is an attestation"),
        (
            "hipaaBaa",
            json!({ "approve": true, "evidence": { "url": "https://trust.example.org/baa" } }),
            "is not on",
        ),
        (
            "hipaaBaa",
            json!({ "approve": true, "evidence": { "url": "javascript:alert(1)" } }),
            "evidence.url: ",
        ),
        (
            "hipaaBaa",
            json!({ "approve": true, "evidence": { "url": format!("https://{domain}/x"), "note": "Seen" } }),
            "not both",
        ),
        (
            "mfa",
            json!({ "approve": true, "evidence": { "note": "Seen" } }),
            "only an attestation",
        ),
        (
            "hipaaBaa",
            json!({ "approve": false, "evidence": { "note": "Seen" } }),
            "goes with an approval",
        ),
    ] {
        let res = app.post(&fact(field), body.clone()).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            res.text()
        );
        assert!(res.error().contains(says), "{body}: {}", res.error());
    }
    let trust = format!("https://trust.{domain}/baa");
    let res = app
        .post(
            &fact("hipaaBaa"),
            json!({ "approve": true, "evidence": { "url": trust } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let today = litstack::platform::clock::today()
        .format("%Y-%m-%d")
        .to_string();
    let baa = row(&res.json(), "hipaaBaa")["decision"].clone();
    assert_eq!(baa["evidenceUrl"], trust.as_str(), "{baa}");
    assert_eq!(baa["evidenceSeenOn"], today.as_str(), "{baa}");
    let note = "Saw the Type II report for 2026 on a call with their security lead";
    let res = app
        .post(
            &fact("soc2"),
            json!({ "approve": true, "evidence": { "note": note } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert!(!res.text().contains(note), "{}", res.text());
    let res = app
        .post(&fact("aiTraining"), json!({ "approve": false }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "open");
    // The last fact decided decides the proposal.
    let res = app
        .post(
            &fact("mfa"),
            json!({ "approve": false, "reason": "Your help centre says MFA is optional" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let decided = res.json();
    assert_eq!(decided["status"], "approved", "{decided}");
    assert_eq!(decided["changes"].as_array().unwrap().len(), 5, "{decided}");
    assert_eq!(row(&decided, "mfa")["decision"]["approved"], false);
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{pid}/decision"),
            json!({ "approve": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());

    // A firm sees who supplied each fact, and the evidence seen for the attestations; never the
    // operator's note; the facts not approved are not there.
    app.sign_up_as("Fran Firm", "fran@attest-firm.test").await;
    let profile = app.get(&format!("/api/vendors/{id}")).await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.text());
    let profile = profile.json();
    let security = &profile["facts"]["security"];
    assert_eq!(
        security["hipaaBaa"]["provenance"],
        json!({ "kind": "vendor", "vendor": name, "on": today,
                "evidence": { "seenOn": today, "url": trust } }),
        "{profile}"
    );
    assert_eq!(
        security["soc2"]["provenance"]["evidence"],
        json!({ "seenOn": today, "url": null }),
        "{profile}"
    );
    assert!(
        profile["facts"]["bookingLink"]["evidence"].is_null(),
        "{profile}"
    );
    assert!(
        security["mfa"].is_null() || security["mfa"]["provenance"]["kind"] != "vendor",
        "{profile}"
    );
    assert!(!profile.to_string().contains(note), "{profile}");

    // The vendor sees each fact's outcome and the reason, not the note, and is told once.
    app.cookie = None;
    app.vendor_cookie = vendor;
    let mine = app.get("/api/vendor/proposals").await;
    assert!(!mine.text().contains(note), "{}", mine.text());
    let mine = mine.json()["items"][0].clone();
    assert_eq!(
        row(&mine, "mfa")["decision"]["reason"],
        "Your help centre says MFA is optional"
    );
    assert_eq!(row(&mine, "soc2")["decision"]["approved"], true);
    let notices = app.get("/api/vendor/notices").await.json();
    let told: Vec<_> = notices["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["title"].as_str().unwrap().contains("proposal for"))
        .collect();
    assert_eq!(told.len(), 1, "{notices}");
    assert!(told[0]["title"].as_str().unwrap().contains("partly live"));
    assert!(
        told[0]["body"].as_str().unwrap().contains("Not approved: "),
        "{}",
        told[0]
    );

    // "Approve all" asks the evidence for each attestation too, by its field.
    let res = app
        .post(
            "/api/vendor/proposals",
            json!({ "facts": { "iso27001": true, "dataLocation": "United States" } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let second = res.json()["id"].as_u64().unwrap();
    app.vendor_cookie = None;
    app.cookie = operator;
    let all = format!("/api/admin/vendor-proposals/{second}/decision");
    let res = app.post(&all, json!({ "approve": true })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error().starts_with("ISO 27001 is an attestation"),
        "{}",
        res.error()
    );
    let res = app
        .post(
            &all,
            json!({ "approve": true, "evidence": { "iso27001": { "url": format!("https://{domain}/security") } } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "approved");
}

/// A proposal stored before facts were decided one by one (no per-fact decisions, decided rows
/// without outcomes) still loads, and is decided fact by fact.
#[tokio::test(flavor = "multi_thread")]
async fn a_proposal_stored_before_fact_decisions_loads_and_is_decided_fact_by_fact() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let listing = app.state.catalog.load().vendors[0].id;
    let store = app.state.accounts().store.clone();
    let (open, decided) = litstack::vendor_accounts::storage::write(&store, |change| {
        use litstack::vendor_accounts::storage::PROPOSALS;
        let stored = |json: Value| -> litstack::vendor_accounts::model::Proposal {
            serde_json::from_value(json).expect("a proposal as an earlier Litstack wrote it")
        };
        let open = change.next_id(&PROPOSALS)?;
        let decided = change.next_id(&PROPOSALS)?;
        // As an earlier Litstack wrote them.
        change.put(
            &PROPOSALS,
            open,
            &stored(json!({
                "id": open, "vendorId": listing, "accountId": 1, "byName": "Pat",
                "changes": { "facts": { "mfa": true, "dataLocation": "Canada" } },
                "submittedAt": 1_790_000_000, "status": "open", "decidedAt": null,
                "decidedBy": null, "reason": null, "decidedChanges": null
            })),
        )?;
        change.put(
            &PROPOSALS,
            decided,
            &stored(json!({
                "id": decided, "vendorId": listing, "accountId": 1, "byName": "Pat",
                "changes": { "facts": { "mfa": false } },
                "submittedAt": 1_780_000_000, "status": "rejected", "decidedAt": 1_780_000_100,
                "decidedBy": 1, "reason": "No",
                "decidedChanges": [{ "field": "mfa", "label": "Multi-factor sign-in",
                                     "current": "Not stated", "proposed": "No" }]
            })),
        )?;
        Ok((open, decided))
    })
    .unwrap();
    let queue = app.get("/api/admin/vendor-proposals").await;
    assert_eq!(queue.status, StatusCode::OK, "{}", queue.text());
    let queue = queue.json();
    assert_eq!(queue["open"][0]["id"], open, "{queue}");
    assert_eq!(queue["decided"][0]["id"], decided, "{queue}");
    assert!(queue["decided"][0]["changes"][0]["decision"].is_null());
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{open}/facts/mfa/decision"),
            json!({ "approve": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "open");
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{open}/facts/dataLocation/decision"),
            json!({ "approve": false, "reason": "Say which province" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "approved");
    let facts = app.state.catalog.load().facts(listing).cloned().unwrap();
    assert_eq!(facts.security.mfa.map(|s| s.value), Some(true));
    assert!(
        facts
            .security
            .data_location
            .is_none_or(|s| s.value != "Canada")
    );
}
