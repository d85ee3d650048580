//! One label per category (issue 77): every answer that names a category gives its label (the
//! spec's stage title for the nine stages, the name elsewhere) next to its name, the downloads
//! show the label, and the imports take a category by its label or its name. Both backends
//! (LITSTACK_TEST_BACKEND).

use std::collections::HashMap;

use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::bookings::upload;
use crate::helpers::{TestApp, TestResponse};

/// The nine stages' labels, in stage order (SPEC "Get Recommendations": the accordion's titles).
const STAGE_TITLES: [&str; 9] = [
    "Lead Generation",
    "Intake",
    "Case Setup & Document Drafting",
    "Medical Record Retrieval",
    "Demands & Medical Review",
    "Depositions & Court Reporting",
    "Trial Prep & Presentation",
    "Post-Settlement / Payments",
    "Staffing",
];

/// The names the three relabelled stages must never be shown by.
const NAMES_NOT_SHOWN: [&str; 3] = ["Document Drafting", "Trial Support", "Financial Services"];

/// Bookings naming their category by its name and by its label, in either case.
const BOOKINGS: &str = "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n\
1,2026-01-05T10:00:00Z,Trial Support,TrialPad,E6_20,\"Austin, TX\",TX,Austin\n\
2,2026-01-06T10:00:00Z,Trial Prep & Presentation,TrialPad,E6_20,\"Austin, TX\",TX,Austin\n\
3,2026-01-07T10:00:00Z,post-settlement / payments,,SOLO,\"Miami, FL\",FL,Miami-Ft. Lauderdale\n\
4,2026-01-08T10:00:00Z,Document Drafting,,E2_5,\"Dallas, TX\",TX,Dallas-Ft. Worth\n\
5,2026-01-09T10:00:00Z,Case Setup & Document Drafting,,E2_5,\"Dallas, TX\",TX,Dallas-Ft. Worth\n\
6,2026-01-10T10:00:00Z,Intake,Lawmatics,E6_20,\"Houston, TX\",TX,Houston\n";

/// An admin (the first account, onboarded) with the bookings above imported.
async fn with_bookings() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.complete_onboarding().await;
    let res = upload(&mut app, "bookings.csv", BOOKINGS.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 6, "{}", res.text());
    app
}

