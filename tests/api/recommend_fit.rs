//! Picks a firm can trust before any booking is imported: Pick For Me ranks by everything the
//! firm told us and says so card by card; the questionnaire keeps needs apart from context.

use std::collections::{HashMap, HashSet};

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp};

const PRACTICE_MANAGEMENT: u64 = 10;
const DOCUMENT_MANAGEMENT: u64 = 11;
const CLIO_MANAGE: u64 = 94;
const FILEVINE: u64 = 93;
const NETDOCUMENTS: u64 = 104;
const INTAKE: u64 = 2;

/// Signs up a firm of `size` with its onboarding answers and tech stack (category, vendor ids).
async fn firm(
    app: &mut TestApp,
    email: &str,
    size: &str,
    onboarding: Value,
    stack: &[(u64, &[u64])],
) {
    app.cookie = None;
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "name": "Ann Doe", "email": email, "password": PASSWORD,
                    "lawFirm": email, "firmSize": size }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = app.post("/api/profile/onboarding", onboarding).await;
    assert!(res.status.is_success(), "{}", res.text());
    let items: Vec<Value> = stack
        .iter()
        .map(|(category, vendors)| {
            json!({ "categoryId": category, "hasTool": true, "selectedVendorIds": vendors })
        })
        .collect();
    let res = app
        .post("/api/profile/category-adoption", json!({ "items": items }))
        .await;
    assert!(res.status.is_success(), "{}", res.text());
}

