//! Hub mode's start-up on PostgreSQL: the database URL, an unreachable server, and a database
//! migrated by a newer binary. These always run on the throwaway cluster.

use litstack::platform::store::{OpenError, Store};

use crate::helpers::{cluster_url, enter_runtime, fresh_database};

fn config_for(url: &str) -> litstack::Config {
    let dir = std::env::temp_dir().join(format!("litstack-hub-{}", std::process::id()));
    let mut config = litstack::Config::for_data_dir(dir);
    config.storage.database_url = Some(url.into());
    config
}

fn open_error(url: &str) -> OpenError {
    let _in_runtime = enter_runtime();
    match Store::open(&config_for(url), &litstack::registry::seam_tables()) {
        Ok(_) => panic!("{url} opened"),
        Err(e) => e,
    }
}

#[test]
fn a_url_that_does_not_parse_is_refused_with_an_example() {
    let message = open_error("postgres://user@host:notaport/db").to_string();
    assert!(message.contains("does not parse"), "{message}");
    assert!(
        message.contains("postgres://user:password@host:5432/litstack"),
        "{message}"
    );
}

#[test]
fn a_server_that_does_not_answer_is_named_without_the_password() {
    // Port 1 on loopback: nothing listens there.
    let message = open_error("postgres://litstack:s3cret@127.0.0.1:1/litstack").to_string();
    assert!(
        message.contains("127.0.0.1/litstack does not answer"),
        "{message}"
    );
    assert!(!message.contains("s3cret"), "{message}");
}

#[test]
fn the_schema_is_migrated_once_and_a_newer_one_is_refused() {
    let url = fresh_database();
    // Two nodes starting together: the advisory lock lets one migrate, the other waits.
    std::thread::scope(|s| {
        let open = || {
            let _in_runtime = enter_runtime();
            Store::open(&config_for(&url), &litstack::registry::seam_tables()).map(|_| ())
        };
        let (a, b) = (s.spawn(open), s.spawn(open));
        a.join().unwrap().unwrap();
        b.join().unwrap().unwrap();
    });
    let _in_runtime = enter_runtime();
    let Store::Postgres(pg) =
        Store::open(&config_for(&url), &litstack::registry::seam_tables()).unwrap()
    else {
        panic!("not PostgreSQL")
    };
    // A migration this binary does not know, as a newer binary would have left it.
    pg.run(
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (99990101000000, 'from the future', true, '\\x00', 0)",
        )
        .execute(pg.pool()),
    )
    .unwrap();
    drop(pg);
    let message = open_error(&url).to_string();
    assert!(
        message.contains("migrated by a newer Litstack"),
        "{message}"
    );
    let _ = cluster_url();
}

/// A new hub's first start makes every table the registry declares on the storage seam, with its
/// id sequence and its indexes, before anyone writes: a role that may only read and write rows, the
/// export to PostgreSQL and `litstack check` find them all (tables born on the seam, like the demo
/// requests', have no migration file of their own).
#[test]
fn the_first_start_makes_every_declared_seam_table() {
    let url = fresh_database();
    let _in_runtime = enter_runtime();
    let Store::Postgres(pg) =
        Store::open(&config_for(&url), &litstack::registry::seam_tables()).unwrap()
    else {
        panic!("not PostgreSQL")
    };
    let mut wanted: Vec<String> = Vec::new();
    for table in litstack::registry::seam_tables() {
        wanted.push(table.name().to_string());
        wanted.extend(table.sequence().map(|s| format!("seq_{s}")));
        wanted.extend(table.indexes().iter().map(|i| i.name.to_string()));
    }
    assert!(
        wanted.iter().any(|w| w == "vendor_join_asks_by_vendor"),
        "{wanted:?}"
    );
    let missing: Vec<String> = pg
        .run(
            sqlx::query_scalar(
                "SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NULL",
            )
            .bind(&wanted)
            .fetch_all(pg.pool()),
        )
        .unwrap();
    assert_eq!(missing, Vec::<String>::new());
}

