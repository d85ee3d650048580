//! The stages' progress (`GET /api/recommendations/overview`, issue 45): Completed only with a
//! tool in the tech stack or a final decision; In Progress with picks, a questionnaire, shortlist
//! entries, an evaluation or an open decision; a meeting click changes no status.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::scenario::ok;

const LEAD_GENERATION: u64 = 1;
const INTAKE: u64 = 2;
const DOCUMENT_DRAFTING: u64 = 3;
const MEDICAL_RECORDS: u64 = 4;
const LAWMATICS: u64 = 12; // Intake, has a scheduler
const CLIO_DRAFT: u64 = 27; // Document Drafting, has a scheduler
const JUSTIA: u64 = 3; // Lead Generation, has a scheduler

async fn overview(app: &mut TestApp) -> Value {
    let res = app.get("/api/recommendations/overview").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn stage(overview: &Value, category: u64) -> Value {
    overview["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["categoryId"] == category)
        .cloned()
        .unwrap_or_else(|| panic!("no stage {category} in {overview}"))
}

fn statuses(overview: &Value) -> Vec<String> {
    overview["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn pick_for_me_starts_every_stage_and_completes_none() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let fresh = overview(&mut app).await;
    assert_eq!(
        (
            &fresh["stagesCompleted"],
            &fresh["stagesInProgress"],
            &fresh["totalStages"]
        ),
        (&json!(0), &json!(0), &json!(9))
    );
    assert!(statuses(&fresh).iter().all(|s| s == "not_started"));
    assert_eq!(stage(&fresh, INTAKE)["reasons"], json!([]));

    ok(
        &mut app,
        Method::POST,
        "/api/recommendations/pick-for-me",
        Some(json!({})),
    )
    .await;
    let after = overview(&mut app).await;
    assert_eq!(after["stagesCompleted"], 0, "{after}");
    assert_eq!(after["stagesInProgress"], 9, "{after}");
    assert!(
        statuses(&after).iter().all(|s| s == "in_progress"),
        "{after}"
    );
    let intake = stage(&after, INTAKE);
    assert_eq!(intake["reasons"], json!(["picks"]));
    assert!(intake["picks"].as_u64().unwrap() > 0);
    // The categories outside the stages are started too, and never counted.
    assert!(
        after["others"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["status"] == "in_progress")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tool_in_the_tech_stack_completes_its_stage() {
    let mut app = TestApp::new();
    app.sign_up().await;
    ok(
        &mut app,
        Method::POST,
        "/api/recommendations/pick-for-me",
        Some(json!({})),
    )
    .await;
    ok(
        &mut app,
        Method::POST,
        "/api/profile/category-adoption",
        Some(json!({ "items": [
            { "categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [LAWMATICS] },
            // "No tool" is an answer, not a tool: the stage keeps the status its picks give it.
            { "categoryId": LEAD_GENERATION, "hasTool": false, "selectedVendorIds": [] }
        ] })),
    )
    .await;
    let after = overview(&mut app).await;
    assert_eq!(after["stagesCompleted"], 1, "{after}");
    assert_eq!(after["stagesInProgress"], 8, "{after}");
    assert_eq!(after["stagesWithTool"], 1);
    let intake = stage(&after, INTAKE);
    assert_eq!(intake["status"], "completed");
    assert_eq!(intake["reasons"], json!(["tool", "picks"]));
    assert_eq!(stage(&after, LEAD_GENERATION)["status"], "in_progress");
    // Too few firms of its size to say what they usually have: nothing is said.
    assert_eq!(after["firmSize"], "E6_20");
    assert_eq!(after["usualStages"], Value::Null);
}

#[tokio::test(flavor = "multi_thread")]
async fn shortlist_entries_and_an_evaluation_start_a_stage_and_clicks_change_nothing() {
    let mut app = TestApp::new();
    app.sign_up().await;

    // Schedule Meeting and Visit Website clicks: recorded, and no status changes.
    for (vendor, kind) in [
        (CLIO_DRAFT, "BOOKING"),
        (CLIO_DRAFT, "WEBSITE"),
        (JUSTIA, "BOOKING"),
    ] {
        let res = app
            .post(
                "/api/meeting-clicks",
                json!({ "vendorId": vendor, "sourcePage": "GET_REC_STAGES", "kind": kind }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    }
    let clicked = overview(&mut app).await;
    assert!(
        statuses(&clicked).iter().all(|s| s == "not_started"),
        "{clicked}"
    );
    let list = ok(&mut app, Method::GET, "/api/shortlist", None).await;
    assert_eq!(list["groups"], json!([]), "a click shortlists nothing");

    // Added by the person: In Progress.
    ok(
        &mut app,
        Method::PUT,
        &format!("/api/shortlist/{CLIO_DRAFT}"),
        Some(json!({})),
    )
    .await;
    // Criteria saved: an evaluation of Medical Record Retrieval.
    ok(
        &mut app,
        Method::PUT,
        &format!("/api/evaluations/{MEDICAL_RECORDS}/criteria"),
        Some(json!({ "criteria": [
            { "name": "Price", "weight": 60 }, { "name": "Support", "weight": 40 }
        ] })),
    )
    .await;
    let after = overview(&mut app).await;
    assert_eq!(after["stagesCompleted"], 0, "{after}");
    assert_eq!(after["stagesInProgress"], 2, "{after}");
    let drafting = stage(&after, DOCUMENT_DRAFTING);
    assert_eq!(drafting["status"], "in_progress");
    assert_eq!(drafting["reasons"], json!(["shortlist"]));
    let records = stage(&after, MEDICAL_RECORDS);
    assert_eq!(records["status"], "in_progress");
    assert_eq!(records["reasons"], json!(["evaluation"]));
    assert_eq!(stage(&after, LEAD_GENERATION)["status"], "not_started");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_open_decision_is_in_progress_and_a_final_one_completes_the_stage() {
    let mut app = TestApp::new();
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    for vendor in [LAWMATICS, 17] {
        ok(
            &mut app,
            Method::PUT,
            &format!("/api/shortlist/{vendor}"),
            Some(json!({ "status": "Demo held" })),
        )
        .await;
    }
    let d = ok(
        &mut app,
        Method::POST,
        "/api/decisions",
        Some(json!({
            "categoryId": INTAKE, "vendorId": LAWMATICS, "runnerUpId": 17,
            "reasons": "Led on ease of use", "annualCost": 1_200_000,
            "startDate": "2026-03-01", "approvers": [ann]
        })),
    )
    .await;
    let open = stage(&overview(&mut app).await, INTAKE);
    assert_eq!(open["status"], "in_progress");
    assert_eq!(open["reasons"], json!(["open_decision", "shortlist"]));

    let id = d["id"].as_u64().unwrap();
    let res = app
        .post(
            &format!("/api/decisions/{id}/approve"),
            json!({ "versionHash": d["versionHash"], "comment": "" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "final", "{}", res.text());
    let done = overview(&mut app).await;
    let intake = stage(&done, INTAKE);
    assert_eq!(intake["status"], "completed", "{done}");
    assert!(
        intake["reasons"]
            .as_array()
            .unwrap()
            .contains(&json!("final_decision")),
        "{intake}"
    );
    assert_eq!(done["stagesCompleted"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn another_firms_work_never_moves_this_firms_stages() {
    let mut app = TestApp::new();
    app.sign_up().await;
    ok(
        &mut app,
        Method::POST,
        "/api/profile/category-adoption",
        Some(json!({ "items": [
            { "categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [LAWMATICS] }
        ] })),
    )
    .await;
    ok(
        &mut app,
        Method::PUT,
        &format!("/api/shortlist/{CLIO_DRAFT}"),
        Some(json!({})),
    )
    .await;
    app.sign_out().await;
    let res = app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let theirs = overview(&mut app).await;
    assert!(
        statuses(&theirs).iter().all(|s| s == "not_started"),
        "{theirs}"
    );
}
