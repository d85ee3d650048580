//! The edge of the server on real sockets: which host names are served (DNS rebinding) and
//! methods the web app does not take; `connections` has slow clients, connection floods and the
//! open-file limit.

mod connections;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};
use crate::process::{Server, start};

fn addr_of(server: &Server) -> String {
    server.url.trim_start_matches("http://").to_string()
}

fn port_of(server: &Server) -> u16 {
    addr_of(server).rsplit(':').next().unwrap().parse().unwrap()
}

/// Sends one request exactly as written (`Connection: close`) and returns (status, body).
fn exchange(addr: &str, head: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{head}Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// A sign-up sent to the server as if from `host` (Host and Origin both name it).
fn sign_up_at(addr: &str, host: &str, email: &str) -> (u16, String) {
    let body = json!({
        "name": "Ann Doe", "email": email, "password": PASSWORD,
        "lawFirm": "Doe & Partners", "firmSize": "E6_20"
    })
    .to_string();
    exchange(
        addr,
        &format!(
            "POST /api/auth/sign-up HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
             Content-Type: application/json\r\n"
        ),
        &body,
    )
}

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {body}"))
}

// ---------------------------------------------------------------------------------------------
// Hosts

#[test]
fn a_rebound_name_cannot_claim_a_fresh_install_on_the_real_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), &[]);
    let (addr, port) = (addr_of(&server), port_of(&server));

    let evil = format!("rebind.evil.test:{port}");
    let (status, body) = sign_up_at(&addr, &evil, "mallory@evil.test");
    assert_eq!(status, 421, "{body}");
    let error = json_of(&body)["error"].as_str().unwrap().to_string();
    assert!(error.contains("rebind.evil.test"), "{error}");
    assert!(error.contains("--allowed-hosts"), "{error}");
    // The web app is not served at that name either.
    let (status, _) = exchange(&addr, &format!("GET / HTTP/1.1\r\nHost: {evil}\r\n"), "");
    assert_eq!(status, 421);

    // No account was made: the next sign-up is the first, and the admin.
    let (status, body) = sign_up_at(&addr, &addr, "ann@doe-law.com");
    assert_eq!(status, 201, "{body}");
    assert_eq!(json_of(&body)["user"]["isAdmin"], true);

    // localhost is served, under any letter case.
    let (status, body) = sign_up_at(&addr, &format!("LocalHost:{port}"), "bob@doe-law.com");
    assert_eq!(status, 201, "{body}");
    assert_eq!(json_of(&body)["user"]["isAdmin"], false);
}

#[test]
fn allowed_hosts_and_the_public_url_are_served_on_the_real_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(
        dir.path(),
        &[
            "--allowed-hosts",
            "litstack.firm.test,intra.firm.test",
            "--public-url",
            "https://public.firm.test",
        ],
    );
    let (addr, port) = (addr_of(&server), port_of(&server));
    let (status, body) = sign_up_at(&addr, &format!("Litstack.Firm.test:{port}"), "a@firm.test");
    assert_eq!(status, 201, "{body}");
    let (status, _) = exchange(&addr, "GET / HTTP/1.1\r\nHost: intra.firm.test\r\n", "");
    assert_eq!(status, 200);
    // A proxy passing the original Host, for a browser at the public URL.
    let (status, body) = exchange(
        &addr,
        "POST /api/auth/sign-in HTTP/1.1\r\nHost: public.firm.test\r\n\
         Origin: https://public.firm.test\r\nContent-Type: application/json\r\n",
        &json!({"email": "a@firm.test", "password": PASSWORD}).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let (status, _) = exchange(&addr, "GET / HTTP/1.1\r\nHost: firm.test\r\n", "");
    assert_eq!(status, 421);
}

