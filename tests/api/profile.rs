use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp};

#[tokio::test(flavor = "multi_thread")]
async fn onboarding_is_incomplete_until_the_four_answers_are_saved() {
    let mut app = TestApp::new();
    app.sign_up().await;
    assert_eq!(
        app.get("/api/profile/onboarding").await.json(),
        json!({"completed": false})
    );
    assert_eq!(
        app.get("/api/profile").await.json()["onboarding"],
        json!(null)
    );
    assert_eq!(app.complete_onboarding().await.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/profile/onboarding").await.json(),
        json!({"completed": true})
    );
    let profile = app.get("/api/profile").await.json();
    assert_eq!(profile["onboarding"]["employeesCountBand"], "E11_50");
    assert_eq!(profile["user"]["email"], "ann@doe-law.com");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_onboarding_band_outside_the_enumeration_is_refused() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app
        .post(
            "/api/profile/onboarding",
            json!({"attorneysCountBand": "A2_5", "employeesCountBand": "E9000",
                   "injuryCasesPerMonthBand": "C11_25", "annualSoftwareSpendBand": "S10_40K"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error(),
        "How many employees: choose one of E2_10, E11_50, E51_200, E200P"
    );
    let missing = app
        .post(
            "/api/profile/onboarding",
            json!({"attorneysCountBand": "A2_5"}),
        )
        .await;
    assert_eq!(missing.error(), "Please answer: How many employees");
    assert_eq!(
        app.get("/api/profile/onboarding").await.json()["completed"],
        false
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn profile_edits_are_saved_and_seen_by_me() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app
        .patch(
            "/api/profile",
            json!({"name": "Ann Q. Doe", "lawFirm": "Doe LLP", "firmSize": "E21_50"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["user"]["name"], "Ann Q. Doe");
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["name"], "Ann Q. Doe");
    assert_eq!(me["user"]["firmSize"], "E21_50");
    let cleared = app
        .patch(
            "/api/profile",
            json!({"name": "Ann", "lawFirm": "Doe LLP", "firmSize": null}),
        )
        .await;
    assert_eq!(cleared.json()["user"]["firmSize"], json!(null));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_patch_cannot_make_anyone_admin() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.cookie = None;
    app.sign_up_as("Bo", "bo@roe.com").await;
    let res = app
        .patch(
            "/api/profile",
            json!({"name": "Bo", "lawFirm": "F", "isAdmin": true}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        app.get("/api/auth/me").await.json()["user"]["isAdmin"],
        false
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn changing_the_email_needs_the_right_current_password() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let base = json!({"name": "Ann", "lawFirm": "Doe LLP", "email": "ann@new.com"});
    let without = app.patch("/api/profile", base.clone()).await;
    assert_eq!(
        without.error(),
        "Enter your current password to change your email"
    );
    let mut wrong = base.clone();
    wrong["currentPassword"] = json!("not-it-at-all");
    assert_eq!(
        app.patch("/api/profile", wrong).await.error(),
        "Current password is incorrect"
    );
    let mut right = base.clone();
    right["currentPassword"] = json!(PASSWORD);
    let ok = app.patch("/api/profile", right).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    assert_eq!(ok.json()["user"]["email"], "ann@new.com");
    app.sign_out().await;
    assert_eq!(
        app.sign_in("ann@doe-law.com", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.sign_in("ann@new.com", PASSWORD).await.status,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_email_already_in_use_cannot_be_taken() {
    let mut app = TestApp::new();
    app.sign_up_as("Bo", "bo@roe.com").await;
    app.cookie = None;
    app.sign_up().await;
    let res = app
        .patch(
            "/api/profile",
            json!({"name": "Ann", "lawFirm": "F", "email": "BO@roe.com", "currentPassword": PASSWORD}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(
        app.get("/api/auth/me").await.json()["user"]["email"],
        "ann@doe-law.com"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_email_in_another_case_is_no_change() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app
        .patch(
            "/api/profile",
            json!({"name": "Ann", "lawFirm": "F", "email": "ann@doe-law.com"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.json()["user"]["email"], "ann@doe-law.com");
    assert_eq!(res.json()["user"]["name"], "Ann");
}
