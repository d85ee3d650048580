//! Mail through a real SMTP server on loopback (scripts/with-smtp.sh starts aiosmtpd and names it
//! in LITSTACK_TEST_SMTP_URL; every message it receives is a JSON file in LITSTACK_TEST_MAILDIR):
//! the outbox written with its cause, sent by the sender, retried, dropped; invitations and reset
//! links that arrive and work; "Forgot password?" that answers alike for every email; the
//! operator's settings; a kill -9 between the commit and the send; two hub nodes sending once.

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};

/// The test SMTP server's URL.
pub fn smtp_url() -> String {
    std::env::var("LITSTACK_TEST_SMTP_URL").expect(
        "LITSTACK_TEST_SMTP_URL is not set: run the API tests through scripts/with-smtp.sh \
         (scripts/test.sh does)",
    )
}

/// The messages the test SMTP server received for `to`, oldest first.
pub fn received(to: &str) -> Vec<Value> {
    let dir = std::env::var("LITSTACK_TEST_MAILDIR").expect("LITSTACK_TEST_MAILDIR is not set");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| serde_json::from_str::<Value>(&std::fs::read_to_string(p).unwrap()).unwrap())
        .filter(|m| m["envelopeTo"] == to)
        .collect()
}

/// Waits up to 15 s until `to` has received `n` messages; answers them.
pub fn wait_for(to: &str, n: usize) -> Vec<Value> {
    let started = Instant::now();
    loop {
        let got = received(to);
        if got.len() >= n {
            return got;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{to} received {} messages, not {n}",
            got.len()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The link to `path` (`/join` or `/reset-password`) in a message's text, and its token.
pub fn link_in(message: &Value, path: &str) -> (String, String) {
    let text = message["text"].as_str().unwrap();
    let link = text
        .split_whitespace()
        .find(|w| w.contains(&format!("{path}#")))
        .unwrap_or_else(|| panic!("no {path} link in {text}"))
        .to_string();
    let token = link.split_once('#').unwrap().1.to_string();
    (link, token)
}

/// A unique address for one test's recipient.
fn address(name: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    format!(
        "{name}.{}.{}@mail-test.example",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

const FROM: &str = "Litstack <litstack@doe-law.example>";

async fn mail_on(app: &mut TestApp, url: &str) {
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": url, "from": FROM })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// Sends what is due, as the server's sender does every two seconds.
async fn send_due(app: &TestApp) -> usize {
    litstack::mail::sender::send_due(&app.state.sub())
        .await
        .unwrap()
}

fn outbox(app: &TestApp) -> Vec<litstack::mail::Queued> {
    litstack::mail::storage::recent(&app.state.store, 100).unwrap()
}

/// A loopback port nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test(flavor = "multi_thread")]
async fn mail_an_invitation_arrives_and_its_link_joins_the_firm() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let invited = address("cy");

    // Mail off: the link is for the inviter to hand over, and nothing is queued.
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": address("bo"), "role": "member" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["emailed"], false);
    assert!(outbox(&app).is_empty());

    mail_on(&mut app, &smtp_url()).await;
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": invited, "role": "member" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let created = res.json();
    assert_eq!(created["emailed"], true);
    let queued = outbox(&app);
    assert_eq!(queued.len(), 1, "queued with the invitation");
    assert_eq!(queued[0].status, litstack::mail::Status::Queued);

    assert_eq!(send_due(&app).await, 1);
    let messages = wait_for(&invited, 1);
    let message = &messages[0];
    assert_eq!(
        message["subject"],
        "Ann Doe invited you to Doe & Partners on Litstack"
    );
    assert_eq!(message["from"], FROM);
    assert!(
        message["html"]
            .as_str()
            .unwrap()
            .contains("Doe &amp; Partners")
    );
    assert!(
        message["images"].as_array().unwrap().is_empty(),
        "no images"
    );
    let (link, token) = link_in(message, "/join");
    assert_eq!(
        link,
        created["link"].as_str().unwrap(),
        "the link the inviter saw"
    );
    let sent = &outbox(&app)[0];
    assert_eq!(sent.status, litstack::mail::Status::Sent);
    assert_eq!(message["messageId"], sent.message_id.as_str());
    assert!(
        sent.text.is_none() && sent.html.is_none(),
        "a sent message keeps no body"
    );
    assert!(sent.last_answer.as_deref().unwrap().starts_with("250"));
    assert_eq!(send_due(&app).await, 0, "sent once");

    // The invited person joins through the link from the message.
    app.sign_out().await;
    let res = app.join(&token, "Cy Roe", &invited).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["user"]["lawFirm"], "Doe & Partners");
}

#[tokio::test(flavor = "multi_thread")]
async fn mail_a_member_hears_of_their_new_role() {
    let mut app = TestApp::new();
    app.sign_up().await;
    mail_on(&mut app, &smtp_url()).await;
    let member = address("role");
    let token = app.invite(&member, "member").await;
    send_due(&app).await;
    let owner = app.cookie.take();
    let joined = app.join(&token, "Ro Lee", &member).await;
    assert_eq!(joined.status, StatusCode::CREATED);
    let id = joined.json()["user"]["id"].as_u64().unwrap();
    app.cookie = owner;
    let path = format!("/api/firm/members/{id}");
    let res = app.patch(&path, json!({ "role": "admin" })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    // The same role again tells nobody anything.
    app.patch(&path, json!({ "role": "admin" })).await;
    send_due(&app).await;
    let messages = wait_for(&member, 2);
    assert_eq!(
        messages[1]["subject"],
        "Your role in Doe & Partners is now admin"
    );
    assert!(
        messages[1]["text"]
            .as_str()
            .unwrap()
            .contains("Ann Doe changed your role")
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        received(&member).len(),
        2,
        "one invitation, one role change"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn mail_forgot_password_answers_alike_and_mails_a_link_that_works_once() {
    let mut app = TestApp::new();
    let ann = address("ann");
    let res = app.sign_up_as("Ann Doe", &ann).await;
    assert_eq!(res.status, StatusCode::CREATED);
    app.sign_out().await;

    // Mail off: said plainly, whatever the email.
    let res = app
        .post("/api/auth/forgot-password", json!({ "email": ann }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.error().contains("does not send email"),
        "{}",
        res.error()
    );
    assert_eq!(
        app.get("/api/auth/setup").await.json()["passwordResetByEmail"],
        false
    );

    app.sign_in(&ann, PASSWORD).await;
    mail_on(&mut app, &smtp_url()).await;
    app.sign_out().await;
    assert_eq!(
        app.get("/api/auth/setup").await.json()["passwordResetByEmail"],
        true
    );

    let nobody = address("nobody");
    let known = app
        .post("/api/auth/forgot-password", json!({ "email": ann }))
        .await;
    let unknown = app
        .post("/api/auth/forgot-password", json!({ "email": nobody }))
        .await;
    assert_eq!(known.status, StatusCode::ACCEPTED);
    assert_eq!(
        (unknown.status, unknown.body.clone()),
        (known.status, known.body.clone())
    );
    let res = app
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "not an email" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    // The link is queued after the answer.
    let started = Instant::now();
    while outbox(&app).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "nothing queued"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    send_due(&app).await;
    let messages = wait_for(&ann, 1);
    assert_eq!(messages[0]["subject"], "Reset your Litstack password");
    assert!(
        received(&nobody).is_empty(),
        "no message for an email without an account"
    );
    let (_, token) = link_in(&messages[0], "/reset-password");

    // A session open before the reset ends with it.
    app.sign_in(&ann, PASSWORD).await;
    let open_session = app.cookie.take();
    let new_password = "a-new-horse-battery-staple";
    let body = json!({ "token": token, "newPassword": new_password });
    let res = app.post("/api/auth/reset-password", body.clone()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    app.cookie = open_session;
    assert_eq!(
        app.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    app.cookie = None;
    assert_eq!(
        app.post("/api/auth/reset-password", body).await.status,
        StatusCode::GONE
    );
    let res = app.sign_in(&ann, new_password).await;
    assert_eq!(res.status, StatusCode::OK);
    let log = app.get("/api/firm/audit").await.json();
    let actions = crate::helpers::audit_actions(&log);
    assert!(
        actions.contains(&"reset_link_issued") && actions.contains(&"reset_link_used"),
        "{actions:?}"
    );
    app.sign_out().await;

    // Three links an hour for one account; the fourth request answers alike and mails nothing.
    for _ in 0..3 {
        let res = app
            .post("/api/auth/forgot-password", json!({ "email": ann }))
            .await;
        assert_eq!(res.status, StatusCode::ACCEPTED);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    send_due(&app).await;
    let all = wait_for(&ann, 3);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(received(&ann).len(), 3, "{all:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn mail_a_failed_attempt_is_retried_later_and_the_operator_retries_or_drops() {
    let mut app = TestApp::new();
    app.sign_up().await;
    mail_on(&mut app, &format!("smtp://127.0.0.1:{}", closed_port())).await;
    let (first, second) = (address("di"), address("ed"));
    for to in [&first, &second] {
        let res = app
            .post(
                "/api/firm/invitations",
                json!({ "email": to, "role": "viewer" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED);
    }
    send_due(&app).await;
    let res = app.get("/api/admin/outbox").await;
    assert_eq!(res.status, StatusCode::OK);
    let items = res.json()["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    for item in &items {
        assert_eq!(item["status"], "queued");
        assert_eq!(item["attempts"], 1);
        assert!(!item["lastAnswer"].as_str().unwrap().is_empty(), "{item}");
        assert!(item["nextAttemptAt"].is_string());
    }
    assert_eq!(send_due(&app).await, 0, "the next attempt waits a minute");

    mail_on(&mut app, &smtp_url()).await;
    let (newest, older) = (
        items[0]["id"].as_u64().unwrap(),
        items[1]["id"].as_u64().unwrap(),
    );
    let res = app
        .call(Method::DELETE, &format!("/api/admin/outbox/{newest}"), None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "dropped");
    let res = app
        .post(&format!("/api/admin/outbox/{older}/retry"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["attempts"], 0);
    assert_eq!(send_due(&app).await, 1);
    assert_eq!(wait_for(&first, 1).len(), 1);
    assert!(received(&second).is_empty(), "dropped: never sent");

    let res = app
        .post(&format!("/api/admin/outbox/{newest}/retry"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    let res = app
        .call(Method::DELETE, &format!("/api/admin/outbox/{older}"), None)
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "sent: nothing to drop");
    let res = app.post("/api/admin/outbox/9999/retry", json!({})).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = app.post("/api/admin/outbox/x/retry", json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    // A member is not the operator.
    let member = address("gu");
    let token = app.invite(&member, "member").await;
    app.sign_out().await;
    assert_eq!(
        app.join(&token, "Gu Doe", &member).await.status,
        StatusCode::CREATED
    );
    for (method, path) in [
        (Method::GET, "/api/admin/outbox"),
        (Method::GET, "/api/admin/mail"),
        (Method::DELETE, "/api/admin/mail"),
    ] {
        let res = app.call(method.clone(), path, None).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{method} {path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn mail_settings_hide_the_password_refuse_bad_input_and_send_a_test() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app.get("/api/admin/mail").await;
    assert_eq!(res.json()["enabled"], false);

    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": "smtps://ann%40doe-law.example:s3cret@mail.doe-law.example", "from": FROM })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let view = app.get("/api/admin/mail").await.json();
    assert_eq!(view["enabled"], true);
    assert_eq!(view["security"], "tls");
    assert_eq!(view["port"], 465);
    assert_eq!(view["username"], "ann@doe-law.example");
    assert_eq!(view["hasPassword"], true);
    assert!(!view.to_string().contains("s3cret"), "{view}");
    // Saved again without a password (as the form does): the stored one stays.
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": view["smtpUrl"], "from": FROM })),
        )
        .await;
    assert_eq!(res.json()["hasPassword"], true, "{}", res.text());
    let stored = litstack::mail::settings(&app.state.store).unwrap().unwrap();
    assert!(stored.smtp_url.contains("s3cret"));

    for (url, from, message) in [
        ("mail.example.com", FROM, "not a URL"),
        ("http://mail.example.com", FROM, "smtp:// or smtps://"),
        (
            "smtp://mail.example.com?tls=none",
            FROM,
            "user, password, host and port only",
        ),
        (
            "smtp://mail.example.com",
            "nobody",
            "The From address must be an email address",
        ),
    ] {
        let res = app
            .call(
                Method::PUT,
                "/api/admin/mail",
                Some(json!({ "smtpUrl": url, "from": from })),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{url}");
        assert!(res.error().contains(message), "{url}: {}", res.error());
    }
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": "smtp://mail.example.com", "from": FROM })),
        )
        .await;
    assert_eq!(
        res.json()["security"],
        "starttls",
        "STARTTLS required off this machine"
    );

    // The test message shows the server's answer: refused, then accepted.
    mail_on(&mut app, &format!("smtp://127.0.0.1:{}", closed_port())).await;
    let res = app.post("/api/admin/mail/test", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["sent"], false);
    assert!(!res.json()["answer"].as_str().unwrap().is_empty());
    mail_on(&mut app, &smtp_url()).await;
    let to = address("test");
    let res = app.post("/api/admin/mail/test", json!({ "to": to })).await;
    assert_eq!(res.json()["sent"], true, "{}", res.text());
    assert!(res.json()["answer"].as_str().unwrap().starts_with("250"));
    assert_eq!(wait_for(&to, 1)[0]["subject"], "Litstack test message");
    let res = app
        .post("/api/admin/mail/test", json!({ "to": "nope" }))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    assert_eq!(
        app.call(Method::DELETE, "/api/admin/mail", None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.get("/api/admin/mail").await.json()["enabled"], false);
    let res = app.post("/api/admin/mail/test", json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
}

/// Two nodes of a hub, each with its sender: every message goes out once.
#[tokio::test(flavor = "multi_thread")]
async fn mail_two_hub_nodes_send_each_message_once() {
    let url = crate::helpers::fresh_database();
    let node = || {
        let url = url.clone();
        TestApp::with_config(move |c| c.storage.database_url = Some(url))
    };
    let (mut a, b) = (node(), node());
    a.sign_up().await;
    mail_on(&mut a, &smtp_url()).await;
    let people: Vec<String> = (0..12).map(|i| address(&format!("hub{i}"))).collect();
    for to in &people {
        let res = a
            .post(
                "/api/firm/invitations",
                json!({ "email": to, "role": "viewer" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED);
    }
    // Both senders at once, a few rounds each.
    let (sa, sb) = (a.state.sub(), b.state.sub());
    let round = |s: litstack::mail::MailState| async move {
        let mut sent = 0;
        for _ in 0..3 {
            sent += litstack::mail::sender::send_due(&s).await.unwrap();
        }
        sent
    };
    let (na, nb) = tokio::join!(round(sa), round(sb));
    assert_eq!(na + nb, people.len(), "each message taken by one node");
    for to in &people {
        wait_for(to, 1);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    for to in &people {
        assert_eq!(received(to).len(), 1, "{to}");
    }
}

/// A mail server that takes the connection and never says a word: a send to it hangs (until the
/// sender's timeout). Answers its URL and how many connections it took.
fn tarpit() -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let taken = std::sync::Arc::new(AtomicUsize::new(0));
    let count = taken.clone();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            count.fetch_add(1, Ordering::SeqCst);
            held.push(stream);
        }
    });
    (url, taken)
}

/// `litstack serve` is killed (SIGKILL) while its sender is handing a committed message to the
/// mail server; started again, it sends that message, once.
#[test]
fn mail_a_kill_between_the_commit_and_the_send_delivers_the_message_after_restart() {
    use crate::once::faults::{addr, post_json, session, stop};
    use std::sync::atomic::Ordering;

    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (hang, taken) = tarpit();
    let server = crate::process::start(&data, &["--smtp-url", &hang, "--mail-from", FROM]);
    let token = session(&addr(&server));
    let invited = address("kill");
    let res = post_json(
        &addr(&server),
        "/api/firm/invitations",
        Some(&token),
        json!({ "email": invited, "role": "member" }),
    );
    assert_eq!(res.status, 201, "{}", String::from_utf8_lossy(&res.body));
    // The sender has claimed the message and is talking to the server that never answers.
    let started = Instant::now();
    while taken.load(Ordering::SeqCst) == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the sender never connected"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut server = server;
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    {
        let store = litstack::platform::store::Store::File(
            litstack::platform::store::FileStore::open(&data).unwrap(),
        );
        let left = litstack::mail::storage::recent(&store, 10).unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].status, litstack::mail::Status::Queued);
        assert!(
            left[0].claimed_until.is_some(),
            "claimed by the killed process"
        );
    }

    let server = crate::process::start(&data, &["--smtp-url", &smtp_url(), "--mail-from", FROM]);
    let messages = wait_for(&invited, 1);
    assert!(messages[0]["text"].as_str().unwrap().contains("/join#"));
    std::thread::sleep(Duration::from_millis(2_500));
    assert_eq!(received(&invited).len(), 1, "sent once");
    stop(server);
}
