//! The operator merges two firms that are one (`POST /api/admin/firms/merge`): everything of both
//! ends up in the kept firm, the other is gone, its members carry on in the same session; a bad
//! request changes nothing.

use axum::http::{Method, StatusCode};
use litstack::platform::firm_id::FirmId;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::scenario::stage_and_vendors;

/// Three firms: the operator's (Ann), Bo's (kept) and Cy's (merged), with data on both sides.
struct Firms {
    operator: Option<String>,
    bo: Option<String>,
    cy: Option<String>,
    bo_firm: u64,
    cy_firm: u64,
    /// Two catalog vendors of `category`, and a vendor of another category.
    category: u64,
    vendors: [u64; 2],
    /// Cy's pending invitation's token.
    invitation: String,
}

async fn ok(app: &mut TestApp, method: Method, path: &str, body: Value) -> Value {
    let res = app.call(method.clone(), path, Some(body)).await;
    assert!(res.status.is_success(), "{method} {path}: {}", res.text());
    res.json()
}

/// Answers the category's questionnaire with every first option and ranks it, which saves the
/// top three as the firm's picks and records them as past recommendations.
async fn questionnaire(app: &mut TestApp, category_id: u64) -> Vec<u64> {
    let answers: Vec<Value> = app
        .state
        .catalog
        .load()
        .questions(category_id)
        .iter()
        .map(|q| json!({ "questionId": q.id, "selectedValues": [q.options[0].label] }))
        .collect();
    let body = json!({ "categoryId": category_id, "answers": answers });
    let response = ok(app, Method::POST, "/api/responses", body).await;
    let body = json!({ "responseId": response["responseId"], "categoryId": category_id });
    ok(app, Method::POST, "/api/recommendations/compute", body).await;
    let persisted = app.get("/api/recommendations/persisted").await.json();
    persisted["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|stage| stage["categoryId"] == category_id)
        .flat_map(|stage| stage["picks"].as_array().unwrap().clone())
        .map(|pick| pick["vendorId"].as_u64().unwrap())
        .collect()
}

async fn three_firms(app: &mut TestApp) -> Firms {
    let (category, vendors) = stage_and_vendors(app);
    app.sign_up().await;
    let operator = app.cookie.take();

    // Bo's firm: a tech stack, a shortlisted vendor with a note. No onboarding, no picks.
    let bo_firm = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let adoption = |vendor: u64, other: &str| {
        json!({ "items": [{ "categoryId": category, "hasTool": true,
            "selectedVendorIds": [vendor], "primaryVendorId": vendor, "otherVendors": [other] }] })
    };
    let path = "/api/profile/category-adoption";
    ok(app, Method::POST, path, adoption(vendors[0], "Excel")).await;
    let note = json!({ "status": "Considering", "note": "Bo: ask about pricing" });
    ok(
        app,
        Method::PUT,
        &format!("/api/shortlist/{}", vendors[0]),
        note,
    )
    .await;
    let bo = app.cookie.take();

    // Cy's firm: onboarding, the same category with another tool, the same vendor shortlisted
    // with another note and a second one, picks, a dismissal, past recommendations, a pending
    // invitation (and its audit line).
    let cy_firm = app.sign_up_as("Cy Poe", "cy@poe-law.com").await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    app.complete_onboarding().await;
    ok(app, Method::POST, path, adoption(vendors[1], "excel")).await;
    let note = json!({ "status": "Demo booked", "note": "Cy: demo on Tuesday" });
    ok(
        app,
        Method::PUT,
        &format!("/api/shortlist/{}", vendors[0]),
        note,
    )
    .await;
    let note = json!({ "status": "Considering", "note": "" });
    ok(
        app,
        Method::PUT,
        &format!("/api/shortlist/{}", vendors[1]),
        note,
    )
    .await;
    let picks = questionnaire(app, category).await;
    assert!(!picks.is_empty(), "the ranking saved picks");
    let body = json!({ "vendorId": picks[0], "reason": "too_expensive" });
    ok(app, Method::POST, "/api/recommendations/dismissed", body).await;
    let invitation = app.invite("di@poe-law.com", "member").await;
    let cy = app.cookie.take();

    Firms {
        operator,
        bo,
        cy,
        bo_firm,
        cy_firm,
        category,
        vendors,
        invitation,
    }
}

async fn merge(app: &mut TestApp, into: u64, from: u64) -> crate::helpers::TestResponse {
    app.post(
        "/api/admin/firms/merge",
        json!({ "into": into, "from": from }),
    )
    .await
}

/// What the API and the store hold for a firm, to compare before and after a refused merge.
async fn everything(app: &mut TestApp, firms: &Firms) -> Vec<Value> {
    let mut out = Vec::new();
    app.cookie = firms.operator.clone();
    out.push(app.get("/api/admin/firms").await.json());
    for session in [&firms.bo, &firms.cy] {
        app.cookie = session.clone();
        for path in [
            "/api/auth/me",
            "/api/firm",
            "/api/firm/members",
            "/api/firm/invitations",
            "/api/firm/audit",
            "/api/profile/category-adoption",
            "/api/shortlist",
            "/api/recommendations/persisted",
            "/api/recommendations/dismissed",
            "/api/past-recommendations",
        ] {
            let res = app.get(path).await;
            assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
            out.push(res.json());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn merging_keeps_every_item_of_both_firms_under_the_kept_one() {
    let mut app = TestApp::new();
    let firms = three_firms(&mut app).await;
    let (into, from) = (firms.bo_firm, firms.cy_firm);
    let store = &app.state.store;
    let cy_picks =
        litstack::recommend::storage::pick_sets(store, FirmId::for_fixtures(from)).unwrap();
    let cy_dismissals =
        litstack::recommend::storage::dismissals(store, FirmId::for_fixtures(from)).unwrap();
    let cy_past = litstack::recommend::storage::past(store, FirmId::for_fixtures(from)).unwrap();
    assert!(!cy_picks.is_empty() && !cy_dismissals.is_empty() && !cy_past.is_empty());
    let cy_audit =
        litstack::accounts::audit::entries(&app.state.sub(), FirmId::for_fixtures(from)).unwrap();
    let history_len = |firm| {
        let entries = litstack::shortlist::storage::load(&app.state.store, firm).unwrap();
        entries[0].1.history.len()
    };
    let histories =
        history_len(FirmId::for_fixtures(into)) + history_len(FirmId::for_fixtures(from));

    // Act
    app.cookie = firms.operator.clone();
    let res = merge(&mut app, into, from).await;

    // Assert: the kept firm, with both members.
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let firm = &res.json()["firm"];
    assert_eq!(
        (firm["id"].as_u64(), firm["members"].as_u64()),
        (Some(into), Some(2))
    );
    assert_eq!(firm["name"], "Doe & Partners");
    let res = app
        .patch(
            &format!("/api/admin/firms/{from}"),
            json!({ "verified": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
    assert!(res.error().contains(&from.to_string()), "{}", res.error());
    let listed = app.get("/api/admin/firms").await.json();
    assert!(
        !listed["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["id"] == from)
    );

    // Cy, in the same session, is a member of Bo's firm with the role Cy had.
    app.cookie = firms.cy.clone();
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["firm"]["id"].as_u64(), Some(into));
    assert_eq!(me["user"]["firmRole"], "owner");
    app.cookie = firms.bo.clone();
    let members = app.get("/api/firm/members").await.json();
    let names: Vec<&str> = members["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bo Roe", "Cy Poe"]);

    // Onboarding: Bo's firm had none, so it has Cy's.
    let firm = app.get("/api/firm").await.json();
    assert_eq!(firm["firm"]["onboarding"]["attorneysCountBand"], "A2_5");

    // Tech stack: both tools, "Excel" once.
    let stack =
        litstack::techstack::storage::load(&app.state.store, FirmId::for_fixtures(into)).unwrap();
    let (_, adoption) = stack.iter().find(|(c, _)| *c == firms.category).unwrap();
    assert_eq!(adoption.vendor_ids, firms.vendors);
    assert_eq!(adoption.primary_vendor_id, Some(firms.vendors[0]));
    assert_eq!(adoption.other_vendors, ["Excel"]);
    assert!(
        litstack::techstack::storage::load(&app.state.store, FirmId::for_fixtures(from))
            .unwrap()
            .is_empty()
    );

    // Shortlist: both vendors; the shared one keeps both notes and both histories.
    let entries =
        litstack::shortlist::storage::load(&app.state.store, FirmId::for_fixtures(into)).unwrap();
    assert_eq!(
        entries.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        firms.vendors
    );
    let shared = &entries[0].1;
    assert!(
        shared.note.contains("Bo: ask about pricing"),
        "{:?}",
        shared.note
    );
    assert!(
        shared.note.contains("Cy: demo on Tuesday"),
        "{:?}",
        shared.note
    );
    assert!(shared.note.contains("\n\n"), "{:?}", shared.note);
    assert_eq!(shared.history.len(), histories, "{:?}", shared.history);
    assert!(shared.history.windows(2).all(|w| w[0].at <= w[1].at));
    assert_eq!(shared.history.last().map(|c| c.status), Some(shared.status));
    let shortlist = app.get("/api/shortlist").await.text();
    assert!(shortlist.contains("Cy: demo on Tuesday"), "{shortlist}");
    assert!(
        litstack::shortlist::storage::load(&app.state.store, FirmId::for_fixtures(from))
            .unwrap()
            .is_empty()
    );

    // Recommendations: Cy's picks, dismissal and past recommendations are Bo's firm's now.
    let store = &app.state.store;
    assert_eq!(
        litstack::recommend::storage::pick_sets(store, FirmId::for_fixtures(into)).unwrap(),
        cy_picks
    );
    assert_eq!(
        litstack::recommend::storage::dismissals(store, FirmId::for_fixtures(into)).unwrap(),
        cy_dismissals
    );
    assert_eq!(
        litstack::recommend::storage::past(store, FirmId::for_fixtures(into)).unwrap(),
        cy_past
    );
    assert!(
        litstack::recommend::storage::pick_sets(store, FirmId::for_fixtures(from))
            .unwrap()
            .is_empty()
    );
    let responded =
        litstack::recommend::storage::responded_categories(store, FirmId::for_fixtures(into))
            .unwrap();
    assert!(responded.contains(&firms.category));
    let dismissed = app.get("/api/recommendations/dismissed").await.json();
    assert_eq!(dismissed["items"].as_array().unwrap().len(), 1);

    // Invitations and the audit log moved; the merge is in the log.
    let invitations = app.get("/api/firm/invitations").await.json();
    let emails: Vec<&str> = invitations["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["di@poe-law.com"]);
    let audit = app.get("/api/firm/audit").await.json();
    let items = audit["items"].as_array().unwrap();
    assert_eq!(items[0]["action"], "firms_merged", "newest first: {audit}");
    assert_eq!(items[0]["actor"], "Ann Doe");
    assert_eq!(
        items[0]["detail"],
        "Ann Doe merged Doe & Partners into this firm: 1 member moved"
    );
    for moved in &cy_audit {
        assert!(
            items.iter().any(|i| i["id"] == moved.id),
            "{moved:?} in {audit}"
        );
    }

    // Cy's pending invitation now joins Bo's firm.
    app.cookie = None;
    let res = app
        .join(&firms.invitation, "Di Poe", "di@poe-law.com")
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["user"]["firm"]["id"].as_u64(), Some(into));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_merge_changes_nothing() {
    let mut app = TestApp::new();
    let firms = three_firms(&mut app).await;
    let (into, from) = (firms.bo_firm, firms.cy_firm);
    let before = everything(&mut app, &firms).await;

    app.cookie = firms.operator.clone();
    let res = merge(&mut app, into, into).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error(), "Choose two different firms to merge");
    for (a, b) in [(into, 424242), (424242, from)] {
        let res = merge(&mut app, a, b).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
        assert_eq!(res.error(), "There is no firm with id 424242");
    }
    for body in [
        json!({ "into": into, "from": from, "keep": "both" }),
        json!({ "into": into }),
        json!({ "into": -1, "from": from }),
        json!({ "into": "two", "from": from }),
        json!([into, from]),
    ] {
        let res = app.post("/api/admin/firms/merge", body.clone()).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            res.text()
        );
        assert!(res.json()["error"].is_string());
    }
    // Members of either firm (owners of them) are not the operator.
    for session in [&firms.bo, &firms.cy] {
        app.cookie = session.clone();
        let res = merge(&mut app, into, from).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    }
    // Signed out.
    app.cookie = None;
    assert_eq!(
        merge(&mut app, into, from).await.status,
        StatusCode::UNAUTHORIZED
    );

    assert_eq!(everything(&mut app, &firms).await, before);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_verified_firm_merged_into_an_unverified_one_leaves_it_verified() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let operator = app.cookie.take();
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let bo_firm = bo.json()["user"]["firm"]["id"].as_u64().unwrap();
    let cy = app.sign_up_as("Cy Poe", "cy@poe-law.com").await;
    let cy_firm = cy.json()["user"]["firm"]["id"].as_u64().unwrap();
    app.verify_firm_of(&cy);

    app.cookie = operator;
    let res = merge(&mut app, bo_firm, cy_firm).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["firm"]["verified"], true);
    assert_eq!(res.json()["firm"]["disabled"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operator_may_merge_another_firm_into_their_own() {
    let mut app = TestApp::new();
    let ann = app.sign_up().await.json();
    let own = ann["user"]["firm"]["id"].as_u64().unwrap();
    let operator = app.cookie.take();
    let bo = app.sign_up_as("Bo Roe", "bo@roe-law.com").await.json();
    let bo_firm = bo["user"]["firm"]["id"].as_u64().unwrap();

    app.cookie = operator;
    let res = merge(&mut app, own, bo_firm).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["firm"]["members"], 2);
    let me = app.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["isAdmin"], true);
    assert_eq!(me["user"]["firm"]["id"].as_u64(), Some(own));
}

/// `litstack firms list` and `litstack firms merge` on a stopped install's data directory.
#[tokio::test(flavor = "multi_thread")]
async fn the_command_line_lists_and_merges_firms() {
    let mut app = TestApp::on_file();
    app.sign_up().await;
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let dir = app.shut_down();
    let data = dir.path().join("data");
    let litstack = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_litstack"))
            .args(args)
            .arg("--data-dir")
            .arg(&data)
            .env_remove("LITSTACK_DATABASE_URL")
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (ok, list, err) = litstack(&["firms", "list"]);
    assert!(ok, "{err}");
    let rows: Vec<&str> = list.lines().collect();
    assert_eq!(rows.len(), 3, "{list}");
    assert!(
        rows[1].contains("     1        1  yes       no        Doe & Partners"),
        "{list}"
    );
    assert!(
        rows[2].contains("     2        1  no        no        Doe & Partners"),
        "{list}"
    );

    let (ok, _, err) = litstack(&["firms", "merge", "--into", "1", "--from", "1"]);
    assert!(
        !ok && err.contains("Choose two different firms to merge"),
        "{err}"
    );
    let (ok, _, err) = litstack(&["firms", "merge", "--into", "1", "--from", "9"]);
    assert!(!ok && err.contains("There is no firm with id 9"), "{err}");

    let (ok, out, err) = litstack(&["firms", "merge", "--into", "1", "--from", "2"]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "Merged Doe & Partners into Doe & Partners (firm 1): 1 member moved; it has 2 members now, verified.\n"
    );
    let (_, list, _) = litstack(&["firms", "list"]);
    assert_eq!(list.lines().count(), 2, "{list}");
    assert!(list.contains("     1        2  yes"), "{list}");
}

/// On a hub, another node's cached session of a moved member sees the kept firm within a second
/// or two: the merge writes the change log in its own transaction.
#[tokio::test(flavor = "multi_thread")]
async fn a_merge_on_one_hub_node_reaches_the_other_nodes_sessions() {
    use std::time::{Duration, Instant};
    let url = crate::helpers::fresh_database();
    let node = || {
        let url = url.clone();
        TestApp::with_config(move |c| c.storage.database_url = Some(url))
    };
    let (mut a, mut b) = (node(), node());
    let own = a.sign_up().await.json()["user"]["firm"]["id"]
        .as_u64()
        .unwrap();
    let operator = a.cookie.take();
    let bo = a.sign_up_as("Bo Roe", "bo@roe-law.com").await.json();
    let bo_firm = bo["user"]["firm"]["id"].as_u64().unwrap();
    // B has Bo's session cached.
    b.cookie = a.cookie.take();
    let me = b.get("/api/auth/me").await.json();
    assert_eq!(me["user"]["firm"]["id"].as_u64(), Some(bo_firm));

    a.cookie = operator;
    let res = merge(&mut a, own, bo_firm).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let started = Instant::now();
    loop {
        let me = b.get("/api/auth/me").await.json();
        if me["user"]["firm"]["id"].as_u64() == Some(own) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "B still shows {me}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let members = b.get("/api/firm/members").await.json();
    assert_eq!(members["items"].as_array().unwrap().len(), 2);
}

/// Whether an invitation's link still opens the door (`POST /api/auth/invitation`).
async fn live(app: &mut TestApp, token: &str) -> bool {
    let res = app
        .post("/api/auth/invitation", json!({ "token": token }))
        .await;
    assert!(
        res.status == StatusCode::OK || res.status == StatusCode::GONE,
        "{}",
        res.text()
    );
    res.status == StatusCode::OK
}

/// A merge into a firm whose deletion is scheduled is refused, saying what to do, and writes
/// nothing; once the deletion is taken back the same merge goes through. Both firms had invited
/// the same person: the kept firm then holds one live link of them, the later one.
#[tokio::test(flavor = "multi_thread")]
async fn a_merge_into_a_firm_scheduled_for_deletion_waits_until_the_deletion_is_taken_back() {
    let mut app = TestApp::new();
    let firms = three_firms(&mut app).await;
    let (into, from) = (firms.bo_firm, firms.cy_firm);
    app.cookie = firms.bo.clone();
    // Cy's firm invited Di first (`three_firms`); Bo's invites her too.
    let bos_invitation = app.invite("Di@Poe-Law.com", "viewer").await;
    let res = app.post("/api/firm/deletion", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let due_day = res.json()["dueAt"].as_str().unwrap()[..10].to_string();
    let before = everything(&mut app, &firms).await;

    app.cookie = firms.operator.clone();
    let res = merge(&mut app, into, from).await;

    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.error(),
        format!(
            "Doe & Partners is scheduled for deletion on {due_day}: take its deletion back \
             before merging another firm into it."
        )
    );
    assert_eq!(everything(&mut app, &firms).await, before);
    app.cookie = firms.operator.clone();
    let path = format!("/api/admin/firms/{into}/deletion");
    let res = app.call(Method::DELETE, &path, None).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    let res = merge(&mut app, into, from).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert!(live(&mut app, &bos_invitation).await);
    assert!(!live(&mut app, &firms.invitation).await);
    app.cookie = firms.bo.clone();
    let pending = app.get("/api/firm/invitations").await.json();
    let di: Vec<&Value> = pending["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| {
            i["email"]
                .as_str()
                .unwrap()
                .eq_ignore_ascii_case("di@poe-law.com")
        })
        .collect();
    assert_eq!(di.len(), 1, "{pending}");
    assert_eq!(di[0]["role"], "viewer");
}
