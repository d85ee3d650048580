//! The analyst's trends: the comparison period and the changes (no percentage from fewer than 20
//! bookings), weeks, months and stacks, the vendors inside a category, and every panel's CSV,
//! read back with a real CSV parser and held to the JSON of the same question.

use axum::http::{StatusCode, header};
use serde_json::Value;

use crate::bookings::upload;
use crate::helpers::{TestApp, TestResponse};

const HEADER: &str = "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA,Name,Email\n";

/// February 2026 against the 28 days before it (4-31 January):
/// - Intake: Lawmatics (a catalog vendor) 30 then 10, "Acme Intake Co" (not in the catalog) 5 then
///   0, and one "+HYPERLINK(…)" vendor in February (a formula a spreadsheet runs, which the
///   import takes: only `=` and `@` are refused): 36 then 10, too few to call a trend;
/// - Practice Management: Filevine 25 then 22, a trend either way.
fn file() -> String {
    let mut rows = String::from(HEADER);
    let mut id = 0;
    let mut add = |n: usize, day: &str, category: &str, vendor: &str, state: &str, city: &str| {
        for i in 0..n {
            id += 1;
            let hour = i % 24;
            rows.push_str(&format!(
                "{id},{day}T{hour:02}:00:00Z,{category},\"{vendor}\",SOLO,\"{city}, {state}\",{state},{city},,\n"
            ));
        }
    };
    add(30, "2026-02-10", "Intake", "Lawmatics", "TX", "Austin");
    add(10, "2026-01-20", "Intake", "Lawmatics", "TX", "Austin");
    add(5, "2026-02-11", "Intake", "Acme Intake Co", "FL", "Miami");
    add(
        1,
        "2026-02-12",
        "Intake",
        "+HYPERLINK(\"\"x\"\")",
        "FL",
        "Miami",
    );
    add(
        25,
        "2026-02-20",
        "Practice Management",
        "Filevine",
        "TX",
        "Dallas",
    );
    add(
        22,
        "2026-01-10",
        "Practice Management",
        "Filevine",
        "TX",
        "Houston",
    );
    rows
}

async fn with_bookings() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = upload(&mut app, "bookings.csv", file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app
}

const FEBRUARY: &str = "start=2026-02-01&end=2026-02-28";

fn category_id(categories: &Value, name: &str) -> u64 {
    categories
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no category {name}"))["id"]
        .as_u64()
        .unwrap()
}