/// A firm's redb install, used for a while, then copied into a hub: every table's rows arrive, the
/// same session cookie still signs in, and every screen's answer is the same.
#[tokio::test(flavor = "multi_thread")]
async fn an_install_copied_into_postgresql_answers_as_it_did() {
    use axum::http::{Method, StatusCode};
    use serde_json::json;

    use crate::helpers::TestApp;

    let mut firm = TestApp::on_file();
    firm.sign_up().await;
    firm.complete_onboarding().await;
    let res = crate::bookings::upload(
        &mut firm,
        "bookings.csv",
        crate::bookings::known_file().as_bytes(),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = firm
        .call(
            Method::PUT,
            "/api/shortlist/12",
            Some(json!({ "status": "Demo booked", "demoDate": "2026-03-10" })),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let prefs = json!({ "demoFollowUp": { "email": false, "inApp": true } });
    let res = firm
        .call(Method::PUT, "/api/me/notifications", Some(prefs))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = firm
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": 2, "hasTool": false }] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = firm
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let view = json!({ "name": "Texas", "params": "state=TX" });
    let res = firm.post("/api/views", view).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let screens = [
        "/api/auth/me",
        "/api/profile",
        "/api/trends",
        "/api/trends?state=TX",
        "/api/demo-bookings",
        "/api/vendors",
        "/api/shortlist",
        "/api/me/notifications",
        "/api/profile/category-adoption",
        "/api/recommendations/overview",
        "/api/past-recommendations",
        "/api/vendors/12",
        "/api/views",
    ];
    let mut before = Vec::new();
    for path in screens {
        let res = firm.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
        before.push(res.json());
    }
    let cookie = firm.cookie.clone();
    let data_dir = firm.data_dir();
    let _kept = firm.shut_down();

    let url = fresh_database();
    // The export is a command-line step, run outside any async runtime: here on a blocking
    // thread, so the test's runtime is never the one it blocks.
    let export = {
        let (data_dir, url) = (data_dir.clone(), url.clone());
        move || litstack::export::to_postgres(&data_dir, &url)
    };
    let counts = tokio::task::spawn_blocking(export.clone())
        .await
        .unwrap()
        .unwrap();
    for table in [
        "users",
        "sessions",
        "onboarding",
        "vendors",
        "shortlist",
        "bookings",
        "saved_views",
    ] {
        let c = counts
            .iter()
            .find(|c| c.table == table)
            .unwrap_or_else(|| panic!("{table} not copied"));
        assert!(c.source > 0 && c.source == c.copied, "{c:?}");
    }
    // The planner has the copied tables' statistics (a table never analyzed counts -1 rows).
    {
        use sqlx::Connection as _;
        let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
        let never: Vec<String> = sqlx::query_scalar(
            "SELECT relname::text FROM pg_class WHERE relname IN ('bookings', 'users', 'vendors') \
             AND reltuples < 0",
        )
        .fetch_all(&mut db)
        .await
        .unwrap();
        assert!(never.is_empty(), "not analyzed: {never:?}");
    }
    // A second export into the same database is refused: it would mix two installs.
    let again = tokio::task::spawn_blocking(export)
        .await
        .unwrap()
        .unwrap_err()
        .to_string();
    assert!(again.contains("already holds Litstack data"), "{again}");

    let mut hub = TestApp::with_config(|c| c.storage.database_url = Some(url));
    hub.cookie = cookie;
    for (path, was) in screens.iter().zip(before) {
        let res = hub.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
        assert_eq!(res.json(), was, "{path}");
    }
    // Ids go on from the file's: a new user is not given an old one's id.
    hub.cookie = None;
    let res = hub.sign_up_as("Bo Doe", "bo@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(hub.get("/api/auth/me").await.json()["user"]["id"], 2);
}

#[test]
fn an_export_names_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let _in_runtime = enter_runtime();
    let message = litstack::export::to_postgres(dir.path(), &fresh_database())
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("there is no Litstack database in"),
        "{message}"
    );
}

/// The command as an operator runs it: a bad URL or a database that does not answer ends the
/// start with a message and exit code 1, never a panic.
#[test]
fn serve_with_a_bad_database_url_exits_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    for (url, expected) in [
        ("mysql://nope", "does not parse"),
        (
            "postgres://litstack:pw@127.0.0.1:1/litstack",
            "does not answer",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_litstack"))
            .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
            .arg(dir.path())
            .env("LITSTACK_DATABASE_URL", url)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{url}: {stderr}");
        assert!(stderr.contains(expected), "{url}: {stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains(":pw@"),
            "{stderr}"
        );
    }
}

/// `LITSTACK_DATABASE_URL=` (blank, as env files leave it) means no hub: the data directory's file.
#[test]
fn a_blank_database_url_serves_from_the_data_directory() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_litstack"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--no-sample-data",
            "--data-dir",
        ])
        .arg(dir.path())
        .env("LITSTACK_DATABASE_URL", "  ")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(first.starts_with("Litstack is serving at"), "{first}");
    assert!(dir.path().join("litstack.redb").is_file());
}
