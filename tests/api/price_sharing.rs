//! What firms pay (issues 32 and 44): `GET|PUT /api/firm/price-sharing` records a firm's consent
//! (who, when; audit-logged; owners and admins only), and the vendor profile's `whatFirmsPay`
//! shows the bands of the lower quartile, the median and the upper quartile of annual cost per
//! seat, never a price, a lowest or a highest, only from 5 verified sharing firms up, from one
//! snapshot a day that every hub node reads. Below 5, 0 included, the answer is the same whatever
//! the number; a join, a verification or an edit changes nothing until the next day; a withdrawal
//! withholds the figures it counted in at once, until the next day leaves the firm out;
//! unverified firms and firms that do not share are never counted.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse, audit_actions};

async fn share(app: &mut TestApp, share: Value) -> TestResponse {
    app.call(
        Method::PUT,
        "/api/firm/price-sharing",
        Some(json!({ "share": share })),
    )
    .await
}

async fn consent(app: &mut TestApp) -> Value {
    let res = app.get("/api/firm/price-sharing").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

#[tokio::test(flavor = "multi_thread")]
async fn consent_is_recorded_with_who_and_when_audit_logged_and_only_owners_and_admins_give_it() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let ann = app.cookie.clone();
    assert_eq!(
        consent(&mut app).await,
        json!({ "share": false, "since": null, "by": null }),
        "never by default"
    );

    let res = share(&mut app, json!(true)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let given = res.json();
    assert_eq!(
        (&given["share"], &given["by"]),
        (&json!(true), &json!("Ann Doe"))
    );
    let since = given["since"].as_str().unwrap().to_string();
    assert!(
        chrono::DateTime::parse_from_rfc3339(&since).is_ok(),
        "{since}"
    );
    assert_eq!(consent(&mut app).await, given);
    // Saying it again changes nothing: the consent keeps its who and when, one log line.
    assert_eq!(share(&mut app, json!(true)).await.json(), given);
    let log = app.get("/api/firm/audit").await.json();
    let lines = audit_actions(&log)
        .into_iter()
        .filter(|a| *a == "price_sharing_changed")
        .count();
    assert_eq!(lines, 1, "{log}");

    // Bad bodies: a 400 a person can act on, and nothing changes.
    for body in [
        json!({ "share": "yes" }),
        json!({}),
        json!({ "share": true, "x": 1 }),
    ] {
        let res = app
            .call(Method::PUT, "/api/firm/price-sharing", Some(body.clone()))
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            res.text()
        );
        assert!(!res.error().is_empty());
    }

    // A member and a viewer read the choice but may not make it; an admin may.
    for (email, role) in [
        ("mo@doe-law.com", "member"),
        ("vi@doe-law.com", "viewer"),
        ("ad@doe-law.com", "admin"),
    ] {
        app.cookie = ann.clone();
        let token = app.invite(email, role).await;
        let joined = app.join(&token, &format!("{role} Doe"), email).await;
        assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
        assert_eq!(consent(&mut app).await["share"], true, "{role}");
        let res = share(&mut app, json!(false)).await;
        if role == "admin" {
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
            assert_eq!(res.json()["share"], false);
            assert_eq!(res.json()["by"], "admin Doe", "the name as it was then");
        } else {
            assert_eq!(res.status, StatusCode::FORBIDDEN, "{role}: {}", res.text());
            if role == "member" {
                assert_eq!(
                    res.error(),
                    "Only an owner or an admin of your firm can choose whether it shares what it \
                     pays."
                );
            }
        }
    }
    app.cookie = ann;
    let withdrawn = consent(&mut app).await;
    assert_eq!(
        (&withdrawn["share"], &withdrawn["by"]),
        (&json!(false), &json!("admin Doe"))
    );
    let log = app.get("/api/firm/audit").await.json();
    let entries: Vec<&Value> = log["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "price_sharing_changed")
        .collect();
    assert_eq!(entries.len(), 2, "{log}");
    assert!(
        entries[0]["detail"].as_str().unwrap().contains("withdrew"),
        "{log}"
    );

    // Signed out: 401.
    app.cookie = None;
    assert_eq!(
        app.get("/api/firm/price-sharing").await.status,
        StatusCode::UNAUTHORIZED
    );
}

/// One firm: its owner's session.
struct Firm {
    cookie: Option<String>,
}

/// A catalog category with a vendor: the vendor every firm below holds a contract for.
async fn a_vendor(app: &mut TestApp) -> (u64, u64) {
    let list = app.get("/api/profile/category-adoption").await.json();
    let item = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| !i["vendors"].as_array().unwrap().is_empty())
        .expect("a category with a vendor")
        .clone();
    (
        item["category"]["id"].as_u64().unwrap(),
        item["vendors"][0]["id"].as_u64().unwrap(),
    )
}

