//! Nothing a firm wrote is lost by one click: "Remove from shortlist" and "Clear picks" keep what
//! they take away, and `POST /api/shortlist/{vendorId}/restore` and
//! `POST /api/recommendations/persisted/restore` put it back exactly, from what the server kept.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse};
use crate::scenario::{answer_first_options_and_rank, ok};

async fn put(app: &mut TestApp, vendor_id: u64, body: Value) -> Value {
    let path = format!("/api/shortlist/{vendor_id}");
    ok(app, Method::PUT, &path, Some(body)).await
}

async fn remove(app: &mut TestApp, vendor_id: u64) {
    let res = app
        .call(Method::DELETE, &format!("/api/shortlist/{vendor_id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
}

async fn restore(app: &mut TestApp, vendor_id: u64) -> TestResponse {
    app.call(
        Method::POST,
        &format!("/api/shortlist/{vendor_id}/restore"),
        None,
    )
    .await
}

async fn restore_picks(app: &mut TestApp) -> TestResponse {
    app.call(Method::POST, "/api/recommendations/persisted/restore", None)
        .await
}

fn entry(list: &Value, vendor_id: u64) -> Option<Value> {
    list["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["entries"].as_array().unwrap())
        .find(|e| e["vendorId"] == vendor_id)
        .cloned()
}

async fn shortlist(app: &mut TestApp) -> Value {
    ok(app, Method::GET, "/api/shortlist", None).await
}

/// Pick For Me's first pick of the first category: a vendor with recorded reasons once added.
async fn a_recommended_vendor(app: &mut TestApp) -> u64 {
    let picks = ok(app, Method::POST, "/api/recommendations/pick-for-me", None).await;
    picks["items"][0]["picks"][0]["vendorId"].as_u64().unwrap()
}

/// Ann (owner) and Cy (member) of one firm; Ann's session is in the jar. Returns both cookies.
async fn ann_and_cy(app: &mut TestApp) -> (Option<String>, Option<String>) {
    app.sign_up().await;
    app.complete_onboarding().await;
    let ann = app.cookie.clone();
    let token = app.invite("cy@doe-law.com", "member").await;
    let res = app.join(&token, "Cy Poe", "cy@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let cy = app.cookie.clone();
    app.cookie = ann.clone();
    (ann, cy)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_removed_entry_comes_back_exactly_as_it_was_with_its_authors_history_and_reasons() {
    let mut app = TestApp::new();
    let (ann, cy) = ann_and_cy(&mut app).await;
    let vendor = a_recommended_vendor(&mut app).await;
    // Cy adds it with a note; Ann books, holds and declines the demo (Rejected with a reason).
    app.cookie = cy;
    put(
        &mut app,
        vendor,
        json!({ "note": "Ask about the Clio sync" }),
    )
    .await;
    app.cookie = ann;
    put(&mut app, vendor, json!({ "status": "Demo booked" })).await;
    let path = format!("/api/shortlist/{vendor}/outcome");
    ok(
        &mut app,
        Method::PUT,
        &path,
        Some(json!({ "demoHeld": true })),
    )
    .await;
    ok(
        &mut app,
        Method::PUT,
        &path,
        Some(json!({ "chosen": false })),
    )
    .await;
    let before = entry(&shortlist(&mut app).await, vendor).unwrap();
    assert_eq!(before["noteBy"], "Cy Poe");
    assert_eq!(before["status"], "Rejected");
    assert_eq!(before["outcome"]["demoHeld"], true);
    assert_eq!(before["history"].as_array().unwrap().len(), 4, "{before}");
    assert!(
        !before["recommendation"]["reasons"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{before}"
    );

    remove(&mut app, vendor).await;
    assert_eq!(entry(&shortlist(&mut app).await, vendor), None);

    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json(), before, "the answer is the entry as it was");
    assert_eq!(entry(&shortlist(&mut app).await, vendor).unwrap(), before);
    // An undo is used up by its restore.
    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn nothing_removed_is_a_404_and_a_vendor_added_again_meanwhile_is_a_409() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let vendor = a_recommended_vendor(&mut app).await;

    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert!(
        res.error().contains("nothing to restore"),
        "{}",
        res.error()
    );
    for (path, status) in [
        ("/api/shortlist/999999/restore", StatusCode::NOT_FOUND),
        ("/api/shortlist/abc/restore", StatusCode::BAD_REQUEST),
    ] {
        let res = app.call(Method::POST, path, None).await;
        assert_eq!(res.status, status, "{path}: {}", res.text());
        assert!(!res.error().is_empty());
    }

    put(&mut app, vendor, json!({ "note": "Old note" })).await;
    remove(&mut app, vendor).await;
    put(&mut app, vendor, json!({ "note": "New note" })).await;
    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.error().contains("is on your shortlist again"),
        "{}",
        res.error()
    );
    // Nothing was written: the current entry stands, and the kept one still waits.
    let now = entry(&shortlist(&mut app).await, vendor).unwrap();
    assert_eq!(now["note"], "New note");
    remove(&mut app, vendor).await;
    // A second removal (a double click) finds nothing and keeps the undo.
    remove(&mut app, vendor).await;
    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        res.json()["note"],
        "New note",
        "a later removal replaces the kept one"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn another_firm_cannot_restore_and_a_viewer_may_not() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let ann = app.cookie.clone();
    let vendor = a_recommended_vendor(&mut app).await;
    put(&mut app, vendor, json!({ "note": "Ann's private note" })).await;
    remove(&mut app, vendor).await;
    ok(
        &mut app,
        Method::DELETE,
        "/api/recommendations/persisted",
        None,
    )
    .await;

    // Another firm: nothing of its own was removed or cleared; Ann's stays Ann's.
    let res = app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert!(!res.text().contains("private"));
    let res = restore_picks(&mut app).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert_eq!(shortlist(&mut app).await["groups"], json!([]));

    // A viewer of Ann's firm reads, and may not restore.
    app.cookie = ann.clone();
    let token = app.invite("vi@doe-law.com", "viewer").await;
    let res = app.join(&token, "Vi Doe", "vi@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    for res in [
        restore(&mut app, vendor).await,
        restore_picks(&mut app).await,
    ] {
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
        assert!(res.error().starts_with("Viewers can read everything"));
    }

    app.cookie = ann;
    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["note"], "Ann's private note");
    let res = restore_picks(&mut app).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

fn items_by_category(persisted: &Value) -> Vec<(u64, Value)> {
    persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["categoryId"].as_u64().unwrap(), i.clone()))
        .collect()
}

fn names(list: &Value) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|c| c["categoryId"].as_u64().unwrap())
        .collect()
}

