//! GET /api/compare: every bad address refused with its own message, the columns with the firm's
//! own context, the rows that differ, the summary lines and the suppression of small counts.

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse};

const SMITH: u64 = 9301;
const RUBY: u64 = 9302;
const RETIRED: u64 = 9303;
const LEADCO: u64 = 9304;
const PRACTICE_MANAGEMENT: u64 = 10;
const INTAKE: u64 = 2;

const HEADER: &str = "id,name,category,websiteUrl,bookingUrl,logoUrl,description,shortHighlights,integrations,priceBracket,firmSizeSupported,practiceAreasSupported,geoFocus,tags,isRecommendedPartner,partnerLevel,isActive,sourceUrl,verifiedOn\n";

fn fixture_csv() -> String {
    String::from(HEADER)
        + "9301,Smith Intake,Intake,https://smith.example,https://smith.example/book,,Answers calls,24/7 answering;Bilingual,Clio;Zapier,2,E6_20;E21_50,Personal Injury,US,,false,,true,https://smith.example/facts,2026-11-01\n"
        + "9302,Ruby Intake,Intake,https://ruby.example,,,Receptionists,24/7 answering,Zapier,3,SOLO,Family Law,US,,false,,true,,\n"
        + "9303,Retired Intake,Intake,https://retired.example,,,,,,,,,,,false,,false,,\n"
        + "9304,LeadCo,Lead Generation,https://leadco.example,,,,,,1,E6_20,Personal Injury,US,,false,,true,,\n"
}

/// A signed-in firm of 6-20 employees over a catalog holding the fixture vendors.
async fn signed_in() -> TestApp {
    let mut app = TestApp::new();
    app.import_vendors(&fixture_csv());
    app.sign_up().await;
    app
}

async fn compare(app: &mut TestApp, ids: &str) -> TestResponse {
    app.get(&format!("/api/compare?ids={ids}")).await
}

