//! The shared catalog through the API: the operator sets where the feed comes from (an https
//! address, or a file in the data directory) and pulls it; a member cannot; a refused file
//! changes nothing; an install serves its own signed file.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::TestApp;
use litstack::catalog_feed::{Publication, SecretKey, publish};

/// A publisher's install of its own, its key, and the feed file it wrote.
struct Publisher {
    app: TestApp,
    key: SecretKey,
    dir: tempfile::TempDir,
}

impl Publisher {
    fn new() -> Publisher {
        Publisher {
            app: TestApp::new(),
            key: SecretKey::generate(),
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// Publishes the next version to `name` in its directory; answers the file's path.
    fn publish(&self, name: &str) -> String {
        let (envelope, _) = publish(
            &self.app.state.store,
            &Publication {
                feed: "litstack-main".into(),
                expires_in_days: 30,
                key: &self.key,
                also_trust: Vec::new(),
                revoke: Vec::new(),
            },
        )
        .unwrap();
        let path = self.dir.path().join(name);
        std::fs::write(&path, envelope.to_bytes()).unwrap();
        path.to_string_lossy().into_owned()
    }
}

/// Copies the published `file` into `app`'s data directory, where the operator's screen may read
/// it; answers its path there.
fn placed_in(app: &TestApp, file: &str) -> String {
    let dir = app.data_dir();
    let name = std::path::Path::new(file).file_name().unwrap();
    let placed = std::path::absolute(dir.join(name)).unwrap();
    std::fs::copy(file, &placed).unwrap();
    placed.to_string_lossy().into_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operator_follows_a_feed_and_a_refused_file_changes_nothing() {
    let publisher = Publisher::new();
    let mut app = TestApp::new();
    app.sign_up().await;
    // On PostgreSQL too the install has a data directory: the one place its screen reads files.
    let data_dir = std::path::absolute(app.data_dir()).unwrap();
    std::fs::create_dir_all(&data_dir).unwrap();
    let in_data = |name: &str| data_dir.join(name).to_string_lossy().into_owned();

    let empty = app.get("/api/admin/catalog-feed").await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.text());
    assert_eq!(empty.json()["applied"], json!(null));
    assert_eq!(empty.json()["servesFeed"], json!(false));
    let pull = app.post("/api/admin/catalog-feed/pull", json!({})).await;
    assert_eq!(pull.status, StatusCode::BAD_REQUEST);
    assert_eq!(pull.json()["error"], "Set the feed's source first");

    // Bad settings are refused with what to fix.
    for (body, says) in [
        (
            json!({"source": "ftp://hub.example/feed", "publicKey": null, "schedule": "never"}),
            "absolute path",
        ),
        (
            json!({"source": "relative/feed.json", "publicKey": null, "schedule": "never"}),
            "absolute path",
        ),
        (
            json!({"source": "javascript:alert(1)", "publicKey": null, "schedule": "never"}),
            "absolute path",
        ),
        // A file elsewhere on the server, or reached through "..": the screen reads none.
        (
            json!({"source": "/etc/passwd", "publicKey": null, "schedule": "never"}),
            "is not in the data directory",
        ),
        (
            json!({"source": in_data("../../../etc/passwd"), "publicKey": null, "schedule": "never"}),
            "is not in the data directory",
        ),
        // Plain http only to a host the install names in --fetch-private-hosts.
        (
            json!({"source": "http://hub.example.com/api/catalog/feed", "publicKey": null, "schedule": "never"}),
            "must start with https://",
        ),
        (
            json!({"source": in_data("feed.json"), "publicKey": "ed25519:12", "schedule": "never"}),
            "64 hexadecimal digits",
        ),
        (
            json!({"source": null, "publicKey": null, "schedule": "daily"}),
            "A schedule needs",
        ),
        (
            json!({"source": in_data("feed.json"), "schedule": "hourly", "publicKey": null}),
            "schedule",
        ),
    ] {
        let res = app
            .call(Method::PUT, "/api/admin/catalog-feed", Some(body.clone()))
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            res.text()
        );
        let error = res.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(says), "{body}: {error}");
    }

