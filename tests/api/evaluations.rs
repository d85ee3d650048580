//! Evaluations (issue 32): criteria (suggested, saved, locked at the first submitted scorecard,
//! changed with a reason), scorecards hidden from a person until they submit their own, the
//! disagreement flag and the weighted score, reference calls, re-evaluate, and the record a
//! decision holds. Both backends (LITSTACK_TEST_BACKEND).

use axum::http::{Method, StatusCode};
use litstack::platform::firm_id::FirmId;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, TestResponse};

const INTAKE: u64 = 2;
const LEAD_DOCKET: u64 = 11; // Intake
const LAWMATICS: u64 = 12; // Intake

async fn put(app: &mut TestApp, path: &str, body: Value) -> TestResponse {
    app.call(Method::PUT, path, Some(body)).await
}

fn criteria_path() -> String {
    format!("/api/evaluations/{INTAKE}/criteria")
}

fn card_path(vendor: u64) -> String {
    format!("/api/evaluations/{INTAKE}/scorecards/{vendor}")
}

/// Two criteria: Price 60, Support 40.
async fn save_criteria(app: &mut TestApp) -> Value {
    let res = put(
        app,
        &criteria_path(),
        json!({ "criteria": [
            { "name": "Price", "weight": 60 },
            { "name": "Support", "weight": 40 }
        ] }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

async fn score(app: &mut TestApp, vendor: u64, price: Option<u8>, support: Option<u8>) {
    let res = put(
        app,
        &card_path(vendor),
        json!({ "scores": [
            { "criterionId": "price", "score": price, "comment": "ok" },
            { "criterionId": "support", "score": support }
        ] }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = app
        .call(Method::POST, &format!("{}/submit", card_path(vendor)), None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "submitted");
}

async fn summary(app: &mut TestApp) -> Value {
    let res = app.get(&format!("/api/evaluations/{INTAKE}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn vendor(summary: &Value, id: u64) -> &Value {
    summary["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["vendorId"] == id)
        .unwrap_or_else(|| panic!("vendor {id} in {summary}"))
}

/// Ann (owner) with Lead Docket and Lawmatics on the shortlist, and Mo (member), Vi (viewer).
/// Answers the three sessions.
async fn firm(app: &mut TestApp) -> (Option<String>, Option<String>, Option<String>) {
    app.sign_up().await;
    for id in [LEAD_DOCKET, LAWMATICS] {
        let res = put(
            app,
            &format!("/api/shortlist/{id}"),
            json!({ "status": "Demo held" }),
        )
        .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let ann = app.cookie.clone();
    let token = app.invite("mo@doe-law.com", "member").await;
    app.cookie = ann.clone();
    let viewer = app.invite("vi@doe-law.com", "viewer").await;
    app.join(&token, "Mo Doe", "mo@doe-law.com").await;
    let mo = app.cookie.clone();
    app.join(&viewer, "Vi Doe", "vi@doe-law.com").await;
    let vi = app.cookie.clone();
    app.cookie = ann.clone();
    (ann, mo, vi)
}

#[tokio::test(flavor = "multi_thread")]
async fn suggestions_then_saved_criteria_and_their_checks() {
    let mut app = TestApp::new();
    let (ann, _mo, vi) = firm(&mut app).await;
    let res = app.get(&criteria_path()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let got = res.json();
    assert_eq!(got["suggested"], true);
    assert_eq!(got["locked"], false);
    assert_eq!(got["round"], 1);
    let names: Vec<&str> = got["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names[..7],
        [
            "Ease of use",
            "Fit for personal-injury work",
            "Integrations with our stack",
            "Data security",
            "Price",
            "Support",
            "Onboarding"
        ]
    );
    let sum: u64 = got["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["weight"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 100);

    // Weights not adding up to 100.
    let res = put(
        &mut app,
        &criteria_path(),
        json!({ "criteria": [{ "name": "Price", "weight": 50 }, { "name": "Support", "weight": 35 }] }),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error(),
        "The weights add up to 85; they must add up to 100"
    );
    // A name twice, ignoring case; an empty set.
    for bad in [
        json!({ "criteria": [{ "name": "Price", "weight": 50 }, { "name": "price", "weight": 50 }] }),
        json!({ "criteria": [] }),
        json!({ "criteria": [{ "name": "", "weight": 100 }] }),
        json!({ "criteria": [{ "name": "Price", "weight": 101 }] }),
    ] {
        let res = put(&mut app, &criteria_path(), bad).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    }
    // A viewer changes nothing; an unknown category is a 404.
    app.cookie = vi;
    let res = put(
        &mut app,
        &criteria_path(),
        json!({ "criteria": [{ "name": "Price", "weight": 100 }] }),
    )
    .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&criteria_path()).await.json()["suggested"], true);
    app.cookie = ann;
    let res = app.get("/api/evaluations/999999/criteria").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    let saved = save_criteria(&mut app).await;
    assert_eq!(saved["suggested"], false);
    assert_eq!(
        saved["criteria"],
        json!([
            { "id": "price", "name": "Price", "weight": 60 },
            { "id": "support", "name": "Support", "weight": 40 }
        ])
    );
    // The saved criteria, not the suggestions, from then on.
    assert_eq!(app.get(&criteria_path()).await.json(), saved);
}

/// The firm's questionnaire needs join the suggestions phrased as criteria, never as the
/// answer's text, and the suggestions stop at eight: three needs displace the standard set's
/// last two (issue 45: "at most eight suggested criteria, each phrased as a criterion").
#[tokio::test(flavor = "multi_thread")]
async fn suggestions_are_at_most_eight_and_phrase_needs_as_criteria() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let names = |got: &Value| -> Vec<String> {
        got["criteria"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect()
    };
    // One need: the whole standard set and the need make eight.
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": INTAKE, "answers": [
                { "questionId": 203, "selectedValues": ["Often; we need bilingual intake"] },
            ] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let got = app.get(&criteria_path()).await.json();
    assert_eq!(
        names(&got),
        [
            "Ease of use",
            "Fit for personal-injury work",
            "Integrations with our stack",
            "Data security",
            "Price",
            "Support",
            "Onboarding",
            "Bilingual intake"
        ]
    );
    // Every need of the questionnaire chosen: still eight, the first three needs phrased as
    // criteria, no answer text, weights adding up to 100.
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": INTAKE, "answers": [
                { "questionId": 201, "selectedValues": ["Phone calls", "Website chat", "Text messages", "Web forms and referrals"] },
                { "questionId": 203, "selectedValues": ["Often; we need bilingual intake"] },
                { "questionId": 204, "selectedValues": [
                    "Sign the retainer electronically on the same call",
                    "Automatic follow-up texts and emails",
                    "The new case lands in our case management system",
                    "We can see which ad or source produced the case"
                ] },
                { "questionId": 205, "selectedValues": ["Yes, with a human backup"] },
            ] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let got = app.get(&criteria_path()).await.json();
    assert_eq!(
        names(&got),
        [
            "Ease of use",
            "Fit for personal-injury work",
            "Integrations with our stack",
            "Data security",
            "Price",
            "Phone answering",
            "Website chat",
            "Text messaging"
        ]
    );
    let sum: u64 = got["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["weight"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 100);
    assert!(!got.to_string().contains("Often;"), "{got}");
}

#[tokio::test(flavor = "multi_thread")]
async fn scores_are_hidden_until_ones_own_submission_then_flagged_and_weighted() {
    let mut app = TestApp::new();
    let (ann, mo, vi) = firm(&mut app).await;
    // No scoring before criteria are saved.
    let res = put(&mut app, &card_path(LAWMATICS), json!({ "scores": [] })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    save_criteria(&mut app).await;
    // A vendor not in the evaluation is a 404; so is another category's vendor.
    let res = app.get(&card_path(1)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // A draft missing a criterion cannot be submitted: the first missing one is named.
    let res = put(
        &mut app,
        &card_path(LAWMATICS),
        json!({ "scores": [{ "criterionId": "price", "score": 5 }] }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "draft");
    let res = app
        .call(
            Method::POST,
            &format!("{}/submit", card_path(LAWMATICS)),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("\"Support\" has no score"),
        "{}",
        res.error()
    );
    // Bad scores.
    for bad in [
        json!({ "scores": [{ "criterionId": "price", "score": 6 }] }),
        json!({ "scores": [{ "criterionId": "nope", "score": 3 }] }),
        json!({ "scores": [{ "criterionId": "price", "score": 3, "comment": "x".repeat(1001) }] }),
    ] {
        let res = put(&mut app, &card_path(LAWMATICS), bad).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    }

    // Ann: 5 on price, 4 on support.
    score(&mut app, LAWMATICS, Some(5), Some(4)).await;
    // Mo has not submitted: he sees no scores, only the count.
    app.cookie = mo.clone();
    let got = summary(&mut app).await;
    let lawmatics = vendor(&got, LAWMATICS);
    assert_eq!(lawmatics["scoresVisible"], false);
    assert_eq!(
        lawmatics["hiddenNote"],
        "Scores appear after you submit yours"
    );
    assert_eq!(lawmatics["submittedCount"], 1);
    assert_eq!(lawmatics["weightedScore"], Value::Null);
    assert_eq!(lawmatics["criteria"], json!([]));
    assert!(!got.to_string().contains("\"score\":5"), "{got}");
    // A viewer neither, with one scorecard in.
    app.cookie = vi.clone();
    assert_eq!(
        vendor(&summary(&mut app).await, LAWMATICS)["scoresVisible"],
        false
    );
    let res = put(&mut app, &card_path(LAWMATICS), json!({ "scores": [] })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "viewers never score");

    // Mo: 3 on price (a spread of 2), did not see support.
    app.cookie = mo.clone();
    score(&mut app, LAWMATICS, Some(3), None).await;
    let got = summary(&mut app).await;
    let lawmatics = vendor(&got, LAWMATICS);
    assert_eq!(lawmatics["scoresVisible"], true);
    assert_eq!(lawmatics["submittedCount"], 2);
    let price = &lawmatics["criteria"][0];
    assert_eq!(price["criterionId"], "price");
    assert_eq!(price["disagreement"], true);
    assert_eq!(price["flag"], "Talk about this before deciding");
    assert_eq!(
        price["scores"],
        json!([
            { "by": "Ann Doe", "score": 5, "comment": "ok", "underOldCriteria": false },
            { "by": "Mo Doe", "score": 3, "comment": "ok", "underOldCriteria": false }
        ])
    );
    let support = &lawmatics["criteria"][1];
    assert_eq!(support["disagreement"], false);
    assert_eq!(support["flag"], Value::Null);
    // Price: mean 4 -> 75 at 60; support: 4 -> 75 at 40: 75.
    assert_eq!(lawmatics["weightedScore"], 75);
    // Lead Docket: nobody scored it.
    assert_eq!(vendor(&got, LEAD_DOCKET)["submittedCount"], 0);
    // The viewer, who never scores, sees none of them while no decision on the round is final
    // (issue 44: two scorecards in are no longer enough), and is told when they will.
    app.cookie = vi;
    let seen = summary(&mut app).await;
    let lawmatics = vendor(&seen, LAWMATICS);
    assert_eq!(lawmatics["scoresVisible"], false);
    assert_eq!(lawmatics["weightedScore"], Value::Null);
    assert_eq!(lawmatics["criteria"], json!([]));
    assert_eq!(
        lawmatics["hiddenNote"],
        "Scores and comments appear once the decision is final"
    );
    assert!(!seen.to_string().contains("\"score\":5"), "{seen}");
    assert_eq!(vendor(&seen, LEAD_DOCKET)["scoresVisible"], false);
    app.cookie = ann;
    // Ann's own scorecard reads back.
    let mine = app.get(&card_path(LAWMATICS)).await.json();
    assert_eq!(mine["status"], "submitted");
    assert_eq!(mine["scores"][0]["score"], 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn criteria_lock_at_the_first_submission_and_a_change_is_recorded() {
    let mut app = TestApp::new();
    let (ann, mo, _vi) = firm(&mut app).await;
    save_criteria(&mut app).await;
    app.cookie = mo.clone();
    score(&mut app, LAWMATICS, Some(4), Some(2)).await;
    let got = app.get(&criteria_path()).await.json();
    assert_eq!(got["locked"], true);
    let change = json!({ "criteria": [
        { "id": "price", "name": "Price", "weight": 50 },
        { "id": "support", "name": "Support", "weight": 30 },
        { "name": "Onboarding", "weight": 20 }
    ], "reason": "Onboarding matters to the partners" });
    // A member may not change them.
    let res = put(&mut app, &criteria_path(), change.clone()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        res.error(),
        "The criteria are locked: the first scorecard is in. An owner or admin can change them, \
         with a reason"
    );
    // An owner without a reason: 400.
    app.cookie = ann.clone();
    let mut no_reason = change.clone();
    no_reason.as_object_mut().unwrap().remove("reason");
    let res = put(&mut app, &criteria_path(), no_reason).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let mut long = change.clone();
    long["reason"] = json!("x".repeat(501));
    let res = put(&mut app, &criteria_path(), long).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    // With one: recorded.
    let res = put(&mut app, &criteria_path(), change).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let got = res.json();
    assert_eq!(got["criteria"][2]["id"], "onboarding");
    let changes = got["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0]["by"], "Ann Doe");
    assert_eq!(changes[0]["reason"], "Onboarding matters to the partners");
    assert_eq!(changes[0]["before"][0]["weight"], 60);
    assert_eq!(changes[0]["after"][0]["weight"], 50);
    assert!(changes[0]["at"].as_str().unwrap().ends_with('Z'));
    // Mo's scorecard was made under the old criteria.
    app.cookie = mo;
    let got = summary(&mut app).await;
    let lawmatics = vendor(&got, LAWMATICS);
    assert_eq!(
        lawmatics["criteria"][0]["scores"][0]["underOldCriteria"],
        true
    );
    assert_eq!(
        app.get(&card_path(LAWMATICS)).await.json()["underOldCriteria"],
        true
    );
    // In the firm's log.
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        crate::helpers::audit_actions(&log)[0],
        "evaluation_criteria_changed"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn another_firm_sees_only_its_own_evaluation() {
    let mut app = TestApp::new();
    firm(&mut app).await;
    save_criteria(&mut app).await;
    score(&mut app, LAWMATICS, Some(5), Some(5)).await;
    app.cookie = None;
    app.sign_up_as("Zed Roe", "zed@roe-law.com").await;
    let got = summary(&mut app).await;
    assert_eq!(got["criteria"]["suggested"], true);
    assert_eq!(got["vendors"], json!([]), "their shortlist is empty");
    // Lawmatics is not part of their evaluation.
    assert_eq!(
        app.get(&card_path(LAWMATICS)).await.status,
        StatusCode::NOT_FOUND
    );
    let res = app.get(&format!("/api/evaluations/{INTAKE}?round=1")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_id_in_the_path_is_refused_with_the_message_of_its_kind() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let category = "The category id must be a whole number";
    let vendor = "Vendor ids are whole numbers like 42";
    let reference = "The reference check id must be a whole number";
    let base = format!("/api/evaluations/{INTAKE}");
    for (method, path, message) in [
        (Method::GET, "/api/evaluations/abc".to_string(), category),
        (
            Method::GET,
            "/api/evaluations/%2B2/criteria".into(),
            category,
        ),
        (Method::GET, format!("{base}/scorecards/-1"), vendor),
        (Method::GET, format!("{base}/scorecards/1.5"), vendor),
        // The first segment is read first.
        (
            Method::GET,
            "/api/evaluations/x/scorecards/y".into(),
            category,
        ),
        // Both ids are read before the category is looked up.
        (
            Method::GET,
            "/api/evaluations/999/scorecards/y".into(),
            vendor,
        ),
        (
            Method::POST,
            format!("{base}/scorecards/%2012/submit"),
            vendor,
        ),
        (
            Method::DELETE,
            format!("{base}/references/99999999999999999999"),
            reference,
        ),
    ] {
        let res = app.call(method, &path, None).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            res.text()
        );
        assert_eq!(res.error(), message, "{path}");
    }
    // A segment that is not UTF-8 is refused in our shape too.
    let res = app.get("/api/evaluations/%FF/criteria").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(!res.error().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn references_round_trip_and_bad_ones_are_refused() {
    let mut app = TestApp::new();
    let (ann, mo, vi) = firm(&mut app).await;
    app.cookie = mo.clone();
    let path = format!("/api/evaluations/{INTAKE}/references");
    let good = json!({
        "vendorId": LAWMATICS, "firmCalled": "Roe Injury Law", "firmSize": "11-25 staff",
        "date": "2026-01-05",
        "questions": [{ "question": "How is support?", "answer": "Answers within the hour" }]
    });
    let res = app.post(&path, good.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let saved = res.json();
    assert_eq!(saved["by"], "Mo Doe");
    assert_eq!(saved["firmCalled"], "Roe Injury Law");
    assert_eq!(saved["questions"][0]["answer"], "Answers within the hour");
    // Everyone sees it, before scoring too.
    app.cookie = vi.clone();
    let got = summary(&mut app).await;
    assert_eq!(vendor(&got, LAWMATICS)["references"][0]["id"], saved["id"]);
    assert_eq!(vendor(&got, LAWMATICS)["references"][0]["canDelete"], false);
    assert_eq!(
        app.post(&path, good.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    app.cookie = mo.clone();
    let future = (chrono::Utc::now() + chrono::Duration::days(3))
        .format("%Y-%m-%d")
        .to_string();
    for (field, value) in [
        ("firmCalled", json!("")),
        ("firmCalled", json!("x".repeat(121))),
        ("firmSize", json!("x".repeat(61))),
        ("date", json!("05/01/2026")),
        ("date", json!(future)),
        ("questions", json!([])),
        ("questions", json!([{ "question": "Q", "answer": "" }])),
        (
            "questions",
            json!(
                (0..21)
                    .map(|_| json!({ "question": "Q", "answer": "A" }))
                    .collect::<Vec<_>>()
            ),
        ),
        ("vendorId", json!(1)),
    ] {
        let mut bad = good.clone();
        bad[field] = value;
        let res = app.post(&path, bad).await;
        assert!(
            matches!(res.status, StatusCode::BAD_REQUEST | StatusCode::NOT_FOUND),
            "{field}: {}",
            res.text()
        );
        assert!(!res.error().is_empty());
    }
    // Ann (owner) deletes Mo's.
    app.cookie = ann;
    let del = format!("{path}/{}", saved["id"]);
    let res = app.call(Method::DELETE, &del, None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(
        app.call(Method::DELETE, &del, None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        vendor(&summary(&mut app).await, LAWMATICS)["references"],
        json!([])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn re_evaluate_copies_the_criteria_and_marks_the_incumbent() {
    let mut app = TestApp::new();
    let (_ann, _mo, _vi) = firm(&mut app).await;
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": INTAKE, "hasTool": true,
                "selectedVendorIds": [LEAD_DOCKET], "primaryVendorId": LEAD_DOCKET }] }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    save_criteria(&mut app).await;
    let re = format!("/api/evaluations/{INTAKE}/re-evaluate");
    // No scorecard yet: the current round stays (asking twice starts nothing), with the incumbent.
    let got = app.post(&re, json!({})).await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.text());
    assert_eq!(got.json()["round"], 1);
    score(&mut app, LAWMATICS, Some(4), Some(4)).await;
    let got = app.post(&re, json!({})).await.json();
    assert_eq!(got["round"], 2);
    assert_eq!(got["latestRound"], 2);
    assert_eq!(got["criteria"]["locked"], false);
    assert_eq!(got["criteria"]["suggested"], false);
    assert_eq!(got["criteria"]["criteria"][0]["weight"], 60);
    assert_eq!(vendor(&got, LEAD_DOCKET)["incumbent"], true);
    assert_eq!(vendor(&got, LAWMATICS)["incumbent"], false);
    assert_eq!(vendor(&got, LAWMATICS)["myScorecard"], "none");
    let again = app.post(&re, json!({})).await.json();
    assert_eq!(
        again["round"], 2,
        "idempotent while round 2 has no scorecards"
    );
    // The incumbent is scored like the others; round 1 stays readable.
    score(&mut app, LEAD_DOCKET, Some(2), Some(2)).await;
    let first = app
        .get(&format!("/api/evaluations/{INTAKE}?round=1"))
        .await
        .json();
    assert_eq!(first["round"], 1);
    assert_eq!(vendor(&first, LAWMATICS)["weightedScore"], 75);
    assert_eq!(first["canScore"], false);
    let res = app.get(&format!("/api/evaluations/{INTAKE}?round=x")).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_record_is_the_same_twice_in_a_stable_order() {
    let mut app = TestApp::new();
    let (ann, mo, _vi) = firm(&mut app).await;
    let state = app.state.clone();
    let me = app.get("/api/auth/me").await.json();
    let firm_id = FirmId::for_fixtures(me["user"]["firm"]["id"].as_u64().unwrap());
    let catalog = state.catalog.load();
    assert_eq!(
        litstack::evaluations::record(&state.store, &catalog, firm_id, &INTAKE.to_string())
            .unwrap(),
        None
    );
    save_criteria(&mut app).await;
    app.cookie = mo;
    score(&mut app, LAWMATICS, Some(3), Some(1)).await;
    app.cookie = ann;
    score(&mut app, LAWMATICS, Some(5), Some(3)).await;
    score(&mut app, LEAD_DOCKET, Some(2), Some(2)).await;
    let one = litstack::evaluations::record(&state.store, &catalog, firm_id, &INTAKE.to_string())
        .unwrap()
        .unwrap();
    let two = litstack::evaluations::record(&state.store, &catalog, firm_id, &INTAKE.to_string())
        .unwrap()
        .unwrap();
    assert_eq!(one, two);
    assert_eq!(one.round, 1);
    let ids: Vec<&str> = one.vendors.iter().map(|v| v.vendor_id.as_str()).collect();
    assert_eq!(ids, ["11", "12"]);
    let lawmatics = &one.vendors[1];
    // By submission time (ties by account); both scorecards are there.
    let mut by: Vec<&str> = lawmatics.scorecards.iter().map(|s| s.by.as_str()).collect();
    assert!(
        lawmatics
            .scorecards
            .windows(2)
            .all(|w| w[0].submitted_at <= w[1].submitted_at)
    );
    by.sort_unstable();
    assert_eq!(by, ["Ann Doe", "Mo Doe"]);
    assert_eq!(lawmatics.disagreements, ["price", "support"]);
    // Price 4 -> 75 at 60, support 2 -> 25 at 40: 55.
    assert_eq!(lawmatics.weighted_score, Some(55));
}

/// Every answer a person who has not scored a vendor can read of the open round: no total.
async fn no_total_for(app: &mut TestApp, vendor_id: u64) {
    let s = summary(app).await;
    let v = vendor(&s, vendor_id);
    assert_eq!(v["weightedScore"], Value::Null, "{v}");
    assert!(v["criteria"].as_array().unwrap().is_empty(), "{v}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_closed_round_takes_no_write_from_any_role_and_no_total_shows_before_it_closes() {
    let mut app = TestApp::new();
    let (ann, mo, vi) = firm(&mut app).await;
    save_criteria(&mut app).await;
    score(&mut app, LEAD_DOCKET, Some(4), Some(3)).await;
    let reference = app
        .post(
            &format!("/api/evaluations/{INTAKE}/references"),
            json!({ "vendorId": LEAD_DOCKET, "firmCalled": "Roe Injury Law",
                "firmSize": "11-25 staff", "date": "2026-01-05",
                "questions": [{ "question": "Support?", "answer": "Fast" }] }),
        )
        .await;
    assert_eq!(
        reference.status,
        StatusCode::CREATED,
        "{}",
        reference.text()
    );
    let reference_id = reference.json()["id"].as_u64().unwrap();

    // Before the round closes, whoever has not scored Lead Docket sees no total of it: not Mo
    // (a member with a draft), not Vi (a viewer), however many scorecards arrive.
    app.cookie = mo.clone();
    put(
        &mut app,
        &card_path(LEAD_DOCKET),
        json!({ "scores": [{ "criterionId": "price", "score": 2 }] }),
    )
    .await;
    for who in [&mo, &vi] {
        app.cookie = who.clone();
        no_total_for(&mut app, LEAD_DOCKET).await;
    }

    // Only an owner or admin closes it.
    let close = format!("/api/evaluations/{INTAKE}/close");
    app.cookie = mo.clone();
    assert_eq!(
        app.post(&close, json!({})).await.status,
        StatusCode::FORBIDDEN
    );
    app.cookie = ann.clone();
    let before = summary(&mut app).await;
    let closed = app.post(&close, json!({})).await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.text());
    let closed = closed.json();
    assert_eq!(closed["closed"]["by"], "Ann Doe", "{closed}");
    assert_eq!(closed["closed"]["decisionId"], Value::Null);
    assert_eq!(closed["canScore"], false);
    assert_eq!(closed["canStartRound"], true);

    // Every write, as every role: a member and an owner are told the round is closed (409), a
    // viewer that viewers do not write (403); nothing changes.
    let card = json!({ "scores": [
        { "criterionId": "price", "score": 1 }, { "criterionId": "support", "score": 1 }
    ] });
    let writes: Vec<(Method, String, Option<Value>)> = vec![
        (
            Method::PUT,
            criteria_path(),
            Some(json!({ "criteria": [
                { "name": "Price", "weight": 50 }, { "name": "Support", "weight": 50 }
            ], "reason": "Support matters as much" })),
        ),
        (Method::PUT, card_path(LEAD_DOCKET), Some(card.clone())),
        (Method::PUT, card_path(LAWMATICS), Some(card)),
        (
            Method::POST,
            format!("{}/submit", card_path(LEAD_DOCKET)),
            None,
        ),
        (
            Method::POST,
            format!("/api/evaluations/{INTAKE}/references"),
            Some(
                json!({ "vendorId": LAWMATICS, "firmCalled": "Doe Law", "firmSize": "2-5",
                "date": "2026-01-06", "questions": [{ "question": "Q?", "answer": "A" }] }),
            ),
        ),
        (
            Method::DELETE,
            format!("/api/evaluations/{INTAKE}/references/{reference_id}"),
            None,
        ),
    ];
    for (role, who) in [("owner", &ann), ("member", &mo), ("viewer", &vi)] {
        app.cookie = who.clone();
        for (method, path, body) in &writes {
            let res = app.call(method.clone(), path, body.clone()).await;
            let wanted = if role == "viewer" {
                StatusCode::FORBIDDEN
            } else {
                StatusCode::CONFLICT
            };
            assert_eq!(res.status, wanted, "{role} {method} {path}: {}", res.text());
            if wanted == StatusCode::CONFLICT {
                assert!(
                    res.error().contains("was closed on")
                        && res.error().contains("starts a new round"),
                    "{}",
                    res.error()
                );
            }
        }
    }
    app.cookie = ann.clone();
    let after = summary(&mut app).await;
    for id in [LEAD_DOCKET, LAWMATICS] {
        for field in ["weightedScore", "submittedCount", "references"] {
            assert_eq!(
                vendor(&after, id)[field],
                vendor(&before, id)[field],
                "{field}"
            );
        }
    }
    assert_eq!(after["criteria"], before["criteria"]);
    // Over: with no decision to wait for, Mo sees the scores he could not see before.
    app.cookie = mo.clone();
    let seen = summary(&mut app).await;
    assert_eq!(vendor(&seen, LEAD_DOCKET)["scoresVisible"], true);
    app.cookie = ann.clone();

    // Scoring again is a new round.
    let res = app
        .post(&format!("/api/evaluations/{INTAKE}/re-evaluate"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["round"], 2);
    assert_eq!(res.json()["canScore"], true);
    assert_eq!(res.json()["closed"], Value::Null);
    assert_eq!(res.json()["canStartRound"], false);
}
