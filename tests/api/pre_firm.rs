//! An install from before firms, opened by this Litstack. The fixture (tests/fixtures/pre-firm/,
//! its README says how it was made) was written by Litstack 6b61765, the last commit without
//! firms, through its API: three accounts with their data, two of them typing the same law-firm
//! name. On the redb file it is schema 5 (migration `firms_from_accounts` makes 6); in hub mode it
//! is the database's rows over migrations 0001-0010 (0011_firms.sql follows). Either way each
//! account must become the owner of a firm of its own, named and sized as its law-firm text was,
//! that holds exactly the data the account had, and a second start must change nothing.

use std::path::Path;

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, fresh_database, on_postgres};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pre-firm");

#[tokio::test(flavor = "multi_thread")]
async fn a_data_directory_from_before_firms_gives_each_account_a_firm_of_its_own_with_its_data() {
    let app = TestApp::with_config(|c| {
        c.storage.database_url = None;
        std::fs::create_dir_all(&c.storage.data_dir).unwrap();
        std::fs::copy(
            Path::new(FIXTURE).join("litstack.redb"),
            c.storage.data_dir.join("litstack.redb"),
        )
        .unwrap();
    });
    each_account_owns_a_firm_with_its_data_after_every_start(app).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hub_database_from_before_firms_gives_each_account_a_firm_of_its_own_with_its_data() {
    if !on_postgres() {
        return;
    }
    let url = database_before_firms().await;
    let app = TestApp::with_config(|c| c.storage.database_url = Some(url));
    each_account_owns_a_firm_with_its_data_after_every_start(app).await;
}

/// A new database with the schema of migrations 0001-0010 (what 6b61765 embedded) and the
/// fixture's rows, as the old binary left it.
async fn database_before_firms() -> String {
    use sqlx::Connection;
    /// The migration that brings firms; the fixture's database has every one before it.
    const FIRMS: i64 = 11;
    static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");
    let url = fresh_database();
    let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
    MIGRATIONS.run_to(FIRMS - 1, &mut db).await.unwrap();
    // The dump holds every row the old database held, the two counters migration 0008 seeds
    // among them, with the values the old binary left.
    sqlx::raw_sql("DELETE FROM counters")
        .execute(&mut db)
        .await
        .unwrap();
    sqlx::raw_sql(include_str!("../fixtures/pre-firm/postgres.sql"))
        .execute(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
    url
}

/// The whole story on either backend: the migrated install as each account sees it, again after
/// a second start, and a firm made afterwards takes none of the old firms' ids.
async fn each_account_owns_a_firm_with_its_data_after_every_start(mut app: TestApp) {
    let firms = each_account_owns_a_firm_with_its_data(&mut app).await;

    let mut app = started_again(app);
    assert_eq!(
        each_account_owns_a_firm_with_its_data(&mut app).await,
        firms,
        "a second start keeps the same firms"
    );

    app.cookie = None;
    let res = app.sign_up_as("Dana Doe", "dana@doe-law.example").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let new_firm = res.json()["user"]["firm"]["id"].as_u64().unwrap();
    assert!(!firms.contains(&new_firm), "{new_firm} is an old firm's id");
    let shortlist = app.get("/api/shortlist").await.json();
    assert_eq!(shortlist["groups"], json!([]), "no old account's rows");
}

/// Starts the install again, as a restart of the server does.
fn started_again(app: TestApp) -> TestApp {
    match app.state.config.storage.database_url.clone() {
        None => app.restarted(),
        Some(url) => {
            drop(app);
            TestApp::with_config(|c| c.storage.database_url = Some(url))
        }
    }
}

/// Signs in as each account of the fixture and checks its firm and everything it sees; returns
/// the firms' ids, the operator's first.
async fn each_account_owns_a_firm_with_its_data(app: &mut TestApp) -> Vec<u64> {
    let mut firms = Vec::new();
    for account in accounts() {
        app.cookie = None;
        let res = app.sign_in(account.email, PASSWORD).await;
        assert_eq!(
            res.status,
            StatusCode::OK,
            "{}: {}",
            account.email,
            res.text()
        );
        let user = &res.json()["user"];
        assert_eq!(user["firmRole"], "owner", "{}", account.email);
        assert_eq!(user["isAdmin"], account.operator, "{}", account.email);
        let firm = &user["firm"];
        assert_eq!(
            json!({ "name": firm["name"], "size": firm["size"] }),
            account.firm,
            "{}: the firm is named and sized as the law-firm text was",
            account.email
        );

        let own = app.get("/api/firm").await.json()["firm"].clone();
        assert_eq!(own["id"], firm["id"], "{}", account.email);
        assert_eq!(own["verified"], account.operator, "{}", account.email);
        let members = app.get("/api/firm/members").await.json();
        let members: Vec<(&Value, &Value)> = items(&members["items"])
            .iter()
            .map(|m| (&m["email"], &m["role"]))
            .collect();
        assert_eq!(
            members,
            vec![(&json!(account.email), &json!("owner"))],
            "the account is its firm's only member"
        );

        let seen = what_the_firm_sees(app, own["onboarding"].clone()).await;
        for (part, expected) in account.data.as_object().unwrap() {
            assert_eq!(&seen[part], expected, "{}: {part}", account.email);
        }
        firms.push(firm["id"].as_u64().unwrap());
    }

    let [operator, blake, casey] = firms[..] else {
        panic!("three firms: {firms:?}")
    };
    assert!(
        operator != blake && operator != casey && blake != casey,
        "each account has a firm of its own, the two named Birch Injury Law too: {firms:?}"
    );

    // Only the operator lists the firms (Casey, signed in last, may not), and only the
    // operator's own firm is verified.
    assert_eq!(
        app.get("/api/admin/firms").await.status,
        StatusCode::FORBIDDEN
    );
    app.cookie = None;
    app.sign_in(accounts()[0].email, PASSWORD).await;
    let listed = app.get("/api/admin/firms").await.json();
    let mut listed: Vec<Value> = items(&listed["items"])
        .iter()
        .map(|f| {
            json!({
                "id": f["id"], "name": f["name"], "size": f["size"], "members": f["members"],
                "verified": f["verified"], "disabled": f["disabled"]
            })
        })
        .collect();
    listed.sort_by_key(|f| f["id"].as_u64());
    let mut expected: Vec<Value> = accounts()
        .iter()
        .zip(&firms)
        .map(|(account, id)| {
            json!({
                "id": id, "name": account.firm["name"], "size": account.firm["size"],
                "members": 1, "verified": account.operator, "disabled": false
            })
        })
        .collect();
    expected.sort_by_key(|f| f["id"].as_u64());
    assert_eq!(listed, expected);
    firms
}

/// One account of the fixture and what tests/fixtures/pre-firm/make.sh gave it, in the shape of
/// `what_the_firm_sees`: the old binary answered these same values before the migration.
struct Account {
    email: &'static str,
    /// The law-firm text and firm size the account signed up with.
    firm: Value,
    /// The first account: the install's operator.
    operator: bool,
    data: Value,
}

fn accounts() -> [Account; 3] {
    let outcome_unanswered = json!({ "demoHeld": null, "chosen": null });
    [
        Account {
            email: "avery@alder-finch.example",
            firm: json!({ "name": "Alder & Finch LLP", "size": "E21_50" }),
            operator: true,
            data: json!({
                "onboarding": {
                    "attorneysCountBand": "A6_15", "employeesCountBand": "E11_50",
                    "injuryCasesPerMonthBand": "C26_50", "annualSoftwareSpendBand": "S40_100K"
                },
                "techStack": [
                    { "category": 2, "hasTool": false, "vendors": [], "primary": null,
                      "others": [] },
                    { "category": 10, "hasTool": true, "vendors": [95, 94], "primary": 95,
                      "others": ["Our own intake tracker"] },
                    { "category": 11, "hasTool": true, "vendors": [107], "primary": null,
                      "others": [] },
                ],
                "shortlist": [
                    { "vendor": 14, "status": "Chosen", "note": "Demo with their intake lead",
                      "rejectReason": null, "recommended": true, "outcome": { "demoHeld": true, "chosen": true } },
                    { "vendor": 37, "status": "Rejected", "note": "",
                      "rejectReason": "Too slow with hospital records", "recommended": false,
                      "outcome": outcome_unanswered },
                    { "vendor": 43, "status": "Considering",
                      "note": "Ask about Spanish-language demands", "rejectReason": null, "recommended": false,
                      "outcome": outcome_unanswered },
                    // Put there by the meeting click.
                    { "vendor": 46, "status": "Demo booked", "note": "", "rejectReason": null, "recommended": false,
                      "outcome": outcome_unanswered },
                ],
                "dismissed": [{ "vendor": 16, "reason": "too_expensive", "otherText": null }],
                "picks": [{ "category": 2, "vendors": [15, 14] }],
                // 2-16 was dismissed: /past lists it under Dismissed, not as a recommendation.
                "past": ["2-15", "2-14"],
                "clicks": [{ "vendor": 46, "sourcePage": "BROWSE" }],
            }),
        },
        Account {
            email: "blake@birch-injury.example",
            firm: json!({ "name": "Birch Injury Law", "size": "E2_5" }),
            operator: false,
            data: json!({
                "onboarding": {
                    "attorneysCountBand": "A2_5", "employeesCountBand": "E2_10",
                    "injuryCasesPerMonthBand": "C1_10", "annualSoftwareSpendBand": "S0_5K"
                },
                "techStack": [
                    { "category": 4, "hasTool": false, "vendors": [], "primary": null,
                      "others": [] },
                    { "category": 10, "hasTool": true, "vendors": [93], "primary": 93,
                      "others": [] },
                ],
                "shortlist": [
                    { "vendor": 97, "status": "Considering", "note": "Compare with Filevine",
                      "rejectReason": null, "recommended": false, "outcome": outcome_unanswered },
                    { "vendor": 98, "status": "Demo booked", "note": "", "rejectReason": null, "recommended": false,
                      "outcome": outcome_unanswered },
                ],
                "dismissed": [
                    { "vendor": 1, "reason": "other", "otherText": "We stopped buying leads" }
                ],
                "picks": [{ "category": 1, "vendors": [2, 7] }],
                "past": ["1-2", "1-7"], // 1-1 was dismissed
                "clicks": [{ "vendor": 98, "sourcePage": "GET_REC" }],
            }),
        },
        Account {
            email: "casey@birch-law.example",
            // The same law-firm text as Blake's: never merged into one firm.
            firm: json!({ "name": "Birch Injury Law", "size": "E6_20" }),
            operator: false,
            data: json!({
                "onboarding": {
                    "attorneysCountBand": "SOLO", "employeesCountBand": "E2_10",
                    "injuryCasesPerMonthBand": "C11_25", "annualSoftwareSpendBand": "S5_10K"
                },
                "techStack": [
                    { "category": 14, "hasTool": true, "vendors": [135, 137], "primary": 137,
                      "others": [] },
                ],
                "shortlist": [
                    { "vendor": 108, "status": "Demo booked", "note": "", "rejectReason": null, "recommended": false,
                      "outcome": outcome_unanswered },
                    { "vendor": 126, "status": "Demo held",
                      "note": "Good search; pricey per gigabyte", "rejectReason": null, "recommended": false,
                      "outcome": { "demoHeld": true, "chosen": null } },
                ],
                "dismissed": [
                    { "vendor": 52, "reason": "not_right_for_practice", "otherText": null }
                ],
                "picks": [{ "category": 5, "vendors": [43, 49] }],
                "past": ["5-43", "5-49"], // 5-52 was dismissed
                "clicks": [{ "vendor": 108, "sourcePage": "COMPARE" }],
            }),
        },
    ]
}

/// What the signed-in person's firm holds, read through the API and reduced to what the fixture
/// set (no times, no catalog facts): onboarding (from /api/firm), tech stack, shortlist,
/// dismissals, picks, past recommendations and the person's meeting clicks.
async fn what_the_firm_sees(app: &mut TestApp, onboarding: Value) -> Value {
    let stack = app.get("/api/profile/category-adoption").await.json();
    let mut tech_stack: Vec<Value> = items(&stack["items"])
        .iter()
        .filter(|i| !i["adoption"]["hasTool"].is_null())
        .map(|i| {
            let selected = items(&i["selectedVendors"]);
            json!({
                "category": i["category"]["id"],
                "hasTool": i["adoption"]["hasTool"],
                "vendors": selected.iter().map(|v| &v["vendorId"]).collect::<Vec<_>>(),
                "primary": selected.iter().find(|v| v["isPrimary"] == true)
                    .map_or(&Value::Null, |v| &v["vendorId"]),
                "others": items(&i["otherVendors"]).iter().map(|o| &o["name"])
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    tech_stack.sort_by_key(|i| i["category"].as_u64());

    let list = app.get("/api/shortlist").await.json();
    let mut shortlist: Vec<Value> = items(&list["groups"])
        .iter()
        .flat_map(|g| items(&g["entries"]))
        .map(|e| {
            json!({
                "vendor": e["vendorId"], "status": e["status"], "note": e["note"],
                "rejectReason": e["rejectReason"],
                // Why it was recommended, recorded from the firm's past recommendations.
                "recommended": e["recommendation"]["reasons"].is_array(),
                "outcome": {
                    "demoHeld": e["outcome"]["demoHeld"], "chosen": e["outcome"]["chosen"]
                }
            })
        })
        .collect();
    shortlist.sort_by_key(|e| e["vendor"].as_u64());

    let dismissed = app.get("/api/recommendations/dismissed").await.json();
    let picks = app.get("/api/recommendations/persisted").await.json();
    let past = app.get("/api/past-recommendations").await.json();
    let clicks = app.get("/api/meeting-clicks").await.json();
    json!({
        "onboarding": onboarding,
        "techStack": tech_stack,
        "shortlist": shortlist,
        "dismissed": items(&dismissed["items"]).iter().map(|d| json!({
            "vendor": d["vendorId"], "reason": d["reason"], "otherText": d["otherText"]
        })).collect::<Vec<_>>(),
        "picks": items(&picks["items"]).iter().map(|p| json!({
            "category": p["categoryId"],
            "vendors": items(&p["picks"]).iter().map(|v| &v["vendorId"]).collect::<Vec<_>>()
        })).collect::<Vec<_>>(),
        "past": items(&past["items"]).iter().map(|r| &r["recommendationId"]).collect::<Vec<_>>(),
        "clicks": items(&clicks).iter().map(|c| json!({
            "vendor": c["vendorId"], "sourcePage": c["sourcePage"]
        })).collect::<Vec<_>>(),
    })
}

fn items(list: &Value) -> &Vec<Value> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
}
