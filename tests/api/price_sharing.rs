//! What firms pay (issues 32 and 44): `GET|PUT /api/firm/price-sharing` records a firm's consent
//! (who, when; audit-logged; owners and admins only), and the vendor profile's `whatFirmsPay`
//! shows the bands of the lower quartile, the median and the upper quartile of annual cost per
//! seat, never a price, a lowest or a highest, only from 5 verified sharing firms up, each band
//! only with 7 firms in lower bands and 7 in higher ones (issue 76), from one snapshot a month
//! that every hub node and every viewer reads. Below 5, 0 included, the answer is the same
//! whatever the number; a join, a verification or an edit changes nothing until the next month; a
//! withdrawal withholds the figures it counted in at once, until the next month leaves the firm
//! out; unverified firms and firms that do not share are never counted.

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
            [
                "bandsText",
                "firms",
                "lowerQuartile",
                "median",
                "text",
                "upperQuartile"
            ],
            "{pay}"
        );
    }
    pay
}

/// The first day of the month of the snapshot in force (this month's when there is none).
fn snapshot_month(app: &TestApp) -> chrono::NaiveDate {
    use litstack::vendor_profile::price_snapshot;
    match price_snapshot::head(&app.state.store).unwrap() {
        Some(head) => {
            chrono::NaiveDate::parse_from_str(&format!("{}-01", head.month), "%Y-%m-%d").unwrap()
        }
        None => litstack::platform::clock::today(),
    }
}

/// Draws the next month's figures, as the first node to pass the month's end does (the
/// in-process test server runs no background pass and its clock cannot move).
fn next_month(app: &TestApp) {
    let next = snapshot_month(app)
        .checked_add_months(chrono::Months::new(1))
        .unwrap();
    let drawn = litstack::vendor_profile::price_snapshot::take(
        &app.state.store,
        &app.state.catalog.load(),
        next,
    )
    .unwrap();
    assert!(drawn, "the next month is drawn once");
}

/// "YYYY-MM" of this month.
fn this_month() -> String {
    chrono::Utc::now().date_naive().format("%Y-%m").to_string()
}

const BEYOND_RULE: &str =
    "a band is shown only where at least 7 of these firms pay in lower bands and 7 in higher ones";

/// The three bands of a figure.
fn bands(figure: &Value) -> [&Value; 3] {
    ["lowerQuartile", "median", "upperQuartile"].map(|k| &figure[k])
}

