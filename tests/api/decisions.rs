//! Decisions (issue 32): `POST /api/decisions`, `GET|PUT /api/decisions/{id}`, approvals bound to
//! a version's hash, the stale 409, "What changed since", final (shortlist Chosen / Not chosen,
//! the tech stack, the confirmation when another tool is there), versions as canonical JSON
//! whose SHA-256 is the hash and as CSV, frozen after final.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{PASSWORD, TestApp, audit_actions};

const ADOPTION: &str = "/api/profile/category-adoption";

struct Firm {
    app: TestApp,
    ann: u64,
    cy: u64,
    vi: u64,
    category: u64,
    /// Three vendors of the category: the first two on the shortlist.
    vendors: [u64; 3],
}

async fn as_user(app: &mut TestApp, email: &str) {
    app.sign_out().await;
    let res = app.sign_in(email, PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// Ann (owner) with Cy (member), Mo (member) and Vi (viewer); two vendors of a category on the
/// shortlist.
async fn firm() -> Firm {
    let mut app = TestApp::new();
    let ann = app.sign_up().await.json()["user"]["id"].as_u64().unwrap();
    let list = app.get(ADOPTION).await.json();
    let item = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["vendors"].as_array().unwrap().len() >= 3)
        .expect("a category with three vendors")
        .clone();
    let id = |n: usize| item["vendors"][n]["id"].as_u64().unwrap();
    let category = item["category"]["id"].as_u64().unwrap();
    let vendors = [id(0), id(1), id(2)];
    for v in &vendors[..2] {
        let res = app
            .call(
                Method::PUT,
                &format!("/api/shortlist/{v}"),
                Some(json!({"status": "Demo held"})),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let mut ids = Vec::new();
    for (name, email, role) in [
        ("Cy Lee", "cy@doe-law.com", "member"),
        ("Mo Doe", "mo@doe-law.com", "member"),
        ("Vi Doe", "vi@doe-law.com", "viewer"),
    ] {
        let token = app.invite(email, role).await;
        let res = app.join(&token, name, email).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        ids.push(res.json()["user"]["id"].as_u64().unwrap());
        as_user(&mut app, "ann@doe-law.com").await;
    }
    Firm {
        app,
        ann,
        cy: ids[0],
        vi: ids[2],
        category,
        vendors,
    }
}

fn proposal(f: &Firm, approvers: Value) -> Value {
    json!({
        "categoryId": f.category, "vendorId": f.vendors[0], "runnerUpId": f.vendors[1],
        "reasons": "Highest weighted score; led on ease of use", "annualCost": 1_200_000,
        "startDate": "2026-03-01", "approvers": approvers
    })
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

fn sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

async fn verdict(
    app: &mut TestApp,
    id: u64,
    what: &str,
    hash: &str,
    comment: &str,
) -> crate::helpers::TestResponse {
    app.post(
        &format!("/api/decisions/{id}/{what}"),
        json!({ "versionHash": hash, "comment": comment }),
    )
    .await
}

fn approver(d: &Value, user: u64) -> &Value {
    d["approvers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["userId"] == user)
        .unwrap()
}

fn shortlist_status(list: &Value, vendor: u64) -> String {
    list["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["entries"].as_array().unwrap())
        .find(|e| e["vendorId"] == vendor)
        .map(|e| e["status"].as_str().unwrap().to_string())
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_proposal_checks_each_field_and_who_proposes() {
    let mut f = firm().await;
    // The draft a form starts from: nothing scored yet, nothing to pre-fill.
    let draft = f
        .app
        .get(&format!("/api/decisions/draft?categoryId={}", f.category))
        .await;
    assert_eq!(draft.status, StatusCode::OK, "{}", draft.text());
    assert_eq!(
        draft.json(),
        json!({"vendorId": null, "runnerUpId": null, "reasons": "", "scoresHidden": null})
    );
    let res = f.app.get("/api/decisions/draft?categoryId=abc").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let good = proposal(&f, json!([]));
    let bad = [
        (with(good.clone(), "categoryId", Value::Null), "categoryId"),
        (
            with(good.clone(), "vendorId", json!(f.vendors[2])),
            "vendorId",
        ),
        (
            with(good.clone(), "runnerUpId", json!(f.vendors[2])),
            "runnerUpId",
        ),
        (
            with(good.clone(), "runnerUpId", json!(f.vendors[0])),
            "runnerUpId",
        ),
        (
            with(good.clone(), "categoryId", json!(999_999)),
            "categoryId",
        ),
        (with(good.clone(), "reasons", json!("  ")), "reasons"),
        (
            with(good.clone(), "reasons", json!("x".repeat(4_001))),
            "reasons",
        ),
        (with(good.clone(), "annualCost", json!(-1)), "annualCost"),
        (with(good.clone(), "annualCost", Value::Null), "annualCost"),
        (
            with(good.clone(), "startDate", json!("2026-13-01")),
            "startDate",
        ),
        (with(good.clone(), "approvers", json!([f.vi])), "approvers"),
        (
            with(good.clone(), "approvers", json!([999_999])),
            "approvers",
        ),
    ];
    for (body, field) in bad {
        let res = f.app.post("/api/decisions", body.clone()).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            res.text()
        );
        assert!(res.error().contains(field), "{field}: {}", res.error());
    }
    assert!(
        f.app.get("/api/decisions").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty(),
        "nothing written"
    );

    for email in ["mo@doe-law.com", "vi@doe-law.com"] {
        as_user(&mut f.app, email).await;
        let res = f.app.post("/api/decisions", good.clone()).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{email}: {}", res.text());
    }
    as_user(&mut f.app, "ann@doe-law.com").await;

    let res = f.app.post("/api/decisions", good.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let d = res.json();
    assert_eq!(d["status"], "open");
    assert_eq!(d["version"], 1);
    assert_eq!(d["versionHash"].as_str().unwrap().len(), 64);
    assert_eq!(d["vendorId"], f.vendors[0]);
    assert_eq!(d["runnerUpId"], f.vendors[1]);
    // No approvers named: the firm's owners.
    let names: Vec<&str> = d["approvers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann Doe"]);
    assert_eq!(approver(&d, f.ann)["state"], "waiting");
    assert_eq!(d["record"]["decision"]["annualCost"], 1_200_000);
    assert_eq!(d["record"]["shortlist"].as_array().unwrap().len(), 2);

    let again = f.app.post("/api/decisions", good).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.text());
    assert_eq!(again.json()["openDecisionId"], d["id"]);

    // Listed; reading again stores no new version.
    let list = f.app.get("/api/decisions").await.json();
    assert_eq!(list["items"][0]["id"], d["id"]);
    let id = d["id"].as_u64().unwrap();
    assert_eq!(
        f.app.get(&format!("/api/decisions/{id}")).await.json()["version"],
        1
    );

    // Another firm sees nothing of it.
    f.app.sign_out().await;
    f.app.sign_up_as("Oz Roe", "oz@roe-law.com").await;
    for path in [
        format!("/api/decisions/{id}"),
        format!("/api/decisions/{id}/versions/1"),
    ] {
        assert_eq!(
            f.app.get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let hash = d["versionHash"].as_str().unwrap();
    assert_eq!(
        verdict(&mut f.app, id, "approve", hash, "").await.status,
        StatusCode::NOT_FOUND
    );
    assert!(
        f.app.get("/api/decisions").await.json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edit_makes_an_approval_stale_and_all_approving_makes_it_final() {
    let mut f = firm().await;
    // A demo of the other vendor was held: "Did you choose it?" is asked, until the decision
    // answers it.
    let path = format!("/api/shortlist/{}", f.vendors[1]);
    let booked = json!({ "status": "Demo booked" });
    assert_eq!(
        f.app.call(Method::PUT, &path, Some(booked)).await.status,
        StatusCode::OK
    );
    let held = json!({ "demoHeld": true });
    let res = f
        .app
        .call(Method::PUT, &format!("{path}/outcome"), Some(held))
        .await;
    assert_eq!(res.json()["asks"]["chosen"], true, "{}", res.text());

    let res = f
        .app
        .post("/api/decisions", proposal(&f, json!([f.ann, f.cy])))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let d = res.json();
    let id = d["id"].as_u64().unwrap();
    let h1 = d["versionHash"].as_str().unwrap().to_string();

    // Cy is asked under the bell (Ann proposed it: she is not told of her own proposal).
    let titles = |list: Value| -> Vec<String> {
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["title"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(
        !titles(f.app.get("/api/notifications").await.json())
            .iter()
            .any(|t| t.contains("approval"))
    );
    as_user(&mut f.app, "cy@doe-law.com").await;
    let asked = titles(f.app.get("/api/notifications").await.json());
    assert!(
        asked
            .iter()
            .any(|t| t.starts_with("Your approval is asked: ")),
        "{asked:?}"
    );

    // Only approvers answer; an objection says why.
    as_user(&mut f.app, "mo@doe-law.com").await;
    assert_eq!(
        verdict(&mut f.app, id, "approve", &h1, "").await.status,
        StatusCode::FORBIDDEN
    );
    as_user(&mut f.app, "ann@doe-law.com").await;
    let res = verdict(&mut f.app, id, "object", &h1, " ").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let res = verdict(&mut f.app, id, "approve", "abc", "").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());

    let res = verdict(&mut f.app, id, "approve", &h1, "").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(approver(&res.json(), f.ann)["state"], "approved");
    assert_eq!(res.json()["status"], "open");

    // Members cannot edit; Ann raises the cost: version 2, her approval is stale.
    let path = format!("/api/decisions/{id}");
    let edited = with(
        proposal(&f, json!([f.ann, f.cy])),
        "annualCost",
        json!(1_450_000),
    );
    as_user(&mut f.app, "cy@doe-law.com").await;
    assert_eq!(
        f.app
            .call(Method::PUT, &path, Some(edited.clone()))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    // Cy objects to version 1, then the edit.
    let res = verdict(&mut f.app, id, "object", &h1, "Ask for a discount first").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(approver(&res.json(), f.cy)["state"], "objected");
    as_user(&mut f.app, "ann@doe-law.com").await;
    let res = f.app.call(Method::PUT, &path, Some(edited)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let d = res.json();
    let h2 = d["versionHash"].as_str().unwrap().to_string();
    assert_ne!(h1, h2);
    assert_eq!(d["version"], 2);
    let ann = approver(&d, f.ann);
    assert_eq!(ann["state"], "stale");
    assert_eq!(ann["answeredVersion"], 1);
    assert_eq!(
        ann["changesSince"],
        json!(["Annual cost: $12,000 → $14,500"])
    );
    assert_eq!(approver(&d, f.cy)["comment"], "Ask for a discount first");

    // The old hash answers 409 with the current one, recording nothing.
    as_user(&mut f.app, "cy@doe-law.com").await;
    let told = titles(f.app.get("/api/notifications").await.json());
    assert!(
        told.iter()
            .any(|t| t.starts_with("A decision you approve changed: ")),
        "{told:?}"
    );
    let res = verdict(&mut f.app, id, "approve", &h1, "").await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert_eq!(
        res.json(),
        json!({ "error": "This decision changed since you opened it", "currentHash": h2 })
    );

    // Each version is readable: its JSON is the canonical form whose SHA-256 is its hash.
    for (n, hash) in [(1, &h1), (2, &h2)] {
        let res = f
            .app
            .get(&format!("/api/decisions/{id}/versions/{n}"))
            .await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(&sha256(&res.body), hash, "version {n}");
        let json: Value = serde_json::from_slice(&res.body).unwrap();
        assert_eq!(json["decisionId"], id);
    }
    let csv = f
        .app
        .get(&format!("/api/decisions/{id}/versions/2?format=csv"))
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    let text = csv.text();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("section,item,field,value"));
    assert_eq!(lines.nth(1), Some(format!("record,,sha256,{h2}").as_str()));
    assert!(text.contains("decision,,annualCost,1450000"), "{text}");
    assert!(text.contains("section,item,field,value"), "{text}");
    assert_eq!(
        f.app
            .get(&format!("/api/decisions/{id}/versions/3"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        f.app
            .get(&format!("/api/decisions/{id}/versions/1?format=pdf"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );

    // Both approve the current version: final.
    let res = verdict(&mut f.app, id, "approve", &h2, "").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["status"], "open");
    as_user(&mut f.app, "ann@doe-law.com").await;
    let res = verdict(&mut f.app, id, "approve", &h2, "Agreed").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let d = res.json();
    assert_eq!(d["status"], "final");
    assert!(d["finalAt"].is_string());
    assert_eq!(
        d["techStack"],
        json!({"outcome": "added", "needsConfirmation": false, "current": null})
    );

    let list = f.app.get("/api/shortlist").await.json();
    assert_eq!(shortlist_status(&list, f.vendors[0]), "Chosen");
    assert_eq!(shortlist_status(&list, f.vendors[1]), "Not chosen");
    let asked: Vec<&Value> = (list["groups"].as_array().unwrap().iter())
        .flat_map(|g| g["entries"].as_array().unwrap())
        .filter(|e| e["asks"]["chosen"] == true)
        .collect();
    assert!(asked.is_empty(), "the decision answered it: {asked:?}");
    let stack = f.app.get(ADOPTION).await.json();
    let item = stack["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["category"]["id"] == f.category)
        .unwrap();
    assert_eq!(
        item["selectedVendors"],
        json!([{"vendorId": f.vendors[0], "isPrimary": true}])
    );

    // Frozen: no edit, no answer, no new version although the shortlist changed.
    let res = f
        .app
        .call(Method::PUT, &path, Some(proposal(&f, json!([f.ann]))))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    assert!(res.error().contains("final"), "{}", res.error());
    assert_eq!(
        verdict(&mut f.app, id, "object", &h2, "Too late")
            .await
            .status,
        StatusCode::CONFLICT
    );
    let d = f.app.get(&path).await.json();
    assert_eq!(
        (
            d["version"].clone(),
            d["versions"].as_array().unwrap().len()
        ),
        (json!(2), 2)
    );

    let log = f.app.get("/api/firm/audit").await.json();
    let actions = audit_actions(&log);
    for a in [
        "decision_proposed",
        "decision_edited",
        "decision_approved",
        "decision_objected",
        "decision_final",
    ] {
        assert!(actions.contains(&a), "{a}: {actions:?}");
    }
    // A new decision in the category can be proposed now.
    let res = f.app.post("/api/decisions", proposal(&f, json!([]))).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn another_tool_in_the_category_is_replaced_only_when_asked() {
    let mut f = firm().await;
    let body = json!({ "items": [{
        "categoryId": f.category, "hasTool": true, "selectedVendorIds": [f.vendors[2]]
    }] });
    assert_eq!(f.app.post(ADOPTION, body).await.status, StatusCode::OK);
    let d = f
        .app
        .post("/api/decisions", proposal(&f, json!([])))
        .await
        .json();
    let id = d["id"].as_u64().unwrap();
    let res = verdict(
        &mut f.app,
        id,
        "approve",
        d["versionHash"].as_str().unwrap(),
        "",
    )
    .await;
    let d = res.json();
    assert_eq!(d["status"], "final", "{d}");
    assert_eq!(d["techStack"]["needsConfirmation"], true);
    let other = d["techStack"]["current"].as_str().unwrap().to_string();
    assert!(!other.is_empty());
    // Not yet in the stack: the firm is asked first.
    let stack = |v: &Value| -> Value {
        v["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["category"]["id"] == f.category)
            .unwrap()["selectedVendors"]
            .clone()
    };
    assert_eq!(
        stack(&f.app.get(ADOPTION).await.json()),
        json!([{"vendorId": f.vendors[2], "isPrimary": false}])
    );

    let path = format!("/api/decisions/{id}/tech-stack");
    as_user(&mut f.app, "cy@doe-law.com").await;
    assert_eq!(
        f.app.post(&path, json!({"replace": true})).await.status,
        StatusCode::FORBIDDEN
    );
    as_user(&mut f.app, "ann@doe-law.com").await;
    assert_eq!(
        f.app.post(&path, json!({})).await.status,
        StatusCode::BAD_REQUEST
    );
    let res = f.app.post(&path, json!({"replace": true})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        res.json()["techStack"],
        json!({"outcome": "replaced", "needsConfirmation": false, "current": other})
    );
    assert_eq!(
        stack(&f.app.get(ADOPTION).await.json()),
        json!([{"vendorId": f.vendors[0], "isPrimary": true}])
    );
    assert_eq!(
        f.app.post(&path, json!({"replace": false})).await.status,
        StatusCode::CONFLICT
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_to_what_the_record_holds_makes_a_new_version_on_the_next_read() {
    let mut f = firm().await;
    let d = f
        .app
        .post("/api/decisions", proposal(&f, json!([f.ann, f.cy])))
        .await
        .json();
    let id = d["id"].as_u64().unwrap();
    let h1 = d["versionHash"].as_str().unwrap().to_string();
    assert_eq!(
        verdict(&mut f.app, id, "approve", &h1, "").await.status,
        StatusCode::OK
    );

    // A member moves the runner-up back on the shortlist: the record holds the shortlist.
    as_user(&mut f.app, "cy@doe-law.com").await;
    let path = format!("/api/shortlist/{}", f.vendors[1]);
    let res = f
        .app
        .call(Method::PUT, &path, Some(json!({"status": "Considering"})))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    // Approving what Cy read before the change is refused with the new hash.
    let res = verdict(&mut f.app, id, "approve", &h1, "").await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    let h2 = res.json()["currentHash"].as_str().unwrap().to_string();
    assert_ne!(h1, h2);

    let d = f.app.get(&format!("/api/decisions/{id}")).await.json();
    assert_eq!(
        (d["version"].clone(), d["versionHash"].clone()),
        (json!(2), json!(h2))
    );
    let ann = approver(&d, f.ann);
    assert_eq!(ann["state"], "stale");
    let line = ann["changesSince"][0].as_str().unwrap();
    assert!(
        line.starts_with("Shortlist: ") && line.ends_with("Demo held → Considering"),
        "{line}"
    );
    // Reading again stores nothing more.
    let d = f.app.get(&format!("/api/decisions/{id}")).await.json();
    assert_eq!(d["versions"].as_array().unwrap().len(), 2);
    assert_eq!(approver(&d, f.cy)["state"], "waiting");
}

/// The versions the store holds for decision `id` of the signed-in firm.
async fn stored_versions(f: &mut Firm, id: u64) -> Vec<u32> {
    let me = f.app.get("/api/auth/me").await.json();
    let firm = litstack::platform::firm_id::FirmId::for_fixtures(
        me["user"]["firm"]["id"].as_u64().unwrap(),
    );
    litstack::decisions::storage::versions(&f.app.state.store, firm, id)
        .unwrap()
        .iter()
        .map(|v| v.n)
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn reading_a_decision_whose_record_changed_shows_the_next_version_and_stores_nothing() {
    let mut f = firm().await;
    let d = f
        .app
        .post("/api/decisions", proposal(&f, json!([f.ann, f.cy])))
        .await
        .json();
    let id = d["id"].as_u64().unwrap();
    let path = format!("/api/shortlist/{}", f.vendors[1]);
    let res = f
        .app
        .call(Method::PUT, &path, Some(json!({"status": "Considering"})))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    // Every read, of the decision, its list and the new version, shows version 2 and writes none.
    for _ in 0..2 {
        let d = f.app.get(&format!("/api/decisions/{id}")).await.json();
        assert_eq!(d["version"], json!(2));
        assert_eq!(d["versions"].as_array().unwrap().len(), 2);
        let list = f.app.get("/api/decisions").await.json();
        let listed = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == id)
            .unwrap()
            .clone();
        assert_eq!(listed["version"], json!(2), "the list agrees: {listed}");
        let v2 = f.app.get(&format!("/api/decisions/{id}/versions/2")).await;
        assert_eq!(v2.status, StatusCode::OK, "{}", v2.text());
    }
    assert_eq!(
        stored_versions(&mut f, id).await,
        vec![1],
        "a read wrote a version"
    );

    // The next write stores the version read, under the hash that was shown.
    let shown = f.app.get(&format!("/api/decisions/{id}")).await.json();
    let hash = shown["versionHash"].as_str().unwrap().to_string();
    let res = verdict(&mut f.app, id, "approve", &hash, "").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(stored_versions(&mut f, id).await, vec![1, 2]);
}

/// Saves the category's criteria and answers their ids.
async fn criteria(f: &mut Firm) -> Vec<String> {
    let body = json!({ "criteria": [
        { "name": "Ease of use", "weight": 60 }, { "name": "Price", "weight": 40 }
    ] });
    let path = format!("/api/evaluations/{}/criteria", f.category);
    let res = f.app.call(Method::PUT, &path, Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let ids: Vec<String> = res.json()["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 2, "{}", res.text());
    ids
}

async fn score(f: &mut Firm, vendor: u64, ids: &[String], scores: [i64; 2]) {
    let path = format!("/api/evaluations/{}/scorecards/{vendor}", f.category);
    let body = json!({ "scores": [
        { "criterionId": ids[0], "score": scores[0], "comment": "" },
        { "criterionId": ids[1], "score": scores[1], "comment": "" }
    ] });
    let res = f.app.call(Method::PUT, &path, Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = f.app.post(&format!("{path}/submit"), json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_record_holds_the_evaluation_and_the_round_closes_with_the_proposal() {
    let mut f = firm().await;
    let ids = criteria(&mut f).await;
    let [a, b, _] = f.vendors;
    score(&mut f, a, &ids, [5, 4]).await;
    score(&mut f, b, &ids, [3, 3]).await;

    // The draft leads with the best weighted score and the criteria where it led.
    let draft = f
        .app
        .get(&format!("/api/decisions/draft?categoryId={}", f.category))
        .await
        .json();
    assert_eq!(
        (draft["vendorId"].clone(), draft["runnerUpId"].clone()),
        (json!(a), json!(b))
    );
    let reasons = draft["reasons"].as_str().unwrap();
    assert!(
        reasons.contains("had the highest weighted score")
            && reasons.contains("It led on Ease of use, Price."),
        "{reasons}"
    );

    let d = f
        .app
        .post(
            "/api/decisions",
            with(proposal(&f, json!([f.ann])), "reasons", json!(reasons)),
        )
        .await
        .json();
    let id = d["id"].as_u64().unwrap();
    let evaluation = &d["record"]["evaluation"];
    assert_eq!(evaluation["criteria"][0]["weight"], 60, "{evaluation}");
    let h1 = d["versionHash"].as_str().unwrap().to_string();
    assert_eq!(
        verdict(&mut f.app, id, "approve", &h1, "").await.status,
        StatusCode::OK
    );
    // Ann's approval was the only one: final. The round closed when the decision was proposed:
    // Cy, who never scored, cannot score it now, and the record keeps the figures decided on.
    as_user(&mut f.app, "cy@doe-law.com").await;
    let path = format!("/api/evaluations/{}/scorecards/{a}", f.category);
    let body = json!({ "scores": [
        { "criterionId": ids[0], "score": 2, "comment": "" },
        { "criterionId": ids[1], "score": 4, "comment": "" }
    ] });
    let res = f.app.call(Method::PUT, &path, Some(body.clone())).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.text());
    let why = res.error();
    assert!(
        why.contains("closed on") && why.contains(&format!("(decision {id})")),
        "{why}"
    );
    let e = f
        .app
        .get(&format!("/api/evaluations/{}", f.category))
        .await
        .json();
    assert_eq!(e["canScore"], false, "{e}");
    assert_eq!(e["closed"]["decisionId"], json!(id), "{e}");
    let d = f.app.get(&format!("/api/decisions/{id}")).await.json();
    assert_eq!(d["versions"].as_array().unwrap().len(), 1);
    assert_eq!(d["record"]["evaluation"], *evaluation);

    // Scoring again is a new round, which the final decision's record never follows.
    as_user(&mut f.app, "ann@doe-law.com").await;
    let path_re = format!("/api/evaluations/{}/re-evaluate", f.category);
    let res = f.app.post(&path_re, json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["round"], 2);
    as_user(&mut f.app, "cy@doe-law.com").await;
    score(&mut f, a, &ids, [2, 4]).await;
    let d = f.app.get(&format!("/api/decisions/{id}")).await.json();
    assert_eq!(d["versions"].as_array().unwrap().len(), 1);
    assert_eq!(d["record"]["evaluation"], *evaluation);
}

/// A decision made final while the tech stack of its category is saved: both answer, whichever
/// is first. On PostgreSQL the final step once took the change log's lock as it marked the vendor
/// Chosen (the peer figures count that), then waited for the category's row, which the save held
/// while it waited for that lock: a deadlock, the save's 500, in 3 runs of 3.
#[tokio::test(flavor = "multi_thread")]
async fn a_decision_made_final_while_the_tech_stack_is_saved_both_answer() {
    let mut f = firm().await;
    for round in 0..24u64 {
        let (chosen, runner_up) = if round % 2 == 0 {
            (f.vendors[0], f.vendors[1])
        } else {
            (f.vendors[1], f.vendors[0])
        };
        // Rejected after its demo and then back to Demo held, the vendor counts as not chosen,
        // so the final step records a change of the peer figures each round.
        for status in [
            json!({"status": "Rejected", "rejectReason": "Too costly"}),
            json!({"status": "Demo held"}),
        ] {
            let path = format!("/api/shortlist/{chosen}");
            let res = f.app.call(Method::PUT, &path, Some(status)).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        }
        let body = with(proposal(&f, json!([])), "vendorId", json!(chosen));
        let body = with(body, "runnerUpId", json!(runner_up));
        let res = f.app.post("/api/decisions", body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let d = res.json();
        let path = format!("/api/decisions/{}/approve", d["id"].as_u64().unwrap());
        let approve = json!({ "versionHash": d["versionHash"], "comment": "" });
        let approved = f
            .app
            .spawn_send(f.app.json_request(Method::POST, &path, approve));
        // The save starts a little later each round, so it meets the final step at each point.
        tokio::time::sleep(std::time::Duration::from_millis(round % 8)).await;
        let tool = f.vendors[round as usize % 3];
        let save = json!({ "items": [{ "categoryId": f.category, "hasTool": true,
                                       "selectedVendorIds": [tool] }] });
        let saved = f
            .app
            .spawn_send(f.app.json_request(Method::POST, ADOPTION, save));
        for (what, answer) in [("the approval", approved), ("the save", saved)] {
            let res = answer.await.unwrap();
            assert_eq!(
                res.status,
                StatusCode::OK,
                "round {round}, {what}: {}",
                res.text()
            );
        }
    }
}