async fn pick_for_me(app: &mut TestApp) -> Value {
    let res = app
        .call(Method::POST, "/api/recommendations/pick-for-me", None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn picks_by_category(body: &Value) -> HashMap<u64, Vec<u64>> {
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let ids = i["picks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["vendorId"].as_u64().unwrap())
                .collect();
            (i["categoryId"].as_u64().unwrap(), ids)
        })
        .collect()
}

/// No card repeats another card's reason in its category unless both say they tie and the
/// category's tie note says how many fit equally.
fn assert_reasons_are_specific_or_tied(body: &Value) {
    for item in body["items"].as_array().unwrap() {
        let picks = item["picks"].as_array().unwrap();
        for (i, a) in picks.iter().enumerate() {
            assert!(!a["reason"].as_str().unwrap().is_empty(), "{item}");
            for b in &picks[i + 1..] {
                if a["reason"] == b["reason"] {
                    assert!(
                        item["tieNote"].is_string() && a["tie"].is_string() && b["tie"].is_string(),
                        "two cards give the same reason without saying they tie: {item}"
                    );
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn firms_that_differ_get_different_picks_each_with_its_own_reason() {
    let mut app = TestApp::new();
    // A solo firm with a small budget and Clio Manage.
    firm(
        &mut app,
        "solo@small-injury.com",
        "SOLO",
        json!({ "attorneysCountBand": "SOLO", "employeesCountBand": "E2_10",
                "injuryCasesPerMonthBand": "C1_10", "annualSoftwareSpendBand": "S0_5K" }),
        &[(PRACTICE_MANAGEMENT, &[CLIO_MANAGE])],
    )
    .await;
    let solo = pick_for_me(&mut app).await;
    // A firm of 200+ that spends over $1M a year and runs Filevine and NetDocuments.
    firm(
        &mut app,
        "ops@big-injury.com",
        "E200P",
        json!({ "attorneysCountBand": "A51P", "employeesCountBand": "E200P",
                "injuryCasesPerMonthBand": "C101P", "annualSoftwareSpendBand": "S1M_P" }),
        &[
            (PRACTICE_MANAGEMENT, &[FILEVINE]),
            (DOCUMENT_MANAGEMENT, &[NETDOCUMENTS]),
        ],
    )
    .await;
    let big = pick_for_me(&mut app).await;

    let (solo_picks, big_picks) = (picks_by_category(&solo), picks_by_category(&big));
    assert_eq!(solo_picks.len(), 14);
    let agree: Vec<u64> = solo_picks
        .iter()
        .filter(|(category, ids)| {
            let a: HashSet<&u64> = ids.iter().collect();
            let b: HashSet<&u64> = big_picks[*category].iter().collect();
            a == b
        })
        .map(|(category, _)| *category)
        .collect();
    assert!(
        agree.len() <= 7,
        "the two firms' picks agree in {} of 14 categories: {agree:?}",
        agree.len()
    );
    for body in [&solo, &big] {
        assert_reasons_are_specific_or_tied(body);
        assert_eq!(body["rankedWithoutBookings"], true);
        // Not one sentence for every card, as when only the size counted.
        let reasons: HashSet<&str> = body["items"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|i| i["picks"].as_array().unwrap())
            .map(|p| p["reason"].as_str().unwrap())
            .collect();
        assert!(reasons.len() > 14, "{reasons:?}");
    }

    // What each firm told us shows on its cards.
    let reasons_of = |body: &Value, category: u64| -> Vec<String> {
        body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["categoryId"] == category)
            .unwrap()["picks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["reason"].as_str().unwrap().to_string())
            .collect()
    };
    let solo_text = solo.to_string();
    assert!(
        solo_text.contains("Integrates with Clio Manage, which your firm uses"),
        "{solo_text}"
    );
    assert!(solo_text.contains("your software spend of $0-$5,000 a year"));
    let big_text = big.to_string();
    assert!(big_text.contains("Integrates with Filevine"), "{big_text}");
    assert!(big_text.contains("your software spend of $1,000,000+ a year"));
    // The firm's own tools are never its picks.
    assert!(!picks_by_category(&solo)[&PRACTICE_MANAGEMENT].contains(&CLIO_MANAGE));
    assert!(
        reasons_of(&big, DOCUMENT_MANAGEMENT)
            .iter()
            .all(|r| !r.contains("NetDocuments,")),
        "NetDocuments is the firm's, not a pick"
    );

    // The history keeps every fact the firm's fit rests on.
    let past = app
        .get("/api/past-recommendations?pageSize=100")
        .await
        .json();
    for item in past["items"].as_array().unwrap() {
        assert!(!item["reasons"]["strengths"].as_array().unwrap().is_empty());
        assert_eq!(item["reasons"]["needsMet"], json!([]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn vendors_nothing_tells_apart_are_one_group_by_name_with_what_is_not_known() {
    let mut app = TestApp::new();
    // A firm that told us only its size: many vendors fit it equally.
    app.sign_up().await;
    let body = pick_for_me(&mut app).await;
    assert_reasons_are_specific_or_tied(&body);
    let mut tied_categories = 0;
    for item in body["items"].as_array().unwrap() {
        let picks = item["picks"].as_array().unwrap();
        let Some(tie_note) = item["tieNote"].as_str() else {
            continue;
        };
        tied_categories += 1;
        assert!(
            tie_note.starts_with("These ")
                && tie_note.ends_with(
                    " fit your firm equally on what we know, so they are shown as one group, by \
                     name; the questionnaire tells them apart."
                ),
            "{tie_note}"
        );
        assert!(
            !item["note"].as_str().unwrap_or("").contains("ranked"),
            "nothing ranked them: {item}"
        );
        // Tied cards follow the names, never the catalog's order; the group is every tied
        // vendor, by name, with what the catalog does not know of them.
        let tied: Vec<String> = picks
            .iter()
            .filter(|p| p["tie"].is_string())
            .map(|p| p["name"].as_str().unwrap().to_lowercase())
            .collect();
        assert!(tied.windows(2).all(|w| w[0] <= w[1]), "{item}");
        for p in picks.iter().filter(|p| p["tie"].is_string()) {
            assert!(
                p["tie"].as_str().unwrap().ends_with("listed by name"),
                "{p}"
            );
        }
        let group = item["tieGroup"]["vendors"].as_array().expect("the group");
        let count: usize = tie_note
            .strip_prefix("These ")
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert_eq!(group.len(), count, "{item}");
        let names: Vec<String> = group
            .iter()
            .map(|v| v["name"].as_str().unwrap().to_lowercase())
            .collect();
        assert!(names.windows(2).all(|w| w[0] <= w[1]), "{item}");
        for p in picks.iter().filter(|p| p["tie"].is_string()) {
            assert!(
                group.iter().any(|v| v["vendorId"] == p["vendorId"]),
                "{item}"
            );
        }
        for n in item["tieGroup"]["notKnown"].as_array().unwrap() {
            let by = n["vendors"].as_u64().unwrap() as usize;
            assert!(by >= 1 && by <= count, "{item}");
        }
    }
    assert!(tied_categories > 0, "a firm that told us little sees ties");
    // The page's note never claims a ranking either.
    assert!(
        !body["fallbackNote"].as_str().unwrap().contains("ranked"),
        "{}",
        body["fallbackNote"]
    );
    // Saved and read back, the cards and notes are the same.
    let persisted = app.get("/api/recommendations/persisted").await.json();
    assert_eq!(persisted["items"], body["items"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_too_expensive_dismissal_moves_pricier_vendors_down_in_pick_for_me() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let catalog = app.state.catalog.load();
    let bracket = |id: u64| catalog.vendor(id).unwrap().price_bracket.unwrap();
    let before = picks_by_category(&pick_for_me(&mut app).await);
    // Dismiss the priciest pick of the first category whose picks differ in price.
    let (category, dismissed) = before
        .iter()
        .filter(|(_, ids)| ids.len() == 3)
        .find_map(|(c, ids)| {
            let top = *ids.iter().max_by_key(|id| bracket(**id))?;
            (ids.iter().any(|id| bracket(*id) < bracket(top))).then_some((*c, top))
        })
        .expect("some category's picks differ in price");
    let res = app
        .post(
            "/api/recommendations/dismissed",
            json!({ "vendorId": dismissed, "reason": "too_expensive" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let after = picks_by_category(&pick_for_me(&mut app).await);
    let ceiling = bracket(dismissed);
    let cheaper_left = catalog.vendors.iter().any(|v| {
        v.category_id == category && v.is_active && v.price_bracket.is_some_and(|b| b < ceiling)
    });
    assert!(cheaper_left);
    assert!(!after[&category].contains(&dismissed));
    assert!(
        bracket(after[&category][0]) < ceiling,
        "a vendor under the dismissed bracket comes first: {:?}",
        after[&category]
    );
}

/// Intake: "Nobody; calls go to voicemail" says how the firm works today (context); "Often; we
/// need bilingual intake" and "Phone calls" are needs. Each answer stays one item.
#[tokio::test(flavor = "multi_thread")]
async fn needs_are_listed_one_answer_each_and_context_is_never_quoted_as_a_need() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": INTAKE, "answers": [
                { "questionId": 201, "selectedValues": ["Phone calls"] },
                { "questionId": 202, "selectedValues": ["Nobody; calls go to voicemail"] },
                { "questionId": 203, "selectedValues": ["Often; we need bilingual intake"] },
            ] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let response_id = res.json()["responseId"].as_u64().unwrap();
    let res = app
        .post(
            "/api/recommendations/compute",
            json!({ "responseId": response_id, "categoryId": INTAKE }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let result = res.json();
    let top = &result["vendors"][0];
    assert_eq!(
        top["needsMet"],
        json!(["Phone calls", "Often; we need bilingual intake"]),
        "{top}"
    );
    assert_eq!(top["reasons"][0], "Meets both of your needs");
    assert!(
        !result.to_string().contains("Nobody"),
        "an answer about the firm is never quoted: {result}"
    );
    assert!(
        top["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["factor"] == "context" && f["points"].as_f64().unwrap() > 0.0),
        "it weighs: {top}"
    );
    let vendor_id = top["vendor"]["id"].as_u64().unwrap();

    // The history, the shortlist entry, the brief and its CSV show the same list.
    let past = app
        .get(&format!("/api/past-recommendations?categoryIds={INTAKE}"))
        .await
        .json();
    let rec = past["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["vendor"]["id"] == vendor_id)
        .unwrap();
    assert_eq!(rec["reasons"]["strengths"][0], "Meets both of your needs");
    assert_eq!(rec["reasons"]["needsMet"], top["needsMet"]);
    let res = app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{vendor_id}"),
            Some(json!({})),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let brief = app.get("/api/shortlist/brief").await.json();
    let entry = brief["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["vendors"].as_array().unwrap())
        .find(|v| v["vendorId"] == vendor_id)
        .unwrap();
    assert_eq!(entry["recommendation"]["needsMet"], top["needsMet"]);
    assert_eq!(
        entry["recommendation"]["reasons"][0],
        "Meets both of your needs"
    );

    let csv = app.get("/api/shortlist/brief.csv").await;
    let mut reader = csv::Reader::from_reader(csv.body.as_slice());
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = reader.records().next().unwrap().unwrap();
    assert_eq!(
        &row[col("Needs met")],
        "Phone calls | Often; we need bilingual intake"
    );
    assert!(row[col("Why recommended")].starts_with("Meets both of your needs"));
    assert!(!row[col("Why recommended")].contains("Nobody"));
    assert!(!row[col("Needs met")].contains("Nobody"));
    // The firm's criteria keep each answer whole too: one question a line, answers by " | ".
    assert!(
        row[col("Your criteria")]
            .contains("Who answers after-hours calls today?: Nobody; calls go to voicemail\n"),
        "{}",
        &row[col("Your criteria")]
    );
}

/// The tie a category states: the banner's count and each tied card's count of others.
fn tie_counts(item: &Value) -> (Option<usize>, Vec<usize>) {
    let banner = item["tieNote"].as_str().map(|note| {
        note.strip_prefix("These ")
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{note}"))
    });
    let cards = item["picks"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["tie"].as_str())
        .map(|tie| {
            tie.strip_prefix("Fits your firm as well as ")
                .and_then(|t| t.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{tie}"))
        })
        .collect();
    (banner, cards)
}

fn assert_tie_agrees(item: &Value) {
    let (banner, cards) = tie_counts(item);
    match banner {
        None => assert!(cards.is_empty(), "cards tie without a banner: {item}"),
        Some(n) => {
            assert!(!cards.is_empty(), "a banner without a tied card: {item}");
            assert!(
                cards.iter().all(|&others| others + 1 == n),
                "the banner says {n}, the cards {cards:?}: {item}"
            );
        }
    }
}

/// "These 6 fit your firm equally well" above cards saying 5, 4 and 3 others (issue 77): one
/// count of the tie group feeds the banner and every card, and it follows dismissals and undos.
#[tokio::test(flavor = "multi_thread")]
async fn the_tie_banner_and_every_tied_card_count_the_same_group_after_dismissals() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let body = pick_for_me(&mut app).await;
    for item in body["items"].as_array().unwrap() {
        assert_tie_agrees(item);
    }
    // A category whose three cards all tie in a group larger than three.
    let item = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| {
            let (banner, cards) = tie_counts(i);
            cards.len() == 3 && banner.is_some_and(|n| n >= 5)
        })
        .expect("a firm that told us only its size sees a large tie")
        .clone();
    let category = item["categoryId"].as_u64().unwrap();
    let before = tie_counts(&item).0.unwrap();
    let category_item = |body: &Value| {
        body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["categoryId"] == category)
            .unwrap()
            .clone()
    };

    let mut dismissed = Vec::new();
    for round in 1..=2 {
        let shown = category_item(&app.get("/api/recommendations/persisted").await.json());
        let vendor = shown["picks"][0]["vendorId"].as_u64().unwrap();
        let res = app
            .post(
                "/api/recommendations/dismissed",
                json!({ "vendorId": vendor, "reason": "already_evaluated" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        dismissed.push(vendor);
        let after = category_item(&app.get("/api/recommendations/persisted").await.json());
        assert_tie_agrees(&after);
        assert_eq!(
            tie_counts(&after).0,
            Some(before - round),
            "the dismissed vendor leaves the group: {after}"
        );
        assert_eq!(after["picks"].as_array().unwrap().len(), 3, "{after}");
        assert!(tie_counts(&after).1.len() == 3, "{after}");
    }

    // Undo puts the vendor back in the group, and the counts with it.
    let res = app
        .call(
            Method::DELETE,
            &format!("/api/recommendations/dismissed/{}", dismissed[1]),
            None,
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let after = category_item(&app.get("/api/recommendations/persisted").await.json());
    assert_tie_agrees(&after);
    assert_eq!(tie_counts(&after).0, Some(before - 1), "{after}");
}

/// A firm of 6-20 employees with 26-50 new injury cases a month: no reason gives it a second
/// size from its caseload (issue 77: "…21-50 employees, the size we expect for your 26-50 new
/// injury cases a month" beside "…6-20 employees like yours").
#[tokio::test(flavor = "multi_thread")]
async fn the_firms_size_is_the_only_size_a_reason_gives_it() {
    let mut app = TestApp::new();
    firm(
        &mut app,
        "ops@mid-injury.com",
        "E6_20",
        json!({ "attorneysCountBand": "A2_5", "employeesCountBand": "E11_50",
                "injuryCasesPerMonthBand": "C26_50", "annualSoftwareSpendBand": "S10_40K" }),
        &[(PRACTICE_MANAGEMENT, &[CLIO_MANAGE])],
    )
    .await;
    let body = pick_for_me(&mut app).await;
    let past = app
        .get("/api/past-recommendations?pageSize=100")
        .await
        .json();
    let mut reasons: Vec<String> = Vec::new();
    for item in body["items"].as_array().unwrap() {
        for p in item["picks"].as_array().unwrap() {
            reasons.push(p["reason"].as_str().unwrap().to_string());
        }
    }
    for item in past["items"].as_array().unwrap() {
        for s in item["reasons"]["strengths"].as_array().unwrap() {
            reasons.push(s.as_str().unwrap().to_string());
        }
    }
    assert!(reasons.len() > 10, "{reasons:?}");
    for reason in &reasons {
        assert!(
            !reason.contains("size we expect") && !reason.contains("cases a month"),
            "{reason}"
        );
        if reason.contains("like yours") {
            assert_eq!(reason, "Serves firms of 6-20 employees like yours");
        }
    }
    assert!(
        reasons
            .iter()
            .any(|r| r == "Serves firms of 6-20 employees like yours"),
        "the firm's own size is a reason somewhere: {reasons:?}"
    );
}

/// A security fact the firm's answers ask for moves the vendors that state it up; the others
/// (that say nothing of it) keep their places beside each other, as an unknown is never a "no".
#[tokio::test(flavor = "multi_thread")]
async fn a_soc2_report_asked_for_in_a_questionnaire_lifts_the_vendor_that_states_one() {
    const DEMANDS: u64 = 5;
    const EVENUP: u64 = 43;
    let mut app = TestApp::new();
    firm(
        &mut app,
        "ops@mid-injury.com",
        "E21_50",
        json!({ "attorneysCountBand": "A6_15", "employeesCountBand": "E11_50",
                "injuryCasesPerMonthBand": "C26_50", "annualSoftwareSpendBand": "S40_100K" }),
        &[(PRACTICE_MANAGEMENT, &[CLIO_MANAGE])],
    )
    .await;
    let stage = |body: &Value| {
        body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["categoryId"] == DEMANDS)
            .unwrap()
            .clone()
    };
    let before = stage(&pick_for_me(&mut app).await);
    let tied_before = before["tieGroup"]["vendors"].as_array().unwrap().len();
    assert!(tied_before > 1, "nothing told them apart yet: {before}");

    let res = app
        .post(
            "/api/responses",
            json!({ "categoryId": DOCUMENT_MANAGEMENT, "answers": [
                { "questionId": 1104, "selectedValues": ["Security audits or SOC 2 reports"] }
            ] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let after = stage(&pick_for_me(&mut app).await);
    assert_eq!(after["picks"][0]["vendorId"], EVENUP, "{after}");
    assert_eq!(
        after["picks"][0]["reason"],
        "States a SOC 2 Type II report, which your answers ask for"
    );
    assert!(after["picks"][0]["tie"].is_null(), "{after}");
    // The vendors that say nothing of SOC 2 still tie with each other: none is read as a "no".
    assert_eq!(
        after["tieGroup"]["vendors"].as_array().map(Vec::len),
        Some(tied_before - 1),
        "{after}"
    );
}

/// A firm that requires two-step sign-in of its members asks it of vendors too: those that state
/// multi-factor sign-in move up (that a silent vendor is not read as a "no" is `fit`'s unit test).
#[tokio::test(flavor = "multi_thread")]
async fn a_firm_that_requires_two_step_sign_in_sees_vendors_that_state_it_first() {
    const INTAKE_STATING_MFA: [u64; 3] = [12, 17, 19]; // Lawmatics, Clio Grow, Law Ruler
    let mut app = TestApp::new();
    crate::mfa::ann_with_factor(&mut app).await;
    let intake = |body: &Value| {
        body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["categoryId"] == INTAKE)
            .unwrap()
            .clone()
    };
    let before = intake(&pick_for_me(&mut app).await);
    let res = app
        .call(
            Method::PUT,
            "/api/firm/mfa-required",
            Some(json!({ "required": true })),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let after = intake(&pick_for_me(&mut app).await);
    // Before, five vendors that say nothing of it tied at the top; now the three that state it
    // are the picks (each card then says what else sets it apart, as all three share this).
    assert!(
        before["tieGroup"]["vendors"].as_array().unwrap().len() > 3,
        "{before}"
    );
    let mut picked: Vec<u64> = after["picks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["vendorId"].as_u64().unwrap())
        .collect();
    assert!(INTAKE_STATING_MFA.contains(&picked[0]), "{after}");
    picked.sort_unstable();
    assert_eq!(picked, INTAKE_STATING_MFA, "{after}");
    // A tie never mixes a vendor that states it with one that does not.
    let rest = |item: &Value| -> Vec<u64> {
        item["tieGroup"]["vendors"]
            .as_array()
            .map(|vs| vs.iter().map(|v| v["vendorId"].as_u64().unwrap()).collect())
            .unwrap_or_default()
    };
    assert!(
        rest(&after)
            .iter()
            .all(|id| !INTAKE_STATING_MFA.contains(id))
            || rest(&after)
                .iter()
                .all(|id| INTAKE_STATING_MFA.contains(id)),
        "a tie mixes vendors that state it with ones that do not: {after}"
    );
}