/// Signs up a firm of `size`, lists the vendor in its stack and saves its contract at
/// `dollars_per_seat` (10 seats); verified when told, sharing when told.
async fn firm(
    app: &mut TestApp,
    n: usize,
    size: &str,
    dollars_per_seat: u64,
    verified: bool,
    shares: bool,
) -> Firm {
    app.cookie = None;
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({
                "name": format!("Owner {n}"), "email": format!("owner{n}@firm{n}.test"),
                "password": crate::helpers::PASSWORD, "lawFirm": format!("Firm {n} Law"),
                "firmSize": size
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    if verified {
        app.verify_firm_of(&res);
    }
    let user = res.json()["user"].clone();
    let (category, vendor) = a_vendor(app).await;
    let listed = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": category, "hasTool": true, "selectedVendorIds": [vendor] }] }),
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
    let today = chrono::Utc::now().date_naive();
    let saved = app
        .call(
            Method::PUT,
            &format!("/api/techstack/{vendor}/contract"),
            Some(json!({
                "startDate": (today - chrono::Days::new(100)).to_string(), "termMonths": 12,
                "noticeDays": 30, "annualCost": dollars_per_seat * 100 * 10, "seats": 10,
                "responsibleUserId": user["id"]
            })),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    if shares {
        assert_eq!(share(app, json!(true)).await.status, StatusCode::OK);
    }
    Firm {
        cookie: app.cookie.clone(),
    }
}

async fn what_firms_pay(app: &mut TestApp, vendor: u64) -> Value {
    let res = app.get(&format!("/api/vendors/{vendor}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let pay = res.json()["whatFirmsPay"].clone();
    // Never a point price or an extreme, whatever the state.
    for figure in std::iter::once(&pay["overall"]).chain(
        pay["bySize"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| &g["figure"]),
    ) {
        let keys: Vec<&str> = figure
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        assert_eq!(
            keys,
            ["firms", "lowerQuartile", "median", "text", "upperQuartile"],
            "{pay}"
        );
    }
    pay
}

/// Draws the next day's figures, as the first node to pass midnight does (the in-process test
/// server runs no background pass and its clock cannot move).
fn next_day(app: &TestApp) {
    use litstack::vendor_profile::price_snapshot;
    let day = match price_snapshot::head(&app.state.store).unwrap() {
        Some(head) => chrono::NaiveDate::parse_from_str(&head.day, "%Y-%m-%d").unwrap(),
        None => litstack::platform::clock::today(),
    };
    let drawn = price_snapshot::take(
        &app.state.store,
        &app.state.catalog.load(),
        day + chrono::Days::new(1),
    )
    .unwrap();
    assert!(drawn, "the next day is drawn once");
}

/// The three bands of a figure, by their text.
fn bands(figure: &Value) -> [&str; 3] {
    ["lowerQuartile", "median", "upperQuartile"].map(|k| figure[k]["text"].as_str().unwrap())
}

fn fewer_than_5() -> Value {
    json!({
        "firms": { "value": null, "text": "fewer than 5" },
        "lowerQuartile": null, "median": null, "upperQuartile": null,
        "text": "fewer than 5 firms shared"
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn five_verified_sharing_firms_show_bands_from_the_next_days_figures_and_never_a_price() {
    let mut app = TestApp::new();
    // The operator's firm (verified from the first account on) holds no contract.
    app.sign_up().await;
    // Never counted: a sharing firm that is not verified, a verified firm that does not share.
    let unverified = firm(&mut app, 90, "E6_20", 1, false, true).await;
    firm(&mut app, 91, "E6_20", 9_999, true, false).await;
    let (_, vendor) = a_vendor(&mut app).await;
    let nothing = what_firms_pay(&mut app, vendor).await;
    let today = chrono::Utc::now().date_naive().to_string();
    assert_eq!(nothing["asOf"], today.as_str());
    assert_eq!(nothing["withheld"], false);
    assert_eq!(nothing["overall"], fewer_than_5());
    let groups = nothing["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "one group of every size: {nothing}");
    assert_eq!(groups[0]["sizes"].as_array().unwrap().len(), 6);
    assert_eq!(groups[0]["figure"], fewer_than_5());

    // Five verified sharing firms join today: nothing changes until the next day's figures.
    let mut firms = Vec::new();
    for (n, dollars) in [(1, 60), (2, 150), (3, 300), (4, 700), (5, 3_000)] {
        firms.push(firm(&mut app, n, "E6_20", dollars, true, true).await);
        assert_eq!(what_firms_pay(&mut app, vendor).await, nothing, "{n} firms");
    }
    next_day(&app);
    let five = what_firms_pay(&mut app, vendor).await;
    assert_eq!(five["withheld"], false);
    assert_ne!(five["asOf"], today.as_str());
    assert_eq!(five["overall"]["firms"], json!({ "value": 5, "text": "5" }));
    assert_eq!(five["overall"]["text"], "5 firms shared");
    // The 2nd, 3rd and 4th of 5 firms, each as the band it falls in; the $60 and the $3,000
    // (lowest and highest) are in no figure.
    assert_eq!(
        bands(&five["overall"]),
        ["$100 – $200", "$200 – $500", "$500 – $1,000"],
        "{five}"
    );
    assert_eq!(
        five["overall"]["median"],
        json!({ "from": 200, "to": 500, "text": "$200 – $500" })
    );
    let groups = five["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "the sizes with none join the 6-20 firms");
    assert_eq!(groups[0]["figure"], five["overall"]);
    // Another firm (the unverified one) reads the same.
    app.cookie = unverified.cookie.clone();
    assert_eq!(what_firms_pay(&mut app, vendor).await, five);

    // The same day, one firm joins and shares, is verified, and another edits its contract:
    // every answer stays the one of the day's figures.
    app.cookie = None;
    let late = app
        .post(
            "/api/auth/sign-up",
            json!({
                "name": "Owner 6", "email": "owner6@firm6.test",
                "password": crate::helpers::PASSWORD, "lawFirm": "Firm 6 Law", "firmSize": "E6_20"
            }),
        )
        .await;
    assert_eq!(late.status, StatusCode::CREATED, "{}", late.text());
    let (category, _) = a_vendor(&mut app).await;
    let listed = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": category, "hasTool": true, "selectedVendorIds": [vendor] }] }),
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
    let contract = |dollars: u64, user: &Value| {
        json!({
            "startDate": (chrono::Utc::now().date_naive() - chrono::Days::new(100)).to_string(),
            "termMonths": 12, "noticeDays": 30, "annualCost": dollars * 100 * 10, "seats": 10,
            "responsibleUserId": user["id"]
        })
    };
    let late_user = late.json()["user"].clone();
    let saved = app
        .call(
            Method::PUT,
            &format!("/api/techstack/{vendor}/contract"),
            Some(contract(400, &late_user)),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(share(&mut app, json!(true)).await.status, StatusCode::OK);
    assert_eq!(
        what_firms_pay(&mut app, vendor).await,
        five,
        "after the join"
    );
    app.verify_firm_of(&late);
    assert_eq!(
        what_firms_pay(&mut app, vendor).await,
        five,
        "after the verification"
    );
    app.cookie = firms[1].cookie.clone();
    let me = app.get("/api/auth/me").await.json()["user"].clone();
    let edited = app
        .call(
            Method::PUT,
            &format!("/api/techstack/{vendor}/contract"),
            Some(contract(5_000, &me)),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    assert_eq!(
        what_firms_pay(&mut app, vendor).await,
        five,
        "after the edit"
    );

    // The next day counts all three: 60, 300, 400, 700, 3,000, 5,000.
    next_day(&app);
    let six = what_firms_pay(&mut app, vendor).await;
    assert_eq!(six["overall"]["firms"]["value"], 6, "{six}");
    assert_eq!(
        bands(&six["overall"]),
        ["$200 – $500", "$200 – $500", "$2,000 – $5,000"],
        "{six}"
    );

    // A counted firm withdraws: the vendor's figures are withheld at once, for everyone, with
    // no count; the next day's figures leave the firm out.
    app.cookie = firms[0].cookie.clone();
    assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    let withheld = what_firms_pay(&mut app, vendor).await;
    assert_eq!(withheld["withheld"], true, "{withheld}");
    assert_eq!(withheld["asOf"], six["asOf"]);
    let hidden = json!({
        "firms": { "value": null, "text": "not shown" },
        "lowerQuartile": null, "median": null, "upperQuartile": null,
        "text": "not shown until the next daily update"
    });
    assert_eq!(withheld["overall"], hidden);
    assert_eq!(withheld["bySize"][0]["figure"], hidden);
    app.cookie = unverified.cookie.clone();
    assert_eq!(what_firms_pay(&mut app, vendor).await, withheld);
    next_day(&app);
    let without = what_firms_pay(&mut app, vendor).await;
    assert_eq!(without["withheld"], false);
    assert_eq!(without["overall"]["firms"]["value"], 5, "{without}");
    assert_eq!(
        bands(&without["overall"]),
        ["$200 – $500", "$500 – $1,000", "$2,000 – $5,000"],
        "{without}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sizes_under_five_join_their_neighbours_and_a_withdrawal_back_under_five_reads_fewer_than_5()
 {
    let mut app = TestApp::new();
    let mut firms = Vec::new();
    for n in 1..=5 {
        firms.push(firm(&mut app, n, "E6_20", 100 * n as u64, true, true).await);
    }
    for (n, dollars) in [
        (11, 1_000),
        (12, 1_100),
        (13, 1_200),
        (14, 1_300),
        (15, 1_400),
    ] {
        firm(&mut app, n, "E51_200", dollars, true, true).await;
    }
    let (_, vendor) = a_vendor(&mut app).await;
    next_day(&app);
    let ten = what_firms_pay(&mut app, vendor).await;
    assert_eq!(ten["overall"]["firms"]["value"], 10, "{ten}");
    let groups = ten["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 2, "{ten}");
    assert_eq!(
        bands(&groups[0]["figure"]),
        ["$200 – $500", "$200 – $500", "$200 – $500"]
    );
    assert_eq!(
        groups[1]["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["code"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["E21_50", "E51_200", "E200P"]
    );
    assert_eq!(groups[1]["figure"]["median"]["text"], "$1,000 – $2,000");

    // The five 6-20 firms withdraw: withheld at once; the next day has five 51-200 firms.
    for f in &firms {
        app.cookie = f.cookie.clone();
        assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    }
    assert_eq!(what_firms_pay(&mut app, vendor).await["withheld"], true);
    next_day(&app);
    let five = what_firms_pay(&mut app, vendor).await;
    assert_eq!(five["bySize"].as_array().unwrap().len(), 1, "{five}");
    assert_eq!(five["overall"]["firms"]["value"], 5);
    // Shared again the same day: nothing changes until the next day counts them again.
    app.cookie = firms[0].cookie.clone();
    assert_eq!(share(&mut app, json!(true)).await.status, StatusCode::OK);
    assert_eq!(what_firms_pay(&mut app, vendor).await, five);
    next_day(&app);
    assert_eq!(
        what_firms_pay(&mut app, vendor).await["overall"]["firms"]["value"],
        6
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_withdrawal_under_five_firms_leaves_fewer_than_5_as_it_was() {
    let mut app = TestApp::new();
    let mut firms = Vec::new();
    for n in 1..=5 {
        firms.push(firm(&mut app, n, "E2_5", 100 * n as u64, true, true).await);
    }
    let (_, vendor) = a_vendor(&mut app).await;
    assert_eq!(
        what_firms_pay(&mut app, vendor).await["overall"]["median"]["text"],
        "$200 – $500"
    );
    app.cookie = firms[0].cookie.clone();
    assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    assert_eq!(what_firms_pay(&mut app, vendor).await["withheld"], true);
    next_day(&app);
    let pay = what_firms_pay(&mut app, vendor).await;
    assert_eq!(pay["withheld"], false);
    assert_eq!(pay["overall"], fewer_than_5(), "{pay}");
    assert_eq!(pay["bySize"][0]["figure"], fewer_than_5());
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_hub_every_node_reads_the_one_days_figures_drawn_once() {
    let (mut a, mut b) = crate::nodes::two_nodes().await;
    for n in 1..=5 {
        firm(&mut a, n, "E6_20", 100 * n as u64, true, true).await;
    }
    let (_, vendor) = a_vendor(&mut a).await;
    // The first read on node A draws the day; node B reads the same figures, and drawing the
    // same day again on either node stores nothing.
    let on_a = what_firms_pay(&mut a, vendor).await;
    assert_eq!(on_a["overall"]["firms"]["value"], 5, "{on_a}");
    b.cookie = a.cookie.clone();
    assert_eq!(what_firms_pay(&mut b, vendor).await, on_a);
    let head = litstack::vendor_profile::price_snapshot::head(&b.state.store)
        .unwrap()
        .unwrap();
    let day = chrono::NaiveDate::parse_from_str(&head.day, "%Y-%m-%d").unwrap();
    for node in [&a, &b] {
        let again = litstack::vendor_profile::price_snapshot::take(
            &node.state.store,
            &node.state.catalog.load(),
            day,
        )
        .unwrap();
        assert!(!again, "the day is drawn once");
    }
    // A sixth firm; node B draws the next day, node A reads it; A's own draw of it is refused.
    let sixth = firm(&mut a, 6, "E6_20", 9_000, true, true).await;
    assert_eq!(what_firms_pay(&mut a, vendor).await, on_a);
    next_day(&b);
    let next = what_firms_pay(&mut a, vendor).await;
    assert_eq!(next["overall"]["firms"]["value"], 6, "{next}");
    assert!(
        !litstack::vendor_profile::price_snapshot::take(
            &a.state.store,
            &a.state.catalog.load(),
            day + chrono::Days::new(1),
        )
        .unwrap()
    );
    // The sixth firm withdraws on node B: node A withholds the figures at once.
    b.cookie = sixth.cookie.clone();
    assert_eq!(share(&mut b, json!(false)).await.status, StatusCode::OK);
    assert_eq!(what_firms_pay(&mut a, vendor).await["withheld"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_merged_firm_shares_only_when_both_firms_had_shared() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.clone();
    let mut firms = Vec::new();
    for (n, shares) in [(1, true), (2, true), (3, true), (4, false)] {
        let f = firm(&mut app, n, "E6_20", 100, true, shares).await;
        let id = app.get("/api/auth/me").await.json()["user"]["firm"]["id"]
            .as_u64()
            .unwrap();
        firms.push((f.cookie, id));
    }
    let merge = |into: u64, from: u64| json!({ "into": into, "from": from });
    // Both shared: the kept firm still shares, with its own who and when.
    app.cookie = firms[0].0.clone();
    let before = consent(&mut app).await;
    app.cookie = operator.clone();
    let res = app
        .post("/api/admin/firms/merge", merge(firms[0].1, firms[1].1))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie = firms[0].0.clone();
    assert_eq!(consent(&mut app).await, before);
    // The other never agreed: the merged firm does not share.
    app.cookie = operator;
    let res = app
        .post("/api/admin/firms/merge", merge(firms[2].1, firms[3].1))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    app.cookie = firms[2].0.clone();
    let merged = consent(&mut app).await;
    assert_eq!(merged, json!({ "share": false, "since": null, "by": null }));
}
