//! The vendor profile: GET /api/vendors/{id} and /api/vendors/{id}/evidence. Bad ids, inactive
//! vendors, the firm's own stack, history and alternatives, and the booking evidence with its
//! suppression rule (under 5 is "fewer than 5", no total minus parts reveals a hidden count).

use axum::http::{Method, StatusCode};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use litstack::import::{Options, run};
use serde_json::{Value, json};

use crate::bookings::upload;
use crate::helpers::{PASSWORD, TestApp};

const DOCKETLY: u64 = 9001;
const RULERLY: u64 = 9002;
const RETIRED: u64 = 9003;

fn fixture_csv() -> String {
    let mut csv = String::from(
        "id,name,category,websiteUrl,bookingUrl,integrations,firmSizeSupported,practiceAreasSupported,isActive,sourceUrl,verifiedOn\n",
    );
    csv += "9001,Docketly,Intake,https://docketly.example,https://docketly.example/book,Clio;Filevine,E6_20,Personal Injury,true,https://docketly.example/about,2026-11-02\n";
    csv +=
        "9002,Rulerly,Intake,https://rulerly.example,,Clio;Filevine,E6_20,Personal Injury,true,,\n";
    csv += "9003,Retired Intake,Intake,https://retired.example,,,,,false,,\n";
    csv
}

/// A signed-in user (firm size 6-20) over a catalog that holds the fixture vendors.
async fn signed_in() -> TestApp {
    let mut app = TestApp::new();
    app.import_vendors(&fixture_csv());
    app.sign_up().await;
    app
}

