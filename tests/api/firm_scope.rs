//! Every statement the server sends PostgreSQL on a table of firm data names the firm in its key
//! or `WHERE` clause. The compiler sees to it that each storage function of firm data takes a
//! `FirmId`; this test sees to it that the SQL uses it, by behaviour: it records the statements
//! sqlx logs (`tracing`, target `sqlx::query`) while two firms fill every firm table through the
//! API and firm A's owner calls every documented `GET` and a set of writes, and fails naming the
//! statement that touches a firm table without its holder's column (`firm_id`, or a member's
//! `user_id`). The firm tables are the registry's (every table whose holder is a firm or a
//! member), so a new table is checked from the day it is declared, and the scenario must reach
//! each one or say in `NOT_REACHED` where it is exercised. The few statements that read or move
//! every firm's rows on purpose are listed below with why; a new one must be added there, where a
//! reviewer sees it.
//!
//! On redb it has nothing to check: redb's firm tables are keyed by the firm id first, so a read
//! without the firm is not a key the code can write.

use std::collections::BTreeSet;

use crate::helpers::{TestApp, on_postgres};
use crate::scenario::{FirmIds, answer_first_options_and_rank, ok, stage_and_vendors};
use crate::test_log::{
    Statements, record_statements_on_this_thread, stop_recording_on_this_thread,
};
use axum::http::{Method, StatusCode};
use litstack::platform::store::registry::Holder;
use serde_json::json;

/// The PostgreSQL tables that hold a firm's data, each with the column that names whose rows they
/// are (the firm's id, or a member's): the registry's, so a new table is checked the day it is
/// declared.
fn firm_tables() -> &'static [(&'static str, &'static str)] {
    static TABLES: std::sync::LazyLock<Vec<(&'static str, &'static str)>> =
        std::sync::LazyLock::new(|| {
            litstack::registry::tables()
                .filter(|t| t.postgres)
                .filter_map(|t| match t.holder {
                    Holder::Firm { column } | Holder::Member { column } => Some((t.name, column)),
                    Holder::Install => None,
                })
                .collect()
        });
    &TABLES
}

/// Statements that touch every firm's rows on purpose, or find a row by something only its firm
/// holds: (a piece of the statement, why). The scenario below may reach all but the first three;
/// those full loads run when the store opens (before the capture counts) and in the export.
const EVERY_FIRM: &[(&str, &str)] = &[
    (
        "FROM shortlist ORDER BY firm_id",
        "every firm's entries: the export and the peer figures",
    ),
    (
        "FROM shortlist_removed ORDER BY firm_id",
        "every firm's removed entries: the export",
    ),
    (
        "FROM category_adoption ORDER BY firm_id",
        "every firm's tech stack: the export and the peer figures",
    ),
    (
        "SELECT NOT EXISTS (SELECT 1 FROM users)",
        "whether a sign-up makes the install's first account, its operator",
    ),
    (
        "FROM users WHERE id BETWEEN $1 AND $2",
        "an account found by its id through its index (a session names its person, not the \
         person's firm); the caller reads the firm from the row",
    ),
    (
        "FROM users WHERE ((value->>'email_key')::bigint) BETWEEN $1 AND $2",
        "an account found by its email through its index (a sign-in names an email, not a \
         firm), the whole email compared after; the caller reads the firm from the row",
    ),
    (
        "FROM users ORDER BY firm_id",
        "every account: the operator's list of firms and the export",
    ),
    (
        "FROM invitations WHERE ((value->>'token_key')::bigint) BETWEEN $1 AND $2",
        "an invitation found by its link's token through its index (the hash's first 63 bits, \
         then the whole hash); the caller reads the firm from the row",
    ),
    (
        "FROM firm_price_sharing ORDER BY firm_id",
        "the firms that agreed to share what they pay: a vendor's \"What firms pay\" counts them",
    ),
    (
        "FROM tool_contracts ORDER BY firm_id",
        "every firm's contracts: the renewal reminders go through them, and the export",
    ),
    (
        "FROM calendar_feeds WHERE hash_prefix BETWEEN $1 AND $2",
        "the calendar feed found by its secret URL's token (its hash's first 63 bits, then the \
         whole hash); the caller reads the firm from the row",
    ),
    (
        "FROM operator_handovers ORDER BY to_user",
        "the install's one pending offer of the operator role: a route shows it only to the \
         operator and to the account it names (`to_user`)",
    ),
    (
        "FROM responses WHERE id = $1",
        "a response by id; the callers keep it only when its firm_id is the reader's",
    ),
    (
        "FROM sessions WHERE token_key BETWEEN $1 AND $2",
        "a session found by its cookie's token through its index (the hash's first 63 bits, then \
         the whole hash); whose it is comes from the row",
    ),
    (
        "SELECT EXISTS (SELECT 1 FROM users)",
        "whether the install has any account: the first sign-up becomes its operator",
    ),
    (
        "FROM merged_firms WHERE from_id = $1",
        "whether a firm was merged away or deleted, by that firm's own id",
    ),
    (
        "FROM sso_domains WHERE domain_key BETWEEN $1 AND $2",
        "a domain's claims, every firm's, through their index (the domain's SHA-256's first 63 \
         bits, then the whole domain): a single sign-on sign-in finds the firm by the email's domain",
    ),
    (
        "FROM sso_domains ORDER BY firm_id",
        "every claimed email domain: the operator's list of the claims to decide",
    ),
    (
        "FROM demo_dates WHERE ((value->>'day')::bigint) BETWEEN $1 AND $2",
        "the demos due a follow-up, every firm's, through the index by day: the clock's task then \
         writes each in the demo's firm",
    ),
];

