//! Who sees scores (issue 44): one rule, everywhere a score can leave the server. An owner and an
//! admin submit scorecards whose every criterion comment holds a unique sentinel; the owner
//! proposes a decision whose approver (a member) has not scored. Then every GET operation of the
//! served API description — with each `format` it takes, the decision's versions as JSON and CSV
//! among them, and the draft — is called as each role, and any answer holding a sentinel its
//! caller may not see fails the test. This test keeps no list of routes: a new GET that renders
//! scores is walked as soon as it is documented. Once the decision is final, the viewer and the
//! member see them. Both backends (LITSTACK_TEST_BACKEND).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, TestResponse};
use crate::scenario::ok;

const INTAKE: u64 = 2;
const LEAD_DOCKET: u64 = 11; // Intake
const LAWMATICS: u64 = 12; // Intake
const VENDORS: [u64; 2] = [LEAD_DOCKET, LAWMATICS];
const CRITERIA: [&str; 2] = ["price", "support"];
/// Every sentinel starts so; none of the app's own texts holds it.
const MARK: &str = "SNTL";

fn sentinel(who: &str, vendor: u64, criterion: &str) -> String {
    format!("{MARK}-{who}-{vendor}-{criterion}")
}

struct Person {
    name: &'static str,
    cookie: Option<String>,
    id: u64,
    /// May see every scorecard while the decision is open (they submitted their own).
    scored: bool,
}

/// Ann (owner), Al (admin), Mo and Mi (members), Vi (viewer); Lead Docket and Lawmatics on the
/// shortlist; criteria Price 60 / Support 40; Ann and Al submit both vendors with a sentinel in
/// every comment (Ann and Al disagree on Price).
async fn firm(app: &mut TestApp) -> Vec<Person> {
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    let ann_cookie = app.cookie.clone();
    for id in VENDORS {
        let path = format!("/api/shortlist/{id}");
        ok(
            app,
            Method::PUT,
            &path,
            Some(json!({ "status": "Demo held" })),
        )
        .await;
    }
    let mut people = vec![Person {
        name: "owner",
        cookie: ann_cookie.clone(),
        id: ann,
        scored: true,
    }];
    for (name, email, role, scored) in [
        ("admin", "al@doe-law.com", "admin", true),
        ("approver", "mo@doe-law.com", "member", false),
        ("member", "mi@doe-law.com", "member", false),
        ("viewer", "vi@doe-law.com", "viewer", false),
    ] {
        app.cookie = ann_cookie.clone();
        let token = app.invite(email, role).await;
        let res = app.join(&token, name, email).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        people.push(Person {
            name,
            cookie: app.cookie.clone(),
            id: res.json()["user"]["id"].as_u64().unwrap(),
            scored,
        });
    }
    app.cookie = ann_cookie;
    let criteria = json!({ "criteria": [
        { "name": "Price", "weight": 60 },
        { "name": "Support", "weight": 40 }
    ] });
    let path = format!("/api/evaluations/{INTAKE}/criteria");
    ok(app, Method::PUT, &path, Some(criteria)).await;
    for who in ["owner", "admin"] {
        app.cookie = people
            .iter()
            .find(|p| p.name == who)
            .unwrap()
            .cookie
            .clone();
        for vendor in VENDORS {
            let price = if who == "owner" { 5 } else { 2 };
            let scores: Vec<Value> = CRITERIA
                .iter()
                .map(|c| {
                    let score = if *c == "price" { price } else { 4 };
                    json!({ "criterionId": c, "score": score, "comment": sentinel(who, vendor, c) })
                })
                .collect();
            let path = format!("/api/evaluations/{INTAKE}/scorecards/{vendor}");
            ok(app, Method::PUT, &path, Some(json!({ "scores": scores }))).await;
            ok(app, Method::POST, &format!("{path}/submit"), None).await;
        }
    }
    people
}

fn sentinels_in(res: &TestResponse) -> Vec<String> {
    let text = String::from_utf8_lossy(&res.body);
    text.match_indices(MARK)
        .map(|(at, _)| text[at..].chars().take(30).collect())
        .collect()
}

