//! Saved views of /trends (`/api/views`): the firm's, shared by its members, refused to viewers,
//! checked on the way in, and a 404 to every other firm.

use axum::http::{Method, StatusCode};
use litstack::platform::firm_id::FirmId;
use litstack::saved_views::model::{NewView, ViewName, ViewParams};
use serde_json::{Value, json};

use crate::helpers::TestApp;

async fn save(app: &mut TestApp, name: &str, params: &str) -> crate::helpers::TestResponse {
    app.post("/api/views", json!({ "name": name, "params": params }))
        .await
}

fn names(list: &Value) -> Vec<&str> {
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn views_are_saved_listed_by_name_shared_in_the_firm_and_deleted() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = save(
        &mut app,
        "  Texas, this year ",
        "?state=TX&start=2026-01-01",
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let texas = res.json();
    assert_eq!(texas["name"], "Texas, this year");
    assert_eq!(texas["params"], "state=TX&start=2026-01-01");
    assert_eq!(texas["createdBy"], "Ann Doe");
    assert!(texas["createdAt"].as_str().unwrap().ends_with('Z'));
    let res = save(
        &mut app,
        "austin metro",
        "dma=Austin%2C+TX&includeSample=true",
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    // A colleague sees them, by name ignoring case.
    let token = app.invite("mo@doe-law.com", "member").await;
    app.join(&token, "Mo Doe", "mo@doe-law.com").await;
    let list = app.get("/api/views").await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(names(&list.json()), ["austin metro", "Texas, this year"]);

    let path = format!("/api/views/{}", texas["id"]);
    let res = app.call(Method::DELETE, &path, None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(names(&app.get("/api/views").await.json()), ["austin metro"]);
    let res = app.call(Method::DELETE, &path, None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Both are in the firm's log.
    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        crate::helpers::audit_actions(&log),
        [
            "view_deleted",
            "member_joined",
            "invitation_created",
            "view_saved",
            "view_saved"
        ]
    );
    assert_eq!(
        log["items"][0]["detail"],
        "Deleted the view \"Texas, this year\" of Trends"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn views_bad_names_and_parameters_are_400s_that_name_the_problem() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let long_value = format!("dma={}", "a".repeat(201));
    let too_long = format!("state=TX&{}", "page=1&".repeat(300));
    for (name, params, message) in [
        ("  ", "state=TX", "Give the view a name"),
        (&*"x".repeat(81), "state=TX", "at most 80 characters"),
        ("Tab\there", "state=TX", "control characters"),
        (
            "Q1",
            "state=TX&vendorId=4",
            "Unknown parameter \"vendorId\"",
        ),
        (
            "Q1",
            "state=TX&state=CA",
            "The parameter state is given twice",
        ),
        ("Q1", &long_value, "The value of dma is too long"),
        ("Q1", &too_long, "at most 2,000 characters"),
    ] {
        let res = save(&mut app, name, params).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{name:?} {params:?}");
        assert!(res.error().contains(message), "{}", res.error());
    }
    let res = app.post("/api/views", json!({ "name": "Q1" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let res = app.call(Method::DELETE, "/api/views/abc", None).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        app.get("/api/views").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn views_a_taken_name_and_the_hundred_and_first_view_are_409s() {
    let mut app = TestApp::new();
    let firm = app.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    assert_eq!(
        save(&mut app, "Texas", "state=TX").await.status,
        StatusCode::CREATED
    );
    let res = save(&mut app, "TEXAS", "state=CA").await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(
        res.error(),
        "A saved view named \"TEXAS\" already exists: choose another name"
    );
    // 98 more straight into the store (the write budget would slow 98 requests), then the API.
    for n in 0..98 {
        let view = NewView {
            name: ViewName::parse(&format!("View {n}")).unwrap(),
            params: ViewParams::parse("state=TX").unwrap(),
            created_at: 0,
            created_by: None,
        };
        litstack::saved_views::storage::create(&app.state.store, FirmId::for_fixtures(firm), &view)
            .unwrap();
    }
    assert_eq!(
        save(&mut app, "The 100th", "").await.status,
        StatusCode::CREATED
    );
    let res = save(&mut app, "The 101st", "").await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(res.error().contains("100 saved views"), "{}", res.error());
    assert_eq!(
        app.get("/api/views").await.json()["items"]
            .as_array()
            .unwrap()
            .len(),
        100
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn views_a_saved_view_of_one_firm_is_a_404_to_another() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let id = save(&mut app, "Texas", "state=TX").await.json()["id"].clone();
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert!(
        app.get("/api/views").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let res = app
        .call(Method::DELETE, &format!("/api/views/{id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), format!("There is no saved view with id {id}"));
    // An id that is no id is a 400 that says so, whoever asks.
    for raw in ["abc", "+1", "-1", "1.5", "99999999999999999999"] {
        let res = app
            .call(Method::DELETE, &format!("/api/views/{raw}"), None)
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{raw}");
        assert_eq!(res.error(), "The view id must be a whole number", "{raw}");
    }
    // Bo may use the same name in his own firm.
    assert_eq!(
        save(&mut app, "Texas", "state=TX").await.status,
        StatusCode::CREATED
    );
    app.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    assert_eq!(names(&app.get("/api/views").await.json()), ["Texas"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn views_a_viewer_reads_them_and_may_not_save_or_delete() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let id = save(&mut app, "Texas", "state=TX").await.json()["id"].clone();
    let token = app.invite("vi@doe-law.com", "viewer").await;
    app.join(&token, "Vi Doe", "vi@doe-law.com").await;
    assert_eq!(names(&app.get("/api/views").await.json()), ["Texas"]);
    let res = save(&mut app, "Ohio", "state=OH").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(
        res.error().starts_with("Viewers can read everything"),
        "{}",
        res.error()
    );
    let res = app
        .call(Method::DELETE, &format!("/api/views/{id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(names(&app.get("/api/views").await.json()), ["Texas"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn views_a_firm_merge_moves_the_merged_firms_views_to_the_kept_one() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.take();
    let bo_firm = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    save(&mut app, "Texas", "state=TX").await;
    let bo = app.cookie.take();
    let cy_firm = app.sign_up_as("Cy Poe", "cy@poe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    save(&mut app, "texas", "state=TX&firmSize=SOLO").await;
    save(&mut app, "Ohio", "state=OH").await;

    app.cookie = operator;
    let body = json!({ "into": bo_firm, "from": cy_firm });
    let res = app.post("/api/admin/firms/merge", body).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    app.cookie = bo;
    let list = app.get("/api/views").await.json();
    assert_eq!(names(&list), ["Ohio", "Texas", "texas (2)"]);
    assert!(
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["firmId"] == bo_firm)
    );
    assert_eq!(list["items"][2]["params"], "state=TX&firmSize=SOLO");
}
