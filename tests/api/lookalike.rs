//! Look-alike text: an email or a name that differs from another only by characters a person
//! cannot see (zero-width, direction controls) is refused; one typed in another Unicode form or
//! case is the same email; and a brief cell that a spreadsheet would run as a formula is escaped.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp};

const LAWMATICS: u64 = 12;
const HIDDEN: &str = "contains an invisible or text-direction character";

async fn sign_up(app: &mut TestApp, name: &str, email: &str, firm: &str) -> (StatusCode, String) {
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": name, "email": email, "password": PASSWORD, "lawFirm": firm }),
        )
        .await;
    let error = if res.status.is_success() {
        String::new()
    } else {
        res.error()
    };
    (res.status, error)
}

#[tokio::test(flavor = "multi_thread")]
async fn an_email_with_a_zero_width_space_is_refused_rather_than_a_second_account() {
    let mut app = TestApp::new();
    let (status, _) = sign_up(&mut app, "Alice", "alice@firma.test", "Firma").await;
    assert_eq!(status, StatusCode::CREATED);
    app.cookie = None;

    for hidden in [
        "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2060}", "\u{202E}", "\u{2066}",
    ] {
        let (status, error) = sign_up(
            &mut app,
            "Alice",
            &format!("alice@firma.test{hidden}"),
            "Firma",
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{hidden:?}");
        assert!(
            error.starts_with(&format!("The email address {HIDDEN}")),
            "{error}"
        );
    }
    // The same address in another case, or with a letter in decomposed form, is the same email.
    let (status, _) = sign_up(&mut app, "Alice", "ALICE@Firma.TEST", "Firma").await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = sign_up(&mut app, "René", "rene\u{301}@firma.test", "Firma").await;
    assert_eq!(status, StatusCode::CREATED);
    app.cookie = None;
    let (status, _) = sign_up(&mut app, "René", "REN\u{c9}@firma.test", "Firma").await;
    assert_eq!(status, StatusCode::CONFLICT);
    let res = app.sign_in("ren\u{e9}@firma.test", PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["user"]["email"], "ren\u{e9}@firma.test");
}

#[tokio::test(flavor = "multi_thread")]
async fn names_and_firm_names_with_hidden_characters_are_refused_at_sign_up_and_in_the_profile() {
    let mut app = TestApp::new();
    for (name, firm, message) in [
        ("Ann\u{202E}eoD", "Doe LLP", "Name"),
        ("Ann\u{200B}", "Doe LLP", "Name"),
        ("Ann Doe", "Doe\u{2067} LLP", "Law firm name"),
        ("Ann Doe", "\u{200F}Doe LLP", "Law firm name"),
    ] {
        let (status, error) = sign_up(&mut app, name, "ann@doe-law.com", firm).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?} {firm:?}");
        assert!(error.starts_with(&format!("{message} {HIDDEN}")), "{error}");
    }

    // Names are stored in NFC.
    let (status, _) = sign_up(&mut app, "Rene\u{301}e Doe", "ann@doe-law.com", "Doe LLP").await;
    assert_eq!(status, StatusCode::CREATED);
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["name"], "Ren\u{e9}e Doe");

    let res = app
        .call(
            Method::PATCH,
            "/api/profile",
            Some(json!({ "name": "Ann\u{2066}Doe", "lawFirm": "Doe LLP" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().starts_with(&format!("Name {HIDDEN}")));
    let res = app
        .call(
            Method::PATCH,
            "/api/profile",
            Some(json!({ "name": "Ann Doe", "lawFirm": "Doe\u{FEFF} LLP" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().starts_with(&format!("Law firm name {HIDDEN}")));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_brief_cell_starting_with_a_line_feed_then_a_formula_is_escaped() {
    let mut app = TestApp::new();
    app.sign_up().await;
    for (vendor, note) in [
        (LAWMATICS, "\n=HYPERLINK(\"http://evil.example\")"),
        (1, "\r\n+1"),
    ] {
        let res = app
            .call(
                Method::PUT,
                &format!("/api/shortlist/{vendor}"),
                Some(json!({ "note": note })),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }

    let res = app.get("/api/shortlist/brief.csv").await;
    assert_eq!(res.status, StatusCode::OK);
    let mut reader = csv::Reader::from_reader(res.body.as_slice());
    let note_col = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "Note")
        .unwrap();
    let mut notes: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[note_col].to_string())
        .collect();
    notes.sort();
    assert_eq!(notes, ["'\n=HYPERLINK(\"http://evil.example\")", "'\r\n+1"]);
}
