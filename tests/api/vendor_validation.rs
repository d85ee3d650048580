//! One validation for the vendor record (issue 76, finding 7h and 7d): the five writers of a
//! vendor — the shipped seed's importer (`litstack import vendors`, no provenance of its own), the
//! administrator's vendor file, the operator's edit, a vendor's proposal (and its approval), and
//! a catalog feed pull — are fed the same bad values, and each refuses every one with the same
//! message. A feed that would add more vendors than one pull may is refused whole.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};
use litstack::catalog::vendor_checks::{
    DESCRIPTION_MAX, ENTRY_MAX, FEED_ADDED_MAX, HIGHLIGHTS_MAX, INTEGRATIONS_MAX,
};
use litstack::catalog_feed::SecretKey;
use litstack::catalog_feed::signed::Envelope;

/// The strings of a JSON array.
fn strings(list: &Value) -> Vec<&str> {
    list.as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The field a bad value is written to.
#[derive(Clone, Copy, PartialEq)]
enum Field {
    BookingUrl,
    Description,
    Highlights,
    Integrations,
}

/// One bad value: where it goes, what it is, and what every writer says of it.
struct Bad {
    field: Field,
    value: Value,
    says: String,
}

fn bad_values() -> Vec<Bad> {
    let link = |url: &str, says: &str| Bad {
        field: Field::BookingUrl,
        value: json!(url),
        says: format!("\"{url}\" {says}"),
    };
    let user = "names a user or password before its host";
    let local = "does not lead to a public web site";
    let many =
        |n: usize, entry: &str| -> Value { (0..n).map(|i| format!("{entry} {i}")).collect() };
    vec![
        link("https://user:pass@evil.test/", user),
        link("https://vendor.com@evil.test/", user),
        link("http://127.0.0.1:8080/book", local),
        link("http://localhost/book", local),
        link("https://[::ffff:192.168.0.1]/book", local),
        link("http://10.1.2.3/book", local),
        link("https://scheduler.internal/book", local),
        Bad {
            field: Field::Description,
            value: json!("x".repeat(DESCRIPTION_MAX + 1)),
            says: format!("description is longer than {DESCRIPTION_MAX} characters"),
        },
        Bad {
            field: Field::Highlights,
            value: many(HIGHLIGHTS_MAX + 1, "Fast"),
            says: format!(
                "shortHighlights has {} entries: keep at most {HIGHLIGHTS_MAX}",
                HIGHLIGHTS_MAX + 1
            ),
        },
        Bad {
            field: Field::Integrations,
            value: many(INTEGRATIONS_MAX + 1, "Tool"),
            says: format!(
                "integrations has {} entries: keep at most {INTEGRATIONS_MAX}",
                INTEGRATIONS_MAX + 1
            ),
        },
        Bad {
            field: Field::Integrations,
            value: json!(["y".repeat(ENTRY_MAX + 1)]),
            says: format!("an entry of integrations is longer than {ENTRY_MAX} characters"),
        },
    ]
}

/// A vendor file of one row named `name` holding the bad value (and a page and day for its
/// booking link, so the shipped catalog's rule asks nothing more of it).
fn vendor_file(name: &str, bad: &Bad) -> String {
    let list = |v: &Value| -> String {
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|e| e.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(";")
            })
            .unwrap_or_default()
    };
    let (mut booking, mut description, mut highlights, mut integrations) =
        (String::new(), String::new(), String::new(), String::new());
    match bad.field {
        Field::BookingUrl => booking = bad.value.as_str().unwrap().to_string(),
        Field::Description => description = bad.value.as_str().unwrap().to_string(),
        Field::Highlights => highlights = list(&bad.value),
        Field::Integrations => integrations = list(&bad.value),
    }
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record([
        "name",
        "category",
        "websiteUrl",
        "bookingUrl",
        "description",
        "shortHighlights",
        "integrations",
        "sourceUrl",
        "verifiedOn",
    ])
    .unwrap();
    out.write_record([
        name,
        "Intake",
        "https://checked-vendor.example.com",
        &booking,
        &description,
        &highlights,
        &integrations,
        "https://checked-vendor.example.com/about",
        "2026-11-01",
    ])
    .unwrap();
    String::from_utf8(out.into_inner().unwrap()).unwrap()
}

