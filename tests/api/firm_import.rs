//! A firm moves to another install (issue 46): the operator's archive of a firm that used every
//! part of the product is loaded by another install's operator (`POST /api/admin/firms/import`),
//! then taken again from there into a third: every table the registry loads holds the same rows
//! (ids aside), vendors are matched by name to the other catalog's ids, decision versions keep
//! their text and hash byte for byte beside the map of ids. Under LITSTACK_TEST_BACKEND=postgres
//! the middle install is a hub, so the firm goes redb -> PostgreSQL -> redb. Damaged, newer,
//! foreign and clashing archives are refused with nothing written; only the operator imports;
//! `litstack firms import` does the same on the command line.

use std::collections::BTreeMap;
use std::io::Write as _;

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use litstack::platform::store::registry::{Export, Load, Taker};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::bookings::upload;
use crate::firm_export::unzip;
use crate::helpers::{PASSWORD, TestApp, TestResponse, on_postgres};
use crate::registry::a_firm_that_used_the_product;
use crate::scenario::ok;

/// A vendor the firm shortlists, added to each install's catalog after others so that its id
/// differs between them: the import must find it by name.
const ADDED: &str = "Zephyrcase Test";

async fn add_vendors(app: &mut TestApp, names: &[&str]) {
    let mut csv = String::from("name,category,websiteUrl,bookingUrl,priceBracket\n");
    for name in names {
        let slug = name.to_lowercase().replace(' ', "");
        csv.push_str(&format!(
            "{name},Practice Management,https://{slug}.example.com,https://{slug}.example.com/demo,2\n"
        ));
    }
    let res = upload(app, "vendors.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], names.len(), "{}", res.text());
}

fn vendor_id(app: &TestApp, name: &str) -> u64 {
    app.state
        .catalog
        .load()
        .vendors
        .iter()
        .find(|v| v.name == name)
        .map(|v| v.id)
        .expect("the vendor is in the catalog")
}

/// A firm (Ann, the install's first account, with Di invited) that used the product, an added
/// vendor on its shortlist, an evaluation round with a submitted scorecard, and a final decision.
async fn a_firm_on_its_own_install() -> (TestApp, u64) {
    let mut app = TestApp::on_file();
    a_firm_that_used_the_product(&mut app).await;
    add_vendors(&mut app, &["Aardvark Test", ADDED]).await;
    let added = vendor_id(&app, ADDED);
    let path = format!("/api/shortlist/{added}");
    ok(
        &mut app,
        Method::PUT,
        &path,
        Some(json!({ "status": "Demo held" })),
    )
    .await;

    let list = app.get("/api/profile/category-adoption").await.json();
    let item = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["vendors"].as_array().unwrap().len() >= 3)
        .expect("a category with three vendors")
        .clone();
    let category = item["category"]["id"].as_u64().unwrap();
    let vendors: Vec<u64> = (0..2)
        .map(|n| item["vendors"][n]["id"].as_u64().unwrap())
        .collect();
    for v in &vendors {
        let path = format!("/api/shortlist/{v}");
        ok(
            &mut app,
            Method::PUT,
            &path,
            Some(json!({ "status": "Demo held" })),
        )
        .await;
    }
    let criteria = json!({ "criteria": [
        { "name": "Price", "weight": 60 }, { "name": "Support", "weight": 40 } ] });
    let path = format!("/api/evaluations/{category}/criteria");
    ok(&mut app, Method::PUT, &path, Some(criteria)).await;
    let card = format!("/api/evaluations/{category}/scorecards/{}", vendors[0]);
    let scores = json!({ "scores": [
        { "criterionId": "price", "score": 4, "comment": "fair" },
        { "criterionId": "support", "score": 5 } ] });
    ok(&mut app, Method::PUT, &card, Some(scores)).await;
    ok(&mut app, Method::POST, &format!("{card}/submit"), None).await;

    let me = app.get("/api/auth/me").await.json();
    let ann = me["user"]["id"].as_u64().unwrap();
    let firm = me["user"]["firm"]["id"].as_u64().unwrap();

    // Cy joins, answers for a contract, and leaves the firm: the contract still names Cy.
    let owner = app.cookie.clone();
    let token = app.invite("cy@doe-law.com", "member").await;
    let joined = app.join(&token, "Cy Lee", "cy@doe-law.com").await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    let cy = joined.json()["user"]["id"].as_u64().unwrap();
    app.cookie = owner;
    let contract = json!({ "startDate": "2026-02-01", "termMonths": 12, "noticeDays": 30,
        "annualCost": 99_000, "seats": 3, "responsibleUserId": cy });
    let in_stack = crate::scenario::stage_and_vendors(&app).1[0];
    let path = format!("/api/techstack/{in_stack}/contract");
    ok(&mut app, Method::PUT, &path, Some(contract)).await;
    ok(
        &mut app,
        Method::DELETE,
        &format!("/api/firm/members/{cy}"),
        None,
    )
    .await;
    let proposal = json!({
        "categoryId": category, "vendorId": vendors[0], "runnerUpId": vendors[1],
        "reasons": "Highest weighted score", "annualCost": 1_200_000,
        "startDate": "2026-03-01", "approvers": [ann] });
    let decision = ok(&mut app, Method::POST, "/api/decisions", Some(proposal)).await;
    let id = decision["id"].as_u64().unwrap();
    let hash = decision["versionHash"].as_str().unwrap().to_string();
    let approve = json!({ "versionHash": hash, "comment": "Agreed" });
    let done = ok(
        &mut app,
        Method::POST,
        &format!("/api/decisions/{id}/approve"),
        Some(approve),
    )
    .await;
    assert_eq!(done["status"], "final", "{done}");
    (app, firm)
}

