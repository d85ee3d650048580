//! A full disk, in process and on any machine: the storage backend answers writes as a full disk
//! does (`litstack::platform::store::fault::DiskFull`: `ENOSPC`, which redb latches until the file is
//! reopened). After a failed write of each kind, every read route answers as before, a sign-in
//! (which saves a session) is refused readably, and once space is freed writes work again with
//! nothing of the failed ones kept. `full_disk_real.rs` fills a real file system under the binary.

use axum::http::{Method, StatusCode};
use litstack::platform::error::DISK_FULL;
use litstack::platform::store::fault::DiskFull;
use litstack::platform::store::{FileStore, Store, seam};
use serde_json::{Value, json};

use crate::bookings::upload;
use crate::helpers::{PASSWORD, TestApp, TestResponse};

const ADMIN: &str = "ann@doe-law.com";
const LAWMATICS: u64 = 12;
const AVVO: u64 = 1;
const INTAKE: u64 = 2;
const TECH_STACK: &str = "/api/profile/category-adoption";
/// The read routes of the dashboard, the shortlist, the vendors and the tech stack.
const READS: [&str; 5] = [
    "/api/auth/me",
    "/api/trends",
    "/api/shortlist",
    "/api/vendors",
    TECH_STACK,
];

fn bookings(first_id: u64, rows: u64) -> String {
    let mut csv = String::from(
        "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,\
         State,DMA\n",
    );
    for id in first_id..first_id + rows {
        csv += &format!(
            "{id},2026-0{}-1{}T10:00:00Z,Intake,Lawmatics,E6_20,\"Austin, TX\",TX,Austin\n",
            1 + id % 6,
            id % 10
        );
    }
    csv
}