/// The request body of an operator's edit or a vendor's proposal holding the bad value.
fn body(bad: &Bad) -> Value {
    let key = match bad.field {
        Field::BookingUrl => "bookingUrl",
        Field::Description => "description",
        Field::Highlights => "shortHighlights",
        Field::Integrations => "integrations",
    };
    json!({ key: bad.value })
}

/// A publisher's signed catalog of `vendors` (feed JSON), version `version`, written into the
/// install's data directory: its path.
fn feed_file(app: &TestApp, key: &SecretKey, version: u64, vendors: Vec<Value>) -> String {
    let today = litstack::platform::clock::today();
    let payload = json!({
        "feed": "vendor-checks",
        "version": version,
        "publishedOn": today.format("%Y-%m-%d").to_string(),
        "expiresOn": (today + chrono::Days::new(30)).format("%Y-%m-%d").to_string(),
        "keys": { "trusted": [key.public().to_string()] },
        "categories": [],
        "vendors": vendors,
    });
    let envelope = Envelope::sign(payload.to_string(), &[key]);
    let path = app.data_dir().join(format!("feed-v{version}.json"));
    std::fs::write(&path, envelope.to_bytes()).unwrap();
    path.to_string_lossy().into_owned()
}

/// A feed vendor named `name`, with the bad value when one is given.
fn feed_vendor(name: &str, bad: Option<&Bad>) -> Value {
    let mut v = json!({
        "id": uuid::Uuid::new_v4().to_string(),
        "name": name,
        "category": "Intake",
        "active": true,
    });
    if let Some(bad) = bad {
        let key = match bad.field {
            Field::BookingUrl => "bookingLink",
            Field::Description => "description",
            Field::Highlights => "highlights",
            Field::Integrations => "integrations",
        };
        v[key] = json!({ "value": bad.value, "provenance": { "kind": "estimate" } });
    }
    v
}

