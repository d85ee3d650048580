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

/// The ids a firm filled by `firm_scope::fill_firm` has, to fill a documented path with.
pub struct FirmIds {
    pub category: u64,
    pub vendors: [u64; 2],
    pub decision: u64,
    /// The last segment of the firm's calendar feed's address.
    pub feed_file: String,
}

impl FirmIds {
    /// The documented GET `path` (its operation `get`) with the firm's ids in its parameters, and
    /// the query parameters some routes need (the served document marks none required).
    pub fn get_path(&self, path: &str, get: &Value) -> String {
        let id = if path.starts_with("/api/decisions/") {
            self.decision
        } else {
            self.vendors[0]
        };
        let category = self.category.to_string();
        let vendor = self.vendors[0].to_string();
        let mut filled = path
            .replace("{n}", "1")
            .replace("{category_id}", &category)
            .replace("{categoryId}", &category)
            .replace("{vendorId}", &vendor)
            .replace("{vendor_id}", &vendor)
            .replace("{id}", &id.to_string())
            .replace("{toolId}", &vendor)
            .replace("{file}", &self.feed_file);
        assert!(
            !filled.contains('{'),
            "a GET path this test cannot fill: {path}"
        );
        let ids = format!("{},{}", self.vendors[0], self.vendors[1]);
        let needed = [("ids", ids.as_str()), ("state", "TX")];
        let params: Vec<&Value> = get["parameters"].as_array().into_iter().flatten().collect();
        let query: Vec<String> = needed
            .iter()
            .filter(|(name, _)| {
                params
                    .iter()
                    .any(|p| p["in"] == "query" && p["name"] == *name)
            })
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        if !query.is_empty() {
            filled = format!("{filled}?{}", query.join("&"));
        }
        filled
    }
}
