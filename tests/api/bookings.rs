use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use litstack::import::{Options, run};
use litstack::{AppState, Config};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse};

const HEADER: &str = "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA,Name,Email\n";

/// Six bookings whose counts the tests below know by heart.
pub fn known_file() -> String {
    format!(
        "{HEADER}\
1,2026-01-05T10:00:00Z,Practice Management,Filevine,SOLO,\"Austin, TX\",TX,Austin,Ann Client,ann.client@example.com\n\
2,2026-01-06T10:00:00Z,Practice Management,Clio,E2_5,\"Houston, TX\",TX,Houston,,\n\
3,2026-01-06T12:00:00Z,Intake,,,\"Austin, TX\",TX,Austin,,\n\
4,2026-02-10T09:00:00,Intake,Lawmatics,E6_20,\"Miami, FL\",FL,Miami-Ft. Lauderdale,,\n\
5,2026-03-01T09:00:00Z,Marketing Services,,E6_20,,,,,\n\
6,1/15/2026 2:05 PM,practice management,FILEVINE,Solo,\"Dallas, TX\",TX,Dallas-Ft. Worth,,\n"
    )
}

pub async fn upload(app: &mut TestApp, file_name: &str, content: &[u8]) -> TestResponse {
    let boundary = "litstackboundary7MA4YWxkTrZu0gW";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
         Content-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(content);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let req = app
        .request(Method::POST, "/api/admin/demo-bookings/import")
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(Body::from(body))
        .unwrap();
    app.send(req).await
}

/// An admin (the first account) with the known file imported.
async fn with_known_bookings() -> TestApp {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = upload(&mut app, "bookings.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 6, "{}", res.text());
    app
}

fn counts(v: &Value, key: &str) -> Vec<(String, u64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e[key].as_str().unwrap().to_string(),
                e["count"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, u64)]) -> Vec<(String, u64)> {
    list.iter().map(|(s, n)| (s.to_string(), *n)).collect()
}

fn ids(page: &Value) -> Vec<u64> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_u64().unwrap())
        .collect()
}

/// An import's inserted, updated and skipped counts.
fn report_counts(res: &Value) -> (Option<u64>, Option<u64>, Option<u64>) {
    (
        res["inserted"].as_u64(),
        res["updated"].as_u64(),
        res["skipped"].as_u64(),
    )
}

