//! What firms pay (issue 32): `GET|PUT /api/firm/price-sharing` records a firm's consent (who,
//! when; audit-logged; owners and admins only), and the vendor profile's `whatFirmsPay` shows the
//! median and range of annual cost per seat only from 5 verified sharing firms up. Below that, 0
//! included, the answer is the same whatever the number; a withdrawal takes the firm's figure out
//! of the next answer; unverified firms and firms that do not share are never counted.

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
    res.json()["whatFirmsPay"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn five_verified_sharing_firms_show_the_median_and_range_and_a_withdrawal_hides_it_again() {
    let mut app = TestApp::new();
    // The operator's firm (verified from the first account on) holds no contract.
    app.sign_up().await;
    // Never counted: a sharing firm that is not verified, a verified firm that does not share.
    let unverified = firm(&mut app, 90, "E6_20", 1, false, true).await;
    firm(&mut app, 91, "E6_20", 9_999, true, false).await;
    let (_, vendor) = a_vendor(&mut app).await;
    let nothing = what_firms_pay(&mut app, vendor).await;
    assert_eq!(
        nothing["overall"],
        json!({
            "firms": { "value": null, "text": "fewer than 5" },
            "median": null, "min": null, "max": null,
            "text": "fewer than 5 firms shared"
        })
    );
    let groups = nothing["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "one group of every size: {nothing}");
    assert_eq!(groups[0]["sizes"].as_array().unwrap().len(), 6);
    assert_eq!(groups[0]["figure"], nothing["overall"]);

    // 1 to 4 verified sharing firms answer exactly as none did.
    let mut firms = Vec::new();
    for (n, dollars) in [(1, 100), (2, 200), (3, 400), (4, 500)] {
        firms.push(firm(&mut app, n, "E6_20", dollars, true, true).await);
        assert_eq!(what_firms_pay(&mut app, vendor).await, nothing, "{n} firms");
    }

    // The fifth: the median and the range, in whole dollars per seat a year.
    firms.push(firm(&mut app, 5, "E6_20", 300, true, true).await);
    let five = what_firms_pay(&mut app, vendor).await;
    let shown = json!({
        "firms": { "value": 5, "text": "5" },
        "median": 300, "min": 100, "max": 500,
        "text": "5 firms shared"
    });
    assert_eq!(five["overall"], shown, "{five}");
    let groups = five["bySize"].as_array().unwrap();
    assert_eq!(
        groups.len(),
        1,
        "the sizes with none join the 6-20 firms: {five}"
    );
    assert_eq!(groups[0]["figure"], shown);
    // The unverified firm's $1 and the non-sharing firm's $9,999 are in no figure; another firm
    // (the unverified one) reads the same figures.
    app.cookie = unverified.cookie.clone();
    assert_eq!(what_firms_pay(&mut app, vendor).await, five);

    // Five firms of 6-20 and five of 51-200: a group each, and the overall line across both.
    for (n, dollars) in [
        (11, 1_000),
        (12, 1_100),
        (13, 1_200),
        (14, 1_300),
        (15, 1_400),
    ] {
        firm(&mut app, n, "E51_200", dollars, true, true).await;
    }
    let ten = what_firms_pay(&mut app, vendor).await;
    assert_eq!(
        (
            &ten["overall"]["median"],
            &ten["overall"]["min"],
            &ten["overall"]["max"],
            &ten["overall"]["firms"]["value"]
        ),
        (&json!(750), &json!(100), &json!(1_400), &json!(10)),
        "{ten}"
    );
    let groups = ten["bySize"].as_array().unwrap();
    assert_eq!(groups.len(), 2, "{ten}");
    assert_eq!(groups[0]["figure"], shown);
    assert_eq!(
        groups[1]["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["code"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["E21_50", "E51_200", "E200P"]
    );
    assert_eq!(groups[1]["figure"]["median"], 1_200);

    // One 6-20 firm withdraws: its size is under 5 now, so it joins the 51-200 group (9 firms),
    // and its own figure is gone from every line at once.
    app.cookie = firms[4].cookie.clone();
    assert_eq!(share(&mut app, json!(false)).await.status, StatusCode::OK);
    let after = what_firms_pay(&mut app, vendor).await;
    assert_eq!(after["overall"]["firms"]["value"], 9, "{after}");
    assert_eq!(after["bySize"].as_array().unwrap().len(), 1, "{after}");
    assert_eq!(after["overall"]["median"], 1_000);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_withdrawal_takes_the_figure_back_to_fewer_than_5() {
    let mut app = TestApp::new();
    let mut firms = Vec::new();
    for n in 1..=5 {
        firms.push(firm(&mut app, n, "E2_5", 100 * n as u64, true, true).await);
    }
    let (_, vendor) = a_vendor(&mut app).await;
    assert_eq!(
        what_firms_pay(&mut app, vendor).await["overall"]["median"],
        300
    );
    app.cookie = firms[0].cookie.clone();
    let res = share(&mut app, json!(false)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let pay = what_firms_pay(&mut app, vendor).await;
    assert_eq!(pay["overall"]["text"], "fewer than 5 firms shared", "{pay}");
    assert_eq!(pay["overall"]["median"], Value::Null);
    assert_eq!(pay["bySize"][0]["figure"]["min"], Value::Null);
    // Shared again: counted again.
    assert_eq!(share(&mut app, json!(true)).await.status, StatusCode::OK);
    assert_eq!(
        what_firms_pay(&mut app, vendor).await["overall"]["min"],
        100
    );
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
