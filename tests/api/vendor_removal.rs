//! The operator's vendor screen: booking links in bulk from the vendor CSV with where and when
//! they were checked, the vendors without one listed first, and deleting (DELETE
//! /api/admin/vendors/{id}) or merging (POST /api/admin/vendors/merge) a vendor. On either
//! backend (`LITSTACK_TEST_BACKEND=postgres`).

use axum::http::{Method, StatusCode};
use litstack::platform::firm_id::FirmId;
use serde_json::{Value, json};

use crate::bookings::upload;
use crate::helpers::TestApp;
use litstack::recommend::dismissals::DismissReason;
use litstack::recommend::model::{PickSet, PickSource, StageSave, StoredPick};

const INTAKE: u64 = 2;
const DUPE: u64 = 9501;
const KEPT: u64 = 9502;
const FREE: u64 = 9503;
const ELSEWHERE: u64 = 9504;

const VENDORS: &str = "id,name,category,websiteUrl,bookingUrl
9501,Dupe Intake,Intake,https://dupe.example.com,
9502,Kept Intake,Intake,https://kept.example.com,
9503,Free Intake,Intake,https://free.example.com,
9504,Elsewhere PM,Practice Management,https://elsewhere.example.com,
";

/// Saves one Intake pick set for the firm, recording each pick in its past recommendations.
fn save_picks(app: &TestApp, firm_id: u64, vendors: &[u64]) {
    let set = PickSet {
        picks: vendors
            .iter()
            .map(|&vendor_id| StoredPick {
                vendor_id,
                reason: "Fits your firm".into(),
            })
            .collect(),
        source: PickSource::Questionnaire,
        note: None,
        used_size_fallback: false,
        at: 1_790_000_000,
    };
    let history = vendors
        .iter()
        .map(|&id| (id, vec!["Fits your firm".to_string()]))
        .collect();
    litstack::recommend::storage::save_picks(
        &app.state.store,
        FirmId::for_fixtures(firm_id),
        &[StageSave {
            category_id: INTAKE,
            set,
            history,
        }],
    )
    .unwrap();
}

struct World {
    app: TestApp,
    admin: Option<String>,
    user: Option<String>,
    admin_firm: u64,
    user_firm: u64,
}