/// The created times of a page of bookings, in its order.
fn times(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["createdTime"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn trends_count_every_booking_by_category_and_state_most_first() {
    let mut app = with_known_bookings().await;
    let t = app.get("/api/trends").await.json();
    assert_eq!(t["total"], 6);
    assert_eq!(
        counts(&t["categoryCounts"], "name"),
        pairs(&[
            ("Practice Management", 3),
            ("Intake", 2),
            ("Marketing Services", 1)
        ])
    );
    assert_eq!(
        counts(&t["stateCounts"], "state"),
        pairs(&[("TX", 4), ("FL", 1), ("Unknown", 1)])
    );
    assert_eq!(t["rangeStart"], "2026-01-05");
    assert_eq!(t["rangeEnd"], "2026-03-01");
    assert_eq!(t["days"], 56);
    let daily = t["daily"].as_array().unwrap();
    assert_eq!(daily.len(), 56, "one entry per day, zero days included");
    assert_eq!(daily[1], json!({"date": "2026-01-06", "count": 2}));
    assert_eq!(
        daily
            .iter()
            .map(|d| d["count"].as_u64().unwrap())
            .sum::<u64>(),
        6
    );
    // The 30 days ending on the newest booking (Jan 31 - Mar 1) and the 30 before.
    assert_eq!(t["last30"], 2);
    assert_eq!(t["previous30"], 4);
}

#[tokio::test(flavor = "multi_thread")]
async fn trend_filters_combine_and_a_missing_firm_size_counts_as_solo() {
    let mut app = with_known_bookings().await;
    let total = |t: Value| t["total"].as_u64().unwrap();
    assert_eq!(total(app.get("/api/trends?state=TX").await.json()), 4);
    assert_eq!(
        total(app.get("/api/trends?state=tx&firmSize=SOLO").await.json()),
        3
    );
    assert_eq!(
        total(
            app.get("/api/trends?state=TX&firmSize=SOLO&start=2026-01-06")
                .await
                .json()
        ),
        2
    );
    assert_eq!(
        total(
            app.get("/api/trends?firmSize=E6_20&end=2026-02-28")
                .await
                .json()
        ),
        1
    );
    assert_eq!(total(app.get("/api/trends?dma=Austin").await.json()), 2);
    assert_eq!(
        total(app.get("/api/trends?dma=Austin&firmSize=E2_5").await.json()),
        0
    );
    assert_eq!(total(app.get("/api/trends?dma=Nowhere").await.json()), 0);
    assert_eq!(
        total(app.get("/api/trends?state=WY").await.json()),
        0,
        "a known state without bookings"
    );
    let day = app
        .get("/api/trends?start=2026-01-06&end=2026-01-06")
        .await
        .json();
    assert_eq!(day["total"], 2);
    assert_eq!(day["days"], 1);
    assert_eq!(day["daily"], json!([{"date": "2026-01-06", "count": 2}]));
    // last30 ends on the selected end, whatever the start.
    assert_eq!(day["last30"], 3);
    let tx = app
        .get("/api/trends?state=TX&start=2026-01-06")
        .await
        .json();
    assert_eq!(
        counts(&tx["categoryCounts"], "name"),
        pairs(&[("Practice Management", 2), ("Intake", 1)])
    );
    assert_eq!(counts(&tx["stateCounts"], "state"), pairs(&[("TX", 3)]));
    assert_eq!(tx["daily"][0], json!({"date": "2026-01-06", "count": 2}));
    assert_eq!(tx["daily"][9], json!({"date": "2026-01-15", "count": 1}));
    let austin = app
        .get("/api/trends?dma=austin&end=2026-01-05")
        .await
        .json();
    assert_eq!(
        counts(&austin["categoryCounts"], "name"),
        pairs(&[("Practice Management", 1)])
    );
    assert_eq!(austin["daily"], json!([{"date": "2026-01-05", "count": 1}]));
    let unknown = app.get("/api/trends?firmSize=E6_20").await.json();
    assert_eq!(
        counts(&unknown["stateCounts"], "state"),
        pairs(&[("FL", 1), ("Unknown", 1)])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn demo_bookings_come_newest_first_and_page_with_limit_and_offset() {
    let mut app = with_known_bookings().await;
    let page = app.get("/api/demo-bookings").await.json();
    assert_eq!(page["total"], 6);
    assert_eq!(page["limit"], 100);
    let first = &page["items"][0];
    assert_eq!(first["clientCategory"], "Marketing Services");
    assert_eq!(first["cityState"], Value::Null);
    assert_eq!(first["state"], "Unknown");
    assert_eq!(first["dma"], "Unknown");
    assert_eq!(first["createdTime"], "2026-03-01T09:00:00Z");
    assert_eq!(first["sample"], false);
    let order: Vec<String> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["createdTime"].as_str().unwrap().into())
        .collect();
    let mut sorted = order.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(order, sorted);
    let solo = &page["items"][2];
    assert_eq!(
        solo["createdTime"], "2026-01-15T14:05:00Z",
        "the US export form is read as UTC"
    );
    assert_eq!(solo["client"], "FILEVINE");
    assert_eq!(
        solo["clientCategory"], "Practice Management",
        "the catalog's spelling"
    );
    let all = ids(&page);
    let p2 = app.get("/api/demo-bookings?limit=2&offset=2").await.json();
    assert_eq!(ids(&p2), all[2..4]);
    assert_eq!(p2["total"], 6);
    let tx = app
        .get("/api/demo-bookings?state=TX&firmSize=SOLO&limit=1&offset=1")
        .await
        .json();
    assert_eq!(tx["total"], 3);
    assert_eq!(tx["items"][0]["cityState"], "Austin, TX");
    assert_eq!(tx["items"][0]["standardizedPracticeAreaBrokenOut"], "SOLO");
    assert_eq!(
        app.get("/api/demo-bookings?limit=0").await.json()["limit"],
        1
    );
    assert_eq!(
        app.get("/api/demo-bookings?limit=99999").await.json()["limit"],
        1000
    );
    let bad = app.get("/api/demo-bookings?limit=ten").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.error(), "limit must be a whole number");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bookings_of_a_state_and_its_top_cities() {
    let mut app = with_known_bookings().await;
    let tx = app
        .get("/api/demo-bookings/cities?state=TX&limit=3")
        .await
        .json();
    assert_eq!(tx["total"], 4);
    assert_eq!(tx["items"].as_array().unwrap().len(), 3);
    assert!(
        tx["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["state"] == "TX")
    );
    let cities = app.get("/api/trends/cities?state=TX").await.json();
    assert_eq!(
        counts(&cities["cities"], "city"),
        pairs(&[("Austin", 2), ("Dallas", 1), ("Houston", 1)])
    );
    assert_eq!(cities["total"], 4);
    let solo = app
        .get("/api/trends/cities?state=TX&firmSize=SOLO&start=2026-01-06")
        .await
        .json();
    assert_eq!(
        counts(&solo["cities"], "city"),
        pairs(&[("Austin", 1), ("Dallas", 1)])
    );
    for path in ["/api/trends/cities", "/api/demo-bookings/cities"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST);
        assert!(res.error().contains("state is required"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn top_cities_stop_at_twelve_and_name_missing_cities_unknown_city() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let mut csv = String::from("Created Time,Category,City State,State\n");
    for i in 0..14 {
        for j in 0..=i {
            csv.push_str(&format!(
                "2026-01-01T00:{i:02}:{j:02}Z,Intake,\"City{i:02}, TX\",TX\n"
            ));
        }
    }
    csv.push_str("2026-01-02T00:00:00Z,Intake,,TX\n");
    let res = upload(&mut app, "c.csv", csv.as_bytes()).await;
    assert_eq!(res.json()["errors"], json!([]));
    let cities = app.get("/api/trends/cities?state=TX").await.json();
    let cities = counts(&cities["cities"], "city");
    assert_eq!(cities.len(), 12);
    assert_eq!(cities[0], ("City13".to_string(), 14));
    let all = app
        .get("/api/trends/cities?state=TX&start=2026-01-02")
        .await
        .json();
    assert_eq!(
        counts(&all["cities"], "city"),
        pairs(&[("Unknown City", 1)])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn filter_options_list_what_the_bookings_have_sorted() {
    let mut app = with_known_bookings().await;
    let o = app.get("/api/demo-bookings/filter-options").await.json();
    assert_eq!(
        o["dmas"],
        json!([
            "Austin",
            "Dallas-Ft. Worth",
            "Houston",
            "Miami-Ft. Lauderdale"
        ])
    );
    assert_eq!(o["states"], json!(["FL", "TX"]));
    assert_eq!(o["firmSizes"], json!(["SOLO", "E2_5", "E6_20"]));
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_filters_are_refused_with_a_message() {
    let mut app = with_known_bookings().await;
    for (query, message) in [
        (
            "start=2026-02-01&end=2026-01-01",
            "The start date must be on or before the end date",
        ),
        ("start=01/02/2026", "start must be a date like 2026-01-31"),
        ("end=2026-02-30", "end must be a date like 2026-01-31"),
        ("start=2026-1-5", "start must be a date like 2026-01-31"),
    ] {
        for route in [
            "/api/trends",
            "/api/demo-bookings",
            "/api/trends/cities?state=TX&x=1",
        ] {
            let route = route.replace("&x=1", "");
            let sep = if route.contains('?') { '&' } else { '?' };
            let res = app.get(&format!("{route}{sep}{query}")).await;
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "{route} {query}");
            assert_eq!(res.error(), message);
        }
    }
    let res = app.get("/api/trends?state=ZZ").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("Unknown state \"ZZ\""),
        "{}",
        res.error()
    );
    let res = app.get("/api/trends?firmSize=HUGE").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("SOLO, E2_5"), "{}", res.error());
    let res = app.get("/api/trends?colour=red").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_bookings_route_needs_a_session() {
    let mut app = with_known_bookings().await;
    app.sign_out().await;
    for path in [
        "/api/trends",
        "/api/trends/cities?state=TX",
        "/api/demo-bookings",
        "/api/demo-bookings/cities?state=TX",
        "/api/demo-bookings/filter-options",
    ] {
        assert_eq!(
            app.get(path).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    let res = upload(&mut app, "b.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn only_admins_may_import() {
    let mut app = with_known_bookings().await;
    app.sign_out().await;
    app.sign_up_as("Bo Member", "bo@doe-law.com").await;
    let res = upload(&mut app, "b.csv", known_file().as_bytes()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.error(), "Admin access required.");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_second_import_of_the_same_file_inserts_nothing_and_a_changed_row_is_updated() {
    let mut app = with_known_bookings().await;
    let again = upload(&mut app, "b.csv", known_file().as_bytes())
        .await
        .json();
    assert_eq!(
        (
            again["inserted"].as_u64(),
            again["updated"].as_u64(),
            again["skipped"].as_u64()
        ),
        (Some(0), Some(0), Some(6))
    );
    let changed = known_file().replace(
        "4,2026-02-10T09:00:00,Intake",
        "4,2026-02-10T09:00:00,E-Discovery",
    );
    let res = upload(&mut app, "b.csv", changed.as_bytes()).await.json();
    assert_eq!(res["kind"], "bookings");
    assert_eq!(
        (res["inserted"].as_u64(), res["updated"].as_u64()),
        (Some(0), Some(1))
    );
    let t = app.get("/api/trends?state=FL").await.json();
    assert_eq!(
        counts(&t["categoryCounts"], "name"),
        pairs(&[("E-Discovery", 1)])
    );
    assert_eq!(app.get("/api/trends").await.json()["total"], 6);
}

/// A few rows into thousands: the import reads the small file's identities first and keeps only the
/// stored identities its rows meet; a row seen before is still skipped or updated, a new one
/// inserted, and the index added to in place counts them.
#[tokio::test(flavor = "multi_thread")]
async fn a_few_rows_into_thousands_are_told_apart_as_before() {
    let mut app = with_known_bookings().await;
    let line = |i: usize, category: &str| {
        format!(
            "r-{i},2026-03-{:02}T10:00:00Z,{category},Clio,SOLO,\"Austin, TX\",TX,Austin,,\n",
            1 + i % 28
        )
    };
    let mut many = HEADER.to_string();
    for i in 0..5_000 {
        many += &line(i, "Intake");
    }
    let res = upload(&mut app, "many.csv", many.as_bytes()).await.json();
    assert_eq!(res["inserted"].as_u64(), Some(5_000));
    let few = format!(
        "{HEADER}{}{}{}",
        line(10, "Intake"),
        line(20, "E-Discovery"),
        line(9_999, "Marketing Services")
    );
    let res = upload(&mut app, "few.csv", few.as_bytes()).await.json();
    assert_eq!(
        (
            res["inserted"].as_u64(),
            res["updated"].as_u64(),
            res["skipped"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    let t = app.get("/api/trends").await.json();
    assert_eq!(t["total"], 6 + 5_001);
    let categories = counts(&t["categoryCounts"], "name");
    let of = |name: &str| categories.iter().find(|(n, _)| n == name).map(|&(_, c)| c);
    assert_eq!(of("E-Discovery"), Some(1));
    assert_eq!(of("Marketing Services"), Some(2));
}

/// The known six with 5,000 more rows in March, so that a small file takes the path of a few rows
/// into many (its identities read first, the stored ones searched for them).
async fn with_many_bookings() -> TestApp {
    let mut app = with_known_bookings().await;
    let mut many = HEADER.to_string();
    for i in 0..5_000 {
        many += &format!(
            "m-{i},2026-03-{:02}T10:00:00Z,Intake,Clio,SOLO,\"Austin, TX\",TX,Austin,,\n",
            2 + i % 27
        );
    }
    let res = upload(&mut app, "many.csv", many.as_bytes()).await.json();
    assert_eq!(res["inserted"].as_u64(), Some(5_000));
    app
}

/// A corrected row that moves to another day and another state: the index counts it only where it
/// is now, on both sides of the move, and the list puts it in its new place.
#[tokio::test(flavor = "multi_thread")]
async fn a_correction_that_moves_a_row_to_another_day_and_state_counts_it_only_there() {
    let mut app = with_many_bookings().await;
    let total = |t: Value| t["total"].as_u64().unwrap();
    assert_eq!(total(app.get("/api/trends?state=FL").await.json()), 1);
    let moved = format!(
        "{HEADER}2,2026-04-02T08:00:00Z,Practice Management,Clio,E2_5,\"Miami, FL\",FL,Miami-Ft. Lauderdale,,\n"
    );
    let res = upload(&mut app, "fix.csv", moved.as_bytes()).await.json();
    assert_eq!(report_counts(&res), (Some(0), Some(1), Some(0)), "{res}");
    assert_eq!(total(app.get("/api/trends").await.json()), 5_006);
    assert_eq!(total(app.get("/api/trends?state=FL").await.json()), 2);
    assert_eq!(
        total(app.get("/api/trends?state=FL&firmSize=E2_5").await.json()),
        1
    );
    assert_eq!(total(app.get("/api/trends?dma=Houston").await.json()), 0);
    let old_day = app
        .get("/api/trends?start=2026-01-06&end=2026-01-06")
        .await
        .json();
    assert_eq!(
        old_day["daily"],
        json!([{"date": "2026-01-06", "count": 1}])
    );
    let new_day = app
        .get("/api/trends?start=2026-04-02&end=2026-04-02")
        .await
        .json();
    assert_eq!(
        new_day["daily"],
        json!([{"date": "2026-04-02", "count": 1}])
    );
    assert_eq!(
        counts(&new_day["categoryCounts"], "name"),
        pairs(&[("Practice Management", 1)])
    );
    let tx_cities = app.get("/api/trends/cities?state=TX").await.json();
    assert!(
        !tx_cities.to_string().contains("Houston"),
        "no Texas city left for the moved row: {tx_cities}"
    );
    let florida = app.get("/api/demo-bookings?state=FL").await.json();
    assert_eq!(
        times(&florida),
        ["2026-04-02T08:00:00Z", "2026-02-10T09:00:00Z"]
    );
    let newest = app.get("/api/demo-bookings?limit=1").await.json();
    assert_eq!(newest["items"][0]["createdTime"], "2026-04-02T08:00:00Z");
    assert_eq!(newest["items"][0]["state"], "FL");
    assert_eq!(newest["total"], 5_006);
}

/// A row dated before every stored one, and a file of rows all stored already, both among many.
#[tokio::test(flavor = "multi_thread")]
async fn a_row_older_than_every_stored_one_and_a_file_all_stored_are_counted_right() {
    let mut app = with_many_bookings().await;
    let oldest = format!(
        "{HEADER}old-1,2025-12-31T23:59:59Z,Intake,Lawmatics,SOLO,\"Austin, TX\",TX,Austin,,\n\
         m-7,2026-03-09T10:00:00Z,Intake,Clio,SOLO,\"Austin, TX\",TX,Austin,,\n"
    );
    let res = upload(&mut app, "old.csv", oldest.as_bytes()).await.json();
    assert_eq!(report_counts(&res), (Some(1), Some(0), Some(1)), "{res}");
    let all = app.get("/api/trends").await.json();
    assert_eq!(all["total"], 5_007);
    assert_eq!(all["daily"][0], json!({"date": "2025-12-31", "count": 1}));
    assert_eq!(all["daily"][5], json!({"date": "2026-01-05", "count": 1}));
    let before = app.get("/api/trends?end=2025-12-31").await.json();
    assert_eq!(before["total"], 1);
    assert_eq!(
        counts(&before["categoryCounts"], "name"),
        pairs(&[("Intake", 1)])
    );
    let last = app
        .get("/api/demo-bookings?limit=1&offset=5006")
        .await
        .json();
    assert_eq!(last["items"][0]["createdTime"], "2025-12-31T23:59:59Z");
    assert_eq!(last["items"][0]["client"], "Lawmatics");
    // The lists of a state and a metro area hold it at their end, and every row they held.
    for filter in ["state=TX", "dma=Austin"] {
        let n = app
            .get(&format!("/api/demo-bookings?{filter}"))
            .await
            .json()["total"]
            .as_u64()
            .unwrap();
        let end = app
            .get(&format!(
                "/api/demo-bookings?{filter}&limit=2&offset={}",
                n - 2
            ))
            .await
            .json();
        assert_eq!(
            times(&end),
            ["2026-01-05T10:00:00Z", "2025-12-31T23:59:59Z"],
            "{filter}"
        );
    }

    // Every row of this file is stored as it is: nothing written, nothing counted twice.
    let again = upload(&mut app, "old.csv", oldest.as_bytes()).await.json();
    assert_eq!(
        report_counts(&again),
        (Some(0), Some(0), Some(2)),
        "{again}"
    );
    assert_eq!(app.get("/api/trends").await.json(), all);
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_are_remembered_only_until_the_next_import() {
    let mut app = with_known_bookings().await;
    let paths = [
        "/api/trends",
        "/api/trends?state=TX",
        "/api/trends/cities?state=TX",
        "/api/demo-bookings?limit=2",
        "/api/demo-bookings/cities?state=TX",
        "/api/demo-bookings/filter-options",
    ];
    let mut before = Vec::new();
    for path in paths {
        let first = app.get(path).await.json();
        assert_eq!(app.get(path).await.json(), first, "{path} asked twice");
        before.push(first);
    }
    let more = format!(
        "{HEADER}7,2026-03-02T09:00:00Z,Intake,Clio,SOLO,\"El Paso, TX\",TX,El Paso (Las Cruces),,\n"
    );
    let res = upload(&mut app, "more.csv", more.as_bytes()).await;
    assert_eq!(res.json()["inserted"], 1, "{}", res.text());
    for (path, old) in paths.iter().zip(&before) {
        assert_ne!(&app.get(path).await.json(), old, "{path} after an import");
    }
    assert_eq!(app.get("/api/trends").await.json()["total"], 7);
    assert_eq!(
        app.get("/api/demo-bookings?limit=2").await.json()["items"][0]["id"],
        7
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_are_gzipped_for_clients_that_accept_it_and_say_so() {
    use std::io::Read;
    let mut app = with_known_bookings().await;
    for path in ["/api/trends?firmSize=SOLO", "/api/demo-bookings?limit=3"] {
        let plain = app.get(path).await;
        assert_eq!(plain.headers.get(header::CONTENT_ENCODING), None);
        assert_eq!(plain.headers[header::VARY], "accept-encoding");
        assert_eq!(plain.headers[header::CONTENT_TYPE], "application/json");
        for accept in ["gzip, deflate, br", "gzip"] {
            let req = app
                .request(Method::GET, path)
                .header(header::ACCEPT_ENCODING, accept)
                .body(Body::empty())
                .unwrap();
            let zipped = app.send(req).await;
            assert_eq!(zipped.status, StatusCode::OK);
            assert_eq!(zipped.headers[header::CONTENT_ENCODING], "gzip", "{accept}");
            let mut json = Vec::new();
            flate2::read::GzDecoder::new(zipped.body.as_slice())
                .read_to_end(&mut json)
                .unwrap();
            assert_eq!(json, plain.body, "{path}: the same answer, gzipped");
        }
        let refused = app
            .request(Method::GET, path)
            .header(header::ACCEPT_ENCODING, "gzip;q=0")
            .body(Body::empty())
            .unwrap();
        let res = app.send(refused).await;
        assert_eq!(res.headers.get(header::CONTENT_ENCODING), None);
        assert_eq!(res.body, plain.body);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn rows_without_an_id_are_recognised_on_reimport_and_names_and_emails_are_not_stored() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = "Client Category,Client,Created Time,Name,Email,Company\n\
               Intake,Clio,2026-01-01T00:00:00Z,Zed Secretname,zed.secret@example.com,Zed LLP\n\
               Intake,Clio,2026-01-01T00:00:00Z,Yan Other,yan.other@example.com,Yan LLP\n";
    let first = upload(&mut app, "a.csv", csv.as_bytes()).await.json();
    assert_eq!(
        first["inserted"], 2,
        "two people booking the same demo at the same time are two rows"
    );
    let second = upload(&mut app, "a.csv", csv.as_bytes()).await.json();
    assert_eq!(
        (second["inserted"].as_u64(), second["skipped"].as_u64()),
        (Some(0), Some(2))
    );
    // The snapshot too, which is written after the answer.
    litstack::bookings::lifecycle::finish_snapshots();
    let dir = app.data_dir();
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        for secret in ["zed.secret@example.com", "Zed Secretname", "yan.other"] {
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "{secret} stored in clear"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn row_errors_name_the_row_and_the_reason() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let long_city = format!("{}, TX", "A".repeat(300));
    let csv = format!(
        "{HEADER}\
1,2026-13-45,Intake,,,,,,,\n\
2,2026-01-01T00:00:00Z,Intake,,,,XX,,,\n\
3,2026-01-01T00:00:00Z,Telepathy,,,,,,,\n\
4,2026-01-01T00:00:00Z,Intake,,,\"{long_city}\",TX,,,\n\
5,2026-01-01T00:00:00Z,Intake,,HUGE,,,,,\n\
6,2026-01-01T00:00:00Z,Intake,,,\"Austin,\nTX\",TX,,,\n\
7,2026-01-01T00:00:00Z,,,,,,,,\n\
8,1990-01-01T00:00:00Z,Intake,,,,,,,\n\
9,2026-01-01T00:00:00Z,Intake,,,\"Austin, TX\",TX,Austin,\"Line one\nline two\",\n\
9,2026-01-02T00:00:00Z,Intake,,,,,,,\n"
    );
    let res = upload(&mut app, "errors.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let r = res.json();
    let errors: Vec<&str> = r["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(r["inserted"], 1, "{errors:?}");
    assert_eq!(r["skipped"], 9);
    let expected = [
        "Row 2: Created Time \"2026-13-45\" is not a date",
        "Row 3: unknown state \"XX\"",
        "Row 4: unknown category \"Telepathy\"",
        "Row 5: City State is longer than 100 characters",
        "Row 6: unknown firm size \"HUGE\"",
        "Row 7: City State contains a line break",
        "Row 9: Category is required",
        "Row 10: Created Time \"1990-01-01T00:00:00Z\" is not between 2000 and 2099",
        // Row 11 holds a quoted name with a line break: it is fine, and spans two lines.
        "Row 13: the id \"9\" appears twice in this file",
    ];
    assert_eq!(errors.len(), expected.len(), "{errors:?}");
    for (got, want) in errors.iter().zip(expected) {
        assert!(got.starts_with(want), "{got:?} should start with {want:?}");
    }
}

/// The import hands each row's encoded booking and texts to its writer back to back: a row after a
/// repeated id, a refused row and text of several bytes a character still gets its own values,
/// in the index and in the stored rows an update makes the index be rebuilt from.
#[tokio::test(flavor = "multi_thread")]
async fn rows_after_a_repeated_id_and_a_refused_row_keep_their_own_values() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = format!(
        "{HEADER}\
a,2026-01-01T00:00:00Z,Intake,,,\"Austin, TX\",TX,,,\n\
a,2026-01-02T00:00:00Z,Intake,,,\"Dallas, TX\",TX,,,\n\
b,not a date,Intake,,,,,,,\n\
c,2026-01-03T00:00:00Z,Practice Management,,,\"Española, NM\",NM,,,\n\
d,2026-01-04T00:00:00Z,Marketing Services,,,\"Zürich Ridge, CO\",CO,,,\n"
    );
    let r = upload(&mut app, "mixed.csv", csv.as_bytes()).await.json();
    assert_eq!(
        (r["inserted"].as_u64(), r["skipped"].as_u64()),
        (Some(3), Some(2)),
        "{r}"
    );
    let want = [
        ("Zürich Ridge, CO", "Marketing Services"),
        ("Española, NM", "Practice Management"),
        ("Austin, TX", "Intake"),
    ];
    let listed = |page: &serde_json::Value| -> Vec<(String, String)> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                let text = |k: &str| i[k].as_str().unwrap_or_default().to_string();
                (text("cityState"), text("clientCategory"))
            })
            .collect()
    };
    let page = app.get("/api/demo-bookings").await.json();
    assert_eq!(
        listed(&page),
        want.map(|(a, b)| (a.into(), b.into())),
        "{page}"
    );
    // An updated row: the index is rebuilt from the stored rows.
    let update = format!("{HEADER}a,2026-01-01T00:00:00Z,Intake,,,\"Austin, TX\",TX,Austin,,\n");
    let r = upload(&mut app, "update.csv", update.as_bytes())
        .await
        .json();
    assert_eq!(r["updated"], 1, "{r}");
    let page = app.get("/api/demo-bookings").await.json();
    assert_eq!(
        listed(&page),
        want.map(|(a, b)| (a.into(), b.into())),
        "{page}"
    );
    assert_eq!(page["items"][2]["dma"], "Austin", "{page}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bom_windows_line_endings_and_invalid_utf8_are_handled() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let mut csv = b"\xef\xbb\xbfCreated Time,Category,City State\r\n2026-01-01T00:00:00Z,Intake,\"Austin, TX\"\r\n".to_vec();
    csv.extend_from_slice(b"2026-01-02T00:00:00Z,Intake,\"Aus\xfftin, TX\"\r\n");
    let r = upload(&mut app, "bom.csv", &csv).await.json();
    assert_eq!(r["inserted"], 1, "{r}");
    assert_eq!(
        r["errors"],
        json!(["Row 3: the row is not valid UTF-8 text"])
    );
    let page = app.get("/api/demo-bookings").await.json();
    assert_eq!(page["items"][0]["cityState"], "Austin, TX");
    assert_eq!(
        page["items"][0]["state"], "TX",
        "the state is read from City State when absent"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn files_that_cannot_be_imported_are_refused_whole() {
    let mut app = with_known_bookings().await;
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01";
    let cases: [(&[u8], &str); 4] = [
        (b"", "The file is empty."),
        (b"  \r\n", "The file is empty."),
        (png, "The file is not a CSV text file."),
        (
            b"colour,size\nred,big\n",
            "The file's header does not name the columns of a known file.",
        ),
    ];
    for (content, message) in cases {
        let res = upload(&mut app, "x.csv", content).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{message}");
        assert!(res.error().starts_with(message), "{}", res.error());
    }
    let res = upload(&mut app, "x.csv", b"colour\nred\n").await;
    assert!(
        res.error()
            .contains("Category (or Client Category) and Created Time"),
        "{}",
        res.error()
    );
    assert!(
        res.error().contains("websiteUrl"),
        "the vendor columns are named too"
    );
    let req = app
        .request(Method::POST, "/api/admin/demo-bookings/import")
        .body(Body::from("x"))
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        app.get("/api/trends").await.json()["total"],
        6,
        "nothing changed"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_over_the_limit_is_refused_with_413_and_changes_nothing() {
    let mut app = TestApp::with_config(|c| c.import_max_bytes = 1024 * 1024);
    app.sign_up().await;
    let mut csv = String::from("Created Time,Category\n");
    while csv.len() < 1024 * 1024 + 10 {
        csv.push_str("2026-01-01T00:00:00Z,Intake\n");
    }
    let res = upload(&mut app, "big.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        res.error(),
        "The file is larger than the 1 MB import limit."
    );
    assert_eq!(app.get("/api/trends").await.json()["total"], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn more_than_a_hundred_row_errors_are_counted_not_listed() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let mut csv = String::from("Created Time,Category\n");
    for _ in 0..150 {
        csv.push_str("yesterday,Intake\n");
    }
    let r = upload(&mut app, "e.csv", csv.as_bytes()).await.json();
    let errors = r["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 101);
    assert_eq!(errors[100], "... and 50 more row errors");
    assert_eq!(r["skipped"], 150);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_file_goes_through_the_same_import_and_refreshes_the_catalog() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let csv = "name,category,websiteUrl,bookingUrl,priceBracket,isRecommendedPartner,partnerLevel,\
               sourceUrl,verifiedOn\n\
               Zephyrcase Test,Practice Management,https://zephyrcase.example.com,https://zephyrcase.example.com/demo,2,yes,Gold,https://zephyrcase.example.com,2026-11-02\n\
               Evil,Intake,javascript:alert(1),https://e.example.com,1,no,\n\
               Odd,Alchemy,https://o.example.com,https://o.example.com,1,no,\n\
               Pricey,Intake,https://p.example.com,https://p.example.com,5,no,\n\
               \"Bell\x07\x1b[31mRed\",Intake,https://b.example.com,https://b.example.com,1,no,\n";
    let r = upload(&mut app, "vendors.csv", csv.as_bytes()).await.json();
    assert_eq!(r["kind"], "vendors");
    assert_eq!(r["inserted"], 1, "{r}");
    let errors: Vec<&str> = r["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors[0].starts_with("Row 3: websiteUrl"));
    assert!(errors[1].contains("unknown category \"Alchemy\""));
    assert!(errors[2].contains("priceBracket"));
    assert_eq!(errors[3], "Row 6: name contains a control character");
    let vendors = app.get("/api/vendors?q=Zephyrcase").await.json();
    assert_eq!(vendors["total"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn vendor_demand_counts_bookings_per_catalog_vendor_by_size_and_date() {
    let app = with_known_bookings().await;
    let filevine = app
        .state
        .catalog
        .load()
        .vendors
        .iter()
        .find(|v| v.name == "Filevine")
        .map(|v| v.id);
    let Some(filevine) = filevine else { return }; // the seed catalog lacks it
    use litstack::platform::firm_size::FirmSize;
    let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
    let all = litstack::bookings::vendor_demand(
        &app.state.bookings.load(),
        &app.state.catalog.load(),
        &[],
        day("2026-01-01"),
    );
    assert_eq!(all.get(&filevine), Some(&2), "both spellings, any case");
    let solo = litstack::bookings::vendor_demand(
        &app.state.bookings.load(),
        &app.state.catalog.load(),
        &[FirmSize::Solo],
        day("2026-01-01"),
    );
    assert_eq!(solo.get(&filevine), Some(&2));
    let bigger = litstack::bookings::vendor_demand(
        &app.state.bookings.load(),
        &app.state.catalog.load(),
        &[FirmSize::E2To5, FirmSize::E6To20],
        day("2026-01-01"),
    );
    assert_eq!(bigger.get(&filevine), None);
    let later = litstack::bookings::vendor_demand(
        &app.state.bookings.load(),
        &app.state.catalog.load(),
        &[],
        day("2026-01-10"),
    );
    assert_eq!(later.get(&filevine), Some(&1));
}

fn open(dir: &std::path::Path, sample: bool) -> AppState {
    let mut config = Config::for_data_dir(dir);
    config.sample_data = sample;
    AppState::open(config).unwrap()
}

fn trends_json(state: &AppState) -> Value {
    let sets = state.bookings.load();
    let idx = sets.view(None);
    serde_json::to_value(litstack::bookings::query::trends(
        idx,
        &Default::default(),
        Default::default(),
    ))
    .unwrap()
}

#[test]
fn a_corrupt_or_stale_snapshot_is_detected_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let state = open(&data, false);
    run(&state.sub(), known_file().as_bytes(), Options::default()).unwrap();
    let expected = trends_json(&state);
    assert_eq!(expected["total"], 6);
    drop(state);
    // The snapshot is written after the import's answer, as a command waits for it before exiting.
    litstack::bookings::lifecycle::finish_snapshots();
    let snapshot = litstack::bookings::snapshot::path(&data);
    let good = std::fs::read(&snapshot).unwrap();

    let mut flipped = good.clone();
    let last = flipped.len() - 3;
    flipped[last] ^= 0xff;
    let truncated = good[..good.len() / 2].to_vec();
    let mut stale = good.clone();
    stale[8] = stale[8].wrapping_add(1); // another generation
    for bad in [flipped, truncated, stale, b"garbage".to_vec()] {
        std::fs::write(&snapshot, &bad).unwrap();
        let state = open(&data, false);
        assert_eq!(trends_json(&state), expected);
        drop(state);
        assert_eq!(
            std::fs::read(&snapshot).unwrap(),
            good,
            "the snapshot is rewritten"
        );
    }
    std::fs::remove_file(&snapshot).unwrap();
    assert_eq!(trends_json(&open(&data, false)), expected);
}

#[test]
fn first_launch_seeds_labelled_sample_bookings_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let state = open(&data, true);
    let sets = state.bookings.load();
    assert!(sets.real.is_empty());
    let idx = &sets.sample;
    assert_eq!(idx.len(), litstack::bookings::SAMPLE_ROWS as usize);
    assert_eq!(idx.cols.sample.count_set(), idx.len());
    let unknown = idx.cols.state.iter().filter(|&s| s == 0).count();
    assert!(
        (200..=800).contains(&unknown),
        "about 1% without a location: {unknown}"
    );
    drop(sets);
    drop(state);
    let again = open(&data, true);
    assert_eq!(
        again.bookings.load().len(),
        litstack::bookings::SAMPLE_ROWS as usize
    );
}

#[test]
fn generated_bookings_are_deterministic_and_skewed_like_real_demand() {
    use litstack::bookings::generate::{seed_catalog, write_csv};
    let end = chrono::NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
    let mut a = Vec::new();
    let mut b = Vec::new();
    write_csv(&mut a, 5000, 7, end, &seed_catalog()).unwrap();
    write_csv(&mut b, 5000, 7, end, &seed_catalog()).unwrap();
    assert_eq!(a, b);
    let text = String::from_utf8(a).unwrap();
    assert_eq!(text.lines().count(), 5001);
    let solo = text.matches(",SOLO,").count();
    let large = text.matches(",E200P,").count();
    assert!(solo > 5 * large, "small firms book most: {solo} vs {large}");
    assert!(text.contains("\"Los Angeles, CA\",CA,Los Angeles"));
}