/// Every GET of the served document with its path filled from the firm's objects, plain and
/// with each query form it lists that reads scores (`format`, `categoryId`, `round`).
fn every_get(doc: &Value, decision: u64, feed_file: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (path, operations) in doc["paths"].as_object().expect("the document has paths") {
        let Some(get) = operations.get("get") else {
            continue;
        };
        // Public sign-in redirects and the signed unsubscribe link: no session, no firm data.
        // A copied logo: an image of the catalog's, public.
        if path.starts_with("/api/auth/sso/")
            || path == "/api/unsubscribe"
            || path.starts_with("/api/logos/")
        {
            continue;
        }
        let id = if path.starts_with("/api/decisions/") {
            decision
        } else {
            LEAD_DOCKET
        };
        let filled = path
            .replace("{n}", "1")
            .replace("{category_id}", &INTAKE.to_string())
            .replace("{categoryId}", &INTAKE.to_string())
            .replace("{vendorId}", &LEAD_DOCKET.to_string())
            .replace("{vendor_id}", &LEAD_DOCKET.to_string())
            .replace("{toolId}", &LEAD_DOCKET.to_string())
            .replace("{id}", &id.to_string())
            .replace("{file}", feed_file);
        assert!(
            !filled.contains('{'),
            "a GET path this test cannot fill: {path}"
        );
        let query: Vec<String> = get["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == "query")
            .filter_map(|p| {
                Some(match p["name"].as_str()? {
                    "categoryId" | "category_id" | "category" => {
                        format!("{}={INTAKE}", p["name"].as_str()?)
                    }
                    "vendorId" => format!("vendorId={LEAD_DOCKET}"),
                    "round" => "round=1".to_string(),
                    "ids" => format!("ids={LEAD_DOCKET},{LAWMATICS}"),
                    "state" => "state=TX".to_string(),
                    _ => return None,
                })
            })
            .collect();
        out.push(filled.clone());
        if !query.is_empty() {
            out.push(format!("{filled}?{}", query.join("&")));
        }
        let formats = get["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["in"] == "query" && p["name"] == "format");
        if formats {
            let sep = if query.is_empty() {
                "?".to_string()
            } else {
                format!("?{}&", query.join("&"))
            };
            for format in ["csv", "json", "print", "pdf"] {
                out.push(format!("{filled}{sep}format={format}"));
            }
        }
    }
    out
}

/// Calls every GET as `person`; answers how many were called and the sentinels seen, by route.
async fn walk(app: &mut TestApp, person: &Person, gets: &[String]) -> Vec<(String, Vec<String>)> {
    app.cookie = person.cookie.clone();
    let mut seen = Vec::new();
    for path in gets {
        let res = app.get(path).await;
        assert!(
            !res.status.is_server_error(),
            "GET {path} as {}: {} {}",
            person.name,
            res.status,
            res.text()
        );
        let found = sentinels_in(&res);
        if !found.is_empty() {
            seen.push((path.clone(), found));
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread")]
async fn no_route_shows_a_scorecard_to_whom_the_rule_hides_it() {
    let mut app = TestApp::new();
    let people = firm(&mut app).await;
    let owner = &people[0];
    let approver = people.iter().find(|p| p.name == "approver").unwrap();
    app.cookie = owner.cookie.clone();
    let proposal = json!({
        "categoryId": INTAKE, "vendorId": LEAD_DOCKET, "runnerUpId": LAWMATICS,
        "reasons": "Best fit.", "annualCost": 1_200_000, "startDate": "2026-03-01",
        "approvers": [approver.id],
    });
    let d = ok(&mut app, Method::POST, "/api/decisions", Some(proposal)).await;
    let decision = d["id"].as_u64().unwrap();
    let feed = ok(&mut app, Method::POST, "/api/firm/calendar-feed", None).await;
    let feed_file = feed["url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();
    let doc = ok(&mut app, Method::GET, "/api/openapi.json", None).await;
    let gets = every_get(&doc, decision, &feed_file);
    // The routes the finding named are among those walked.
    let record = format!("/api/decisions/{decision}");
    let csv = format!("/api/decisions/{decision}/versions/1?format=csv");
    let draft = format!("/api/decisions/draft?categoryId={INTAKE}");
    for must in [&record, &csv, &draft, &format!("/api/evaluations/{INTAKE}")] {
        assert!(gets.contains(must), "{must} is not walked: {gets:?}");
    }
    assert!(gets.len() > 60, "only {} GETs", gets.len());

    for person in &people {
        let seen = walk(&mut app, person, &gets).await;
        if person.scored {
            // Not vacuous: those who scored read every sentinel in the record and its CSV.
            for path in [&record, &csv] {
                let found = seen.iter().find(|(p, _)| p == path).map(|(_, f)| f.len());
                assert!(
                    found >= Some(8),
                    "{} reads {found:?} sentinels in {path}",
                    person.name
                );
            }
        } else {
            assert!(
                seen.is_empty(),
                "{} (who has not scored, decision open) reads hidden scores: {seen:#?}",
                person.name
            );
        }
    }

    // What the record says instead, per role.
    for person in people.iter().filter(|p| !p.scored) {
        app.cookie = person.cookie.clone();
        let view = ok(&mut app, Method::GET, &record, None).await;
        let note = view["scoresHidden"].as_str().unwrap_or_default();
        assert!(!note.is_empty(), "{}: {view}", person.name);
        assert_eq!(view["record"]["scoresHidden"], note, "{}", person.name);
        let vendor = &view["record"]["evaluation"]["vendors"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["vendorId"].as_str() == Some(LEAD_DOCKET.to_string().as_str()))
            .unwrap()
            .clone();
        assert_eq!(vendor["scorecards"], json!([]), "{}", person.name);
        if person.name == "approver" {
            // Two scorecards: the total and the flag, which single no one out.
            assert!(vendor["weightedScore"].is_u64(), "{vendor}");
            assert_eq!(vendor["disagreements"], json!(["price"]), "{vendor}");
        } else {
            assert_eq!(vendor["weightedScore"], Value::Null, "{vendor}");
            assert_eq!(vendor["disagreements"], json!([]), "{vendor}");
        }
        // The draft is the proposers' own.
        let res = app.get(&draft).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
        assert!(res.error().contains("owners and admins"), "{}", res.text());
        // The evaluation says why it shows no scores.
        let eval = ok(
            &mut app,
            Method::GET,
            &format!("/api/evaluations/{INTAKE}"),
            None,
        )
        .await;
        let v = &eval["vendors"][0];
        assert_eq!(v["scoresVisible"], false, "{}: {v}", person.name);
        assert!(v["hiddenNote"].is_string(), "{}: {v}", person.name);
    }
    let viewer = people.iter().find(|p| p.name == "viewer").unwrap();
    app.cookie = viewer.cookie.clone();
    let eval = ok(
        &mut app,
        Method::GET,
        &format!("/api/evaluations/{INTAKE}"),
        None,
    )
    .await;
    assert_eq!(
        eval["vendors"][0]["hiddenNote"],
        "Scores and comments appear once the decision is final"
    );
    // The stored version is the same bytes whoever reads it: only the rendering differs.
    let json_path = format!("/api/decisions/{decision}/versions/1");
    let as_viewer = app.get(&json_path).await;
    app.cookie = owner.cookie.clone();
    let as_owner = app.get(&json_path).await;
    assert_ne!(as_viewer.body, as_owner.body);
    let hash = d["versionHash"].as_str().unwrap();
    assert_eq!(hex::encode(Sha256::digest(&as_owner.body)), hash);

    // Final: the approver approves, and now everyone of the firm reads the scores.
    app.cookie = approver.cookie.clone();
    let view = ok(&mut app, Method::GET, &record, None).await;
    let body = json!({ "versionHash": view["versionHash"] });
    let done = ok(
        &mut app,
        Method::POST,
        &format!("{record}/approve"),
        Some(body),
    )
    .await;
    assert_eq!(done["status"], "final", "{done}");
    for person in people.iter().filter(|p| !p.scored) {
        let seen = walk(&mut app, person, &gets).await;
        for path in [&record, &csv, &format!("/api/evaluations/{INTAKE}")] {
            let found = seen.iter().find(|(p, _)| p == path).map(|(_, f)| f.len());
            assert!(
                found >= Some(8),
                "{} reads {found:?} sentinels in {path} once final",
                person.name
            );
        }
    }
}