/// Firm tables this scenario does not reach, and where their statements are exercised instead.
/// The test fails if one of them is reached after all (the entry is then stale).
const NOT_REACHED: &[(&str, &str)] = &[
    (
        "sso_flows",
        "written by a single sign-on sign-in only, which needs tests/api/sso.rs's OpenID provider",
    ),
    ("sso_links", "as sso_flows: tests/api/sso.rs"),
    (
        "mfa_challenges",
        "written when a person with a second factor signs in: tests/api/mfa.rs",
    ),
    (
        "imported_ids",
        "written by the operator's firm import only: tests/api/firm_import.rs",
    ),
    (
        "outbox",
        "written once the operator has set mail up: tests/api/mail.rs",
    ),
];

/// Whether a statement names the holder by `column`: in a `WHERE`/`SET`, or in the key of an
/// insert.
fn scoped(flat: &str, column: &str) -> bool {
    let whole_word = |at: usize| {
        flat[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
    };
    let insert_keyed = flat.split("INSERT INTO ").skip(1).any(|rest| {
        rest.split(')')
            .next()
            .is_some_and(|cols| cols.split(['(', ',']).any(|col| col.trim() == column))
    });
    insert_keyed
        || [" = $", " = ANY($"].iter().any(|op| {
            let scope = format!("{column}{op}");
            flat.match_indices(&scope).any(|(at, _)| whole_word(at))
        })
}

/// The firm tables a statement reads or writes, each with its holder's column.
fn tables_in(sql: &str) -> Vec<(&'static str, &'static str)> {
    let words: Vec<String> = sql
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let mut found = Vec::new();
    for pair in words.windows(2) {
        if ["from", "join", "update", "into"].contains(&pair[0].as_str())
            && let Some(t) = firm_tables().iter().find(|t| t.0 == pair[1])
            && !found.contains(t)
        {
            found.push(*t);
        }
    }
    found
}

/// The SQL the scenario's threads send.
#[derive(Clone, Default)]
struct Capture(Statements);

/// Runs `fut` on a runtime whose every thread (the workers, the blocking ones) and the caller
/// record the SQL they send into `capture`; the other tests' threads record nothing.
fn run_captured<F: Future>(capture: &Capture, fut: F) -> F::Output {
    let for_threads = capture.0.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .on_thread_start(move || record_statements_on_this_thread(for_threads.clone()))
        .build()
        .unwrap();
    record_statements_on_this_thread(capture.0.clone());
    let out = runtime.block_on(fut);
    stop_recording_on_this_thread();
    out
}

/// Fills every firm table for the signed-in owner's firm through the API: onboarding, a tech
/// stack, a shortlist with a note, an outcome and a removed entry, a questionnaire response and
/// its picks and past recommendations, a dismissal, cleared picks, an invitation and its audit.
pub(crate) async fn fill_firm(app: &mut TestApp, category: u64, vendors: [u64; 2]) {
    app.complete_onboarding().await;
    let adoption = json!({ "items": [{ "categoryId": category, "hasTool": true,
        "selectedVendorIds": [vendors[0]], "primaryVendorId": vendors[0],
        "otherVendors": ["Excel"] }] });
    ok(
        app,
        Method::POST,
        "/api/profile/category-adoption",
        Some(adoption),
    )
    .await;
    for vendor in vendors {
        let note = json!({ "status": "Demo booked", "note": "ask about pricing",
            "demoDate": "2026-03-10" });
        let path = format!("/api/shortlist/{vendor}");
        ok(app, Method::PUT, &path, Some(note)).await;
    }
    let path = format!("/api/shortlist/{}/outcome", vendors[0]);
    ok(app, Method::PUT, &path, Some(json!({ "demoHeld": true }))).await;
    let path = format!("/api/shortlist/{}", vendors[1]);
    ok(app, Method::DELETE, &path, None).await;

    answer_first_options_and_rank(app, category).await;
    let persisted = ok(app, Method::GET, "/api/recommendations/persisted", None).await;
    let pick = persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|stage| stage["categoryId"] == category)
        .flat_map(|stage| stage["picks"].as_array().unwrap().clone())
        .map(|pick| pick["vendorId"].as_u64().unwrap())
        .next()
        .expect("the ranking saved picks");
    let body = json!({ "vendorId": pick, "reason": "too_expensive" });
    ok(
        app,
        Method::POST,
        "/api/recommendations/dismissed",
        Some(body),
    )
    .await;
    ok(app, Method::DELETE, "/api/recommendations/persisted", None).await;
    app.invite("new.member@example.test", "member").await;
    let view = json!({ "name": "Texas", "params": "state=TX" });
    ok(app, Method::POST, "/api/views", Some(view)).await;
    let me = ok(app, Method::GET, "/api/auth/me", None).await;
    let contract = json!({ "startDate": "2026-01-01", "termMonths": 12, "noticeDays": 30,
        "annualCost": 0, "seats": 1, "responsibleUserId": me["user"]["id"] });
    let path = format!("/api/techstack/{}/contract", vendors[0]);
    ok(app, Method::PUT, &path, Some(contract)).await;
    ok(app, Method::POST, "/api/firm/calendar-feed", None).await;
    // An evaluation of the category (issue 32): criteria, a submitted scorecard, a reference call.
    let evaluation = format!("/api/evaluations/{category}");
    let criteria = json!({ "criteria": [{ "name": "Price", "weight": 100 }] });
    let path = format!("{evaluation}/criteria");
    ok(app, Method::PUT, &path, Some(criteria)).await;
    let card = format!("{evaluation}/scorecards/{}", vendors[0]);
    let scores = json!({ "scores": [{ "criterionId": "price", "score": 4 }] });
    ok(app, Method::PUT, &card, Some(scores)).await;
    ok(
        app,
        Method::POST,
        &format!("{card}/submit"),
        Some(json!({})),
    )
    .await;
    let reference = json!({ "vendorId": vendors[0], "firmCalled": "Roe Law",
        "firmSize": "2-5 staff", "date": "2026-01-05",
        "questions": [{ "question": "Support?", "answer": "Fast" }] });
    let path = format!("{evaluation}/references");
    ok(app, Method::POST, &path, Some(reference)).await;
    // The firm agrees to share what it pays (issue 32).
    let share = json!({ "share": true });
    ok(app, Method::PUT, "/api/firm/price-sharing", Some(share)).await;
    // A decision (issue 32), approved by the owner: final, so the shortlist and the stack move.
    let decision = json!({ "categoryId": category, "vendorId": vendors[0], "reasons": "Best fit",
        "annualCost": 100000, "startDate": "2026-03-01" });
    let d = ok(app, Method::POST, "/api/decisions", Some(decision)).await;
    let path = format!("/api/decisions/{}/approve", d["id"]);
    let body = json!({ "versionHash": d["versionHash"] });
    ok(app, Method::POST, &path, Some(body)).await;
}