fn fewer_than_5() -> Value {
    json!({
        "firms": { "value": null, "text": "fewer than 5" },
        "lowerQuartile": null, "median": null, "upperQuartile": null,
        "text": "fewer than 5 firms shared", "bandsText": null
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn a_band_shows_from_the_next_months_figures_only_with_7_firms_below_and_above_it() {
    let mut app = TestApp::new();
    // The operator's firm (verified from the first account on) holds no contract.
    app.sign_up().await;
    // Never counted: a sharing firm that is not verified, a verified firm that does not share.
    let unverified = firm(&mut app, 90, "E6_20", 1, false, true).await;
    firm(&mut app, 91, "E6_20", 9_999, true, false).await;
    let (_, vendor) = a_vendor(&mut app).await;
    let nothing = what_firms_pay(&mut app, vendor).await;
    let today = this_month();
    assert_eq!(nothing["asOf"], today.as_str());
    assert_eq!(nothing["withheld"], false);
    assert_eq!(nothing["overall"], fewer_than_5());
    let groups = nothing["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "one group of every size: {nothing}");
    assert_eq!(groups[0]["sizes"].as_array().unwrap().len(), 6);
    assert_eq!(groups[0]["figure"], fewer_than_5());

    // Five verified sharing firms join this month: nothing changes until the next month's
    // figures, which count them but show no band: 5 firms cannot have 7 below and 7 above.
    let mut firms = Vec::new();
    for (n, dollars) in [(1, 60), (2, 150), (3, 300), (4, 700), (5, 3_000)] {
        firms.push(firm(&mut app, n, "E6_20", dollars, true, true).await);
        assert_eq!(what_firms_pay(&mut app, vendor).await, nothing, "{n} firms");
    }
    next_month(&app);
    let five = what_firms_pay(&mut app, vendor).await;
    assert_eq!(five["withheld"], false);
    assert_ne!(five["asOf"], today.as_str());
    assert_eq!(five["overall"]["firms"], json!({ "value": 5, "text": "5" }));
    assert_eq!(five["overall"]["text"], "5 firms shared");
    for key in ["lowerQuartile", "median", "upperQuartile"] {
        assert_eq!(five["overall"][key], Value::Null, "{five}");
    }
    assert_eq!(five["overall"]["bandsText"], BEYOND_RULE);

    // Ten more: five at $15 and five at $9,000. The median's firm ($300) has 7 firms in lower
    // bands and 7 in higher ones; each quartile lies in a band at an end: not shown.
    for n in 6..=10 {
        firms.push(firm(&mut app, n, "E6_20", 15, true, true).await);
    }
    for n in 11..=15 {
        firms.push(firm(&mut app, n, "E6_20", 9_000, true, true).await);
    }
    assert_eq!(what_firms_pay(&mut app, vendor).await, five, "this month");
    next_month(&app);
    let fifteen = what_firms_pay(&mut app, vendor).await;
    assert_eq!(fifteen["overall"]["firms"]["value"], 15, "{fifteen}");
    assert_eq!(
        fifteen["overall"]["median"],
        json!({ "from": 200, "to": 500, "text": "$200 – $500" })
    );
    assert_eq!(fifteen["overall"]["lowerQuartile"], Value::Null);
    assert_eq!(fifteen["overall"]["upperQuartile"], Value::Null);
    assert_eq!(fifteen["overall"]["bandsText"], BEYOND_RULE);
    let groups = fifteen["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "the sizes with none join the 6-20 firms");
    assert_eq!(groups[0]["figure"], fifteen["overall"]);
    // Another firm (the unverified one) reads the same: no figure depends on who asks.
    app.cookie = unverified.cookie.clone();
    assert_eq!(what_firms_pay(&mut app, vendor).await, fifteen);
    let five = fifteen;

    // The same month, one firm joins and shares, is verified, and another edits its contract:
    // every answer stays the one of the month's figures.
    app.cookie = None;
    let late = app
        .post(
            "/api/auth/sign-up",
            json!({
                "name": "Owner 16", "email": "owner16@firm16.test",
                "password": crate::helpers::PASSWORD, "lawFirm": "Firm 16 Law", "firmSize": "E6_20"
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
            Some(contract(7_000, &late_user)),
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

    // The next month counts all three: $15 ×5, $60, $300, $700, $3,000, $5,000, $7,000,
    // $9,000 ×5. The median is now the $700 ($500 – $1,000: 7 in lower bands, 8 in higher).
    next_month(&app);
    let six = what_firms_pay(&mut app, vendor).await;
    assert_eq!(six["overall"]["firms"]["value"], 16, "{six}");
    assert_eq!(six["overall"]["median"]["text"], "$500 – $1,000", "{six}");

    // A counted firm withdraws: the vendor's figures are withheld at once, for everyone, with
    // no count; the next month's figures leave the firm out.
    app.cookie = firms[0].cookie.clone();
    assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    let withheld = what_firms_pay(&mut app, vendor).await;
    assert_eq!(withheld["withheld"], true, "{withheld}");
    assert_eq!(withheld["asOf"], six["asOf"]);
    let hidden = json!({
        "firms": { "value": null, "text": "not shown" },
        "lowerQuartile": null, "median": null, "upperQuartile": null,
        "text": "not shown until the next monthly update", "bandsText": null
    });
    assert_eq!(withheld["overall"], hidden);
    assert_eq!(withheld["bySize"][0]["figure"], hidden);
    app.cookie = unverified.cookie.clone();
    assert_eq!(what_firms_pay(&mut app, vendor).await, withheld);
    next_month(&app);
    let without = what_firms_pay(&mut app, vendor).await;
    assert_eq!(without["withheld"], false);
    assert_eq!(without["overall"]["firms"]["value"], 15, "{without}");
    // $15 ×5, $300, $700, $3,000, then 7 in $5,000 – $10,000: the median is the $3,000.
    assert_eq!(without["overall"]["median"]["text"], "$2,000 – $5,000");
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
    next_month(&app);
    let ten = what_firms_pay(&mut app, vendor).await;
    assert_eq!(ten["overall"]["firms"]["value"], 10, "{ten}");
    let groups = ten["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 2, "{ten}");
    // Each group, and the ten together, count but show no band: none has 7 firms on each side.
    for figure in [&groups[0]["figure"], &groups[1]["figure"], &ten["overall"]] {
        assert_eq!(
            figure["firms"]["value"].as_u64().unwrap() % 5,
            0,
            "{figure}"
        );
        assert_eq!(bands(figure), [&Value::Null; 3], "{figure}");
        assert_eq!(figure["bandsText"], BEYOND_RULE);
    }
    assert_eq!(
        groups[1]["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["code"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["E21_50", "E51_200", "E200P"]
    );

    // The five 6-20 firms withdraw: withheld at once; the next month has five 51-200 firms.
    for f in &firms {
        app.cookie = f.cookie.clone();
        assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    }
    assert_eq!(what_firms_pay(&mut app, vendor).await["withheld"], true);
    next_month(&app);
    let five = what_firms_pay(&mut app, vendor).await;
    assert_eq!(five["bySize"].as_array().unwrap().len(), 1, "{five}");
    assert_eq!(five["overall"]["firms"]["value"], 5);
    // Shared again the same month: nothing changes until the next month counts them again.
    app.cookie = firms[0].cookie.clone();
    assert_eq!(share(&mut app, json!(true)).await.status, StatusCode::OK);
    assert_eq!(what_firms_pay(&mut app, vendor).await, five);
    next_month(&app);
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
        what_firms_pay(&mut app, vendor).await["overall"]["firms"]["value"],
        5
    );
    app.cookie = firms[0].cookie.clone();
    assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    assert_eq!(what_firms_pay(&mut app, vendor).await["withheld"], true);
    next_month(&app);
    let pay = what_firms_pay(&mut app, vendor).await;
    assert_eq!(pay["withheld"], false);
    assert_eq!(pay["overall"], fewer_than_5(), "{pay}");
    assert_eq!(pay["bySize"][0]["figure"], fewer_than_5());
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_hub_every_node_reads_the_one_months_figures_drawn_once() {
    let (mut a, mut b) = crate::once::nodes::two_nodes().await;
    for n in 1..=5 {
        firm(&mut a, n, "E6_20", 100 * n as u64, true, true).await;
    }
    let (_, vendor) = a_vendor(&mut a).await;
    // The first read on node A draws the month; node B reads the same figures, and drawing the
    // same month again on either node (from any of its days) stores nothing.
    let on_a = what_firms_pay(&mut a, vendor).await;
    assert_eq!(on_a["overall"]["firms"]["value"], 5, "{on_a}");
    b.cookie = a.cookie.clone();
    assert_eq!(what_firms_pay(&mut b, vendor).await, on_a);
    let head = litstack::vendor_profile::price_snapshot::head(&b.state.store)
        .unwrap()
        .unwrap();
    assert_eq!(head.month, this_month());
    let month = snapshot_month(&b);
    for (node, day) in [(&a, month), (&b, month + chrono::Days::new(27))] {
        let again = litstack::vendor_profile::price_snapshot::take(
            &node.state.store,
            &node.state.catalog.load(),
            day,
        )
        .unwrap();
        assert!(!again, "the month is drawn once");
    }
    // A sixth firm; node B draws the next month, node A reads it; A's own draw of it is refused.
    let sixth = firm(&mut a, 6, "E6_20", 9_000, true, true).await;
    assert_eq!(what_firms_pay(&mut a, vendor).await, on_a);
    next_month(&b);
    let next = what_firms_pay(&mut a, vendor).await;
    assert_eq!(next["overall"]["firms"]["value"], 6, "{next}");
    assert!(
        !litstack::vendor_profile::price_snapshot::take(
            &a.state.store,
            &a.state.catalog.load(),
            month.checked_add_months(chrono::Months::new(1)).unwrap(),
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
