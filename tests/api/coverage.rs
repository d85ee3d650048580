//! GET /api/profile/coverage: the firm's stages and categories, and the share of other firms of
//! its size that have a tool, from their saved tech stacks, shown from 5 firms up.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};

const PATH: &str = "/api/profile/coverage";
const LEAD_GENERATION: u64 = 1;
const INTAKE: u64 = 2;
const DOCUMENT_DRAFTING: u64 = 3;
const PRACTICE_MANAGEMENT: u64 = 10;
const STAGES: [u64; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// Signs up an account (leaving its session in the jar) and saves Yes for `yes`, No for the
/// other stages.
async fn firm_account(
    app: &mut TestApp,
    email: &str,
    law_firm: &str,
    size: Option<&str>,
    yes: &[u64],
) {
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Pat Lee", "email": email, "password": PASSWORD, "lawFirm": law_firm, "firmSize": size }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // Only verified firms are evidence for others.
    app.verify_firm_of(&res);
    let items: Vec<Value> = STAGES
        .iter()
        .map(|id| json!({ "categoryId": id, "hasTool": yes.contains(id) }))
        .collect();
    let res = app
        .post("/api/profile/category-adoption", json!({ "items": items }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// `n` other firms of `size`, each with a distinct law-firm name, and the same stages covered.
async fn peer_firms(app: &mut TestApp, prefix: &str, n: usize, size: &str, yes: &[u64]) {
    for i in 0..n {
        let email = format!("{prefix}{i}@peers.example");
        firm_account(app, &email, &format!("{prefix} Firm {i}"), Some(size), yes).await;
    }
}

/// The viewer: a 6-20 firm with intake and lead generation, document drafting answered No.
async fn viewer(app: &mut TestApp) -> String {
    firm_account(
        app,
        "viewer@doe-law.com",
        "Doe Injury Law",
        Some("E6_20"),
        &[LEAD_GENERATION, INTAKE],
    )
    .await;
    app.cookie.clone().unwrap()
}

async fn coverage_as(app: &mut TestApp, cookie: &str) -> Value {
    app.cookie = Some(cookie.to_string());
    let res = app.get(PATH).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn item(map: &Value, category_id: u64) -> Value {
    map["stages"]
        .as_array()
        .unwrap()
        .iter()
        .chain(map["others"].as_array().unwrap())
        .find(|i| i["categoryId"] == category_id)
        .unwrap_or_else(|| panic!("category {category_id} missing from {map}"))
        .clone()
}

fn shares(map: &Value) -> Vec<Value> {
    let all = map["stages"].as_array().unwrap().iter();
    all.chain(map["others"].as_array().unwrap())
        .map(|i| i["peerShare"].clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_map_lists_the_nine_stages_in_order_then_the_other_categories_with_the_firms_answers() {
    let mut app = TestApp::new();
    let me = viewer(&mut app).await;

    let map = coverage_as(&mut app, &me).await;

    let stages: Vec<u64> = map["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_u64().unwrap())
        .collect();
    assert_eq!(stages, (1..=9).collect::<Vec<u64>>());
    assert_eq!(map["others"].as_array().unwrap().len(), 5);
    assert!(
        map["others"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["stage"].is_null())
    );
    assert_eq!(item(&map, INTAKE)["hasTool"], true);
    assert_eq!(item(&map, DOCUMENT_DRAFTING)["hasTool"], false);
    assert_eq!(item(&map, PRACTICE_MANAGEMENT)["hasTool"], Value::Null);
    assert_eq!(map["firmSize"], "E6_20");
    assert_eq!(map["sizeSource"], "profile");
    assert_eq!(map["headline"]["stagesCovered"], 2);
    assert_eq!(map["headline"]["stagesUnanswered"], 0);
    assert_eq!(map["headline"]["stageCount"], 9);
    // No other firm at all reads as a few would: no number tells none from one.
    assert_eq!(
        map["peerFirms"],
        json!({ "value": null, "text": "fewer than 5" })
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn four_firms_of_the_size_give_no_share_and_a_fifth_shows_them() {
    let mut app = TestApp::new();
    let me = viewer(&mut app).await;
    // Four firms with intake and lead generation... (the viewer's own firm is never a peer).
    peer_firms(
        &mut app,
        "Four",
        4,
        "E6_20",
        &[INTAKE, LEAD_GENERATION, DOCUMENT_DRAFTING],
    )
    .await;

    let map = coverage_as(&mut app, &me).await;
    assert!(shares(&map).iter().all(Value::is_null), "{map}");
    assert_eq!(map["headline"]["usualStages"], Value::Null);
    assert_eq!(
        map["peerFirms"],
        json!({ "value": null, "text": "fewer than 5" })
    );

    // ... and a fifth with intake only.
    firm_account(
        &mut app,
        "fifth@peers.example",
        "Fifth Firm",
        Some("E6_20"),
        &[INTAKE],
    )
    .await;

    let map = coverage_as(&mut app, &me).await;
    assert_eq!(item(&map, INTAKE)["peerShare"], 100);
    assert_eq!(item(&map, LEAD_GENERATION)["peerShare"], 80);
    assert_eq!(item(&map, DOCUMENT_DRAFTING)["peerShare"], 80);
    assert_eq!(item(&map, 4)["peerShare"], 0);
    // Nobody answered the categories outside the stages.
    assert_eq!(item(&map, PRACTICE_MANAGEMENT)["peerShare"], Value::Null);
    // Stages covered: 3, 3, 3, 3, 1.
    assert_eq!(map["headline"]["usualStages"], 3);
    assert_eq!(map["peerFirms"], json!({ "value": 5, "text": "5" }));
}

#[tokio::test(flavor = "multi_thread")]
async fn firms_of_other_sizes_are_not_counted() {
    let mut app = TestApp::new();
    let me = viewer(&mut app).await;
    peer_firms(&mut app, "Same", 4, "E6_20", &[INTAKE]).await;
    peer_firms(&mut app, "Larger", 3, "E21_50", &[INTAKE]).await;
    firm_account(
        &mut app,
        "nosize@peers.example",
        "No Size Firm",
        None,
        &[INTAKE],
    )
    .await;

    let map = coverage_as(&mut app, &me).await;

    assert!(shares(&map).iter().all(Value::is_null), "{map}");
    assert_eq!(map["peerFirms"]["text"], "fewer than 5");
}

/// A sign-up that nobody verified: a firm of its own, typing whatever name it likes.
async fn unverified_account(app: &mut TestApp, email: &str, law_firm: &str, yes: &[u64]) {
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Pat Lee", "email": email, "password": PASSWORD, "lawFirm": law_firm, "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let items: Vec<Value> = STAGES
        .iter()
        .map(|id| json!({ "categoryId": id, "hasTool": yes.contains(id) }))
        .collect();
    let res = app
        .post("/api/profile/category-adoption", json!({ "items": items }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_ups_typing_one_name_are_firms_of_their_own_and_count_only_once_verified() {
    let mut app = TestApp::new();
    let me = viewer(&mut app).await;
    peer_firms(&mut app, "Other", 3, "E6_20", &[]).await;
    // Two sign-ups typing one name, spelled two ways: two firms, neither verified yet.
    unverified_account(&mut app, "a@twin.example", "Twin Law", &[INTAKE]).await;
    unverified_account(
        &mut app,
        "b@twin.example",
        "  twin   LAW ",
        &[LEAD_GENERATION],
    )
    .await;

    let map = coverage_as(&mut app, &me).await;
    assert_eq!(map["peerFirms"]["text"], "fewer than 5", "{map}");
    assert!(shares(&map).iter().all(Value::is_null), "{map}");

    app.verify_all_firms();
    let map = coverage_as(&mut app, &me).await;
    assert_eq!(map["peerFirms"]["value"], 5);
    // Each twin is a firm of its own: 1 of 5 firms each.
    assert_eq!(item(&map, INTAKE)["peerShare"], 20);
    assert_eq!(item(&map, LEAD_GENERATION)["peerShare"], 20);
}

#[tokio::test(flavor = "multi_thread")]
async fn five_unverified_sign_ups_with_a_firms_name_move_no_count() {
    let mut app = TestApp::new();
    let me = viewer(&mut app).await;
    peer_firms(&mut app, "Peer", 4, "E6_20", &[]).await;
    // Throwaway sign-ups typing the viewer's firm name, each with intake.
    for n in 0..5 {
        let email = format!("throwaway{n}@doe-law.com");
        unverified_account(&mut app, &email, "Doe Injury Law", &[INTAKE]).await;
    }

    let map = coverage_as(&mut app, &me).await;

    assert_eq!(map["peerFirms"]["text"], "fewer than 5");
    assert!(shares(&map).iter().all(Value::is_null), "{map}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_size_is_said_and_compared_with_nobody() {
    let mut app = TestApp::new();
    peer_firms(&mut app, "Peer", 5, "E6_20", &[INTAKE]).await;
    firm_account(
        &mut app,
        "unsized@doe-law.com",
        "Unsized Law",
        None,
        &[INTAKE],
    )
    .await;
    let me = app.cookie.clone().unwrap();

    let map = coverage_as(&mut app, &me).await;
    assert_eq!(map["firmSize"], Value::Null);
    assert_eq!(map["sizeSource"], "unknown");
    assert_eq!(map["peerFirms"], Value::Null);
    assert!(shares(&map).iter().all(Value::is_null), "{map}");
    assert_eq!(map["headline"]["stagesCovered"], 1);

    // Onboarding's employees band (2-10) gives a size: 6-20.
    let res = app
        .post(
            "/api/profile/onboarding",
            json!({
                "attorneysCountBand": "A2_5",
                "employeesCountBand": "E2_10",
                "injuryCasesPerMonthBand": "C11_25",
                "annualSoftwareSpendBand": "S10_40K"
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let map = coverage_as(&mut app, &me).await;
    assert_eq!(map["firmSize"], "E6_20");
    assert_eq!(map["sizeSource"], "onboarding");
    assert_eq!(item(&map, INTAKE)["peerShare"], 100);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_map_needs_a_session() {
    let mut app = TestApp::new();
    let res = app.get(PATH).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert!(!res.error().is_empty());
}
