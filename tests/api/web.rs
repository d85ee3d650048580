use axum::http::{Method, StatusCode, header};
use litstack::accounts::FirmId;
use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test]
async fn client_routes_get_the_app_and_assets_are_cached_for_good() {
    let mut app = TestApp::new();
    for path in ["/", "/trends", "/matches?categoryId=3", "/auth/sign-in"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        assert!(res.text().contains("<!doctype html>") || res.text().contains("<!DOCTYPE html>"));
        assert_eq!(res.headers[header::CACHE_CONTROL], "no-cache");
        assert_eq!(res.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(res.headers.contains_key(header::CONTENT_SECURITY_POLICY));
    }
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_app() {
    let mut app = TestApp::new();
    let res = app.get("/assets/missing-1234.js").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn path_traversal_finds_nothing_outside_the_bundle() {
    let mut app = TestApp::new();
    for path in [
        "/assets/../../Cargo.toml",
        "/../Cargo.toml",
        "/assets/..%2f..%2fCargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/assets/..\\..\\Cargo.toml",
    ] {
        let res = app.get(path).await;
        assert!(!res.text().contains("[package]"), "{path} leaked a file");
        assert_ne!(res.status, StatusCode::INTERNAL_SERVER_ERROR, "{path}");
    }
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app.get("/api/nothing-here").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), "No API endpoint GET /api/nothing-here");
    assert_eq!(res.headers[header::CACHE_CONTROL], "no-store");
}

#[tokio::test]
async fn api_answers_are_compressed_when_asked() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let req = app
        .request(Method::GET, "/api/vendors?pageSize=100")
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(axum::body::Body::empty())
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers[header::CONTENT_ENCODING], "gzip");
}

#[tokio::test]
async fn a_state_change_from_a_foreign_origin_is_refused() {
    let mut app = TestApp::new();
    let req = app
        .request(Method::POST, "/api/auth/sign-up")
        .header(header::ORIGIN, "https://evil.example")
        .header(header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::from(
            json!({"name":"A","email":"a@b.com","password":"ample-harbor-lantern","lawFirm":"F"})
                .to_string(),
        ))
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(res.error().contains("another site"));
    assert_eq!(app.cookie, None);
}

#[tokio::test]
async fn a_second_server_on_the_same_data_directory_is_refused_clearly() {
    let app = TestApp::on_file();
    let err = match litstack::AppState::open(litstack::Config::for_data_dir(app.data_dir())) {
        Ok(_) => panic!("a second open must fail"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.contains("another Litstack process is already using"),
        "{err}"
    );
}

#[tokio::test]
async fn an_admin_downloads_a_backup_that_opens_and_passes_its_integrity_check() {
    let mut app = TestApp::on_file();
    app.sign_up().await;
    app.complete_onboarding().await;
    let res = app.get("/api/admin/backup").await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.headers[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("litstack-backup-")
    );
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.redb");
    std::fs::write(&copy, &res.body).unwrap();
    litstack::store::backup::verify(&copy).unwrap();

    // The copy is a working data directory: the account and its onboarding are there.
    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).unwrap();
    std::fs::rename(&copy, restored.join("litstack.redb")).unwrap();
    let state = litstack::AppState::open(litstack::Config::for_data_dir(&restored)).unwrap();
    let user = litstack::accounts::find_by_email(
        &state,
        &litstack::accounts::Email::parse("ann@doe-law.com").unwrap(),
    )
    .unwrap()
    .unwrap();
    assert!(
        litstack::profile::load_onboarding(&state, FirmId::for_fixtures(user.id))
            .unwrap()
            .is_some()
    );
    // Nothing is left behind in the data directory.
    let leftovers: Vec<_> = std::fs::read_dir(app.data_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".backup"))
        .collect();
    assert!(leftovers.is_empty());
}

#[tokio::test]
async fn only_admins_download_backups() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.cookie = None;
    app.sign_up_as("Bo", "bo@roe.com").await;
    let res = app.get("/api/admin/backup").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.error(), "Admin access required.");
}

#[tokio::test]
async fn the_data_directory_and_database_are_private_to_their_owner() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::on_file();
    let dir = std::fs::metadata(app.data_dir())
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    let db = std::fs::metadata(app.state.store.file().unwrap().path())
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!((dir, db), (0o700, 0o600));
}

#[tokio::test]
async fn a_backup_never_overwrites_an_existing_file() {
    let app = TestApp::on_file();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("exists.redb");
    std::fs::write(&target, b"precious").unwrap();
    let err =
        litstack::store::backup::backup_to(app.state.store.file().unwrap(), &target).unwrap_err();
    assert!(err.to_string().contains("already exists"));
    assert_eq!(std::fs::read(&target).unwrap(), b"precious");
}

#[test]
fn every_table_of_the_schema_is_in_the_backup() {
    let tables = include_str!("../../src/store/tables.rs");
    let backup = include_str!("../../src/store/backup.rs");
    for line in tables.lines().filter(|l| l.starts_with("pub const ")) {
        let name = line["pub const ".len()..].split(':').next().unwrap();
        assert!(
            backup.contains(&format!("copy(src, dst, {name})?")),
            "{name} is not backed up"
        );
    }
}
