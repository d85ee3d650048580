//! The generated sample set beside real bookings: what the trends routes count by default and on
//! request (`includeSample`, `sampleCount`, `hasRealData`), and its removal (the admin route and
//! `litstack sample remove`).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{Method, StatusCode, header};
use http_body_util::BodyExt;
use litstack::bookings::{SAMPLE_MARKER, generation};
use litstack::import::{Options, run};
use litstack::{AppState, Config};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::bookings::{known_file, upload};
use crate::helpers::{TestApp, TestResponse};
use crate::process::{litstack, start, succeeds};

/// Four sample bookings: two in Texas (Austin, Houston) and two in Los Angeles.
const SAMPLE_FILE: &str = "Id,Created Time,Category,City State,State,DMA,Firm Size\n\
s1,2026-01-07T10:00:00Z,Intake,\"Austin, TX\",TX,Austin,SOLO\n\
s2,2026-01-08T10:00:00Z,Intake,\"Houston, TX\",TX,Houston,E2_5\n\
s3,2026-02-01T10:00:00Z,Practice Management,\"Los Angeles, CA\",CA,Los Angeles,SOLO\n\
s4,2026-02-02T10:00:00Z,Practice Management,\"Los Angeles, CA\",CA,Los Angeles,E6_20\n";

/// Loads `SAMPLE_FILE` the way the first launch loads its sample set.
fn seed_small_sample(state: &AppState) {
    let options = Options {
        sample: true,
        marker: Some(SAMPLE_MARKER),
        expect: Some(litstack::import::Kind::Bookings),
        by: None,
        length: Some(SAMPLE_FILE.len() as u64),
    };
    let report = run(&state.sub(), SAMPLE_FILE.as_bytes(), options).unwrap();
    assert_eq!(report.inserted, 4, "{:?}", report.errors);
}

/// An admin (the first account) on an install holding only the four sample bookings.
async fn admin_with_sample() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up_as("Ada Admin", "ada@admin-law.com").await;
    seed_small_sample(&app.state);
    app
}

async fn import_real(app: &mut TestApp) {
    let res = upload(app, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 6, "{}", res.text());
}

async fn remove(app: &mut TestApp) -> TestResponse {
    app.call(Method::DELETE, "/api/admin/sample-bookings", None)
        .await
}

/// (total, sampleCount, hasRealData) of every trends route for one query string; the filter
/// options count every booking their view holds, so `state=` must not be part of `query` there.
async fn every_route(app: &mut TestApp, query: &str) -> Vec<(String, Value, Value, Value)> {
    let mut out = Vec::new();
    for path in [
        "/api/trends",
        "/api/trends/cities",
        "/api/demo-bookings",
        "/api/demo-bookings/cities",
    ] {
        let res = app.get(&format!("{path}?state=TX&{query}")).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
        let v = res.json();
        out.push((
            path.to_string(),
            v["total"].clone(),
            v["sampleCount"].clone(),
            v["hasRealData"].clone(),
        ));
    }
    out
}

fn expect(total: u64, sample: u64, real: bool) -> Vec<(String, Value, Value, Value)> {
    [
        "/api/trends",
        "/api/trends/cities",
        "/api/demo-bookings",
        "/api/demo-bookings/cities",
    ]
    .iter()
    .map(|p| (p.to_string(), json!(total), json!(sample), json!(real)))
    .collect()
}