#[test]
fn a_public_url_that_is_not_an_http_url_stops_the_start_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::process::litstack()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--public-url",
            "litstack.firm.test",
        ])
        .arg("--data-dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--public-url"), "{stderr}");
    assert!(stderr.contains("https://litstack.firm.test"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_foreign_host_is_a_json_421_on_every_path_and_no_host_passes() {
    let mut app = TestApp::new();
    for path in ["/api/auth/me", "/trends", "/assets/app.js"] {
        let req = Request::builder()
            .uri(path)
            .header(header::HOST, "rebind.evil.test")
            .body(Body::empty())
            .unwrap();
        let res = app.send(req).await;
        assert_eq!(res.status, StatusCode::MISDIRECTED_REQUEST, "{path}");
        assert!(res.error().contains("rebind.evil.test"), "{}", res.error());
    }
    let req = Request::builder()
        .uri("/api/auth/me")
        .body(Body::empty())
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::UNAUTHORIZED);
}

// ---------------------------------------------------------------------------------------------
// Cross-site requests

/// The session token a raw answer's Set-Cookie gave.
fn session_of(addr: &str, head: &str, body: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{head}Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    let at =
        answer.find("litstack_session=").expect("a session cookie") + "litstack_session=".len();
    answer[at..].split(';').next().unwrap().to_string()
}

#[test]
fn a_write_with_the_cookie_must_say_it_comes_from_us_on_the_real_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), &[]);
    let addr = addr_of(&server);
    let sign_up = json!({
        "name": "Ann Doe", "email": "ann@doe-law.com", "password": PASSWORD,
        "lawFirm": "Doe & Partners", "firmSize": "E6_20"
    })
    .to_string();
    let token = session_of(
        &addr,
        &format!(
            "POST /api/auth/sign-up HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
             Content-Type: application/json\r\n"
        ),
        &sign_up,
    );
    let rename = |extra: &str, name: &str| {
        let body = json!({"name": name, "lawFirm": "Doe & Partners", "firmSize": "E6_20"});
        exchange(
            &addr,
            &format!(
                "PATCH /api/profile HTTP/1.1\r\nHost: {addr}\r\nCookie: litstack_session={token}\r\n\
                 Content-Type: application/json\r\n{extra}"
            ),
            &body.to_string(),
        )
    };
    let name_now = || {
        let (_, body) = exchange(
            &addr,
            &format!(
                "GET /api/auth/me HTTP/1.1\r\nHost: {addr}\r\nCookie: litstack_session={token}\r\n"
            ),
            "",
        );
        json_of(&body)["user"]["name"].as_str().unwrap().to_string()
    };

    // Refused before the handler, and nothing changed, for each way a cross-site write arrives.
    for (case, extra) in [
        (
            "cross-site, no Origin",
            "Sec-Fetch-Site: cross-site\r\n".to_string(),
        ),
        (
            "cross-site with our own Origin",
            format!("Sec-Fetch-Site: cross-site\r\nOrigin: http://{addr}\r\n"),
        ),
        (
            "a sibling host of the same site, no Origin",
            "Sec-Fetch-Site: same-site\r\n".to_string(),
        ),
        (
            "the cookie and no Origin, Referer or Sec-Fetch-Site",
            String::new(),
        ),
        (
            "a foreign Origin",
            "Origin: https://evil.example\r\n".to_string(),
        ),
    ] {
        let (status, body) = rename(&extra, "Mallory");
        assert_eq!(status, 403, "{case}: {body}");
        assert!(
            json_of(&body)["error"]
                .as_str()
                .unwrap()
                .contains("another site"),
            "{case}"
        );
        assert_eq!(name_now(), "Ann Doe", "{case}");
    }
    // What a browser sends from Litstack's own page passes: any one of the three, saying "us".
    for (case, extra) in [
        (
            "Sec-Fetch-Site: same-origin",
            "Sec-Fetch-Site: same-origin\r\n".to_string(),
        ),
        ("our Origin", format!("Origin: http://{addr}\r\n")),
        ("our Referer", format!("Referer: http://{addr}/profile\r\n")),
    ] {
        let (status, body) = rename(&extra, case);
        assert_eq!(status, 200, "{case}: {body}");
        assert_eq!(name_now(), case);
    }
    // Without the cookie a tool's request reaches the handler (here a wrong password's 401)...
    let (status, body) = exchange(
        &addr,
        &format!(
            "POST /api/auth/sign-in HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n"
        ),
        &json!({"email": "ann@doe-law.com", "password": "not-the-password"}).to_string(),
    );
    assert_eq!(status, 401, "{body}");
    // ...but a browser's cross-site one does not (no signing a victim in to another account).
    let (status, _) = exchange(
        &addr,
        &format!(
            "POST /api/auth/sign-in HTTP/1.1\r\nHost: {addr}\r\nSec-Fetch-Site: cross-site\r\n\
             Content-Type: application/json\r\n"
        ),
        &json!({"email": "ann@doe-law.com", "password": PASSWORD}).to_string(),
    );
    assert_eq!(status, 403);
}

// ---------------------------------------------------------------------------------------------
// Methods

#[tokio::test(flavor = "multi_thread")]
async fn a_state_changing_method_on_a_web_app_path_is_a_405_naming_get() {
    let mut app = TestApp::new();
    for (method, path) in [
        (Method::POST, "/trends"),
        (Method::PUT, "/"),
        (Method::DELETE, "/favicon.svg"),
        (Method::PATCH, "/matches?categoryId=3"),
    ] {
        let res = app.call(method.clone(), path, Some(json!({}))).await;
        assert_eq!(
            res.status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert_eq!(res.headers[header::ALLOW], "GET, HEAD");
        assert!(res.error().contains("GET"), "{}", res.error());
    }
    assert_eq!(app.get("/trends").await.status, StatusCode::OK);
}
