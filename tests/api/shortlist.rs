//! The shortlist: GET/PUT/DELETE /api/shortlist/{vendorId}, the demo outcome, the brief (JSON and
//! CSV), what a meeting click does (nothing but ask) and other firms' outcomes in the ranking (from 5 firms up).

use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, TestResponse};

const AVVO: u64 = 1; // Lead Generation, stage 1
const LEAD_DOCKET: u64 = 11; // Intake, stage 2
const LAWMATICS: u64 = 12; // Intake, stage 2, has a scheduler
const INTAKE: u64 = 2;
const LEAD_GENERATION: u64 = 1;

async fn put(app: &mut TestApp, vendor_id: u64, body: Value) -> TestResponse {
    app.call(
        Method::PUT,
        &format!("/api/shortlist/{vendor_id}"),
        Some(body),
    )
    .await
}

async fn outcome(app: &mut TestApp, vendor_id: u64, body: Value) -> TestResponse {
    app.call(
        Method::PUT,
        &format!("/api/shortlist/{vendor_id}/outcome"),
        Some(body),
    )
    .await
}

async fn shortlist(app: &mut TestApp) -> Value {
    let res = app.get("/api/shortlist").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn entry(list: &Value, vendor_id: u64) -> Option<Value> {
    list["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["entries"].as_array().unwrap())
        .find(|e| e["vendorId"] == vendor_id)
        .cloned()
}

async fn signed_in() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up().await;
    app
}

#[tokio::test(flavor = "multi_thread")]
async fn shortlisted_vendors_are_grouped_by_stage_with_a_comparison_of_each_stage() {
    let mut app = signed_in().await;
    for id in [LAWMATICS, AVVO, LEAD_DOCKET] {
        let res = put(&mut app, id, json!({})).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        assert_eq!(res.json()["status"], "Considering");
    }

    let list = shortlist(&mut app).await;

    let groups = list["groups"].as_array().unwrap();
    let ids: Vec<u64> = groups
        .iter()
        .map(|g| g["categoryId"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [LEAD_GENERATION, INTAKE], "stage order");
    assert_eq!(groups[0]["stage"], 1);
    assert_eq!(
        groups[0]["compareIds"],
        json!([]),
        "one vendor: nothing to compare"
    );
    assert_eq!(
        groups[1]["compareIds"],
        json!([LAWMATICS, LEAD_DOCKET]),
        "by name"
    );
    let lawmatics = entry(&list, LAWMATICS).unwrap();
    assert_eq!(lawmatics["vendorName"], "Lawmatics");
    assert_eq!(lawmatics["verifiedOn"], "2026-11-22");
    assert_eq!(lawmatics["priceBracket"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_put_is_idempotent_and_status_changes_keep_their_dates() {
    let mut app = signed_in().await;
    put(&mut app, LAWMATICS, json!({ "status": "Demo booked" })).await;
    put(&mut app, LAWMATICS, json!({ "status": "Demo booked" })).await;
    put(&mut app, LAWMATICS, json!({ "status": "Demo held" })).await;
    let res = put(&mut app, LAWMATICS, json!({ "status": "Chosen" })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    let history: Vec<&str> = e["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["Demo booked", "Demo held", "Chosen"]);
    let at = e["history"][0]["at"].as_str().unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(at).is_ok(), "{at}");
    assert_eq!(e["status"], "Chosen");
    assert_eq!(e["outcome"]["demoHeld"], true);
    assert_eq!(e["outcome"]["chosen"], true);
    assert_eq!(
        e["asks"]["satisfaction"], false,
        "only 90 days after Chosen"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn rejected_asks_for_a_reason_of_at_most_200_characters() {
    let mut app = signed_in().await;
    put(&mut app, AVVO, json!({})).await;

    let res = put(&mut app, AVVO, json!({ "status": "Rejected" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("why"), "{}", res.error());

    let res = put(
        &mut app,
        AVVO,
        json!({ "status": "Rejected", "rejectReason": "x".repeat(201) }),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "A reason can be at most 200 characters");

    let res = put(
        &mut app,
        AVVO,
        json!({ "status": "Rejected", "rejectReason": "Too expensive for us" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = put(&mut app, AVVO, json!({ "rejectReason": "y".repeat(201) })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let e = entry(&shortlist(&mut app).await, AVVO).unwrap();
    assert_eq!(
        e["rejectReason"], "Too expensive for us",
        "the old reason is kept"
    );
    assert_eq!(e["status"], "Rejected");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_note_over_2000_characters_is_refused_and_the_old_note_kept() {
    let mut app = signed_in().await;
    let note = "Ask about the Filevine sync. ".repeat(60); // 1,740 characters
    let res = put(&mut app, LAWMATICS, json!({ "note": note })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let res = put(&mut app, LAWMATICS, json!({ "note": "n".repeat(2_001) })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "A note can be at most 2,000 characters");

    let res = put(&mut app, LAWMATICS, json!({ "note": "é".repeat(2_000) })).await;
    assert_eq!(
        res.status,
        StatusCode::OK,
        "2,000 characters are fine, however many bytes"
    );
    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    assert_eq!(e["note"], "é".repeat(2_000));
    // The refused note left nothing behind either.
    put(&mut app, LAWMATICS, json!({ "note": "z".repeat(3_000) })).await;
    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    assert_eq!(e["note"], "é".repeat(2_000));
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_statuses_vendors_and_ids_are_refused_clearly() {
    let mut app = signed_in().await;
    let res = put(&mut app, AVVO, json!({ "status": "Maybe" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("Demo booked"), "{}", res.error());
    assert!(
        entry(&shortlist(&mut app).await, AVVO).is_none(),
        "nothing half-written"
    );

    for (method, path) in [
        (Method::PUT, "/api/shortlist/999999"),
        (Method::DELETE, "/api/shortlist/999999"),
        (Method::PUT, "/api/shortlist/999999/outcome"),
    ] {
        let body = (method == Method::PUT).then(|| json!({}));
        let res = app.call(method.clone(), path, body).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{method} {path}");
        assert_eq!(res.error(), "There is no vendor with id 999999");
    }
    let res = put_raw(&mut app, "/api/shortlist/abc").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "Vendor ids are whole numbers like 42");
}

async fn put_raw(app: &mut TestApp, path: &str) -> TestResponse {
    app.call(Method::PUT, path, Some(json!({}))).await
}

#[tokio::test(flavor = "multi_thread")]
async fn outcomes_follow_the_demo_and_satisfaction_is_one_to_five() {
    let mut app = signed_in().await;
    let res = outcome(&mut app, LAWMATICS, json!({ "demoHeld": true })).await;
    assert_eq!(
        res.status,
        StatusCode::NOT_FOUND,
        "not on the shortlist yet"
    );
    assert_eq!(res.error(), "That vendor is not on your shortlist");

    put(&mut app, LAWMATICS, json!({ "status": "Demo booked" })).await;
    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    assert_eq!(e["asks"]["demoHappened"], true);

    let res = outcome(&mut app, LAWMATICS, json!({ "chosen": true })).await;
    assert_eq!(
        res.status,
        StatusCode::BAD_REQUEST,
        "chosen before the demo was held"
    );
    assert!(res.error().contains("demo happened"), "{}", res.error());

    let res = outcome(&mut app, LAWMATICS, json!({ "demoHeld": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "Demo held");
    assert_eq!(res.json()["asks"]["chosen"], true);

    let res = outcome(&mut app, LAWMATICS, json!({ "satisfaction": 4 })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "not chosen yet");

    let res = outcome(&mut app, LAWMATICS, json!({ "chosen": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "Chosen");

    for bad in [json!(0), json!(6), json!(3.5), json!("4")] {
        let res = outcome(&mut app, LAWMATICS, json!({ "satisfaction": bad })).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "satisfaction {bad}");
    }
    let res = outcome(&mut app, LAWMATICS, json!({ "satisfaction": 5 })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["outcome"]["satisfaction"], 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn not_choosing_after_the_demo_rejects_the_vendor_with_a_reason_the_firm_can_edit() {
    let mut app = signed_in().await;
    put(&mut app, LAWMATICS, json!({ "status": "Demo held" })).await;

    let res = outcome(&mut app, LAWMATICS, json!({ "chosen": false })).await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let e = res.json();
    assert_eq!(e["status"], "Rejected", "never left at Demo held: {e}");
    assert_eq!(e["rejectReason"], "Not chosen after the demo");
    assert_eq!(e["outcome"]["chosen"], false);
    let res = put(
        &mut app,
        LAWMATICS,
        json!({ "rejectReason": "Too slow to answer calls" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["rejectReason"], "Too slow to answer calls");

    // A reason the firm gave before is kept, not overwritten.
    put(&mut app, LEAD_DOCKET, json!({ "status": "Demo held" })).await;
    put(&mut app, LEAD_DOCKET, json!({ "rejectReason": "Pricey" })).await;
    let res = outcome(&mut app, LEAD_DOCKET, json!({ "chosen": false })).await;
    assert_eq!(res.json()["status"], "Rejected");
    assert_eq!(res.json()["rejectReason"], "Pricey");
}

#[tokio::test(flavor = "multi_thread")]
async fn another_users_entries_are_never_visible_or_writable() {
    let mut app = signed_in().await;
    put(
        &mut app,
        LAWMATICS,
        json!({ "note": "Ann's private note", "status": "Demo held" }),
    )
    .await;
    let ann = app.cookie.take().unwrap();
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Bob Roe", "email": "bob@roe-law.com", "password": PASSWORD,
                    "lawFirm": "Roe Law", "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);

    assert_eq!(shortlist(&mut app).await["groups"], json!([]));
    let res = app.get("/api/shortlist/brief.csv").await;
    assert!(!res.text().contains("private"), "{}", res.text());
    // Bob's writes only ever reach Bob's own entry.
    let res = put(&mut app, LAWMATICS, json!({ "note": "Bob's" })).await;
    assert_eq!(res.json()["note"], "Bob's");
    assert_eq!(res.json()["status"], "Considering");
    let res = app
        .call(Method::DELETE, &format!("/api/shortlist/{LAWMATICS}"), None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let res = outcome(&mut app, LAWMATICS, json!({ "demoHeld": false })).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    app.cookie = Some(ann);
    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    assert_eq!(e["note"], "Ann's private note");
    assert_eq!(e["status"], "Demo held");
}

#[tokio::test(flavor = "multi_thread")]
async fn delete_takes_a_vendor_off_and_a_second_delete_is_fine() {
    let mut app = signed_in().await;
    put(&mut app, AVVO, json!({})).await;
    for _ in 0..2 {
        let res = app.call(Method::DELETE, "/api/shortlist/1", None).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT);
    }
    assert_eq!(shortlist(&mut app).await["groups"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_meeting_click_changes_no_status_and_the_entry_asks_whether_a_demo_was_booked() {
    let mut app = signed_in().await;
    let body = json!({ "vendorId": LAWMATICS, "sourcePage": "BROWSE" });
    let res = app.post("/api/meeting-clicks", body.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let day = &res.json()["recordedAt"].as_str().unwrap()[..10].to_string();
    assert_eq!(
        shortlist(&mut app).await["groups"],
        json!([]),
        "nothing added"
    );

    // Added by the person: Considering, asked about the click.
    put(&mut app, LAWMATICS, json!({})).await;
    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    assert_eq!(e["status"], "Considering");
    assert_eq!(e["shownStatus"], "Considering");
    assert_eq!(e["schedulerOpenedOn"], day.as_str());
    assert_eq!(
        e["asks"],
        json!({ "demoBooked": true, "demoHappened": false, "chosen": false, "satisfaction": false })
    );
    // Another vendor nobody clicked is not asked about.
    let res = put(&mut app, AVVO, json!({})).await;
    assert_eq!(res.json()["asks"]["demoBooked"], false);

    // "Yes": Demo booked with its date, said by the person; then the demo questions.
    let res = put(
        &mut app,
        LAWMATICS,
        json!({ "status": "Demo booked", "demoDate": "2026-03-10" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let e = res.json();
    assert_eq!(e["shownStatus"], "Demo booked");
    assert_eq!(e["demoDate"], "2026-03-10");
    assert_eq!(e["asks"]["demoBooked"], false);
    assert_eq!(e["asks"]["demoHappened"], true);

    // A later status is never moved by a click, of either kind.
    put(&mut app, LAWMATICS, json!({ "status": "Chosen" })).await;
    app.post("/api/meeting-clicks", body).await;
    app.post(
        "/api/meeting-clicks",
        json!({ "vendorId": LAWMATICS, "sourcePage": "BROWSE", "kind": "WEBSITE" }),
    )
    .await;
    let e = entry(&shortlist(&mut app).await, LAWMATICS).unwrap();
    assert_eq!(e["status"], "Chosen");
    let statuses: Vec<&str> = e["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["Considering", "Demo booked", "Chosen"]);
}

/// Writes what a Schedule Meeting click wrote before clicks were clicks: the vendor on the
/// firm's shortlist as Demo booked, by the clicker, in the click's second.
fn legacy_click_entry(app: &TestApp, firm: u64, vendor: u64, at: i64, by: &str) {
    use litstack::shortlist::model::{Entry, Stamp, Status};
    let mut tx = app.state.store.begin().unwrap();
    litstack::shortlist::storage::update_in(
        &mut tx,
        litstack::platform::firm_id::FirmId::for_fixtures(firm),
        vendor,
        |_| {
            let stamp = Stamp { at, by: Some(by) };
            Ok((Entry::new(Status::DemoBooked, stamp), ()))
        },
    )
    .unwrap();
    tx.commit().unwrap();
}

async fn click_at(app: &mut TestApp, vendor: u64) -> i64 {
    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": vendor, "sourcePage": "GET_REC_STAGES" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    chrono::DateTime::parse_from_rfc3339(res.json()["recordedAt"].as_str().unwrap())
        .unwrap()
        .timestamp()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_entry_booked_only_by_a_click_shows_scheduler_opened_and_its_history_stays() {
    let mut app = TestApp::new();
    let firm = app.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    const CLIO_GROW: u64 = 17; // Intake, has a scheduler
    let at = click_at(&mut app, LAWMATICS).await;
    legacy_click_entry(&app, firm, LAWMATICS, at, "Ann Doe");
    let other = click_at(&mut app, CLIO_GROW).await;
    legacy_click_entry(&app, firm, CLIO_GROW, other, "Ann Doe");
    // Demo booked by someone who did not click then: theirs, and shown as it is.
    legacy_click_entry(&app, firm, AVVO, at, "Bo Lee");

    let list = shortlist(&mut app).await;
    let e = entry(&list, LAWMATICS).unwrap();
    assert_eq!(e["status"], "Demo booked", "the stored status is unchanged");
    assert_eq!(e["shownStatus"], "Scheduler opened");
    assert_eq!(e["asks"]["demoBooked"], true);
    assert_eq!(e["asks"]["demoHappened"], false, "no booking was said");
    assert_eq!(e["history"].as_array().unwrap().len(), 1);
    assert_eq!(e["history"][0]["status"], "Demo booked");
    assert_eq!(e["history"][0]["by"], "Ann Doe");
    let avvo = entry(&list, AVVO).unwrap();
    assert_eq!(avvo["shownStatus"], "Demo booked");
    assert_eq!(avvo["asks"]["demoBooked"], false);
    assert_eq!(avvo["asks"]["demoHappened"], true);
    // The brief reads the same entries.
    let brief = app.get("/api/shortlist/brief").await.json().to_string();
    assert!(brief.contains("Scheduler opened"), "{brief}");

    // "No": back to Considering, a change after the click; nothing asked any more.
    let res = put(&mut app, LAWMATICS, json!({ "status": "Considering" })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let e = res.json();
    assert_eq!(
        (&e["shownStatus"], &e["asks"]["demoBooked"]),
        (&json!("Considering"), &json!(false))
    );
    // "Yes, on a date": Demo booked as the person said.
    let res = put(
        &mut app,
        CLIO_GROW,
        json!({ "status": "Demo booked", "demoDate": "2026-03-10" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let e = res.json();
    assert_eq!(e["shownStatus"], "Demo booked");
    assert_eq!(e["asks"]["demoBooked"], false);
    assert_eq!(e["asks"]["demoHappened"], true);
}

async fn sign_up_firm(app: &mut TestApp, email: &str, firm: &str) {
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Pat Lee", "email": email, "password": PASSWORD,
                    "lawFirm": firm, "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // Only verified firms are evidence for others.
    app.verify_firm_of(&res);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_brief_holds_the_criteria_and_its_csv_escapes_formulas() {
    let mut app = TestApp::new();
    sign_up_firm(&mut app, "ann@doe-law.com", "Doe Injury Law").await;
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": INTAKE,
                    "answers": [{ "questionId": 201, "selectedValues": ["Phone calls"] }] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    put(
        &mut app,
        LAWMATICS,
        json!({ "note": "=HYPERLINK(\"http://evil.example\",\"x\")" }),
    )
    .await;
    put(
        &mut app,
        AVVO,
        json!({ "note": "@SUM(1+1)", "status": "Demo booked" }),
    )
    .await;

    let brief = app.get("/api/shortlist/brief").await.json();
    assert_eq!(brief["firmName"], "Doe Injury Law");
    let intake = &brief["groups"][1];
    assert_eq!(intake["categoryName"], "Intake");
    assert_eq!(intake["criteria"][0]["answers"], json!(["Phone calls"]));
    assert!(intake["criteriaAnsweredAt"].is_string());
    assert_eq!(intake["vendors"][0]["vendorName"], "Lawmatics");

    let res = app.get("/api/shortlist/brief.csv").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    let disposition = res.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"shortlist-brief-"),
        "{disposition}"
    );
    let mut reader = csv::Reader::from_reader(res.body.as_slice());
    let header_row = reader.headers().unwrap().clone();
    let note_col = header_row.iter().position(|h| h == "Note").unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2, "one row per vendor");
    let notes: Vec<&str> = rows.iter().map(|r| &r[note_col]).collect();
    assert_eq!(
        notes,
        ["'@SUM(1+1)", "'=HYPERLINK(\"http://evil.example\",\"x\")"]
    );
    assert!(
        rows[1].iter().any(|c| c.contains("Phone calls")),
        "the criteria"
    );
}

/// The viewer's Intake ranking: Lawmatics' reasons and whether an outcomes factor is in it.
async fn viewer_ranking(app: &mut TestApp, email: &str) -> (Vec<String>, bool) {
    sign_up_firm(app, email, &format!("Viewer {email}")).await;
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": INTAKE,
                    "answers": [{ "questionId": 201, "selectedValues": ["Phone calls"] }] }),
        )
        .await;
    let response_id = res.json()["responseId"].as_u64().unwrap();
    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": response_id, "categoryId": INTAKE }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let result = res.json();
    let lawmatics = result["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["vendor"]["id"] == LAWMATICS)
        .unwrap()
        .clone();
    let reasons = lawmatics["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let factor = result["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|v| v["breakdown"].as_array().unwrap())
        .any(|f| f["factor"] == "outcomes");
    (reasons, factor)
}

#[tokio::test(flavor = "multi_thread")]
async fn outcomes_of_four_firms_say_nothing_and_of_five_firms_give_a_reason() {
    let mut app = TestApp::new();
    firms_that_chose_lawmatics(&mut app, 0, 4).await;
    // A sign-up typing a counted firm's name is a firm of its own, and counts nothing until the
    // operator verifies it.
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Pat Lee", "email": "p0-colleague@peer.example", "password": PASSWORD,
                    "lawFirm": "peer  firm 0", "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    put(&mut app, LAWMATICS, json!({ "status": "Demo held" })).await;

    let (reasons, factor) = viewer_ranking(&mut app, "v1@viewer.example").await;
    assert!(
        !reasons.iter().any(|r| r.contains("had a demo")),
        "4 firms: {reasons:?}"
    );
    assert!(!factor, "no outcomes factor below 5 firms");

    firms_that_chose_lawmatics(&mut app, 4, 5).await;
    let (reasons, factor) = viewer_ranking(&mut app, "v2@viewer.example").await;
    assert!(
        reasons.contains(&"Most of the 5 firms your size that had a demo chose it".to_string()),
        "{reasons:?}"
    );
    assert!(factor);
}

/// Other firms of 6-20 employees (numbered `from..to`) that had a demo of Lawmatics and chose it.
async fn firms_that_chose_lawmatics(app: &mut TestApp, from: usize, to: usize) {
    for i in from..to {
        sign_up_firm(
            app,
            &format!("p{i}@peer.example"),
            &format!("Peer Firm {i}"),
        )
        .await;
        put(app, LAWMATICS, json!({ "status": "Demo held" })).await;
        let res = outcome(app, LAWMATICS, json!({ "chosen": true })).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
}

/// A firm's shortlist is everyone's: each note and status change says who made it, and one
/// member's change of one field leaves another member's change of another field standing.
#[tokio::test(flavor = "multi_thread")]
async fn members_share_the_shortlist_and_each_change_keeps_its_author() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.complete_onboarding().await;
    let ann = app.cookie.clone();
    let token = app.invite("cy@doe-law.com", "member").await;
    let res = app.join(&token, "Cy Poe", "cy@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let cy = app.cookie.clone();

    let res = put(
        &mut app,
        LEAD_DOCKET,
        json!({ "note": "Ask about the Clio sync" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie = ann.clone();
    // Ann moves the status without sending the note: Cy's note stays, with Cy as its author.
    let res = put(&mut app, LEAD_DOCKET, json!({ "status": "Demo booked" })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let seen = entry(&shortlist(&mut app).await, LEAD_DOCKET).unwrap();
    assert_eq!(seen["note"], "Ask about the Clio sync");
    assert_eq!(seen["noteBy"], "Cy Poe");
    assert!(seen["noteAt"].is_string());
    let by: Vec<&str> = seen["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["by"].as_str().unwrap())
        .collect();
    assert_eq!(by, ["Cy Poe", "Ann Doe"]);

    // Saving the same note again does not take its authorship.
    let res = put(
        &mut app,
        LEAD_DOCKET,
        json!({ "note": "Ask about the Clio sync" }),
    )
    .await;
    assert_eq!(res.json()["noteBy"], "Cy Poe");
    let res = put(
        &mut app,
        LEAD_DOCKET,
        json!({ "note": "Clio sync confirmed" }),
    )
    .await;
    assert_eq!(res.json()["noteBy"], "Ann Doe");

    // Cy sees the same entry; the brief's download says who, too.
    app.cookie = cy;
    let seen = entry(&shortlist(&mut app).await, LEAD_DOCKET).unwrap();
    assert_eq!(seen["status"], "Demo booked");
    assert_eq!(seen["noteBy"], "Ann Doe");
    let csv = app.get("/api/shortlist/brief.csv").await.text();
    let mut rows = csv.lines();
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    let row: Vec<&str> = rows.next().unwrap().split(',').collect();
    let cell = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        (cell("Status by"), cell("Note"), cell("Note by")),
        ("Ann Doe", "Clio sync confirmed", "Ann Doe")
    );
}

/// A NUL in any text of a body is refused at the edge with a message, on both backends
/// (PostgreSQL cannot store one; the fuzz test found it as a 500), and nothing is written.
#[tokio::test(flavor = "multi_thread")]
async fn a_nul_character_in_a_note_or_reason_is_a_400_and_writes_nothing() {
    let mut app = signed_in().await;
    for body in [
        json!({ "status": "Considering", "note": "a\u{0}b" }),
        json!({ "status": "Rejected", "rejectReason": "\u{0}" }),
    ] {
        let res = put(&mut app, 1, body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
        assert!(res.error().contains("NUL character"), "{}", res.error());
    }
    assert_eq!(entry(&shortlist(&mut app).await, 1), None);
    // The letters after an escaped backslash are text, kept as typed.
    let res = put(
        &mut app,
        1,
        json!({ "status": "Considering", "note": "C:\\u0000" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["note"], "C:\\u0000");
}
