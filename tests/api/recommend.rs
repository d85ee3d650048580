//! Recommendations: responses, compute, picks, dismiss, clear, overview, Pick For Me and past.

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use litstack::catalog::{FieldType, Vendor, VendorImport, VendorSource};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse};

const PAGE_NO_REAL_BOOKINGS_NOTE: &str = "No demo bookings have been imported yet, so the picks rest on what your firm told us: its size, software spend, tech stack and dismissals. An administrator can import bookings under Import.";
const PAGE_SAMPLE_ONLY_NOTE: &str = "Vendor Trends shows generated sample bookings to demonstrate the dashboard; picks never use them. Until real demo bookings are imported (an administrator can, under Import), the picks rest on what your firm told us: its size, software spend, tech stack and dismissals.";
/// How the page's note begins when some categories' picks go beyond firms of the firm's size: it
/// names them, and the page never speaks for the others.
const SOME_CATEGORIES_WIDEN: &str =
    "Not every category rests on demo bookings by firms of your size. ";

/// A category's picks without booking evidence: the page's note says once what they rest on, so
/// the category's says nothing of it; the tie note says when picks tie, with the real count.
fn assert_no_bookings_notes(item: &Value) {
    assert!(item["note"].is_null(), "the page says it once: {item}");
    if item["tieNote"].is_null() {
        assert!(
            item["picks"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["tie"].is_null()),
            "{item}"
        );
    } else {
        let tie = item["tieNote"].as_str().unwrap();
        let count: usize = tie
            .strip_prefix("These ")
            .and_then(|t| t.strip_suffix(" fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart."))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{tie}"));
        let tied = item["picks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["tie"].is_string())
            .count();
        assert!(tied >= 1 && count >= 2, "{item}");
    }
}

/// Stores vendors as given (ids included) in one write of either backend, and reloads the
/// catalog.
pub fn store_vendors(app: &TestApp, vendors: &[Vendor]) {
    let mut tx = app.state.store.begin().unwrap();
    {
        let mut tables = VendorImport::open(&mut tx).unwrap();
        for v in vendors {
            tables.new_id(Some(v.id)).unwrap();
            tables.put(v, &VendorSource::default()).unwrap();
        }
    }
    tx.commit().unwrap();
    litstack::catalog::reload(&app.state.store, &app.state.catalog).unwrap();
}

async fn signed_in() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up().await;
    app
}

/// A stage category with a questionnaire and at least two active vendors.
fn stage_with_questions(app: &TestApp) -> u64 {
    let catalog = app.state.catalog.load();
    catalog
        .stages()
        .iter()
        .find(|c| {
            !catalog.questions(c.id).is_empty()
                && catalog
                    .vendors
                    .iter()
                    .filter(|v| v.category_id == c.id && v.is_active)
                    .count()
                    >= 2
        })
        .map(|c| c.id)
        .expect("the seed data has a stage with questions and vendors")
}

/// Answers every question of a category with its first option.
fn first_options(app: &TestApp, category_id: u64) -> Value {
    let catalog = app.state.catalog.load();
    let answers: Vec<Value> = catalog
        .questions(category_id)
        .iter()
        .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
        .collect();
    json!({ "categoryId": category_id, "answers": answers })
}