    let v1 = placed_in(&app, &publisher.publish("v1.json"));
    let key = publisher.key.public().to_string();
    let set = app
        .call(
            Method::PUT,
            "/api/admin/catalog-feed",
            Some(json!({"source": v1, "publicKey": key, "schedule": "weekly"})),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    assert_eq!(set.json()["schedule"], "weekly");
    let pulled = app.post("/api/admin/catalog-feed/pull", json!({})).await;
    assert_eq!(pulled.status, StatusCode::OK, "{}", pulled.text());
    assert_eq!(
        pulled.json()["message"],
        "Applied version 1 of \"litstack-main\": 0 vendors added, 0 updated."
    );
    let status = app.get("/api/admin/catalog-feed").await.json();
    assert_eq!(status["applied"]["version"], 1);
    assert_eq!(status["stale"], false);
    assert_eq!(status["lastAttempt"]["ok"], true);

    // A tampered copy of the next version: refused, the catalog as it was, the attempt recorded.
    let vendors_before = format!("{:?}", app.state.catalog.load().vendors);
    let v2 = publisher.publish("v2.json");
    let text = std::fs::read_to_string(&v2).unwrap();
    let tampered = data_dir.join("tampered.json");
    std::fs::write(&tampered, text.replacen("Avvo", "Avvx", 1)).unwrap();
    app.call(
        Method::PUT,
        "/api/admin/catalog-feed",
        Some(json!({"source": tampered, "publicKey": key, "schedule": "never"})),
    )
    .await;
    let refused = app.post("/api/admin/catalog-feed/pull", json!({})).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let error = refused.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("changed after it was signed") && error.contains("Nothing was applied"),
        "{error}"
    );
    assert_eq!(
        format!("{:?}", app.state.catalog.load().vendors),
        vendors_before
    );
    let status = app.get("/api/admin/catalog-feed").await.json();
    assert_eq!(status["applied"]["version"], 1);
    assert_eq!(status["lastAttempt"]["ok"], false);
    assert_eq!(status["lastAttempt"]["message"], error);

    // A source that is not there says so.
    let nowhere = in_data("nonexistent/feed.json");
    let set = app
        .call(
            Method::PUT,
            "/api/admin/catalog-feed",
            Some(json!({"source": nowhere, "publicKey": key, "schedule": "never"})),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    let missing = app.post("/api/admin/catalog-feed/pull", json!({})).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    let error = missing.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.starts_with(&format!("Cannot read {nowhere}")),
        "{error}"
    );

