//! Joining a firm and getting back in: invitations (one use, 7 days, revocable, for one email),
//! password-reset links (one use, 15 minutes, sessions end), the sign-up mode, and the firm's
//! audit log.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp};

#[tokio::test(flavor = "multi_thread")]
async fn an_invited_person_joins_the_firm_with_the_role_and_is_asked_nothing_about_the_firm() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.complete_onboarding().await;
    let owner = app.cookie.clone();
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": " Cy.Poe@Doe-Law.com ", "role": "member" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let created = res.json();
    assert_eq!(created["invitation"]["email"], "Cy.Poe@Doe-Law.com");
    assert_eq!(created["invitation"]["role"], "member");
    assert_eq!(created["invitation"]["invitedBy"], "Ann Doe");
    let link = created["link"].as_str().unwrap();
    assert!(link.starts_with("http://localhost/join#"), "{link}");
    let token = link.split_once('#').unwrap().1.to_string();
    let pending = app.get("/api/firm/invitations").await.json();
    assert_eq!(pending["items"].as_array().unwrap().len(), 1);

    // The join page looks the link up signed out.
    app.cookie = None;
    let preview = app
        .post("/api/auth/invitation", json!({ "token": token }))
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text());
    assert_eq!(preview.json()["firmName"], "Doe & Partners");
    assert_eq!(preview.json()["role"], "member");

    // Another email cannot use it; the invited one can (case and spacing aside), once.
    let res = app.join(&token, "Ed Roe", "ed@roe.com").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error(),
        "This invitation is for a different email address."
    );
    let res = app.join(&token, "Cy Poe", "CY.POE@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let cy = res.json();
    assert_eq!(cy["user"]["firmRole"], "member");
    assert_eq!(cy["user"]["firm"]["name"], "Doe & Partners");
    // The firm's answers are already there: the onboarding is not asked again.
    let profile = app.get("/api/firm").await.json();
    assert!(profile["firm"]["onboarding"].is_object());
    let res = app.join(&token, "Cy Poe", "cy.poe@doe-law.com").await;
    assert_eq!(res.status, StatusCode::GONE);
    assert_eq!(
        res.error(),
        "This invitation has already been used. Sign in, or ask for a new link."
    );
    let res = app
        .post("/api/auth/invitation", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::GONE);

    // The owner sees Cy among the members and no pending invitation.
    app.cookie = owner;
    let members = app.get("/api/firm/members").await.json();
    let names: Vec<&str> = members["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann Doe", "Cy Poe"]);
    assert!(members["items"][1]["lastActiveAt"].is_string());
    let pending = app.get("/api/firm/invitations").await.json();
    assert!(pending["items"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_withdrawn_or_unknown_link_says_so_and_another_firm_cannot_touch_an_invitation() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "dee@doe-law.com", "role": "viewer" }),
        )
        .await;
    let id = res.json()["invitation"]["id"].as_u64().unwrap();
    let token = res.json()["link"]
        .as_str()
        .unwrap()
        .split_once('#')
        .unwrap()
        .1
        .to_string();

    // Bo, of another firm, gets a 404 for Ann's invitation, as for none.
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let path = format!("/api/firm/invitations/{id}");
    assert_eq!(
        app.call(Method::DELETE, &path, None).await.status,
        StatusCode::NOT_FOUND
    );

    app.cookie = owner;
    assert_eq!(
        app.call(Method::DELETE, &path, None).await.status,
        StatusCode::NO_CONTENT
    );
    let res = app.join(&token, "Dee Doe", "dee@doe-law.com").await;
    assert_eq!(res.status, StatusCode::GONE);
    assert_eq!(
        res.error(),
        "This invitation was withdrawn. Ask the firm's owner or admin for a new link."
    );
    let res = app.join("not-a-token", "Dee Doe", "dee@doe-law.com").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        res.error(),
        "This invitation link is not valid. Check that you copied the whole link."
    );
    let long = "a".repeat(201);
    let res = app.join(&long, "Dee Doe", "dee@doe-law.com").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().starts_with("This link is not complete."));
    let res = app
        .post(
            "/api/auth/reset-password",
            json!({ "token": long, "newPassword": "a-new-long-secret-9" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    // A password too long is named whatever the link.
    let res = app
        .post(
            "/api/auth/reset-password",
            json!({ "token": "0123abcd", "newPassword": "x".repeat(129) }),
        )
        .await;
    assert_eq!(res.error(), "Password must be at most 128 characters long");
    // Nothing was created by the refused sign-ups.
    assert_eq!(
        app.sign_in("dee@doe-law.com", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn only_owners_and_admins_invite_and_only_owners_invite_owners() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    let admin_token = app.invite("ada@doe-law.com", "admin").await;
    let member_token = app.invite("mo@doe-law.com", "member").await;
    app.join(&admin_token, "Ada Doe", "ada@doe-law.com").await;
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "own@doe-law.com", "role": "owner" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "vi@doe-law.com", "role": "viewer" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    app.join(&member_token, "Mo Doe", "mo@doe-law.com").await;
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "x@doe-law.com", "role": "member" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.get("/api/firm/invitations").await.status,
        StatusCode::FORBIDDEN
    );

    app.cookie = owner;
    // Bad input is named; an email with an account cannot be invited.
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "nope", "role": "member" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "z@doe-law.com", "role": "boss" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = app
        .post(
            "/api/firm/invitations",
            json!({ "email": "mo@doe-law.com", "role": "member" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    // Inviting the same person again withdraws the earlier link.
    let first = app.invite("vi@doe-law.com", "viewer").await;
    let second = app.invite("vi@doe-law.com", "member").await;
    assert_eq!(
        app.join(&first, "Vi Doe", "vi@doe-law.com").await.status,
        StatusCode::GONE
    );
    let res = app.join(&second, "Vi Doe", "vi@doe-law.com").await;
    assert_eq!(res.json()["user"]["firmRole"], "member");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reset_link_sets_a_new_password_once_and_ends_the_members_sessions() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    let token = app.invite("cy@doe-law.com", "member").await;
    let cy = app.join(&token, "Cy Doe", "cy@doe-law.com").await.json();
    let cy_id = cy["user"]["id"].as_u64().unwrap();
    let cy_session = app.cookie.clone();
    // A member cannot issue one.
    let path = format!("/api/firm/members/{cy_id}/reset-link");
    assert_eq!(
        app.call(Method::POST, &path, None).await.status,
        StatusCode::FORBIDDEN
    );

    app.cookie = owner.clone();
    let res = app.call(Method::POST, &path, None).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let link = res.json()["link"].as_str().unwrap().to_string();
    assert!(link.starts_with("http://localhost/reset-password#"));
    let reset = link.split_once('#').unwrap().1.to_string();

    app.cookie = None;
    let weak = app
        .post(
            "/api/auth/reset-password",
            json!({ "token": reset, "newPassword": "password" }),
        )
        .await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST);
    let res = app
        .post(
            "/api/auth/reset-password",
            json!({ "token": reset, "newPassword": "a-new-long-secret-9" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    let again = app
        .post(
            "/api/auth/reset-password",
            json!({ "token": reset, "newPassword": "another-long-secret-9" }),
        )
        .await;
    assert_eq!(again.status, StatusCode::GONE);
    assert_eq!(
        again.error(),
        "This reset link has expired or was already used. Ask for a new one."
    );
    // Cy's open session ended, saying why; the old password no longer works, the new one does.
    app.cookie = cy_session;
    let me = app.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me.json()["reason"], "password_reset");
    assert_eq!(
        me.error(),
        "You were signed out because your password was reset."
    );
    app.cookie = None;
    assert_eq!(
        app.sign_in("cy@doe-law.com", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.sign_in("cy@doe-law.com", "a-new-long-secret-9")
            .await
            .status,
        StatusCode::OK
    );

    // Another firm's owner gets a 404 for Cy; the operator may issue one for anyone.
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert_eq!(
        app.call(Method::POST, &path, None).await.status,
        StatusCode::NOT_FOUND
    );
    let bo_id = app.get("/api/auth/me").await.json()["user"]["id"]
        .as_u64()
        .unwrap();
    assert_eq!(
        app.call(
            Method::POST,
            &format!("/api/admin/users/{cy_id}/reset-link"),
            None
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    app.cookie = owner;
    let res = app
        .call(
            Method::POST,
            &format!("/api/admin/users/{bo_id}/reset-link"),
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invite_only_install_refuses_sign_ups_without_an_invitation() {
    let mut app = TestApp::new();
    // The first account is the operator's, whatever the mode.
    app.sign_up().await;
    assert_eq!(
        app.get("/api/admin/settings").await.json()["signUp"],
        "open"
    );
    let res = app
        .call(
            Method::PUT,
            "/api/admin/settings",
            Some(json!({ "signUp": "invite-only" })),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["signUp"], "invite-only");
    let bad = app
        .call(
            Method::PUT,
            "/api/admin/settings",
            Some(json!({ "signUp": "closed" })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let token = app.invite("cy@doe-law.com", "member").await;

    app.cookie = None;
    let res = app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        res.error(),
        "This Litstack accepts new accounts by invitation only. Ask your firm's owner or admin to invite you."
    );
    let res = app.join(&token, "Cy Doe", "cy@doe-law.com").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // A member is not the operator.
    assert_eq!(
        app.get("/api/admin/settings").await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_audit_log_says_who_did_what_to_the_firms_accounts() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let owner = app.cookie.clone();
    let token = app.invite("cy@doe-law.com", "member").await;
    let cy = app.join(&token, "Cy Doe", "cy@doe-law.com").await.json();
    let cy_id = cy["user"]["id"].as_u64().unwrap();
    // A member does not read the log.
    assert_eq!(
        app.get("/api/firm/audit").await.status,
        StatusCode::FORBIDDEN
    );
    app.cookie = None;
    app.sign_in("cy@doe-law.com", "not-the-password-1").await;

    app.cookie = owner;
    let path = format!("/api/firm/members/{cy_id}");
    app.patch(&path, json!({ "role": "admin" })).await;
    app.patch(&path, json!({ "role": "owner" })).await;
    app.call(Method::POST, &format!("{path}/reset-link"), None)
        .await;
    app.get("/api/shortlist/brief.csv").await;
    app.call(Method::DELETE, &path, None).await;

    let log = app.get("/api/firm/audit").await.json();
    assert_eq!(
        crate::helpers::audit_actions(&log),
        [
            "member_removed",
            "brief_exported",
            "reset_link_issued",
            "owner_added",
            "role_changed",
            "sign_in_failed",
            "member_joined",
            "invitation_created",
        ]
    );
    let failed = &log["items"][5];
    assert!(failed["actor"].is_null());
    assert_eq!(failed["detail"], "A sign-in to cy@doe-law.com failed");
    let text = serde_json::to_string(&log).unwrap();
    assert!(!text.contains(PASSWORD) && !text.contains("not-the-password-1"));
    assert!(!text.contains(&token), "no token in the log");

    let csv = app.get("/api/firm/audit?format=csv").await;
    assert_eq!(csv.status, StatusCode::OK);
    let body = csv.text();
    assert!(body.starts_with("At,Who,Action,Detail\r\n"), "{body}");
    assert!(body.contains("Ann Doe,role_changed,Changed Cy Doe's role from member to admin"));
    let xml = app.get("/api/firm/audit?format=xml").await;
    assert_eq!(xml.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        xml.json()["error"],
        "Unknown format \"xml\": use csv, or leave it out for JSON"
    );
    // An unknown parameter is refused as JSON too; an empty format is the JSON log.
    let unknown = app.get("/api/firm/audit?type=csv").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.json()["error"].as_str().unwrap().contains("type"));
    let empty = app.get("/api/firm/audit?format=").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.json()["items"].as_array().is_some());

    // Another firm's log holds nothing of Ann's firm.
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let theirs = app.get("/api/firm/audit").await.json();
    assert!(theirs["items"].as_array().unwrap().is_empty());
}