/// The operator's archive of `firm`.
fn archive(app: &TestApp, firm: u64) -> Vec<u8> {
    litstack::firms::archive::build(&app.state.sub(), firm, Taker::Operator, 1_790_000_000)
        .unwrap()
        .bytes
}

/// An install whose operator (its first account, of another firm) is signed in, with the added
/// vendor at another id than the source's.
async fn another_install(app: TestApp) -> TestApp {
    let mut app = app;
    let res = app
        .sign_up_as("Oz Operator", "oz@operator.example.com")
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    add_vendors(&mut app, &["Filler One Test", "Filler Two Test", ADDED]).await;
    app
}

async fn import(app: &mut TestApp, zip: Vec<u8>) -> TestResponse {
    let req = app
        .request(Method::POST, "/api/admin/firms/import")
        .header(header::CONTENT_TYPE, "application/zip")
        .body(Body::from(zip))
        .unwrap();
    app.send(req).await
}

fn rezip(files: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (path, bytes) in files {
        out.start_file(path.as_str(), options).unwrap();
        out.write_all(bytes).unwrap();
    }
    out.finish().unwrap().into_inner()
}

/// Fields that hold one install's ids, or what an import sets anew (the firm unverified, never
/// the operator, a notice without its link): left out of the comparison.
const ANEW: &[&str] = &[
    "id",
    "firm_id",
    "user_id",
    "vendor_id",
    "category_id",
    "decision_id",
    "set_by",
    "responsible_user_id",
    "by_user",
    "vendor_ids",
    "primary_vendor_id",
    "runner_up_id",
    "incumbent",
    "link",
    "verified",
    "operator",
    "vendorId",
    "requestedBy",
    "askedBy",
];

fn without_ids(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|k, _| !ANEW.contains(&k.as_str()));
            map.values_mut().for_each(without_ids);
        }
        Value::Array(items) => items.iter_mut().for_each(without_ids),
        _ => {}
    }
}

/// The rows of every table an import loads, ids left out, in a stable order; the audit lines of
/// the moves themselves and the maps of ids aside.
fn loaded_tables(zip: &[u8]) -> BTreeMap<&'static str, Vec<String>> {
    let files = unzip(zip);
    let mut out = BTreeMap::new();
    for table in litstack::registry::tables() {
        let Export::Rows {
            load: Load::Rows(_),
            ..
        } = table.export
        else {
            continue;
        };
        if table.name == "imported_ids" {
            continue;
        }
        let path = format!("tables/{}.json", table.name);
        let rows: Vec<Value> = serde_json::from_slice(&files[&path]).unwrap();
        let mut rows: Vec<String> = rows
            .into_iter()
            .filter(|r| r["action"] != "firm_imported")
            .map(|mut r| {
                without_ids(&mut r);
                r.to_string()
            })
            .collect();
        rows.sort();
        out.insert(table.name, rows);
    }
    out
}

