//! Demo requests (issue 80): a member asks a vendor with an account for a demo sharing only the
//! fields they tick; the vendor's people are told under their bell and by mail and answer; the
//! member who asked is told and alone marks it booked; the firm withdraws; a vendor never sees
//! another vendor's requests; the limits; the operator's counts; "Ask them to join". Both
//! backends (LITSTACK_TEST_BACKEND).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::mail::{smtp_url, wait_for};

const PASSWORD: &str = "quiet-harbour-lantern-42";

use crate::vendor_accounts::address_at as address;

/// A person for listing `vendor`, invited by the signed-in operator and signed up: their vendor
/// session cookie. The firm session is left as it was.
pub async fn vendor_person(app: &mut TestApp, vendor: u64, email: &str) -> Option<String> {
    let token = crate::vendor_accounts::handed_over_invitation(app, vendor, email).await;
    let firm = app.cookie.take();
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat Keeper", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    app.cookie = firm;
    app.vendor_cookie.take()
}

/// Calls `path` as the vendor session `cookie` only.
async fn as_vendor(
    app: &mut TestApp,
    cookie: &Option<String>,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> crate::helpers::TestResponse {
    let firm = app.cookie.take();
    app.vendor_cookie = cookie.clone();
    let res = app.call(method, path, body).await;
    app.vendor_cookie = None;
    app.cookie = firm;
    res
}

fn active_vendors(app: &TestApp, n: usize) -> Vec<u64> {
    let catalog = app.state.catalog.load();
    catalog
        .vendors
        .iter()
        .filter(|v| v.is_active)
        .map(|v| v.id)
        .take(n)
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_demo_request_goes_from_a_member_to_the_vendor_and_back_to_the_shortlist() {
    let mut app = TestApp::new();
    // The operator, with mail on, and three listings: two with people, one without.
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    let [chartswap, other, unlisted]: [u64; 3] = active_vendors(&app, 3).try_into().unwrap();
    let pat = address("pat", "vendor.test");
    let pat_cookie = vendor_person(&mut app, chartswap, &pat).await;
    let rival_cookie = vendor_person(&mut app, other, &address("rex", "rival.test")).await;
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": smtp_url(), "from": "Litstack <litstack@ops.test>" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let operator = app.cookie.take();

    // A firm: its owner Mia asks; a member and a viewer are colleagues.
    let mia = address("mia", "roe-law.test");
    app.sign_up_as("Mia Roe", &mia).await;
    let mia_cookie = app.cookie.clone();
    let max_email = address("max", "roe-law.test");
    let vic_email = address("vic", "roe-law.test");
    let colleague_token = app.invite(&max_email, "member").await;
    let viewer_token = app.invite(&vic_email, "viewer").await;
    let res = app.join(&colleague_token, "Max Roe", &max_email).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let max_cookie = app.cookie.clone();
    let res = app.join(&viewer_token, "Vic Roe", &vic_email).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let viewer_cookie = app.cookie.clone();
    app.cookie = mia_cookie.clone();

    // The form offers each field with its value and none chosen.
    let form = app
        .get(&format!("/api/vendors/{chartswap}/demo-request"))
        .await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.text());
    let form = form.json();
    assert_eq!(form["hasAccount"], true);
    let fields: Vec<&str> = form["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        fields,
        ["name", "email", "firmName", "firmSize", "category"]
    );
    assert_eq!(form["openRequest"], Value::Null);

    // A viewer may not ask.
    app.cookie = viewer_cookie.clone();
    let res = app
        .post(
            &format!("/api/vendors/{chartswap}/demo-requests"),
            json!({ "shareName": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    app.cookie = mia_cookie.clone();

    // A note too long is refused, an unknown field too.
    let res = app
        .post(
            &format!("/api/vendors/{chartswap}/demo-requests"),
            json!({ "note": "x".repeat(1001) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let res = app
        .post(
            &format!("/api/vendors/{chartswap}/demo-requests"),
            json!({ "shareOnboarding": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());

    // Mia shares her name, the firm's name and a note; not her email, size or category.
    let res = app
        .post(
            &format!("/api/vendors/{chartswap}/demo-requests"),
            json!({ "shareName": true, "shareFirmName": true, "note": "About 30 seats." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let request = res.json();
    let id = request["id"].as_u64().unwrap();
    assert_eq!(request["state"], "requested");
    assert_eq!(request["shared"]["name"], "Mia Roe");
    assert_eq!(request["shared"]["email"], Value::Null);
    assert!(
        request["line"]
            .as_str()
            .unwrap()
            .starts_with("Demo requested on ")
    );
    // One open request per vendor.
    let again = app
        .post(
            &format!("/api/vendors/{chartswap}/demo-requests"),
            json!({}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.text());
    assert!(again.json()["error"].as_str().unwrap().contains("withdraw"));
    // The vendor is on the shortlist.
    let name = app
        .state
        .catalog
        .load()
        .vendor(chartswap)
        .unwrap()
        .name
        .clone();
    let shortlist = app.get("/api/shortlist").await.text();
    assert!(shortlist.contains(&name), "{shortlist}");

    // The vendor's person reads it, with only what was shared, under the bell and by mail.
    let seen = as_vendor(
        &mut app,
        &pat_cookie,
        Method::GET,
        "/api/vendor/demo-requests",
        None,
    )
    .await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.text());
    let seen_text = seen.text();
    let item = &seen.json()["items"][0];
    assert_eq!(item["id"].as_u64(), Some(id));
    assert_eq!(item["shared"]["name"], "Mia Roe");
    assert_eq!(item["shared"]["note"], "About 30 seats.");
    for withheld in [mia.as_str(), "6-20 employees", "E6_20"] {
        assert!(
            !seen_text.contains(withheld),
            "{withheld} reached the vendor: {seen_text}"
        );
    }
    let notices = as_vendor(
        &mut app,
        &pat_cookie,
        Method::GET,
        "/api/vendor/notices",
        None,
    )
    .await
    .text();
    assert!(notices.contains("A law firm asks"), "{notices}");
    assert!(
        !notices.contains("About 30 seats."),
        "the bell carries no content: {notices}"
    );
    litstack::mail::sender::send_due(&app.state.sub())
        .await
        .unwrap();
    let mail = wait_for(&pat, 1);
    let mail_text = mail[0].to_string();
    assert!(mail_text.contains("/vendor"), "{mail_text}");
    for content in ["About 30 seats.", mia.as_str(), "Mia Roe"] {
        assert!(
            !mail_text.contains(content),
            "{content} was mailed: {mail_text}"
        );
    }

    // Another vendor sees nothing of it and cannot answer it.
    let rival = as_vendor(
        &mut app,
        &rival_cookie,
        Method::GET,
        "/api/vendor/demo-requests",
        None,
    )
    .await
    .json();
    assert_eq!(rival["items"], json!([]));
    let path = format!("/api/vendor/demo-requests/{id}/answer");
    let res = as_vendor(
        &mut app,
        &rival_cookie,
        Method::POST,
        &path,
        Some(json!({ "schedulingUrl": "https://rival.example.com/demo" })),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    // A firm's session opens no vendor route.
    let res = app.get("/api/vendor/demo-requests").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    // Booked before an answer is refused.
    let booked = format!("/api/demo-requests/{id}/booked");
    let res = app.call(Method::POST, &booked, None).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());

    // The vendor answers: not with an http link or a time passed, then with a link and a time.
    for bad in [
        json!({}),
        json!({ "schedulingUrl": "http://chartswap.example.com/demo" }),
        json!({ "schedulingUrl": "https://localhost/demo" }),
        json!({ "times": ["2001-01-01T10:00:00Z"] }),
    ] {
        let res = as_vendor(
            &mut app,
            &pat_cookie,
            Method::POST,
            &path,
            Some(bad.clone()),
        )
        .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}: {}", res.text());
    }
    let later =
        litstack::platform::clock::rfc3339(litstack::platform::clock::now_secs() + 3 * 86_400);
    let res = as_vendor(
        &mut app,
        &pat_cookie,
        Method::POST,
        &path,
        Some(
            json!({ "schedulingUrl": "https://chartswap.example.com/demo", "times": [later],
            "message": "Pick any slot." }),
        ),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["state"], "answered");

    // Mia is told, and her firm reads the answer on the request's line.
    let bell = app.get("/api/notifications").await.text();
    assert!(bell.contains("answered your demo request"), "{bell}");
    let list = app.get("/api/demo-requests").await.json();
    let mine = &list["items"][0];
    assert_eq!(mine["state"], "answered");
    assert_eq!(
        mine["answer"]["schedulingUrl"],
        "https://chartswap.example.com/demo"
    );
    assert!(
        mine["line"].as_str().unwrap().contains(" answered on "),
        "{mine}"
    );
    assert_eq!(mine["mine"], true);

    // Only the person who asked marks it booked: not her colleague.
    app.cookie = max_cookie.clone();
    let res = app.call(Method::POST, &booked, None).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    assert_eq!(
        app.get("/api/demo-requests").await.json()["items"][0]["mine"],
        false
    );
    app.cookie = mia_cookie.clone();
    let res = app.call(Method::POST, &booked, None).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["state"], "booked");
    assert!(
        res.json()["line"]
            .as_str()
            .unwrap()
            .contains("Demo booked on")
    );
    let shortlist = app.get("/api/shortlist").await.text();
    assert!(shortlist.contains("Demo booked"), "{shortlist}");
    // A booked request takes no more answers.
    let res = as_vendor(
        &mut app,
        &pat_cookie,
        Method::POST,
        &path,
        Some(json!({ "schedulingUrl": "https://chartswap.example.com/other" })),
    )
    .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());

    // A withdrawal: the vendor sees the request's state and nothing of what it shared.
    let asked = format!("/api/vendors/{other}/demo-requests");
    let res = app
        .post(
            &asked,
            json!({ "shareEmail": true, "note": "Withdrawn soon." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let second = res.json()["id"].as_u64().unwrap();
    app.cookie = max_cookie.clone();
    let res = app
        .call(
            Method::POST,
            &format!("/api/demo-requests/{second}/withdraw"),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["state"], "withdrawn");
    assert_eq!(res.json()["withdrawnBy"], "Max Roe");
    let rival = as_vendor(
        &mut app,
        &rival_cookie,
        Method::GET,
        "/api/vendor/demo-requests",
        None,
    )
    .await;
    let rival_text = rival.text();
    assert_eq!(rival.json()["items"][0]["state"], "withdrawn");
    assert!(
        !rival_text.contains("Withdrawn soon.") && !rival_text.contains(&mia),
        "{rival_text}"
    );
    let res = as_vendor(
        &mut app,
        &rival_cookie,
        Method::POST,
        &format!("/api/vendor/demo-requests/{second}/answer"),
        Some(json!({ "schedulingUrl": "https://rival.example.com/demo" })),
    )
    .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());

    // The limit per member and vendor: three in 30 days, withdrawn ones counted.
    app.cookie = mia_cookie.clone();
    for _ in 0..2 {
        let res = app.post(&asked, json!({})).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let n = res.json()["id"].as_u64().unwrap();
        let res = app
            .call(
                Method::POST,
                &format!("/api/demo-requests/{n}/withdraw"),
                None,
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let res = app.post(&asked, json!({})).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.text());
    assert!(
        res.json()["error"].as_str().unwrap().contains("3 times"),
        "{}",
        res.text()
    );
    // Max may still ask.
    app.cookie = max_cookie.clone();
    let res = app.post(&asked, json!({ "shareName": true })).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    // A vendor without people: no request, "Ask them to join" instead (once per firm).
    let res = app
        .post(&format!("/api/vendors/{unlisted}/demo-requests"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert!(
        res.json()["error"]
            .as_str()
            .unwrap()
            .contains("Ask them to join")
    );
    for _ in 0..2 {
        let res = app
            .call(
                Method::POST,
                &format!("/api/vendors/{unlisted}/join-request"),
                None,
            )
            .await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    }
    let res = app
        .call(
            Method::POST,
            &format!("/api/vendors/{chartswap}/join-request"),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());

    // The operator reads counts per vendor, never contents; a firm may not.
    let res = app.get("/api/admin/demo-requests").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    app.cookie = operator;
    let counts = app.get("/api/admin/demo-requests").await;
    assert_eq!(counts.status, StatusCode::OK, "{}", counts.text());
    let text = counts.text();
    for content in [
        "About 30 seats.",
        "Mia Roe",
        "Max Roe",
        &mia,
        "Doe & Partners",
    ] {
        assert!(
            !text.contains(content),
            "{content} in the operator's counts: {text}"
        );
    }
    let counts = counts.json();
    let of = |vendor: u64| {
        counts["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["vendorId"].as_u64() == Some(vendor))
            .cloned()
            .unwrap_or_else(|| panic!("no counts of {vendor}: {counts}"))
    };
    let first = of(chartswap);
    assert_eq!(
        (
            first["requested"].as_u64(),
            first["answered"].as_u64(),
            first["booked"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    let second = of(other);
    assert_eq!(
        (second["requested"].as_u64(), second["withdrawn"].as_u64()),
        (Some(4), Some(3))
    );
    let join = of(unlisted);
    assert_eq!(join["hasAccount"], false);
    assert_eq!(join["firmsAskedToJoin"].as_u64(), Some(1));
}