async fn respond(app: &mut TestApp, body: Value) -> u64 {
    let res = app.post("/api/responses", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()["responseId"].as_u64().unwrap()
}

async fn compute(app: &mut TestApp, response_id: u64, category_id: u64) -> Value {
    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": response_id, "categoryId": category_id }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn vendor_ids(result: &Value) -> Vec<u64> {
    result["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["vendor"]["id"].as_u64().unwrap())
        .collect()
}

pub fn pick_ids(persisted: &Value, category_id: u64) -> Vec<u64> {
    persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["categoryId"] == category_id)
        .map(|i| {
            i["picks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["vendorId"].as_u64().unwrap())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_bad_answer_is_refused_with_a_clear_message() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let catalog = app.state.catalog.load();
    let questions = catalog.questions(cat).to_vec();
    let q = &questions[0];

    let cases: Vec<(Value, &str)> = vec![
        (
            json!({ "categoryId": 999, "answers": [] }),
            "There is no category with id 999",
        ),
        (
            json!({ "categoryId": cat, "answers": [{ "questionId": 987654, "selectedValues": ["x"] }] }),
            "Question 987654 is not part of the",
        ),
        (
            json!({ "categoryId": cat, "answers": [{ "questionId": q.id, "selectedValues": ["Not offered"] }] }),
            "\"Not offered\" is not an option of question",
        ),
        (
            json!({ "categoryId": cat, "answers": [] }),
            "Please answer at least one question",
        ),
        (
            json!({ "categoryId": cat, "answers": [{ "questionId": q.id, "selectedValues": [] }] }),
            "Please answer at least one question",
        ),
        (
            json!({ "categoryId": cat, "answers": [], "userId": 1 }),
            "unknown field",
        ),
    ];
    for (body, message) in cases {
        let res = app.post("/api/responses", body.clone()).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            res.error().contains(message),
            "{} vs {message}",
            res.error()
        );
    }

    let single = questions
        .iter()
        .find(|q| q.field_type == FieldType::Single && q.options.len() >= 2)
        .expect("a single-choice question");
    let two = json!({ "categoryId": cat, "answers": [{ "questionId": single.id,
        "selectedValues": [single.options[0].label, single.options[1].label] }] });
    let res = app.post("/api/responses", two).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("takes a single answer"),
        "{}",
        res.error()
    );

    app.sign_out().await;
    let body = first_options(&app, cat);
    let res = app.post("/api/responses", body).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn compute_ranks_every_active_vendor_and_saves_the_top_three_as_picks() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let result = compute(&mut app, id, cat).await;

    let catalog = app.state.catalog.load();
    let mut expected: Vec<u64> = catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == cat && v.is_active)
        .map(|v| v.id)
        .collect();
    let mut got = vendor_ids(&result);
    got.sort();
    expected.sort();
    assert_eq!(
        got, expected,
        "every active vendor of the category, no inactive one"
    );

    let vendors = result["vendors"].as_array().unwrap();
    for (i, v) in vendors.iter().enumerate() {
        assert_eq!(v["rank"], i + 1);
        let score = v["score"].as_u64().unwrap();
        assert!(score <= 100);
        if i > 0 {
            assert!(vendors[i - 1]["score"].as_u64().unwrap() >= score);
        }
        let reasons = v["reasons"].as_array().unwrap();
        assert!(!reasons.is_empty() && reasons.len() <= 5);
        let factors: Vec<&str> = v["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["factor"].as_str().unwrap())
            .collect();
        assert_eq!(
            factors[..5],
            ["needs", "sizeFit", "integrations", "peerDemand", "partner"]
        );
        // The first options include answers about the firm, which weigh as their own factor.
        assert_eq!(factors[5..], ["context"]);
        let points: f64 = v["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["points"].as_f64().unwrap())
            .sum();
        let max: f64 = v["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["maxPoints"].as_f64().unwrap())
            .sum();
        assert!((100.0 * points / max).round() as i64 - score as i64 <= 1);
    }

    let persisted = app.get("/api/recommendations/persisted").await.json();
    let top3: Vec<u64> = vendor_ids(&result).into_iter().take(3).collect();
    assert_eq!(pick_ids(&persisted, cat), top3);
    let item = persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["categoryId"] == cat)
        .unwrap();
    assert_eq!(item["source"], "questionnaire");
    assert!(item["categoryName"].is_string());
    assert!(
        item["picks"][0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("Meets")
    );

    let past = app.get("/api/past-recommendations").await.json();
    assert_eq!(past["total"], top3.len());
    assert_eq!(past["pageSize"], 24);
    assert_eq!(past["items"][0]["vendor"]["id"], top3[0]);
    assert!(past["items"][0]["reasons"]["strengths"][0].is_string());

    // Picks start a stage; only a tool or a final decision completes it (issue 45).
    let overview = app.get("/api/recommendations/overview").await.json();
    assert_eq!(overview["stagesCompleted"], 0);
    assert_eq!(overview["stagesInProgress"], 1);
    assert_eq!(overview["totalStages"], 9);
    let stage = overview["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["categoryId"] == cat)
        .unwrap();
    assert_eq!(stage["status"], "in_progress");
    assert_eq!(stage["reasons"], json!(["picks", "questionnaire"]));
    assert_eq!(stage["picks"], top3.len());
}

#[tokio::test(flavor = "multi_thread")]
async fn compute_refuses_another_users_response_another_category_and_unknown_ids() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let mine = respond(&mut app, body).await;

    let other_cat = other_stage(&app, cat);
    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": mine, "categoryId": other_cat }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("different category"),
        "{}",
        res.error()
    );

    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": mine, "categoryId": 999 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": 424242, "categoryId": cat }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    app.sign_out().await;
    app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": mine, "categoryId": cat }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::NOT_FOUND,
        "another user's response is not even acknowledged"
    );
    assert_eq!(res.error(), "That questionnaire response was not found");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dismissed_pick_stays_dismissed_and_only_picks_can_be_dismissed() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let first = compute(&mut app, id, cat).await;
    let dismissed = vendor_ids(&first)[0];

    let not_a_pick = app
        .state
        .catalog
        .load()
        .vendors
        .iter()
        .map(|v| v.id)
        .max()
        .unwrap()
        + 1000;
    let dismiss = |vendor_id: u64| json!({ "vendorId": vendor_id, "reason": "already_evaluated" });
    let res = app
        .post("/api/recommendations/dismissed", dismiss(not_a_pick))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        res.error(),
        format!("There is no vendor with id {not_a_pick}")
    );

    let res = app
        .post("/api/recommendations/dismissed", dismiss(dismissed))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert!(!pick_ids(&persisted, cat).contains(&dismissed));

    // Dismissing it again: it is no longer a pick.
    let res = app
        .post("/api/recommendations/dismissed", dismiss(dismissed))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), "That vendor is not one of your picks");

    // A new questionnaire and Pick For Me never bring it back.
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let again = compute(&mut app, id, cat).await;
    assert!(!vendor_ids(&again).contains(&dismissed));
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(!pick_ids(&res.json(), cat).contains(&dismissed));
}

