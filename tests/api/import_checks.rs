//! The import refuses what cannot be true and says what it could not match: a booking from the
//! future, vendor texts a spreadsheet would run, Clients that name no catalog vendor.

use axum::http::StatusCode;
use serde_json::Value;

use crate::bookings::upload;
use crate::helpers::TestApp;

const HEADER: &str = "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n";

fn errors(report: &Value) -> Vec<String> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_booking_dated_more_than_a_day_ahead_is_a_row_error_and_never_reaches_the_trends() {
    let mut app = TestApp::new();
    app.sign_up().await;
    // Within the day of slack: a file exported in a time zone ahead of the server's.
    let soon = (chrono::Utc::now() + chrono::Duration::hours(12)).to_rfc3339();
    let csv = format!(
        "{HEADER}\
1,2026-01-05T10:00:00Z,Intake,Lawmatics,SOLO,\"Austin, TX\",TX,Austin\n\
2,2030-01-01T00:00:00Z,Intake,Lawmatics,SOLO,\"Austin, TX\",TX,Austin\n\
3,{soon},Intake,Lawmatics,SOLO,\"Austin, TX\",TX,Austin\n"
    );
    let res = upload(&mut app, "future.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let report = res.json();
    assert_eq!(
        errors(&report),
        ["Row 3: Created Time 2030-01-01 is in the future"]
    );
    assert_eq!(report["inserted"], 2);
    assert_eq!(report["skipped"], 1);

    let trends = app.get("/api/trends").await.json();
    assert_eq!(trends["total"], 2, "{trends}");
}

#[tokio::test(flavor = "multi_thread")]
async fn vendor_texts_that_a_spreadsheet_would_run_are_refused_and_never_listed() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = "name,category,websiteUrl,bookingUrl,description,integrations\n\
               \"=HYPERLINK(\"\"http://evil.example\"\")\",Intake,https://e.example.com,,,\n\
               Plusone,Intake,https://p.example.com,,+1 for intake,\n\
               Listy,Intake,https://l.example.com,,Fine,Clio; @SUM(A1)\n\
               Tabby,Intake,https://t.example.com,,\"\t-1\",\n\
               E-Intake Pro,Intake,https://g.example.com,,Answers calls - day and night,Clio\n";
    let res = upload(&mut app, "vendors.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let report = res.json();
    let errors = errors(&report);
    assert_eq!(report["inserted"], 1, "{errors:?}");
    assert_eq!(errors.len(), 4, "{errors:?}");
    for (error, (row, column, start)) in errors.iter().zip([
        (2, "name", "="),
        (3, "description", "+"),
        (4, "integrations", "@"),
        (5, "description", "-"),
    ]) {
        assert!(
            error.starts_with(&format!(
                "Row {row}: {column} starts with \"{start}\", which a spreadsheet runs as a formula"
            )),
            "{error}"
        );
    }
    // Only the plain vendor reached the catalog, so only it can reach a tech-stack list.
    let found = app.get("/api/vendors?q=evil.example").await.json();
    assert_eq!(found["total"], 0, "{found}");
    let found = app.get("/api/vendors?q=E-Intake").await.json();
    assert_eq!(found["total"], 1, "{found}");
}

#[tokio::test(flavor = "multi_thread")]
async fn clients_that_name_no_catalog_vendor_are_imported_counted_and_named_most_first() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = format!(
        "{HEADER}\
1,2026-01-05T10:00:00Z,Intake,Lawmatics,SOLO,,,\n\
2,2026-01-05T10:00:00Z,Intake,lawmatics,SOLO,,,\n\
3,2026-01-06T10:00:00Z,Intake,Nonesuch Intake,SOLO,,,\n\
4,2026-01-07T10:00:00Z,Intake,Zeta Calls,SOLO,,,\n\
5,2026-01-08T10:00:00Z,Intake,Nonesuch Intake,SOLO,,,\n\
6,2026-01-09T10:00:00Z,Intake,,SOLO,,,\n"
    );
    let report = upload(&mut app, "clients.csv", csv.as_bytes()).await.json();
    assert_eq!(report["inserted"], 6, "{report}");
    assert_eq!(report["unknownVendorRows"], 3, "{report}");
    assert_eq!(report["unknownVendorNames"], 2, "{report}");
    assert_eq!(
        report["unknownVendors"],
        serde_json::json!(["Nonesuch Intake", "Zeta Calls"])
    );
    assert!(errors(&report).is_empty());
    let trends = app.get("/api/trends").await.json();
    assert_eq!(trends["total"], 6, "{trends}");

    // A vendor file counts no Clients.
    let vendors = "name,category,websiteUrl,bookingUrl\nQuietcase,Intake,https://q.example.com,\n";
    let report = upload(&mut app, "vendors.csv", vendors.as_bytes())
        .await
        .json();
    assert_eq!(report["unknownVendorRows"], 0, "{report}");
}

