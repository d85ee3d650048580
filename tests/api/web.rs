use axum::http::{Method, StatusCode, header};
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
            json!({"name":"A","email":"a@b.com","password":"ample-harbor-lantern","lawFirm":"F"}).to_string(),
        ))
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(res.error().contains("another site"));
    assert_eq!(app.cookie, None);
}

#[tokio::test]
async fn a_second_server_on_the_same_data_directory_is_refused_clearly() {
    let app = TestApp::new();
    let err = match litstack::AppState::open(litstack::Config::for_data_dir(app.data_dir())) {
        Ok(_) => panic!("a second open must fail"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.contains("another Litstack process is already using"),
        "{err}"
    );
}
