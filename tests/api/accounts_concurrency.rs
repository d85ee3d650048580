//! The accounts invariants that redb's single writer gives, under requests fired at once at one
//! router (so each goes through the real storage of the backend under test): one account per
//! email, exactly one first admin, ids never reused, one live invitation link per person; in hub
//! mode also across two nodes.

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use serde_json::json;
use tower::ServiceExt;

use crate::helpers::{PASSWORD, TestApp, on_postgres};

fn sign_up_request(name: &str, email: &str) -> Request<Body> {
    Request::post("/api/auth/sign-up")
        .header(header::HOST, "localhost")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"name": name, "email": email, "password": PASSWORD, "lawFirm": "F"}).to_string(),
        ))
        .unwrap()
}

/// Sends every sign-up at once; answers with each one's status and body, in request order.
async fn sign_up_all(
    router: &Router,
    people: &[(String, String)],
) -> Vec<(StatusCode, serde_json::Value)> {
    // Spawned before any is awaited, so they all run at once.
    let sends: Vec<_> = people
        .iter()
        .map(|(name, email)| {
            let router = router.clone();
            let req = sign_up_request(name, email);
            tokio::spawn(async move {
                let res = router.oneshot(req).await.unwrap();
                let status = res.status();
                let body = http_body_util::BodyExt::collect(res.into_body())
                    .await
                    .unwrap()
                    .to_bytes();
                (status, serde_json::from_slice(&body).unwrap())
            })
        })
        .collect();
    let mut answers = Vec::new();
    for send in sends {
        answers.push(send.await.unwrap());
    }
    answers
}