/// Sets the install's feed to `source` and pulls it.
async fn pull(app: &mut TestApp, source: &str, key: &SecretKey) -> (StatusCode, Value) {
    let set = app
        .call(
            Method::PUT,
            "/api/admin/catalog-feed",
            Some(json!({
                "source": source,
                "publicKey": key.public().to_string(),
                "schedule": "never"
            })),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    let res = app.post("/api/admin/catalog-feed/pull", json!({})).await;
    (res.status, res.json())
}

#[tokio::test(flavor = "multi_thread")]
async fn every_writer_of_a_vendor_refuses_the_same_bad_values_with_the_same_message() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.clone();
    let listing = app.state.catalog.load().vendors[0].id;
    // A vendor account keeps the first listing.
    let token =
        crate::vendor_accounts::handed_over_invitation(&mut app, listing, "pat@keeper.test").await;
    app.cookie = None;
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let vendor = app.vendor_cookie.take();
    app.cookie = operator.clone();
    let key = SecretKey::generate();
    let vendors_before = app.state.catalog.load().vendors.len();

    for (i, bad) in bad_values().iter().enumerate() {
        let says = bad.says.as_str();
        let name = format!("Checked Vendor {i}");

        // The seed's importer (the shipped catalog and `litstack import vendors`).
        let file = vendor_file(&name, bad);
        let report =
            litstack::catalog::vendor_csv::import_file(&app.state.sub(), file.as_bytes(), None)
                .unwrap();
        assert_eq!(report.inserted, 0, "seed, {says}");
        assert!(
            report.errors.iter().any(|e| e.contains(says)),
            "seed, {says}: {:?}",
            report.errors
        );

        // The administrator's vendor file.
        let res = crate::vendors::upload(&mut app, &file).await;
        assert_eq!(res.json()["inserted"], 0, "file, {says}: {}", res.text());
        assert!(
            strings(&res.json()["errors"])
                .iter()
                .any(|e| e.contains(says)),
            "file, {says}: {}",
            res.text()
        );

        // The operator's edit (which writes the booking link, not the texts and lists).
        if bad.field == Field::BookingUrl {
            let res = app
                .patch(&format!("/api/admin/vendors/{listing}"), body(bad))
                .await;
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "edit, {says}");
            assert!(
                res.error().starts_with(&format!("bookingUrl: {says}")),
                "edit, {says}: {}",
                res.error()
            );
        }

        // A vendor's proposal.
        app.cookie = None;
        app.vendor_cookie = vendor.clone();
        let res = app.post("/api/vendor/proposals", body(bad)).await;
        app.vendor_cookie = None;
        app.cookie = operator.clone();
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "proposal, {says}");
        assert!(
            res.error().contains(says),
            "proposal, {says}: {}",
            res.error()
        );

        // A catalog feed: a bad link is left out with the reason, anything else refuses the pull.
        let version = i as u64 + 1;
        let source = feed_file(&app, &key, version, vec![feed_vendor(&name, Some(bad))]);
        let (status, report) = pull(&mut app, &source, &key).await;
        if bad.field == Field::BookingUrl {
            assert_eq!(status, StatusCode::OK, "feed, {says}: {report}");
            assert!(
                strings(&report["leftOut"])
                    .iter()
                    .any(|e| e.starts_with(&format!("{name}: booking link left out, {says}"))),
                "feed, {says}: {report}"
            );
            let added = app.state.catalog.load().vendor_by_name(&name).cloned();
            assert_eq!(added.unwrap().booking_url, None, "feed, {says}");
        } else {
            assert_eq!(status, StatusCode::BAD_REQUEST, "feed, {says}: {report}");
            let error = report["error"].as_str().unwrap();
            let refused = format!("The feed's vendor \"{name}\" cannot be applied: {says}");
            assert!(error.starts_with(&refused), "feed, {says}: {error}");
            assert!(error.ends_with(". Nothing was applied."), "{error}");
            assert!(app.state.catalog.load().vendor_by_name(&name).is_none());
        }
    }
    // Only the feed's vendors whose bad link was left out were added.
    let links = bad_values()
        .iter()
        .filter(|b| b.field == Field::BookingUrl)
        .count();
    assert_eq!(
        app.state.catalog.load().vendors.len(),
        vendors_before + links
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_proposal_stored_before_the_rule_is_not_approved() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let listing = app.state.catalog.load().vendors[0].id;
    let before = app.state.catalog.load().vendor(listing).unwrap().clone();
    // As a proposal of a loopback booking link was stored (and approved) before the rule.
    let store = app.state.accounts().store.clone();
    let id = litstack::vendor_accounts::storage::write(&store, |change| {
        use litstack::vendor_accounts::model::{Proposal, Status};
        use litstack::vendor_accounts::storage::PROPOSALS;
        let id = change.next_id(&PROPOSALS)?;
        let proposal = Proposal {
            id,
            vendor_id: listing,
            account_id: 1,
            by_name: "Pat".into(),
            changes: json!({ "bookingUrl": "https://vendor.com@127.0.0.1/book" }),
            submitted_at: litstack::platform::clock::now_secs(),
            status: Status::Open,
            decided_at: None,
            decided_by: None,
            reason: None,
            decided_changes: None,
            fact_decisions: Vec::new(),
        };
        change.put(&PROPOSALS, id, &proposal)?;
        Ok(id)
    })
    .unwrap();
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{id}/decision"),
            json!({ "approve": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error()
            .starts_with("bookingUrl: \"https://vendor.com@127.0.0.1/book\" names a user"),
        "{}",
        res.error()
    );
    let after = app.state.catalog.load().vendor(listing).unwrap().clone();
    assert_eq!(after.booking_url, before.booking_url);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_feed_that_would_add_more_vendors_than_one_pull_may_is_refused_whole() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let key = SecretKey::generate();
    let before = app.state.catalog.load().vendors.len();
    let vendors = (0..=FEED_ADDED_MAX)
        .map(|i| feed_vendor(&format!("Feed Vendor {i:05}"), None))
        .collect();
    let source = feed_file(&app, &key, 1, vendors);
    let (status, report) = pull(&mut app, &source, &key).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{report}");
    assert_eq!(
        report["error"],
        format!(
            "The feed would add more than {FEED_ADDED_MAX} vendors to this install, and one pull \
             adds at most {FEED_ADDED_MAX}: ask its publisher to check the catalog. Nothing was \
             applied."
        )
    );
    assert_eq!(app.state.catalog.load().vendors.len(), before);
    let status = app.get("/api/admin/catalog-feed").await.json();
    assert_eq!(status["applied"], Value::Null, "{status}");

    // At the cap, the pull applies.
    let vendors = (0..FEED_ADDED_MAX)
        .map(|i| feed_vendor(&format!("Feed Vendor {i:05}"), None))
        .collect();
    let source = feed_file(&app, &key, 2, vendors);
    let (status, report) = pull(&mut app, &source, &key).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["added"], FEED_ADDED_MAX, "{report}");
}