async fn profile(app: &mut TestApp, id: u64) -> Value {
    let res = app.get(&format!("/api/vendors/{id}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

async fn evidence(app: &mut TestApp, id: u64) -> Value {
    let res = app.get(&format!("/api/vendors/{id}/evidence")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_ids_are_a_400_and_unknown_ids_a_404_on_both_routes() {
    let mut app = signed_in().await;
    for suffix in ["", "/evidence"] {
        for bad in [
            "abc",
            "%2B42",
            "-1",
            "%2042",
            "4%202",
            "4.2",
            "18446744073709551616",
            "99999999999999999999999999",
        ] {
            let res = app.get(&format!("/api/vendors/{bad}{suffix}")).await;
            assert_eq!(
                res.status,
                StatusCode::BAD_REQUEST,
                "{bad}{suffix}: {}",
                res.text()
            );
            assert_eq!(res.error(), "Vendor ids are whole numbers like 42");
        }
        let res = app.get(&format!("/api/vendors/999999{suffix}")).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
        assert_eq!(res.error(), "There is no vendor with id 999999");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn both_routes_need_a_session() {
    let mut app = signed_in().await;
    app.sign_out().await;
    for path in ["/api/vendors/9001", "/api/vendors/9001/evidence"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(
            res.error(),
            "You are not signed in. Please sign in to continue.",
            "{path}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_profile_shows_the_vendor_and_marks_integrations_in_the_firms_stack() {
    let mut app = signed_in().await;
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": 10, "hasTool": true, "selectedVendorIds": [], "otherVendors": ["clio"] }] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let p = profile(&mut app, DOCKETLY).await;
    assert_eq!(p["name"], "Docketly");
    assert_eq!(p["category"]["name"], "Intake");
    assert_eq!(p["isActive"], true);
    assert_eq!(p["verifiedOn"], "2026-11-02");
    assert_eq!(p["sourceUrl"], "https://docketly.example/about");
    assert_eq!(
        p["firmSizesSupported"],
        json!([{ "code": "E6_20", "label": "6-20" }])
    );
    assert_eq!(
        p["integrations"],
        json!([{ "name": "Clio", "inYourStack": true }, { "name": "Filevine", "inYourStack": false }])
    );
    assert_eq!(p["history"]["dismissed"], false);
    assert_eq!(p["history"]["recommendations"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_inactive_vendor_is_answered_but_never_an_alternative() {
    let mut app = signed_in().await;
    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": 10, "hasTool": true, "selectedVendorIds": [], "otherVendors": ["Clio", "Filevine"] }] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let p = profile(&mut app, RETIRED).await;
    assert_eq!(p["isActive"], false);

    let p = profile(&mut app, DOCKETLY).await;
    assert_eq!(p["alternativesBasis"], "fit");
    let alts = p["alternatives"].as_array().unwrap();
    assert!((3..=5).contains(&alts.len()), "{alts:?}");
    let catalog = app.state.catalog.load();
    for a in alts {
        let v = catalog.vendor(a["id"].as_u64().unwrap()).unwrap();
        assert!(v.is_active && v.category_id == p["category"]["id"], "{a}");
        assert_ne!(v.id, DOCKETLY);
        assert!(!a["reason"].as_str().unwrap().is_empty());
    }
    // Rulerly fits best (the firm's size, personal injury, both tools of its stack), tied with
    // seed vendors that fit as well, which come first by name; looser fits come after.
    let best = "Integrates with Clio and Filevine, which your firm uses";
    let top: Vec<&Value> = alts.iter().take_while(|a| a["reason"] == best).collect();
    assert!(top.iter().any(|a| a["id"] == RULERLY), "{alts:?}");
    assert!(alts[top.len()..].iter().all(|a| a["reason"] != best));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_profile_meeting_click_is_part_of_the_firms_own_history() {
    let mut app = signed_in().await;
    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": DOCKETLY, "sourcePage": "PROFILE" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["sourcePage"], "PROFILE");

    let clicks = profile(&mut app, DOCKETLY).await["history"]["meetingClicks"].clone();
    assert_eq!(clicks.as_array().unwrap().len(), 1);
    assert_eq!(clicks[0]["sourcePage"], "PROFILE");
    // Another user's profile of the same vendor knows nothing of it.
    app.sign_up_as("Bob Roe", "bob@roe-law.com").await;
    let theirs = profile(&mut app, DOCKETLY).await;
    assert_eq!(theirs["history"]["meetingClicks"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn after_a_questionnaire_the_history_says_why_and_alternatives_follow_its_scores() {
    let mut app = signed_in().await;
    let catalog = app.state.catalog.load_full();
    let category = catalog
        .stages()
        .iter()
        .find(|c| {
            !catalog.questions(c.id).is_empty()
                && catalog
                    .vendors
                    .iter()
                    .filter(|v| v.category_id == c.id && v.is_active)
                    .count()
                    >= 6
        })
        .map(|c| c.id)
        .expect("a stage with a questionnaire and six vendors");
    let answers: Vec<Value> = catalog
        .questions(category)
        .iter()
        .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
        .collect();
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": category, "answers": answers }),
        )
        .await;
    let response_id = res.json()["responseId"].as_u64().unwrap();
    let ranked = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": response_id, "categoryId": category }),
        )
        .await
        .json();
    let ranked = ranked["vendors"].as_array().unwrap().clone();
    let best = ranked[0]["vendor"]["id"].as_u64().unwrap();

    let p = profile(&mut app, best).await;
    let recs = p["history"]["recommendations"].as_array().unwrap();
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0]["category"]["id"], category);
    assert!(!recs[0]["reasons"].as_array().unwrap().is_empty());
    assert_eq!(p["alternativesBasis"], "questionnaire");
    let expected: Vec<(u64, u64)> = ranked[1..]
        .iter()
        .take(5)
        .map(|r| {
            (
                r["vendor"]["id"].as_u64().unwrap(),
                r["score"].as_u64().unwrap(),
            )
        })
        .collect();
    let shown: Vec<(u64, u64)> = p["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["id"].as_u64().unwrap(), a["score"].as_u64().unwrap()))
        .collect();
    assert_eq!(shown, expected, "the questionnaire's order, best first");
    assert!(
        p["alternatives"][0]["reason"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Scored {} of 100 on your", expected[0].1))
    );

    // Dismissing the best pick shows on its profile and takes it out of the others' alternatives.
    let res = app
        .call(
            Method::POST,
            "/api/recommendations/dismissed",
            Some(json!({ "vendorId": best, "reason": "already_evaluated" })),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    assert_eq!(profile(&mut app, best).await["history"]["dismissed"], true);
    let other = expected[0].0;
    let alts = profile(&mut app, other).await["alternatives"].clone();
    assert!(alts.as_array().unwrap().iter().all(|a| a["id"] != best));
}

fn day(d: NaiveDate) -> String {
    format!("{d}T00:00:00Z")
}

fn month_key(d: NaiveDate) -> String {
    format!("{:04}-{:02}", d.year(), d.month())
}

const HEADER: &str = "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA\n";

/// Docketly's bookings: 7 today (6 by 6-20 firms, 1 solo), 2 by 6-20 firms 200 days ago, 3 by
/// 200+ firms 400 days ago, 4 thirty months ago (outside the window), and 3 of another vendor.
fn docketly_file(today: NaiveDate) -> String {
    let mut csv = String::from(HEADER);
    let mut id = 0;
    let mut row = |date: NaiveDate, client: &str, size: &str| {
        id += 1;
        csv += &format!(
            "{id},{},Intake,{client},{size},\"Austin, TX\",TX,Austin\n",
            day(date)
        );
    };
    for _ in 0..6 {
        row(today, "Docketly", "E6_20");
    }
    row(today, "DOCKETLY", "SOLO");
    for _ in 0..2 {
        row(today - Duration::days(200), "Docketly", "E6_20");
    }
    for _ in 0..3 {
        row(today - Duration::days(400), "docketly", "E200P");
    }
    for _ in 0..4 {
        row(today - Duration::days(900), "Docketly", "E6_20");
    }
    for _ in 0..3 {
        row(today, "Rulerly", "E6_20");
    }
    csv
}

/// Every number shown is from 5 up (0 is hidden as 1 to 4 are), and the shown groups add up to
/// the total: the total minus any parts is a sum of shown groups, never a hidden count.
fn assert_nothing_small_can_be_worked_out(groups: &Value, total: &Value) {
    let groups = groups.as_array().unwrap();
    let mut sum = 0;
    for g in groups {
        match g["count"]["value"].as_u64() {
            Some(v) => {
                assert!(v >= 5, "{g}");
                sum += v;
            }
            None => {
                assert_eq!(
                    groups.len(),
                    1,
                    "a hidden count only as the whole breakdown"
                );
                assert_eq!(g["count"]["text"], "fewer than 5");
                assert_eq!(total["value"], Value::Null, "no total beside a hidden part");
                return;
            }
        }
    }
    assert_eq!(total["value"].as_u64(), Some(sum));
}

#[tokio::test(flavor = "multi_thread")]
async fn evidence_counts_real_bookings_by_month_and_size_and_hides_small_counts() {
    let mut app = signed_in().await;
    let today = Utc::now().date_naive();
    // Sample rows of the same vendor are never evidence.
    let mut sample = String::from(HEADER);
    for id in 1..=20 {
        sample += &format!(
            "{id},{},Intake,Docketly,E6_20,\"Austin, TX\",TX,Austin\n",
            day(today)
        );
    }
    let options = Options {
        sample: true,
        ..Options::default()
    };
    run(&app.state.sub(), sample.as_bytes(), options).unwrap();
    let e = evidence(&mut app, DOCKETLY).await;
    assert_eq!(e["hasRealBookings"], false);
    assert_eq!(e["total"], json!({ "value": null, "text": "fewer than 5" }));

    let res = upload(&mut app, "bookings.csv", docketly_file(today).as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    // The file's ids are those of 19 sample rows: the real rows replace them.
    let report = res.json();
    assert_eq!(
        (&report["inserted"], &report["updated"]),
        (&json!(0), &json!(19))
    );
    let e = evidence(&mut app, DOCKETLY).await;
    assert_eq!(e["hasRealBookings"], true);
    assert_eq!(e["total"]["value"], 12, "the 24 months hold 7 + 2 + 3");
    assert_nothing_small_can_be_worked_out(&e["months"], &e["total"]);
    assert_nothing_small_can_be_worked_out(&e["bySize"], &e["total"]);

    let months = e["months"].as_array().unwrap();
    let covered: usize = months
        .iter()
        .map(|g| {
            let from = g["from"].as_str().unwrap();
            let to = g["to"].as_str().unwrap();
            months_between(from, to) + 1
        })
        .sum();
    assert_eq!(covered, 24);
    // No month stands alone with none: the months without bookings are shown with their
    // neighbours. The first 5 (3 from 400 days ago, 2 from 200) are one group with the empty
    // months before and between them, this month's 7 one with the empty months before it.
    assert_eq!(months.len(), 2, "{months:?}");
    let (joined, last) = (&months[0], &months[1]);
    assert!(joined["from"].as_str() < Some(month_key(today - Duration::days(400)).as_str()));
    assert_eq!(joined["to"], month_key(today - Duration::days(200)));
    assert_eq!(joined["count"]["value"], 5);
    assert!(last["from"].as_str() > joined["to"].as_str());
    assert_eq!(last["to"], month_key(today));
    assert_eq!(last["count"]["value"], 7);

    let recent = &e["recentForYourSize"];
    assert_eq!(recent["size"]["code"], "E6_20");
    assert_eq!(recent["days"], 90);
    assert_eq!(recent["count"]["value"], 6);

    // A solo firm's own window holds one booking: "fewer than 5", never the number.
    let res = app.post(
        "/api/auth/sign-up",
        json!({ "name": "Sol O", "email": "sol@solo-law.com", "password": PASSWORD, "lawFirm": "Solo Law", "firmSize": "SOLO" }),
    )
    .await;
    assert_eq!(res.json()["user"]["firmSize"], "SOLO", "{}", res.text());
    let e = evidence(&mut app, DOCKETLY).await;
    assert_eq!(e["recentForYourSize"]["count"]["value"], Value::Null);
    assert_eq!(e["recentForYourSize"]["count"]["text"], "fewer than 5");
    let text = e.to_string();
    for n in 0..5 {
        let shown = [format!("\"value\":{n},"), format!("\"value\":{n}}}")];
        assert!(!shown.iter().any(|s| text.contains(s)), "{text}");
    }
}

fn months_between(from: &str, to: &str) -> usize {
    let parse = |s: &str| {
        let (y, m) = s.split_once('-').unwrap();
        y.parse::<i32>().unwrap() * 12 + m.parse::<i32>().unwrap()
    };
    (parse(to) - parse(from)) as usize
}

#[tokio::test(flavor = "multi_thread")]
async fn fewer_than_five_bookings_in_all_are_one_hidden_count_with_no_total() {
    let mut app = signed_in().await;
    let today = Utc::now().date_naive();
    let csv = format!(
        "{HEADER}1,{},Intake,Rulerly,E6_20,,,\n2,{},Intake,Rulerly,SOLO,,,\n3,{},Intake,Docketly,E6_20,,,\n",
        day(today),
        day(today - Duration::days(100)),
        day(today)
    );
    let res = upload(&mut app, "bookings.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 3);
    let e = evidence(&mut app, RULERLY).await;
    assert_eq!(e["total"], json!({ "value": null, "text": "fewer than 5" }));
    assert_eq!(e["months"].as_array().unwrap().len(), 1);
    assert_eq!(e["bySize"].as_array().unwrap().len(), 1);
    assert_eq!(e["bySize"][0]["sizes"].as_array().unwrap().len(), 6);
    assert_nothing_small_can_be_worked_out(&e["months"], &e["total"]);
    assert_nothing_small_can_be_worked_out(&e["bySize"], &e["total"]);

    // A vendor nobody booked reads exactly as one booked twice: no figure tells none from a few.
    let none = evidence(&mut app, RETIRED).await;
    for figure in ["total", "months", "bySize", "recentForYourSize"] {
        assert_eq!(none[figure], e[figure], "{figure}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn peer_adoption_is_fewer_than_five_until_five_firms_of_the_size_use_it() {
    let mut app = signed_in().await;
    let adopt =
        json!({ "items": [{ "categoryId": 2, "hasTool": true, "selectedVendorIds": [DOCKETLY] }] });
    for n in 1..=5 {
        let res = app
            .post(
                "/api/auth/sign-up",
                json!({ "name": format!("Peer {n}"), "email": format!("p{n}@firm{n}.com"), "password": PASSWORD, "lawFirm": format!("Firm {n}"), "firmSize": "E6_20" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        app.verify_firm_of(&res);
        let res = app
            .post("/api/profile/category-adoption", adopt.clone())
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        let e = evidence(&mut app, DOCKETLY).await;
        let peers = &e["peerAdoption"];
        if n < 5 {
            assert_eq!(peers["firms"]["value"], Value::Null, "{n} firms");
            assert_eq!(peers["text"], "Used by fewer than 5 firms of your size");
        } else {
            assert_eq!(peers["firms"]["value"], 5);
            assert_eq!(peers["text"], "Used by 5 firms of your size");
        }
    }
    // A firm of another size is not a peer.
    let res = app.sign_in("ann@doe-law.com", PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.json()["user"]["email"], "ann@doe-law.com");
    let res = app
        .patch(
            "/api/profile",
            json!({ "name": "Ann Doe", "lawFirm": "Doe & Partners", "firmSize": "SOLO" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["user"]["firmSize"], "SOLO");
    let e = evidence(&mut app, DOCKETLY).await;
    assert_eq!(
        e["peerAdoption"]["firms"],
        json!({ "value": null, "text": "fewer than 5" }),
        "no firm of the size reads as a few do"
    );
    assert_eq!(
        e["peerAdoption"]["text"],
        "Used by fewer than 5 firms of your size"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_90_days_are_not_shown_when_the_24_months_would_give_away_the_rest() {
    let mut app = signed_in().await;
    let today = Utc::now().date_naive();
    let mut csv = String::from(HEADER);
    for id in 1..=6 {
        csv += &format!("{id},{},Intake,Rulerly,E6_20,,,\n", day(today));
    }
    for id in 7..=8 {
        csv += &format!(
            "{id},{},Intake,Rulerly,E6_20,,,\n",
            day(today - Duration::days(200))
        );
    }
    let res = upload(&mut app, "bookings.csv", csv.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 8);
    let e = evidence(&mut app, RULERLY).await;
    // No other size booked: their cells of none are shown with 6-20's, as one group of 8.
    let six_to_twenty = e["bySize"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| {
            g["sizes"]
                .as_array()
                .unwrap()
                .contains(&json!({ "code": "E6_20", "label": "6-20" }))
        })
        .expect("6-20 is in a group");
    assert_eq!(six_to_twenty["sizes"].as_array().unwrap().len(), 6);
    assert_eq!(six_to_twenty["count"]["value"], 8);
    // 8 in 24 months and 6 in 90 days would say 2 came before: the 90 days are withheld.
    let recent = &e["recentForYourSize"];
    assert_eq!(recent["withheld"], true);
    assert_eq!(
        recent["count"],
        json!({ "value": null, "text": "not shown" })
    );
}
