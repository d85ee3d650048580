//! A hub's schema as the operator meets it: a database holding another application's tables is
//! refused with nothing created, a migration that fails leaves nothing behind, a node serves with
//! a role that only reads and writes rows once the owner migrated, and `litstack check
//! --database-url` finds what a crash or a hand could leave. These always run on the throwaway
//! cluster.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use litstack::platform::store::PgStore;

use crate::bookings::{known_file, upload};
use crate::helpers::{TestApp, enter_runtime, fresh_database};
use crate::process::litstack;

/// Runs `statements` on the database at `url`.
fn sql(url: &str, statements: &str) {
    let _in_runtime = enter_runtime();
    let pg = PgStore::connect_as_is(url).unwrap();
    pg.run(sqlx::raw_sql(sqlx::AssertSqlSafe(statements.to_string())).execute(pg.pool()))
        .unwrap_or_else(|e| panic!("{statements}: {e}"));
}

/// Everything the connection's schema holds: relations (tables, indexes, sequences, views),
/// types and functions, by kind and name.
fn schema_objects(url: &str) -> Vec<String> {
    let _in_runtime = enter_runtime();
    let pg = PgStore::connect_as_is(url).unwrap();
    pg.run(
        sqlx::query_scalar(
            "SELECT kind || ' ' || name FROM ( \
               SELECT 'relation' AS kind, c.relname::text AS name FROM pg_class c \
                 JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() \
               UNION ALL SELECT 'type', t.typname::text FROM pg_type t \
                 JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = current_schema() \
               UNION ALL SELECT 'function', p.proname::text FROM pg_proc p \
                 JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema() \
             ) o ORDER BY 1",
        )
        .fetch_all(pg.pool()),
    )
    .unwrap()
}

/// Runs a command that must end by itself, within a minute; kills it and fails otherwise.
fn ends(mut command: Command) -> Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "still running after a minute: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// `litstack ARGS --database-url URL`: its exit code, standard output and standard error.
fn run(args: &[&str], url: &str) -> (Option<i32>, String, String) {
    let mut command = litstack();
    command.args(args).args(["--database-url", url]);
    let out = ends(command);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The same database URL for another role (the test cluster trusts every local role).
fn as_role(url: &str, role: &str) -> String {
    let other = url.replacen("postgres://postgres@", &format!("postgres://{role}@"), 1);
    assert_ne!(other, url, "the cluster URL names the postgres role: {url}");
    other
}

/// A role name of this test run's own: roles are the cluster's, not a database's.
fn role_name(what: &str) -> String {
    format!("{what}_{}", std::process::id())
}

#[test]
fn a_node_on_another_applications_database_exits_and_leaves_it_as_it_was() {
    let url = fresh_database();
    sql(
        &url,
        "CREATE TABLE orders (id serial PRIMARY KEY, total numeric); \
         CREATE TABLE customers (id bigint PRIMARY KEY, name text); \
         INSERT INTO customers VALUES (1, 'Acme');",
    );
    let before = schema_objects(&url);
    let dir = tempfile::tempdir().unwrap();
    let mut serve = litstack();
    serve
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--no-sample-data",
            "--data-dir",
        ])
        .arg(dir.path())
        .env("LITSTACK_DATABASE_URL", &url);
    let out = ends(serve);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("not Litstack's") && stderr.contains("customers, orders"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was changed"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(schema_objects(&url), before);
}

#[test]
fn a_migration_failing_midway_leaves_no_litstack_table() {
    let url = fresh_database();
    // Not a table (the schema counts as empty), but it takes the name of the table a late
    // migration makes: that migration fails after dozens of others have run.
    sql(&url, "CREATE TYPE profile_views AS (x int);");
    let before = schema_objects(&url);
    let (code, _, stderr) = run(&["migrate"], &url);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("profile_views") && stderr.contains("nothing was changed"),
        "{stderr}"
    );
    assert_eq!(schema_objects(&url), before, "{stderr}");

    // Once the obstacle is gone, the same command migrates, and a second one has nothing to do.
    sql(&url, "DROP TYPE profile_views;");
    let (code, stdout, stderr) = run(&["migrate"], &url);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("in one transaction"), "{stdout}");
    let (code, stdout, _) = run(&["migrate"], &url);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("already current"), "{stdout}");
}

