//! A firm takes its data and leaves (issue 46): `POST /api/firm/export` gives an owner one zip of
//! everything the firm holds — every firm table of the registry of data is in it or named in the
//! manifest with why it is left out — with each file's rows and SHA-256 in the manifest, no
//! secret (sentinels planted in each), nothing of another firm, an open evaluation round's scores
//! as the owner may see them, and an audit entry. Owners only; an owner with a second factor
//! gives a code. `litstack firms export` writes the same archive for the operator. Both backends.

use std::collections::BTreeMap;
use std::io::Read as _;

use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{PASSWORD, TestApp, TestResponse, on_postgres};
use crate::mfa::{code_at, factor_for_signed_in};
use crate::registry::a_firm_that_used_the_product;
use crate::scenario::ok;

/// The archive's files by path.
pub fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut files = BTreeMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut content = Vec::new();
        file.read_to_end(&mut content).unwrap();
        files.insert(file.name().unwrap().to_string(), content);
    }
    files
}

async fn export(app: &mut TestApp, body: Value) -> TestResponse {
    app.post("/api/firm/export", body).await
}

/// Every file's text, for the sentinel search.
fn all_text(files: &BTreeMap<String, Vec<u8>>) -> String {
    files
        .values()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[tokio::test(flavor = "multi_thread")]
async fn an_owner_takes_every_table_of_the_firm_and_no_secret_or_other_firm() {
    // Allowed to fetch from the identity provider on loopback.
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    // Another firm, with data that must not appear.
    app.sign_up_as("Zed Roe", "zed@roe-law.com").await;
    let path = "/api/views";
    ok(
        &mut app,
        Method::POST,
        path,
        Some(json!({ "name": "Zed's secret view", "params": "state=CA" })),
    )
    .await;
    app.cookie = None;
    a_firm_that_used_the_product(&mut app).await;
    let owner_cookie = app.cookie.clone().unwrap();
    // Secrets whose plain text or hash must be nowhere in the archive.
    let invitation = app.invite("bo@doe-law.com", "member").await;
    let provider = crate::sso::Provider::start().await;
    let sso = json!({ "issuer": provider.issuer, "clientId": "litstack",
        "clientSecret": "SNTL-client-secret", "domains": ["doe-law.com"], "requireSso": false });
    ok(&mut app, Method::PUT, "/api/firm/sso", Some(sso)).await;
    let feed = app.post("/api/firm/calendar-feed", json!({})).await.json();
    let feed_url = feed["url"].as_str().unwrap_or_default().to_string();
    let feed_token = feed_url
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .trim_end_matches(".ics");
    assert!(feed_token.len() > 10, "{feed}");
    let mut sentinels = vec![
        "SNTL-client-secret".to_string(),
        PASSWORD.to_string(),
        invitation.clone(),
        sha256_hex(&invitation),
        feed_token.to_string(),
        sha256_hex(feed_token),
        owner_cookie.clone(),
    ];
    if let Some(token) = owner_cookie
        .split(';')
        .next()
        .and_then(|c| c.split_once('='))
    {
        sentinels.push(token.1.to_string());
        sentinels.push(sha256_hex(token.1));
    }

    // Act
    let res = export(&mut app, json!({})).await;

    // Assert: a zip, named as an attachment, never cached.
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.headers[header::CONTENT_TYPE], "application/zip");
    let disposition = res.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"litstack-firm-")
            && disposition.ends_with(".zip\""),
        "{disposition}"
    );
    assert_eq!(res.headers[header::CACHE_CONTROL], "no-store");
    let files = unzip(&res.body);
    let manifest: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
    assert_eq!(manifest["format"], "litstack-firm-archive");
    assert_eq!(manifest["formatVersion"], 2);
    assert_eq!(
        manifest["schemaVersion"],
        litstack::platform::store::SCHEMA_VERSION
    );
    assert_eq!(manifest["takenBy"], "owner");
    assert_eq!(manifest["firm"]["name"], "Doe & Partners");

    // Each file is listed with its rows and SHA-256, and the manifest lists every file.
    let listed = manifest["files"].as_array().unwrap();
    assert_eq!(listed.len() + 1, files.len(), "{manifest}");
    for file in listed {
        let path = file["path"].as_str().unwrap();
        let bytes = &files[path];
        assert_eq!(file["sha256"], hex::encode(Sha256::digest(bytes)), "{path}");
        assert_eq!(file["bytes"], bytes.len(), "{path}");
        if path.starts_with("tables/") {
            let rows: Vec<Value> = serde_json::from_slice(bytes).unwrap();
            assert_eq!(file["rows"], rows.len(), "{path}");
        }
    }

    // Every firm table of the registry is in it, or left out with a reason.
    let left: Vec<&str> = manifest["leftOut"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            assert!(!l["why"].as_str().unwrap().is_empty());
            l["table"].as_str().unwrap()
        })
        .collect();
    for table in litstack::registry::tables().filter(|t| t.is_firm_data()) {
        let file = format!("tables/{}.json", table.name);
        assert!(
            files.contains_key(&file) != left.contains(&table.name),
            "{} must be in the archive or left out with a reason, once",
            table.name
        );
    }
    // What the firm did is there.
    let rows = |table: &str| -> Vec<Value> {
        serde_json::from_slice(&files[&format!("tables/{table}.json")]).unwrap()
    };
    for (table, at_least) in [
        ("firms", 1),
        ("users", 1),
        ("onboarding", 1),
        ("category_adoption", 1),
        ("tool_contracts", 1),
        ("shortlist", 1),
        ("responses", 1),
        ("picks", 1),
        ("dismissals", 1),
        ("past_recommendations", 1),
        ("saved_views", 1),
        ("meeting_clicks", 1),
        ("firm_price_sharing", 1),
        ("sso_configs", 1),
        ("sso_domains", 1),
        ("invitations", 2),
        ("firm_audit", 3),
    ] {
        assert!(rows(table).len() >= at_least, "{table}: {:?}", rows(table));
    }
    assert_eq!(rows("users")[0]["email"], "ann@doe-law.com");
    let people = String::from_utf8(files["people.csv"].clone()).unwrap();
    assert!(people.starts_with("Name,Email,Role,Joined\r\n"), "{people}");
    assert!(
        people.contains("Ann Doe,ann@doe-law.com,owner,"),
        "{people}"
    );

    // No secret, and nothing of the other firm.
    let text = all_text(&files);
    for sentinel in &sentinels {
        assert!(
            !text.contains(sentinel.as_str()),
            "a secret is in the archive"
        );
    }
    for field in [
        "password_hash",
        "token_hash",
        "client_secret",
        "recovery_hashes",
    ] {
        assert!(!text.contains(field), "{field} is in the archive");
    }
    for other in ["Zed", "zed@roe-law.com", "Zed's secret view"] {
        assert!(!text.contains(other), "{other} is in the archive");
    }

    // The audit log says who took it.
    let log = app.get("/api/firm/audit").await.json();
    assert!(
        log.to_string().contains("exported all of the firm's data"),
        "{log}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn only_owners_export_and_an_owner_with_a_second_factor_gives_a_code() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    for (email, role) in [
        ("al@doe-law.com", "admin"),
        ("mo@doe-law.com", "member"),
        ("vi@doe-law.com", "viewer"),
    ] {
        app.cookie = owner.clone();
        let token = app.invite(email, role).await;
        app.join(&token, role, email).await;
        let res = export(&mut app, json!({})).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{role}: {}", res.text());
        if role != "viewer" {
            // A viewer's write is refused before any route, with the viewers' own message.
            assert_eq!(
                res.error(),
                "Only an owner of your firm can export all of its data."
            );
        }
    }
    app.cookie = None;
    let res = export(&mut app, json!({})).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    app.cookie = owner;
    let (secret, recovery) = factor_for_signed_in(&mut app).await;
    let res = export(&mut app, json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(
        res.error(),
        "Enter a current code from your authenticator app (or a recovery code)."
    );
    let res = export(&mut app, json!({ "code": "000000" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let res = export(&mut app, json!({ "code": "1", "extra": true })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());

    let res = export(&mut app, json!({ "code": code_at(&secret, 1) })).await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let text = all_text(&unzip(&res.body));
    assert!(
        !text.contains(&secret),
        "the second factor's secret is in the archive"
    );
    for code in &recovery {
        assert!(!text.contains(code.as_str()));
    }
}

/// An owner who has not scored a vendor in an open round finds no one else's scorecard of it in
/// the archive; once they submit theirs, the others' are there.
#[tokio::test(flavor = "multi_thread")]
async fn an_open_rounds_scores_follow_who_may_see_them() {
    const INTAKE: u64 = 2;
    const LEAD_DOCKET: u64 = 11;
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    let path = format!("/api/shortlist/{LEAD_DOCKET}");
    ok(
        &mut app,
        Method::PUT,
        &path,
        Some(json!({ "status": "Demo held" })),
    )
    .await;
    let criteria = json!({ "criteria": [{ "name": "Price", "weight": 100 }] });
    let path = format!("/api/evaluations/{INTAKE}/criteria");
    ok(&mut app, Method::PUT, &path, Some(criteria)).await;
    let token = app.invite("al@doe-law.com", "admin").await;
    app.join(&token, "Al", "al@doe-law.com").await;
    let card = format!("/api/evaluations/{INTAKE}/scorecards/{LEAD_DOCKET}");
    let scores = |comment: &str| json!({ "scores": [{ "criterionId": "price", "score": 4, "comment": comment }] });
    ok(&mut app, Method::PUT, &card, Some(scores("SNTL-al-price"))).await;
    ok(&mut app, Method::POST, &format!("{card}/submit"), None).await;
    app.cookie = owner;

    let before = all_text(&unzip(&export(&mut app, json!({})).await.body));
    ok(&mut app, Method::PUT, &card, Some(scores("owner's own"))).await;
    ok(&mut app, Method::POST, &format!("{card}/submit"), None).await;
    let after = all_text(&unzip(&export(&mut app, json!({})).await.body));

    assert!(
        !before.contains("SNTL-al-price"),
        "a hidden scorecard is in the archive"
    );
    assert!(after.contains("SNTL-al-price"));
    assert!(after.contains("owner's own"));
}

/// `litstack firms export FIRM --out FILE` on the real binary: the operator's archive of the
/// firm, the same layout; an existing file and an unknown firm are refused with a clear message.
#[tokio::test(flavor = "multi_thread")]
async fn the_command_line_writes_the_archive_and_refuses_an_existing_file_or_an_unknown_firm() {
    if on_postgres() {
        return; // The command opens the data directory; hub mode's is a database URL.
    }
    let mut app = TestApp::on_file();
    let firm = app.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let dir = app.shut_down();
    let data = dir.path().join("data");
    let out = dir.path().join("firm.zip");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_litstack"))
            .args(args)
            .arg("--data-dir")
            .arg(&data)
            .output()
            .unwrap()
    };
    let firm_arg = firm.to_string();
    let out_arg = out.to_str().unwrap();

    let done = run(&["firms", "export", &firm_arg, "--out", out_arg]);

    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let said = String::from_utf8_lossy(&done.stdout);
    assert!(
        said.starts_with(&format!("Wrote firm {firm}'s archive to ")),
        "{said}"
    );
    let files = unzip(&std::fs::read(&out).unwrap());
    let manifest: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
    assert_eq!(manifest["takenBy"], "operator");
    assert!(files.contains_key("tables/users.json"));

    let again = run(&["firms", "export", &firm_arg, "--out", out_arg]);
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already exists; choose a new file name"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let other = dir.path().join("none.zip");
    let unknown = run(&["firms", "export", "999", "--out", other.to_str().unwrap()]);
    assert!(!unknown.status.success());
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains("There is no firm with id 999"),
        "{}",
        String::from_utf8_lossy(&unknown.stderr)
    );
    assert!(!other.exists(), "nothing is written for an unknown firm");
}

/// Issue 78: the archive is for people too. A README says what each file is, and `for-people/`
/// holds spreadsheets with their header first, ISO dates, dollars, names and words — checked by
/// Python's csv module, as a person's spreadsheet or script would read them.
#[tokio::test(flavor = "multi_thread")]
async fn a_person_reads_the_archive_readme_and_its_spreadsheets_with_dates_dollars_and_names() {
    let mut app = TestApp::new();
    a_firm_that_used_the_product(&mut app).await;
    let res = export(&mut app, json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let files = unzip(&res.body);
    let manifest: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
    let listed: Vec<&str> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    let readme = String::from_utf8(files["README.txt"].clone()).unwrap();
    assert!(
        readme.starts_with("Litstack archive of Doe & Partners, taken 20"),
        "{readme}"
    );
    for path in listed.iter().filter(|p| p.starts_with("for-people/")) {
        assert!(readme.contains(path), "the README names {path}: {readme}");
    }
    let sheets: Vec<&&str> = listed.iter().filter(|p| p.ends_with(".csv")).collect();
    assert_eq!(sheets.len(), 7, "people.csv and six for people: {listed:?}");

    let dir = tempfile::tempdir().unwrap();
    for path in &sheets {
        let file = dir.path().join(path.replace('/', "__"));
        std::fs::write(&file, &files[**path]).unwrap();
    }
    // Every cell of a column named for a date, a time or money reads as one; no cell is an epoch
    // second, a day number, cents or an enum's name.
    let check = r#"
import csv, datetime, decimal, os, re, sys
problems = []
for name in sorted(os.listdir(sys.argv[1])):
    with open(os.path.join(sys.argv[1], name), newline='', encoding='utf-8') as f:
        rows = list(csv.DictReader(f))
        header = rows[0].keys() if rows else []
    for i, row in enumerate(rows):
        for column, cell in row.items():
            where = f"{name} row {i + 1} {column}: {cell!r}"
            if cell == '':
                continue
            if column.endswith(' date') or column == 'Last day to give notice':
                datetime.date.fromisoformat(cell)
            elif column.endswith(' at') or column == 'At':
                datetime.datetime.fromisoformat(cell.replace('Z', '+00:00'))
            elif column.endswith('(USD)'):
                if not re.fullmatch(r'\d+\.\d\d', cell):
                    problems.append(where)
                decimal.Decimal(cell)
            elif re.fullmatch(r'\d{6,}', cell):
                problems.append(where + ' looks like an epoch second or a day number')
            elif column in ('Status', 'Reason', 'What', 'Role') and (re.fullmatch(r'[A-Z][a-z]+[A-Z]\w*', cell) or '_' in cell):
                problems.append(where + " is a code, not a word")
print('\n'.join(problems))
sys.exit(1 if problems else 0)
"#;
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(check)
        .arg(dir.path())
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let contracts = String::from_utf8(files["for-people/contracts.csv"].clone()).unwrap();
    let mut lines = contracts.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("Tool,Category,Start date,")
    );
    let row = lines.next().unwrap();
    assert!(
        row.contains(",2026-01-01,12,2027-01-01,60,2026-11-02,12345.00,12,Ann Doe,"),
        "{row}"
    );
    let shortlist = String::from_utf8(files["for-people/shortlist.csv"].clone()).unwrap();
    assert!(
        shortlist.contains(",Considering,,ask about pricing,"),
        "{shortlist}"
    );
    let dismissals = String::from_utf8(files["for-people/dismissals.csv"].clone()).unwrap();
    assert!(dismissals.contains(",Too expensive,"), "{dismissals}");
}