/// An operator (the first account) and a user of another firm, and everything that can refer to
/// the duplicate: the user's tech stack, both firms' shortlists (the operator's firm has both
/// vendors on it), the user's picks and past recommendations, the operator's firm's picks (its
/// dismissed pick stays in its set, for the dismissal's undo), dismissal and past recommendation, the user's website click and two imported bookings naming it.
async fn referenced() -> World {
    let mut app = TestApp::new();
    let admin_firm = app
        .sign_up_as("Ada Admin", "ada@admin-law.com")
        .await
        .json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let admin = app.cookie.take();
    let user_firm = app.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let user = app.cookie.clone();
    app.import_vendors(VENDORS);

    let res = app
        .post(
            "/api/profile/category-adoption",
            json!({ "items": [{"categoryId": INTAKE, "hasTool": true,
                    "selectedVendorIds": [DUPE], "primaryVendorId": DUPE}] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = app
        .call(
            Method::PUT,
            &format!("/api/shortlist/{DUPE}"),
            Some(json!({})),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = app
        .post(
            "/api/meeting-clicks",
            json!({ "vendorId": DUPE, "sourcePage": "BROWSE", "kind": "WEBSITE" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    save_picks(&app, user_firm, &[DUPE]);

    app.cookie = admin.clone();
    for (vendor, note) in [(KEPT, "Kept's note"), (DUPE, "Dupe's note")] {
        let res = app
            .call(
                Method::PUT,
                &format!("/api/shortlist/{vendor}"),
                Some(json!({ "note": note })),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    save_picks(&app, admin_firm, &[KEPT, DUPE]);
    assert!(
        litstack::recommend::storage::dismiss(
            &app.state.store,
            FirmId::for_fixtures(admin_firm),
            DUPE,
            DismissReason::TooExpensive
        )
        .unwrap()
    );
    let bookings = "Id,Created Time,Client Category,Client,Standardized Practice Area Broken Out,City State,State,DMA,Name,Email
1,2026-01-05T10:00:00Z,Intake,Dupe Intake,SOLO,\"Austin, TX\",TX,Austin,,
2,2026-01-06T10:00:00Z,Intake,dupe intake,E2_5,\"Houston, TX\",TX,Houston,,
";
    let res = upload(&mut app, "bookings.csv", bookings.as_bytes()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["inserted"], 2, "{}", res.text());
    World {
        app,
        admin,
        user,
        admin_firm,
        user_firm,
    }
}

async fn delete(app: &mut TestApp, id: u64) -> crate::helpers::TestResponse {
    app.call(Method::DELETE, &format!("/api/admin/vendors/{id}"), None)
        .await
}

async fn merge(app: &mut TestApp, body: Value) -> crate::helpers::TestResponse {
    app.post("/api/admin/vendors/merge", body).await
}

/// The vendor as the store holds it now (not the in-memory catalog).
fn stored(app: &TestApp, id: u64) -> Option<litstack::catalog::Vendor> {
    let catalog = litstack::catalog::Catalog::load(&app.state.store).unwrap();
    catalog.vendor(id).cloned()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_something_refers_to_is_not_deleted_and_the_answer_says_what_refers_to_it() {
    let mut w = referenced().await;

    let res = delete(&mut w.app, DUPE).await;

    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.error(),
        "Dupe Intake cannot be deleted while anything refers to it: 1 firm has it in its tech \
         stack, 2 shortlist entries, 2 saved sets of picks, 1 dismissal, 2 past recommendations, \
         1 meeting click, 2 bookings. Merge it into another vendor instead, or make it inactive."
    );
    assert!(stored(&w.app, DUPE).is_some());
    let res = w.app.get(&format!("/api/vendors/{DUPE}")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(
        (&res.json()["id"], &res.json()["name"]),
        (&json!(DUPE), &json!("Dupe Intake")),
        "the profile is still there"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_nothing_refers_to_is_deleted_from_the_directory() {
    let mut w = referenced().await;
    let log = crate::once::secrets::security_log();

    let res = delete(&mut w.app, FREE).await;

    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert!(stored(&w.app, FREE).is_none());
    let listed = w.app.get("/api/vendors?q=free%20intake").await.json();
    assert_eq!(listed["total"], 0);
    let res = w.app.get(&format!("/api/vendors/{FREE}")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), format!("There is no vendor with id {FREE}"));
    let again = delete(&mut w.app, FREE).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(again.error(), format!("There is no vendor with id {FREE}"));
    let text = String::from_utf8_lossy(&log.lock().unwrap()).into_owned();
    assert!(
        text.lines()
            .any(|l| l.contains("security: vendor deleted") && l.contains("vendor_id=9503")),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_merge_moves_every_reference_to_the_kept_vendor_and_deletes_the_duplicate() {
    let mut w = referenced().await;

    let res = merge(&mut w.app, json!({ "from": DUPE, "into": KEPT })).await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let body = res.json();
    assert_eq!(body["vendor"]["id"], KEPT);
    assert_eq!(
        body["moved"],
        json!({
            "techStacks": 1, "shortlistEntries": 1, "shortlistKept": [w.admin_firm],
            "picks": 2, "dismissals": 1, "pastRecommendations": 1, "meetingClicks": 1,
            "evaluations": 0, "scorecardsDropped": 0
        })
    );
    assert_eq!(
        body["message"],
        "Dupe Intake was merged into Kept Intake. 1 firm had both on the shortlist: the entry \
         for Kept Intake was kept and the one for Dupe Intake dropped."
    );
    assert!(stored(&w.app, DUPE).is_none());
    let res = w.app.get(&format!("/api/vendors/{DUPE}")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error(), format!("There is no vendor with id {DUPE}"));

    // The user's firm: tech stack, shortlist, picks, past recommendations and clicks.
    w.app.cookie = w.user.clone();
    let stack = w.app.get("/api/profile/category-adoption").await.json();
    let intake = stack["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["category"]["id"] == INTAKE)
        .unwrap()
        .clone();
    assert_eq!(
        intake["selectedVendors"],
        json!([{ "vendorId": KEPT, "isPrimary": true }])
    );
    let shortlist = w.app.get("/api/shortlist").await.json().to_string();
    assert!(shortlist.contains("Kept Intake"), "{shortlist}");
    assert!(!shortlist.contains("Dupe Intake"), "{shortlist}");
    let clicks = w.app.get("/api/meeting-clicks").await.json();
    assert_eq!(clicks[0]["vendorId"], KEPT);
    assert_eq!(clicks[0]["kind"], "WEBSITE");
    let state = w.app.state.clone();
    let store = &state.store;
    let picks =
        litstack::recommend::storage::pick_sets(store, FirmId::for_fixtures(w.user_firm)).unwrap();
    assert_eq!(picks[0].1.picks[0].vendor_id, KEPT);
    let past: Vec<u64> =
        litstack::recommend::storage::past(store, FirmId::for_fixtures(w.user_firm))
            .unwrap()
            .iter()
            .map(|(_, v, _)| *v)
            .collect();
    assert_eq!(past, [KEPT]);

    // The operator's firm had both on its shortlist: the kept vendor's entry (and note) stays.
    w.app.cookie = w.admin.clone();
    let shortlist = w.app.get("/api/shortlist").await.json().to_string();
    assert!(shortlist.contains("Kept's note"), "{shortlist}");
    assert!(!shortlist.contains("Dupe's note"), "{shortlist}");
    let picks =
        litstack::recommend::storage::pick_sets(store, FirmId::for_fixtures(w.admin_firm)).unwrap();
    let ids: Vec<u64> = picks[0].1.picks.iter().map(|p| p.vendor_id).collect();
    assert_eq!(ids, [KEPT]);
    let dismissed =
        litstack::recommend::storage::dismissed(store, FirmId::for_fixtures(w.admin_firm)).unwrap();
    assert_eq!(dismissed.into_iter().collect::<Vec<_>>(), [KEPT]);

    // Bookings naming the duplicate now count for the kept vendor, also after a reload.
    let catalog = litstack::catalog::Catalog::load(store).unwrap();
    assert_eq!(catalog.vendor_by_name("DUPE INTAKE").unwrap().id, KEPT);
    let res = delete(&mut w.app, KEPT).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(res.error().ends_with(
        "1 meeting click, 2 bookings. Merge it into another vendor instead, or make it inactive."
    ), "{}", res.error());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_merge_of_vendors_that_cannot_be_merged_is_refused_and_writes_nothing() {
    let mut w = referenced().await;
    for (body, status, message) in [
        (
            json!({ "from": DUPE, "into": DUPE }),
            StatusCode::BAD_REQUEST,
            "Choose two different vendors to merge".to_string(),
        ),
        (
            json!({ "from": DUPE, "into": ELSEWHERE }),
            StatusCode::BAD_REQUEST,
            "Dupe Intake is in Intake and Elsewhere PM in Practice Management: only vendors of \
             the same category can be merged"
                .to_string(),
        ),
        (
            json!({ "from": 987654, "into": KEPT }),
            StatusCode::NOT_FOUND,
            "There is no vendor with id 987654".to_string(),
        ),
    ] {
        let res = merge(&mut w.app, body.clone()).await;
        assert_eq!(res.status, status, "{body}: {}", res.text());
        assert_eq!(res.error(), message, "{body}");
    }
    let res = merge(&mut w.app, json!({ "from": DUPE })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().contains("into"), "{}", res.error());

    // Only the operator may delete or merge.
    w.app.cookie = w.user.clone();
    let res = merge(&mut w.app, json!({ "from": DUPE, "into": KEPT })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    let res = delete(&mut w.app, FREE).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());

    assert!(stored(&w.app, DUPE).is_some());
    assert!(stored(&w.app, FREE).is_some());
    let shortlist = w.app.get("/api/shortlist").await.json().to_string();
    assert!(shortlist.contains("Dupe Intake"), "{shortlist}");
}

/// The operator (the first account, owner of its firm) with Dupe and Kept on the firm's
/// shortlist, and Mo, a member of that firm. Answers both sessions.
async fn evaluating() -> (TestApp, Option<String>, Option<String>) {
    let mut app = TestApp::new();
    app.sign_up_as("Ada Admin", "ada@admin-law.com").await;
    app.import_vendors(VENDORS);
    for vendor in [KEPT, DUPE] {
        let res = app
            .call(
                Method::PUT,
                &format!("/api/shortlist/{vendor}"),
                Some(json!({ "status": "Demo held" })),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let ada = app.cookie.clone();
    let token = app.invite("mo@admin-law.com", "member").await;
    let res = app.join(&token, "Mo Member", "mo@admin-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let mo = app.cookie.clone();
    app.cookie = ada.clone();
    (app, ada, mo)
}

/// Saves Price 100 as the Intake evaluation's criteria.
async fn save_criteria(app: &mut TestApp) {
    let res = app
        .call(
            Method::PUT,
            &format!("/api/evaluations/{INTAKE}/criteria"),
            Some(json!({ "criteria": [{ "name": "Price", "weight": 100 }] })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// The signed-in member's scorecard for `vendor`, submitted, with `price` and `comment`.
async fn score(app: &mut TestApp, vendor: u64, price: u8, comment: &str) {
    let path = format!("/api/evaluations/{INTAKE}/scorecards/{vendor}");
    let res = app
        .call(
            Method::PUT,
            &path,
            Some(json!({ "scores": [
                { "criterionId": "price", "score": price, "comment": comment }
            ] })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = app
        .call(Method::POST, &format!("{path}/submit"), None)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// A reference call for `vendor`; answers its id.
async fn reference(app: &mut TestApp, vendor: u64) -> Value {
    let res = app
        .post(
            &format!("/api/evaluations/{INTAKE}/references"),
            json!({
                "vendorId": vendor, "firmCalled": "Roe Injury Law", "firmSize": "11-25 staff",
                "date": "2026-01-05",
                "questions": [{ "question": "How is support?", "answer": "Quick" }]
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()["id"].clone()
}

/// The Intake evaluation as the signed-in member sees it.
async fn evaluation(app: &mut TestApp) -> Value {
    let res = app.get(&format!("/api/evaluations/{INTAKE}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn evaluated(summary: &Value, id: u64) -> Option<&Value> {
    summary["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["vendorId"] == id)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_only_an_evaluation_names_is_not_deleted() {
    let (mut app, _ada, _mo) = evaluating().await;
    save_criteria(&mut app).await;
    score(&mut app, DUPE, 4, "Fair price").await;
    let reference_id = reference(&mut app, DUPE).await;
    // Off the shortlist: only the evaluation (a scorecard and a reference call) names it now.
    let res = app
        .call(Method::DELETE, &format!("/api/shortlist/{DUPE}"), None)
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    let before = evaluation(&mut app).await;

    let res = delete(&mut app, DUPE).await;

    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.error(),
        "Dupe Intake cannot be deleted while anything refers to it: 1 evaluation. Merge it into \
         another vendor instead, or make it inactive."
    );
    assert!(stored(&app, DUPE).is_some());
    let after = evaluation(&mut app).await;
    assert_eq!(after, before, "nothing changed");
    let dupe = evaluated(&after, DUPE).expect("the vendor stays in the evaluation");
    assert_eq!(dupe["vendorName"], "Dupe Intake");
    assert_eq!(dupe["submittedCount"], 1);
    assert_eq!(dupe["references"][0]["id"], reference_id);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_merge_moves_the_evaluations_scorecards_and_references_to_the_kept_vendor() {
    let (mut app, ada, mo) = evaluating().await;
    save_criteria(&mut app).await;
    // Ada scores both: her scorecard for the kept vendor stays. Mo scores only the duplicate.
    score(&mut app, KEPT, 5, "Ada on Kept").await;
    score(&mut app, DUPE, 1, "Ada on Dupe").await;
    app.cookie = mo.clone();
    score(&mut app, DUPE, 3, "Mo on Dupe").await;
    let reference_id = reference(&mut app, DUPE).await;
    app.cookie = ada.clone();

    let res = merge(&mut app, json!({ "from": DUPE, "into": KEPT })).await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let body = res.json();
    assert_eq!(body["moved"]["evaluations"], 1, "{body}");
    assert_eq!(body["moved"]["scorecardsDropped"], 1, "{body}");
    assert_eq!(
        body["message"],
        "Dupe Intake was merged into Kept Intake. 1 firm had both on the shortlist: the entry \
         for Kept Intake was kept and the one for Dupe Intake dropped. 1 evaluation that named \
         it now names Kept Intake; 1 scorecard for Dupe Intake was dropped where its author had \
         scored Kept Intake in the same round."
    );
    assert!(stored(&app, DUPE).is_none());
    let got = evaluation(&mut app).await;
    assert!(evaluated(&got, DUPE).is_none(), "{got}");
    let kept = evaluated(&got, KEPT).unwrap();
    assert_eq!(kept["submittedCount"], 2, "{kept}");
    assert_eq!(
        kept["criteria"][0]["scores"],
        json!([
            { "by": "Ada Admin", "score": 5, "comment": "Ada on Kept", "underOldCriteria": false },
            { "by": "Mo Member", "score": 3, "comment": "Mo on Dupe", "underOldCriteria": false }
        ]),
        "{kept}"
    );
    assert_eq!(kept["references"][0]["id"], reference_id);
    assert!(!got.to_string().contains("Ada on Dupe"), "{got}");
    let mine = app
        .get(&format!("/api/evaluations/{INTAKE}/scorecards/{KEPT}"))
        .await
        .json();
    assert_eq!(mine["scores"][0]["score"], 5);
    app.cookie = mo;
    let his = app
        .get(&format!("/api/evaluations/{INTAKE}/scorecards/{KEPT}"))
        .await
        .json();
    assert_eq!(his["status"], "submitted", "{his}");
    assert_eq!(his["scores"][0]["comment"], "Mo on Dupe");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_a_decision_names_is_neither_deleted_nor_merged() {
    let (mut app, _ada, _mo) = evaluating().await;
    let res = app
        .post(
            "/api/decisions",
            json!({
                "categoryId": INTAKE, "vendorId": KEPT, "runnerUpId": DUPE,
                "reasons": "Kept does intake best", "annualCost": 1_200_000,
                "startDate": "2026-03-01"
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let decision = res.json()["id"].as_u64().unwrap();
    let shortlist_before = app.get("/api/shortlist").await.json();
    let decision_before = app.get(&format!("/api/decisions/{decision}")).await.json();

    // The runner-up, then the chosen vendor.
    let res = merge(&mut app, json!({ "from": DUPE, "into": KEPT })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.error(),
        "Dupe Intake cannot be merged: 1 decision names it (a signed record keeps the vendor it \
         names). Make it inactive instead."
    );
    let res = merge(&mut app, json!({ "from": KEPT, "into": DUPE })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert!(
        res.error()
            .starts_with("Kept Intake cannot be merged: 1 decision names it"),
        "{}",
        res.error()
    );
    let res = delete(&mut app, DUPE).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.error(),
        "Dupe Intake cannot be deleted while anything refers to it: 1 shortlist entry, 1 \
         decision. Merge it into another vendor instead, or make it inactive."
    );

    assert!(stored(&app, DUPE).is_some() && stored(&app, KEPT).is_some());
    assert_eq!(app.get("/api/shortlist").await.json(), shortlist_before);
    assert_eq!(
        app.get(&format!("/api/decisions/{decision}")).await.json(),
        decision_before
    );
    // A vendor no decision names still merges.
    let res = merge(&mut app, json!({ "from": FREE, "into": KEPT })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn booking_links_come_in_bulk_with_where_and_when_they_were_checked() {
    let mut w = referenced().await;
    let csv = "name,category,websiteUrl,bookingUrl,sourceUrl,verifiedOn,bookingSourceUrl,bookingVerifiedOn
Dupe Intake,Intake,https://dupe.example.com,https://dupe.example.com/demo,,,https://dupe.example.com/contact,2026-11-20
Bkl Row,Intake,https://row.example.com,https://row.example.com/demo,https://row.example.com/about,2026-11-18,,
Bkl Nothing,Intake,https://n.example.com,https://n.example.com/demo,,,,
Bkl No Day,Intake,https://d.example.com,https://d.example.com/demo,,,https://d.example.com/contact,
Bkl Formula,Intake,https://f.example.com,https://f.example.com/demo,,,\"=HYPERLINK(\"\"http://evil.example\"\")\",2026-11-20
Bkl Orphan,Intake,https://o.example.com,,,,https://o.example.com/contact,2026-11-20
";

    let res = upload(&mut w.app, "vendors.csv", csv.as_bytes()).await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let report = res.json();
    // Row 4 names no page for its link: the administrator's import is its provenance.
    assert_eq!(
        (report["inserted"].clone(), report["updated"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(
        report["errors"],
        json!([
            "Row 5: bookingUrl needs the day it was checked: fill bookingVerifiedOn (or \
             verifiedOn for the whole row), like 2026-11-22",
            "Row 6: bookingSourceUrl starts with \"=\", which a spreadsheet runs as a formula: \
             remove it or start the text with a letter or digit",
            "Row 7: bookingSourceUrl and bookingVerifiedOn describe a booking link: fill \
             bookingUrl or leave them empty"
        ])
    );
    let vendor = |page: &Value, name: &str| {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not listed"))
            .clone()
    };
    let page = w
        .app
        .get("/api/vendors?categoryIds=2&pageSize=100")
        .await
        .json();
    let dupe = vendor(&page, "Dupe Intake");
    assert_eq!(dupe["bookingUrl"], "https://dupe.example.com/demo");
    assert_eq!(dupe["bookingSourceUrl"], "https://dupe.example.com/contact");
    assert_eq!(dupe["bookingVerifiedOn"], "2026-11-20");
    let row = vendor(&page, "Bkl Row");
    assert_eq!(row["bookingSourceUrl"], "https://row.example.com/about");
    assert_eq!(row["bookingVerifiedOn"], "2026-11-18");
    assert!(row["bookingAddedOn"].is_null());
    let nothing = vendor(&page, "Bkl Nothing");
    assert!(nothing["bookingSourceUrl"].is_null());
    assert!(nothing["bookingVerifiedOn"].is_null());
    assert!(
        nothing["bookingAddedOn"]
            .as_str()
            .is_some_and(|day| day.len() == 10)
    );
    assert!(vendor(&page, "Kept Intake")["bookingSourceUrl"].is_null());

    // The operator's list puts the vendors still without a booking link first, and counts them.
    let sorted = w
        .app
        .get("/api/vendors?categoryIds=2&pageSize=100&sort=no_booking_first&includeInactive=true")
        .await
        .json();
    let has_link: Vec<bool> = sorted["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| !v["bookingUrl"].is_null())
        .collect();
    assert!(has_link.contains(&true) && has_link.contains(&false));
    assert!(has_link.is_sorted(), "no link first: {has_link:?}");
    let catalog = litstack::catalog::Catalog::load(&w.app.state.store).unwrap();
    let without = catalog
        .vendors
        .iter()
        .filter(|v| v.booking_url.is_none())
        .count();
    assert_eq!(sorted["withoutBookingLink"], without);

    // A link changed by hand no longer claims the checked source.
    let res = w
        .app
        .patch(
            &format!("/api/admin/vendors/{DUPE}"),
            json!({ "bookingUrl": "https://dupe.example.com/book-now" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert!(res.json()["bookingSourceUrl"].is_null());
}
