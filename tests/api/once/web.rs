use axum::http::{Method, StatusCode, header};
use litstack::platform::firm_id::FirmId;
use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test(flavor = "multi_thread")]
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

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_asset_is_a_404_not_the_app() {
    let mut app = TestApp::new();
    let res = app.get("/assets/missing-1234.js").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
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

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_api_path_is_a_json_404() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app.get("/api/nothing-here").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), "No API endpoint GET /api/nothing-here");
    assert_eq!(res.headers[header::CACHE_CONTROL], "no-store");
}

#[tokio::test(flavor = "multi_thread")]
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

#[tokio::test(flavor = "multi_thread")]
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

/// One session rule for every session cookie: a write that carries only a vendor's session and
/// says nothing of where it comes from (no Origin, Referer or Sec-Fetch-Site) is refused as a
/// firm's is; the same write from our own page goes through.
#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_sessions_write_without_an_origin_is_refused_like_a_firms() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let vendor = app
        .state
        .catalog
        .load()
        .vendors
        .iter()
        .find(|v| v.is_active)
        .unwrap()
        .id;
    let token =
        crate::vendor_accounts::handed_over_invitation(&mut app, vendor, "pat@anywhere.test").await;
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat Keeper", "password": "quiet-harbour-lantern-42" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let vendor_cookie = app.vendor_cookie.clone().expect("a vendor session");
    let propose = |origin: Option<&str>| {
        let mut b = axum::http::Request::builder()
            .method(Method::POST)
            .uri("/api/vendor/proposals")
            .header(header::HOST, "localhost")
            .header(header::COOKIE, format!("litstack_vendor={vendor_cookie}"))
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(origin) = origin {
            b = b.header(header::ORIGIN, origin);
        }
        b.body(axum::body::Body::from(
            json!({ "description": "Proposed by whoever sent this." }).to_string(),
        ))
        .unwrap()
    };

    let res = app.send(propose(None)).await;

    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    assert!(res.error().contains("another site"), "{}", res.error());
    let listed = app.get("/api/vendor/proposals").await.json();
    assert_eq!(listed["items"].as_array().unwrap().len(), 0, "{listed}");
    let res = app.send(propose(Some("http://localhost"))).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
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

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_downloads_a_backup_that_opens_and_passes_its_integrity_check() {
    let mut app = TestApp::on_file();
    app.sign_up().await;
    app.complete_onboarding().await;
    let res = app.post("/api/admin/backup", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert!(
        res.headers[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("litstack-backup-")
    );
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.redb");
    std::fs::write(&copy, &res.body).unwrap();
    litstack::platform::store::backup::verify(&copy).unwrap();

    // The copy is a working data directory: the account and its onboarding are there.
    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).unwrap();
    std::fs::rename(&copy, restored.join("litstack.redb")).unwrap();
    let state = litstack::AppState::open(litstack::Config::for_data_dir(&restored)).unwrap();
    let user = litstack::accounts::find_by_email(
        &state.sub(),
        &litstack::accounts::Email::parse("ann@doe-law.com").unwrap(),
    )
    .unwrap()
    .unwrap();
    assert!(
        litstack::profile::load_onboarding(&state.store, FirmId::for_fixtures(user.id))
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

#[tokio::test(flavor = "multi_thread")]
async fn only_admins_download_backups() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.cookie = None;
    app.sign_up_as("Bo", "bo@roe.com").await;
    let res = app.post("/api/admin/backup", json!({})).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.error(), "Admin access required.");
}

/// The backup holds every secret of the install (second-factor keys, single sign-on secrets, the
/// SMTP URL): it is asked for as a firm's archive is, with a current code where the operator has
/// a second factor, and each download leaves an audit entry. A plain GET, which a link could
/// make, is no longer routed.
#[tokio::test(flavor = "multi_thread")]
async fn an_operator_with_a_second_factor_downloads_a_backup_only_with_a_current_code() {
    let mut app = TestApp::on_file();
    app.sign_up().await;
    let (secret, _) = crate::mfa::factor_for_signed_in(&mut app).await;

    let res = app.get("/api/admin/backup").await;
    assert_eq!(res.status, StatusCode::METHOD_NOT_ALLOWED);
    let res = app.post("/api/admin/backup", json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(
        res.error(),
        "Enter a current code from your authenticator app (or a recovery code)."
    );
    let res = app
        .post("/api/admin/backup", json!({ "code": "000000" }))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(res.error(), litstack::accounts::mfa::WRONG_CODE);
    let log = app.get("/api/firm/audit").await.json();
    assert!(!log.to_string().contains("backup"), "{log}");

    let res = app
        .post(
            "/api/admin/backup",
            json!({ "code": crate::mfa::code_at(&secret, 1) }),
        )
        .await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.redb");
    std::fs::write(&copy, &res.body).unwrap();
    litstack::platform::store::backup::verify(&copy).unwrap();
    let log = app.get("/api/firm/audit").await.json();
    let entry = log["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "backup_downloaded")
        .unwrap_or_else(|| panic!("no audit entry: {log}"));
    assert!(
        entry["detail"]
            .as_str()
            .unwrap()
            .contains("downloaded a backup of the whole install"),
        "{entry}"
    );
}

#[tokio::test(flavor = "multi_thread")]
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

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_never_overwrites_an_existing_file() {
    let app = TestApp::on_file();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("exists.redb");
    std::fs::write(&target, b"precious").unwrap();
    let err = litstack::platform::store::backup::backup_to(
        app.state.store.file().unwrap(),
        &target,
        &litstack::registry::redb_tables(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("already exists"));
    assert_eq!(std::fs::read(&target).unwrap(), b"precious");
}

/// Vendors with everything the catalog stores beside a vendor: where its facts and its booking
/// link were checked, a website, and a duplicate to merge.
const BACKUP_VENDORS: &str = "name,category,websiteUrl,bookingUrl,description,sourceUrl,verifiedOn,bookingSourceUrl,bookingVerifiedOn
Slotwise,Intake,https://slotwise.example.com,https://slotwise.example.com/book,Books intake calls.,https://slotwise.example.com/about,2026-11-01,https://slotwise.example.com/contact,2026-11-20
Paperless Co,Intake,https://paperless.example.com,,No scheduler yet.,,,,
Slotwise Inc,Intake,https://slotwise-inc.example.com,,A duplicate of Slotwise.,,,,
";

/// Uses every feature that stores something, so that every table of the redb file holds a row.
async fn use_everything(app: &mut TestApp) {
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    assert_eq!(app.complete_onboarding().await.status, StatusCode::OK);
    let vendors = app.import_vendors(BACKUP_VENDORS);
    let (slotwise, paperless, duplicate) = (vendors[0], vendors[1], vendors[2]);
    let ok = |res: crate::helpers::TestResponse| {
        assert!(res.status.is_success(), "{}: {}", res.status, res.text());
        match res.body.is_empty() {
            true => serde_json::Value::Null,
            false => res.json(),
        }
    };
    let click = json!({ "vendorId": slotwise, "sourcePage": "BROWSE" });
    ok(app.post("/api/meeting-clicks", click).await);
    let click = json!({ "vendorId": paperless, "sourcePage": "PROFILE", "kind": "WEBSITE" });
    ok(app.post("/api/meeting-clicks", click).await);
    let merge = json!({ "from": duplicate, "into": slotwise });
    ok(app.post("/api/admin/vendors/merge", merge).await);
    let adoption = json!({ "items": [{ "categoryId": 2, "hasTool": false }] });
    ok(app.post("/api/profile/category-adoption", adoption).await);
    // Twenty rows, then one of them corrected: a change too small to write its block again is
    // kept beside it (`booking_changes`).
    let mut file = crate::bookings::known_file();
    for id in 7..=20 {
        file.push_str(&format!(
            "{id},2026-01-07T10:00:00Z,Intake,Clio,SOLO,,,,,\n"
        ));
    }
    ok(crate::bookings::upload(app, "bookings.csv", file.as_bytes()).await);
    let corrected = file.replace(
        "20,2026-01-07T10:00:00Z,Intake,Clio,SOLO",
        "20,2026-01-07T10:00:00Z,Intake,Clio,E2_5",
    );
    let report = ok(crate::bookings::upload(app, "bookings.csv", corrected.as_bytes()).await);
    assert_eq!(report["updated"], 1, "{report}");

    // Picks in two categories, one cleared (kept for its undo), a dismissal, past picks.
    let intake = app.state.catalog.load().categories[0].id;
    for category in [intake, 2] {
        let answers: Vec<_> = (app.state.catalog.load().questions(category).iter())
            .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
            .collect();
        let body = json!({ "categoryId": category, "answers": answers });
        let response = ok(app.post("/api/responses", body).await);
        let body = json!({ "responseId": response["responseId"], "categoryId": category });
        ok(app.post("/api/recommendations/compute", body).await);
        if category == intake {
            ok(app
                .call(Method::DELETE, "/api/recommendations/persisted", None)
                .await);
        }
    }
    let persisted = ok(app.get("/api/recommendations/persisted").await);
    let pick = &persisted["items"][0]["picks"][0]["vendorId"];
    let dismissal = json!({ "vendorId": pick, "reason": "too_expensive" });
    ok(app.post("/api/recommendations/dismissed", dismissal).await);
    let entry = json!({ "status": "Demo booked", "note": "Tuesday" });
    ok(app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{slotwise}"),
            Some(entry),
        )
        .await);
    let entry = json!({ "status": "Considering" });
    ok(app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{paperless}"),
            Some(entry),
        )
        .await);
    ok(app
        .call(Method::DELETE, &format!("/api/shortlist/{paperless}"), None)
        .await);
    let view = json!({ "name": "Texas this year", "params": "state=TX&start=2026-01-01" });
    ok(app.post("/api/views", view).await);
    // A contract for a tool of the stack, and the firm's calendar feed (issue 32).
    let intake_id = app
        .state
        .catalog
        .load()
        .vendor(slotwise)
        .unwrap()
        .category_id;
    let adoption = json!({ "items": [{
        "categoryId": intake_id, "hasTool": true, "selectedVendorIds": [slotwise]
    }] });
    ok(app.post("/api/profile/category-adoption", adoption).await);
    let contract = json!({
        "startDate": "2026-01-01", "termMonths": 12, "noticeDays": 30, "annualCost": 120000,
        "seats": 5, "responsibleUserId": ann
    });
    let path = format!("/api/techstack/{slotwise}/contract");
    ok(app.call(Method::PUT, &path, Some(contract)).await);
    ok(app.post("/api/firm/calendar-feed", json!({})).await);

    // Mail on (to a server that is not there): the invitation below waits in the outbox.
    let mail =
        json!({ "smtpUrl": "smtp://127.0.0.1:9", "from": "Litstack <litstack@doe-law.example>" });
    ok(app.call(Method::PUT, "/api/admin/mail", Some(mail)).await);

    // The firm: a pending invitation, a member with a reset link, another firm merged in.
    app.invite("di@doe-law.com", "member").await;
    let token = app.invite("ed@doe-law.com", "member").await;
    let owner = app.cookie.take();
    let ed = ok(app.join(&token, "Ed Doe", "ed@doe-law.com").await)["user"]["id"].clone();
    app.cookie = None;
    let bo = ok(app.sign_up_as("Bo Roe", "bo@roe-law.com").await);
    app.cookie = owner;
    ok(app
        .post(&format!("/api/firm/members/{ed}/reset-link"), json!({}))
        .await);
    // Notifications: Ed's role change (a notice, a mail with its unsubscribe address), Ann's
    // preferences, a demo date and its follow-up.
    ok(app
        .patch(
            &format!("/api/firm/members/{ed}"),
            json!({ "role": "admin" }),
        )
        .await);
    let prefs = json!({ "roleChanged": { "email": false, "inApp": true } });
    ok(app
        .call(Method::PUT, "/api/me/notifications", Some(prefs))
        .await);
    let booked = json!({ "status": "Demo booked", "demoDate": "2026-03-10" });
    ok(app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{slotwise}"),
            Some(booked),
        )
        .await);
    let day_after = chrono::NaiveDate::from_ymd_opt(2026, 3, 11)
        .unwrap()
        .and_hms_opt(9, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp();
    let written = litstack::shortlist::followup::run_once(
        &app.state.sub(),
        Some("http://localhost"),
        day_after,
    )
    .unwrap();
    assert_eq!(written, 1);
    // The contract's renewal reminder on its deadline (2026-12-02): a claim row (issue 32).
    let deadline_day = chrono::NaiveDate::from_ymd_opt(2026, 12, 2)
        .unwrap()
        .and_hms_opt(9, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp();
    let reminded = litstack::techstack::reminders::run_once(
        &app.state.sub(),
        Some("http://localhost"),
        deadline_day,
    )
    .unwrap();
    assert_eq!(reminded, 1);
    // An evaluation of Slotwise's category: criteria, a submitted scorecard, a reference call
    // (issue 32).
    let category = app
        .state
        .catalog
        .load()
        .vendor(slotwise)
        .unwrap()
        .category_id;
    let criteria = json!({ "criteria": [{ "name": "Price", "weight": 100 }] });
    let evaluation = format!("/api/evaluations/{category}");
    ok(app
        .call(
            Method::PUT,
            &format!("{evaluation}/criteria"),
            Some(criteria),
        )
        .await);
    let scores = json!({ "scores": [{ "criterionId": "price", "score": 4 }] });
    let card = format!("{evaluation}/scorecards/{slotwise}");
    ok(app.call(Method::PUT, &card, Some(scores)).await);
    ok(app.post(&format!("{card}/submit"), json!({})).await);
    let reference = json!({
        "vendorId": slotwise, "firmCalled": "Roe Law", "firmSize": "2-5 staff",
        "date": "2026-01-05", "questions": [{ "question": "Support?", "answer": "Fast" }]
    });
    ok(app
        .post(&format!("{evaluation}/references"), reference)
        .await);
    // A decision on the shortlisted tool, with its first version (issue 32): proposing it closes
    // the evaluation's round.
    let decision = json!({
        "categoryId": intake_id, "vendorId": slotwise, "reasons": "Best fit",
        "annualCost": 120000, "startDate": "2026-03-01"
    });
    ok(app.post("/api/decisions", decision).await);
    let merge = json!({ "into": 1, "from": bo["user"]["firm"]["id"] });
    ok(app.post("/api/admin/firms/merge", merge).await);
    // Single sign-on: a provider, a confirmed domain, a linked identity, a flow begun.
    crate::sso::use_sso(app, 1, "doe-law.com").await;
    // A session the server ended: Ann's first one, by her password change in a second one.
    let first = app.cookie.take();
    ok(app
        .sign_in("ann@doe-law.com", crate::helpers::PASSWORD)
        .await);
    let change = json!({
        "currentPassword": crate::helpers::PASSWORD, "newPassword": "Copper-Meadow-Whistle-27"
    });
    let res = app.post("/api/auth/change-password", change).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    app.cookie = first;
    let res = app.get("/api/auth/me").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(ann, 1);
    // A second factor, and a sign-in waiting for its code.
    app.cookie = None;
    ok(app
        .sign_in("ann@doe-law.com", "Copper-Meadow-Whistle-27")
        .await);
    let setup = ok(app.post("/api/auth/mfa/totp/setup", json!({})).await);
    let code = crate::mfa::code_at(setup["secret"].as_str().unwrap(), 0);
    ok(app
        .post("/api/auth/mfa/totp/confirm", json!({ "code": code }))
        .await);
    // The firm requires a second factor of every member.
    let required = json!({ "required": true });
    ok(app
        .call(Method::PUT, "/api/firm/mfa-required", Some(required))
        .await);
    // The firm shares what it pays (issue 32).
    ok(app
        .call(
            Method::PUT,
            "/api/firm/price-sharing",
            Some(json!({ "share": true })),
        )
        .await);
    // A firm member opens a profile (counted for the vendor's figures), and the operator gives
    // a vendor a logo, which Litstack copies (issue 47).
    ok(app.get(&format!("/api/vendors/{slotwise}")).await);
    let server = crate::vendor_logos::vendor_server().await;
    ok(app
        .patch(
            &format!("/api/admin/vendors/{slotwise}"),
            json!({ "logoUrl": format!("{server}/logo.png") }),
        )
        .await);
    // A vendor keeps its listing (issue 47): the operator invites a person, who joins.
    let invited = ok(app
        .post(
            "/api/admin/vendors/1/vendor-invitations",
            json!({ "email": "vera@vendor-side.test" }),
        )
        .await);
    // Mailed (mail is on here): the link is in the queued message's text.
    assert_eq!(invited["mailed"], true);
    // A second person is invited and has not answered: the link waits.
    ok(app
        .post(
            "/api/admin/vendors/2/vendor-invitations",
            json!({ "email": "walt@vendor-two.test" }),
        )
        .await);
    let queued = litstack::mail::storage::recent(&app.state.store, 50).unwrap();
    let text = queued
        .iter()
        .find(|m| m.to == "vera@vendor-side.test")
        .and_then(|m| m.text.clone())
        .unwrap();
    let token = text
        .split_whitespace()
        .find_map(|w| w.split_once("/vendor/join#"))
        .unwrap()
        .1
        .to_string();
    let ann_session = app.cookie.take();
    let accept = json!({ "token": token, "name": "Vera", "password": "quiet-harbour-lantern-42" });
    ok(app.post("/api/vendor/links/accept", accept).await);
    // A demo request to the vendor that now has people, and a vendor without any asked to join
    // (issue 80).
    app.cookie = ann_session;
    let ask = json!({ "shareName": true, "note": "Intake in March" });
    ok(app.post("/api/vendors/1/demo-requests", ask).await);
    let join = format!("/api/vendors/{paperless}/join-request");
    ok(app.call(Method::POST, &join, None).await);
    app.cookie = None;
    app.vendor_cookie = None;
    let res = ok(app
        .sign_in("ann@doe-law.com", "Copper-Meadow-Whistle-27")
        .await);
    assert_eq!(res["mfaRequired"], true);
}

/// A table's rows, each as its key's and its value's bytes.
type Rows = Vec<(Vec<u8>, Vec<u8>)>;

/// Every row of the table `name`, as its key's and value's bytes. redb refuses to open a table
/// with other types than it was made with, so the types are tried in turn.
fn rows_of(txn: &redb::ReadTransaction, name: &str) -> Rows {
    use redb::{ReadableTable, TableDefinition, TableError, Value};
    macro_rules! as_any_of {
        ($(($k:ty, $v:ty)),* $(,)?) => {$(
            match txn.open_table(TableDefinition::<$k, $v>::new(name)) {
                Ok(table) => {
                    return table
                        .iter()
                        .unwrap()
                        .map(|row| {
                            let (k, v) = row.unwrap();
                            let (k, v) = (k.value(), v.value());
                            let key = <$k as Value>::as_bytes(&k);
                            let value = <$v as Value>::as_bytes(&v);
                            (
                                AsRef::<[u8]>::as_ref(&key).to_vec(),
                                AsRef::<[u8]>::as_ref(&value).to_vec(),
                            )
                        })
                        .collect();
                }
                Err(TableError::TableTypeMismatch { .. }) => {}
                Err(e) => panic!("{name}: {e}"),
            }
        )*};
    }
    as_any_of!(
        (&str, u64),
        (u64, &[u8]),
        (u64, u64),
        (u64, u8),
        (u64, i64),
        (&str, &[u8]),
        (&[u8], u64),
        (&[u8], &[u8]),
        ((u64, u64), ()),
        ((u64, u64), u64),
        ((u64, u64), &[u8]),
        ((u64, u64, u64), &[u8]),
        ((u64, u64, u64), ()),
        ((u64, u64, u64, u64), ()),
        (u64, &str),
        ((u64, &str), &[u8]),
        ((u64, u64, i64), i64),
        ((u64, u64, i64, u32), i64),
        ((u64, u64, u32), &[u8]),
        ((u64, u64, u32), u64),
    );
    panic!("{name}: a table of key and value types this test does not know yet: add them above")
}

/// Every table of a redb file and its rows, by name.
fn tables_of(path: &std::path::Path) -> std::collections::BTreeMap<String, Rows> {
    use redb::{ReadableDatabase, TableHandle};
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_read().unwrap();
    let names: Vec<String> = txn
        .list_tables()
        .unwrap()
        .map(|t| t.name().to_string())
        .collect();
    assert_eq!(txn.list_multimap_tables().unwrap().count(), 0);
    names
        .into_iter()
        .map(|name| (rows_of(&txn, &name), name))
        .map(|(rows, name)| (name, rows))
        .collect()
}

/// A backup holds every table the database has, row for row: the tables are the ones redb lists
/// in the file (not a list kept beside the schema), so a new table that the backup leaves out
/// fails here as soon as a feature writes to it.
#[tokio::test(flavor = "multi_thread")]
async fn a_backup_holds_every_table_row_for_row() {
    // On the file, and allowed to copy a logo from the web server on loopback.
    let mut app = TestApp::with_config(|c| {
        c.storage.database_url = None;
        crate::helpers::fetch_from_loopback(c);
    });
    use_everything(&mut app).await;
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.redb");
    let rows = litstack::platform::store::backup::backup_to(
        app.state.store.file().unwrap(),
        &copy,
        &litstack::registry::redb_tables(),
    )
    .unwrap();
    let kept = app.shut_down();

    let original = tables_of(&kept.path().join("data").join("litstack.redb"));
    let empty: Vec<_> = (original.iter())
        .filter(|(_, rows)| rows.is_empty())
        .map(|(name, _)| name)
        .collect();
    assert!(empty.is_empty(), "no row was written in {empty:?}");
    let backup = tables_of(&copy);
    assert_eq!(
        backup.keys().collect::<Vec<_>>(),
        original.keys().collect::<Vec<_>>(),
        "the backup's tables"
    );
    for (name, rows) in &original {
        assert!(backup[name] == *rows, "{name} differs in the backup");
    }
    let total: usize = original.values().map(Vec::len).sum();
    assert_eq!(rows, total as u64);
}
