//! Round trips to PostgreSQL per read, in hub mode: a firm's list reads cost the same number of
//! statements with one item as with eight (no N+1: a list is read with `range` or `get_many`, not a
//! query per item), and no more than the route's budget. Counted by PostgreSQL itself
//! (pg_stat_statements, which scripts/with-postgres.sh loads with tracking off; this test turns it
//! on for its own database only), so every statement counts, BEGIN and COMMIT among them.

use std::collections::HashMap;

use axum::http::{Method, StatusCode};
use serde_json::json;
use sqlx::Connection as _;

use crate::helpers::*;

/// The firm's list reads and the statements each may cost. The session and the firm are held in
/// memory, so these are the list's own reads: a read transaction is BEGIN, its SELECTs and
/// ROLLBACK; a plain read is its SELECT. A route over its budget, or whose count grows with its
/// items, fails and prints what it ran.
const READS: [(&str, i64); 9] = [
    // The entries, their demo dates, past picks, and the members' scheduler clicks on them.
    ("/api/shortlist", 9),
    ("/api/views", 3),
    ("/api/firm/invitations", 1),
    // The members, and when each was last seen.
    ("/api/firm/members", 2),
    ("/api/recommendations/dismissed", 1),
    // The newest notices, and how many are unread, in one snapshot.
    ("/api/notifications", 3),
    ("/api/firm/audit", 1),
    // The requests and the vendors asked to join, in one snapshot.
    ("/api/demo-requests", 4),
    ("/api/decisions", 1),
];

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
    let database = app.database().unwrap().to_string();
    let mut fewest: Option<(i64, Vec<String>)> = None;
    for _ in 0..3 {
        let before = statements(admin, &database).await;
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
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
        if fewest.as_ref().is_none_or(|(n, _)| count < *n) {
            ran.sort();
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
    let mut admin = sqlx::PgConnection::connect(&cluster_url()).await.unwrap();
    sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        .execute(&mut admin)
        .await
        .expect("pg_stat_statements: run the tests through scripts/with-postgres.sh");
    let app = TestApp::new();
    // The server's connections read the setting when they open: a restart opens new ones.
    let database = app.database().unwrap().to_string();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "ALTER DATABASE {database} SET pg_stat_statements.track = 'top'"
    )))
    .execute(&mut admin)
    .await
    .unwrap();
    let mut app = app.restarted();
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
