//! Round trips to PostgreSQL per read, in hub mode. Every documented GET has a budget of
//! statements, and a firm's list reads cost the same number with one item as with eight (no N+1:
//! a list is read with `range` or `get_many`, not a query per item). Counted by PostgreSQL itself
//! (pg_stat_statements, which scripts/with-postgres.sh loads with tracking off; these tests turn it
//! on for their own database only), so every statement counts, BEGIN and COMMIT among them.

use std::collections::HashMap;

use axum::http::{Method, StatusCode};
use serde_json::json;
use sqlx::Connection as _;

use crate::helpers::*;
use crate::scenario::{FirmIds, ok, stage_and_vendors};

/// The firm's list reads and the statements each may cost. The session and the firm are held in
/// memory, so these are the list's own reads: a read transaction is BEGIN, its SELECTs and
/// ROLLBACK; a plain read, or a seam read of one statement (`seam::get_one`, `range_one`), is its
/// SELECT. A route over its budget, or whose count grows with its
/// items, fails and prints what it ran.
const READS: [(&str, i64); 9] = [
    // The entries, their demo dates and past picks in one snapshot, then the members, their firm
    // and their scheduler clicks on them.
    ("/api/shortlist", 10),
    ("/api/views", 1),
    ("/api/firm/invitations", 1),
    // The members, their firm (a read of its own: an account is stored without its firm), and
    // when each was last seen.
    ("/api/firm/members", 3),
    ("/api/recommendations/dismissed", 3),
    // The newest notices, and how many are unread: one range (`seam::range_one`).
    ("/api/notifications", 1),
    ("/api/firm/audit", 1),
    // The requests and the vendors asked to join, in one snapshot.
    ("/api/demo-requests", 4),
    // The decisions and their versions, in one snapshot.
    ("/api/decisions", 4),
];

/// A fresh app on PostgreSQL whose database counts its statements, and a connection to the
/// cluster that reads the counts.
async fn counted() -> (TestApp, sqlx::PgConnection) {
    let mut admin = sqlx::PgConnection::connect(&cluster_url()).await.unwrap();
    // IF NOT EXISTS does not hold against another test creating it at the same moment (both see
    // none, one fails on the catalog's unique index): one test at a time, each seeing the last's
    // commit.
    let mut create = admin.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('litstack tests: pg_stat_statements'))")
        .execute(&mut *create)
        .await
        .unwrap();
    sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        .execute(&mut *create)
        .await
        .expect("pg_stat_statements: run the tests through scripts/with-postgres.sh");
    create.commit().await.unwrap();
    let app = TestApp::new();
    // The server's connections read the setting when they open: a restart opens new ones.
    let database = app.database().unwrap().to_string();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "ALTER DATABASE {database} SET pg_stat_statements.track = 'top'"
    )))
    .execute(&mut admin)
    .await
    .unwrap();
    (app.restarted(), admin)
}

/// The statements PostgreSQL has run in `database` so far, by their text.
async fn statements(admin: &mut sqlx::PgConnection, database: &str) -> HashMap<String, i64> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT s.query, s.calls FROM pg_stat_statements s \
         JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1",
    )
    .bind(database)
    .fetch_all(admin)
    .await
    .unwrap();
    rows.into_iter().collect()
}

/// The statements once the read's last has landed: a read transaction dropped without COMMIT
/// rolls back on its connection's way back to the pool, after the answer.
async fn settled(admin: &mut sqlx::PgConnection, database: &str) -> HashMap<String, i64> {
    let mut seen = statements(admin, database).await;
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let now = statements(admin, database).await;
        if now == seen {
            break;
        }
        seen = now;
    }
    seen
}

/// What one read of `path` cost: its statements, in number and by text. The fewest of three
/// reads, so that what the server does now and then whatever the read (catching up on another
/// node's changes, refreshing a session it holds) is not charged to the route.
async fn cost(app: &mut TestApp, admin: &mut sqlx::PgConnection, path: &str) -> (i64, Vec<String>) {
    let mut fewest: Option<(i64, Vec<String>)> = None;
    for _ in 0..3 {
        let (count, ran) = call_cost(app, admin, Method::GET, path, None).await;
        if fewest.as_ref().is_none_or(|(n, _)| count < *n) {
            fewest = Some((count, ran));
        }
    }
    fewest.unwrap()
}