/// Firm A's owner calls every documented `GET` of the served API description whose path
/// parameters A's ids fill, then a set of writes that read before they write.
async fn every_get_and_some_writes(app: &mut TestApp, category: u64, vendors: [u64; 2]) {
    let doc = ok(app, Method::GET, "/api/openapi.json", None).await;
    let feed = ok(app, Method::POST, "/api/firm/calendar-feed", None).await;
    let feed_file = feed["url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();
    let paths = doc["paths"].as_object().expect("the document has paths");
    let decisions = ok(app, Method::GET, "/api/decisions", None).await;
    let decision = decisions["items"][0]["id"]
        .as_u64()
        .expect("firm A has a decision");
    let ids = FirmIds {
        category,
        vendors,
        decision,
        feed_file,
    };
    let mut called = 0;
    for (path, operations) in paths {
        let Some(get) = operations.get("get") else {
            continue;
        };
        // Single sign-on's sign-in (issue 31): public, before any session, and it answers with
        // redirects to a provider; /api/firm/sso is called like every other GET.
        if path.starts_with("/api/auth/sso/") {
            continue;
        }
        // The one-click unsubscribe (issue 31): public, and its signed token names the person.
        if path == "/api/unsubscribe" {
            continue;
        }
        // The signed catalog an install serves (issue 47): catalog facts only, read from a file
        // this app was not given, and no firm's table.
        if path == "/api/catalog/feed" {
            continue;
        }
        // A vendor account's routes take its own session, not a firm's, and read only the
        // vendor accounts' table (not a firm's): tests/api/vendor_accounts.rs walks them.
        if path.starts_with("/api/vendor/") {
            continue;
        }
        // A copied vendor logo (issue 47): an image of the catalog's, public, no firm's table.
        if path.starts_with("/api/logos/") {
            continue;
        }
        let filled = ids.get_path(path, get);
        let res = app.get(&filled).await;
        // A's owner is no operator: the operator's routes answer 403, and say so.
        assert!(
            res.status.is_success() || res.status == StatusCode::FORBIDDEN,
            "GET {filled}: {} {}",
            res.status,
            res.text()
        );
        called += 1;
    }
    assert!(called > 20, "only {called} GET operations were called");

    let path = format!("/api/shortlist/{}/restore", vendors[1]);
    ok(app, Method::POST, &path, None).await;
    ok(
        app,
        Method::POST,
        "/api/recommendations/persisted/restore",
        None,
    )
    .await;
    let path = format!("/api/shortlist/{}", vendors[0]);
    let note = json!({ "status": "Considering", "note": "second look" });
    ok(app, Method::PUT, &path, Some(note)).await;
    let invitations = ok(app, Method::GET, "/api/firm/invitations", None).await;
    let id = invitations
        .as_array()
        .or_else(|| invitations["items"].as_array())
        .and_then(|list| list.first())
        .and_then(|i| i["id"].as_u64())
        .expect("firm A has a pending invitation");
    ok(
        app,
        Method::DELETE,
        &format!("/api/firm/invitations/{id}"),
        None,
    )
    .await;
    let views = ok(app, Method::GET, "/api/views", None).await;
    let id = views["items"][0]["id"]
        .as_u64()
        .expect("firm A has a saved view");
    ok(app, Method::DELETE, &format!("/api/views/{id}"), None).await;
    // Joining through a link finds the invitation by its token, then uses it.
    let owner = app.cookie.clone();
    let token = app.invite("di@doe-law.com", "member").await;
    let res = app.join(&token, "Di Doe", "di@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // The owner hands Di a reset link.
    let di = res.json()["user"]["id"].as_u64().unwrap();
    app.cookie = owner;
    let path = format!("/api/firm/members/{di}/reset-link");
    ok(app, Method::POST, &path, None).await;
    // The clock's tasks on the firm's rows: the booked demo's follow-up, and the contract's
    // reminder a day past its 30-day milestone.
    let day = |d: &str, offset: i64| {
        let date = chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
        date.and_hms_opt(12, 0, 0).unwrap().and_utc().timestamp() + offset * 86_400
    };
    let state = app.state.sub();
    let followed = litstack::shortlist::followup::run_once(&state, None, day("2026-03-11", 0));
    assert!(followed.unwrap() > 0, "the demo was followed up");
    let renewals = ok(app, Method::GET, "/api/renewals", None).await;
    let deadline = renewals["items"][0]["optOutDeadline"].as_str().unwrap();
    let state = app.state.sub();
    let reminded = litstack::techstack::reminders::run_once(&state, None, day(deadline, -29));
    assert!(reminded.unwrap() > 0, "the contract's renewal was reminded");
}

#[test]
fn every_statement_on_a_firm_table_names_the_firm() {
    if !on_postgres() {
        // redb's firm tables are keyed by the firm id first: there is no statement to check.
        return;
    }
    let capture = Capture::default();
    run_captured(&capture, async {
        let mut app = TestApp::new();
        // The migrations that opened the store run once, before any firm: not the server's
        // statements on firm data.
        capture.0.lock().unwrap().clear();
        let (category, vendors) = stage_and_vendors(&app);
        // The operator (the first sign-up) is firm B's owner; A's owner is a plain owner.
        app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
        fill_firm(&mut app, category, vendors).await;
        let res = app.sign_up_as("Ann Doe", "ann@doe-law.com").await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        fill_firm(&mut app, category, vendors).await;
        every_get_and_some_writes(&mut app, category, vendors).await;
    });

    let statements = std::mem::take(&mut *capture.0.lock().unwrap());
    let mut seen = BTreeSet::new();
    let mut unscoped = BTreeSet::new();
    for sql in &statements {
        let tables = tables_in(sql);
        seen.extend(tables.iter().map(|t| t.0));
        let flat = sql.split_whitespace().collect::<Vec<_>>().join(" ");
        let allowed = EVERY_FIRM.iter().any(|(piece, _)| flat.contains(piece));
        // A join is scoped through one of its tables: the others are joined on it.
        if !tables.is_empty() && !allowed && !tables.iter().any(|(_, column)| scoped(&flat, column))
        {
            unscoped.insert(format!("{tables:?}: {flat}"));
        }
    }
    assert!(
        unscoped.is_empty(),
        "statements on firm tables without the firm in their key or WHERE:\n{}",
        unscoped.into_iter().collect::<Vec<_>>().join("\n")
    );
    // The capture works: it saw the scenario's statements on the firm tables.
    let unseen: Vec<_> = (firm_tables().iter())
        .map(|t| t.0)
        .filter(|t| !seen.contains(t) && !NOT_REACHED.iter().any(|n| n.0 == *t))
        .collect();
    assert!(
        unseen.is_empty(),
        "the capture saw {} statements, none on the firm tables {unseen:?}: is it broken?",
        statements.len()
    );
    let stale: Vec<_> = (NOT_REACHED.iter())
        .filter(|n| seen.contains(n.0))
        .collect();
    assert!(
        stale.is_empty(),
        "reached after all: take them off NOT_REACHED: {stale:?}"
    );
}

#[test]
fn the_check_tells_a_scoped_statement_from_one_that_is_not() {
    assert!(scoped(
        "SELECT a FROM shortlist WHERE firm_id = $1",
        "firm_id"
    ));
    assert!(scoped(
        "INSERT INTO picks (firm_id, category_id) VALUES ($1, $2)",
        "firm_id"
    ));
    assert!(!scoped(
        "DELETE FROM picks WHERE category_id = $1",
        "firm_id"
    ));
    assert!(!scoped(
        "SELECT a FROM notices WHERE other_user_id = $1",
        "user_id"
    ));
    assert_eq!(
        tables_in("DELETE FROM picks WHERE category_id = $1"),
        [("picks", "firm_id")]
    );
    assert!(tables_in("SELECT id FROM firms_shortlist_view").is_empty());
}
