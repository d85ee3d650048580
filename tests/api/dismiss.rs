//! Dismissing a pick with a reason: what is stored, what it changes in later rankings and what
//! the breakdown says, the list of dismissed vendors, undo, bad input and isolation between users.

use axum::http::{Method, StatusCode};
use litstack::catalog::Vendor;
use litstack::platform::firm_size::FirmSize;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse};
use crate::recommend::{pick_ids, store_vendors};

/// A stage category with a questionnaire.
fn stage_with_questions(app: &TestApp) -> u64 {
    let catalog = app.state.catalog.load();
    catalog
        .stages()
        .iter()
        .find(|c| !catalog.questions(c.id).is_empty())
        .map(|c| c.id)
        .expect("the seed data has a stage with questions")
}

/// Adds three vendors to the category that meet every need of the first options and serve every
/// size, so they are the top three, tied, in name order: (name, price bracket) -> id.
fn add_priced_vendors(app: &TestApp, category_id: u64, priced: &[(&str, u8)]) -> Vec<u64> {
    let catalog = app.state.catalog.load();
    let tags: Vec<String> = catalog
        .questions(category_id)
        .iter()
        .flat_map(|q| q.options.iter().flat_map(|o| o.tags.clone()))
        .collect();
    let base = catalog.vendors.iter().map(|v| v.id).max().unwrap() + 1;
    let vendors: Vec<Vendor> = priced
        .iter()
        .enumerate()
        .map(|(i, (name, bracket))| Vendor {
            id: base + i as u64,
            name: (*name).into(),
            category_id,
            website_url: None,
            booking_url: None,
            logo_url: None,
            description: String::new(),
            short_highlights: vec![],
            integrations: vec![],
            price_bracket: Some(*bracket),
            firm_sizes_supported: FirmSize::ALL.to_vec(),
            practice_areas_supported: vec![],
            geo_focus: None,
            tags: tags.clone(),
            is_recommended_partner: false,
            partner_level: None,
            is_active: true,
            needs_review: false,
        })
        .collect();
    store_vendors(app, &vendors);
    vendors.iter().map(|v| v.id).collect()
}

/// Answers the questionnaire with every first option and ranks it (which saves the top three
/// as the stage's picks).
async fn questionnaire(app: &mut TestApp, category_id: u64) -> Value {
    let answers: Vec<Value> = app
        .state
        .catalog
        .load()
        .questions(category_id)
        .iter()
        .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
        .collect();
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": category_id, "answers": answers }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let response_id = res.json()["responseId"].as_u64().unwrap();
    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": response_id, "categoryId": category_id }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn ranked_ids(result: &Value) -> Vec<u64> {
    result["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["vendor"]["id"].as_u64().unwrap())
        .collect()
}

fn ranked(result: &Value, vendor_id: u64) -> &Value {
    result["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["vendor"]["id"] == vendor_id)
        .unwrap_or_else(|| panic!("vendor {vendor_id} is not ranked"))
}

fn factor<'a>(vendor: &'a Value, name: &str) -> Option<&'a Value> {
    vendor["breakdown"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["factor"] == name)
}

async fn dismiss(app: &mut TestApp, body: Value) -> TestResponse {
    app.post("/api/recommendations/dismissed", body).await
}

async fn dismissed_list(app: &mut TestApp) -> Vec<Value> {
    let res = app.get("/api/recommendations/dismissed").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["items"].as_array().unwrap().clone()
}

