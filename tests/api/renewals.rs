//! Contracts and renewals (issue 32): `GET|PUT /api/techstack/{toolId}/contract`,
//! `GET /api/renewals` (JSON and `?format=ics`) and the firm's secret calendar feed. Dates are
//! written relative to the real today (the server's clock), so the expected deadlines are
//! computed here the way a person would count them on a calendar.
//!
//! The calendars are parsed by the `icalendar` package from PyPI (scripts/ics-check.sh installs it,
//! pinned, into target/ics-check-venv), as a calendar app would read them.

use axum::http::{Method, StatusCode};
use chrono::{Days, Months, NaiveDate};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse, audit_actions};

fn today() -> NaiveDate {
    chrono::Utc::now().date_naive()
}

/// Signs up Ann (owner) and lists two catalog vendors of one category in her firm's stack.
async fn firm_with_tools() -> (TestApp, u64, [u64; 2]) {
    let mut app = TestApp::new();
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    let (category, vendors) = two_vendors(&mut app).await;
    list_tools(&mut app, category, &vendors).await;
    (app, ann, vendors)
}

async fn two_vendors(app: &mut TestApp) -> (u64, [u64; 2]) {
    let list = app.get("/api/profile/category-adoption").await.json();
    let item = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["vendors"].as_array().unwrap().len() >= 2)
        .expect("a category with two vendors");
    let id = |n: usize| item["vendors"][n]["id"].as_u64().unwrap();
    (item["category"]["id"].as_u64().unwrap(), [id(0), id(1)])
}