/// Each category's label by its name, as `GET /api/categories` gives it.
async fn labels(app: &mut TestApp) -> HashMap<String, String> {
    let categories = app.get("/api/categories").await.json();
    categories
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["label"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Every place `answer` names a category (`categoryName`, a `category` object, a trends count or
/// stack, a booking's `clientCategory`): (name, label given beside it). A walk of the whole JSON,
/// so a new field that names a category without its label fails the test.
fn named_categories(answer: &Value, out: &mut Vec<(String, String)>, path: &str) {
    match answer {
        Value::Object(map) => {
            let pairs = [
                ("categoryName", "categoryLabel"),
                ("clientCategory", "categoryLabel"),
            ];
            for (name_key, label_key) in pairs {
                if let Some(Value::String(name)) = map.get(name_key) {
                    let label = map
                        .get(label_key)
                        .and_then(Value::as_str)
                        .unwrap_or_else(|| {
                            panic!("{path}: {name_key} {name:?} has no {label_key}")
                        });
                    out.push((name.clone(), label.to_string()));
                }
            }
            // A category object ({id, name, label}), a trends count or stack ({name, label, count}).
            let is_category = path.ends_with(".category")
                || path.ends_with(".categoryCounts[]")
                || path.ends_with(".stacks[]")
                || path.ends_with("changes.categories[]")
                || path == "$categories[]";
            if is_category && let Some(Value::String(name)) = map.get("name") {
                let label = map
                    .get("label")
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{path}: category {name:?} has no label"));
                out.push((name.clone(), label.to_string()));
            }
            for (key, value) in map {
                named_categories(value, out, &format!("{path}.{key}"));
            }
        }
        Value::Array(items) => {
            for item in items {
                named_categories(item, out, &format!("{path}[]"));
            }
        }
        _ => {}
    }
}

fn ok(res: TestResponse) -> Value {
    assert!(res.status.is_success(), "{}: {}", res.status, res.text());
    res.json()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_nine_stages_are_labelled_with_the_spec_titles_and_the_others_by_their_names() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let categories = ok(app.get("/api/categories").await);
    let categories = categories.as_array().unwrap();
    let stage_labels: Vec<&str> = categories
        .iter()
        .filter(|c| !c["stage"].is_null())
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert_eq!(stage_labels, STAGE_TITLES);
    for c in categories.iter().filter(|c| c["stage"].is_null()) {
        assert_eq!(c["label"], c["name"], "{c}");
    }
    let trial = categories.iter().find(|c| c["id"] == 7).unwrap();
    assert_eq!(trial["name"], "Trial Support");
    assert_eq!(trial["label"], "Trial Prep & Presentation");
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_naming_a_category_gives_the_same_label() {
    let mut app = with_bookings().await;
    let labels = labels(&mut app).await;

    // Picks, a dismissal, a shortlist entry and a tech-stack answer, so that every screen has a
    // category to name.
    ok(app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await);
    let trial_vendors = ok(app.get("/api/vendors?categoryIds=7&pageSize=5").await);
    let trial_vendor = trial_vendors["items"][0]["id"].as_u64().unwrap();
    let drafting = ok(app.get("/api/vendors?categoryIds=3&pageSize=5").await);
    let drafting_vendor = drafting["items"][0]["id"].as_u64().unwrap();
    ok(app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{trial_vendor}"),
            Some(json!({ "status": "Demo booked" })),
        )
        .await);
    ok(app
        .post(
            "/api/recommendations/dismissed",
            json!({ "vendorId": drafting_vendor, "reason": "too_expensive" }),
        )
        .await);
    ok(app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": 8, "hasTool": false }] }),
        )
        .await);

    let answers = [
        "/api/categories",
        "/api/trends",
        "/api/trends?stackBy=category&compare=previous",
        "/api/trends/vendors?categoryId=7",
        "/api/demo-bookings",
        "/api/vendors?categoryIds=3,7,8&pageSize=50",
        &format!("/api/vendors/{trial_vendor}"),
        "/api/recommendations/overview",
        "/api/recommendations/persisted",
        "/api/recommendations/dismissed",
        "/api/past-recommendations",
        "/api/profile/category-adoption",
        "/api/profile/coverage",
        "/api/shortlist",
        "/api/shortlist/brief",
        &format!("/api/compare?ids={trial_vendor},{drafting_vendor}"),
    ];
    let mut seen: HashMap<String, String> = HashMap::new();
    for path in answers {
        let answer = ok(app.get(path).await);
        let mut named = Vec::new();
        let root = if path == "/api/categories" {
            "$categories"
        } else {
            "$"
        };
        named_categories(&answer, &mut named, root);
        assert!(!named.is_empty(), "{path} names no category: {answer}");
        for (name, label) in named {
            let expected = labels
                .get(&name)
                .unwrap_or_else(|| panic!("{path} names {name:?}, which is no category"));
            assert_eq!(&label, expected, "{path}: the label of {name:?}");
            seen.insert(name, label);
        }
    }
    for (name, title) in [
        ("Document Drafting", "Case Setup & Document Drafting"),
        ("Trial Support", "Trial Prep & Presentation"),
        ("Financial Services", "Post-Settlement / Payments"),
    ] {
        assert_eq!(seen.get(name).map(String::as_str), Some(title), "{seen:?}");
    }
}

/// The table of a CSV download (the rows after the heading's blank line), as text.
fn csv_text(res: &TestResponse) -> String {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    res.text()
}

fn cells(text: &str) -> Vec<String> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .flat_map(|r| r.unwrap().iter().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_trends_and_vendor_downloads_name_each_category_by_its_label() {
    let mut app = with_bookings().await;
    let downloads = [
        "/api/trends?format=csv&panel=categories",
        "/api/trends?format=csv&panel=categories&compare=previous",
        "/api/trends?format=csv&panel=series&stackBy=category",
        "/api/demo-bookings?format=csv",
        "/api/trends/vendors?categoryId=7&format=csv",
    ];
    for path in downloads {
        let text = csv_text(&app.get(path).await);
        let cells = cells(&text);
        for name in NAMES_NOT_SHOWN {
            assert!(
                !cells.iter().any(|c| c == name),
                "{path} shows the name {name:?}:\n{text}"
            );
        }
        let shown = |label: &str| cells.iter().any(|c| c.contains(label));
        // The one category's vendors name it in the file name (below), not in a cell.
        if !path.starts_with("/api/trends/vendors") {
            assert!(shown("Trial Prep & Presentation"), "{path}:\n{text}");
            assert!(shown("Case Setup & Document Drafting"), "{path}:\n{text}");
            assert!(shown("Post-Settlement / Payments"), "{path}:\n{text}");
        }
    }
    // The vendor panel's CSV is named with the label.
    let vendors = app.get("/api/trends/vendors?categoryId=7&format=csv").await;
    let disposition = vendors.headers[axum::http::header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap();
    assert!(
        disposition.contains("filename=\"trends-vendors-Trial-Prep---Presentation_"),
        "{disposition}"
    );
    // The bookings named by label and by name are counted as one category.
    let trends = ok(app.get("/api/trends").await);
    let trial: Vec<&Value> = trends["categoryCounts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["label"] == "Trial Prep & Presentation")
        .collect();
    assert_eq!(trial.len(), 1, "{trends}");
    assert_eq!(trial[0]["name"], "Trial Support");
    assert_eq!(trial[0]["count"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_file_may_name_a_category_by_its_label_or_its_name() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = "name,category,websiteUrl,bookingUrl\n\
               Labelcase Boards,Trial Prep & Presentation,https://labelcase.example.com,\n\
               Namecase Boards,Trial Support,https://namecase.example.com,\n\
               Lowercase Liens,post-settlement / payments,https://liens.example.com,\n\
               Nowhere Tools,Trial Prep,https://nowhere.example.com,\n";
    let report = ok(upload(&mut app, "vendors.csv", csv.as_bytes()).await);
    assert_eq!(report["kind"], "vendors");
    assert_eq!(report["inserted"], 3, "{report}");
    let errors = report["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{report}");
    assert!(
        errors[0]
            .as_str()
            .unwrap()
            .contains("unknown category \"Trial Prep\""),
        "{report}"
    );
    for (name, category_id, label) in [
        ("Labelcase Boards", 7, "Trial Prep & Presentation"),
        ("Namecase Boards", 7, "Trial Prep & Presentation"),
        ("Lowercase Liens", 8, "Post-Settlement / Payments"),
    ] {
        let found = ok(app
            .get(&format!("/api/vendors?q={}", name.replace(' ', "%20")))
            .await);
        let vendor = &found["items"][0];
        assert_eq!(vendor["name"], name, "{found}");
        assert_eq!(vendor["categoryId"], category_id, "{vendor}");
        assert_eq!(vendor["categoryLabel"], label, "{vendor}");
    }
}
