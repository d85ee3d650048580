//! A firm leaves (issue 46): an owner, or the operator, schedules the firm's deletion with a grace
//! period and can take it back; when it is due, every row of the firm goes from every table, on
//! both backends, and nothing of another firm; the members' sessions end; a firm the operator
//! belongs to is never deleted. Both backends (LITSTACK_TEST_BACKEND).

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse, on_postgres};
use crate::registry::a_firm_that_used_the_product;
use crate::scenario::ok;

const NOTE: &str = "SNTL-deleted-note";
const VIEW: &str = "SNTL-deleted-view";
const INVITED: &str = "sntl-deleted@doe-law.com";
const DEMO: &str = "SNTL-deleted-demo";

async fn schedule(app: &mut TestApp) -> TestResponse {
    app.post("/api/firm/deletion", json!({})).await
}

/// The operator's firm first (the install's first account), then Ann's firm, which used most of
/// the product and holds three sentinels, then Zed's. Answers Ann's and Zed's firm ids and the
/// three sessions (operator, Ann, Zed).
async fn three_firms(app: &mut TestApp) -> (u64, u64, [Option<String>; 3]) {
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    // Vendor 11 has a person on Litstack, so Ann's firm can ask it for a demo.
    crate::demo_requests::vendor_person(app, 11, "pat@vendor-eleven.test").await;
    let operator = app.cookie.take();
    a_firm_that_used_the_product(app).await;
    let ann_firm = app.get("/api/firm").await.json()["firm"]["id"]
        .as_u64()
        .unwrap();
    let vendor = app.get("/api/shortlist").await;
    assert_eq!(vendor.status, StatusCode::OK);
    ok(
        app,
        Method::POST,
        "/api/views",
        Some(json!({ "name": VIEW, "params": "state=NY" })),
    )
    .await;
    let path = "/api/shortlist/11";
    ok(
        app,
        Method::PUT,
        path,
        Some(json!({ "status": "Considering", "note": NOTE })),
    )
    .await;
    app.invite(INVITED, "member").await;
    ok(
        app,
        Method::POST,
        "/api/vendors/11/demo-requests",
        Some(json!({ "shareName": true, "note": DEMO })),
    )
    .await;
    let ann = app.cookie.take();
    let zed_firm = app.sign_up_as("Zed Roe", "zed@roe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    ok(
        app,
        Method::POST,
        "/api/views",
        Some(json!({ "name": "Zed's view", "params": "state=CA" })),
    )
    .await;
    ok(
        app,
        Method::PUT,
        path,
        Some(json!({ "status": "Considering", "note": "Zed's note" })),
    )
    .await;
    let zed = app.cookie.take();
    (ann_firm, zed_firm, [operator, ann, zed])
}