/// Answers a category's questionnaire with every first option and ranks it: questionnaire picks.
async fn questionnaire_picks(app: &mut TestApp) -> u64 {
    let category_id = {
        let catalog = app.state.catalog.load();
        catalog
            .stages()
            .iter()
            .find(|c| !catalog.questions(c.id).is_empty())
            .map(|c| c.id)
            .unwrap()
    };
    answer_first_options_and_rank(app, category_id).await;
    category_id
}

#[tokio::test(flavor = "multi_thread")]
async fn cleared_picks_come_back_with_their_sources_and_newer_picks_stay() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = restore_picks(&mut app).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "nothing cleared yet");
    assert!(res.error().contains("no cleared picks"), "{}", res.error());

    let answered = questionnaire_picks(&mut app).await;
    ok(
        &mut app,
        Method::POST,
        "/api/recommendations/pick-for-me",
        None,
    )
    .await;
    let before = ok(
        &mut app,
        Method::GET,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    let before = items_by_category(&before);
    assert!(before.len() >= 9, "{before:?}");
    let sources: Vec<&Value> = before.iter().map(|(_, i)| &i["source"]).collect();
    assert!(sources.contains(&&json!("questionnaire")) && sources.contains(&&json!("pick_for_me")));

    let progress = ok(&mut app, Method::GET, "/api/recommendations/overview", None).await;
    ok(
        &mut app,
        Method::DELETE,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    // A second clear finds nothing to clear and keeps what the first one kept.
    ok(
        &mut app,
        Method::DELETE,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    let cleared = ok(
        &mut app,
        Method::GET,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    assert_eq!(cleared["items"], json!([]));
    // The questionnaire's category gets new picks after the clear: those stay.
    questionnaire_picks(&mut app).await;
    let newer = ok(
        &mut app,
        Method::GET,
        "/api/recommendations/persisted",
        None,
    )
    .await;

    let res = restore_picks(&mut app).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let done = res.json();
    assert_eq!(names(&done["keptNewer"]), [answered]);
    let restored = names(&done["restored"]);
    let expected: Vec<u64> = before
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| *c != answered)
        .collect();
    assert_eq!(restored, expected, "every other category, in page order");
    assert!(done["restored"][0]["categoryName"].is_string());

    let after = ok(
        &mut app,
        Method::GET,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    for (category, item) in items_by_category(&after) {
        if category == answered {
            let kept = items_by_category(&newer).remove(0).1;
            assert_eq!(item, kept, "the newer picks stand");
        } else {
            let was = &before.iter().find(|(c, _)| *c == category).unwrap().1;
            assert_eq!(&item, was, "picks, source and note as they were");
        }
    }
    let overview = ok(&mut app, Method::GET, "/api/recommendations/overview", None).await;
    assert_eq!(overview, progress);

    let res = restore_picks(&mut app).await;
    assert_eq!(
        res.status,
        StatusCode::NOT_FOUND,
        "an undo is used up: {}",
        res.text()
    );
}

/// After a firm merge the kept firm can still undo what either firm removed or cleared; where
/// both kept a removed entry of one vendor, the kept firm's own wins.
#[tokio::test(flavor = "multi_thread")]
async fn a_merge_keeps_both_firms_undos_and_the_kept_firms_own_wins() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.take();
    let bo_firm = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    // Bo's firm has no picks: the cleared ones it gets from Cy's can all come back.
    let (vendor, other) = (11, 12);
    put(&mut app, vendor, json!({ "note": "Bo's note" })).await;
    remove(&mut app, vendor).await;
    let bo = app.cookie.take();

    let cy_firm = app.sign_up_as("Cy Poe", "cy@poe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    for (id, note) in [(vendor, "Cy's note"), (other, "Cy's other note")] {
        put(&mut app, id, json!({ "note": note })).await;
        remove(&mut app, id).await;
    }
    ok(
        &mut app,
        Method::POST,
        "/api/recommendations/pick-for-me",
        None,
    )
    .await;
    let cy_picks = ok(
        &mut app,
        Method::GET,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    ok(
        &mut app,
        Method::DELETE,
        "/api/recommendations/persisted",
        None,
    )
    .await;

    app.cookie = operator;
    ok(
        &mut app,
        Method::POST,
        "/api/admin/firms/merge",
        Some(json!({ "into": bo_firm, "from": cy_firm })),
    )
    .await;

    app.cookie = bo;
    let res = restore(&mut app, vendor).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["note"], "Bo's note");
    let res = restore(&mut app, other).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["note"], "Cy's other note");
    let res = restore_picks(&mut app).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let after = ok(
        &mut app,
        Method::GET,
        "/api/recommendations/persisted",
        None,
    )
    .await;
    assert_eq!(after["items"], cy_picks["items"]);
}
