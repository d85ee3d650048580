//! Handing the install's operator role over (issue 77): the operator offers it to an account of
//! any firm, confirmed with their second factor; the offered account accepts or declines from its
//! own screen; the operator can withdraw; an unanswered offer ends after seven days by the clock.
//! Accepting moves the role in one step; every step is in the audit log of both firms; every
//! wrong caller and a replayed or stale id get a JSON error. Both backends (LITSTACK_TEST_BACKEND).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestResponse, audit_actions};
use crate::mfa::{code_at, factor_for_signed_in};

const BO: &str = "bo@roe-law.com";

struct Sessions {
    olga: Option<String>,
    bo: Option<String>,
    cy: Option<String>,
}

/// Olga runs the install (its first account, owner of her firm); Bo owns another firm; Cy a
/// third.
async fn three_accounts(app: &mut TestApp) -> Sessions {
    app.sign_up_as("Olga Operator", "olga@install.test").await;
    let olga = app.cookie.take();
    app.sign_up_as("Bo Roe", BO).await;
    let bo = app.cookie.take();
    app.sign_up_as("Cy Poe", "cy@poe-law.com").await;
    let cy = app.cookie.take();
    Sessions { olga, bo, cy }
}

async fn offer_to(app: &mut TestApp, email: &str) -> TestResponse {
    app.post("/api/admin/handover", json!({ "email": email }))
        .await
}

async fn is_admin(app: &mut TestApp) -> bool {
    app.get("/api/auth/me").await.json()["user"]["isAdmin"]
        .as_bool()
        .unwrap()
}