    // A link in the data directory that leads out of it is not followed: not to a device
    // (which would never end), not to another file of the server.
    for (name, target) in [("zero.json", "/dev/zero"), ("passwd.json", "/etc/passwd")] {
        let link = data_dir.join(name);
        std::os::unix::fs::symlink(target, &link).unwrap();
        let set = app
            .call(
                Method::PUT,
                "/api/admin/catalog-feed",
                Some(json!({"source": link, "publicKey": key, "schedule": "never"})),
            )
            .await;
        assert_eq!(set.status, StatusCode::OK, "{}", set.text());
        let refused = app.post("/api/admin/catalog-feed/pull", json!({})).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        let error = refused.json()["error"].as_str().unwrap().to_string();
        assert!(
            error.ends_with("leads out of the data directory: put the feed file itself there"),
            "{error}"
        );
    }
    // A directory is not a file.
    let set = app
        .call(
            Method::PUT,
            "/api/admin/catalog-feed",
            Some(json!({"source": in_data(""), "publicKey": key, "schedule": "never"})),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    let directory = app.post("/api/admin/catalog-feed/pull", json!({})).await;
    assert_eq!(directory.status, StatusCode::BAD_REQUEST);
    let error = directory.json()["error"].as_str().unwrap().to_string();
    assert!(error.ends_with("is not a file"), "{error}");

    // An open choice that is not there.
    let gone = app
        .post(
            "/api/admin/catalog-feed/choices",
            json!({"vendorId": 43, "fact": "bookingLink", "keep": "feed"}),
        )
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn only_the_operator_reaches_the_feed_settings() {
    let mut app = TestApp::new();
    app.sign_up_as("Ada Admin", "ada@admin-law.com").await;
    let token = app.invite("mo@admin-law.com", "member").await;
    let res = app.join(&token, "Mo Member", "mo@admin-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    for (method, path, body) in [
        (Method::GET, "/api/admin/catalog-feed", None),
        (
            Method::PUT,
            "/api/admin/catalog-feed",
            Some(json!({"source": null, "publicKey": null, "schedule": "never"})),
        ),
        (
            Method::POST,
            "/api/admin/catalog-feed/pull",
            Some(json!({})),
        ),
        (
            Method::POST,
            "/api/admin/catalog-feed/choices",
            Some(json!({"vendorId": 1, "fact": "website", "keep": "feed"})),
        ),
    ] {
        let res = app.call(method.clone(), path, body).await;
        assert_eq!(
            res.status,
            StatusCode::FORBIDDEN,
            "{method} {path}: {}",
            res.text()
        );
    }
    app.sign_out().await;
    let res = app.get("/api/admin/catalog-feed").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_install_serves_the_signed_file_its_publisher_placed() {
    let publisher = Publisher::new();
    let file = publisher.publish("served.json");
    let served = std::path::PathBuf::from(&file);
    let mut hub = TestApp::with_config(|c| c.catalog_feed_file = Some(served));
    // No session needed: catalog facts only, no person.
    let res = hub.get("/api/catalog/feed").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.headers["content-type"], "application/json");
    assert_eq!(res.body, std::fs::read(&file).unwrap());

    let mut plain = TestApp::new();
    let res = plain.get("/api/catalog/feed").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        res.json()["error"],
        "This install publishes no catalog feed."
    );
}

/// The whole path on the real binary: a key made, a catalog published offline, served by one
/// install over HTTP and pulled by another's command line; a wrong key and a re-sent version.
#[test]
fn a_catalog_published_on_the_command_line_is_served_over_http_and_pulled() {
    use crate::process::{fails, litstack, start, succeeds};
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("feed.key");
    let printed = succeeds(litstack().args(["catalog", "keygen", "--out"]).arg(&key));
    let public = printed.lines().last().unwrap().trim().to_string();
    assert!(public.starts_with("ed25519:"), "{printed}");
    let (code, err) = fails(litstack().args(["catalog", "keygen", "--out"]).arg(&key));
    assert!(code != 0 && err.contains("never overwritten"), "{err}");

    let feed = dir.path().join("feed.json");
    let hub_dir = dir.path().join("hub");
    let out = succeeds(
        litstack()
            .args(["catalog", "publish", "--feed", "litstack-main", "--key"])
            .arg(&key)
            .arg("--out")
            .arg(&feed)
            .arg("--data-dir")
            .arg(&hub_dir),
    );
    assert!(
        out.starts_with("Published version 1 of \"litstack-main\""),
        "{out}"
    );
    let hub = start(&hub_dir, &["--catalog-feed-file", feed.to_str().unwrap()]);
    let url = format!("{}/api/catalog/feed", hub.url.trim_end_matches('/'));

    let laptop = dir.path().join("laptop");
    let other = SecretKey::generate().public().to_string();
    // Plain http to loopback only when the command names the host; then a wrong key.
    let (code, err) = fails(
        litstack()
            .args([
                "catalog",
                "pull",
                &url,
                "--public-key",
                &other,
                "--data-dir",
            ])
            .arg(&laptop),
    );
    assert!(
        code != 0 && err.contains("must start with https://"),
        "{err}"
    );
    let (code, err) = fails(
        litstack()
            .args([
                "catalog",
                "pull",
                &url,
                "--fetch-private-hosts",
                "127.0.0.1",
                "--public-key",
                &other,
                "--data-dir",
            ])
            .arg(&laptop),
    );
    assert!(code != 0 && err.contains("check the public key"), "{err}");
    let out = succeeds(
        litstack()
            .args([
                "catalog",
                "pull",
                &url,
                "--fetch-private-hosts",
                "127.0.0.1",
                "--public-key",
                &public,
                "--data-dir",
            ])
            .arg(&laptop),
    );
    assert_eq!(
        out.trim(),
        "Applied version 1 of \"litstack-main\": 0 vendors added, 0 updated."
    );
    let out = succeeds(
        litstack()
            .args(["catalog", "pull", &url, "--data-dir"])
            .env("LITSTACK_FETCH_PRIVATE_HOSTS", "127.0.0.1")
            .arg(&laptop),
    );
    assert!(out.contains("applied already"), "{out}");
}
