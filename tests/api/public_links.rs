//! Every absolute link Litstack writes starts with the install's own address
//! (`Config::public_origin`): `--public-url`, else the loopback address it listens on. A request
//! that names another host (`Host`, `Origin`, `Referer`, `Forwarded`, `X-Forwarded-*`) moves no
//! link in a mail or an answer; an install that does not know its address refuses to mail one.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};
use crate::mail::{smtp_url, wait_for};
use crate::wire::Conn;

/// The host an attacker names, and every header that could carry another one.
const FOREIGN: &str = "203.0.113.66";
fn foreign_headers(user_agent: &str) -> String {
    format!(
        "Referer: http://{FOREIGN}/\r\nForwarded: host=evil.test;proto=https\r\n\
         X-Forwarded-Host: evil.test\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: 198.51.100.7\r\n\
         User-Agent: {user_agent}\r\n"
    )
}

const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const FIREFOX: &str =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";

/// Every http(s) URL in a message's text and HTML.
fn urls(message: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for part in ["text", "html"] {
        let Some(text) = message[part].as_str() else {
            continue;
        };
        for (at, _) in text.match_indices("http") {
            let url: String = text[at..]
                .chars()
                .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '<' | '>' | '\''))
                .collect();
            if url.starts_with("http://") || url.starts_with("https://") {
                found.push(url);
            }
        }
    }
    found
}

fn unique(name: &str) -> String {
    format!("{name}.{}@links-test.example", std::process::id())
}

#[test]
fn links_in_mail_and_answers_start_with_the_install_s_address_whatever_host_a_request_names() {
    let dir = tempfile::tempdir().unwrap();
    let server = crate::process::start(
        dir.path(),
        &[
            "--smtp-url",
            &smtp_url(),
            "--mail-from",
            "Litstack <litstack@doe-law.example>",
        ],
    );
    let ours = server.url.clone();
    let addr = ours.trim_start_matches("http://").to_string();
    let json_body = |v: Value| v.to_string().into_bytes();
    let mut c = Conn::open(&addr).naming(FOREIGN, &foreign_headers(CHROME));
    let send =
        |c: &mut Conn, method: &str, path: &str, token: Option<&str>, body: Option<Value>| {
            let bytes = body.map(json_body);
            c.send(
                method,
                path,
                token,
                bytes.as_deref().map(|b| ("application/json", b)),
            )
            .unwrap()
        };

    let owner = unique("owner");
    let signed_up = send(
        &mut c,
        "POST",
        "/api/auth/sign-up",
        None,
        Some(
            json!({ "name": "Ann Doe", "email": owner, "password": PASSWORD,
            "lawFirm": "Doe & Partners", "firmSize": "E6_20" }),
        ),
    );
    assert_eq!(signed_up.status, 201, "{}", signed_up.text());
    let token = signed_up.token.clone().unwrap();
    let t = Some(token.as_str());

    // An invitation, mailed; the member it makes; their new role; a reset link for them.
    let member = unique("member");
    let invited = send(
        &mut c,
        "POST",
        "/api/firm/invitations",
        t,
        Some(json!({ "email": member, "role": "member" })),
    );
    assert_eq!(invited.status, 201, "{}", invited.text());
    let invitation = wait_for(&member, 1).remove(0);
    let (_, join_token) = crate::mail::link_in(&invitation, "/join");
    let mut m = Conn::open(&addr).naming(FOREIGN, &foreign_headers(CHROME));
    let joined = send(
        &mut m,
        "POST",
        "/api/auth/sign-up",
        None,
        Some(
            json!({ "name": "Ro Lee", "email": member, "password": PASSWORD,
            "inviteToken": join_token }),
        ),
    );
    assert_eq!(joined.status, 201, "{}", joined.text());
    let member_id = joined.json()["user"]["id"].as_u64().unwrap();
    let role = send(
        &mut c,
        "PATCH",
        &format!("/api/firm/members/{member_id}"),
        t,
        Some(json!({ "role": "admin" })),
    );
    assert_eq!(role.status, 200, "{}", role.text());
    let reset = send(
        &mut c,
        "POST",
        &format!("/api/firm/members/{member_id}/reset-link"),
        t,
        None,
    );
    assert_eq!(reset.status, 201, "{}", reset.text());

    // "Forgot password?", and a sign-in from a device the account has not used.
    let forgot = send(
        &mut m,
        "POST",
        "/api/auth/forgot-password",
        None,
        Some(json!({ "email": owner })),
    );
    assert_eq!(forgot.status, 202, "{}", forgot.text());
    let mut other = Conn::open(&addr).naming(FOREIGN, &foreign_headers(FIREFOX));
    let signed_in = send(
        &mut other,
        "POST",
        "/api/auth/sign-in",
        None,
        Some(json!({ "email": owner, "password": PASSWORD })),
    );
    assert_eq!(signed_in.status, 200, "{}", signed_in.text());

    // A vendor invited by the operator, and the firm's calendar feed (an answer, not a mail).
    let vendors = send(&mut c, "GET", "/api/vendors", t, None).json();
    let vendor_id = vendors["items"][0]["id"]
        .as_u64()
        .expect("a vendor in the catalog");
    let vendor = unique("vendor");
    let vendor_invited = send(
        &mut c,
        "POST",
        &format!("/api/admin/vendors/{vendor_id}/vendor-invitations"),
        t,
        Some(json!({ "email": vendor })),
    );
    assert_eq!(vendor_invited.status, 201, "{}", vendor_invited.text());
    let feed = send(&mut c, "POST", "/api/firm/calendar-feed", t, None);
    assert_eq!(feed.status, 201, "{}", feed.text());
    let feed_url = feed.json()["url"].as_str().unwrap().to_string();
    assert!(
        feed_url.starts_with(&format!("{ours}/api/calendar/")),
        "{feed_url}"
    );

    // The owner: a reset link and a new sign-in; the member: the invitation, the new role and
    // the reset link; the vendor: their invitation.
    let mut messages = wait_for(&owner, 2);
    messages.extend(wait_for(&member, 3));
    messages.extend(wait_for(&vendor, 1));
    let mut links = 0;
    for message in &messages {
        for url in urls(message) {
            assert!(
                url.starts_with(&format!("{ours}/")),
                "{url} in {:?} is not on {ours}",
                message["subject"]
            );
            links += 1;
        }
        let whole = message.to_string();
        assert!(
            !whole.contains(FOREIGN) && !whole.contains("evil.test"),
            "{whole}"
        );
    }
    let has = |path: &str| {
        messages.iter().any(|m| {
            m["text"]
                .as_str()
                .unwrap_or("")
                .contains(&format!("{ours}{path}"))
        })
    };
    for path in [
        "/join#",
        "/reset-password#",
        "/profile#sessions",
        "/vendor/join#",
    ] {
        assert!(has(path), "no {ours}{path} link in the mail sent");
    }
    assert!(
        links >= 6,
        "only {links} links in {} messages",
        messages.len()
    );
}

