//! The suggested next step (`nextStep` of `GET /api/recommendations/overview`, issue 45): the
//! first that applies of a decision waiting for the caller's approval, a renewal's notice date
//! within 30 days, three vendors shortlisted in a category without an evaluation, a firm of one
//! (owners and admins invite), and the first stage not started; never a step the caller's role
//! cannot take.

use axum::http::{Method, StatusCode};
use chrono::{Days, NaiveDate};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};
use crate::scenario::ok;

const LEAD_GENERATION: u64 = 1;
const INTAKE: u64 = 2;
const LEAD_DOCKET: u64 = 11; // Intake
const LAWMATICS: u64 = 12; // Intake
const INTAKE_THIRD: u64 = 17; // Intake
const ANN: &str = "ann@doe-law.com";

async fn next_step(app: &mut TestApp) -> Value {
    let res = app.get("/api/recommendations/overview").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["nextStep"].clone()
}

/// Ann (owner) with Mo (member) and Vi (viewer) joined; Ann signed in again. Answers Ann's id.
async fn firm_of_three(app: &mut TestApp) -> u64 {
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    let mo = app.invite("mo@doe-law.com", "member").await;
    let vi = app.invite("vi@doe-law.com", "viewer").await;
    let res = app.join(&mo, "Mo Doe", "mo@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = app.join(&vi, "Vi Doe", "vi@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    as_user(app, ANN).await;
    ann
}

async fn as_user(app: &mut TestApp, email: &str) {
    app.sign_out().await;
    let res = app.sign_in(email, PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

async fn shortlist(app: &mut TestApp, vendors: &[u64]) {
    for vendor in vendors {
        ok(
            app,
            Method::PUT,
            &format!("/api/shortlist/{vendor}"),
            Some(json!({})),
        )
        .await;
    }
}

/// Lists LAWMATICS as the firm's Intake tool with a contract whose opt-out deadline is `days`
/// days from today (a 12-month term from today, the notice filling the rest).
async fn contract_due_in(app: &mut TestApp, days: u64, responsible: u64) -> String {
    ok(
        app,
        Method::POST,
        "/api/profile/category-adoption",
        Some(json!({ "items": [{
            "categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [LAWMATICS]
        }] })),
    )
    .await;
    let start: NaiveDate = chrono::Utc::now().date_naive();
    let renewal = start.checked_add_months(chrono::Months::new(12)).unwrap();
    let notice = (renewal - start).num_days() as u64 - days;
    let saved = ok(
        app,
        Method::PUT,
        &format!("/api/techstack/{LAWMATICS}/contract"),
        Some(json!({
            "startDate": start.to_string(), "termMonths": 12, "noticeDays": notice,
            "annualCost": 1_234_500, "seats": 12, "responsibleUserId": responsible
        })),
    )
    .await;
    let expected = start.checked_add_days(Days::new(days)).unwrap();
    assert_eq!(saved["optOutDeadline"], expected.to_string(), "{saved}");
    expected.to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_firm_of_one_is_asked_to_invite_and_then_to_answer_the_first_stage() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "invite_colleague", "{step}");

    let mo = app.invite("mo@doe-law.com", "member").await;
    // An invitation is not a colleague yet.
    assert_eq!(next_step(&mut app).await["kind"], "invite_colleague");
    let res = app.join(&mo, "Mo Doe", "mo@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // The member: the first stage's questionnaire, never an invitation.
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "answer_questionnaire", "{step}");
    assert_eq!(step["categoryId"], LEAD_GENERATION, "{step}");
    assert_eq!(step["categoryName"], "Lead Generation", "{step}");

    // Once the first stage is started, the next one not started.
    as_user(&mut app, ANN).await;
    shortlist(&mut app, &[3]).await; // Justia, Lead Generation
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "answer_questionnaire", "{step}");
    assert_eq!(step["categoryId"], INTAKE, "{step}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_viewer_is_offered_no_step_that_writes() {
    let mut app = TestApp::new();
    firm_of_three(&mut app).await;
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "answer_questionnaire", "{step}");
    as_user(&mut app, "vi@doe-law.com").await;
    assert_eq!(next_step(&mut app).await, Value::Null);
}

#[tokio::test(flavor = "multi_thread")]
async fn three_vendors_shortlisted_in_a_category_ask_for_an_evaluation_until_one_starts() {
    let mut app = TestApp::new();
    firm_of_three(&mut app).await;
    shortlist(&mut app, &[LEAD_DOCKET, LAWMATICS]).await;
    assert_eq!(next_step(&mut app).await["kind"], "answer_questionnaire");
    shortlist(&mut app, &[INTAKE_THIRD]).await;
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "start_evaluation", "{step}");
    assert_eq!(step["categoryId"], INTAKE, "{step}");
    assert_eq!(step["shortlisted"], 3, "{step}");
    // The member may evaluate; the viewer may not and is not asked.
    as_user(&mut app, "mo@doe-law.com").await;
    assert_eq!(next_step(&mut app).await["kind"], "start_evaluation");
    as_user(&mut app, "vi@doe-law.com").await;
    assert_eq!(next_step(&mut app).await, Value::Null);

    as_user(&mut app, ANN).await;
    ok(
        &mut app,
        Method::PUT,
        &format!("/api/evaluations/{INTAKE}/criteria"),
        Some(json!({ "criteria": [
            { "name": "Price", "weight": 60 }, { "name": "Support", "weight": 40 }
        ] })),
    )
    .await;
    assert_eq!(next_step(&mut app).await["kind"], "answer_questionnaire");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_notice_date_within_30_days_comes_before_an_evaluation_and_is_shown_to_every_role() {
    let mut app = TestApp::new();
    let ann = firm_of_three(&mut app).await;
    shortlist(&mut app, &[LEAD_DOCKET, LAWMATICS, INTAKE_THIRD]).await;
    // 31 days away: not yet.
    contract_due_in(&mut app, 31, ann).await;
    assert_eq!(next_step(&mut app).await["kind"], "start_evaluation");
    let due = contract_due_in(&mut app, 30, ann).await;
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "renewal_notice", "{step}");
    assert_eq!(step["noticeDate"], due, "{step}");
    assert_eq!(step["daysUntil"], 30, "{step}");
    assert_eq!(step["vendorName"], "Lawmatics", "{step}");
    // Reading the renewals is every role's: the viewer sees it too.
    as_user(&mut app, "vi@doe-law.com").await;
    assert_eq!(next_step(&mut app).await["kind"], "renewal_notice");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_decision_waiting_for_the_callers_approval_comes_first() {
    let mut app = TestApp::new();
    let ann = firm_of_three(&mut app).await;
    shortlist(&mut app, &[LEAD_DOCKET, LAWMATICS, INTAKE_THIRD]).await;
    contract_due_in(&mut app, 10, ann).await;
    let mo_id = {
        as_user(&mut app, "mo@doe-law.com").await;
        let me = ok(&mut app, Method::GET, "/api/auth/me", None).await;
        me["user"]["id"]
            .as_u64()
            .or_else(|| me["id"].as_u64())
            .unwrap()
    };
    as_user(&mut app, ANN).await;
    let d = ok(
        &mut app,
        Method::POST,
        "/api/decisions",
        Some(json!({
            "categoryId": INTAKE, "vendorId": LAWMATICS, "runnerUpId": INTAKE_THIRD,
            "reasons": "Led on ease of use", "annualCost": 1_200_000,
            "startDate": "2026-03-01", "approvers": [mo_id]
        })),
    )
    .await;
    let id = d["id"].as_u64().unwrap();
    // Ann is no approver: her step is the renewal.
    assert_eq!(next_step(&mut app).await["kind"], "renewal_notice");
    as_user(&mut app, "mo@doe-law.com").await;
    let step = next_step(&mut app).await;
    assert_eq!(step["kind"], "approve_decision", "{step}");
    assert_eq!(step["decisionId"], id, "{step}");
    assert_eq!(step["vendorName"], "Lawmatics", "{step}");
    let res = app
        .post(
            &format!("/api/decisions/{id}/approve"),
            json!({ "versionHash": d["versionHash"], "comment": "" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(next_step(&mut app).await["kind"], "renewal_notice");
}

#[tokio::test(flavor = "multi_thread")]
async fn another_firms_state_never_makes_this_firms_step() {
    let mut app = TestApp::new();
    let ann = firm_of_three(&mut app).await;
    shortlist(&mut app, &[LEAD_DOCKET, LAWMATICS, INTAKE_THIRD]).await;
    contract_due_in(&mut app, 5, ann).await;
    app.sign_out().await;
    let res = app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(next_step(&mut app).await["kind"], "invite_colleague");
}