async fn list_tools(app: &mut TestApp, category: u64, vendors: &[u64]) {
    let body = json!({ "items": [{
        "categoryId": category, "hasTool": !vendors.is_empty(), "selectedVendorIds": vendors
    }] });
    let res = app.post("/api/profile/category-adoption", body).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

fn path(tool: u64) -> String {
    format!("/api/techstack/{tool}/contract")
}

async fn put(app: &mut TestApp, tool: u64, body: Value) -> TestResponse {
    app.call(Method::PUT, &path(tool), Some(body)).await
}

fn contract(start: NaiveDate, term: u32, notice: u32, responsible: u64) -> Value {
    json!({
        "startDate": start.to_string(), "termMonths": term, "noticeDays": notice,
        "annualCost": 1_234_500, "seats": 12, "responsibleUserId": responsible
    })
}

/// Runs scripts/ics-check.sh (the `icalendar` package) on `body` and answers its JSON.
fn parsed_calendar(body: &[u8]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("renewals.ics");
    std::fs::write(&file, body).unwrap();
    let out = std::process::Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/ics-check.sh"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(body)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_contract_round_trips_with_its_deadline_counted_from_today() {
    let (mut app, ann, [tool, other]) = firm_with_tools().await;
    let start = today() - Days::new(40);
    let res = put(&mut app, tool, contract(start, 12, 30, ann)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let saved = res.json();

    let renewal = start + Months::new(12);
    let deadline = renewal - Days::new(30);
    assert_eq!(saved["toolId"], tool);
    assert_eq!(saved["startDate"], start.to_string());
    assert_eq!(saved["termMonths"], 12);
    assert_eq!(saved["renewalDate"], renewal.to_string(), "start plus term");
    assert_eq!(saved["nextRenewalDate"], renewal.to_string());
    assert_eq!(saved["noticeDays"], 30);
    assert_eq!(saved["annualCost"], 1_234_500);
    assert_eq!(saved["seats"], 12);
    assert_eq!(saved["responsibleUserId"], ann);
    assert_eq!(saved["responsibleName"], "Ann Doe");
    assert_eq!(saved["optOutDeadline"], deadline.to_string());
    assert_eq!(
        saved["daysUntilDeadline"],
        (deadline - today()).num_days(),
        "{saved}"
    );
    assert_eq!(saved["noticeBeforeStart"], false);
    assert_eq!(app.get(&path(tool)).await.json(), saved);

    // A second tool whose renewal passed: it rolled over, and the next renewal is a term later.
    let passed = json!({
        "startDate": (today() - Months::new(14)).to_string(), "termMonths": 12,
        "renewalDate": (today() - Months::new(2)).to_string(), "noticeDays": 60,
        "annualCost": 0, "seats": 1, "responsibleUserId": ann
    });
    let res = put(&mut app, other, passed).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let rolled = res.json();
    let next = today() - Months::new(2) + Months::new(12);
    assert_eq!(rolled["nextRenewalDate"], next.to_string());
    assert_eq!(rolled["optOutDeadline"], (next - Days::new(60)).to_string());

    // Soonest deadline first: about 245 days away, then about 295.
    let list = app.get("/api/renewals").await.json();
    assert_eq!(list["today"], today().to_string());
    let order: Vec<u64> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["toolId"].as_u64().unwrap())
        .collect();
    assert_eq!(order, [other, tool]);

    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        audit_actions(&log)[..2],
        ["contract_saved", "contract_saved"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn notice_longer_than_the_term_is_due_before_the_start_and_still_dated() {
    let (mut app, ann, [tool, _]) = firm_with_tools().await;
    let start = today() + Days::new(10);
    let res = put(&mut app, tool, contract(start, 1, 90, ann)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let saved = res.json();
    let deadline = start + Months::new(1) - Days::new(90);
    assert_eq!(saved["optOutDeadline"], deadline.to_string());
    assert_eq!(saved["noticeBeforeStart"], true);
    assert!(saved["daysUntilDeadline"].as_i64().unwrap() < 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn each_bad_value_is_a_400_naming_its_field_and_changes_nothing() {
    let (mut app, ann, [tool, _]) = firm_with_tools().await;
    let good = contract(today(), 12, 30, ann);
    assert_eq!(
        put(&mut app, tool, good.clone()).await.status,
        StatusCode::OK
    );
    let before = app.get(&path(tool)).await.json();

    let cases: [(&str, Value, &str); 12] = [
        ("startDate", json!(null), "startDate"),
        ("startDate", json!("2027-02-30"), "startDate"),
        ("startDate", json!("next week"), "startDate"),
        ("termMonths", json!(0), "termMonths"),
        ("termMonths", json!(121), "termMonths"),
        ("renewalDate", json!(today().to_string()), "renewalDate"),
        ("noticeDays", json!(366), "noticeDays"),
        ("noticeDays", json!(-1), "noticeDays"),
        ("annualCost", json!(-5), "annualCost"),
        ("seats", json!(0), "seats"),
        ("seats", json!(100_001), "seats"),
        ("responsibleUserId", json!(999_999), "responsibleUserId"),
    ];
    for (field, value, named) in cases {
        let mut body = good.clone();
        body[field] = value;
        let res = put(&mut app, tool, body).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{field}: {}",
            res.text()
        );
        assert!(res.error().contains(named), "{field}: {}", res.error());
    }
    // Someone of another firm is not a member of this one.
    app.cookie = None;
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json()["user"]["id"].clone();
    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    let mut body = good.clone();
    body["responsibleUserId"] = bo;
    let res = put(&mut app, tool, body).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("member"), "{}", res.error());

    assert_eq!(
        app.get(&path(tool)).await.json(),
        before,
        "nothing half-written"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn viewers_read_members_write_and_other_firms_see_no_tool() {
    let (mut app, ann, [tool, second]) = firm_with_tools().await;
    let owner = app.cookie.clone();
    let token = app.invite("mo@doe-law.com", "member").await;
    let mo = app.join(&token, "Mo Doe", "mo@doe-law.com").await.json()["user"]["id"]
        .as_u64()
        .unwrap();
    // A member writes, naming another member responsible.
    let res = put(&mut app, tool, contract(today(), 24, 60, ann)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["updatedBy"], "Mo Doe");

    app.cookie = owner.clone();
    let token = app.invite("vi@doe-law.com", "viewer").await;
    let vi = app.join(&token, "Vi Doe", "vi@doe-law.com").await.json()["user"]["id"]
        .as_u64()
        .unwrap();
    // A viewer cannot be made responsible: they could not act on the renewal.
    let viewer_session = app.cookie.clone();
    app.cookie = owner.clone();
    let res = put(&mut app, tool, contract(today(), 12, 30, vi)).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error().contains("Vi Doe has view-only access"),
        "{}",
        res.error()
    );
    app.cookie = viewer_session;
    let res = put(&mut app, tool, contract(today(), 12, 30, mo)).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    let res = app.get(&path(tool)).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(
        res.json()["termMonths"],
        24,
        "the viewer's write changed nothing"
    );
    let res = app.post("/api/firm/calendar-feed", json!({})).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);

    // Another firm: Ann's tool is not in its stack; once it lists the same vendor, it still
    // sees no contract of Ann's.
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert_eq!(app.get(&path(tool)).await.status, StatusCode::NOT_FOUND);
    let res = put(&mut app, tool, contract(today(), 12, 30, 1)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    let (category, _) = two_vendors(&mut app).await;
    list_tools(&mut app, category, &[tool]).await;
    let res = app.get(&path(tool)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert!(res.error().contains("No contract"), "{}", res.error());
    assert!(
        app.get("/api/renewals").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    // A vendor not in the stack is a 404 for its own firm too; then a tool taken out of the stack
    // hides its contract, which comes back when it is listed again.
    app.cookie = owner;
    assert_eq!(
        put(&mut app, second + 1_000_000, contract(today(), 12, 30, ann))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let (category, _) = two_vendors(&mut app).await;
    list_tools(&mut app, category, &[second]).await;
    assert_eq!(app.get(&path(tool)).await.status, StatusCode::NOT_FOUND);
    assert!(
        app.get("/api/renewals").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    list_tools(&mut app, category, &[tool, second]).await;
    assert_eq!(app.get(&path(tool)).await.json()["termMonths"], 24);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_calendar_parses_and_its_uids_are_stable_across_downloads() {
    let (mut app, ann, [tool, other]) = firm_with_tools().await;
    for (t, notice) in [(tool, 30), (other, 45)] {
        let res = put(&mut app, t, contract(today(), 12, notice, ann)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let list = app.get("/api/renewals").await.json();
    let first = app.get("/api/renewals?format=ics").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    assert_eq!(
        first.headers["content-type"],
        "text/calendar; charset=utf-8"
    );
    let parsed = parsed_calendar(&first.body);
    let events = parsed["events"].as_array().unwrap();
    assert_eq!(events.len(), 2, "{parsed}");
    for (event, item) in events.iter().zip(list["items"].as_array().unwrap()) {
        assert_eq!(event["start"], item["optOutDeadline"]);
        let name = item["toolName"].as_str().unwrap();
        assert!(event["summary"].as_str().unwrap().contains(name), "{event}");
        assert!(event["uid"].as_str().unwrap().starts_with("renewal-"));
        assert_eq!(event["alarm"], "-1 day, 0:00:00");
    }
    assert_ne!(events[0]["uid"], events[1]["uid"]);

    let again = parsed_calendar(&app.get("/api/renewals?format=ics").await.body);
    let uids = |p: &Value| -> Vec<Value> {
        p["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["uid"].clone())
            .collect()
    };
    assert_eq!(uids(&again), uids(&parsed));

    let res = app.get("/api/renewals?format=pdf").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("ics"), "{}", res.error());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_feed_url_works_without_a_session_until_replaced_or_revoked() {
    let (mut app, ann, [tool, _]) = firm_with_tools().await;
    let res = put(&mut app, tool, contract(today(), 12, 30, ann)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        app.get("/api/firm/calendar-feed").await.json()["active"],
        false
    );

    let res = app.post("/api/firm/calendar-feed", json!({})).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let url = res.json()["url"].as_str().unwrap().to_string();
    let feed_path = &url[url.find("/api/calendar/").unwrap()..];
    assert!(feed_path.ends_with(".ics"));
    assert_eq!(feed_path.len(), "/api/calendar/".len() + 64 + 4, "{url}");
    assert_eq!(
        app.get("/api/firm/calendar-feed").await.json()["active"],
        true
    );

    let owner = app.cookie.take();
    let res = app.get(feed_path).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let events = parsed_calendar(&res.body)["events"].clone();
    assert_eq!(events.as_array().unwrap().len(), 1);
    // A wrong token is a 404 like a revoked one.
    let wrong = format!("/api/calendar/{}.ics", "ab".repeat(32));
    assert_eq!(app.get(&wrong).await.status, StatusCode::NOT_FOUND);

    // A new feed replaces the old: the old URL is gone.
    app.cookie = owner.clone();
    let res = app.post("/api/firm/calendar-feed", json!({})).await;
    let url2 = res.json()["url"].as_str().unwrap().to_string();
    let feed2 = url2[url2.find("/api/calendar/").unwrap()..].to_string();
    assert_ne!(feed2, feed_path);
    app.cookie = None;
    assert_eq!(app.get(feed_path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&feed2).await.status, StatusCode::OK);

    app.cookie = owner;
    let res = app
        .call(Method::DELETE, "/api/firm/calendar-feed", None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    app.cookie = None;
    assert_eq!(app.get(&feed2).await.status, StatusCode::NOT_FOUND);

    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        audit_actions(&log)[..3],
        [
            "calendar_feed_revoked",
            "calendar_feed_created",
            "calendar_feed_created"
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_merge_moves_the_contract_to_the_kept_vendor() {
    // Ann signed up first: she is the install's operator too.
    let (mut app, ann, [tool, second]) = firm_with_tools().await;
    let res = put(&mut app, tool, contract(today(), 24, 45, ann)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(app.get(&path(second)).await.status, StatusCode::NOT_FOUND);

    let merge = json!({ "from": tool, "into": second });
    let res = app.post("/api/admin/vendors/merge", merge).await;
    assert!(res.status.is_success(), "{}", res.text());

    let moved = app.get(&path(second)).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
    assert_eq!(moved.json()["termMonths"], 24);
    assert_eq!(moved.json()["noticeDays"], 45);
    let list = app.get("/api/renewals").await.json();
    assert_eq!(list["items"].as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list["items"][0]["toolId"], second);
}