/// Every row the store holds, as text: each PostgreSQL table's rows, or a fresh backup of the
/// redb file (a copy of the live rows only).
async fn every_row(app: &TestApp) -> String {
    if on_postgres() {
        let url = app.state.config.storage.database_url.clone().unwrap();
        return tokio::task::spawn_blocking(move || {
            litstack::platform::store::postgres::all_rows_as_text(&url).unwrap()
        })
        .await
        .unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.redb");
    let file = app.state.store.file().unwrap();
    litstack::platform::store::backup::backup_to(file, &copy, &litstack::registry::redb_tables())
        .unwrap();
    String::from_utf8_lossy(&std::fs::read(&copy).unwrap()).into_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_owner_schedules_the_deletion_and_takes_it_back_and_no_one_else_can() {
    let mut app = TestApp::new();
    let (ann_firm, _, [operator, ann, _]) = three_firms(&mut app).await;
    app.cookie = ann.clone();
    for (email, role) in [("al@doe-law.com", "admin"), ("vi@doe-law.com", "viewer")] {
        app.cookie = ann.clone();
        let token = app.invite(email, role).await;
        app.join(&token, role, email).await;
        assert_eq!(
            schedule(&mut app).await.status,
            StatusCode::FORBIDDEN,
            "{role}"
        );
        let res = app.call(Method::DELETE, "/api/firm/deletion", None).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{role}");
        assert_eq!(
            app.get("/api/firm/deletion").await.json()["scheduled"],
            false
        );
    }
    app.cookie = ann.clone();

    let res = schedule(&mut app).await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let first = res.json();
    assert_eq!(first["scheduled"], true);
    assert_eq!(first["by"], "Ann Doe");
    let due = chrono::DateTime::parse_from_rfc3339(first["dueAt"].as_str().unwrap()).unwrap();
    let days = (due.timestamp() - litstack::platform::clock::now_secs()) as f64 / 86_400.0;
    assert!((29.9..=30.0).contains(&days), "{days}");
    // Asking again keeps the first schedule; every member reads it.
    assert_eq!(schedule(&mut app).await.json(), first);
    assert_eq!(app.get("/api/firm/deletion").await.json(), first);
    let log = app.get("/api/firm/audit").await.json().to_string();
    assert!(
        log.contains("Ann Doe scheduled the firm's deletion for "),
        "{log}"
    );

    let res = app.call(Method::DELETE, "/api/firm/deletion", None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(
        app.get("/api/firm/deletion").await.json()["scheduled"],
        false
    );
    let res = app.call(Method::DELETE, "/api/firm/deletion", None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), "The firm's deletion is not scheduled.");
    let log = app.get("/api/firm/audit").await.json().to_string();
    assert!(
        log.contains("Ann Doe took the firm's scheduled deletion back"),
        "{log}"
    );

    // The operator schedules and takes back any firm but their own.
    app.cookie = operator;
    let path = format!("/api/admin/firms/{ann_firm}/deletion");
    let res = app.post(&path, json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["by"], "The operator");
    // The operator's list says when each scheduled firm goes, and null of the others.
    let firms = app.get("/api/admin/firms").await.json();
    let due_of = |id: u64| {
        firms["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["id"] == id)
            .unwrap()["deletionDueAt"]
            .clone()
    };
    assert_eq!(due_of(ann_firm), res.json()["dueAt"]);
    let own = app.get("/api/firm").await.json()["firm"]["id"]
        .as_u64()
        .unwrap();
    assert_eq!(due_of(own), Value::Null);
    let res = app.call(Method::DELETE, &path, None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let own = app.get("/api/firm").await.json()["firm"]["id"]
        .as_u64()
        .unwrap();
    let res = app
        .post(&format!("/api/admin/firms/{own}/deletion"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.error().starts_with("This firm cannot be deleted"),
        "{}",
        res.error()
    );
    let res = schedule(&mut app).await;
    assert_eq!(
        res.status,
        StatusCode::CONFLICT,
        "the operator's own firm, as its owner"
    );
    for (bad, status) in [
        ("999", StatusCode::NOT_FOUND),
        ("x1", StatusCode::BAD_REQUEST),
    ] {
        let res = app
            .post(&format!("/api/admin/firms/{bad}/deletion"), json!({}))
            .await;
        assert_eq!(res.status, status, "{bad}: {}", res.text());
    }
    app.cookie = ann;
    let res = app.post(&path, json!({})).await;
    assert_eq!(
        res.status,
        StatusCode::FORBIDDEN,
        "an owner is not the operator"
    );
}

/// The firm's deletion state says whether scheduling would be accepted, by the same check the
/// `POST` makes: the operator's own firm reads `canSchedule: false, blockedBy: "operator"` and
/// its `POST` answers 409; another firm reads `canSchedule: true` and its `POST` answers 200.
#[tokio::test(flavor = "multi_thread")]
async fn the_deletion_state_says_whether_scheduling_would_be_accepted() {
    let mut app = TestApp::new();
    let (_, _, [operator, ann, _]) = three_firms(&mut app).await;

    app.cookie = operator;
    let state = app.get("/api/firm/deletion").await.json();
    assert_eq!(state["canSchedule"], false, "{state}");
    assert_eq!(state["blockedBy"], "operator", "{state}");
    assert_eq!(schedule(&mut app).await.status, StatusCode::CONFLICT);

    app.cookie = ann;
    let state = app.get("/api/firm/deletion").await.json();
    assert_eq!(state["canSchedule"], true, "{state}");
    assert_eq!(state["blockedBy"], Value::Null, "{state}");
    let res = schedule(&mut app).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["canSchedule"], true);
}

/// The titles and bodies of the caller's notices of a firm's deletion, newest first.
async fn deletion_notices(app: &mut TestApp) -> Vec<(String, String)> {
    let bell = app.get("/api/notifications").await.json();
    bell["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "firmDeletion")
        .map(|n| {
            (
                n["title"].as_str().unwrap().to_string(),
                n["body"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The subjects of the queued or sent mail about a firm's deletion to `to`.
fn deletion_mail(app: &TestApp, to: &str) -> Vec<String> {
    litstack::mail::storage::recent(&app.state.store, 100)
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == litstack::mail::MessageKind::FirmDeletion && m.to == to)
        .map(|m| m.subject)
        .collect()
}

/// A scheduled deletion is told to every member, under the bell and by mail, with the day and
/// who can take it back; taking it back is told the same way; another firm hears nothing.
#[tokio::test(flavor = "multi_thread")]
async fn every_member_is_told_when_the_deletion_is_scheduled_and_when_it_is_taken_back() {
    let mut app = TestApp::new();
    let (_, _, [operator, ann, zed]) = three_firms(&mut app).await;
    app.cookie = operator;
    let res = app
        .call(
            Method::PUT,
            "/api/admin/mail",
            Some(json!({ "smtpUrl": crate::mail::smtp_url(), "from": "Litstack <litstack@doe-law.example>" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie = ann.clone();
    let firm = app.get("/api/firm").await.json()["firm"]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let member = "mo@doe-law.com";
    let token = app.invite(member, "member").await;
    app.join(&token, "Mo Member", member).await;
    let mo = app.cookie.take();

    app.cookie = ann.clone();
    let res = schedule(&mut app).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let due = chrono::DateTime::parse_from_rfc3339(res.json()["dueAt"].as_str().unwrap())
        .unwrap()
        .format("%B %-d, %Y")
        .to_string();

    let scheduled = format!("{firm} is to be deleted on {due}");
    app.cookie = mo.clone();
    let told = deletion_notices(&mut app).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].0, scheduled);
    assert!(
        told[0].1.starts_with(&format!(
            "Ann Doe scheduled the deletion of {firm} for {due}"
        )),
        "{}",
        told[0].1
    );
    assert!(
        told[0]
            .1
            .contains("its owner Ann Doe or the install's operator can take it back"),
        "{}",
        told[0].1
    );
    assert_eq!(deletion_mail(&app, member), vec![scheduled.clone()]);
    // No member may turn it off, so no mail of it offers to.
    for queued in litstack::mail::storage::recent(&app.state.store, 100).unwrap() {
        if queued.kind == litstack::mail::MessageKind::FirmDeletion {
            let link = litstack::mail::storage::unsubscribe_url(&app.state.store, queued.id);
            assert_eq!(link.unwrap(), None, "{}", queued.subject);
        }
    }
    // The owner who asked is told too (the mail is their record of it); another firm is not.
    app.cookie = ann.clone();
    assert_eq!(deletion_notices(&mut app).await.len(), 1);
    app.cookie = zed;
    assert!(deletion_notices(&mut app).await.is_empty());
    // Asking again keeps the first schedule and tells no one again.
    app.cookie = ann.clone();
    schedule(&mut app).await;
    assert_eq!(deletion_mail(&app, member).len(), 1);

    let res = app.call(Method::DELETE, "/api/firm/deletion", None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    let kept = format!("{firm} is no longer to be deleted");
    app.cookie = mo;
    let told = deletion_notices(&mut app).await;
    assert_eq!(told.len(), 2, "{told:?}");
    assert_eq!(told[0].0, kept);
    assert!(
        told[0]
            .1
            .starts_with("Ann Doe took the firm's scheduled deletion back"),
        "{}",
        told[0].1
    );
    assert_eq!(deletion_mail(&app, member), vec![kept, scheduled]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_due_deletion_removes_every_row_of_the_firm_and_nothing_of_another() {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    let (ann_firm, _zed_firm, [operator, ann, zed]) = three_firms(&mut app).await;
    app.cookie = zed.clone();
    let zed_before = app.get("/api/shortlist").await.json();
    let zed_views = app.get("/api/views").await.json();
    let before = every_row(&app).await;
    for sentinel in [NOTE, VIEW, INVITED, DEMO, "ann@doe-law.com"] {
        assert!(before.contains(sentinel), "{sentinel} is stored before");
    }
    app.cookie = ann.clone();
    assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
    let now = litstack::platform::clock::now_secs();

    let deleted = litstack::firms::deletion::run_due(&app.state.sub(), now).unwrap();
    let again = litstack::firms::deletion::run_due(&app.state.sub(), now).unwrap();

    assert_eq!(deleted, [ann_firm]);
    assert_eq!(again, Vec::<u64>::new(), "a deletion runs once");
    let after = every_row(&app).await;
    for sentinel in [NOTE, VIEW, INVITED, DEMO, "ann@doe-law.com"] {
        assert!(!after.contains(sentinel), "{sentinel} is still stored");
    }
    // Ann's session ended with her account.
    let res = app.get("/api/auth/me").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // Zed's firm is as it was.
    app.cookie = zed;
    assert_eq!(app.get("/api/shortlist").await.json(), zed_before);
    assert_eq!(app.get("/api/views").await.json(), zed_views);
    assert!(after.contains("Zed's note") && after.contains("zed@roe-law.com"));
    app.cookie = operator;
    let firms: Value = app.get("/api/admin/firms").await.json();
    let ids: Vec<u64> = firms["items"]
        .as_array()
        .unwrap_or_else(|| panic!("{firms}"))
        .iter()
        .map(|f| f["id"].as_u64().unwrap())
        .collect();
    assert!(!ids.contains(&ann_firm), "{firms}");
    assert_eq!(ids.len(), 2, "{firms}");
}

/// Deleted means gone from the file (issue 76, 7e): redb leaves a removed row's bytes in its
/// free pages, where `grep` found a deleted firm's notes, so a deletion ends by rewriting the file
/// from its live rows. The control: a kept firm's text is found in the same file, and the server
/// writes to the new file at once. PostgreSQL keeps dead tuples of its own (SECURITY.md).
#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_firms_text_is_gone_from_the_database_file_and_a_kept_firms_stays() {
    if on_postgres() {
        return;
    }
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    let (_, _, [_, ann, zed]) = three_firms(&mut app).await;
    let path = app.state.store.file().unwrap().path().to_path_buf();
    let live = || std::fs::read(&path).unwrap();
    let holds = |file: &[u8], text: &str| file.windows(text.len()).any(|w| w == text.as_bytes());
    let before = live();
    for planted in [NOTE, VIEW, INVITED, "Zed's note"] {
        assert!(holds(&before, planted), "{planted} is in the file before");
    }
    app.cookie = ann;
    assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
    let now = litstack::platform::clock::now_secs();

    litstack::firms::deletion::run_due(&app.state.sub(), now).unwrap();

    let after = live();
    for planted in [NOTE, VIEW, INVITED, "ann@doe-law.com"] {
        assert!(!holds(&after, planted), "{planted} is still in the file");
    }
    assert!(holds(&after, "Zed's note") && holds(&after, "zed@roe-law.com"));
    // The server goes on with the new file: Zed's next write lands in it.
    app.cookie = zed;
    let note = "Zed's note after the rewrite";
    let put = Some(json!({ "status": "Considering", "note": note }));
    ok(&mut app, Method::PUT, "/api/shortlist/11", put).await;
    assert!(
        holds(&live(), note),
        "a write after the rewrite is in the file"
    );
}

/// A deletion that runs while people sign up through the firm's invitations: each sign-up lands
/// before it, and its account goes with the firm, or is refused; neither side fails for the
/// other, and nothing of the firm stays. Both once failed here: on PostgreSQL the deletion locked
/// the firm's row and then its invitations while a sign-up locked its invitation and then the
/// firm's row (a deadlock, the sign-up's 500); on redb the "joined" audit line of a sign-up just
/// before the deletion was written after it, and stayed with the joiner's email.
#[tokio::test(flavor = "multi_thread")]
async fn a_deletion_while_invited_people_sign_up_removes_every_one_of_them() {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    for round in 0..8u64 {
        app.cookie = None;
        let owner = format!("owner{round}@doe-law.com");
        let res = app.sign_up_as("Ann Doe", &owner).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let firm = res.json()["user"]["firm"]["id"].as_u64().unwrap();
        let mut joins = Vec::new();
        for i in 0..3 {
            let email = format!("joiner{round}-{i}@doe-law.com");
            let token = app.invite(&email, "member").await;
            let body = json!({ "name": "Jo", "email": email, "password": crate::helpers::PASSWORD,
                               "inviteToken": token });
            let mut req = app.json_request(Method::POST, "/api/auth/sign-up", body);
            // Each from its own address: one address may sign up only so often.
            let from: std::net::SocketAddr =
                format!("127.0.{round}.{}:5000", i + 1).parse().unwrap();
            req.extensions_mut()
                .insert(axum::extract::ConnectInfo(from));
            joins.push(req);
        }
        assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
        let joins: Vec<_> = joins.into_iter().map(|req| app.spawn_send(req)).collect();
        // The deletion starts a little later each round, so it meets the sign-ups at each step.
        tokio::time::sleep(std::time::Duration::from_millis(round * 15)).await;
        let accounts = app.state.sub();
        let now = litstack::platform::clock::now_secs();
        let deleted =
            tokio::task::spawn_blocking(move || litstack::firms::deletion::run_due(&accounts, now));
        for join in joins {
            let res = join.await.unwrap();
            assert!(
                res.status == StatusCode::CREATED || res.status.is_client_error(),
                "round {round}: {} {}",
                res.status,
                res.text()
            );
        }
        let deleted = deleted.await.unwrap().expect("the deletion finishes");
        assert_eq!(deleted, [firm], "round {round}");
        nothing_stored_of(&app, &[&owner, &format!("joiner{round}-")], round).await;
    }
}

/// A firm's deletion while its members sign in, fresh and over their old sessions, one signs out,
/// the owner removes another and uses a reset link: each answers (before the deletion, or refused
/// after it; the deletion starts later each round, so that more of them come first), no
/// session of theirs works after it, and no row of them stays. On PostgreSQL a sign-in that read
/// the account before the deletion once failed on the new session's foreign key, or deadlocked
/// with the purge over its old session (a 500); on redb it stored a session for an account that
/// no longer existed.
#[tokio::test(flavor = "multi_thread")]
async fn a_deletion_while_its_members_sign_in_removes_every_one_of_them() {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    // On redb no foreign key refuses a session of an account that is gone: count them. The
    // operator's is the one that stays.
    let sessions_stored = |app: &TestApp| {
        app.state.store.file().ok().map(|file| {
            let tables = file.table_rows().unwrap();
            tables
                .iter()
                .find(|(t, _)| t == "sessions")
                .map_or(0, |(_, n)| *n)
        })
    };
    let operators = sessions_stored(&app);
    // Six rounds of three sign-ups: within the sign-ups one address may make in an hour.
    for round in 0..6u64 {
        let (firm, members, member_ids) = firm_of_three(&mut app, round).await;
        let owner = members[0].0.clone();
        assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
        let mut sign_ins = Vec::new();
        for (i, (email, session)) in members.iter().enumerate() {
            // Each member twice: fresh, and again over their old session.
            for (j, session) in [None, session.clone()].into_iter().enumerate() {
                app.cookie = session;
                let body = json!({ "email": email, "password": crate::helpers::PASSWORD });
                let mut req = app.json_request(Method::POST, "/api/auth/sign-in", body);
                // Each from its own address, as from the members' own machines.
                let from: std::net::SocketAddr = format!("127.1.{round}.{}:5000", i * 2 + j + 1)
                    .parse()
                    .unwrap();
                req.extensions_mut()
                    .insert(axum::extract::ConnectInfo(from));
                sign_ins.push(app.spawn_send(req));
            }
        }
        // Meanwhile the owner removes the second member, the first signs out, and the owner sets
        // a new password through a reset link.
        let (_, link) =
            litstack::accounts::reset_link_for(&app.state.sub(), &owner, "http://localhost:9")
                .unwrap();
        let token = link.url.split_once('#').unwrap().1.to_string();
        app.cookie = None;
        let reset = app.spawn_send(app.json_request(
            Method::POST,
            "/api/auth/reset-password",
            json!({ "token": token, "newPassword": "a-new-long-secret-9" }),
        ));
        app.cookie = members[0].1.clone();
        let path = format!("/api/firm/members/{}", member_ids[1]);
        let removal = app.spawn_send(
            app.request(Method::DELETE, &path)
                .body(Body::empty())
                .unwrap(),
        );
        app.cookie = members[1].1.clone();
        let sign_out = app.spawn_send(
            app.request(Method::POST, "/api/auth/sign-out")
                .body(Body::empty())
                .unwrap(),
        );
        app.cookie = None;
        // The deletion starts a little later each round, so it meets the sign-ins at each step.
        let deleted = deletion_after(&app, round * 40).await;
        let mut sessions = Vec::new();
        for sign_in in sign_ins {
            let res = sign_in.await.unwrap();
            assert!(
                res.status == StatusCode::OK || res.status == StatusCode::UNAUTHORIZED,
                "round {round}: {} {}",
                res.status,
                res.text()
            );
            sessions.extend(res.session());
        }
        let others = vec![
            ("removal", removal),
            ("sign-out", sign_out),
            ("reset", reset),
        ];
        answered(round, others).await;
        let deleted = deleted.await.unwrap().expect("the deletion finishes");
        assert_eq!(deleted, [firm], "round {round}");
        for session in sessions {
            app.cookie = Some(session);
            let me = app.get("/api/auth/me").await;
            assert_eq!(
                me.status,
                StatusCode::UNAUTHORIZED,
                "round {round}: {}",
                me.text()
            );
        }
        app.cookie = None;
        assert_eq!(sessions_stored(&app), operators, "round {round}");
        nothing_stored_of(&app, &[&owner, &format!("member{round}-")], round).await;
    }
}

/// Runs the due deletions, after `delay_ms`, on a thread of their own.
async fn deletion_after(
    app: &TestApp,
    delay_ms: u64,
) -> tokio::task::JoinHandle<litstack::platform::error::Result<Vec<u64>>> {
    tokio::time::sleep(std::time::Duration::from_millis(delay_ms)).await;
    let accounts = app.state.sub();
    let now = litstack::platform::clock::now_secs();
    tokio::task::spawn_blocking(move || litstack::firms::deletion::run_due(&accounts, now))
}

/// Waits for each request: done or refused (a 4xx), never a server error; counts the answers by
/// what was asked and their status.
async fn answered(
    round: u64,
    work: Vec<(&'static str, tokio::task::JoinHandle<TestResponse>)>,
) -> std::collections::BTreeMap<(&'static str, u16), u32> {
    let mut answered = std::collections::BTreeMap::new();
    for (what, answer) in work {
        let res = answer.await.unwrap();
        assert!(
            res.status.is_success() || res.status.is_client_error(),
            "round {round}: the {what}: {} {}",
            res.status,
            res.text()
        );
        *answered.entry((what, res.status.as_u16())).or_insert(0) += 1;
    }
    answered
}

/// The rows of the tables a member writes of their own as they work: profile views, meeting
/// clicks, notification choices.
fn member_rows(app: &TestApp) -> u64 {
    const TABLES: [&str; 3] = ["profile_views", "meeting_clicks", "notice_prefs"];
    // The redb file keeps the clicks under the name the table had before the seam.
    const FILE_TABLES: [&str; 3] = ["profile_views", "meeting_clicks_by_owner", "notice_prefs"];
    match &*app.state.store {
        litstack::platform::store::Store::File(file) => file
            .table_rows()
            .unwrap()
            .iter()
            .filter(|(t, _)| FILE_TABLES.contains(&t.as_str()))
            .map(|(_, n)| n)
            .sum(),
        litstack::platform::store::Store::Postgres(pg) => TABLES
            .iter()
            .map(|t| pg.counted(t, 0).unwrap().copied)
            .sum(),
    }
}

/// A firm's deletion while its members open a vendor's profile, click its scheduler, choose their
/// notifications and mark them read: each of those answers (a 410 once the firm is gone, never a
/// 500), and none of their rows lands behind the deletion's purge.
#[tokio::test(flavor = "multi_thread")]
async fn a_deletion_while_its_members_work_leaves_none_of_their_rows() {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    let vendor = app.import_vendors(
        "name,category,websiteUrl,bookingUrl,description,bookingSourceUrl,bookingVerifiedOn\n\
         Slotwise,Intake,https://slotwise.example.com,https://slotwise.example.com/book,Books intake calls.,https://slotwise.example.com/contact,2026-11-20\n",
    )[0];
    for round in 0..6u64 {
        let (firm, people, _) = firm_of_three(&mut app, round).await;
        let sessions: Vec<Option<String>> = people.into_iter().map(|(_, s)| s).collect();
        assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
        let mut work = Vec::new();
        for session in &sessions {
            app.cookie = session.clone();
            for _ in 0..3 {
                let profile = format!("/api/vendors/{vendor}");
                let profile = app.request(Method::GET, &profile).body(Body::empty());
                work.push(("profile", app.spawn_send(profile.unwrap())));
                let click = json!({ "vendorId": vendor, "sourcePage": "PROFILE" });
                let click = app.json_request(Method::POST, "/api/meeting-clicks", click);
                work.push(("click", app.spawn_send(click)));
                let choice = json!({ "demoFollowUp": { "email": false, "inApp": true } });
                let choice = app.json_request(Method::PUT, "/api/me/notifications", choice);
                work.push(("choice", app.spawn_send(choice)));
                let read = json!({ "all": true });
                let read = app.json_request(Method::POST, "/api/notifications/read", read);
                work.push(("read", app.spawn_send(read)));
            }
        }
        app.cookie = None;
        // The deletion starts a little later each round, so it meets the writes at each step.
        let deleted = deletion_after(&app, round * 3).await;
        let answered = answered(round, work).await;
        let deleted = deleted.await.unwrap().expect("the deletion finishes");
        assert_eq!(deleted, [firm], "round {round}");
        assert_eq!(
            member_rows(&app),
            0,
            "round {round}: rows left behind the deletion; answers {answered:?}"
        );
    }
}

/// Fails when any of `texts` (an email, or its start) is still stored anywhere, showing where.
async fn nothing_stored_of(app: &TestApp, texts: &[&str], round: u64) {
    let rows = every_row(app).await;
    for gone in texts {
        if let Some(at) = rows.find(gone) {
            let around = &rows.as_bytes()[at.saturating_sub(300)..(at + 200).min(rows.len())];
            let around = String::from_utf8_lossy(around);
            panic!("round {round}: {gone} is still stored: {around:?}");
        }
    }
}

/// A new firm of round `round`: its owner, then two members who joined it, each with their email
/// and session; and the members' ids. Leaves the owner's session in the jar.
async fn firm_of_three(
    app: &mut TestApp,
    round: u64,
) -> (u64, Vec<(String, Option<String>)>, Vec<u64>) {
    let owner = format!("owner{round}@doe-law.com");
    let firm = new_firm(app, &owner).await;
    let owner_session = app.cookie.clone();
    let mut people = vec![(owner, owner_session.clone())];
    let mut member_ids = Vec::new();
    for i in 0..2 {
        app.cookie = owner_session.clone();
        let email = format!("member{round}-{i}@doe-law.com");
        let token = app.invite(&email, "member").await;
        let res = app.join(&token, "Mo", &email).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        member_ids.push(res.json()["user"]["id"].as_u64().unwrap());
        people.push((email, app.cookie.clone()));
    }
    app.cookie = owner_session;
    (firm, people, member_ids)
}

/// Signs up an owner of a new firm, leaves their session in the jar; answers the firm's id.
async fn new_firm(app: &mut TestApp, email: &str) -> u64 {
    app.cookie = None;
    let res = app.sign_up_as("Bo Roe", email).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()["user"]["firm"]["id"].as_u64().unwrap()
}

/// A firm's deletion and the operator's merge of that firm, at once: one acts, and the other
/// finds nothing left to do (the merge takes the scheduled deletion with the merged firm) or
/// refuses (the deleted firm is gone; a merge into a firm being deleted is refused anyway). On PostgreSQL the two once locked the firm's row and its
/// scheduled deletion in opposite orders.
#[tokio::test(flavor = "multi_thread")]
async fn a_deletion_and_a_merge_of_the_firm_at_once_both_finish() {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    let operator = app.cookie.take();
    for round in 0..8u64 {
        let other = new_firm(&mut app, &format!("other{round}@roe-law.com")).await;
        let leaving = new_firm(&mut app, &format!("leaving{round}@doe-law.com")).await;
        assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
        // Half the rounds merge the leaving firm away, half merge the other one into it.
        let (into, from) = if round % 2 == 0 {
            (other, leaving)
        } else {
            (leaving, other)
        };
        app.cookie = operator.clone();
        let merge = json!({ "into": into, "from": from });
        let merged =
            app.spawn_send(app.json_request(Method::POST, "/api/admin/firms/merge", merge));
        tokio::time::sleep(std::time::Duration::from_millis(round % 4)).await;
        let accounts = app.state.sub();
        let now = litstack::platform::clock::now_secs();
        let deleted =
            tokio::task::spawn_blocking(move || litstack::firms::deletion::run_due(&accounts, now));
        let merged = merged.await.unwrap();
        let status = merged.status;
        // A merge into the leaving firm is refused while its deletion is scheduled.
        let answers = if into == leaving {
            [StatusCode::CONFLICT, StatusCode::NOT_FOUND]
        } else {
            [StatusCode::OK, StatusCode::NOT_FOUND]
        };
        assert!(
            answers.contains(&status),
            "round {round}: {status} {}",
            merged.text()
        );
        let deleted = deleted.await.unwrap().expect("the deletion finishes");
        // The leaving firm went, by the deletion or inside the firm it was merged into.
        let firms = app.get("/api/admin/firms").await.json();
        let left: Vec<u64> = firms["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["id"].as_u64().unwrap())
            .collect();
        // In every order: merged away (the deletion then finds nothing), deleted (the merge then
        // answers 404), or the merge into it refused and the firm deleted alone.
        assert!(
            !left.contains(&leaving),
            "round {round}: the leaving firm stays ({status}, deleted {deleted:?}): {left:?}"
        );
    }
}

/// The firm's audit log as its owner reads it (the session in the jar).
async fn audit_log(app: &mut TestApp) -> Value {
    let res = app.get("/api/firm/audit").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

/// An owner schedules their firm's deletion; the operator then tries to merge their own firm into
/// it. The merge is refused (a deletion would take the operator with it), saying what to do, and
/// the deletion then removes the firm alone: the operator, their firm and their session stay.
/// Once the merge went through and the deletion took the operator's account and firm.
#[tokio::test(flavor = "multi_thread")]
async fn a_merge_into_a_firm_scheduled_for_deletion_is_refused_and_its_deletion_spares_the_operator()
 {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    let operators_firm = app
        .sign_up_as("Olga Operator", "olga@install.test")
        .await
        .json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let operator = app.cookie.take();
    let leaving = new_firm(&mut app, "mo@doe-law.com").await;
    let res = schedule(&mut app).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let due_day = res.json()["dueAt"].as_str().unwrap()[..10].to_string();

    app.cookie = operator.clone();
    let merge = json!({ "into": leaving, "from": operators_firm });
    let res = app.post("/api/admin/firms/merge", merge).await;

    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.error(),
        format!(
            "Doe & Partners is scheduled for deletion on {due_day}: take its deletion back \
             before merging another firm into it."
        )
    );
    let now = litstack::platform::clock::now_secs();
    let deleted = litstack::firms::deletion::run_due(&app.state.sub(), now).unwrap();
    assert_eq!(deleted, [leaving]);
    let me = app.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    assert_eq!(me.json()["user"]["isAdmin"], true);
    assert_eq!(me.json()["user"]["firm"]["id"], operators_firm);
    let firms = app.get("/api/admin/firms").await.json();
    let ids: Vec<u64> = firms["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [operators_firm], "{firms}");
    nothing_stored_of(&app, &["mo@doe-law.com"], 0).await;
}

/// A deletion checks again when it runs: the operator who joined the firm after it was scheduled
/// (here promoted from among its members, as `litstack users promote` does) is never deleted.
/// The deletion does not run and is no longer scheduled, the firm's audit log says why, once, and
/// a later run finds nothing to do.
#[tokio::test(flavor = "multi_thread")]
async fn a_due_deletion_of_a_firm_that_now_holds_the_operator_does_not_run_and_says_why() {
    let mut app = TestApp::with_config(|c| c.firm_deletion_days = 0);
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    let firm = new_firm(&mut app, "mo@doe-law.com").await;
    let token = app.invite("al@doe-law.com", "member").await;
    let owner = app.cookie.clone();
    app.join(&token, "Al", "al@doe-law.com").await;
    app.cookie = owner;
    assert_eq!(schedule(&mut app).await.status, StatusCode::OK);
    assert!(litstack::accounts::promote(&app.state.sub(), "al@doe-law.com").unwrap());

    let now = litstack::platform::clock::now_secs();
    let deleted = litstack::firms::deletion::run_due(&app.state.sub(), now).unwrap();
    let again = litstack::firms::deletion::run_due(&app.state.sub(), now).unwrap();

    assert_eq!(deleted, Vec::<u64>::new());
    assert_eq!(again, Vec::<u64>::new());
    let me = app.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    assert_eq!(me.json()["user"]["firm"]["id"], firm);
    let deletion = app.get("/api/firm/deletion").await.json();
    assert_eq!(deletion["scheduled"], false, "{deletion}");
    let log = audit_log(&mut app).await;
    let skipped: Vec<&Value> = log["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "firm_deletion_skipped")
        .collect();
    assert_eq!(skipped.len(), 1, "{log}");
    let detail = skipped[0]["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("The firm's deletion, scheduled by Bo Roe for ")
            && detail.contains("did not run: the install's operator is now one of its members"),
        "{detail}"
    );
    let firms: Vec<u64> = litstack::accounts::all_firms(&app.state.store)
        .unwrap()
        .iter()
        .map(|f| f.id.get())
        .collect();
    assert!(firms.contains(&firm), "{firms:?}");
}