fn details(log: &Value) -> String {
    log["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["detail"].as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The signed-in account's notices about the hand-over, newest first.
async fn handover_notices(app: &mut TestApp) -> Vec<Value> {
    app.get("/api/notifications").await.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "operatorHandover")
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_offered_account_accepts_and_the_role_moves_and_the_old_firm_can_then_be_deleted() {
    let mut app = TestApp::new();
    let s = three_accounts(&mut app).await;
    app.cookie = s.olga.clone();
    assert_eq!(
        app.get("/api/admin/handover").await.json(),
        json!({ "offer": null })
    );
    // Olga's firm holds the operator: its deletion is not offered.
    assert_eq!(
        app.get("/api/firm/deletion").await.json()["blockedBy"],
        "operator"
    );

    let res = offer_to(&mut app, "  BO@roe-law.com ").await;

    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let offer = res.json();
    assert_eq!(offer["toName"], "Bo Roe");
    assert_eq!(offer["fromName"], "Olga Operator");
    let id = offer["id"].as_u64().unwrap();
    let offered =
        chrono::DateTime::parse_from_rfc3339(offer["offeredAt"].as_str().unwrap()).unwrap();
    let ends = chrono::DateTime::parse_from_rfc3339(offer["expiresAt"].as_str().unwrap()).unwrap();
    assert_eq!((ends - offered).num_days(), 7);
    assert_eq!(app.get("/api/admin/handover").await.json()["offer"], offer);
    // One at a time: a second offer is refused until the first is withdrawn.
    let again = offer_to(&mut app, "cy@poe-law.com").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(
        again.error().contains("withdraw it first"),
        "{}",
        again.error()
    );
    // The operator cannot accept their own offer.
    let own = app
        .post(&format!("/api/operator-offer/{id}/accept"), json!({}))
        .await;
    assert_eq!(own.status, StatusCode::NOT_FOUND, "{}", own.text());

    // Cy sees no offer, and cannot answer or withdraw Bo's.
    app.cookie = s.cy.clone();
    assert_eq!(
        app.get("/api/operator-offer").await.json(),
        json!({ "offer": null })
    );
    for path in [
        format!("/api/operator-offer/{id}/accept"),
        format!("/api/operator-offer/{id}/decline"),
    ] {
        let res = app.post(&path, json!({})).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert!(res.error().contains(&format!(
            "no pending offer of the operator role with id {id}"
        )));
    }
    let res = app
        .call(Method::DELETE, &format!("/api/admin/handover/{id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.get("/api/admin/handover").await.status,
        StatusCode::FORBIDDEN
    );
    let res = offer_to(&mut app, BO).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);

    // Bo is told, under the bell, and reads the offer on his own screen.
    app.cookie = s.bo.clone();
    let notices = handover_notices(&mut app).await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(
        notices[0]["title"],
        "Olga Operator offers you the install's operator role"
    );
    assert_eq!(notices[0]["link"], "/profile#operator-role");
    assert_eq!(notices[0]["read"], false);
    assert_eq!(app.get("/api/operator-offer").await.json()["offer"], offer);
    assert!(!is_admin(&mut app).await);
    let wrong = app
        .post("/api/operator-offer/12345/accept", json!({}))
        .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    let bad = app.post("/api/operator-offer/abc/accept", json!({})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    let res = app
        .post(&format!("/api/operator-offer/{id}/accept"), json!({}))
        .await;

    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert!(is_admin(&mut app).await, "Bo runs the install");
    assert_eq!(app.get("/api/admin/handover").await.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/operator-offer").await.json(),
        json!({ "offer": null })
    );
    let notice = &handover_notices(&mut app).await[0];
    assert_eq!(notice["read"], true);
    assert!(
        notice["body"].as_str().unwrap().starts_with("You accepted"),
        "{notice}"
    );
    // A replay finds nothing.
    let replay = app
        .post(&format!("/api/operator-offer/{id}/accept"), json!({}))
        .await;
    assert_eq!(replay.status, StatusCode::NOT_FOUND);
    assert!(
        replay.error().contains("accepted, declined or withdrawn"),
        "{}",
        replay.error()
    );
    let bo_log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        audit_actions(&bo_log)[..2],
        ["operator_role_accepted", "operator_role_offered"]
    );
    assert!(details(&bo_log).contains(
        "Bo Roe accepted the install's operator role from Olga Operator: Bo Roe now runs the install, and Olga Operator no longer does"
    ));

    // Olga's own session sees the move at once: she no longer runs the install.
    app.cookie = s.olga.clone();
    assert!(!is_admin(&mut app).await);
    assert_eq!(
        app.get("/api/admin/handover").await.status,
        StatusCode::FORBIDDEN
    );
    let olga_log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        audit_actions(&olga_log)[..2],
        ["operator_role_accepted", "operator_role_offered"]
    );
    assert!(
        details(&olga_log).contains(
            "Olga Operator offered the install's operator role to Bo Roe (bo@roe-law.com"
        )
    );
    let told = handover_notices(&mut app).await;
    assert_eq!(told[0]["title"], "Bo Roe is now the install's operator");
    // Exactly one operator.
    let operators = litstack::accounts::all_users(&app.state.store)
        .unwrap()
        .into_iter()
        .filter(|u| u.is_admin)
        .map(|u| u.email)
        .collect::<Vec<_>>();
    assert_eq!(operators, [BO]);
    // The firm that held the operator can now be scheduled for deletion.
    let deletion = app.get("/api/firm/deletion").await.json();
    assert_eq!(deletion["canSchedule"], true, "{deletion}");
    let res = app.post("/api/firm/deletion", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn an_offer_is_declined_withdrawn_or_expires_and_the_operator_keeps_the_role() {
    let mut app = TestApp::new();
    let s = three_accounts(&mut app).await;
    app.cookie = s.olga.clone();
    for (email, status, says) in [
        (
            "not an email",
            StatusCode::BAD_REQUEST,
            "Enter the email of the account",
        ),
        (
            "nobody@nowhere.test",
            StatusCode::NOT_FOUND,
            "There is no account with the email nobody@nowhere.test",
        ),
        (
            "olga@install.test",
            StatusCode::BAD_REQUEST,
            "You already run this Litstack",
        ),
    ] {
        let res = offer_to(&mut app, email).await;
        assert_eq!(res.status, status, "{email}: {}", res.text());
        assert!(res.error().contains(says), "{}", res.error());
    }
    let res = app
        .post("/api/admin/handover", json!({ "email": BO, "extra": 1 }))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        app.get("/api/admin/handover").await.json(),
        json!({ "offer": null })
    );

    // Declined.
    let id = offer_to(&mut app, BO).await.json()["id"].as_u64().unwrap();
    app.cookie = s.bo.clone();
    let res = app
        .post(&format!("/api/operator-offer/{id}/decline"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert!(!is_admin(&mut app).await);
    let notice = &handover_notices(&mut app).await[0];
    assert_eq!(
        (notice["read"].clone(), notice["body"].clone()),
        (
            json!(true),
            json!("You declined this offer: Olga Operator still runs this Litstack.")
        )
    );
    assert!(details(&app.get("/api/firm/audit").await.json()).contains(
        "Bo Roe declined the install's operator role offered by Olga Operator: Olga Operator still runs the install"
    ));
    app.cookie = s.olga.clone();
    assert!(is_admin(&mut app).await);
    assert_eq!(
        handover_notices(&mut app).await[0]["title"],
        "Bo Roe declined the operator role"
    );
    assert_eq!(
        app.get("/api/admin/handover").await.json(),
        json!({ "offer": null })
    );

    // Withdrawn: the offered account's notice says so and the id answers nothing.
    let id = offer_to(&mut app, BO).await.json()["id"].as_u64().unwrap();
    let res = app
        .call(Method::DELETE, &format!("/api/admin/handover/{id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    let res = app
        .call(Method::DELETE, &format!("/api/admin/handover/{id}"), None)
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert!(
        details(&app.get("/api/firm/audit").await.json())
            .contains("Olga Operator withdrew the offer of the install's operator role to Bo Roe")
    );
    app.cookie = s.bo.clone();
    let res = app
        .post(&format!("/api/operator-offer/{id}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        handover_notices(&mut app).await[0]["body"],
        "Olga Operator withdrew this offer."
    );
    assert!(!is_admin(&mut app).await);

    // Unanswered: it ends after seven days, by the clock.
    app.cookie = s.olga.clone();
    let id = offer_to(&mut app, BO).await.json()["id"].as_u64().unwrap();
    let now = litstack::platform::clock::now_secs();
    litstack::admin::handover::settle(&app.state.accounts(), now + 6 * 86_400).unwrap();
    assert_eq!(
        app.get("/api/admin/handover").await.json()["offer"]["id"],
        id
    );
    litstack::admin::handover::settle(&app.state.accounts(), now + 7 * 86_400 + 1).unwrap();
    assert_eq!(
        app.get("/api/admin/handover").await.json(),
        json!({ "offer": null })
    );
    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(audit_actions(&log)[0], "operator_offer_expired");
    assert!(details(&log).contains(
        "The offer of the install's operator role from Olga Operator to Bo Roe ended unanswered on "
    ));
    assert!(is_admin(&mut app).await);
    app.cookie = s.bo.clone();
    let res = app
        .post(&format!("/api/operator-offer/{id}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert!(!is_admin(&mut app).await);
    assert!(
        handover_notices(&mut app).await[0]["body"]
            .as_str()
            .unwrap()
            .starts_with("This offer ended unanswered on ")
    );
    assert_eq!(
        audit_actions(&app.get("/api/firm/audit").await.json())[0],
        "operator_offer_expired"
    );
    let _ = s.cy;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_offer_and_the_acceptance_ask_each_ones_second_factor() {
    let mut app = TestApp::new();
    let s = three_accounts(&mut app).await;
    app.cookie = s.olga.clone();
    let (olga_secret, _) = factor_for_signed_in(&mut app).await;
    let res = offer_to(&mut app, BO).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.error().contains("Enter a current code"),
        "{}",
        res.error()
    );
    assert_eq!(
        app.get("/api/admin/handover").await.json(),
        json!({ "offer": null })
    );
    let res = app
        .post(
            "/api/admin/handover",
            json!({ "email": BO, "code": code_at(&olga_secret, 1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let id = res.json()["id"].as_u64().unwrap();

    app.cookie = s.bo.clone();
    let (bo_secret, _) = factor_for_signed_in(&mut app).await;
    let path = format!("/api/operator-offer/{id}/accept");
    let res = app.post(&path, json!({ "code": "000000" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(!is_admin(&mut app).await);
    let res = app
        .post(&path, json!({ "code": code_at(&bo_secret, 1) }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert!(is_admin(&mut app).await);
    let _ = s.cy;
}

#[tokio::test(flavor = "multi_thread")]
async fn deleting_the_offered_accounts_firm_takes_the_offer_with_it() {
    let mut app = TestApp::new();
    let s = three_accounts(&mut app).await;
    app.cookie = s.olga.clone();
    assert_eq!(offer_to(&mut app, BO).await.status, StatusCode::OK);
    app.cookie = s.bo.clone();
    assert_eq!(
        app.post("/api/firm/deletion", json!({})).await.status,
        StatusCode::OK
    );
    let now = litstack::platform::clock::now_secs();

    let deleted = litstack::firms::deletion::run_due(&app.state.sub(), now + 31 * 86_400).unwrap();

    assert_eq!(deleted.len(), 1);
    assert!(!litstack::admin::handover::offer_stored(&app.state.store).unwrap());
    app.cookie = s.olga.clone();
    assert_eq!(
        app.get("/api/admin/handover").await.json(),
        json!({ "offer": null })
    );
    assert!(is_admin(&mut app).await);
    let _ = s.cy;
}
