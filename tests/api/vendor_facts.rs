//! Where each vendor fact comes from, the security profile, and Browse's security filters: on
//! the shipped catalog, through an administrator's edit and import, on both backends.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::catalog::names;
use crate::helpers::TestApp;

const EVENUP: u64 = 43;
const FILEVINE: u64 = 93;

#[tokio::test(flavor = "multi_thread")]
async fn the_shipped_catalog_says_where_each_fact_comes_from_and_browse_filters_by_what_vendors_state()
 {
    let mut app = TestApp::new();
    app.sign_up().await;

    let baa = app.get("/api/vendors?security=baa").await;
    assert_eq!(baa.status, StatusCode::OK, "{}", baa.text());
    assert_eq!(
        names(&baa.json()),
        [
            "Box",
            "Clio Manage",
            "Compex Legal Services",
            "EvenUp",
            "Everlaw",
            "Ruby"
        ]
    );
    let both = app.get("/api/vendors?security=baa,%20soc2").await.json();
    assert_eq!(names(&both), ["EvenUp"]);
    let evenup = &both["items"][0]["facts"];
    assert_eq!(
        evenup["security"]["hipaaBaa"],
        json!({"value": true, "provenance": {"kind": "page", "url": "https://www.evenuplaw.com/dpa/", "checkedOn": "2026-11-25"}})
    );
    assert_eq!(
        evenup["security"]["soc2"]["value"],
        json!({"report": "Type II", "periodEnd": null})
    );
    // Not stated is absent, never a guess.
    assert_eq!(evenup["security"]["iso27001"], Value::Null);
    assert_eq!(evenup["security"]["aiTraining"], Value::Null);
    // The bracket is Litstack's estimate; EvenUp lists no integrations any page supports.
    assert_eq!(evenup["price"], json!({"kind": "estimate"}));
    assert_eq!(evenup["integrations"], Value::Null);

    // The profile and the comparison carry the same facts; the comparison marks the security
    // facts whose stated values differ ("Not stated" is a value too).
    let profile = app.get(&format!("/api/vendors/{EVENUP}")).await.json();
    assert_eq!(profile["facts"], *evenup);
    // The alternatives' brackets are Litstack's estimates too, and say so.
    let alternatives = profile["alternatives"].as_array().unwrap();
    assert!(!alternatives.is_empty());
    for alt in alternatives {
        let expected = match alt["priceBracket"].is_null() {
            true => Value::Null,
            false => json!({"kind": "estimate"}),
        };
        assert_eq!(alt["price"], expected, "{alt}");
    }
    let compared = app
        .get(&format!("/api/compare?ids={EVENUP},{FILEVINE}"))
        .await;
    assert_eq!(compared.status, StatusCode::OK, "{}", compared.text());
    let compared = compared.json();
    let differing = compared["differing"].as_array().unwrap();
    for row in ["hipaaBaa", "soc2", "sso", "mfa"] {
        assert!(differing.contains(&json!(row)), "{row} in {differing:?}");
    }
    assert!(!differing.contains(&json!("iso27001")), "{differing:?}");
    // Filevine's shipped booking link: no page we read confirms it, and it says so.
    assert_eq!(
        compared["vendors"][1]["facts"]["bookingLink"],
        json!({"kind": "estimate"})
    );
    assert_eq!(
        compared["vendors"][1]["facts"]["security"]["sso"]["value"],
        json!({"offered": true, "protocols": ["SAML"], "plan": null})
    );

    // An unknown code is refused with the codes there are; nothing is filtered silently.
    let bad = app.get("/api/vendors?security=baa,hipaa").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.json()["error"],
        "security must be a comma-separated list of baa, soc2 and sso; \"hipaa\" is not one"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn what_an_administrator_changes_is_credited_to_the_administrator_and_nothing_else_moves() {
    // The logo is copied from a web server on loopback (vendor_logos.rs).
    let server = crate::vendor_logos::vendor_server().await;
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    app.sign_up_as("Ada Admin", "ada@admin-law.com").await;
    let facts = |page: &Value| page["items"][0]["facts"].clone();
    let before = facts(&app.get("/api/vendors?q=evenup").await.json());

    let res = app
        .patch(
            &format!("/api/admin/vendors/{EVENUP}"),
            json!({"logoUrl": format!("{server}/logo.png")}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let after = res.json()["facts"].clone();
    assert_eq!(after["logo"], json!({"kind": "administrator", "on": today}));
    for kept in ["description", "price", "website", "security"] {
        assert_eq!(after[kept], before[kept], "{kept}");
    }

    // A vendor file that changes EvenUp's integrations: only that fact becomes the
    // administrator's; sending it again changes nothing.
    let row = shipped_row_with(EVENUP, "integrations", "Clio");
    let report = crate::vendors::upload(&mut app, &row).await;
    assert_eq!(report.status, StatusCode::OK, "{}", report.text());
    assert_eq!(report.json()["updated"], 1, "{}", report.text());
    let imported = facts(&app.get("/api/vendors?q=evenup").await.json());
    assert_eq!(
        imported["integrations"],
        json!({"kind": "administrator", "on": today})
    );
    assert_eq!(imported["security"], before["security"]);
    assert_eq!(imported["website"], before["website"]);
    let again = crate::vendors::upload(&mut app, &row).await.json();
    assert_eq!(
        (again["updated"].clone(), again["skipped"].clone()),
        (json!(0), json!(1))
    );
}

/// The header and vendor `id`'s row of the shipped data/vendors.csv, with `column` set to `value`.
fn shipped_row_with(id: u64, column: &str, value: &str) -> String {
    let mut reader = csv::Reader::from_reader(include_str!("../../data/vendors.csv").as_bytes());
    let headers = reader.headers().unwrap().clone();
    let at = headers.iter().position(|h| h == column).unwrap();
    let mut record: Vec<String> = reader
        .records()
        .map(Result::unwrap)
        .find(|r| r[0] == id.to_string())
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    record[at] = value.to_string();
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(&headers).unwrap();
    out.write_record(&record).unwrap();
    String::from_utf8(out.into_inner().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operator_states_security_facts_each_credited_to_the_administrator() {
    let mut app = TestApp::new();
    app.sign_up_as("Ada Admin", "ada@admin-law.com").await;
    let path = format!("/api/admin/vendors/{FILEVINE}");
    let before = app.get(&format!("/api/vendors/{FILEVINE}")).await.json()["facts"].clone();

    // Bad facts are refused whole, each naming what to fix; nothing changes.
    for (facts, says) in [
        (json!({"statedPrice": "=HYPERLINK(1)"}), "formula"),
        (
            json!({"pricingModel": ""}),
            "pricingModel must be a text of 1-80",
        ),
        (
            json!({"dataLocation": "x".repeat(81)}),
            "dataLocation must be a text of 1-80",
        ),
        (
            json!({"soc2": {"report": "Type II", "periodEnd": "2026-13-01"}}),
            "soc2.periodEnd",
        ),
        (json!({"soc2": {"report": "Type III"}}), "Invalid request"),
        (
            json!({"sso": {"offered": false, "protocols": ["SAML"], "plan": null}}),
            "not offered",
        ),
        (json!({"trustPage": "javascript:alert(1)"}), "trustPage"),
        (json!({"hipaaBaa": "yes"}), "Invalid request"),
        (json!({"hipaa": true}), "Invalid request"),
    ] {
        let res = app
            .patch(&path, json!({"isActive": false, "facts": facts}))
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{facts}: {}",
            res.text()
        );
        let error = res.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(says), "{facts}: {error}");
    }
    let unchanged = app.get(&format!("/api/vendors/{FILEVINE}")).await.json();
    assert_eq!(unchanged["facts"], before);
    assert_eq!(unchanged["isActive"], true);

    let res = app
        .patch(
            &path,
            json!({"facts": {
                "hipaaBaa": true,
                "soc2": {"report": "Type II", "periodEnd": "2026-06-30"},
                "sso": {"offered": true, "protocols": ["SAML", "OIDC", "SAML"], "plan": "Enterprise"},
                "statedPrice": "From $99 per user per month",
                "trustPage": "https://trust.filevine.com/"
            }}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let admin = json!({"kind": "administrator", "on": today});
    let facts = res.json()["facts"].clone();
    assert_eq!(
        facts["security"]["hipaaBaa"],
        json!({"value": true, "provenance": admin})
    );
    assert_eq!(
        facts["security"]["sso"]["value"],
        json!({"offered": true, "protocols": ["SAML", "OIDC"], "plan": "Enterprise"})
    );
    assert_eq!(facts["security"]["soc2"]["provenance"], admin);
    assert_eq!(facts["statedPrice"]["value"], "From $99 per user per month");
    // What was not sent keeps where it came from.
    assert_eq!(facts["security"]["mfa"], before["security"]["mfa"]);
    assert_eq!(facts["website"], before["website"]);
    // Browse filters by what the operator stated.
    let baa = app.get("/api/vendors?security=baa").await.json();
    assert!(names(&baa).contains(&"Filevine".to_string()), "{baa}");

    // The same value again changes nothing (not re-dated); null makes it "Not stated".
    let res = app
        .patch(&path, json!({"facts": {"hipaaBaa": true, "sso": null}}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let facts = res.json()["facts"].clone();
    assert_eq!(facts["security"]["hipaaBaa"]["provenance"], admin);
    assert_eq!(facts["security"]["sso"], Value::Null);
}
