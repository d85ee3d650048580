//! POST/GET /api/meeting-clicks: scheduling a meeting with a vendor is recorded per user.

use axum::http::{Method, StatusCode, header};
use serde_json::json;

use crate::helpers::TestApp;

const VENDORS: &str = "name,category,websiteUrl,bookingUrl,description,bookingSourceUrl,bookingVerifiedOn
Slotwise,Intake,https://slotwise.example.com,https://slotwise.example.com/book?ref=dir#calendar,Books intake calls.,https://slotwise.example.com/contact,2026-11-20
Paperless Co,Intake,https://paperless.example.com,,No scheduler yet.,,
Offline Co,Intake,,,Neither a scheduler nor a website.,,
";

async fn signed_in_with_vendors() -> (TestApp, u64, u64) {
    let mut app = TestApp::new();
    app.sign_up().await;
    let ids = app.import_vendors(VENDORS);
    (app, ids[0], ids[1])
}

#[tokio::test(flavor = "multi_thread")]
async fn a_click_is_recorded_and_answers_the_tagged_booking_link() {
    let (mut app, slotwise, _) = signed_in_with_vendors().await;

    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "BROWSE" }),
        )
        .await;

    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let click = res.json();
    assert!(click["id"].as_u64().unwrap() >= 1);
    assert_eq!(click["vendorId"], slotwise);
    assert_eq!(click["sourcePage"], "BROWSE");
    assert_eq!(
        click["bookingUrl"],
        "https://slotwise.example.com/book?ref=dir&utm_source=litstack#calendar"
    );
    let recorded =
        chrono::DateTime::parse_from_rfc3339(click["recordedAt"].as_str().unwrap()).unwrap();
    assert!((chrono::Utc::now() - recorded.to_utc()).num_seconds().abs() < 60);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_booking_link_carries_the_configured_utm_source() {
    let mut app = TestApp::with_config(|c| c.utm_source = "acme-firm".into());
    app.sign_up().await;
    let ids = app.import_vendors(VENDORS);

    let click = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": ids[0], "sourcePage": "GET_REC" }),
        )
        .await
        .json();

    assert_eq!(
        click["bookingUrl"],
        "https://slotwise.example.com/book?ref=dir&utm_source=acme-firm#calendar"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_source_page_of_the_spec_is_accepted() {
    let (mut app, slotwise, _) = signed_in_with_vendors().await;
    for page in [
        "BROWSE",
        "PAST_RECS",
        "GET_REC_STAGES",
        "GET_REC",
        "COMPARE",
        "PROFILE",
    ] {
        let res = app
            .post(
                "/api/meeting-clicks",
                json!({ "vendorId": slotwise, "sourcePage": page }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{page}: {}", res.text());
        assert_eq!(res.json()["sourcePage"], page);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_click_on_an_unknown_vendor_is_a_400_and_stores_nothing() {
    let (mut app, _, _) = signed_in_with_vendors().await;

    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": 987654, "sourcePage": "BROWSE" }),
        )
        .await;

    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "There is no vendor with id 987654");
    assert_eq!(app.get("/api/meeting-clicks").await.json(), json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_without_a_scheduler_cannot_be_clicked() {
    let (mut app, _, paperless) = signed_in_with_vendors().await;

    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": paperless, "sourcePage": "BROWSE" }),
        )
        .await;

    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "This vendor has no scheduler");
}

#[tokio::test(flavor = "multi_thread")]
async fn malformed_clicks_are_a_400_with_a_readable_message() {
    let (mut app, slotwise, _) = signed_in_with_vendors().await;

    let unknown_page = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "HOME" }),
        )
        .await;
    assert_eq!(unknown_page.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        unknown_page.error(),
        "sourcePage must be one of BROWSE, PAST_RECS, GET_REC_STAGES, GET_REC, COMPARE, PROFILE"
    );

    let extra = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "BROWSE", "userId": 1 }),
        )
        .await;
    assert_eq!(extra.status, StatusCode::BAD_REQUEST);
    assert!(extra.error().contains("userId"), "{}", extra.error());

    let missing_field = app
        .post("/api/meeting-clicks", json!({ "sourcePage": "BROWSE" }))
        .await;
    assert_eq!(missing_field.status, StatusCode::BAD_REQUEST);
    assert!(
        missing_field.error().contains("vendorId"),
        "{}",
        missing_field.error()
    );

    let text_id = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": "1", "sourcePage": "BROWSE" }),
        )
        .await;
    assert_eq!(text_id.status, StatusCode::BAD_REQUEST);

    let no_body = app.call(Method::POST, "/api/meeting-clicks", None).await;
    assert_eq!(no_body.status, StatusCode::BAD_REQUEST);
    assert!(no_body.error().contains("JSON"), "{}", no_body.error());

    let req = app
        .request(Method::POST, "/api/meeting-clicks")
        .header(header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::from("{\"vendorId\": 1,"))
        .unwrap();
    let broken = app.send(req).await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(broken.error(), "The request body is not valid JSON.");

    assert_eq!(app.get("/api/meeting-clicks").await.json(), json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn signed_out_visitors_can_neither_click_nor_list() {
    let (mut app, slotwise, _) = signed_in_with_vendors().await;
    app.sign_out().await;

    let post = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "BROWSE" }),
        )
        .await;
    let get = app.get("/api/meeting-clicks").await;

    assert_eq!(post.status, StatusCode::UNAUTHORIZED);
    assert_eq!(get.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn each_user_lists_only_their_own_clicks_newest_first() {
    let (mut app, slotwise, _) = signed_in_with_vendors().await;
    let first = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "BROWSE" }),
        )
        .await
        .json();
    let second = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "PAST_RECS" }),
        )
        .await
        .json();
    app.sign_out().await;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let other = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "GET_REC" }),
        )
        .await
        .json();

    let bos = app.get("/api/meeting-clicks").await.json();
    assert_eq!(bos.as_array().unwrap().len(), 1);
    assert_eq!(bos[0]["id"], other["id"]);

    app.sign_out().await;
    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    let anns = app.get("/api/meeting-clicks").await.json();
    let ids: Vec<_> = anns
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    assert_eq!(ids, [second["id"].clone(), first["id"].clone()]);
    assert_eq!(anns[0]["vendorName"], "Slotwise");
    assert!(
        anns[0]["bookingUrl"]
            .as_str()
            .unwrap()
            .contains("utm_source=litstack")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_holds_at_most_fifty_clicks() {
    let (mut app, slotwise, _) = signed_in_with_vendors().await;
    for _ in 0..53 {
        app.post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "BROWSE" }),
        )
        .await;
    }

    let list = app.get("/api/meeting-clicks").await.json();

    let ids: Vec<u64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids.len(), 50);
    assert_eq!(ids[0], 53);
    assert!(ids.windows(2).all(|w| w[0] > w[1]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_without_a_booking_link_is_opened_on_its_website_and_counted_apart() {
    let (mut app, slotwise, paperless) = signed_in_with_vendors().await;
    let booking = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": slotwise, "sourcePage": "BROWSE" }),
        )
        .await;
    assert_eq!(booking.status, StatusCode::CREATED, "{}", booking.text());
    assert_eq!(booking.json()["kind"], "BOOKING");

    let website = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": paperless, "sourcePage": "PROFILE", "kind": "WEBSITE" }),
        )
        .await;

    assert_eq!(website.status, StatusCode::CREATED, "{}", website.text());
    let website = website.json();
    assert_eq!(website["kind"], "WEBSITE");
    assert_eq!(
        website["websiteUrl"],
        "https://paperless.example.com?utm_source=litstack"
    );
    assert_eq!(website["bookingUrl"], json!(null));
    // The user's list tells the two kinds apart.
    let list = app.get("/api/meeting-clicks").await.json();
    let kinds: Vec<(&str, u64)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["kind"].as_str().unwrap(), c["vendorId"].as_u64().unwrap()))
        .collect();
    assert_eq!(kinds, [("WEBSITE", paperless), ("BOOKING", slotwise)]);
    // So does the vendor's profile history.
    let profile = app.get(&format!("/api/vendors/{paperless}")).await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.text());
    let clicks = &profile.json()["history"]["meetingClicks"];
    assert_eq!(clicks[0]["kind"], "WEBSITE");
    // A click is a click: neither kind puts its vendor on the shortlist (issue 45).
    assert_eq!(app.get("/api/shortlist").await.json()["groups"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_website_click_needs_a_website_and_a_known_kind() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let ids = app.import_vendors(VENDORS);
    let offline = ids[2];

    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": offline, "sourcePage": "BROWSE", "kind": "WEBSITE" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "This vendor has no website");

    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": ids[0], "sourcePage": "BROWSE", "kind": "PHONE" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "kind must be BOOKING or WEBSITE");
    assert_eq!(app.get("/api/meeting-clicks").await.json(), json!([]));
}