/// An install on the office network without `--public-url`: it cannot know its address.
fn without_an_address() -> TestApp {
    TestApp::with_config(|c| {
        c.public_url = None;
        c.addr = "0.0.0.0:8080".parse().unwrap();
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn without_its_address_litstack_mails_no_link_and_hands_over_relative_ones() {
    let mut app = without_an_address();
    app.sign_up().await;
    // Mail off: the links are handed over on the page, which makes them whole.
    let invited = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "bo@doe-law.com", "role": "member" }),
        )
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.text());
    assert!(
        invited.json()["link"]
            .as_str()
            .unwrap()
            .starts_with("/join#"),
        "{}",
        invited.text()
    );
    let feed = app.post("/api/firm/calendar-feed", json!({})).await;
    assert!(
        feed.json()["url"]
            .as_str()
            .unwrap()
            .starts_with("/api/calendar/")
    );

    // Mail on: a link that would be mailed is refused, naming the flag, and nothing is written.
    let mail = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": smtp_url(), "from": "Litstack <litstack@doe-law.example>" })),
        )
        .await;
    assert_eq!(mail.status, StatusCode::OK, "{}", mail.text());
    assert_eq!(mail.json()["publicAddress"], Value::Null);
    let before = app.get("/api/firm/invitations").await.json();
    let refused = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "bo@doe-law.com", "role": "admin" }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text());
    assert!(
        refused.error().contains("--public-url"),
        "{}",
        refused.error()
    );
    assert_eq!(
        app.get("/api/firm/invitations").await.json(),
        before,
        "the earlier invitation stays live and no new one is stored"
    );
    let forgot = app
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "ann@doe-law.com" }),
        )
        .await;
    assert_eq!(forgot.status, StatusCode::CONFLICT, "{}", forgot.text());
    assert!(forgot.error().contains("--public-url"));
}

#[test]
fn a_hub_node_without_its_address_does_not_start() {
    let (code, stderr) = crate::process::fails(crate::process::litstack().args([
        "serve",
        "--addr",
        "0.0.0.0:0",
        "--database-url",
        "postgres://nobody@127.0.0.1:1/none",
    ]));
    assert_ne!(code, 0);
    assert!(stderr.contains("--public-url"), "{stderr}");
}