/// The SQL docs/hub-mode.md gives for the two roles, for database `database` and roles named
/// `owner` and `node`: run as it stands but for the database's creation (the test made it).
fn documented_grants(database: &str, owner: &str, node: &str) -> String {
    let doc = include_str!("../../../docs/hub-mode.md");
    let block = doc
        .split("```sql\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/hub-mode.md has a sql block");
    let mut statements = String::new();
    for line in block.lines() {
        if line.starts_with("CREATE DATABASE") {
            statements.push_str(&format!(
                "ALTER DATABASE {database} OWNER TO litstack_owner;\n"
            ));
        } else if !line.starts_with("\\c ") {
            statements.push_str(line);
            statements.push('\n');
        }
    }
    assert!(
        statements.contains("GRANT SELECT, INSERT, UPDATE, DELETE"),
        "{statements}"
    );
    statements
        .replace("litstack_owner", owner)
        .replace("litstack_node", node)
        .replace("DATABASE litstack ", &format!("DATABASE {database} "))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_serves_with_a_role_that_only_reads_and_writes_rows() {
    let url = fresh_database();
    let database = url.split('?').next().unwrap().rsplit('/').next().unwrap();
    let (owner, role) = (role_name("owner"), role_name("rows_only"));
    // The grants come before the tables: the default privileges must reach what migrations make.
    sql(&url, &documented_grants(database, &owner, &role));
    let (code, _, stderr) = run(&["migrate"], &as_role(&url, &owner));
    assert_eq!(code, Some(0), "{stderr}");
    let node_url = as_role(&url, &role);
    let mut node = TestApp::with_config(|c| c.storage.database_url = Some(node_url));
    node.sign_up().await;
    let me = node.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    assert!(me.text().contains("ann@doe-law.com"), "{}", me.text());
    let profile = node.get("/api/firm").await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.text());
    // A bookings import (COPY, a temporary table for the rows it updates, the id sequence), twice.
    for _ in 0..2 {
        let res = upload(&mut node, "bookings.csv", known_file().as_bytes()).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    assert_eq!(node.get("/api/trends").await.json()["total"], 6);
    let saved = node
        .post(
            "/api/views",
            serde_json::json!({ "name": "Texas", "params": "state=TX" }),
        )
        .await;
    assert!(saved.status.is_success(), "{}", saved.text());
    // The check reads only: the serving role runs it too.
    let (code, stdout, stderr) = run(&["check"], &as_role(&url, &role));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
}

#[test]
fn a_node_whose_role_may_not_migrate_says_how_to_migrate() {
    let url = fresh_database();
    let role = role_name("cannot_migrate");
    sql(
        &url,
        &format!(
            "CREATE ROLE {role} LOGIN; REVOKE CREATE ON SCHEMA public FROM PUBLIC; \
             GRANT USAGE ON SCHEMA public TO {role};"
        ),
    );
    let before = schema_objects(&url);
    let (code, _, stderr) = run(&["migrate"], &as_role(&url, &role));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("the role {role} may not change the schema public")),
        "{stderr}"
    );
    assert!(
        stderr.contains("litstack migrate --database-url"),
        "{stderr}"
    );
    assert_eq!(schema_objects(&url), before);
}

#[tokio::test(flavor = "multi_thread")]
async fn check_passes_a_used_hub_and_names_a_row_whose_firm_does_not_exist() {
    let url = fresh_database();
    let mut node = TestApp::with_config({
        let url = url.clone();
        move |c| c.storage.database_url = Some(url)
    });
    node.sign_up().await;
    let token = node.invite("bea@doe-law.com", "member").await;
    assert!(!token.is_empty());
    let saved = node
        .post(
            "/api/views",
            serde_json::json!({ "name": "Texas", "params": "state=TX" }),
        )
        .await;
    assert!(saved.status.is_success(), "{}", saved.text());

    let (code, stdout, stderr) = run(&["check"], &url);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("problems: none"), "{stdout}");
    assert!(stdout.contains("current"), "{stdout}");
    assert!(stdout.contains("saved_views: 1 rows"), "{stdout}");

    // A row of a firm that does not exist, as a crash between two statements or a hand could
    // leave it.
    sql(
        &url,
        "INSERT INTO firm_mfa_required (firm_id, value) \
         VALUES (987654, '{\"required\": true, \"set_by\": 1, \"set_at\": 0}');",
    );
    let (code, stdout, stderr) = run(&["check"], &url);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("1 row(s) of firm_mfa_required name a firm that does not exist"),
        "{stdout}"
    );
    assert!(stderr.contains("firm_mfa_required"), "{stderr}");
}

#[test]
fn check_names_a_missing_table_and_a_sequence_behind_its_ids() {
    let url = fresh_database();
    let (code, _, stderr) = run(&["migrate"], &url);
    assert_eq!(code, Some(0), "{stderr}");
    sql(
        &url,
        "DROP TABLE firm_mfa_required; \
         INSERT INTO saved_views (firm_id, id, value) VALUES (1, 5, '{}');",
    );
    let (code, stdout, stderr) = run(&["check"], &url);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("the table firm_mfa_required is missing"),
        "{stdout}"
    );
    assert!(
        stdout.contains("saved_views.id the id 1, and 5 is taken"),
        "{stdout}"
    );
}

#[test]
fn check_on_a_database_that_is_not_litstacks_says_so_and_changes_nothing() {
    let url = fresh_database();
    sql(&url, "CREATE TABLE orders (id int);");
    let before = schema_objects(&url);
    let (code, stdout, stderr) = run(&["check"], &url);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("not Litstack's (orders)"), "{stdout}");
    assert_eq!(schema_objects(&url), before);
    // An empty one: nothing migrated yet, and the check migrates nothing either.
    let empty = fresh_database();
    let (code, stdout, _) = run(&["check"], &empty);
    assert_eq!(code, Some(1));
    assert!(stdout.contains("not applied yet"), "{stdout}");
    assert!(schema_objects(&empty).is_empty());
}