fn column(comparison: &Value, id: u64) -> &Value {
    comparison["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("vendor {id} missing from {comparison}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn every_bad_list_of_ids_is_refused_with_a_clear_message() {
    let mut app = signed_in().await;
    let cases = [
        ("/api/compare", "Compare 2 to 4 vendors"),
        ("/api/compare?ids=", "Compare 2 to 4 vendors"),
        ("/api/compare?ids=9301", "Compare 2 to 4 vendors"),
        ("/api/compare?ids=1,2,3,4,5", "Compare 2 to 4 vendors"),
        ("/api/compare?ids=12,9301,12", "Vendor 12 is listed twice"),
        (
            "/api/compare?ids=abc,9301",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=9301,%209302",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=9301,+9302",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=%2B9301,9302",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=-9301,9302",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=9301,,9302",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=9301,1.5",
            "Vendor ids are whole numbers like 42",
        ),
        (
            "/api/compare?ids=9301,99999999999999999999999",
            "Vendor ids are whole numbers like 42",
        ),
    ];
    for (path, message) in cases {
        let res = app.get(path).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            res.text()
        );
        assert_eq!(res.error(), message, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_vendor_is_named_in_a_404() {
    let mut app = signed_in().await;
    let res = compare(&mut app, "9301,999999").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert_eq!(res.error(), "There is no vendor with id 999999");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_comparison_needs_a_session() {
    let mut app = TestApp::new();
    let res = compare(&mut app, "1,2").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert!(res.json()["error"].is_string());
}

#[tokio::test(flavor = "multi_thread")]
async fn columns_follow_the_order_asked_and_mark_the_firms_tools_and_the_differences() {
    let mut app = signed_in().await;
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": PRACTICE_MANAGEMENT, "hasTool": true, "otherVendors": ["Clio"] }] }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());

    let res = compare(&mut app, &format!("{RUBY},{SMITH},{RETIRED}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let c = res.json();
    let ids: Vec<u64> = c["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [RUBY, SMITH, RETIRED]);
    assert_eq!(c["differentCategories"], false);
    assert_eq!(c["firmSize"], "E6_20");
    assert_eq!(c["demandDays"], 90);

    let smith = column(&c, SMITH);
    assert_eq!(
        smith["category"],
        json!({ "id": INTAKE, "name": "Intake", "label": "Intake" })
    );
    assert_eq!(smith["priceBracket"], 2);
    assert_eq!(smith["firmSizes"], json!(["E6_20", "E21_50"]));
    assert_eq!(smith["practiceAreas"], json!(["Personal Injury"]));
    assert_eq!(
        smith["integrations"],
        json!([{ "name": "Clio", "inYourStack": true }, { "name": "Zapier", "inYourStack": false }])
    );
    assert_eq!(smith["highlights"], json!(["24/7 answering", "Bilingual"]));
    assert_eq!(smith["verifiedOn"], "2026-11-01");
    assert_eq!(smith["sourceUrl"], "https://smith.example/facts");
    assert_eq!(smith["bookingUrl"], "https://smith.example/book");
    assert_eq!(smith["matchScore"], Value::Null);
    assert_eq!(smith["isActive"], true);
    assert!(
        smith["summary"]
            .as_str()
            .unwrap()
            .starts_with("Only Smith Intake integrates with Clio, which your firm uses."),
        "{}",
        smith["summary"]
    );
    assert_eq!(column(&c, RETIRED)["isActive"], false);
    assert!(
        column(&c, RETIRED)["summary"]
            .as_str()
            .unwrap()
            .starts_with("Retired Intake is no longer active."),
    );

    let differing: Vec<&str> = c["differing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    for row in [
        "priceBracket",
        "firmSizes",
        "practiceAreas",
        "integrations",
        "highlights",
        "verifiedOn",
        "scheduling",
        "isActive",
    ] {
        assert!(differing.contains(&row), "{row} in {differing:?}");
    }
    for row in [
        "category",
        "partner",
        "recentDemoBookings",
        "peerAdoption",
        "matchScore",
    ] {
        assert!(!differing.contains(&row), "{row} in {differing:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn vendors_of_different_categories_are_said_to_answer_different_needs() {
    let mut app = signed_in().await;
    let c = compare(&mut app, &format!("{SMITH},{LEADCO}")).await.json();
    assert_eq!(c["differentCategories"], true);
    assert!(
        c["differing"]
            .as_array()
            .unwrap()
            .contains(&json!("category"))
    );
    assert!(
        column(&c, LEADCO)["summary"]
            .as_str()
            .unwrap()
            .contains("LeadCo is the only Lead Generation tool here."),
        "{}",
        column(&c, LEADCO)["summary"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_match_score_comes_from_the_firms_latest_questionnaire_in_the_category() {
    let mut app = signed_in().await;
    let questions = app.get(&format!("/api/questions/{INTAKE}")).await.json();
    let answers: Vec<Value> = questions
        .as_array()
        .unwrap()
        .iter()
        .map(|q| json!({ "questionId": q["id"], "selectedValues": [q["options"][0]] }))
        .collect();
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": INTAKE, "answers": answers }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());

    let c = compare(&mut app, &format!("{SMITH},{RUBY},{LEADCO}"))
        .await
        .json();
    for id in [SMITH, RUBY] {
        let score = &column(&c, id)["matchScore"];
        assert!(score["score"].as_u64().unwrap() <= 100, "{score}");
        assert_eq!(
            score["answeredOn"],
            chrono::Utc::now().date_naive().to_string()
        );
    }
    // No questionnaire answered in Lead Generation.
    assert_eq!(column(&c, LEADCO)["matchScore"], Value::Null);
}

/// The admin page's upload of a bookings CSV.
async fn upload_bookings(app: &mut TestApp, csv: &str) -> TestResponse {
    let boundary = "litstackcompareboundary42";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bookings.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
    );
    let req = app
        .request(Method::POST, "/api/admin/demo-bookings/import")
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(Body::from(body))
        .unwrap();
    app.send(req).await
}

/// `n` real bookings of `client` by firms of `size`, in the last 90 days, ids from `first`.
fn bookings(first: usize, n: usize, client: &str, size: &str) -> String {
    let today = chrono::Utc::now().date_naive();
    let mut csv = String::from(
        "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n",
    );
    for i in first..first + n {
        let day = today - chrono::Duration::days(1 + (i as i64 % 60));
        csv.push_str(&format!(
            "cmp-{i},{day}T10:00:00Z,Intake,\"{client}\",{size},\"Austin, TX\",TX,Austin\n"
        ));
    }
    csv
}

#[tokio::test(flavor = "multi_thread")]
async fn recent_demo_bookings_under_five_are_shown_as_fewer_than_five() {
    let mut app = signed_in().await;
    // Four by firms of the user's size, and many by another size (another peer group).
    let csv = bookings(0, 4, "Smith Intake", "E6_20");
    assert_eq!(upload_bookings(&mut app, &csv).await.status, StatusCode::OK);
    let csv = bookings(100, 30, "Smith Intake", "E200P");
    assert_eq!(upload_bookings(&mut app, &csv).await.status, StatusCode::OK);

    let c = compare(&mut app, &format!("{SMITH},{RUBY}")).await.json();
    let hidden = json!({ "value": null, "text": "fewer than 5" });
    assert_eq!(column(&c, SMITH)["recentDemoBookings"], hidden);
    assert_eq!(column(&c, RUBY)["recentDemoBookings"], hidden);
    // Smith has four, Ruby none: both read "fewer than 5" with no number, and the row is not
    // marked different, so the mark reveals nothing (not even which one has none).
    assert!(
        !c["differing"]
            .as_array()
            .unwrap()
            .contains(&json!("recentDemoBookings"))
    );
    // Nothing in the answer is a total the hidden count could be worked out from.
    assert!(!c.to_string().contains("\"total"), "{c}");
    assert!(!c.to_string().contains("\"value\":4"), "{c}");

    let csv = bookings(10, 1, "Smith Intake", "E6_20");
    assert_eq!(upload_bookings(&mut app, &csv).await.status, StatusCode::OK);
    let c = compare(&mut app, &format!("{SMITH},{RUBY}")).await.json();
    assert_eq!(
        column(&c, SMITH)["recentDemoBookings"],
        json!({ "value": 5, "text": "5" })
    );
    assert!(
        column(&c, SMITH)["summary"].as_str().unwrap().contains(
            "Smith Intake was booked most by firms your size in the last 90 days (5 demo bookings)."
        ),
        "{}",
        column(&c, SMITH)["summary"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sample_bookings_are_never_counted() {
    let mut app = TestApp::with_config(|c| c.sample_data = true);
    app.sign_up().await;
    assert_eq!(
        litstack::bookings::real_booking_count(&app.state.bookings.load()),
        0
    );
    let catalog = app.state.catalog.load();
    let ids: Vec<String> = catalog
        .vendors
        .iter()
        .filter(|v| v.is_active)
        .take(4)
        .map(|v| v.id.to_string())
        .collect();
    drop(catalog);
    let c = compare(&mut app, &ids.join(",")).await.json();
    for v in c["vendors"].as_array().unwrap() {
        assert_eq!(v["recentDemoBookings"]["value"], Value::Null, "{v}");
    }
}

/// Signs up a firm of 6-20 employees whose tech stack names `vendor` for intake.
async fn firm_using(app: &mut TestApp, n: usize, vendor: u64) {
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": format!("Peer {n}"), "email": format!("peer{n}@peer{n}-law.com"),
                "password": crate::helpers::PASSWORD, "lawFirm": format!("Peer {n} Law"), "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // Only verified firms are evidence for others.
    app.verify_firm_of(&res);
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [vendor] }] }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn peer_adoption_is_shown_from_five_other_firms_of_the_users_size() {
    let mut app = signed_in().await;
    // The user's own firm uses Smith too: it is never counted, so 4 others stay hidden.
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [SMITH] }] }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    for n in 1..=4 {
        firm_using(&mut app, n, SMITH).await;
    }
    let res = app
        .sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let c = compare(&mut app, &format!("{SMITH},{RUBY}")).await.json();
    assert_eq!(
        column(&c, SMITH)["peerAdoption"],
        json!({ "value": null, "text": "fewer than 5" })
    );

    firm_using(&mut app, 5, SMITH).await;
    let res = app
        .sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let c = compare(&mut app, &format!("{SMITH},{RUBY}")).await.json();
    assert_eq!(
        column(&c, SMITH)["peerAdoption"],
        json!({ "value": 5, "text": "5" })
    );
    assert_eq!(
        column(&c, RUBY)["peerAdoption"],
        json!({ "value": null, "text": "fewer than 5" })
    );
    assert!(
        c["differing"]
            .as_array()
            .unwrap()
            .contains(&json!("peerAdoption"))
    );
}

/// Any `ids` text: 200, or a 400/404 `{"error"}` with a message; never a 500.
#[test]
fn any_ids_text_gets_an_answer_or_a_clear_error_never_a_500() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestCaseError, TestRunner};

    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut app = TestApp::new();
    app.import_vendors(&fixture_csv());
    rt.block_on(async { app.sign_up().await });
    let app = std::cell::RefCell::new(app);
    let item = prop_oneof![
        4 => (0u64..200).prop_map(|n| n.to_string()),
        2 => Just(SMITH.to_string()),
        1 => "[ -~]{0,6}",
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => Just("99999999999999999999999".to_string()),
    ];
    let ids = prop::collection::vec(item, 0..7).prop_map(|items| items.join(","));
    let mut runner = TestRunner::new(Config {
        cases: 256,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&ids, |ids| {
            let encoded: String = ids
                .bytes()
                .map(|b| match b {
                    b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b',' => (b as char).to_string(),
                    _ => format!("%{b:02X}"),
                })
                .collect();
            let res = rt.block_on(app.borrow_mut().get(&format!("/api/compare?ids={encoded}")));
            prop_assert!(
                [
                    StatusCode::OK,
                    StatusCode::BAD_REQUEST,
                    StatusCode::NOT_FOUND
                ]
                .contains(&res.status),
                "{ids:?} -> {} {}",
                res.status,
                res.text()
            );
            let body: Value = serde_json::from_slice(&res.body)
                .map_err(|_| TestCaseError::fail(format!("not JSON: {}", res.text())))?;
            if res.status != StatusCode::OK {
                prop_assert!(!body["error"].as_str().unwrap_or("").is_empty(), "{body}");
            }
            Ok(())
        })
        .unwrap();
}
