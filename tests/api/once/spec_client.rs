//! The spec's own client, replayed call by call against the real binary: every call of SPEC §7
//! with the spec's payloads and query parameters (object parameters as query entries, empty ones
//! omitted, arrays joined by commas; every call with the session cookie, writes with the page's
//! Origin, as a browser sends them), and SPEC §3's vendor CSV with only its required columns and
//! with every optional one. A call our API would refuse that the spec's client sends fails here.

use serde_json::{Value, json};

use crate::helpers::PASSWORD;
use crate::process::start;
use crate::wire::{Answer, Conn};

struct Client {
    conn: Conn,
    token: Option<String>,
}

impl Client {
    fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> Answer {
        let bytes = body.map(|b| b.to_string().into_bytes());
        let answer = self
            .conn
            .send(
                method,
                path,
                self.token.as_deref(),
                bytes.as_deref().map(|b| ("application/json", b)),
            )
            .unwrap();
        if answer.token.is_some() {
            self.token = answer.token.clone();
        }
        answer
    }

    /// A call the spec's client makes: it must answer 2xx, with JSON unless it has no body.
    fn ok(&mut self, method: &str, path: &str, body: Option<Value>) -> Value {
        let answer = self.call(method, path, body);
        assert!(
            (200..300).contains(&answer.status),
            "{method} {path}: {} {}",
            answer.status,
            answer.text()
        );
        if answer.body.is_empty() {
            Value::Null
        } else {
            answer.json()
        }
    }

    /// POST /api/admin/demo-bookings/import, the spec's multipart form with the field "file".
    fn import(&mut self, file_name: &str, csv: &str) -> Value {
        let boundary = "specclientboundary";
        let body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
             Content-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
        );
        let answer = self
            .conn
            .send(
                "POST",
                "/api/admin/demo-bookings/import",
                self.token.as_deref(),
                Some((
                    &format!("multipart/form-data; boundary={boundary}"),
                    body.as_bytes(),
                )),
            )
            .unwrap();
        assert_eq!(answer.status, 200, "{file_name}: {}", answer.text());
        answer.json()
    }
}

/// The keys of an answer's object, for "has the fields the spec's client reads".
fn has(value: &Value, keys: &[&str]) {
    for key in keys {
        assert!(value.get(key).is_some(), "no {key:?} in {value}");
    }
}

const BOOKINGS: &str = "Category,Client,Standardized Practice Area Broken Out,City State,State,DMA,Created Time\n\
    Intake,Acme Intake,E6_20,\"Austin, TX\",TX,Austin,2026-10-01T10:00:00Z\n\
    Intake,Acme Intake,E6_20,\"Dallas, TX\",TX,Dallas-Ft. Worth,2026-10-02T10:00:00Z\n\
    Practice Management,Clio,SOLO,\"Miami, FL\",FL,Miami-Ft. Lauderdale,2026-10-03T10:00:00Z\n";