#[tokio::test(flavor = "multi_thread")]
async fn clear_picks_empties_every_stage_and_a_stage_with_a_response_is_in_progress() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    compute(&mut app, id, cat).await;

    let res = app
        .call(Method::DELETE, "/api/recommendations/persisted", None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert_eq!(persisted["items"], json!([]));

    let overview = app.get("/api/recommendations/overview").await.json();
    assert_eq!(overview["stagesCompleted"], 0);
    let statuses: Vec<&str> = overview["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == "in_progress").count(), 1);
    assert_eq!(statuses.iter().filter(|s| **s == "not_started").count(), 8);
    // The history is kept.
    assert!(
        app.get("/api/past-recommendations").await.json()["total"]
            .as_u64()
            .unwrap()
            > 0
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn pick_for_me_fills_every_category_stages_first_and_records_past_picks() {
    let mut app = signed_in().await;
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let body = res.json();
    let items = body["items"].as_array().unwrap();
    let catalog = app.state.catalog.load();
    assert_eq!(items.len(), catalog.categories.len());
    let stages: Vec<Value> = items.iter().map(|i| i["stage"].clone()).collect();
    assert_eq!(stages[..9], (1..=9).map(|n| json!(n)).collect::<Vec<_>>());
    assert!(stages[9..].iter().all(Value::is_null), "{stages:?}");
    assert_eq!(body["usedAnySizeFallback"], false);
    // No booking on this server: every category says its picks rest on fit, as does the page.
    assert_eq!(body["fallbackNote"], PAGE_NO_REAL_BOOKINGS_NOTE);
    assert_eq!(body["rankedWithoutBookings"], true);
    let mut total = 0;
    for item in items {
        assert_eq!(item["source"], "pick_for_me");
        assert_no_bookings_notes(item);
        let picks = item["picks"].as_array().unwrap();
        assert!(picks.len() <= 3);
        for p in picks {
            let v = catalog.vendor(p["vendorId"].as_u64().unwrap()).unwrap();
            assert!(v.is_active);
            assert!(!p["reason"].as_str().unwrap().is_empty());
        }
        total += picks.len();
    }
    let past = app
        .get("/api/past-recommendations?pageSize=100")
        .await
        .json();
    assert_eq!(past["total"], total);
}

#[tokio::test(flavor = "multi_thread")]
async fn past_recommendations_are_always_the_signed_in_users_own() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    compute(&mut app, id, cat).await;
    let mine = app.get("/api/past-recommendations").await.json();
    assert!(mine["total"].as_u64().unwrap() > 0);
    let filtered = app
        .get(&format!("/api/past-recommendations?categoryIds={cat}"))
        .await
        .json();
    assert_eq!(filtered["total"], mine["total"]);
    let other = other_stage(&app, cat);
    let none = app
        .get(&format!("/api/past-recommendations?categoryIds={other}"))
        .await
        .json();
    assert_eq!(none["total"], 0);
    let res = app.get("/api/past-recommendations?categoryIds=x").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    app.sign_out().await;
    app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    let theirs = app.get("/api/past-recommendations").await.json();
    assert_eq!(theirs["total"], 0);
    assert_eq!(theirs["items"], json!([]));
    // The spec's client sends a placeholder user id: naming someone else, nobody, or garbage
    // answers the signed-in firm's own history, never theirs.
    for user in ["1", "", "999999", "not-a-number"] {
        let res = app
            .get(&format!(
                "/api/past-recommendations?userId={user}&categoryIds={cat}&page=1"
            ))
            .await;
        assert_eq!(res.status, StatusCode::OK, "userId={user}");
        assert_eq!(res.json()["total"], 0, "userId={user}");
    }
    // Strict parsing stays for everything else: a typo of ours is still a 400.
    let res = app.get("/api/past-recommendations?pageSise=5").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["error"].as_str().unwrap().contains("pageSise"));
    assert_eq!(
        app.get("/api/recommendations/persisted").await.json()["items"],
        json!([])
    );
    assert_eq!(
        app.get("/api/recommendations/overview").await.json()["stagesCompleted"],
        0
    );
}

/// Puts two vendors into `category_id` that are equal in everything but partner status and name,
/// each carrying every tag of the category's first question; the plain one joins the catalog
/// first.
fn add_twin_vendors(app: &TestApp, category_id: u64) -> (u64, u64) {
    let catalog = app.state.catalog.load();
    let tags: Vec<String> = catalog.questions(category_id)[0]
        .options
        .iter()
        .flat_map(|o| o.tags.clone())
        .collect();
    let base = catalog.vendors.iter().map(|v| v.id).max().unwrap() + 1;
    let twin = |id: u64, name: &str, gold: bool| Vendor {
        id,
        name: name.into(),
        category_id,
        website_url: Some("https://example.com".into()),
        booking_url: None,
        logo_url: None,
        description: String::new(),
        short_highlights: vec![],
        integrations: vec![],
        price_bracket: Some(2),
        firm_sizes_supported: vec![],
        practice_areas_supported: vec![],
        geo_focus: None,
        tags: tags.clone(),
        is_recommended_partner: gold,
        partner_level: gold.then(|| "Gold".to_string()),
        is_active: true,
        needs_review: false,
    };
    let (gold, plain) = (
        twin(base + 1, "Aa Gold Twin", true),
        twin(base, "Zz Plain Twin", false),
    );
    let ids = (gold.id, plain.id);
    store_vendors(app, &[gold, plain]);
    ids
}

fn position(result: &Value, id: u64) -> usize {
    vendor_ids(result).iter().position(|v| *v == id).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn partner_status_changes_nothing_at_the_default_weight() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let (gold, plain) = add_twin_vendors(&app, cat);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let result = compute(&mut app, id, cat).await;
    assert_eq!(
        position(&result, plain) + 1,
        position(&result, gold),
        "equal twins: the order they joined the catalog breaks the tie, not the name"
    );
    let g = &result["vendors"][position(&result, gold)];
    let p = &result["vendors"][position(&result, plain)];
    assert_eq!(g["score"], p["score"]);
    assert!(!g["reasons"].to_string().contains("partner"));
    assert_eq!(
        g["breakdown"][4]["detail"],
        "Partner status does not affect the ranking"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_partner_weight_lifts_partners_and_says_so() {
    let mut app = TestApp::with_config(|c| c.partner_weight = 1.0);
    app.sign_up().await;
    let cat = stage_with_questions(&app);
    let (gold, plain) = add_twin_vendors(&app, cat);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let result = compute(&mut app, id, cat).await;
    assert!(position(&result, gold) < position(&result, plain));
    let g = &result["vendors"][position(&result, gold)];
    assert!(
        g["reasons"]
            .to_string()
            .contains("Ranked higher as a Gold partner"),
        "{}",
        g["reasons"]
    );
}

/// Adds two vendors to `category_id` equal in everything but name and integrations.
fn add_integration_twins(app: &TestApp, category_id: u64) -> (u64, u64) {
    let catalog = app.state.catalog.load();
    let tags: Vec<String> = catalog.questions(category_id)[0]
        .options
        .iter()
        .flat_map(|o| o.tags.clone())
        .collect();
    let base = catalog.vendors.iter().map(|v| v.id).max().unwrap() + 1;
    let twin = |id: u64, name: &str, integrations: &[&str]| Vendor {
        id,
        name: name.into(),
        category_id,
        website_url: None,
        booking_url: None,
        logo_url: None,
        description: String::new(),
        short_highlights: vec![],
        integrations: integrations.iter().map(|s| s.to_string()).collect(),
        price_bracket: None,
        firm_sizes_supported: vec![],
        practice_areas_supported: vec![],
        geo_focus: None,
        tags: tags.clone(),
        is_recommended_partner: false,
        partner_level: None,
        is_active: true,
        needs_review: false,
    };
    // The one that integrates joins the catalog last, so only the integration can lift it.
    let (with, without) = (
        twin(base + 1, "Zz Integrates", &["Acme Case Manager"]),
        twin(base, "Aa Standalone", &["Other"]),
    );
    let ids = (with.id, without.id);
    store_vendors(app, &[with, without]);
    ids
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_integrating_with_a_tool_the_firm_uses_outranks_an_equal_one() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let (with, without) = add_integration_twins(&app, cat);
    let other_cat = other_stage(&app, cat);
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": other_cat, "hasTool": true, "otherVendors": ["Acme Case Manager"] }] }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());

    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let result = compute(&mut app, id, cat).await;
    assert!(position(&result, with) < position(&result, without));
    let w = &result["vendors"][position(&result, with)];
    assert!(
        w["reasons"]
            .to_string()
            .contains("Integrates with Acme Case Manager, which your firm uses"),
        "{}",
        w["reasons"]
    );
    assert_eq!(w["breakdown"][2]["factor"], "integrations");
    assert!(w["breakdown"][2]["points"].as_f64().unwrap() > 0.0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_the_firm_already_uses_is_marked_and_never_saved_as_a_pick() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let before = compute(&mut app, id, cat).await;
    let top = vendor_ids(&before)[0];
    let name = before["vendors"][0]["vendor"]["name"]
        .as_str()
        .unwrap()
        .to_string();

    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": cat, "hasTool": true, "selectedVendorIds": [top] }] }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());

    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let after = compute(&mut app, id, cat).await;
    let used = &after["vendors"][position(&after, top)];
    assert_eq!(used["alreadyUsed"], true);
    assert_eq!(used["reasons"][0], format!("You already use {name}"));
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert!(!pick_ids(&persisted, cat).contains(&top));

    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert!(
        !pick_ids(&res.json(), cat).contains(&top),
        "Pick For Me leaves out tools the firm has"
    );
}

/// A stage category other than `cat`.
fn other_stage(app: &TestApp, cat: u64) -> u64 {
    let catalog = app.state.catalog.load();
    catalog
        .stages()
        .iter()
        .map(|c| c.id)
        .find(|c| *c != cat)
        .unwrap()
}

/// The admin page's upload of a bookings CSV (multipart field `file`).
async fn upload_bookings(app: &mut TestApp, csv: &str) -> TestResponse {
    let boundary = "litstackrecommendboundary42";
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

/// Every reason and breakdown detail of a compute result, as one list of sentences.
fn sentences(result: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for v in result["vendors"].as_array().unwrap() {
        for r in v["reasons"].as_array().unwrap() {
            out.push(r.as_str().unwrap().to_string());
        }
        for f in v["breakdown"].as_array().unwrap() {
            out.push(f["detail"].as_str().unwrap().to_string());
        }
    }
    out
}

fn find(result: &Value, vendor_id: u64) -> &Value {
    &result["vendors"][position(result, vendor_id)]
}

/// The launch a new user sees: the 50,000 generated sample bookings and no real one.
async fn signed_in_with_sample_data() -> TestApp {
    let mut app = TestApp::with_config(|c| c.sample_data = true);
    app.sign_up().await;
    let trends = app.get("/api/trends").await.json();
    assert!(
        trends["total"].as_u64().unwrap() > 0,
        "the sample set is loaded"
    );
    assert_eq!(
        litstack::bookings::real_booking_count(&app.state.bookings.load()),
        0
    );
    app
}

#[tokio::test(flavor = "multi_thread")]
async fn sample_bookings_are_never_evidence_then_real_ones_are_quoted_exactly() {
    let mut app = signed_in_with_sample_data().await;
    let cat = stage_with_questions(&app);

    // Sample rows only: demand is left out of every score and no sentence quotes a booking.
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let before = compute(&mut app, id, cat).await;
    for v in before["vendors"].as_array().unwrap() {
        let demand = &v["breakdown"][3];
        assert_eq!(demand["factor"], "peerDemand");
        assert_eq!(demand["detail"], "No demo-booking data yet");
        assert_eq!(demand["maxPoints"], 0.0);
        assert_eq!(demand["points"], 0.0);
        let max: f64 = v["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["maxPoints"].as_f64().unwrap())
            .sum();
        let context = v["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["factor"] == "context");
        let expected = if context { 100.0 } else { 90.0 };
        assert_eq!(max, expected, "the other factors share the score");
    }
    for s in sentences(&before) {
        assert!(!s.contains("demo booking"), "{s}");
    }
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    let picks = res.json();
    // The page says the samples on Vendor Trends are never evidence.
    assert_eq!(picks["fallbackNote"], PAGE_SAMPLE_ONLY_NOTE);
    for item in picks["items"].as_array().unwrap() {
        if item["categoryId"] == cat {
            // The questionnaire's picks stay the firm's (Pick For Me fills the rest).
            assert_eq!(item["source"], "questionnaire");
            continue;
        }
        assert_no_bookings_notes(item);
        for p in item["picks"].as_array().unwrap() {
            assert!(
                !p["reason"].as_str().unwrap().contains("demo booking"),
                "{p}"
            );
        }
    }
    let past = app
        .get("/api/past-recommendations?pageSize=100")
        .await
        .json();
    assert!(!past.to_string().contains("demo booking"));

    // 200 real bookings in the last 90 days: 120 and 50 for two vendors of the category by firms
    // of the user's size (6-20), 30 more for the first by firms of 200+ (another peer group).
    let catalog = app.state.catalog.load();
    let category = catalog.category(cat).unwrap().name.clone();
    let mut vendors = catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == cat && v.is_active);
    let (busy, quiet) = (vendors.next().unwrap(), vendors.next().unwrap());
    let (busy_id, quiet_id) = (busy.id, quiet.id);
    let today = chrono::Utc::now().date_naive();
    let mut csv = String::from(
        "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n",
    );
    let rows = std::iter::repeat_n((&busy.name, "E6_20"), 120)
        .chain(std::iter::repeat_n((&quiet.name, "E6_20"), 50))
        .chain(std::iter::repeat_n((&busy.name, "E200P"), 30));
    for (i, (client, size)) in rows.enumerate() {
        let day = today - chrono::Duration::days(1 + (i as i64 % 60));
        csv.push_str(&format!(
            "real-{i},{day}T10:00:00Z,{category},\"{client}\",{size},\"Austin, TX\",TX,Austin\n"
        ));
    }
    drop(catalog);
    let res = upload_bookings(&mut app, &csv).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 200, "{}", res.text());
    assert_eq!(
        litstack::bookings::real_booking_count(&app.state.bookings.load()),
        200
    );

    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let after = compute(&mut app, id, cat).await;
    let peers = "by firms of 6-20 employees in the last 90 days";
    let b = find(&after, busy_id);
    assert!(
        b["reasons"]
            .as_array()
            .unwrap()
            .contains(&json!(format!("120 demo bookings {peers}"))),
        "{}",
        b["reasons"]
    );
    assert_eq!(
        b["breakdown"][3]["detail"],
        format!("120 of 170 demo bookings in this category {peers}")
    );
    assert_eq!(b["breakdown"][3]["points"], 10.0);
    assert_eq!(b["breakdown"][3]["maxPoints"], 10.0);
    let q = find(&after, quiet_id);
    assert!(
        q["reasons"]
            .as_array()
            .unwrap()
            .contains(&json!(format!("50 demo bookings {peers}"))),
        "{}",
        q["reasons"]
    );
    assert_eq!(
        q["breakdown"][3]["detail"],
        format!("50 of 170 demo bookings in this category {peers}")
    );
    // Every other vendor of the category: no real booking, so no booking sentence.
    for v in after["vendors"].as_array().unwrap() {
        let vid = v["vendor"]["id"].as_u64().unwrap();
        if vid != busy_id && vid != quiet_id {
            assert!(!v["reasons"].to_string().contains("demo booking"), "{v}");
            assert_eq!(
                v["breakdown"][3]["detail"],
                format!("0 of 170 demo bookings in this category {peers}")
            );
        }
    }

    let res = app
        .call(
            Method::POST,
            "/api/recommendations/pick-for-me?replace=questionnaire",
            None,
        )
        .await;
    let picks = res.json();
    let item = picks["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["categoryId"] == cat)
        .unwrap();
    assert_eq!(
        item["note"],
        Value::Null,
        "enough data for the firm's own size"
    );
    assert_eq!(item["picks"][0]["vendorId"], busy_id);
    assert_eq!(
        item["picks"][0]["reason"],
        format!("120 demo bookings {peers}")
    );
    assert_eq!(item["picks"][1]["vendorId"], quiet_id);
    assert_eq!(
        item["picks"][1]["reason"],
        format!("50 demo bookings {peers}")
    );
    // The other stages have no real booking: ranked by fit, and the page names them, never the
    // category whose picks rest on the firm's own size.
    let note = picks["fallbackNote"].as_str().unwrap();
    assert!(note.starts_with(SOME_CATEGORIES_WIDEN), "{note}");
    let label = |id: u64| app.state.catalog.load().category(id).unwrap().label.clone();
    assert!(!note.contains(&format!("{} ", label(cat))), "{note}");
    let other = other_stage(&app, cat);
    let no_data = note
        .split(". ")
        .find(|s| {
            s.contains(
                "have no recent demo bookings, so their picks rest on what your firm told us",
            )
        })
        .unwrap_or_else(|| panic!("{note}"));
    assert!(no_data.contains(&label(other)), "{note}");
    assert_eq!(picks["usedAnySizeFallback"], false);
    assert_eq!(picks["rankedWithoutBookings"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_category_outside_the_stages_keeps_its_picks_beside_the_nine_stages() {
    let mut app = signed_in().await;
    let catalog = app.state.catalog.load();
    let pm = catalog
        .category_by_name("Practice Management")
        .expect("Practice Management ships with the catalog");
    assert_eq!(pm.stage, None);
    let pm = pm.id;
    drop(catalog);

    let body = first_options(&app, pm);
    let id = respond(&mut app, body).await;
    let result = compute(&mut app, id, pm).await;
    let top3: Vec<u64> = vendor_ids(&result).into_iter().take(3).collect();

    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert_eq!(pick_ids(&persisted, pm), top3);
    let item = persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["categoryId"] == pm)
        .unwrap();
    assert_eq!(item["categoryName"], "Practice Management");
    assert_eq!(item["stage"], Value::Null);
    assert_eq!(item["source"], "questionnaire");

    let overview = app.get("/api/recommendations/overview").await.json();
    assert_eq!(
        overview["totalStages"], 9,
        "the progress counts the nine stages only"
    );
    assert_eq!(overview["stagesCompleted"], 0);
    let others = overview["others"].as_array().unwrap();
    let names: Vec<&str> = others
        .iter()
        .map(|o| o["categoryName"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Practice Management",
            "Document Management",
            "Marketing Services",
            "E-Discovery",
            "Financial Management"
        ]
    );
    let row = others.iter().find(|o| o["categoryId"] == pm).unwrap();
    assert_eq!(row["status"], "in_progress");
    assert_eq!(row["picks"], top3.len());
    assert_eq!(row["stage"], Value::Null);
    assert!(
        others
            .iter()
            .filter(|o| o["categoryId"] != pm)
            .all(|o| o["status"] == "not_started")
    );

    // Dismissing one of its picks works like a stage's (the next candidate takes its place);
    // clearing empties it too.
    let res = app
        .post(
            "/api/recommendations/dismissed",
            json!({ "vendorId": top3[0], "reason": "not_right_for_practice" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let persisted = app.get("/api/recommendations/persisted").await.json();
    let after = pick_ids(&persisted, pm);
    assert_eq!(after[..2], top3[1..], "{persisted}");
    assert!(!after.contains(&top3[0]), "{persisted}");
    app.call(Method::DELETE, "/api/recommendations/persisted", None)
        .await;
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert_eq!(persisted["items"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_spec_banner_shows_only_when_true_of_every_category_and_a_partial_fallback_is_named() {
    let mut app = signed_in().await;
    // Every category gets 5 real bookings of its first active vendor: by firms of 2-5 (next to
    // the user's 6-20) in all but the last category, and by firms of 200+ there.
    let catalog = app.state.catalog.load();
    let today = chrono::Utc::now().date_naive();
    let mut csv = String::from(
        "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n",
    );
    let last = catalog.categories.iter().map(|c| c.id).max().unwrap();
    for category in &catalog.categories {
        let vendor = catalog
            .vendors
            .iter()
            .find(|v| v.category_id == category.id && v.is_active)
            .unwrap();
        let size = if category.id == last { "E200P" } else { "E2_5" };
        for i in 0..5 {
            let day = today - chrono::Duration::days(1 + i);
            csv.push_str(&format!(
                "{}-{i},{day}T10:00:00Z,{},\"{}\",{size},\"Austin, TX\",TX,Austin\n",
                category.id, category.name, vendor.name
            ));
        }
    }
    let (last_name, last_label, first_stage) = (
        catalog.category(last).unwrap().name.clone(),
        catalog.category(last).unwrap().label.clone(),
        catalog.stages()[0].id,
    );
    drop(catalog);
    let res = upload_bookings(&mut app, &csv).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let neighbours = "Note: Recommendations include data from similar firm sizes due to limited data for your exact size.";
    let overall = "Not enough recent data for your firm size; showing popular picks overall.";
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    let picks = res.json();
    let note_of = |id: u64| {
        picks["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["categoryId"] == id)
            .unwrap()["note"]
            .clone()
    };
    assert_eq!(note_of(first_stage), neighbours);
    assert_eq!(
        note_of(last),
        overall,
        "{last_name}: only firms of 200+ booked"
    );
    assert_eq!(picks["usedAnySizeFallback"], true);
    // All firms is true of one category only: the banner names it, never the whole page.
    let note = picks["fallbackNote"].as_str().unwrap();
    assert!(note.starts_with(SOME_CATEGORIES_WIDEN), "{note}");
    assert!(
        note.contains(&format!(" {last_label} uses all firms.")),
        "{note}"
    );
    assert!(note.contains(" use similar firm sizes."), "{note}");
    assert!(!note.contains(overall), "{note}");
    assert_eq!(
        app.get("/api/recommendations/persisted").await.json()["fallbackNote"],
        note
    );

    // A questionnaire for that category replaces its picks: neighbouring sizes are true of every
    // Pick For Me category left, so the spec's banner says so.
    let body = first_options(&app, last);
    let id = respond(&mut app, body).await;
    compute(&mut app, id, last).await;
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert_eq!(persisted["fallbackNote"], neighbours);
}

/// A vendor the firm rejected on its shortlist is decided: no ranking brings it back, /past lists
/// it no more than a dismissed one, and its entry keeps the reasons it was added with while a
/// later ranking is shown beside them as "now".
#[tokio::test(flavor = "multi_thread")]
async fn a_rejected_vendor_is_never_ranked_again_and_its_entry_keeps_its_reasons() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let first = compute(&mut app, id, cat).await;
    let [rejected, kept, ..] = vendor_ids(&first)[..] else {
        panic!("two ranked vendors: {first}")
    };
    for vendor in [rejected, kept] {
        let res = app
            .call(
                Method::PUT,
                &format!("/api/shortlist/{vendor}"),
                Some(json!({})),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let added = app.get("/api/shortlist").await.json();
    let entry = |list: &Value, vendor: u64| {
        list["groups"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["entries"].as_array().unwrap().iter())
            .find(|e| e["vendorId"] == vendor)
            .cloned()
            .unwrap()
    };
    let recorded = entry(&added, kept)["recommendation"].clone();
    assert!(
        recorded["reasons"]
            .as_array()
            .is_some_and(|r| !r.is_empty()),
        "{recorded}"
    );
    assert!(entry(&added, kept)["now"].is_null());

    let res = app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{rejected}"),
            Some(json!({ "status": "Rejected", "rejectReason": "Too slow" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    // A later questionnaire ranks again a second on: never the rejected vendor.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    let again = compute(&mut app, id, cat).await;
    assert!(!vendor_ids(&again).contains(&rejected), "{again}");
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert!(!pick_ids(&res.json(), cat).contains(&rejected));
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert!(!pick_ids(&persisted, cat).contains(&rejected));
    let past = app
        .get("/api/past-recommendations?pageSize=100")
        .await
        .json();
    let past_ids: Vec<String> = past["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["recommendationId"].as_str().unwrap().to_string())
        .collect();
    assert!(
        !past_ids.contains(&format!("{cat}-{rejected}")),
        "{past_ids:?}"
    );

    // The kept entry's reasons are as they were when it was added; the new ranking is "now".
    let later = app.get("/api/shortlist").await.json();
    assert_eq!(entry(&later, kept)["recommendation"], recorded);
    // Same answers, the rejected one gone: the kept vendor is among the new picks.
    assert!(vendor_ids(&again)[..3].contains(&kept), "{again}");
    let now = &entry(&later, kept)["now"];
    assert!(
        now["recommendedAt"].as_str() > recorded["recommendedAt"].as_str(),
        "{now}"
    );
}

/// Picks a questionnaire produced are the firm's own answers: Pick For Me fills the other
/// categories and replaces them only when asked to.
#[tokio::test(flavor = "multi_thread")]
async fn pick_for_me_keeps_a_questionnaires_picks_unless_asked_to_replace_them() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let body = first_options(&app, cat);
    let id = respond(&mut app, body).await;
    compute(&mut app, id, cat).await;
    let answered = pick_ids(&app.get("/api/recommendations/persisted").await.json(), cat);
    let source = |picks: &Value| {
        picks["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["categoryId"] == cat)
            .map(|i| i["source"].clone())
            .unwrap()
    };

    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let kept = res.json();
    assert_eq!(source(&kept), "questionnaire");
    assert_eq!(pick_ids(&kept, cat), answered);
    let filled = kept["items"].as_array().unwrap();
    assert!(
        filled
            .iter()
            .filter(|i| i["source"] == "pick_for_me")
            .count()
            >= 9,
        "the other categories are filled: {kept}"
    );

    let res = app
        .call(
            Method::POST,
            "/api/recommendations/pick-for-me?replace=everything",
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("replace must be"), "{}", res.error());

    let res = app
        .call(
            Method::POST,
            "/api/recommendations/pick-for-me?replace=questionnaire",
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(source(&res.json()), "pick_for_me");
}

/// A reopened questionnaire starts from the firm's latest answers: whoever at the firm gave them,
/// only the firm's, and none for a category nobody answered.
#[tokio::test(flavor = "multi_thread")]
async fn the_latest_answers_of_the_firm_are_there_to_reopen_a_questionnaire() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let path = format!("/api/responses/latest/{cat}");
    let res = app.get(&path).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json(), json!({ "response": null }));

    let first = first_options(&app, cat);
    respond(&mut app, first).await;
    // A later answer replaces it: the last option of the first question only.
    let question = app.state.catalog.load().questions(cat)[0].clone();
    let last = question.options.last().unwrap().label.clone();
    let id = respond(
        &mut app,
        json!({ "categoryId": cat, "answers": [{ "questionId": question.id, "selectedValues": [last] }] }),
    )
    .await;
    let body = app.get(&path).await.json();
    let response = &body["response"];
    assert_eq!(response["responseId"], id, "{body}");
    assert_eq!(response["categoryId"], cat);
    assert_eq!(
        response["answers"],
        json!([{ "questionId": question.id, "selectedValues": [last] }])
    );
    assert!(
        response["answeredAt"].as_str().unwrap().ends_with('Z'),
        "{body}"
    );

    let res = app.get("/api/responses/latest/999999").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = app.get("/api/responses/latest/abc").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    // Another firm sees none of it.
    app.sign_out().await;
    app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    assert_eq!(app.get(&path).await.json(), json!({ "response": null }));
}

/// Every item's note, the page's notes and the cards' reasons of a picks answer, as one text.
fn every_note(picks: &Value) -> String {
    let mut out = vec![
        picks["fallbackNote"].to_string(),
        picks["staleNote"].to_string(),
    ];
    for item in picks["items"].as_array().unwrap() {
        out.push(item["note"].to_string());
        for p in item["picks"].as_array().unwrap() {
            out.push(p["reason"].to_string());
        }
    }
    out.join("\n")
}

/// Where the evidence comes from, told once from the current state (issue 77): picks made with no
/// booking, then an import, say they predate it and offer the refresh (a questionnaire's offer to
/// answer it again); after the refresh no note says nothing was imported, the banner is what
/// every category's note says, and Pick For Me says whether the evidence changed.
#[tokio::test(flavor = "multi_thread")]
async fn picks_made_before_an_import_say_so_until_pick_for_me_refreshes_them() {
    let mut app = signed_in().await;
    let cat = stage_with_questions(&app);
    let asked = other_stage(&app, cat);

    // No booking: the page tells the story once; the first Pick For Me replaces no picks.
    let first = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await
        .json();
    assert_eq!(first["evidenceChanged"], Value::Null);
    assert_eq!(first["fallbackNote"], PAGE_NO_REAL_BOOKINGS_NOTE);
    assert_eq!(first["staleNote"], Value::Null);
    assert_eq!(first["evidence"]["source"], "no_bookings");
    assert_eq!(first["evidence"]["realChangedAt"], Value::Null);
    let body = first_options(&app, asked);
    let id = respond(&mut app, body).await;
    compute(&mut app, id, asked).await;
    let again = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await
        .json();
    assert_eq!(
        again["evidenceChanged"], false,
        "nothing new since the last picks: the toast must not claim fresh data"
    );

    // An import of real bookings: 9 of the category's first vendor by firms of the user's size.
    // The clock counts seconds: the import comes in a later one than the picks.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let catalog = app.state.catalog.load();
    let category = catalog.category(cat).unwrap();
    let (category_name, label) = (category.name.clone(), category.label.clone());
    let vendor = catalog
        .vendors
        .iter()
        .find(|v| v.category_id == cat && v.is_active)
        .unwrap();
    let (vendor_id, vendor_name) = (vendor.id, vendor.name.clone());
    drop(catalog);
    let today = chrono::Utc::now().date_naive();
    let mut csv = String::from(
        "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n",
    );
    for i in 0..9 {
        let day = today - chrono::Duration::days(1 + i);
        csv.push_str(&format!(
            "story-{i},{day}T10:00:00Z,{category_name},\"{vendor_name}\",E6_20,\"Austin, TX\",TX,Austin\n"
        ));
    }
    let res = upload_bookings(&mut app, &csv).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let stale = app.get("/api/recommendations/persisted").await.json();
    assert_eq!(stale["evidence"]["source"], "real_bookings");
    let changed_at = stale["evidence"]["realChangedAt"].as_str().unwrap();
    let day = chrono::DateTime::parse_from_rfc3339(changed_at)
        .unwrap()
        .format("%B %-d, %Y")
        .to_string();
    assert_eq!(
        stale["staleNote"],
        format!(
            "These picks were made before the latest demo bookings were imported ({day}). Run Pick For Me to refresh them."
        )
    );
    assert!(
        !every_note(&stale).contains("imported yet"),
        "{}",
        every_note(&stale)
    );
    assert_eq!(
        stale["fallbackNote"],
        Value::Null,
        "no banner speaks for stale picks"
    );
    for item in stale["items"].as_array().unwrap() {
        assert_eq!(item["stale"], true, "{item}");
        let note = item["note"].as_str().unwrap();
        if item["categoryId"] == asked {
            assert_eq!(
                note,
                format!(
                    "Made before the latest demo bookings were imported ({day}). Answer this questionnaire again (it opens with your last answers) to rank with them."
                )
            );
        } else {
            assert!(
                note.starts_with("Made before the latest demo bookings"),
                "{note}"
            );
        }
    }

    // The refresh: the evidence changed, nothing is stale, and the banner agrees with the cards.
    let fresh = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await
        .json();
    assert_eq!(fresh["evidenceChanged"], true);
    assert_eq!(fresh["staleNote"], Value::Null);
    let text = every_note(&fresh);
    assert!(!text.contains("imported yet"), "{text}");
    let items = fresh["items"].as_array().unwrap();
    let item = items.iter().find(|i| i["categoryId"] == cat).unwrap();
    assert_eq!(item["stale"], false);
    assert_eq!(item["note"], Value::Null, "its own size's bookings: {item}");
    assert_eq!(item["picks"][0]["vendorId"], vendor_id);
    assert_eq!(
        item["picks"][0]["reason"],
        "9 demo bookings by firms of 6-20 employees in the last 90 days"
    );
    let banner = fresh["fallbackNote"].as_str().unwrap();
    assert!(banner.starts_with(SOME_CATEGORIES_WIDEN), "{banner}");
    assert!(
        !banner.contains(&format!("{label} ")),
        "the banner never speaks for {label}: {banner}"
    );
    assert!(
        !banner.contains("Not enough recent data for your firm size"),
        "{banner}"
    );
    // The questionnaire's picks are the firm's: kept, and still saying how to rank them again.
    let kept = items.iter().find(|i| i["categoryId"] == asked).unwrap();
    assert_eq!(
        (kept["source"].as_str(), kept["stale"].as_bool()),
        (Some("questionnaire"), Some(true))
    );
    assert_eq!(
        app.get("/api/recommendations/persisted").await.json()["staleNote"],
        Value::Null
    );

    let unchanged = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await
        .json();
    assert_eq!(unchanged["evidenceChanged"], false);
}