fn user_ids(app: &TestApp) -> Vec<u64> {
    litstack::accounts::all_users(&app.state.store)
        .unwrap()
        .iter()
        .map(|u| u.id)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sign_ups_at_once_with_one_email_make_one_account_and_the_rest_409() {
    let app = TestApp::new();
    let people: Vec<_> = (0..8)
        .map(|i| {
            (
                format!("N{i}"),
                format!("{}@x.com", if i % 2 == 0 { "same" } else { "SAME" }),
            )
        })
        .collect();
    let answers = sign_up_all(&app.router, &people).await;
    let created = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .count();
    assert_eq!(created, 1, "{answers:?}");
    for (status, body) in &answers {
        if *status != StatusCode::CREATED {
            assert_eq!(*status, StatusCode::CONFLICT);
            assert_eq!(body["error"], "An account with this email already exists");
        }
    }
    assert_eq!(user_ids(&app), vec![1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn first_sign_ups_at_once_make_exactly_one_admin() {
    let app = TestApp::new();
    let people: Vec<_> = (0..8)
        .map(|i| (format!("N{i}"), format!("n{i}@x.com")))
        .collect();
    let answers = sign_up_all(&app.router, &people).await;
    assert!(
        answers.iter().all(|(s, _)| *s == StatusCode::CREATED),
        "{answers:?}"
    );
    let admins: Vec<_> = answers
        .iter()
        .filter(|(_, body)| body["user"]["isAdmin"] == true)
        .map(|(_, body)| body["user"]["id"].as_u64().unwrap())
        .collect();
    assert_eq!(
        admins,
        vec![1],
        "the first account, and only it, is the admin"
    );
    assert_eq!(user_ids(&app), (1..=8).collect::<Vec<u64>>());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ids_are_never_reused_and_a_refused_sign_up_takes_none() {
    let app = TestApp::new();
    let mut people: Vec<_> = (0..6)
        .map(|i| (format!("N{i}"), format!("n{i}@x.com")))
        .collect();
    // Half of them again: each a 409 that must leave no gap and no second owner of an id.
    people.extend((0..3).map(|i| (format!("Again{i}"), format!("N{i}@X.com"))));
    let answers = sign_up_all(&app.router, &people).await;
    let mut ids: Vec<u64> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .map(|(_, body)| body["user"]["id"].as_u64().unwrap())
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, (1..=6).collect::<Vec<u64>>());
    let later = sign_up_all(&app.router, &[("Late".into(), "late@x.com".into())]).await;
    assert_eq!(later[0].1["user"]["id"], 7);
    assert_eq!(user_ids(&app), (1..=7).collect::<Vec<u64>>());
}

/// A second node on the test app's database (hub mode only).
fn second_node(app: &TestApp) -> (litstack::AppState, Router) {
    let state = litstack::AppState::open((*app.state.config).clone()).unwrap();
    let router = litstack::app(state.clone());
    (state, router)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn in_hub_mode_every_node_accepts_the_one_setup_token_and_it_is_claimed_once() {
    if !on_postgres() {
        return;
    }
    let app = TestApp::new();
    let (b, b_router) = second_node(&app);
    let token_a = litstack::accounts::require_setup_token_if_unclaimed(&app.state.sub())
        .unwrap()
        .unwrap();
    let token_b = litstack::accounts::require_setup_token_if_unclaimed(&b.sub())
        .unwrap()
        .unwrap();
    assert_eq!(token_a, token_b, "both nodes print the same token");

    let with_token = |token: &str, email: &str| {
        Request::post("/api/auth/sign-up")
            .header(header::HOST, "localhost")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                json!({"name": "Ann", "email": email, "password": PASSWORD, "lawFirm": "F", "setupToken": token})
                    .to_string(),
            ))
            .unwrap()
    };
    // Node B accepts the token node A created.
    let owner = b_router
        .clone()
        .oneshot(with_token(&token_a, "ann@x.com"))
        .await
        .unwrap();
    assert_eq!(owner.status(), StatusCode::CREATED);
    // Node A, which still holds the token in memory, sees it claimed.
    let setup = app
        .router
        .clone()
        .oneshot(
            Request::get("/api/auth/setup")
                .header(header::HOST, "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let body = http_body_util::BodyExt::collect(setup.into_body())
        .await
        .unwrap()
        .to_bytes();
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&body).unwrap()["setupTokenRequired"],
        false
    );
    let second = app
        .router
        .clone()
        .oneshot(with_token(&token_a, "bo@x.com"))
        .await
        .unwrap();
    assert_eq!(second.status(), StatusCode::CREATED);
    let users = litstack::accounts::all_users(&b.store).unwrap();
    let admins: Vec<_> = users
        .iter()
        .filter(|u| u.is_admin)
        .map(|u| u.email.as_str())
        .collect();
    assert_eq!(admins, vec!["ann@x.com"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn in_hub_mode_failed_sign_ins_are_counted_across_nodes() {
    if !on_postgres() {
        return;
    }
    let mut app = TestApp::new();
    app.sign_up().await;
    let (_b, b_router) = second_node(&app);
    let sign_in = || {
        Request::post("/api/auth/sign-in")
            .header(header::HOST, "localhost")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                json!({"email": "ann@doe-law.com", "password": "wrong-password"}).to_string(),
            ))
            .unwrap()
    };
    // Ten failures allowed per account, whichever node counts them.
    for i in 0..10 {
        let router = if i % 2 == 0 { &app.router } else { &b_router };
        let res = router.clone().oneshot(sign_in()).await.unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "attempt {i}");
    }
    for router in [&app.router, &b_router] {
        let res = router.clone().oneshot(sign_in()).await.unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(res.headers().contains_key(header::RETRY_AFTER));
    }
}

/// Sends `req` through `router` on a task of its own; answers its status and JSON body.
fn send_on(
    router: &Router,
    req: Request<Body>,
) -> tokio::task::JoinHandle<(StatusCode, serde_json::Value)> {
    let router = router.clone();
    tokio::spawn(async move {
        let res = router.oneshot(req).await.unwrap();
        let status = res.status();
        let body = http_body_util::BodyExt::collect(res.into_body())
            .await
            .unwrap()
            .to_bytes();
        (status, serde_json::from_slice(&body).unwrap_or_default())
    })
}

/// Two invitations of one person sent at the same instant, an admin's and a viewer's (on a hub
/// through two nodes of one database): both are made, and exactly one link still opens the
/// door; the firm lists one pending invitation of them. Both links once stayed live, so the stale
/// one could make an admin of a person meant to be a viewer.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn invitations_of_one_person_at_once_leave_one_live_link() {
    let mut app = TestApp::new();
    app.sign_up().await;
    let node_b = on_postgres().then(|| second_node(&app));
    let b_router = node_b
        .as_ref()
        .map_or_else(|| app.router.clone(), |(_, router)| router.clone());
    for round in 0..12 {
        let email = format!("pat{round}@doe-law.com");
        let invite = |role: &str| {
            app.json_request(
                Method::POST,
                "/api/firm/invitations",
                json!({ "email": email, "role": role }),
            )
        };
        // Spawned before either is awaited, so they run at once.
        let sends = [
            send_on(&app.router, invite("admin")),
            send_on(&b_router, invite("viewer")),
        ];
        let mut tokens = Vec::new();
        for send in sends {
            let (status, body) = send.await.unwrap();
            assert_eq!(status, StatusCode::CREATED, "round {round}: {body}");
            let link = body["link"].as_str().unwrap();
            tokens.push(link.split_once("/join#").unwrap().1.to_string());
        }

        let mut usable = 0;
        for token in &tokens {
            let look_up = json!({ "token": token });
            let res = app.post("/api/auth/invitation", look_up).await;
            match res.status {
                StatusCode::OK => usable += 1,
                StatusCode::GONE => assert!(res.error().contains("withdrawn"), "{}", res.error()),
                other => panic!("round {round}: {other} {}", res.text()),
            }
        }
        assert_eq!(usable, 1, "round {round}: one live link per person");
        let pending = app.get("/api/firm/invitations").await.json();
        let of_them = pending["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["email"] == email.as_str())
            .count();
        assert_eq!(of_them, 1, "round {round}: {pending}");
    }
}