fn change_of<'a>(list: &'a Value, key: &str, name: &str) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|c| c[key] == name)
        .unwrap_or_else(|| panic!("no {name} in {list}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_a_change_from_fewer_than_20_bookings_has_no_percentage() {
    let mut app = with_bookings().await;
    let res = app.get(&format!("/api/trends?{FEBRUARY}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let t = res.json();
    assert_eq!(t["compare"], "previous");
    assert_eq!(t["total"], 61);
    let then = &t["comparison"];
    assert_eq!(
        (&then["rangeStart"], &then["rangeEnd"]),
        (&"2026-01-04".into(), &"2026-01-31".into())
    );
    assert_eq!(then["total"], 32);
    let total = &t["changes"]["total"];
    assert_eq!(total["difference"], 29);
    assert_eq!(total["percent"], 90.6);
    assert_eq!(total["tooFew"], false);

    let categories = &t["changes"]["categories"];
    let intake = change_of(categories, "name", "Intake");
    assert_eq!(
        (&intake["count"], &intake["comparisonCount"]),
        (&36.into(), &10.into())
    );
    assert_eq!(intake["change"]["difference"], 26);
    assert_eq!(intake["change"]["tooFew"], true, "10 bookings then");
    assert!(intake["change"]["percent"].is_null(), "{intake}");
    let pm = change_of(categories, "name", "Practice Management");
    assert_eq!(pm["change"]["tooFew"], false);
    assert_eq!(pm["change"]["percent"], 13.6);
    let states = &t["changes"]["states"];
    let fl = change_of(states, "state", "FL");
    assert_eq!(
        (&fl["count"], &fl["comparisonCount"]),
        (&6.into(), &0.into())
    );
    assert!(fl["change"]["percent"].is_null() && fl["change"]["tooFew"] == true);

    // The same period a year earlier has no bookings: every change is too few to call.
    let t = app
        .get(&format!("/api/trends?{FEBRUARY}&compare=year"))
        .await
        .json();
    assert_eq!(t["comparison"]["rangeStart"], "2025-02-01");
    assert_eq!(t["comparison"]["total"], 0);
    assert_eq!(t["changes"]["total"]["tooFew"], true);
    // Custom dates.
    let t = app
        .get(&format!(
            "/api/trends?{FEBRUARY}&compare=custom&compareStart=2026-01-10&compareEnd=2026-01-10"
        ))
        .await
        .json();
    assert_eq!(t["comparison"]["total"], 22);
    assert_eq!(t["compare"], "custom");
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_by_default_compare_only_with_a_previous_period_that_can_call_a_trend() {
    let mut app = with_bookings().await;
    // February's 28 days before it hold 32 bookings: compared by default.
    let t = app.get(&format!("/api/trends?{FEBRUARY}")).await.json();
    assert_eq!(t["compare"], "previous");
    assert_eq!(t["comparison"]["total"], 32);
    // Florida's hold none, and the whole span (no dates) has nothing before it: no comparison,
    // for the trends and the vendors alike, and the CSV says none.
    for query in [format!("{FEBRUARY}&state=FL"), String::new()] {
        let t = app.get(&format!("/api/trends?{query}")).await.json();
        assert_eq!(t["compare"], "none", "{query}");
        assert!(
            t["comparison"].is_null() && t["changes"].is_null(),
            "{query}"
        );
        let v = app
            .get(&format!("/api/trends/vendors?{query}"))
            .await
            .json();
        assert_eq!(v["compare"], "none", "{query}");
        assert!(v["comparisonRangeStart"].is_null(), "{query}");
        assert_eq!(v["comparisonTotal"], 0);
        let csv = download(
            &app.get(&format!("/api/trends?{query}&format=csv&panel=summary"))
                .await,
            "Measure",
        );
        assert!(!csv.file_name.contains("_vs_"), "{}", csv.file_name);
    }
    // The rule of a change's percentage: 22 bookings the day before are enough, 10 are not
    // (19 and 20: `periods`' unit test).
    let day = |d: &str| format!("start={d}&end={d}");
    let t = app
        .get(&format!("/api/trends?{}", day("2026-01-11")))
        .await
        .json();
    assert_eq!(t["compare"], "previous", "22 on the 10th");
    assert_eq!(t["comparison"]["total"], 22);
    let t = app
        .get(&format!("/api/trends?{}", day("2026-01-21")))
        .await
        .json();
    assert_eq!(t["compare"], "none", "10 on the 20th");
    // Chosen, a comparison is shown even when empty; `none` turns the default off.
    let t = app
        .get(&format!("/api/trends?{FEBRUARY}&state=FL&compare=previous"))
        .await
        .json();
    assert_eq!(t["compare"], "previous");
    assert_eq!(t["comparison"]["total"], 0);
    let t = app
        .get(&format!("/api/trends?{FEBRUARY}&compare=none"))
        .await
        .json();
    assert_eq!(t["compare"], "none");
    assert!(t["comparison"].is_null());
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_series_by_week_and_month_stack_the_categories_and_mark_partial_buckets() {
    let mut app = with_bookings().await;
    let t = app
        .get(&format!(
            "/api/trends?{FEBRUARY}&granularity=week&stackBy=category"
        ))
        .await
        .json();
    assert_eq!(t["granularity"], "week");
    let series = t["series"].as_array().unwrap();
    // The period cut to the days with bookings (to the 20th): ISO weeks from Monday 26 January,
    // which holds only Sunday 1 February of the period, to the one cut on Friday the 20th.
    let starts: Vec<&str> = series
        .iter()
        .map(|b| b["start"].as_str().unwrap())
        .collect();
    assert_eq!(
        starts,
        ["2026-01-26", "2026-02-02", "2026-02-09", "2026-02-16"]
    );
    let partial: Vec<bool> = series.iter().map(|b| b["partial"] == true).collect();
    assert_eq!(partial, [true, false, false, true]);
    assert_eq!(series[2]["count"], 36);
    assert_eq!(series[3]["count"], 25);
    let stacks = t["stacks"].as_array().unwrap();
    assert_eq!(stacks.len(), 2, "two categories: no Other");
    assert_eq!(stacks[0]["name"], "Intake");
    assert_eq!(stacks[0]["counts"], serde_json::json!([0, 0, 36, 0]));
    // The comparison has its own buckets.
    assert_eq!(t["comparison"]["series"][0]["start"], "2026-01-05");

    let t = app
        .get(&format!("/api/trends?{FEBRUARY}&granularity=month"))
        .await
        .json();
    assert_eq!(t["series"][0]["start"], "2026-02-01");
    assert!(t["stacks"].is_null());
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_vendors_inside_a_category_with_their_share_and_profile() {
    let mut app = with_bookings().await;
    let categories = app.get("/api/categories").await.json();
    let intake = category_id(&categories, "Intake");
    let res = app
        .get(&format!(
            "/api/trends/vendors?{FEBRUARY}&categoryId={intake}"
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let v = res.json();
    assert_eq!(v["total"], 36);
    assert_eq!(v["comparisonTotal"], 10);
    assert_eq!(v["category"]["name"], "Intake");
    assert_eq!(v["vendorCount"], 3);
    let items = v["items"].as_array().unwrap();
    assert_eq!(items[0]["name"], "Lawmatics");
    assert!(items[0]["vendorId"].as_u64().is_some(), "a catalog vendor");
    assert_eq!(
        (&items[0]["count"], &items[0]["comparisonCount"]),
        (&30.into(), &10.into())
    );
    assert!((items[0]["share"].as_f64().unwrap() - 30.0 / 36.0).abs() < 1e-9);
    assert_eq!(items[0]["change"]["tooFew"], true);
    assert_eq!(items[1]["name"], "Acme Intake Co");
    assert!(
        items[1]["vendorId"].is_null(),
        "not in the catalog: no profile"
    );
    let profile = app
        .get(&format!("/api/vendors/{}", items[0]["vendorId"]))
        .await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.json()["name"], "Lawmatics");

    // Without a category: the top vendors of every category.
    let v = app
        .get(&format!("/api/trends/vendors?{FEBRUARY}"))
        .await
        .json();
    assert_eq!(v["total"], 61);
    assert!(v["category"].is_null());
    let names: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[..3], ["Lawmatics", "Filevine", "Acme Intake Co"]);
    // A place filter counts by a pass over the rows: the same rule.
    let v = app
        .get(&format!(
            "/api/trends/vendors?{FEBRUARY}&state=FL&categoryId={intake}"
        ))
        .await
        .json();
    assert_eq!(v["total"], 6);
    assert_eq!(v["items"][0]["name"], "Acme Intake Co");
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_bad_shapes_are_refused_with_a_message() {
    let mut app = with_bookings().await;
    for (query, message) in [
        (
            "compare=last",
            "compare must be none, previous, year or custom",
        ),
        (
            "compare=custom",
            "compareStart and compareEnd are required with compare=custom",
        ),
        (
            "compareStart=2026-01-01&compareEnd=2026-01-02",
            "compareStart and compareEnd go with compare=custom",
        ),
        (
            "compare=custom&compareStart=2026-02-01&compareEnd=2026-01-01",
            "The comparison's start date must be on or before its end date",
        ),
        (
            "compare=custom&compareStart=2026-13-01&compareEnd=2026-12-01",
            "compareStart must be a date like 2026-01-31",
        ),
        ("granularity=hour", "granularity must be day, week or month"),
        ("stackBy=vendor", "stackBy must be category"),
        ("format=xlsx", "format must be json or csv"),
        (
            "format=csv",
            "panel is required with format=csv: summary, categories, states or series",
        ),
        (
            "format=csv&panel=cities",
            "panel must be summary, categories, states or series",
        ),
        ("panel=series", "panel goes with format=csv"),
    ] {
        let res = app.get(&format!("/api/trends?{query}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(res.error(), message, "{query}");
    }
    for (query, message) in [
        (
            "categoryId=9999",
            "Unknown category id 9999: pick a category from the list",
        ),
        (
            "categoryId=abc",
            "Unknown category id abc: pick a category from the list",
        ),
        (
            "compare=year&compareEnd=2026-01-01",
            "compareStart and compareEnd go with compare=custom",
        ),
        ("granularity=week", ""),
    ] {
        let res = app.get(&format!("/api/trends/vendors?{query}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{query}");
        if !message.is_empty() {
            assert_eq!(res.error(), message, "{query}");
        }
    }
    let res = app.get("/api/trends/cities?state=TX&compare=year").await;
    assert_eq!(
        res.status,
        StatusCode::BAD_REQUEST,
        "the cities have no comparison"
    );
}

/// A CSV download: its file name and its table, the header row first (`first_header` its first
/// cell), parsed by the csv crate.
struct Download {
    file_name: String,
    table: Vec<Vec<String>>,
}

fn download(res: &TestResponse, first_header: &str) -> Download {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    let disposition = res.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    let file_name = disposition
        .strip_prefix("attachment; filename=\"")
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{disposition}"))
        .to_string();
    let text = res.text();
    assert!(!text.contains("\r\n\r\n"), "no blank line in {text}");
    // Not flexible: every row has the header's number of cells.
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    let table: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    assert_eq!(table[0][0], first_header, "the header first: {text}");
    Download { file_name, table }
}

fn number(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        v => v.to_string(),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_every_panel_downloads_as_csv_equal_to_the_json() {
    let mut app = with_bookings().await;
    let query = format!("{FEBRUARY}&state=TX");
    let json = app
        .get(&format!(
            "/api/trends?{query}&granularity=week&stackBy=category"
        ))
        .await
        .json();

    let categories = download(
        &app.get(&format!("/api/trends?{query}&format=csv&panel=categories"))
            .await,
        "Category",
    );
    // What the notes above the table said is in the name: period, filter and comparison.
    assert_eq!(
        categories.file_name,
        "trends-categories_2026-02-01_to_2026-02-28_state-TX_vs_2026-01-04_to_2026-01-31.csv"
    );
    assert_eq!(
        categories.table[0],
        [
            "Category",
            "Bookings",
            "Comparison bookings",
            "Difference",
            "Change %",
            "Note"
        ]
    );
    let expected: Vec<Vec<String>> = json["changes"]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let change = &c["change"];
            vec![
                c["name"].as_str().unwrap().to_string(),
                number(&c["count"]),
                number(&c["comparisonCount"]),
                number(&change["difference"]),
                number(&change["percent"]),
                if change["tooFew"] == true {
                    "too few bookings to call a trend"
                } else {
                    ""
                }
                .to_string(),
            ]
        })
        .collect();
    assert_eq!(categories.table[1..], expected[..]);

    let states = download(
        &app.get(&format!("/api/trends?{query}&format=csv&panel=states"))
            .await,
        "State",
    );
    assert_eq!(
        states.table.len() - 1,
        json["changes"]["states"].as_array().unwrap().len()
    );
    assert_eq!(
        states.table[1][..3],
        [
            "TX",
            &number(&json["total"]),
            &number(&json["comparison"]["total"])
        ]
    );

    let series = download(
        &app.get(&format!(
            "/api/trends?{query}&granularity=week&stackBy=category&format=csv&panel=series"
        ))
        .await,
        "Bucket start",
    );
    let stacks = json["stacks"].as_array().unwrap();
    assert_eq!(
        series.table[0][3..3 + stacks.len()],
        stacks
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()[..]
    );
    for (i, bucket) in json["series"].as_array().unwrap().iter().enumerate() {
        let row = &series.table[1 + i];
        assert_eq!(row[0], bucket["start"].as_str().unwrap());
        assert_eq!(row[1], number(&bucket["count"]));
        assert_eq!(
            row[2],
            if bucket["partial"] == true {
                "yes"
            } else {
                "no"
            }
        );
        for (k, stack) in stacks.iter().enumerate() {
            assert_eq!(row[3 + k], number(&stack["counts"][i]));
        }
    }

    let summary = download(
        &app.get(&format!("/api/trends?{query}&format=csv&panel=summary"))
            .await,
        "Measure",
    );
    let bookings = summary.table.iter().find(|r| r[0] == "Bookings").unwrap();
    assert_eq!(
        bookings[1..],
        [number(&json["total"]), number(&json["comparison"]["total"])]
    );

    // The cities of the state.
    let cities_json = app.get(&format!("/api/trends/cities?{query}")).await.json();
    let cities = download(
        &app.get(&format!("/api/trends/cities?{query}&format=csv"))
            .await,
        "City",
    );
    assert_eq!(
        cities.file_name,
        "trends-cities_2026-02-01_to_2026-02-28_state-TX.csv"
    );
    for (i, c) in cities_json["cities"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            cities.table[1 + i],
            [c["city"].as_str().unwrap().to_string(), number(&c["count"])]
        );
    }

    // The vendors, a formula-looking name escaped (compared as chosen: Florida's January is empty).
    let all = format!("{FEBRUARY}&state=FL&compare=previous");
    let vendors_json = app.get(&format!("/api/trends/vendors?{all}")).await.json();
    let vendors = download(
        &app.get(&format!("/api/trends/vendors?{all}&format=csv"))
            .await,
        "Vendor",
    );
    for (i, v) in vendors_json["items"].as_array().unwrap().iter().enumerate() {
        let row = &vendors.table[1 + i];
        let name = v["name"].as_str().unwrap();
        let shown = if name.starts_with('+') {
            format!("'{name}")
        } else {
            name.to_string()
        };
        assert_eq!(row[0], shown);
        assert_eq!(row[1], number(&v["vendorId"]));
        assert_eq!(row[2], number(&v["count"]));
        assert_eq!(row[4], number(&v["comparisonCount"]));
    }
    assert!(
        vendors
            .table
            .iter()
            .any(|r| r[0].starts_with("'+HYPERLINK")),
        "{:?}",
        vendors.table
    );

    // Every booking of the filters, newest first, as the JSON pages list them.
    let page_json = app
        .get(&format!("/api/demo-bookings?{query}&limit=1000"))
        .await
        .json();
    let all = download(
        &app.get(&format!("/api/demo-bookings?{query}&format=csv"))
            .await,
        "Id",
    );
    assert_eq!(
        all.file_name,
        "demo-bookings_2026-02-01_to_2026-02-28_state-TX.csv"
    );
    let ids: Vec<String> = all.table[1..].iter().map(|r| r[0].clone()).collect();
    let json_ids: Vec<String> = page_json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| number(&b["id"]))
        .collect();
    assert_eq!(ids.len(), 55);
    assert_eq!(ids, json_ids);
    // A page of a file is refused, not quietly ignored.
    let res = app
        .get(&format!("/api/demo-bookings?{query}&limit=5&format=csv"))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error(),
        "format=csv downloads every matching booking: leave out limit and offset"
    );
}

/// A Trends card read "+0.7% vs the 30 days before" beside "change +977 (+15.6%)" from the
/// comparison period (issue 77). The answer carries the one change the summary shows: the
/// comparison period's when there is one holding bookings, else the last 30 days' from the 30
/// days before; the summary CSV gives the same figure.
#[tokio::test(flavor = "multi_thread")]
async fn the_summary_shows_one_change_the_comparisons_else_the_last_30_days() {
    let mut app = with_bookings().await;
    let second_half = "start=2026-02-15&end=2026-02-28";
    let summary_csv = |csv: Download| -> (String, String) {
        let row = |name: &str| {
            csv.table
                .iter()
                .find(|r| r[0] == name)
                .unwrap_or_else(|| panic!("no {name} row: {:?}", csv.table))[1]
                .clone()
        };
        (row("Change compares"), row("Difference in bookings"))
    };

    // Compared by default with 1-14 February (36 bookings): that change, and only that one.
    let t = app.get(&format!("/api/trends?{second_half}")).await.json();
    assert_eq!(t["compare"], "previous");
    let summary = &t["summaryChange"];
    assert_eq!(summary["basis"], "comparison", "{summary}");
    assert_eq!(summary["count"], 25);
    assert_eq!(summary["comparisonCount"], 36);
    assert_eq!(summary["change"], t["changes"]["total"]);
    assert_eq!(summary["change"]["difference"], -11);
    assert_eq!(summary["comparisonStart"], "2026-02-01");
    assert_eq!(summary["comparisonEnd"], "2026-02-14");
    let csv = download(
        &app.get(&format!(
            "/api/trends?{second_half}&format=csv&panel=summary"
        ))
        .await,
        "Measure",
    );
    let (compares, difference) = summary_csv(csv);
    assert_eq!(compares, "This period with the comparison period");
    assert_eq!(difference, "-11");

    // No comparison: the last 30 days to the 28th (61) from the 30 days before (32).
    let t = app
        .get(&format!("/api/trends?{second_half}&compare=none"))
        .await
        .json();
    let summary = &t["summaryChange"];
    assert_eq!(summary["basis"], "last30Days", "{summary}");
    assert_eq!(
        (&summary["count"], &summary["comparisonCount"]),
        (&t["last30"], &t["previous30"])
    );
    assert_eq!(summary["count"], 61);
    assert_eq!(summary["comparisonCount"], 32);
    assert_eq!(summary["change"]["difference"], 29);
    assert_eq!(summary["change"]["percent"], 90.6);
    assert_eq!(
        [
            &summary["start"],
            &summary["end"],
            &summary["comparisonStart"],
            &summary["comparisonEnd"]
        ],
        ["2026-01-30", "2026-02-28", "2025-12-31", "2026-01-29"]
    );
    let csv = download(
        &app.get(&format!(
            "/api/trends?{second_half}&compare=none&format=csv&panel=summary"
        ))
        .await,
        "Measure",
    );
    let (compares, difference) = summary_csv(csv);
    assert_eq!(
        compares,
        "The last 30 days (2026-01-30 to 2026-02-28) with the 30 days before (2025-12-31 to 2026-01-29)"
    );
    assert_eq!(difference, "29");

    // A chosen comparison period without a booking compares nothing: the last 30 days' change.
    let t = app
        .get(&format!("/api/trends?{FEBRUARY}&state=FL&compare=previous"))
        .await
        .json();
    assert_eq!(t["comparison"]["total"], 0);
    assert_eq!(t["summaryChange"]["basis"], "last30Days");
    assert_eq!(t["summaryChange"]["count"], t["last30"]);
}

/// "Download CSV" of the bookings table wrote the 6 rows on screen (issue 78): the file holds
/// every booking the filters match, streamed newest first, the header its first line, the
/// filters in its name, a formula-looking cell written as text; signed out, nothing.
#[tokio::test(flavor = "multi_thread")]
async fn the_bookings_download_streams_every_matching_row() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let mut rows = String::from(HEADER);
    let (mut tx, mut fl) = (0, 0);
    for i in 0..4000u32 {
        let (state, city) = if i % 4 == 0 {
            ("FL", "Miami")
        } else {
            ("TX", "Austin")
        };
        let client = if i == 1001 { "-2+3" } else { "Lawmatics" };
        let day = 1 + i % 28;
        let (h, m) = (i / 60 % 24, i % 60);
        rows.push_str(&format!(
            "{i},2026-02-{day:02}T{h:02}:{m:02}:00Z,Intake,{client},SOLO,\"{city}, {state}\",{state},{city},,\n"
        ));
        if state == "TX" { tx += 1 } else { fl += 1 }
    }
    let res = upload(&mut app, "many.csv", rows.as_bytes()).await;
    assert_eq!(res.json()["inserted"], 4000, "{}", res.text());
    assert_eq!((tx, fl), (3000, 1000));

    let query = format!("{FEBRUARY}&state=TX");
    let all = download(
        &app.get(&format!("/api/demo-bookings?{query}&format=csv"))
            .await,
        "Id",
    );
    assert_eq!(
        all.file_name,
        "demo-bookings_2026-02-01_to_2026-02-28_state-TX.csv"
    );
    assert_eq!(
        all.table[0],
        [
            "Id",
            "Created",
            "Category",
            "Vendor",
            "Firm size",
            "City",
            "State",
            "Metro area",
            "Sample"
        ]
    );
    let body = &all.table[1..];
    assert_eq!(body.len(), 3000, "every matching row, not a page");
    assert!(body.iter().all(|r| r[6] == "TX" && r[8] == "no"));
    // Newest first, as the JSON pages list them.
    let first_page = app
        .get(&format!("/api/demo-bookings?{query}&limit=1000"))
        .await
        .json();
    let ids: Vec<String> = first_page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| number(&b["id"]))
        .collect();
    assert_eq!(
        body[..1000]
            .iter()
            .map(|r| r[0].clone())
            .collect::<Vec<_>>(),
        ids
    );
    let created: Vec<&str> = body.iter().map(|r| r[1].as_str()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let vendors: Vec<&str> = body.iter().map(|r| r[3].as_str()).collect();
    assert_eq!(vendors.iter().filter(|&&v| v == "'-2+3").count(), 1);
    assert_eq!(vendors.iter().filter(|&&v| v == "Lawmatics").count(), 2999);

    // Compressed as a browser asks for it, the stream ends cleanly (a body that errors fails
    // `send`): the compression layer polls a finished stream again.
    for encoding in ["br", "gzip"] {
        let req = app
            .request(
                axum::http::Method::GET,
                &format!("/api/demo-bookings?{query}&format=csv"),
            )
            .header(header::ACCEPT_ENCODING, encoding)
            .body(axum::body::Body::empty())
            .unwrap();
        let res = app.send(req).await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(res.headers[header::CONTENT_ENCODING], encoding);
        assert!(res.body.len() > 1000);
    }

    let signed_out = TestApp::new()
        .get(&format!("/api/demo-bookings?{query}&format=csv"))
        .await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
}