async fn options(app: &mut TestApp, query: &str) -> Value {
    let res = app
        .get(&format!("/api/demo-bookings/filter-options?{query}"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

/// How many bookings and booking identities are stored (each booking has exactly one identity).
fn stored(state: &AppState) -> (u64, u64) {
    litstack::bookings::storage::stored_counts(&state.store).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn sample_rows_are_counted_while_no_real_booking_exists_and_say_so() {
    // Arrange
    let mut app = admin_with_sample().await;

    // Act
    let default = every_route(&mut app, "").await;
    let asked = every_route(&mut app, "includeSample=true").await;
    let left_out = every_route(&mut app, "includeSample=false").await;
    let all = app.get("/api/trends").await.json();

    // Assert: the two Texas sample rows are the whole of every Texas figure.
    assert_eq!(default, expect(2, 2, false));
    assert_eq!(asked, expect(2, 2, false));
    assert_eq!(left_out, expect(0, 0, false));
    assert_eq!(all["total"], 4);
    assert_eq!(all["sampleCount"], all["total"]);
    assert_eq!(all["hasSampleData"], true);
    let o = options(&mut app, "").await;
    assert_eq!(o["states"], json!(["CA", "TX"]));
    assert_eq!(o["sampleCount"], 4);
    assert_eq!(
        options(&mut app, "includeSample=false").await["states"],
        json!([])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn after_a_real_import_sample_rows_are_left_out_unless_asked_for() {
    // Arrange
    let mut app = admin_with_sample().await;
    import_real(&mut app).await;

    // Act
    let default = every_route(&mut app, "").await;
    let explicit = every_route(&mut app, "includeSample=false").await;
    let asked = every_route(&mut app, "includeSample=true").await;

    // Assert: Texas has 4 real bookings and 2 sample ones.
    assert_eq!(default, expect(4, 0, true));
    assert_eq!(explicit, expect(4, 0, true));
    assert_eq!(app.get("/api/trends").await.json()["hasSampleData"], true);
    assert_eq!(asked, expect(6, 2, true));
    let t = app.get("/api/trends").await.json();
    assert_eq!(
        (t["total"].clone(), t["sampleCount"].clone()),
        (json!(6), json!(0))
    );
    let t = app.get("/api/trends?includeSample=true").await.json();
    assert_eq!(
        (t["total"].clone(), t["sampleCount"].clone()),
        (json!(10), json!(4))
    );
    let ca = app
        .get("/api/trends?includeSample=true&state=CA&firmSize=SOLO")
        .await
        .json();
    assert_eq!(
        (ca["total"].clone(), ca["sampleCount"].clone()),
        (json!(1), json!(1))
    );
    let cities = app
        .get("/api/trends/cities?state=TX&includeSample=true")
        .await
        .json();
    assert_eq!(
        cities["cities"],
        json!([
            {"city": "Austin", "count": 3},
            {"city": "Houston", "count": 2},
            {"city": "Dallas", "count": 1}
        ])
    );
    let page = app
        .get("/api/demo-bookings?includeSample=true")
        .await
        .json();
    let samples = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["sample"] == true)
        .count();
    assert_eq!(samples, 4, "every sample row is listed, marked");
    assert!(
        app.get("/api/demo-bookings").await.json()["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["sample"] == false)
    );
    let o = options(&mut app, "").await;
    assert_eq!(
        (o["states"].clone(), o["sampleCount"].clone()),
        (json!(["FL", "TX"]), json!(0))
    );
    let o = options(&mut app, "includeSample=true").await;
    assert_eq!(
        (o["states"].clone(), o["sampleCount"].clone()),
        (json!(["CA", "FL", "TX"]), json!(4))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn include_sample_must_be_true_or_false() {
    let mut app = admin_with_sample().await;
    for path in [
        "/api/trends",
        "/api/trends/cities",
        "/api/demo-bookings",
        "/api/demo-bookings/cities",
        "/api/demo-bookings/filter-options",
    ] {
        for bad in ["maybe", "1", "TRUE", "yes"] {
            let res = app
                .get(&format!("{path}?state=TX&includeSample={bad}"))
                .await;
            let res = if path.ends_with("filter-options") {
                app.get(&format!("{path}?includeSample={bad}")).await
            } else {
                res
            };
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "{path} {bad}");
            assert_eq!(res.error(), "includeSample must be true or false");
        }
        // Empty is the same as absent, as for every query parameter.
        let empty = if path.ends_with("filter-options") {
            format!("{path}?includeSample=")
        } else {
            format!("{path}?state=TX&includeSample=")
        };
        assert_eq!(app.get(&empty).await.status, StatusCode::OK, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn removing_the_sample_set_keeps_the_real_totals_and_a_second_removal_changes_nothing() {
    // Arrange
    let mut app = admin_with_sample().await;
    import_real(&mut app).await;
    let before = app.get("/api/trends").await.json();
    assert_eq!(stored(&app.state), (10, 10));

    // Act
    let first = remove(&mut app).await;
    let generation_after_first = generation(&app.state.store).unwrap();
    let second = remove(&mut app).await;

    // Assert
    assert_eq!(first.status, StatusCode::NO_CONTENT, "{}", first.text());
    assert!(first.body.is_empty());
    assert_eq!(second.status, StatusCode::NO_CONTENT, "{}", second.text());
    assert_eq!(
        generation(&app.state.store).unwrap(),
        generation_after_first,
        "nothing written the second time"
    );
    let after = app.get("/api/trends").await.json();
    assert_eq!(after["total"], before["total"]);
    assert_eq!(after["categoryCounts"], before["categoryCounts"]);
    assert_eq!(after["stateCounts"], before["stateCounts"]);
    assert_eq!(
        (
            before["hasSampleData"].clone(),
            after["hasSampleData"].clone()
        ),
        (json!(true), json!(false))
    );
    assert_eq!(
        every_route(&mut app, "includeSample=true").await,
        expect(4, 0, true)
    );
    let o = options(&mut app, "includeSample=true").await;
    assert_eq!(
        (o["states"].clone(), o["sampleCount"].clone()),
        (json!(["FL", "TX"]), json!(0))
    );
    assert_eq!(
        stored(&app.state),
        (6, 6),
        "the identities went with the rows"
    );
    let sets = app.state.bookings.load();
    assert_eq!((sets.real.len(), sets.sample.len()), (6, 0));
    // Real rows imported again are recognised, not duplicated.
    let again = upload(&mut app, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(again.json()["inserted"], 0, "{}", again.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn removing_the_sample_set_of_an_install_without_real_data_empties_the_trends() {
    let mut app = admin_with_sample().await;
    assert_eq!(remove(&mut app).await.status, StatusCode::NO_CONTENT);
    let t = app.get("/api/trends").await.json();
    assert_eq!(
        (t["total"].clone(), t["sampleCount"].clone()),
        (json!(0), json!(0))
    );
    assert_eq!(t["hasRealData"], false);
    assert_eq!(stored(&app.state), (0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn only_admins_may_remove_the_sample_set() {
    // Arrange: the first account is the admin; the second is not.
    let mut app = admin_with_sample().await;
    app.sign_up().await;

    // Act
    let as_user = remove(&mut app).await;
    app.cookie = None;
    let anonymous = remove(&mut app).await;

    // Assert
    assert_eq!(as_user.status, StatusCode::FORBIDDEN);
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.state.bookings.load().sample.len(), 4);
    assert_eq!(stored(&app.state), (4, 4));
}

#[test]
fn a_restart_after_the_removal_never_seeds_the_sample_set_again() {
    // Arrange: a first launch with the real sample set, then real bookings.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let open = || {
        let mut config = Config::for_data_dir(&data);
        config.sample_data = true;
        AppState::open(config).unwrap()
    };
    let state = open();
    assert_eq!(
        state.bookings.load().sample.len(),
        litstack::bookings::SAMPLE_ROWS as usize
    );
    run(&state.sub(), known_file().as_bytes(), Options::default()).unwrap();

    // Act
    let removed = litstack::bookings::sample::remove(&state.sub()).unwrap();
    drop(state);
    // The snapshot is written after the removal's answer, as a command waits for it before exiting.
    litstack::bookings::lifecycle::finish_snapshots();
    let restarted = open();

    // Assert: from the snapshot, and from redb without it.
    assert_eq!(removed, litstack::bookings::SAMPLE_ROWS);
    let sets = restarted.bookings.load();
    assert_eq!((sets.real.len(), sets.sample.len()), (6, 0));
    drop(sets);
    drop(restarted);
    std::fs::remove_file(litstack::bookings::snapshot::path(&data)).unwrap();
    let rebuilt = open();
    let sets = rebuilt.bookings.load();
    assert_eq!((sets.real.len(), sets.sample.len()), (6, 0));
    assert_eq!(stored(&rebuilt), (6, 6));
}

/// A request whose body the test sends piece by piece.
fn streamed_upload(
    app: &TestApp,
) -> (
    http_body_util::channel::Sender<Bytes>,
    axum::http::Request<Body>,
) {
    let (tx, body) = http_body_util::channel::Channel::<Bytes>::new(4);
    let req = app
        .request(Method::POST, "/api/admin/demo-bookings/import")
        .header(
            header::CONTENT_TYPE,
            "multipart/form-data; boundary=streamedboundary",
        )
        .body(Body::new(body))
        .unwrap();
    (tx, req)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removal_during_an_import_and_the_import_both_land_whole() {
    // Arrange: an upload that has sent its header and first rows, and no more yet. (A file this
    // small is held whole before the import takes the writers' turn, so the removal need not wait
    // for the upload; either order leaves both whole.)
    let mut app = admin_with_sample().await;
    let (mut tx, req) = streamed_upload(&app);
    let file = known_file();
    let (head, rest) = file.split_at(file.find("\n3,").unwrap() + 1);
    let import = tokio::spawn(app.router.clone().oneshot(req));
    tx.send_data(Bytes::from(format!(
        "--streamedboundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{head}"
    )))
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Act: the removal starts while the upload is still arriving.
    let removal = tokio::spawn(
        app.router.clone().oneshot(
            app.request(Method::DELETE, "/api/admin/sample-bookings")
                .body(Body::empty())
                .unwrap(),
        ),
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    tx.send_data(Bytes::from(format!("{rest}\r\n--streamedboundary--\r\n")))
        .await
        .unwrap();
    drop(tx);
    let imported = import.await.unwrap().unwrap();
    let removed = removal.await.unwrap().unwrap();

    // Assert
    assert_eq!(imported.status(), StatusCode::OK);
    let report: Value =
        serde_json::from_slice(&imported.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert_eq!(report["inserted"], 6, "{report}");
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let sets = app.state.bookings.load();
    assert_eq!((sets.real.len(), sets.sample.len()), (6, 0));
    assert_eq!(stored(&app.state), (6, 6));
    let t = app.get("/api/trends?includeSample=true").await.json();
    assert_eq!(
        (t["total"].clone(), t["sampleCount"].clone()),
        (json!(6), json!(0))
    );
}

#[test]
fn the_command_line_removes_the_sample_set_only_with_the_server_stopped() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let state = AppState::open(Config::for_data_dir(&data)).unwrap();
        seed_small_sample(&state);
        run(&state.sub(), known_file().as_bytes(), Options::default()).unwrap();
    }
    let remove = || {
        let mut cmd = litstack();
        cmd.args(["sample", "remove", "--data-dir"]).arg(&data);
        cmd
    };

    // Act / Assert: refused while a server holds the data, then done once, then nothing to do.
    {
        let _server = start(&data, &[]);
        let out = remove().output().unwrap();
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("another Litstack process is already using the data directory"),
            "{stderr}"
        );
    }
    assert_eq!(succeeds(&mut remove()), "Removed 4 sample bookings.\n");
    assert_eq!(
        succeeds(&mut remove()),
        "There are no sample bookings to remove.\n"
    );
    let state = AppState::open(Config::for_data_dir(&data)).unwrap();
    let sets = state.bookings.load();
    assert_eq!((sets.real.len(), sets.sample.len()), (6, 0));
    assert_eq!(stored(&state), (6, 6));
}
