//! The registry of data (`litstack::registry`) against the tables that really exist: after a
//! firm has used most of the product, every table in the redb file or the PostgreSQL database is
//! declared by a domain, with the firm key its columns show, and a backup holds every row of every
//! table. Nothing here lists a table by hand: a table added without its declaration fails.

use axum::http::Method;
use serde_json::json;

use crate::helpers::{TestApp, on_postgres};
use crate::scenario::{answer_first_options_and_rank, ok, stage_and_vendors};

/// A firm that has used most screens: a member, onboarding, a tech stack with a contract and its
/// calendar feed, a shortlist with a note, a questionnaire's picks and a dismissal, a saved view,
/// a meeting click, price sharing, an invitation.
pub async fn a_firm_that_used_the_product(app: &mut TestApp) {
    let (category, vendors) = stage_and_vendors(app);
    let owner = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    app.complete_onboarding().await;
    let stack = json!({ "items": [{ "categoryId": category, "hasTool": true,
        "selectedVendorIds": [vendors[0]], "primaryVendorId": vendors[0], "otherVendors": [] }] });
    ok(
        app,
        Method::POST,
        "/api/profile/category-adoption",
        Some(stack),
    )
    .await;
    let contract = json!({ "startDate": "2026-01-01", "termMonths": 12, "noticeDays": 60,
        "annualCost": 1_234_500, "seats": 12, "responsibleUserId": owner });
    let path = format!("/api/techstack/{}/contract", vendors[0]);
    ok(app, Method::PUT, &path, Some(contract)).await;
    ok(
        app,
        Method::POST,
        "/api/firm/calendar-feed",
        Some(json!({})),
    )
    .await;
    let note = json!({ "status": "Considering", "note": "ask about pricing" });
    let path = format!("/api/shortlist/{}", vendors[1]);
    ok(app, Method::PUT, &path, Some(note)).await;
    answer_first_options_and_rank(app, category).await;
    let picks = app.get("/api/recommendations/persisted").await.json();
    let pick = picks["items"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|stage| stage["picks"].as_array().unwrap().clone())
        .map(|p| p["vendorId"].as_u64().unwrap())
        .next()
        .expect("the ranking saved picks");
    let dismissal = json!({ "vendorId": pick, "reason": "too_expensive" });
    ok(
        app,
        Method::POST,
        "/api/recommendations/dismissed",
        Some(dismissal),
    )
    .await;
    let view = json!({ "name": "Texas", "params": "state=TX" });
    ok(app, Method::POST, "/api/views", Some(view)).await;
    let click = json!({ "vendorId": vendors[0], "sourcePage": "PROFILE", "kind": "WEBSITE" });
    ok(app, Method::POST, "/api/meeting-clicks", Some(click)).await;
    let share = json!({ "share": true });
    ok(app, Method::PUT, "/api/firm/price-sharing", Some(share)).await;
    ok(
        app,
        Method::GET,
        &format!("/api/vendors/{}", vendors[0]),
        None,
    )
    .await;
    app.invite("di@doe-law.com", "member").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_table_that_exists_is_declared_with_the_firm_key_its_columns_show() {
    let mut app = TestApp::new();
    a_firm_that_used_the_product(&mut app).await;

    let problems = litstack::registry::problems(&app.state.store).unwrap();

    assert_eq!(problems, Vec::<String>::new());
    if on_postgres() {
        // The migrations make every table: each one declared for PostgreSQL exists.
        let present = litstack::platform::store::registry::present(&app.state.store).unwrap();
        let missing: Vec<&str> = litstack::registry::tables()
            .filter(|t| t.postgres)
            .map(|t| t.name)
            .filter(|name| !present.postgres.iter().any(|(p, _)| p == name))
            .collect();
        assert_eq!(
            missing,
            Vec::<&str>::new(),
            "declared but not in PostgreSQL"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_holds_every_row_of_every_table_in_the_file() {
    let mut app = TestApp::on_file();
    a_firm_that_used_the_product(&mut app).await;
    let file = app.state.store.file().unwrap();
    let source = file.table_rows().unwrap();
    assert!(source.len() > 30, "the walk made most tables: {source:?}");
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("backup.redb");

    litstack::platform::store::backup::backup_to(file, &target, &litstack::registry::redb_tables())
        .unwrap();

    let copy = litstack::platform::store::FileStore::check_file(&target).unwrap();
    assert!(copy.integrity_ok);
    assert_eq!(copy.tables, source);
}

/// The copy to PostgreSQL (`litstack export-to-postgres`) reports a count for every table the
/// registry declares on both backends, each equal to the file's: no domain's copy leaves one out
/// but those its declaration names with why (`Domain::not_copied`).
#[tokio::test(flavor = "multi_thread")]
async fn the_copy_to_postgresql_counts_every_declared_table() {
    let mut app = TestApp::with_config(|c| {
        c.storage.database_url = None;
        crate::helpers::fetch_from_loopback(c);
    });
    a_firm_that_used_the_product(&mut app).await;
    // The operator's logo, copied from a web server on loopback.
    let server = crate::vendor_logos::vendor_server().await;
    let vendor = app.state.catalog.load().vendors[0].id;
    let logo = json!({ "logoUrl": format!("{server}/logo.png") });
    ok(
        &mut app,
        Method::PATCH,
        &format!("/api/admin/vendors/{vendor}"),
        Some(logo),
    )
    .await;
    let data_dir = app.data_dir();
    let _kept = app.shut_down();
    let url = crate::helpers::fresh_database();

    // A command-line step, run outside the test's runtime.
    let counts =
        tokio::task::spawn_blocking(move || litstack::export::to_postgres(&data_dir, &url))
            .await
            .unwrap()
            .unwrap();

    let counted: Vec<&str> = counts.iter().map(|c| c.table).collect();
    let missing: Vec<&str> = litstack::registry::DOMAINS[1..]
        .iter()
        .flat_map(|d| {
            d.tables
                .iter()
                .filter(|t| !d.not_copied.iter().any(|(name, _)| *name == t.name))
        })
        .filter(|t| t.postgres && !t.redb.is_empty())
        .map(|t| t.name)
        .filter(|name| !counted.contains(name))
        .collect();
    assert_eq!(missing, Vec::<&str>::new(), "copied without a count");
    assert!(counts.iter().all(|c| c.source == c.copied), "{counts:?}");
    let rows = |table: &str| counts.iter().find(|c| c.table == table).map(|c| c.copied);
    assert_eq!(rows("saved_views"), Some(1));
    assert_eq!(rows("tool_contracts"), Some(1));
    assert_eq!(rows("profile_views"), Some(1));
    assert_eq!(rows("vendor_logos"), Some(1));
}
