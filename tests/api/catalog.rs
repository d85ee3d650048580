use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

async fn signed_in() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up().await;
    app
}

pub(crate) fn names(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn fourteen_categories_are_seeded_with_the_nine_stages_in_order() {
    let mut app = signed_in().await;
    let cats = app.get("/api/categories").await.json();
    let cats = cats.as_array().unwrap();
    assert_eq!(cats.len(), 14);
    let stages: Vec<&str> = cats
        .iter()
        .filter(|c| !c["stage"].is_null())
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        stages,
        [
            "Lead Generation",
            "Intake",
            "Document Drafting",
            "Medical Record Retrieval",
            "Demands & Medical Review",
            "Depositions & Court Reporting",
            "Trial Support",
            "Financial Services",
            "Staffing"
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn seeding_twice_changes_nothing() {
    let mut app = signed_in().await;
    let before = app
        .get("/api/vendors?pageSize=100&includeInactive=true")
        .await
        .json();
    litstack::catalog::seed(&app.state.store).unwrap();
    let after = app
        .get("/api/vendors?pageSize=100&includeInactive=true")
        .await
        .json();
    assert_eq!(before, after);
}

#[tokio::test(flavor = "multi_thread")]
async fn vendors_page_twenty_four_at_a_time_and_clamp_the_page() {
    let mut app = signed_in().await;
    let first = app.get("/api/vendors").await.json();
    let total = first["total"].as_u64().unwrap() as usize;
    assert!(total >= 25, "the seed has enough vendors to page");
    assert_eq!(first["pageSize"], 24);
    assert_eq!(first["page"], 1);
    assert_eq!(first["items"].as_array().unwrap().len(), 24);
    let last = total.div_ceil(24);
    let beyond = app.get("/api/vendors?page=999").await.json();
    assert_eq!(beyond["page"], last);
    assert_eq!(app.get("/api/vendors?page=-3").await.json()["page"], 1);
    let bad = app.get("/api/vendors?page=abc").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.error(), "page must be a whole number");
    assert_eq!(
        app.get("/api/vendors?pageSize=0").await.json()["pageSize"],
        1
    );
    assert_eq!(
        app.get("/api/vendors?pageSize=100000").await.json()["pageSize"],
        100
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn vendors_filter_by_categories_and_hide_inactive_unless_asked() {
    let mut app = signed_in().await;
    let page = app
        .get("/api/vendors?categoryIds=2,9&pageSize=100")
        .await
        .json();
    for v in page["items"].as_array().unwrap() {
        assert!([2, 9].contains(&v["categoryId"].as_u64().unwrap()));
        assert_eq!(v["isActive"], true);
        assert!(v["categoryName"].is_string());
    }
    let active = app.get("/api/vendors?pageSize=100").await.json()["total"]
        .as_u64()
        .unwrap();
    let all = app
        .get("/api/vendors?pageSize=100&includeInactive=true")
        .await
        .json()["total"]
        .as_u64()
        .unwrap();
    assert!(all >= active);
    assert_eq!(
        app.get("/api/vendors?includeInactive=maybe").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn junk_or_unknown_category_ids_are_a_clear_400() {
    let mut app = signed_in().await;
    let junk = app.get("/api/vendors?categoryIds=1,abc").await;
    assert_eq!(junk.status, StatusCode::BAD_REQUEST);
    assert!(junk.error().contains("\"abc\" is not one"));
    let unknown = app.get("/api/vendors?categoryIds=999").await;
    assert_eq!(unknown.error(), "There is no category with id 999");
    // A misspelt name is refused, not answered with every vendor as if no filter had been asked.
    let misspelt = app.get("/api/vendors?categoryId=1").await;
    assert_eq!(misspelt.status, StatusCode::BAD_REQUEST);
    assert!(
        misspelt.error().contains("categoryId"),
        "{}",
        misspelt.error()
    );
    let compare = app.get("/api/compare?ids=1,2&extra=1").await;
    assert_eq!(compare.status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread")]
async fn sorts_are_name_order_both_ways_or_partners_first() {
    let mut app = signed_in().await;
    let asc = names(
        &app.get("/api/vendors?categoryIds=1,2,3,4&pageSize=100&sort=name_asc")
            .await
            .json(),
    );
    let mut sorted = asc.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(asc, sorted);
    let desc = names(
        &app.get("/api/vendors?categoryIds=1,2,3,4&pageSize=100&sort=name_desc")
            .await
            .json(),
    );
    assert_eq!(desc, asc.iter().rev().cloned().collect::<Vec<_>>());
    let partners = app
        .get("/api/vendors?pageSize=100&sort=partner_first")
        .await
        .json();
    let flags: Vec<bool> = partners["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["partnerLevel"].is_string() || v["isRecommendedPartner"] == true)
        .collect();
    let first_plain = flags.iter().position(|p| !p).unwrap_or(flags.len());
    assert!(
        flags[first_plain..].iter().all(|p| !p),
        "partners come before everyone else"
    );
    let bad = app.get("/api/vendors?sort=price").await;
    assert_eq!(
        bad.error(),
        "sort must be one of name_asc, name_desc, partner_first, no_booking_first"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn search_is_case_and_accent_insensitive_and_bounded() {
    let mut app = signed_in().await;
    let first = names(&app.get("/api/vendors?sort=name_asc").await.json())[0].clone();
    let shouted = first.to_uppercase();
    let found = names(
        &app.get(&format!("/api/vendors?q={}", urlencode(&shouted)))
            .await
            .json(),
    );
    assert_eq!(found.first(), Some(&first), "a name match comes first");
    let long = app
        .get(&format!("/api/vendors?q={}", "a".repeat(10_000)))
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert_eq!(long.error(), "Search text must be at most 200 characters");
    let none = app.get("/api/vendors?q=zzzzqqqq").await.json();
    assert_eq!(none["total"], 0);
    assert_eq!(none["page"], 1);
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn questions_come_without_their_tags_and_unknown_categories_are_404() {
    let mut app = signed_in().await;
    let qs = app.get("/api/questions/2").await.json();
    let qs = qs.as_array().unwrap();
    assert!((3..=6).contains(&qs.len()), "3 to 6 questions");
    for q in qs {
        assert!(["SINGLE", "MULTI"].contains(&q["fieldType"].as_str().unwrap()));
        assert!(
            q["options"]
                .as_array()
                .unwrap()
                .iter()
                .all(Value::is_string)
        );
    }
    let missing = app.get("/api/questions/999").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.error(), "There is no category with id 999");
    assert_eq!(
        app.get("/api/questions/abc").await.status,
        StatusCode::BAD_REQUEST
    );
}