#[test]
fn every_call_of_the_spec_answers_its_own_client_on_the_real_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), &[]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut spec = Client {
        conn: Conn::open(&addr),
        token: None,
    };

    // Accounts: sign-up (firmSize optional), me, sign-out, sign-in, change-password.
    spec.ok(
        "POST",
        "/api/auth/sign-up",
        Some(
            json!({"name": "Ann Doe", "email": "ann@doe-law.com", "password": PASSWORD,
                    "lawFirm": "Doe & Partners"}),
        ),
    );
    let me = spec.ok("GET", "/api/auth/me", None);
    assert_eq!(me["user"]["name"], "Ann Doe");
    assert_eq!(me["user"]["lawFirm"], "Doe & Partners");
    spec.ok("POST", "/api/auth/sign-out", None);
    assert_eq!(spec.call("GET", "/api/auth/me", None).status, 401);
    spec.ok(
        "POST",
        "/api/auth/sign-in",
        Some(json!({"email": "ann@doe-law.com", "password": PASSWORD})),
    );
    let new_password = "a-new-harbor-lantern";
    spec.ok(
        "POST",
        "/api/auth/change-password",
        Some(json!({"currentPassword": PASSWORD, "newPassword": new_password})),
    );

    // Profile and onboarding.
    assert_eq!(
        spec.ok("GET", "/api/profile/onboarding", None)["completed"],
        false
    );
    spec.ok(
        "POST",
        "/api/profile/onboarding",
        Some(
            json!({"attorneysCountBand": "A2_5", "employeesCountBand": "E11_50",
                    "injuryCasesPerMonthBand": "C11_25", "annualSoftwareSpendBand": "S10_40K"}),
        ),
    );
    assert_eq!(
        spec.ok("GET", "/api/profile/onboarding", None)["completed"],
        true
    );
    has(
        &spec.ok("GET", "/api/profile", None),
        &["user", "onboarding"],
    );
    spec.ok(
        "PATCH",
        "/api/profile",
        Some(json!({"name": "Ann Q. Doe", "lawFirm": "Doe & Partners", "firmSize": "E6_20"})),
    );
    spec.ok(
        "PATCH",
        "/api/profile",
        Some(
            json!({"name": "Ann Q. Doe", "lawFirm": "Doe & Partners", "firmSize": "E6_20",
                    "email": "ann.doe@doe-law.com", "currentPassword": new_password}),
        ),
    );
    // An email change ends the session (as the spec's client then finds): sign in again.
    spec.token = None;
    spec.ok(
        "POST",
        "/api/auth/sign-in",
        Some(json!({"email": "ann.doe@doe-law.com", "password": new_password})),
    );

    // The import: the first account is the operator. A bookings file, then vendor files.
    let report = spec.import("bookings.csv", BOOKINGS);
    has(&report, &["inserted", "updated", "skipped", "errors"]);
    assert_eq!(report["inserted"], 3, "{report}");

    // Catalog and trends, with the spec's filters (empty ones left out).
    let categories = spec.ok("GET", "/api/categories", None);
    let intake = categories
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Intake")
        .unwrap()["id"]
        .as_u64()
        .unwrap();
    let options = spec.ok("GET", "/api/demo-bookings/filter-options", None);
    has(&options, &["dmas", "states", "firmSizes"]);
    let trends = spec.ok(
        "GET",
        "/api/trends?dma=Austin&state=TX&firmSize=E6_20&start=2026-10-01&end=2026-10-31",
        None,
    );
    has(&trends, &["total", "categoryCounts", "stateCounts"]);
    assert_eq!(trends["total"], 1);
    let listed = spec.ok("GET", "/api/demo-bookings?state=TX&firmSize=E6_20", None);
    assert!(
        listed.is_array() || listed.get("items").is_some(),
        "{listed}"
    );
    let cities = spec.ok("GET", "/api/demo-bookings/cities?state=TX", None);
    assert!(
        cities.is_array() || cities.get("items").is_some(),
        "{cities}"
    );
    let vendors = spec.ok(
        "GET",
        &format!(
            "/api/vendors?categoryIds={intake}&q=intake&sort=name_asc&page=1&includeInactive=true"
        ),
        None,
    );
    has(&vendors, &["items", "total", "page", "pageSize"]);

    // Tech stack.
    let adoption = spec.ok("GET", "/api/profile/category-adoption", None);
    let vendor_id = adoption["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["category"]["id"] == intake)
        .unwrap()["vendors"][0]["id"]
        .as_u64()
        .unwrap();
    spec.ok(
        "POST",
        "/api/profile/category-adoption",
        Some(json!({"items": [
            {"categoryId": intake, "hasTool": true, "selectedVendorIds": [vendor_id],
             "primaryVendorId": vendor_id, "otherVendors": ["Our own spreadsheet"]}
        ]})),
    );

    // Recommendations: questions, a response, compute, persisted, overview, Pick For Me.
    let questions = spec.ok("GET", &format!("/api/questions/{intake}"), None);
    let first = &questions.as_array().unwrap()[0];
    let option = first["options"][0]
        .as_str()
        .map(String::from)
        .or_else(|| first["options"][0]["label"].as_str().map(String::from))
        .unwrap();
    let response = spec.ok(
        "POST",
        "/api/responses",
        Some(json!({"categoryId": intake,
                    "answers": [{"questionId": first["id"], "selectedValues": [option]}]})),
    );
    let response_id = response["responseId"].clone();
    assert!(response_id.is_u64(), "{response}");
    let computed = spec.ok(
        "POST",
        "/api/recommendations/compute",
        Some(json!({"responseId": response_id, "categoryId": intake})),
    );
    assert!(computed["vendors"].is_array(), "{computed}");
    has(
        &spec.ok("GET", "/api/recommendations/persisted", None),
        &["items"],
    );
    spec.ok("GET", "/api/recommendations/overview", None);
    let picked = spec.ok("POST", "/api/recommendations/pick-for-me", None);
    has(&picked, &["items", "usedAnySizeFallback"]);

    // Past recommendations, with the spec client's placeholder user identifier.
    let past = spec.ok(
        "GET",
        &format!("/api/past-recommendations?userId=1&categoryIds={intake}&page=1"),
        None,
    );
    has(&past, &["items", "total", "page", "pageSize"]);
    assert!(past["total"].as_u64().unwrap() > 0, "{past}");

    // Meeting clicks from every screen the spec names, on a vendor with a scheduler (the spec's
    // client disables Schedule Meeting without one).
    let report = spec.import(
        "vendors.csv",
        "name,category,websiteUrl,bookingUrl\n\
         Spec Scheduler Co,Intake,https://spec-scheduler.example.com,https://spec-scheduler.example.com/book\n",
    );
    assert_eq!(report["inserted"], 1, "{report}");
    let found = spec.ok("GET", "/api/vendors?q=spec%20scheduler", None);
    let scheduler = found["items"][0]["id"].as_u64().unwrap();
    for source_page in ["BROWSE", "PAST_RECS", "GET_REC_STAGES", "GET_REC"] {
        spec.ok(
            "POST",
            "/api/meeting-clicks",
            Some(json!({"vendorId": scheduler, "sourcePage": source_page})),
        );
    }
}