/// A row with several problems names every one of them in its one error, so the file is fixed in
/// one pass; the shape of the report (one "Row N: ..." line per refused row) stays.
#[tokio::test(flavor = "multi_thread")]
async fn a_row_with_four_problems_reports_all_four() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = format!(
        "{HEADER}\
1,2026-13-45,Telepathy,Lawmatics,HUGE,\"Austin, TX\",XX,Austin\n\
2,2026-01-05T10:00:00Z,Intake,Lawmatics,SOLO,\"Austin, TX\",TX,Austin\n"
    );
    let res = upload(&mut app, "bookings.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let report = res.json();
    assert_eq!(report["inserted"], 1, "{report}");
    assert_eq!(report["rowErrors"], 1, "{report}");
    assert_eq!(
        errors(&report),
        [
            "Row 2: unknown category \"Telepathy\"; Created Time \"2026-13-45\" is not a date \
             (use 2026-01-31T14:05:00Z or 1/31/2026 2:05 PM); unknown firm size \"HUGE\"; \
             unknown state \"XX\""
        ]
    );

    let vendors = "name,category,websiteUrl,bookingUrl,priceBracket,isActive\n\
                   ,Alchemy,javascript:alert(1),https://b.example.com,9,maybe\n\
                   Fine Intake,Intake,https://f.example.com,,2,true\n";
    let res = upload(&mut app, "vendors.csv", vendors.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let report = res.json();
    assert_eq!(report["inserted"], 1, "{report}");
    assert_eq!(
        errors(&report),
        [
            "Row 2: name is required; unknown category \"Alchemy\"; priceBracket must be 1, 2, 3 \
             or 4, not \"9\"; websiteUrl: \"javascript:alert(1)\" must start with http:// or \
             https://; isActive must be true or false, not \"maybe\""
        ]
    );
}

/// Issue 78: a City State without a state ("Nowhere") was stored, and a Client of
/// `=HYPERLINK(...)` too, while vendor files refused such cells. Both are row problems now, in
/// the report's words, and neither reaches a list or a download.
#[tokio::test(flavor = "multi_thread")]
async fn a_city_state_without_a_state_and_a_formula_cell_are_row_problems() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = format!(
        "{HEADER}\
1,2026-01-05T10:00:00Z,Intake,Lawmatics,SOLO,\"Austin, TX\",TX,Austin\n\
2,2026-01-05T11:00:00Z,Intake,Lawmatics,SOLO,Nowhere,,Austin\n\
3,2026-01-05T12:00:00Z,Intake,\"=HYPERLINK(\"\"http://evil\"\")\",SOLO,\"Austin, TX\",TX,Austin\n\
4,2026-01-05T13:00:00Z,Intake,Lawmatics,SOLO,\"Austin, TX\",TX, @SUM(A1)\n\
5,2026-01-05T14:00:00Z,Intake,Lawmatics,SOLO,\"Erie, XX\",,Erie\n\
6,2026-01-05T15:00:00Z,Intake,+1 Legal,SOLO,\"Miami, FL\",,Miami\n"
    );
    let res = upload(&mut app, "bookings.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let report = res.json();
    let how = "write it as City, ST (for example Austin, TX)";
    let formula = "which a spreadsheet runs as a formula: remove it or start the text with a \
                   letter or digit";
    assert_eq!(
        errors(&report),
        [
            format!("Row 3: City State \"Nowhere\" names no state: {how}"),
            format!("Row 4: Client starts with \"=\", {formula}"),
            format!("Row 5: DMA starts with \"@\", {formula}"),
            format!(
                "Row 6: City State \"Erie, XX\" ends in \"XX\", which is not a US state: {how}"
            ),
        ]
    );
    assert_eq!(
        (&report["inserted"], &report["skipped"]),
        (&2.into(), &4.into())
    );
    // The row a State column left empty is counted in the state its City State names.
    let page = app.get("/api/demo-bookings").await.json();
    let stored: Vec<(&str, &str)> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["client"].as_str().unwrap(), b["state"].as_str().unwrap()))
        .collect();
    assert_eq!(stored, [("+1 Legal", "FL"), ("Lawmatics", "TX")]);
    // The Client a spreadsheet would run is written as text in a download.
    let csv = app.get("/api/demo-bookings?format=csv").await.text();
    assert!(csv.contains(",'+1 Legal,"), "{csv}");
}