/// One more of each list's items: a shortlisted vendor, a saved view, an invitation, a dismissed
/// pick (and with them audit rows), the `n`th of each; `picks` holds each stage's picks.
async fn grow(app: &mut TestApp, picks: &[Vec<u64>], n: usize) {
    let stage = &picks[n];
    let writes = [
        (
            Method::PUT,
            format!("/api/shortlist/{}", stage[1]),
            json!({ "status": "Considering" }),
        ),
        (
            Method::POST,
            "/api/views".to_string(),
            json!({ "name": format!("View {n}"), "params": "state=TX" }),
        ),
        (
            Method::POST,
            "/api/firm/invitations".to_string(),
            json!({ "email": format!("person{n}@doe-law.com"), "role": "member" }),
        ),
        (
            Method::POST,
            "/api/recommendations/dismissed".to_string(),
            json!({ "vendorId": stage[0], "reason": "already_evaluated" }),
        ),
    ];
    for (method, path, body) in writes {
        let res = app.call(method, &path, Some(body)).await;
        assert!(
            res.status.is_success(),
            "{path}: {} {}",
            res.status,
            res.text()
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_firms_list_reads_cost_the_same_round_trips_for_one_item_as_for_eight() {
    if !on_postgres() {
        return;
    }
    let (mut app, mut admin) = counted().await;
    app.sign_up().await;
    app.complete_onboarding().await;
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let picks: Vec<Vec<u64>> = res.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            let ids = item["picks"].as_array().unwrap();
            ids.iter()
                .map(|p| p["vendorId"].as_u64().unwrap())
                .collect()
        })
        .filter(|ids: &Vec<u64>| ids.len() >= 2)
        .collect();
    assert!(picks.len() >= 8, "{picks:?}");

    grow(&mut app, &picks, 0).await;
    let mut one = Vec::new();
    for (path, _) in READS {
        one.push(cost(&mut app, &mut admin, path).await);
    }
    for n in 1..8 {
        grow(&mut app, &picks, n).await;
    }
    let mut failures = Vec::new();
    for ((path, budget), (one, _)) in READS.into_iter().zip(one) {
        let (eight, ran) = cost(&mut app, &mut admin, path).await;
        if one != eight || eight > budget {
            failures.push(format!(
                "{path}: {one} statements for one item, {eight} for eight (budget {budget}):\n  {}",
                ran.join("\n  ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every documented GET and the statements it may cost, for the firm `firm_scope::fill_firm`
/// fills, its owner being the install's operator (and, for a vendor's routes, a vendor account
/// of a listing). A route missing here fails with what it cost, to be added with a reason when
/// it costs more than its reads.
const GET_BUDGETS: &[(&str, i64)] = &[
    ("/api/admin/catalog-feed", 1),
    ("/api/admin/demo-requests", 5),
    // The firms, the accounts and their firms, then the scheduled deletions.
    ("/api/admin/firms", 4),
    // Every firm's claims, then the firms.
    ("/api/admin/firms/sso-domains", 2),
    // The pending offer, one seam read (BEGIN, SELECT, ROLLBACK).
    ("/api/admin/handover", 3),
    ("/api/admin/locked-accounts", 1),
    ("/api/admin/mail", 1),
    // The messages, and the mail settings.
    ("/api/admin/outbox", 2),
    ("/api/admin/settings", 1),
    ("/api/admin/vendor-accounts", 1),
    ("/api/admin/vendor-invitations", 1),
    ("/api/admin/vendor-proposals", 1),
    ("/api/auth/me", 0),
    ("/api/auth/mfa", 1),
    ("/api/auth/sessions", 1),
    // Whether an account exists, and the mail settings.
    ("/api/auth/setup", 2),
    // The domain's claims through their index, in a snapshot.
    ("/api/auth/sso/discover", 3),
    // The feed found by its hash, the firm's tech stack and contracts in one snapshot (BEGIN and
    // ROLLBACK beside the three reads), then the firm, its members and their firm (an account is
    // stored without its firm).
    ("/api/calendar/{file}", 8),
    ("/api/categories", 0),
    // The firm's onboarding answers, tech stack, dismissals, shortlist and latest answers in each
    // category compared, in one snapshot.
    ("/api/compare", 8),
    ("/api/config", 0),
    // The decisions and their versions, in one snapshot.
    ("/api/decisions", 4),
    ("/api/decisions/draft", 0),
    // The decision and its versions; the category's rounds; the firm's decisions and versions.
    ("/api/decisions/{id}", 11),
    ("/api/decisions/{id}/versions/{n}", 11),
    ("/api/demo-bookings", 0),
    ("/api/demo-bookings/cities", 0),
    ("/api/demo-bookings/filter-options", 0),
    ("/api/demo-requests", 4),
    ("/api/evaluations/{categoryId}", 10),
    ("/api/evaluations/{categoryId}/criteria", 10),
    ("/api/evaluations/{categoryId}/scorecards/{vendorId}", 9),
    // The firm's second-factor requirement and the reader's factor are a statement each
    // (`seam::get_one`); the members are read with their firm (an account is stored without it).
    ("/api/firm", 8),
    ("/api/firm/audit", 1),
    ("/api/firm/calendar-feed", 1),
    // The scheduled deletion, the members and their firm.
    ("/api/firm/deletion", 3),
    ("/api/firm/invitations", 1),
    ("/api/firm/members", 3),
    ("/api/firm/price-sharing", 1),
    // The provider and the claims in one snapshot.
    ("/api/firm/sso", 4),
    ("/api/me/notifications", 1),
    // The person's clicks: one range, in one snapshot.
    ("/api/meeting-clicks", 1),
    ("/api/notifications", 3),
    ("/api/openapi.json", 0),
    // The pending offer, one seam read (BEGIN, SELECT, ROLLBACK).
    ("/api/operator-offer", 3),
    ("/api/past-recommendations", 7),
    ("/api/profile", 3),
    ("/api/profile/category-adoption", 3),
    ("/api/profile/coverage", 4),
    ("/api/profile/onboarding", 3),
    ("/api/questions/{category_id}", 0),
    ("/api/recommendations/dismissed", 3),
    // The onboarding answers, tech stack and contracts, decisions, evaluations and shortlist in
    // one snapshot; the picks (with the shortlist and dismissals) in another; the latest
    // responses (the security asks) in a third; the members and their firm.
    ("/api/recommendations/overview", 16),
    // The picks, dismissals and shortlist, in one snapshot.
    ("/api/recommendations/persisted", 5),
    // The tech stack and contracts in one snapshot, then the members and their firm.
    ("/api/renewals", 6),
    // The category's latest response id and the response, in one snapshot.
    ("/api/responses/latest/{category_id}", 4),
    // The entries, their demo dates and past picks, in one snapshot.
    ("/api/shortlist", 5),
    // The shortlist, its demo dates and past picks, the tech stack and the latest answers of each
    // category listed, in one snapshot.
    ("/api/shortlist/brief", 8),
    ("/api/shortlist/brief.csv", 9),
    // The contract in one snapshot, then the members and their firm.
    ("/api/techstack/{toolId}/contract", 6),
    ("/api/trends", 0),
    ("/api/trends/cities", 0),
    ("/api/trends/vendors", 0),
    ("/api/vendor/demo-requests", 5),
    ("/api/vendor/listings", 0),
    ("/api/vendor/me", 3),
    ("/api/vendor/notices", 3),
    ("/api/vendor/proposals", 3),
    ("/api/vendor/sessions", 3),
    // Every account and their firms (whose firm is verified), then the profile views and every
    // click in one snapshot (the vendor's own monthly figures).
    ("/api/vendor/stats", 8),
    ("/api/vendors", 0),
    // A firm member's view of a profile is counted (a write: the firm's check and scope lock, the
    // month's count read and written); the firm's onboarding answers, tech stack, dismissals,
    // shortlist, latest answers in the category, past picks, the user's clicks and the month's
    // "What firms pay" with the firms sharing now, in one snapshot.
    ("/api/vendors/{id}", 20),
    ("/api/vendors/{id}/evidence", 4),
    ("/api/vendors/{vendor_id}/demo-request", 5),
    ("/api/views", 1),
];

/// GETs without a budget here, and why.
const UNBUDGETED: &[(&str, &str)] = &[
    // Single sign-on's sign-in: public, before any session, answered with redirects to a provider.
    ("/api/auth/sso/start", "redirects to the firm's provider"),
    ("/api/auth/sso/callback", "answers the provider's redirect"),
    // Public links whose signed token names a person or a file.
    ("/api/unsubscribe", "its token comes by mail"),
    (
        "/api/logos/{vendor}/{sha256}",
        "a copied logo, read from the data directory",
    ),
    (
        "/api/catalog/feed",
        "the signed catalog file an install serves, not the database",
    ),
];

#[tokio::test(flavor = "multi_thread")]
async fn every_documented_get_keeps_its_round_trip_budget() {
    if !on_postgres() {
        return;
    }
    let (mut app, mut admin) = counted().await;
    app.sign_up().await;
    let (category, vendors) = stage_and_vendors(&app);
    crate::firm_scope::fill_firm(&mut app, category, vendors).await;
    let feed = ok(&mut app, Method::POST, "/api/firm/calendar-feed", None).await;
    let feed_file = feed["url"].as_str().unwrap().rsplit('/').next().unwrap();
    let decisions = ok(&mut app, Method::GET, "/api/decisions", None).await;
    let ids = FirmIds {
        category,
        vendors,
        decision: decisions["items"][0]["id"].as_u64().unwrap(),
        feed_file: feed_file.to_string(),
    };
    let firm = app.cookie.clone();
    let vendor = crate::hostile::vendor_session(&mut app, firm.as_deref().unwrap()).await;
    let vendor = vendor.strip_prefix("vendor:").unwrap().to_string();
    app.cookie = firm.clone();

    let doc = ok(&mut app, Method::GET, "/api/openapi.json", None).await;
    let mut failures = Vec::new();
    let mut unknown = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        let Some(get) = operations.get("get") else {
            continue;
        };
        if UNBUDGETED.iter().any(|(p, _)| p == path) {
            continue;
        }
        let mut filled = ids.get_path(path, get);
        if path == "/api/auth/sso/discover" {
            filled = "/api/auth/sso/discover?email=ann@doe-law.com".to_string();
        }
        // A vendor's routes take the vendor account's session alone.
        let as_vendor = path.starts_with("/api/vendor/");
        if as_vendor {
            app.cookie = None;
            app.vendor_cookie = Some(vendor.clone());
        }
        let (count, ran) = cost(&mut app, &mut admin, &filled).await;
        if as_vendor {
            app.vendor_cookie = None;
            app.cookie = firm.clone();
        }
        match GET_BUDGETS.iter().find(|(p, _)| p == path) {
            Some((_, budget)) if count > *budget => failures.push(format!(
                "{filled}: {count} statements (budget {budget}):\n  {}",
                ran.join("\n  ")
            )),
            Some(_) => {}
            None => unknown.push(format!("    (\"{path}\", {count}),")),
        }
    }
    let stale: Vec<_> = (GET_BUDGETS.iter())
        .filter(|(p, _)| doc["paths"][*p].get("get").is_none())
        .collect();
    assert!(
        stale.is_empty(),
        "budgets of GETs no longer documented: {stale:?}"
    );
    assert!(
        unknown.is_empty(),
        "GETs without a budget: add them to GET_BUDGETS (or UNBUDGETED, saying why):\n{}",
        unknown.join("\n")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What one call cost: its statements, in number and by text.
async fn call_cost(
    app: &mut TestApp,
    admin: &mut sqlx::PgConnection,
    method: Method,
    path: &str,
    body: Option<serde_json::Value>,
) -> (i64, Vec<String>) {
    let database = app.database().unwrap().to_string();
    let before = statements(admin, &database).await;
    let res = app.call(method.clone(), path, body).await;
    assert!(
        res.status.is_success(),
        "{method} {path}: {} {}",
        res.status,
        res.text()
    );
    let mut ran = Vec::new();
    let mut count = 0;
    for (text, calls) in settled(admin, &database).await {
        let more = calls - before.get(&text).copied().unwrap_or(0);
        if more > 0 && !text.contains("pg_stat_statements") {
            count += more;
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            ran.push(format!("{more} x {text}"));
        }
    }
    ran.sort();
    (count, ran)
}

/// A firm's everyday writes and the statements each may cost: a write transaction is BEGIN, its
/// isolation, the firm's scope lock, its reads and writes, the audit row and the change log's
/// notice for the other nodes, and COMMIT. Each is made three times (another view, another
/// invitation, another vendor dismissed) and the fewest counts, as for the reads.
const WRITE_BUDGETS: &[(&str, i64)] = &[
    // The entry's write, then the answer: the shortlist with its demo dates, past picks, the
    // members (and their firm) and their clicks, and the tech stack, in three snapshots.
    ("PUT /api/shortlist/{vendor}", 25),
    ("POST /api/views", 9),
    // The firm opened, its invitations read (the pending one of the email withdrawn), the id
    // drawn, the invitation, its audit line and the mail's settings.
    ("POST /api/firm/invitations", 12),
    // The dismissal and the stage's picks refilled, then the firm's picks and dismissals again.
    ("POST /api/recommendations/dismissed", 37),
    ("POST /api/profile/category-adoption", 27),
    // The contract's write, then the members and their firm for its answer.
    ("PUT /api/techstack/{vendor}/contract", 12),
    // The criteria's write, then the latest answers they are read against, in a snapshot.
    ("PUT /api/evaluations/{category}/criteria", 14),
    ("PUT /api/firm/price-sharing", 8),
    // The firm opened (refused when merged away or deleted, then its scope lock), the response's
    // id, the response and the category's latest.
    ("POST /api/responses", 8),
    // Every stage's picks and their past recommendations in two statements (insert_many), after
    // the reads the ranking needs.
    ("POST /api/recommendations/pick-for-me", 31),
];

#[tokio::test(flavor = "multi_thread")]
async fn a_firms_everyday_writes_keep_their_round_trip_budget() {
    if !on_postgres() {
        return;
    }
    let (mut app, mut admin) = counted().await;
    app.sign_up().await;
    app.complete_onboarding().await;
    let (category, vendors) = stage_and_vendors(&app);
    let picks = ok(
        &mut app,
        Method::POST,
        "/api/recommendations/pick-for-me",
        None,
    )
    .await;
    let picked: Vec<u64> = (picks["items"].as_array().unwrap().iter())
        .filter_map(|item| item["picks"][0]["vendorId"].as_u64())
        .collect();
    assert!(picked.len() >= 3, "{picks}");
    let me = ok(&mut app, Method::GET, "/api/auth/me", None).await;
    let answers: Vec<serde_json::Value> = (app.state.catalog.load().questions(category).iter())
        .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
        .collect();

    let mut failures = Vec::new();
    for (route, budget) in WRITE_BUDGETS {
        let mut fewest: Option<(i64, Vec<String>)> = None;
        for (n, dismissed) in picked.iter().take(3).enumerate() {
            let (method, path, body) = match *route {
                "PUT /api/shortlist/{vendor}" => (
                    Method::PUT,
                    format!("/api/shortlist/{}", vendors[0]),
                    json!({ "status": "Considering", "note": format!("note {n}") }),
                ),
                "POST /api/views" => (
                    Method::POST,
                    "/api/views".to_string(),
                    json!({ "name": format!("View {n}"), "params": "state=TX" }),
                ),
                "POST /api/firm/invitations" => (
                    Method::POST,
                    "/api/firm/invitations".to_string(),
                    json!({ "email": format!("person{n}@doe-law.com"), "role": "member" }),
                ),
                "POST /api/recommendations/dismissed" => (
                    Method::POST,
                    "/api/recommendations/dismissed".to_string(),
                    json!({ "vendorId": dismissed, "reason": "already_evaluated" }),
                ),
                "POST /api/profile/category-adoption" => (
                    Method::POST,
                    "/api/profile/category-adoption".to_string(),
                    json!({ "items": [{ "categoryId": category, "hasTool": true,
                        "selectedVendorIds": [vendors[0]], "primaryVendorId": vendors[0],
                        "otherVendors": [format!("Tool {n}")] }] }),
                ),
                "PUT /api/techstack/{vendor}/contract" => (
                    Method::PUT,
                    format!("/api/techstack/{}/contract", vendors[0]),
                    json!({ "startDate": "2026-01-01", "termMonths": 12, "noticeDays": 30,
                        "annualCost": 0, "seats": n + 1, "responsibleUserId": me["user"]["id"] }),
                ),
                "PUT /api/evaluations/{category}/criteria" => (
                    Method::PUT,
                    format!("/api/evaluations/{category}/criteria"),
                    json!({ "criteria": [{ "name": format!("Price {n}"), "weight": 100 }] }),
                ),
                "PUT /api/firm/price-sharing" => (
                    Method::PUT,
                    "/api/firm/price-sharing".to_string(),
                    json!({ "share": n % 2 == 0 }),
                ),
                "POST /api/responses" => (
                    Method::POST,
                    "/api/responses".to_string(),
                    json!({ "categoryId": category, "answers": answers }),
                ),
                "POST /api/recommendations/pick-for-me" => (
                    Method::POST,
                    "/api/recommendations/pick-for-me".to_string(),
                    json!({}),
                ),
                other => panic!("no request for {other}"),
            };
            let cost = call_cost(&mut app, &mut admin, method, &path, Some(body)).await;
            if fewest.as_ref().is_none_or(|(c, _)| cost.0 < *c) {
                fewest = Some(cost);
            }
        }
        let (count, ran) = fewest.unwrap();
        if count > *budget {
            failures.push(format!(
                "{route}: {count} statements (budget {budget}):\n  {}",
                ran.join("\n  ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