fn table(zip: &[u8], name: &str) -> Vec<Value> {
    serde_json::from_slice(&unzip(zip)[&format!("tables/{name}.json")]).unwrap()
}

/// How many firms the install has, as its operator (signed in) lists them.
async fn firm_count(app: &mut TestApp) -> usize {
    let firms = ok(app, Method::GET, "/api/admin/firms", None).await;
    firms["items"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_firm_moves_to_another_install_and_back_with_every_row_and_its_decisions_hashes() {
    let (source, firm) = a_firm_on_its_own_install().await;
    let first = archive(&source, firm);
    let mut middle = another_install(TestApp::new()).await;

    // Act
    let res = import(&mut middle, first.clone()).await;

    // Assert: a new firm, every loaded table's rows, the vendor found by name.
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let report = res.json();
    let moved = report["firmId"].as_u64().unwrap();
    assert_ne!(moved, firm, "the firm gets this install's next id");
    assert_eq!(report["members"], 1, "{report}");
    assert_eq!(report["people"][0]["email"], "ann@doe-law.com", "{report}");
    assert_eq!(report["people"][0]["role"], "owner", "{report}");
    let left: Vec<&str> = report["leftOut"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["table"].as_str().unwrap())
        .collect();
    for table in ["invitations", "firm_price_sharing", "sso_configs"] {
        assert!(left.contains(&table), "{table} is not taken: {report}");
    }
    let second = archive(&middle, moved);
    assert_eq!(loaded_tables(&second), loaded_tables(&first));
    let added_there = vendor_id(&middle, ADDED);
    assert_ne!(added_there, vendor_id(&source, ADDED));
    let shortlist = table(&second, "shortlist");
    assert!(
        shortlist.iter().any(|e| e["vendor_id"] == added_there),
        "{shortlist:?}"
    );
    // Unverified, sharing no prices, nobody the operator, nobody with a password.
    let firm_row = &table(&second, "firms")[0];
    assert_eq!(firm_row["verified"], false);
    assert!(table(&second, "firm_price_sharing").is_empty());
    let members = table(&second, "users");
    assert_eq!(members.len(), 1, "{members:?}");
    assert_eq!(members[0]["email"], "ann@doe-law.com");
    assert_eq!(members[0]["operator"], false);
    let ann = members[0]["id"].as_u64().unwrap();
    assert_eq!(report["people"][0]["userId"], ann);
    middle.sign_out().await;
    assert_eq!(
        middle.sign_in("ann@doe-law.com", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );

    // Decision versions are the same bytes, their hashes verify, beside the map of ids.
    let versions = table(&second, "decision_versions");
    assert_eq!(versions, {
        let mut before = table(&first, "decision_versions");
        for v in &mut before {
            v["firm_id"] = moved.into();
            v["decision_id"] = versions[0]["decision_id"].clone();
        }
        before
    });
    for v in &versions {
        let content = v["content"].as_str().unwrap();
        assert_eq!(hex::encode(Sha256::digest(content)), v["hash"], "{v}");
    }
    let steps = table(&second, "imported_ids");
    assert_eq!(steps.len(), 1, "{steps:?}");
    let decision = table(&second, "decisions")[0]["id"].as_u64().unwrap();
    let old_decision = table(&first, "decisions")[0]["id"].as_u64().unwrap();
    assert_eq!(
        steps[0]["decisions"][old_decision.to_string()],
        decision,
        "{steps:?}"
    );
    assert_eq!(
        steps[0]["vendors"][vendor_id(&source, ADDED).to_string()],
        added_there
    );

    // A member comes in through a reset link the operator gives, and reads the final decision.
    middle.sign_in("oz@operator.example.com", PASSWORD).await;
    let link = ok(
        &mut middle,
        Method::POST,
        &format!("/api/admin/users/{ann}/reset-link"),
        None,
    )
    .await;
    let token = link["link"]
        .as_str()
        .unwrap()
        .rsplit('#')
        .next()
        .unwrap()
        .to_string();
    middle.sign_out().await;
    let reset = json!({ "token": token, "newPassword": "a-new-long-secret-9" });
    ok(
        &mut middle,
        Method::POST,
        "/api/auth/reset-password",
        Some(reset),
    )
    .await;
    let res = middle
        .sign_in("ann@doe-law.com", "a-new-long-secret-9")
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let read = ok(
        &mut middle,
        Method::GET,
        &format!("/api/decisions/{decision}"),
        None,
    )
    .await;
    assert_eq!(read["status"], "final", "{read}");
    let log = middle.get("/api/firm/audit").await.json();
    assert!(
        log.to_string()
            .contains("imported the firm from an archive"),
        "{log}"
    );

    // And on to a third install (redb): the same rows, and two maps of ids.
    let mut last = another_install(TestApp::on_file()).await;
    let res = import(&mut last, second.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let third = archive(&last, res.json()["firmId"].as_u64().unwrap());
    assert_eq!(loaded_tables(&third), loaded_tables(&first));
    let steps = table(&third, "imported_ids");
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert_eq!(
        table(&third, "decision_versions")[0]["hash"],
        versions[0]["hash"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_damaged_newer_foreign_or_clashing_archive_is_refused_with_nothing_written() {
    let (source, firm) = a_firm_on_its_own_install().await;
    let good = archive(&source, firm);
    let mut app = another_install(TestApp::new()).await;
    let firms = firm_count(&mut app).await;
    let files = unzip(&good);

    let with = |path: &str, edit: &dyn Fn(&mut Vec<u8>)| {
        let mut files = files.clone();
        edit(files.get_mut(path).unwrap());
        rezip(&files)
    };
    let manifest_with = |key: &str, value: Value| {
        with("manifest.json", &|bytes| {
            let mut m: Value = serde_json::from_slice(bytes).unwrap();
            m[key] = value.clone();
            *bytes = serde_json::to_vec(&m).unwrap();
        })
    };
    // An edit that the manifest is made to agree with: the archive is consistent, its rows not.
    let edited = |path: &str, edit: &dyn Fn(&mut Vec<Value>)| {
        let mut files = files.clone();
        let mut rows: Vec<Value> = serde_json::from_slice(&files[path]).unwrap();
        edit(&mut rows);
        let bytes = serde_json::to_vec(&rows).unwrap();
        let mut manifest: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
        for listed in manifest["files"].as_array_mut().unwrap() {
            if listed["path"] == path {
                listed["bytes"] = json!(bytes.len());
                listed["rows"] = json!(rows.len());
                listed["sha256"] = json!(hex::encode(Sha256::digest(&bytes)));
            }
        }
        files.insert(
            "manifest.json".into(),
            serde_json::to_vec(&manifest).unwrap(),
        );
        files.insert(path.into(), bytes);
        rezip(&files)
    };
    let contracts = table(&good, "tool_contracts").len();
    let members = table(&good, "users").len();
    let first_email = table(&good, "users")[0]["email"]
        .as_str()
        .unwrap()
        .to_string();
    let cases: Vec<(&str, Vec<u8>, StatusCode, String)> = vec![
        (
            "a person who is neither a member nor a former member",
            edited("tables/tool_contracts.json", &|rows| {
                rows.last_mut().unwrap()["responsible_user_id"] = json!(987_654);
            }),
            StatusCode::BAD_REQUEST,
            format!(
                "tables/tool_contracts.json, row {contracts}, names person 987654, who is \
                 neither among the firm's members"
            ),
        ),
        (
            "one email twice among the members",
            edited("tables/users.json", &|rows| {
                let mut again = rows[0].clone();
                again["id"] = json!(987_655);
                again["email"] = json!(first_email.to_uppercase());
                rows.push(again);
            }),
            StatusCode::BAD_REQUEST,
            format!(
                "{} appears twice in the archive (tables/users.json, rows 1 and {})",
                first_email.to_uppercase(),
                members + 1
            ),
        ),
        (
            "a table's rows fewer than its manifest lists",
            {
                let mut files = files.clone();
                let mut manifest: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
                for listed in manifest["files"].as_array_mut().unwrap() {
                    if listed["path"] == "tables/shortlist.json" {
                        listed["rows"] = json!(listed["rows"].as_u64().unwrap() + 1);
                    }
                }
                files.insert(
                    "manifest.json".into(),
                    serde_json::to_vec(&manifest).unwrap(),
                );
                rezip(&files)
            },
            StatusCode::BAD_REQUEST,
            "tables/shortlist.json holds".into(),
        ),
        (
            "not a zip",
            b"name,email\nAnn,ann@doe-law.com\n".to_vec(),
            StatusCode::BAD_REQUEST,
            "not a complete zip file".into(),
        ),
        (
            "truncated",
            good[..good.len() / 2].to_vec(),
            StatusCode::BAD_REQUEST,
            "not a complete zip file".into(),
        ),
        (
            "a table changed after the manifest",
            with("tables/shortlist.json", &|b| b.extend_from_slice(b" ")),
            StatusCode::BAD_REQUEST,
            "tables/shortlist.json does not match its manifest".into(),
        ),
        (
            "a newer format",
            manifest_with("formatVersion", json!(99)),
            StatusCode::BAD_REQUEST,
            "written by a newer Litstack".into(),
        ),
        (
            "a newer schema",
            manifest_with("schemaVersion", json!(99)),
            StatusCode::BAD_REQUEST,
            "written by a newer Litstack".into(),
        ),
        (
            "another kind of file",
            manifest_with("format", json!("something-else")),
            StatusCode::BAD_REQUEST,
            "not a Litstack firm archive".into(),
        ),
        (
            "a file the manifest does not list",
            {
                let mut extra = files.clone();
                extra.insert("tables/extra.json".into(), b"[]".to_vec());
                rezip(&extra)
            },
            StatusCode::BAD_REQUEST,
            "which its manifest does not list".into(),
        ),
    ];
    for (what, zip, status, says) in cases {
        let res = import(&mut app, zip).await;
        assert_eq!(res.status, status, "{what}: {}", res.text());
        assert!(res.error().contains(&says), "{what}: {}", res.error());
    }

    // A vendor this catalog lacks is named, with what to do.
    let mut lacking = TestApp::new();
    lacking
        .sign_up_as("Oz Operator", "oz@operator.example.com")
        .await;
    let before = firm_count(&mut lacking).await;
    let res = import(&mut lacking, good.clone()).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error()
            .contains(&format!("names the vendor \"{ADDED}\"")),
        "{}",
        res.error()
    );
    assert_eq!(
        firm_count(&mut lacking).await,
        before,
        "nothing was written"
    );

    // An email with an account here is a 409 naming it.
    let taken = app.sign_up_as("Ann Other", "ann@doe-law.com").await;
    assert_eq!(taken.status, StatusCode::CREATED, "{}", taken.text());
    app.sign_out().await;
    app.sign_in("oz@operator.example.com", PASSWORD).await;
    let res = import(&mut app, good.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert!(res.error().contains("ann@doe-law.com"), "{}", res.error());
    assert_eq!(
        firm_count(&mut app).await,
        firms + 1,
        "only Ann Other's own firm"
    );

    // Only the operator imports.
    app.sign_out().await;
    assert_eq!(
        import(&mut app, good.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    app.sign_in("ann@doe-law.com", PASSWORD).await;
    assert_eq!(import(&mut app, good).await.status, StatusCode::FORBIDDEN);
}

/// One install as the command line reaches it: its data directory, and in hub mode its database.
struct Install {
    dir: tempfile::TempDir,
    database_url: Option<String>,
}

impl Install {
    /// Runs `litstack ARGS` against this install; answers (success, stdout, stderr).
    fn run(&self, args: &[&str]) -> (bool, String, String) {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_litstack"));
        command
            .args(args)
            .arg("--data-dir")
            .arg(self.dir.path().join("data"));
        if let Some(url) = &self.database_url {
            command.arg("--database-url").arg(url);
        }
        let out = command.output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// A new install of its own (a hub's database under LITSTACK_TEST_BACKEND=postgres when
    /// `hub`), the added vendor in its catalog at another id than the source's.
    fn new(hub: bool) -> Install {
        let install = Install {
            dir: tempfile::tempdir().unwrap(),
            database_url: (hub && on_postgres()).then(crate::helpers::fresh_database),
        };
        let csv = install.dir.path().join("vendors.csv");
        let mut text = String::from("name,category,websiteUrl,bookingUrl,priceBracket\n");
        for name in ["Filler One Test", "Filler Two Test", ADDED] {
            let slug = name.to_lowercase().replace(' ', "");
            text.push_str(&format!(
                "{name},Practice Management,https://{slug}.example.com,https://{slug}.example.com/demo,2\n"
            ));
        }
        std::fs::write(&csv, text).unwrap();
        let (ok, out, err) = install.run(&["import", "vendors", csv.to_str().unwrap()]);
        assert!(ok, "{out}{err}");
        install
    }

    /// `litstack firms import FILE`: the new firm's id, from what the command says.
    fn import(&self, zip: &std::path::Path) -> u64 {
        let (ok, out, err) = self.run(&["firms", "import", zip.to_str().unwrap()]);
        assert!(ok, "{out}{err}");
        assert!(out.starts_with("Imported Doe & Partners as firm "), "{out}");
        out["Imported Doe & Partners as firm ".len()..]
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }

    /// `litstack firms export FIRM --out FILE`: the archive's bytes.
    fn export(&self, firm: u64) -> Vec<u8> {
        let zip = self.dir.path().join(format!("firm-{firm}.zip"));
        let (ok, out, err) = self.run(&[
            "firms",
            "export",
            &firm.to_string(),
            "--out",
            zip.to_str().unwrap(),
        ]);
        assert!(ok, "{out}{err}");
        std::fs::read(zip).unwrap()
    }
}

/// The real binary moves a firm with `litstack firms export` and `litstack firms import`: from a
/// data directory to a hub's database (under LITSTACK_TEST_BACKEND=postgres; another data
/// directory otherwise) and on to a third install's data directory, every loaded table's rows
/// the same and every decision version's hash verified.
#[tokio::test(flavor = "multi_thread")]
async fn the_command_line_moves_a_firm_to_a_hub_and_back() {
    let (source, firm) = a_firm_on_its_own_install().await;
    let from = Install {
        dir: source.shut_down(),
        database_url: None,
    };
    let first = from.export(firm);
    let hub = Install::new(true);
    let zip = from.dir.path().join("first.zip");
    std::fs::write(&zip, &first).unwrap();

    // Act
    let (imported, said, err) = hub.run(&["firms", "import", zip.to_str().unwrap()]);

    // Assert
    assert!(imported, "{said}{err}");
    assert!(said.contains("Not taken: invitations"), "{said}");
    assert!(said.contains("reset link"), "{said}");
    assert!(
        said.contains("- Ann Doe <ann@doe-law.com>, owner (account "),
        "{said}"
    );
    let moved: u64 = said["Imported Doe & Partners as firm ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let second = hub.export(moved);
    assert_eq!(loaded_tables(&second), loaded_tables(&first));
    let again = hub.run(&["firms", "import", zip.to_str().unwrap()]);
    assert!(!again.0);
    assert!(again.2.contains("already have an account"), "{}", again.2);
    let missing = hub.run(&["firms", "import", "/nonexistent/firm.zip"]);
    assert!(!missing.0);
    assert!(
        missing.2.contains("cannot read /nonexistent/firm.zip"),
        "{}",
        missing.2
    );

    let last = Install::new(false);
    let zip = last.dir.path().join("second.zip");
    std::fs::write(&zip, &second).unwrap();
    let third = last.export(last.import(&zip));
    let stranger = last.run(&[
        "users",
        "reset-link",
        "nobody@doe-law.com",
        "--public-url",
        "http://localhost:9",
    ]);
    assert!(!stranger.0);
    assert!(
        stranger
            .2
            .contains("there is no account with the email nobody@doe-law.com"),
        "{}",
        stranger.2
    );
    let (made, said, err) = last.run(&[
        "users",
        "reset-link",
        "ann@doe-law.com",
        "--public-url",
        "http://localhost:9",
    ]);
    assert!(made, "{said}{err}");
    let link = said.lines().nth(1).unwrap();
    let token = link
        .strip_prefix("http://localhost:9/reset-password#")
        .expect(link);
    assert_eq!(loaded_tables(&third), loaded_tables(&first));
    for version in table(&third, "decision_versions") {
        let content = version["content"].as_str().unwrap();
        assert_eq!(hex::encode(Sha256::digest(content)), version["hash"]);
    }
    assert_eq!(table(&third, "imported_ids").len(), 2);

    // The owner signs in on the third install through the link the command printed.
    let mut app = TestApp::on_dir(last.dir);
    let reset = json!({ "token": token, "newPassword": "a-new-long-secret-9" });
    ok(
        &mut app,
        Method::POST,
        "/api/auth/reset-password",
        Some(reset),
    )
    .await;
    let res = app.sign_in("ann@doe-law.com", "a-new-long-secret-9").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let log = ok(&mut app, Method::GET, "/api/firm/audit", None).await;
    assert!(
        crate::helpers::audit_actions(&log).contains(&"reset_link_issued"),
        "{log}"
    );
}

/// Rows of `firm` (or of its members `users`) in every firm table the registry declares in
/// PostgreSQL, by table: counted by each table's holder column.
async fn firm_rows(url: &str, firm: u64, users: &[u64]) -> BTreeMap<&'static str, i64> {
    use litstack::platform::store::registry::Holder;
    use sqlx::Connection as _;
    let mut db = sqlx::PgConnection::connect(url).await.unwrap();
    let mut counts = BTreeMap::new();
    for table in litstack::registry::tables().filter(|t| t.postgres) {
        let (column, ids): (&str, Vec<i64>) = match table.holder {
            Holder::Install => continue,
            Holder::Firm { column } => (column, vec![firm as i64]),
            Holder::Member { column } => (column, users.iter().map(|&u| u as i64).collect()),
        };
        // The names are the registry's constants.
        let sql = format!(
            "SELECT count(*) FROM {} WHERE {column} = ANY($1)",
            table.name
        );
        let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(ids)
            .fetch_one(&mut db)
            .await
            .unwrap();
        counts.insert(table.name, n);
    }
    counts
}

/// An imported firm's deletion leaves no row of it in any firm table: on PostgreSQL each table
/// counted by its holder column; on redb no text of the firm anywhere in the file's rows.
#[tokio::test(flavor = "multi_thread")]
async fn an_imported_firm_once_deleted_leaves_no_row_in_any_firm_table() {
    let (source, firm) = a_firm_on_its_own_install().await;
    let mut app = another_install(TestApp::new()).await;
    let res = import(&mut app, archive(&source, firm)).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let moved = res.json()["firmId"].as_u64().unwrap();
    let members: Vec<u64> = table(&archive(&app, moved), "users")
        .iter()
        .map(|u| u["id"].as_u64().unwrap())
        .collect();
    let texts = [
        "ann@doe-law.com",
        "ask about pricing",
        "Highest weighted score",
    ];
    let url = app.state.config.storage.database_url.clone();
    if let Some(url) = &url {
        let before = firm_rows(url, moved, &members).await;
        for table in [
            "users",
            "shortlist",
            "decisions",
            "decision_versions",
            "imported_ids",
        ] {
            assert!(before[table] > 0, "{table}: {before:?}");
        }
    } else {
        let text = redb_rows(&app);
        assert!(texts.iter().all(|t| text.contains(t)));
    }
    let path = format!("/api/admin/firms/{moved}/deletion");
    ok(&mut app, Method::POST, &path, None).await;

    // Act
    let later = litstack::platform::clock::now_secs() + 40 * 86_400;
    let deleted = litstack::firms::deletion::run_due(&app.state.sub(), later).unwrap();

    // Assert
    assert_eq!(deleted, [moved]);
    if let Some(url) = &url {
        let after = firm_rows(url, moved, &members).await;
        assert!(after.values().all(|&n| n == 0), "{after:?}");
        assert!(after.len() > 30, "every firm table is counted: {after:?}");
    } else {
        let text = redb_rows(&app);
        for t in texts {
            assert!(!text.contains(t), "{t} is still stored");
        }
    }
}

/// The redb file's live rows, as text (a fresh backup holds only those).
fn redb_rows(app: &TestApp) -> String {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.redb");
    let file = app.state.store.file().unwrap();
    litstack::platform::store::backup::backup_to(file, &copy, &litstack::registry::redb_tables())
        .unwrap();
    String::from_utf8_lossy(&std::fs::read(&copy).unwrap()).into_owned()
}