/// An admin with bookings, a shortlist and a tech stack, on a data directory whose disk a test
/// can fill; restarted once, so that redb's cache is cold as a server's is after a while.
async fn an_install_on_a_disk_that_fills() -> (TestApp, DiskFull) {
    let mut disk = None;
    let mut app = TestApp::with_config(|c| {
        c.storage.database_url = None;
        disk = Some(DiskFull::install(&c.storage.data_dir));
    });
    app.sign_up().await;
    let res = upload(&mut app, "bookings.csv", bookings(1, 300).as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = put(&mut app, "/api/shortlist/12", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let items = json!({ "items": [{ "categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [LAWMATICS] }] });
    let res = app.post(TECH_STACK, items).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    (app.restarted(), disk.unwrap())
}

async fn put(app: &mut TestApp, path: &str, body: Value) -> TestResponse {
    app.call(Method::PUT, path, Some(body)).await
}

/// Every read route's answer, each asserted to be a 200.
async fn read_all(app: &mut TestApp, after: &str) -> Vec<Value> {
    let mut answers = Vec::new();
    for path in READS {
        let res = app.get(path).await;
        assert_eq!(
            res.status,
            StatusCode::OK,
            "GET {path} after {after}: {}",
            res.text()
        );
        answers.push(res.json());
    }
    answers
}

fn refused_for_want_of_space(res: &TestResponse, what: &str) {
    assert_eq!(
        res.status,
        StatusCode::INSUFFICIENT_STORAGE,
        "{what} on a full disk: {}",
        res.text()
    );
    assert_eq!(res.error(), DISK_FULL, "{what}");
}

/// Signs in as a new browser would (without the app's cookie, which is kept).
async fn sign_in(app: &mut TestApp) -> TestResponse {
    let kept = app.cookie.take();
    let res = app.sign_in(ADMIN, PASSWORD).await;
    app.cookie = kept;
    res
}

/// Makes the session in the cookie jar due a write-back of its last-seen time at its next use:
/// it was last written back ten minutes ago, and the server holds no newer copy in memory.
fn age_session(app: &TestApp) {
    // The sessions as the seam declares them (`accounts::storage::sessions`), each value its JSON:
    // keyed by (person, the first 63 bits of the token's hash).
    const SESSIONS: seam::Table<(u64, u64), Value> =
        seam::Table::declare("sessions", &["user_id", "token_key"], None);
    assert!(
        matches!(&*app.state.store, Store::File(_)),
        "a full-disk test runs on the redb file"
    );
    let hash = litstack::platform::caller::hash_token(app.cookie.as_deref().unwrap());
    seam::write(&app.state.store, |tx| {
        let (key, mut session) = tx
            .range(&SESSIONS, &[])?
            .into_iter()
            .find(|((_, token_key), _)| *token_key == seam::hash_key(&hash))
            .expect("the session is stored");
        for field in ["last_seen", "created_at"] {
            session[field] = json!(session[field].as_i64().unwrap() - 600);
        }
        tx.insert(&SESSIONS, key, &session)
    })
    .unwrap();
    app.state.sessions.forget_all();
}

#[tokio::test(flavor = "multi_thread")]
async fn reads_answer_after_each_kind_of_failed_write_and_writes_work_again_once_space_is_freed() {
    let (mut app, disk) = an_install_on_a_disk_that_fills().await;
    let before = read_all(&mut app, "nothing").await;
    assert_eq!(before[1]["total"], 300);
    age_session(&app);

    // Each kind of write fails readably on the full disk, redb latching the failure; after each,
    // every read answers as before and a sign-in, which must save a session, is refused readably
    // (as every write is until space is freed). The first read is also due to write back the
    // session's last-seen time, which cannot be saved. Freeing the space lets the next sign-in in.
    let failed_writes: [(&str, Method, &str, Option<Value>); 5] = [
        ("an import", Method::POST, "import", None),
        (
            "a sign-up",
            Method::POST,
            "/api/auth/sign-up",
            Some(
                json!({ "name": "Bob Roe", "email": "bob@doe-law.com", "password": PASSWORD,
                         "lawFirm": "Roe LLP", "firmSize": "E6_20" }),
            ),
        ),
        (
            "a shortlist change",
            Method::PUT,
            "/api/shortlist/1",
            Some(json!({})),
        ),
        (
            "a tech-stack change",
            Method::POST,
            TECH_STACK,
            Some(json!({ "items": [{ "categoryId": INTAKE, "hasTool": false }] })),
        ),
        ("a sign-in", Method::POST, "sign-in", None),
    ];
    for (what, method, path, body) in failed_writes {
        disk.fill();
        let res = match path {
            "import" => upload(&mut app, "more.csv", bookings(1001, 500).as_bytes()).await,
            "sign-in" => sign_in(&mut app).await,
            path => {
                let kept = app.cookie.clone();
                let res = app.call(method, path, body).await;
                app.cookie = kept;
                res
            }
        };
        refused_for_want_of_space(&res, what);
        for _ in 0..3 {
            assert_eq!(read_all(&mut app, what).await, before, "after {what}");
            refused_for_want_of_space(&sign_in(&mut app).await, "a sign-in");
        }
        disk.free();
        let res = sign_in(&mut app).await;
        assert_eq!(
            res.status,
            StatusCode::OK,
            "sign-in once space is freed: {}",
            res.text()
        );
    }

    let res = put(&mut app, &format!("/api/shortlist/{AVVO}"), json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = upload(&mut app, "more.csv", bookings(1001, 500).as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        res.json()["inserted"],
        500,
        "the failed import left nothing behind"
    );
    let res = app.sign_up_as("Bob Roe", "bob@doe-law.com").await;
    assert_eq!(
        res.status,
        StatusCode::CREATED,
        "the failed sign-up left nothing behind: {}",
        res.text()
    );

    // Nothing of the failed writes was kept, and everything since is.
    let data_dir = app.data_dir();
    let mut app = app.restarted();
    app.cookie = None;
    let res = app.sign_in(ADMIN, PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let after = read_all(&mut app, "a restart").await;
    assert_eq!(after[1]["total"], 800);
    let shortlisted: Vec<u64> = after[2]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["entries"].as_array().unwrap())
        .map(|e| e["vendorId"].as_u64().unwrap())
        .collect();
    assert_eq!(shortlisted, [AVVO, LAWMATICS]);
    assert_eq!(after[4], before[4], "the tech stack as it was");
    let _kept = app.shut_down();
    let report = FileStore::check(&data_dir).unwrap();
    assert!(report.integrity_ok, "{report}");
    assert_eq!(report.rows("users"), Some(2));
    assert_eq!(report.bookings, 800);
}