#[test]
fn a_vendor_file_written_to_the_spec_imports_and_says_who_added_its_links() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), &[]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut spec = Client {
        conn: Conn::open(&addr),
        token: None,
    };
    spec.ok(
        "POST",
        "/api/auth/sign-up",
        Some(
            json!({"name": "Ann Doe", "email": "ann@doe-law.com", "password": PASSWORD,
                    "lawFirm": "Doe & Partners", "firmSize": "E6_20"}),
        ),
    );

    // Only the required columns.
    let required = "name,category,websiteUrl,bookingUrl\n\
        Spec Intake Co,Intake,https://spec-intake.example.com,https://spec-intake.example.com/demo\n\
        Spec Drafts Co,Document Drafting,https://spec-drafts.example.com,\n";
    let report = spec.import("our-vendors.csv", required);
    assert_eq!(report["inserted"], 2, "{report}");
    assert_eq!(report["errors"], json!([]), "{report}");

    // Every optional column of SPEC §3 too.
    let every = "name,category,websiteUrl,bookingUrl,logoUrl,isRecommendedPartner,partnerLevel,\
        isActive,geoFocus,shortHighlights,firmSizeSupported,practiceAreasSupported,integrations\n\
        Spec Full Co,Intake,https://spec-full.example.com,https://spec-full.example.com/book,\
        https://spec-full.example.com/logo.png,yes,Gold,true,Texas,\
        Bilingual intake;Answers 24/7,SOLO;E2_5;E6_20,Personal Injury,Clio;Filevine\n";
    let report = spec.import("all-columns.csv", every);
    assert_eq!(report["inserted"], 1, "{report}");
    assert_eq!(report["errors"], json!([]), "{report}");

    // The links are stored with the import as their provenance, not as a checked page.
    let found = spec.ok("GET", "/api/vendors?q=spec&includeInactive=true", None);
    let by_name = |name: &str| {
        found["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("{name} not listed: {found}"))
            .clone()
    };
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    for name in ["Spec Intake Co", "Spec Full Co"] {
        let vendor = by_name(name);
        assert!(
            vendor["bookingUrl"]
                .as_str()
                .unwrap()
                .starts_with("https://")
        );
        assert_eq!(vendor["bookingAddedOn"], today.as_str(), "{vendor}");
        assert_eq!(vendor["bookingSourceUrl"], Value::Null, "{vendor}");
        assert_eq!(vendor["bookingVerifiedOn"], Value::Null, "{vendor}");
    }
    let full = by_name("Spec Full Co");
    assert_eq!(full["partnerLevel"], "Gold");
    assert_eq!(full["integrations"], json!(["Clio", "Filevine"]));
    // No link, no provenance.
    let drafts = by_name("Spec Drafts Co");
    assert_eq!(drafts["bookingUrl"], Value::Null);
    assert_eq!(drafts["bookingAddedOn"], Value::Null);

    // The same file again changes nothing and keeps the day.
    let again = spec.import("our-vendors.csv", required);
    assert_eq!(
        (again["inserted"].clone(), again["skipped"].clone()),
        (json!(0), json!(2)),
        "{again}"
    );

    // A source named for a link is a checked page, and half a source is still a mistake.
    let sourced = "name,category,websiteUrl,bookingUrl,bookingSourceUrl,bookingVerifiedOn\n\
        Spec Intake Co,Intake,https://spec-intake.example.com,https://spec-intake.example.com/demo,\
        https://spec-intake.example.com/contact,2026-11-20\n\
        Spec Half Co,Intake,https://spec-half.example.com,https://spec-half.example.com/demo,\
        https://spec-half.example.com/contact,\n";
    let report = spec.import("sourced.csv", sourced);
    assert_eq!(report["updated"], 1, "{report}");
    let errors = report["errors"].to_string();
    assert!(errors.contains("bookingVerifiedOn"), "{report}");
    let found = spec.ok("GET", "/api/vendors?q=spec%20intake", None);
    let vendor = &found["items"][0];
    assert_eq!(vendor["bookingVerifiedOn"], "2026-11-20");
    assert_eq!(vendor["bookingAddedOn"], Value::Null);
}
