//! Steps many API tests share: calls that must succeed, and a firm's questionnaire answered.

use axum::http::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;

/// A stage category with a questionnaire, and two of its catalog vendors.
pub fn stage_and_vendors(app: &TestApp) -> (u64, [u64; 2]) {
    let catalog = app.state.catalog.load();
    catalog
        .stages()
        .iter()
        .filter(|c| !catalog.questions(c.id).is_empty())
        .find_map(|c| {
            let ids: Vec<u64> = catalog
                .vendors
                .iter()
                .filter(|v| v.category_id == c.id)
                .map(|v| v.id)
                .collect();
            (ids.len() >= 2).then(|| (c.id, [ids[0], ids[1]]))
        })
        .expect("the seed data has a stage with questions and two vendors")
}

/// Calls the API and requires a success: the answer as JSON (Null for an empty body).
pub async fn ok(app: &mut TestApp, method: Method, path: &str, body: Option<Value>) -> Value {
    let res = app.call(method.clone(), path, body).await;
    assert!(
        res.status.is_success(),
        "{method} {path}: {} {}",
        res.status,
        res.text()
    );
    if res.body.is_empty() {
        Value::Null
    } else {
        res.json()
    }
}

/// Answers `category`'s questionnaire with every question's first option and ranks it, so the
/// firm has a response and picks in that category.
pub async fn answer_first_options_and_rank(app: &mut TestApp, category: u64) {
    let answers: Vec<Value> = app
        .state
        .catalog
        .load()
        .questions(category)
        .iter()
        .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
        .collect();
    let body = json!({ "categoryId": category, "answers": answers });
    let response = ok(app, Method::POST, "/api/responses", Some(body)).await;
    let body = json!({ "responseId": response["responseId"], "categoryId": category });
    ok(
        app,
        Method::POST,
        "/api/recommendations/compute",
        Some(body),
    )
    .await;
}