async fn undo(app: &mut TestApp, vendor_id: &str) -> TestResponse {
    app.call(
        Method::DELETE,
        &format!("/api/recommendations/dismissed/{vendor_id}"),
        None,
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn dismissing_as_too_expensive_lowers_vendors_at_or_above_its_price_and_says_so() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let ids = add_priced_vendors(
        &app,
        cat,
        &[("Aa Premium", 4), ("Bb Filevine", 3), ("Cc Budget", 1)],
    );
    let (premium, filevine, budget) = (ids[0], ids[1], ids[2]);
    let before = questionnaire(&mut app, cat).await;
    assert_eq!(ranked_ids(&before)[..3], [premium, filevine, budget]);
    assert!(factor(ranked(&before, premium), "dismissedPrice").is_none());

    let res = dismiss(
        &mut app,
        json!({ "vendorId": filevine, "reason": "too_expensive" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["reasonLabel"], "Too expensive");

    let after = questionnaire(&mut app, cat).await;
    assert!(
        !ranked_ids(&after).contains(&filevine),
        "never ranked again"
    );
    let position = |id: u64| ranked_ids(&after).iter().position(|v| *v == id).unwrap();
    assert_eq!(position(budget), 0, "the cheaper vendor now ranks first");
    assert!(position(budget) < position(premium));
    let expected =
        "You dismissed Bb Filevine as too expensive: vendors at $$$ or above score lower";
    let lowered = factor(ranked(&after, premium), "dismissedPrice").unwrap();
    assert_eq!(lowered["detail"], expected);
    assert_eq!(lowered["points"], -15.0);
    let kept = factor(ranked(&after, budget), "dismissedPrice").unwrap();
    assert_eq!(kept["detail"], expected);
    assert_eq!(kept["points"], 0.0);
    assert!(ranked(&after, premium)["score"].as_u64() < ranked(&before, premium)["score"].as_u64());
    assert_eq!(
        ranked(&after, budget)["score"],
        ranked(&before, budget)["score"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn dismissing_as_not_working_with_our_tools_doubles_the_integration_factor() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let ids = add_priced_vendors(&app, cat, &[("Aa One", 2), ("Bb Two", 2), ("Cc Three", 2)]);
    let before = questionnaire(&mut app, cat).await;
    assert_eq!(
        factor(ranked(&before, ids[1]), "integrations").unwrap()["maxPoints"],
        15.0
    );

    let res = dismiss(
        &mut app,
        json!({ "vendorId": ids[0], "reason": "doesnt_integrate" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let after = questionnaire(&mut app, cat).await;
    let integrations = factor(ranked(&after, ids[1]), "integrations").unwrap();
    assert_eq!(integrations["maxPoints"], 30.0);
    assert!(
        integrations["detail"]
            .as_str()
            .unwrap()
            .ends_with("Counts double: you dismissed Aa One as not working with your tools"),
        "{integrations}"
    );
    assert!(factor(ranked(&after, ids[1]), "dismissedPrice").is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn dismissed_vendors_are_listed_with_their_reason_and_undo_brings_them_back() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let ids = add_priced_vendors(&app, cat, &[("Aa One", 2), ("Bb Two", 2), ("Cc Three", 2)]);
    questionnaire(&mut app, cat).await;
    assert!(dismissed_list(&mut app).await.is_empty());

    let res = dismiss(
        &mut app,
        json!({ "vendorId": ids[0], "reason": "other", "otherText": "  We build our own  " }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let items = dismissed_list(&mut app).await;
    assert_eq!(items.len(), 1);
    let item = &items[0];
    assert_eq!(item["vendorId"], ids[0]);
    assert_eq!(item["vendorName"], "Aa One");
    assert_eq!(item["categoryId"], cat);
    assert_eq!(item["reason"], "other");
    assert_eq!(item["otherText"], "We build our own");
    assert_eq!(item["reasonLabel"], "Other: We build our own");
    assert!(item["dismissedAt"].as_str().unwrap().ends_with('Z'));

    let res = undo(&mut app, &ids[0].to_string()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert!(dismissed_list(&mut app).await.is_empty());
    let again = questionnaire(&mut app, cat).await;
    assert_eq!(
        ranked_ids(&again)[0],
        ids[0],
        "ranked again, first as before"
    );

    let res = undo(&mut app, &ids[0].to_string()).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        res.error(),
        "That vendor is not among your dismissed vendors"
    );
    let res = undo(&mut app, "abc").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_reasons_and_unknown_vendors_are_refused_and_nothing_is_stored() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let ids = add_priced_vendors(&app, cat, &[("Aa One", 2), ("Bb Two", 2), ("Cc Three", 2)]);
    questionnaire(&mut app, cat).await;
    let pick = ids[0];
    let unknown = ids[2] + 1000;

    let no_such_vendor = format!("There is no vendor with id {unknown}");
    let cases: Vec<(Value, StatusCode, &str)> = vec![
        (
            json!({ "vendorId": pick, "reason": "cheaper" }),
            StatusCode::BAD_REQUEST,
            "The reason must be one of too_expensive, doesnt_integrate, already_evaluated, not_right_for_practice or other",
        ),
        (
            json!({ "vendorId": pick, "reason": "not_given" }),
            StatusCode::BAD_REQUEST,
            "The reason must be one of too_expensive, doesnt_integrate, already_evaluated, not_right_for_practice or other",
        ),
        (
            json!({ "vendorId": pick, "reason": "other" }),
            StatusCode::BAD_REQUEST,
            "Say why in a few words when the reason is Other",
        ),
        (
            json!({ "vendorId": pick, "reason": "other", "otherText": "   " }),
            StatusCode::BAD_REQUEST,
            "Say why in a few words when the reason is Other",
        ),
        (
            json!({ "vendorId": pick, "reason": "other", "otherText": "x".repeat(201) }),
            StatusCode::BAD_REQUEST,
            "The reason must be at most 200 characters",
        ),
        (
            json!({ "vendorId": pick, "reason": "too_expensive", "otherText": "and slow" }),
            StatusCode::BAD_REQUEST,
            "otherText is only for the reason other",
        ),
        (
            json!({ "vendorId": unknown, "reason": "too_expensive" }),
            StatusCode::NOT_FOUND,
            &no_such_vendor,
        ),
        (
            json!({ "vendorId": ids[2] - 3, "reason": "too_expensive" }),
            StatusCode::NOT_FOUND,
            "That vendor is not one of your picks",
        ),
    ];
    for (body, status, message) in cases {
        let res = dismiss(&mut app, body.clone()).await;
        assert_eq!(res.status, status, "{body}: {}", res.text());
        assert_eq!(res.error(), message, "{body}");
    }
    let res = dismiss(&mut app, json!({ "vendorId": pick, "reason": 3 })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = dismiss(
        &mut app,
        json!({ "vendorId": pick, "reason": "too_expensive", "userId": 1 }),
    )
    .await;
    assert_eq!(
        res.status,
        StatusCode::BAD_REQUEST,
        "unknown fields are refused"
    );
    assert!(dismissed_list(&mut app).await.is_empty(), "nothing stored");

    // 200 characters are fine.
    let res = dismiss(
        &mut app,
        json!({ "vendorId": pick, "reason": "other", "otherText": "é".repeat(200) }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn another_users_dismissals_are_never_visible_undoable_or_effective() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let ids = add_priced_vendors(&app, cat, &[("Aa One", 4), ("Bb Two", 3), ("Cc Three", 1)]);
    questionnaire(&mut app, cat).await;
    let res = dismiss(
        &mut app,
        json!({ "vendorId": ids[1], "reason": "too_expensive" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    app.sign_out().await;

    app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    assert!(dismissed_list(&mut app).await.is_empty());
    let res = undo(&mut app, &ids[1].to_string()).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let theirs = questionnaire(&mut app, cat).await;
    assert_eq!(
        ranked_ids(&theirs)[..3],
        ids[..],
        "Ann's dismissal changes nothing for Bob"
    );
    assert!(factor(ranked(&theirs, ids[0]), "dismissedPrice").is_none());
    app.sign_out().await;

    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    let items = dismissed_list(&mut app).await;
    assert_eq!(items.len(), 1, "Bob's undo did not touch Ann's dismissal");
    assert_eq!(items[0]["vendorId"], ids[1]);
}

async fn persisted_picks(app: &mut TestApp, category_id: u64) -> Vec<u64> {
    let res = app.get("/api/recommendations/persisted").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    pick_ids(&res.json(), category_id)
}

/// Five vendors tie at the top of a questionnaire: dismissing one of the three picks puts the
/// next of them in its place (the stage is never left with two while candidates remain), with a
/// reason, in the history; Undo brings the dismissed pick back in its place and the stage is as
/// it was; dismissing it again leaves the same three.
#[tokio::test(flavor = "multi_thread")]
async fn a_dismissed_questionnaire_pick_is_replaced_and_undo_puts_it_back_in_its_place() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let ids = add_priced_vendors(
        &app,
        cat,
        &[
            ("Aa One", 2),
            ("Bb Two", 2),
            ("Cc Three", 2),
            ("Dd Four", 2),
            ("Ee Five", 2),
        ],
    );
    questionnaire(&mut app, cat).await;
    assert_eq!(persisted_picks(&mut app, cat).await, ids[..3]);

    let res = dismiss(
        &mut app,
        json!({ "vendorId": ids[1], "reason": "already_evaluated" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(
        persisted_picks(&mut app, cat).await,
        [ids[0], ids[2], ids[3]],
        "the next tied candidate fills the stage"
    );
    let persisted = app.get("/api/recommendations/persisted").await.json();
    let item = persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["categoryId"] == cat)
        .unwrap()
        .clone();
    assert_eq!(item["source"], "questionnaire");
    let replacement = &item["picks"][2];
    assert!(
        !replacement["reason"].as_str().unwrap().is_empty(),
        "{replacement}"
    );
    let past = app
        .get("/api/past-recommendations?pageSize=50")
        .await
        .json();
    assert!(
        past["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["vendorId"] == ids[3] || p["vendor"]["id"] == ids[3]),
        "the replacement is in the history: {past}"
    );
    // The overview counts the three picks shown.
    let overview = app.get("/api/recommendations/overview").await.json();
    let row = overview["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["categoryId"] == cat)
        .unwrap()
        .clone();
    assert_eq!(row["picks"], 3, "{row}");

    let res = undo(&mut app, &ids[1].to_string()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(
        persisted_picks(&mut app, cat).await,
        ids[..3],
        "the pick is back in its place, the replacement out of the three"
    );

    let res = dismiss(
        &mut app,
        json!({ "vendorId": ids[1], "reason": "already_evaluated" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(
        persisted_picks(&mut app, cat).await,
        [ids[0], ids[2], ids[3]]
    );
    // Dismissed once: a second dismissal of it is refused, as before.
    let res = dismiss(
        &mut app,
        json!({ "vendorId": ids[1], "reason": "already_evaluated" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), "That vendor is not one of your picks");
}

/// Pick For Me's picks refill the same way: a dismissed pick's place goes to the next vendor
/// Pick For Me ranks, the others keep their order, and Undo restores the three as they were.
/// Another firm's undo of it is refused and changes nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_dismissed_pick_for_me_pick_is_replaced_and_only_its_firm_can_undo_it() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    add_priced_vendors(
        &app,
        cat,
        &[
            ("Aa One", 2),
            ("Bb Two", 2),
            ("Cc Three", 2),
            ("Dd Four", 2),
            ("Ee Five", 2),
        ],
    );
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let before = persisted_picks(&mut app, cat).await;
    assert_eq!(before.len(), 3, "{before:?}");

    let res = dismiss(
        &mut app,
        json!({ "vendorId": before[0], "reason": "not_right_for_practice" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let after = persisted_picks(&mut app, cat).await;
    assert_eq!(after.len(), 3, "refilled: {after:?}");
    assert_eq!(after[..2], before[1..], "the others keep their order");
    assert!(!before.contains(&after[2]), "a new vendor: {after:?}");

    app.sign_out().await;
    app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    let res = undo(&mut app, &before[0].to_string()).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    app.sign_out().await;
    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    assert_eq!(persisted_picks(&mut app, cat).await, after);

    let res = undo(&mut app, &before[0].to_string()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(persisted_picks(&mut app, cat).await, before);
}
