//! Two nodes of a hub on one PostgreSQL database: what one node writes, the other answers. Each
//! node is a whole app state (its own session cache, catalog and bookings index, its own data
//! directory) and keeps in step only through the database's change log. These always run on the
//! throwaway cluster, whatever backend the rest of the suite uses.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;

use crate::bookings::{known_file, upload};
use crate::helpers::{TestApp, fresh_database};

/// Two nodes on a fresh database; the first one's admin (the first account) is signed in on both.
pub(crate) async fn two_nodes() -> (TestApp, TestApp) {
    let url = fresh_database();
    let node = || {
        let url = url.clone();
        TestApp::with_config(move |c| c.storage.database_url = Some(url))
    };
    let (mut a, mut b) = (node(), node());
    a.sign_up().await;
    b.cookie = a.cookie.clone();
    (a, b)
}

/// Waits until `check` holds on `node`, for at most `limit`; says how long it took.
pub(crate) async fn within<F>(limit: Duration, node: &mut TestApp, mut check: F) -> Duration
where
    F: AsyncFnMut(&mut TestApp) -> bool,
{
    let started = Instant::now();
    loop {
        if check(node).await {
            return started.elapsed();
        }
        assert!(started.elapsed() < limit, "not within {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn hub(node: &TestApp) -> &litstack::hub::Hub {
    node.state.hub.as_ref().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_out_on_one_node_ends_the_session_on_the_other() {
    let (mut a, mut b) = two_nodes().await;
    // B has the session cached: the next request needs no database.
    assert_eq!(b.get("/api/auth/me").await.status, StatusCode::OK);
    assert_eq!(a.sign_out().await.status, StatusCode::NO_CONTENT);
    let took = within(Duration::from_secs(2), &mut b, async |b| {
        b.get("/api/auth/me").await.status == StatusCode::UNAUTHORIZED
    })
    .await;
    eprintln!("sign-out on A reached B in {took:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_change_on_one_node_ends_the_other_sessions_there() {
    let (mut a, mut b) = two_nodes().await;
    // A second session of the same account, on B only.
    b.cookie = None;
    let res = b.sign_in("ann@doe-law.com", crate::helpers::PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(b.get("/api/auth/me").await.status, StatusCode::OK);
    let res = a
        .post(
            "/api/auth/change-password",
            json!({ "currentPassword": crate::helpers::PASSWORD, "newPassword": "another-long-passphrase-42" }),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    within(Duration::from_secs(2), &mut b, async |b| {
        b.get("/api/auth/me").await.status == StatusCode::UNAUTHORIZED
    })
    .await;
    // A's own session goes on.
    assert_eq!(a.get("/api/auth/me").await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_on_one_node_reaches_the_other_nodes_trends() {
    let (mut a, mut b) = two_nodes().await;
    assert_eq!(b.get("/api/trends").await.json()["total"], 0);
    let res = upload(&mut a, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let took = within(Duration::from_secs(2), &mut b, async |b| {
        b.get("/api/trends").await.json()["total"] == 6
    })
    .await;
    eprintln!("an import on A reached B's trends in {took:?}");
    // The same answer on both, filters included.
    assert_eq!(
        a.get("/api/trends?state=TX").await.json(),
        b.get("/api/trends?state=TX").await.json()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_change_on_one_node_reaches_the_other_nodes_directory() {
    let (mut a, mut b) = two_nodes().await;
    let res = a
        .patch("/api/admin/vendors/1", json!({ "isActive": false }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let name = res.json()["name"].as_str().unwrap().to_string();
    let query = format!("/api/vendors?q={}", name.replace(' ', "%20"));
    within(Duration::from_secs(2), &mut b, async |b| {
        b.get(&query).await.json()["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["id"] != 1)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_deleted_on_one_node_is_gone_from_the_other_nodes_directory() {
    let (mut a, mut b) = two_nodes().await;
    let profile = b.get("/api/vendors/1").await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.json()["id"], 1, "{}", profile.text());
    let res = a
        .call(axum::http::Method::DELETE, "/api/admin/vendors/1", None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    within(Duration::from_secs(2), &mut b, async |b| {
        b.get("/api/vendors/1").await.status == StatusCode::NOT_FOUND
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_whose_listener_is_killed_catches_up_and_listens_again() {
    let (mut a, mut b) = two_nodes().await;
    assert_eq!(b.get("/api/auth/me").await.status, StatusCode::OK);
    let node = hub(&b).node.clone();
    within(Duration::from_secs(5), &mut b, async |b| hub(b).listening()).await;
    // Kill B's listening connection from the server side.
    let litstack::platform::store::Store::Postgres(pg) = &*a.state.store else {
        panic!("not on PostgreSQL")
    };
    let killed: i64 = pg
        .run(
            sqlx::query_scalar(
                "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE application_name = $1) AS t",
            )
            .bind(&node)
            .fetch_one(pg.pool()),
        )
        .unwrap();
    assert_eq!(killed, 1, "B's listener was not found");
    // A change made while B's listener is down still reaches B (by polling), and B listens again.
    let res = upload(&mut a, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    within(Duration::from_secs(3), &mut b, async |b| {
        b.get("/api/trends").await.json()["total"] == 6
    })
    .await;
    within(Duration::from_secs(5), &mut b, async |b| hub(b).listening()).await;
    assert_eq!(a.sign_out().await.status, StatusCode::NO_CONTENT);
    within(Duration::from_secs(2), &mut b, async |b| {
        b.get("/api/auth/me").await.status == StatusCode::UNAUTHORIZED
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn while_the_database_is_away_requests_answer_503_and_the_node_recovers_by_itself() {
    let cluster = crate::cluster::Cluster::start();
    let url = litstack::platform::store::postgres::create_database(&cluster.url(), "away").unwrap();
    let mut node = TestApp::with_config(|c| c.storage.database_url = Some(url));
    node.sign_up().await;
    assert_eq!(node.get("/api/profile").await.status, StatusCode::OK);

    cluster.halt();
    // What lives in memory still answers: the cached session and the bookings index.
    assert_eq!(node.get("/api/trends").await.status, StatusCode::OK);
    // A request that needs the database (a sign-in) is told why, and no half of it is kept.
    let signed_in = node.cookie.take();
    let res = node
        .sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await;
    assert_eq!(
        res.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        res.text()
    );
    assert!(
        res.error().contains("The database is not answering"),
        "{}",
        res.error()
    );

    cluster.resume();
    within(Duration::from_secs(10), &mut node, async |n| {
        n.sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
            .await
            .status
            == StatusCode::OK
    })
    .await;
    assert_eq!(node.get("/api/profile").await.status, StatusCode::OK);
    node.cookie = signed_in;
    assert_eq!(node.get("/api/profile").await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hub_node_offers_no_backup_file_and_says_how_to_back_up() {
    let (mut a, _b) = two_nodes().await;
    let res = a.post("/api/admin/backup", json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.error(), litstack::admin::HUB_BACKUP);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_data_directory_pointed_at_another_hub_never_loads_the_first_hubs_bookings() {
    let shared = tempfile::tempdir().unwrap();
    let node_on = |url: String, dir: std::path::PathBuf| {
        TestApp::with_config(move |c| {
            c.storage.database_url = Some(url);
            c.storage.data_dir = dir;
        })
    };
    // Hub one: six bookings, at booking generation 1, snapshot written in the shared directory.
    let mut one = node_on(fresh_database(), shared.path().join("data"));
    one.sign_up().await;
    let res = upload(&mut one, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    drop(one);
    // Hub two, also at generation 1, with one booking; then a node on the shared directory.
    let two_url = fresh_database();
    let mut elsewhere = node_on(two_url.clone(), shared.path().join("elsewhere"));
    elsewhere.sign_up().await;
    let one_row: String = known_file()
        .lines()
        .take(2)
        .map(|l| format!("{l}\n"))
        .collect();
    let res = upload(&mut elsewhere, "bookings.csv", one_row.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let mut two = node_on(two_url, shared.path().join("data"));
    two.cookie = elsewhere.cookie.clone();
    assert_eq!(two.get("/api/trends").await.json()["total"], 1);
}

/// Signs up, on `node`, an account of a 6-20 firm of its own and saves its intake answer: Lead
/// Docket (vendor 11) when `uses`, else No.
async fn intake_firm(node: &mut TestApp, n: usize, uses: bool) {
    node.cookie = None;
    let res = node
        .post(
            "/api/auth/sign-up",
            json!({ "name": format!("Peer {n}"), "email": format!("peer{n}@peer{n}-law.com"),
                "password": crate::helpers::PASSWORD, "lawFirm": format!("Peer {n} Law"),
                "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // Verified on this node; the other learns it from the change log.
    node.verify_firm_of(&res);
    save_intake(node, uses).await;
}

async fn save_intake(node: &mut TestApp, uses: bool) {
    let item = if uses {
        json!({ "categoryId": 2, "hasTool": true, "selectedVendorIds": [11] })
    } else {
        json!({ "categoryId": 2, "hasTool": false })
    };
    let res = node
        .post("/api/profile/category-adoption", json!({ "items": [item] }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// Each node keeps the peer figures in memory; a tech-stack save on A must move B's.
#[tokio::test(flavor = "multi_thread")]
async fn a_tech_stack_change_on_one_node_moves_the_other_nodes_peer_figures() {
    let (mut a, mut b) = two_nodes().await;
    for n in 1..=4 {
        intake_firm(&mut a, n, true).await;
    }
    intake_firm(&mut a, 5, false).await;
    let fifth = a.cookie.clone();
    // The viewer signs up on B, in a firm of the same size.
    b.cookie = None;
    let res = b
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Vic Viewer", "email": "vic@viewer-law.com",
                "password": crate::helpers::PASSWORD, "lawFirm": "Viewer Law", "firmSize": "E6_20" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let used_by = async |b: &mut TestApp| {
        let res = b.get("/api/vendors/11/evidence").await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        res.json()["peerAdoption"]["text"].clone()
    };
    within(Duration::from_secs(2), &mut b, async |b| {
        used_by(b).await == "Used by fewer than 5 firms of your size"
    })
    .await;

    // The fifth firm changes its answer on A: B now counts five.
    a.cookie = fifth;
    save_intake(&mut a, true).await;
    let took = within(Duration::from_secs(2), &mut b, async |b| {
        used_by(b).await == "Used by 5 firms of your size"
    })
    .await;
    eprintln!("a tech-stack save on A moved B's peer figures in {took:?}");
    // And B's coverage share of intake, from the five other firms that answered it.
    let map = b.get("/api/profile/coverage").await.json();
    let intake = map["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["categoryId"] == 2)
        .unwrap()
        .clone();
    assert_eq!(intake["peerShare"], 100, "{map}");

    // Back to No on A: B drops to four again.
    save_intake(&mut a, false).await;
    within(Duration::from_secs(2), &mut b, async |b| {
        used_by(b).await == "Used by fewer than 5 firms of your size"
    })
    .await;
}

/// The database a node is on, for statements the API has no call for.
fn pg(node: &TestApp) -> &litstack::platform::store::PgStore {
    match &*node.state.store {
        litstack::platform::store::Store::Postgres(pg) => pg,
        litstack::platform::store::Store::File(_) => panic!("not a hub node"),
    }
}

/// The stored index snapshot: (generation, bytes of every part in order), one row per generation.
fn stored_snapshots(node: &TestApp) -> Vec<(i64, Vec<u8>)> {
    let pg = pg(node);
    pg.run(
        sqlx::query_as(
            "SELECT s.generation, string_agg(c.bytes, ''::bytea ORDER BY s.part) \
             FROM bookings_snapshot s JOIN bookings_snapshot_chunks c USING (hash) \
             GROUP BY s.generation ORDER BY s.generation",
        )
        .fetch_all(pg.pool()),
    )
    .unwrap()
}

/// Waits until the database stores the index snapshot of `generation` (a node stores it after
/// answering), and answers its bytes.
async fn stored_snapshot_of(node: &TestApp, generation: i64) -> Vec<u8> {
    let started = Instant::now();
    loop {
        if let [(g, bytes)] = stored_snapshots(node).as_slice()
            && *g == generation
        {
            return bytes.clone();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no stored snapshot of generation {generation}: {:?}",
            stored_snapshots(node)
                .iter()
                .map(|s| s.0)
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Runs `sql` on the node's database.
fn execute(node: &TestApp, sql: &'static str) {
    let pg = pg(node);
    pg.run(sqlx::query(sql).execute(pg.pool())).unwrap();
}

/// Replaces the stored snapshot with `bytes` under `generation`, as one chunk, in the storers'
/// turn (their advisory lock): a node storing its own snapshot meanwhile then finds this one
/// stored, where between a bare DELETE and INSERT it could store its own and take the key.
fn store_snapshot_bytes(node: &TestApp, generation: i64, bytes: &[u8]) {
    let pg = pg(node);
    pg.run(async {
        let mut tx = pg.pool().begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(litstack::bookings::storage::SNAPSHOT_LOCK)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM bookings_snapshot")
            .execute(&mut *tx)
            .await?;
        let hash = <sha2::Sha256 as sha2::Digest>::digest(bytes).to_vec();
        sqlx::query("INSERT INTO bookings_snapshot_chunks (hash, bytes) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(&hash)
            .bind(bytes)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO bookings_snapshot (generation, part, hash) VALUES ($1, 0, $2)")
            .bind(generation)
            .bind(&hash)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    })
    .unwrap();
}

/// A new node on `a`'s database with a data directory of its own (no snapshot), signed in as `a`.
fn new_node_beside(a: &TestApp) -> TestApp {
    let url = a.state.config.storage.database_url.clone();
    let mut node = TestApp::with_config(move |c| c.storage.database_url = url);
    node.cookie = a.cookie.clone();
    node
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_without_its_snapshot_starts_from_the_one_the_database_stores() {
    let (mut a, _b) = two_nodes().await;
    let res = upload(&mut a, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let total = a.get("/api/trends").await.json()["total"].clone();
    assert_eq!(total, 6);
    stored_snapshot_of(&a, 1).await;
    // The rows taken away behind every index's back (the generation stays): a node that read the
    // rows would count none, one that read the stored snapshot counts them all.
    execute(&a, "DELETE FROM bookings");
    let mut c = new_node_beside(&a);
    assert_eq!(c.get("/api/trends").await.json()["total"], total);
    assert_eq!(
        a.get("/api/trends?state=TX").await.json(),
        c.get("/api/trends?state=TX").await.json()
    );
    // And it writes its own snapshot from it (after answering), for its next start.
    let started = Instant::now();
    while !litstack::bookings::snapshot::path(&c.data_dir()).is_file() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no snapshot file"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_damaged_stored_snapshot_is_refused_and_replaced() {
    let (mut a, _b) = two_nodes().await;
    let res = upload(&mut a, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let good = stored_snapshot_of(&a, 1).await;
    // One byte of the payload changed: the checksum no longer matches. Then a header announcing
    // far more than is stored, and a header cut short.
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0xff;
    let mut huge = good.clone();
    huge[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
    for damaged in [flipped, huge, good[..20].to_vec()] {
        store_snapshot_bytes(&a, 1, &damaged);
        let mut c = new_node_beside(&a);
        assert_eq!(c.get("/api/trends").await.json()["total"], 6);
        // The node rebuilt from the rows and stored the snapshot again in place of the damaged one.
        let started = Instant::now();
        while stored_snapshots(&a) != [(1, good.clone())] {
            assert!(started.elapsed() < Duration::from_secs(10), "not replaced");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // The replaced one is used: with the rows gone, a new node still counts them.
    execute(&a, "DELETE FROM bookings");
    let mut d = new_node_beside(&a);
    assert_eq!(d.get("/api/trends").await.json()["total"], 6);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stored_snapshot_of_an_older_generation_is_extended_never_used_as_it_is() {
    let (mut a, _b) = two_nodes().await;
    let file = known_file();
    let res = upload(&mut a, "bookings.csv", file.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let older = stored_snapshot_of(&a, 1).await;
    let header = file.lines().next().unwrap();
    let more =
        format!("{header}\n7,2026-03-02T09:00:00Z,Intake,Clio,SOLO,\"Austin, TX\",TX,Austin,,\n");
    let res = upload(&mut a, "more.csv", more.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(a.get("/api/trends").await.json()["total"], 7);
    // Generation 1's bytes under the current generation: refused (their header says 1), and the
    // node reads every row, then stores its own snapshot in their place.
    store_snapshot_bytes(&a, 2, &older);
    let mut c = new_node_beside(&a);
    assert_eq!(c.get("/api/trends").await.json()["total"], 7);
    let started = Instant::now();
    while matches!(stored_snapshots(&a).as_slice(), [(2, bytes)] if *bytes == older) {
        assert!(started.elapsed() < Duration::from_secs(10), "not replaced");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Generation 1's bytes under their own generation, as after a day's import, which stores
    // none: one row more is not worth it. With generation 1's six rows taken away behind every
    // index's back, a node that read the rows would count 1 and one that took the snapshot as it
    // is 6; a node counts the snapshot's six and the row added since.
    store_snapshot_bytes(&a, 1, &older);
    execute(
        &a,
        "DELETE FROM bookings WHERE id < (SELECT max(id) FROM bookings)",
    );
    let mut d = new_node_beside(&a);
    assert_eq!(d.get("/api/trends").await.json()["total"], 7);
}
