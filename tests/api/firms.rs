//! The firm as the unit of the product: /api/firm, its members and roles, and the operator's
//! /api/admin/firms (verify, disable).

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp};

#[tokio::test(flavor = "multi_thread")]
async fn sign_up_makes_a_firm_with_the_person_as_its_owner() {
    let mut app = TestApp::new();
    let res = app.sign_up().await;
    let user = &res.json()["user"];
    assert_eq!(user["firmRole"], "owner");
    assert_eq!(user["firm"]["name"], "Doe & Partners");
    assert_eq!(user["firm"]["size"], "E6_20");
    assert_eq!(user["lawFirm"], "Doe & Partners");

    let firm = app.get("/api/firm").await.json();
    assert_eq!(firm["firm"]["name"], "Doe & Partners");
    assert_eq!(firm["firm"]["verified"], true, "the operator's own firm");
    assert_eq!(firm["firm"]["onboarding"], serde_json::Value::Null);

    let members = app.get("/api/firm/members").await.json();
    let items = members["items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["role"], "owner");
    assert_eq!(items[0]["isYou"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn owners_change_the_firms_details_and_bad_values_are_named() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app
        .patch(
            "/api/firm",
            json!({ "name": "Doe Injury LLP", "size": "E21_50" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["firm"]["size"], "E21_50");
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["firm"]["name"], "Doe Injury LLP");

    let cleared = app.patch("/api/firm", json!({ "size": null })).await;
    assert_eq!(cleared.json()["firm"]["size"], serde_json::Value::Null);
    assert_eq!(cleared.json()["firm"]["name"], "Doe Injury LLP");

    let bad = app.patch("/api/firm", json!({ "size": "HUGE" })).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.error().contains("Firm size must be one of"));
    let blank = app.patch("/api/firm", json!({ "name": "  " })).await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread")]
async fn owners_change_the_firms_onboarding_answers_all_checked_before_any_is_written() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.complete_onboarding().await;
    let answers = json!({
        "attorneysCountBand": "A6_15",
        "employeesCountBand": "E11_50",
        "injuryCasesPerMonthBand": "C26_50",
        "annualSoftwareSpendBand": "S10_40K"
    });
    let res = app
        .patch("/api/firm", json!({ "onboarding": answers }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        res.json()["firm"]["onboarding"]["attorneysCountBand"],
        "A6_15"
    );

    // A bad answer beside a good name: nothing changes, and the message names the question.
    let res = app
        .patch(
            "/api/firm",
            json!({ "name": "Renamed LLP", "onboarding": { "attorneysCountBand": "A2_5" } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("How many employees"),
        "{}",
        res.error()
    );
    let firm = app.get("/api/firm").await.json();
    assert_eq!(firm["firm"]["name"], "Doe & Partners");
    assert_eq!(firm["firm"]["onboarding"]["attorneysCountBand"], "A6_15");

    // A member reads them and may not change them.
    let token = app.invite("cy@doe-law.com", "member").await;
    app.join(&token, "Cy Poe", "cy@doe-law.com").await;
    let res = app
        .patch("/api/firm", json!({ "onboarding": answers }))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_last_owner_cannot_step_down_or_be_removed() {
    let mut app = TestApp::new();
    let res = app.sign_up().await;
    let me = res.json()["user"]["id"].as_u64().unwrap();
    let path = format!("/api/firm/members/{me}");
    let res = app.patch(&path, json!({ "role": "member" })).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(res.error().starts_with("A firm needs at least one owner"));
    let res = app.call(Method::DELETE, &path, None).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    let res = app.patch(&path, json!({ "role": "chief" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error(),
        "Role must be one of owner, admin, member, viewer"
    );
    // Still the owner, still signed in.
    assert_eq!(
        app.get("/api/auth/me").await.json()["user"]["firmRole"],
        "owner"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn another_firms_member_is_a_404_like_no_one() {
    let mut app = TestApp::new();
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    for path in [
        format!("/api/firm/members/{ann}"),
        "/api/firm/members/999999".to_string(),
    ] {
        let res = app.patch(&path, json!({ "role": "viewer" })).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        let res = app.call(Method::DELETE, &path, None).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
    }
    let res = app
        .patch("/api/firm/members/ann", json!({ "role": "viewer" }))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    // Bo's members are Bo alone.
    let members = app.get("/api/firm/members").await.json();
    assert_eq!(members["items"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operator_verifies_and_disables_firms_and_others_may_not() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.clone();
    app.cookie = None;
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json();
    let bo_firm = bo["user"]["firm"]["id"].as_u64().unwrap();
    let bo_session = app.cookie.clone();
    assert_eq!(
        app.get("/api/admin/firms").await.status,
        StatusCode::FORBIDDEN
    );

    app.cookie = operator;
    let firms = app.get("/api/admin/firms").await.json();
    let listed: Vec<(bool, u64)> = firms["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["verified"].as_bool().unwrap(),
                f["members"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, vec![(true, 1), (false, 1)]);

    let path = format!("/api/admin/firms/{bo_firm}");
    let res = app.patch(&path, json!({ "verified": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["firm"]["verified"], true);
    assert_eq!(
        app.patch("/api/admin/firms/424242", json!({ "verified": true }))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.patch(&path, json!({ "verified": "yes" })).await.status,
        StatusCode::BAD_REQUEST
    );

    // The operator cannot lock themselves out.
    let own = app.get("/api/firm").await.json()["firm"]["id"]
        .as_u64()
        .unwrap();
    let res = app
        .patch(
            &format!("/api/admin/firms/{own}"),
            json!({ "disabled": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(res.error().contains("your own firm"));
    assert_eq!(app.get("/api/shortlist").await.status, StatusCode::OK);

    // Disabled: Bo's open session is refused at once, and so is a new sign-in.
    let res = app.patch(&path, json!({ "disabled": true })).await;
    assert_eq!(res.json()["firm"]["disabled"], true);
    app.cookie = bo_session;
    let res = app.get("/api/shortlist").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(res.error().contains("disabled"));
    app.cookie = None;
    let res = app.sign_in("bo@roe-law.com", PASSWORD).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // A wrong password learns nothing about the firm.
    let res = app.sign_in("bo@roe-law.com", "not-the-password-1").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}
