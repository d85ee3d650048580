//! Vendor logos are copied and served by Litstack (issue 47), so no firm user's browser asks a
//! vendor's server: the operator's logo link and a vendor's approved one are fetched once from a
//! real HTTP server on loopback, stored, and served at `/api/logos/...`; what is not a raster
//! image or too large is refused with its reason, and a redirect, a missing file, a closed port
//! or a private address (unless the install names the host) with one refusal that tells them
//! not apart; nothing changes.

use axum::http::{StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "quiet-harbour-lantern-42";

/// The one refusal of a logo that could not be fetched, whatever the reason.
const COULD_NOT_FETCH: &str = "Litstack could not fetch the logo from that address: give the \
     image's own address on a public web server";

fn png(seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend(std::iter::repeat_n(seed, 64));
    bytes
}

/// A vendor's web server on loopback: two logos, an SVG, one too large, a redirect.
pub async fn vendor_server() -> String {
    use axum::routing::get;
    let app = axum::Router::new()
        .route("/logo.png", get(|| async { png(1) }))
        .route("/other.png", get(|| async { png(2) }))
        .route(
            "/logo.svg",
            get(|| async { "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>1</script></svg>" }),
        )
        .route(
            "/huge.png",
            get(|| async {
                let mut b = png(3);
                b.resize(600 * 1024, 0);
                b
            }),
        )
        .route(
            "/moved.png",
            get(|| async {
                (
                    StatusCode::FOUND,
                    [(header::LOCATION, "http://169.254.169.254/")],
                )
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

fn first_vendor(app: &TestApp) -> u64 {
    let catalog = app.state.catalog.load();
    catalog.vendors.iter().find(|v| v.is_active).unwrap().id
}

async fn logo_of(app: &mut TestApp, id: u64) -> Value {
    app.get(&format!("/api/vendors/{id}")).await.json()["logoUrl"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operators_logo_is_copied_served_and_replaced() {
    let base = vendor_server().await;
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    app.sign_up().await;
    let id = first_vendor(&app);

    let res = app
        .patch(
            &format!("/api/admin/vendors/{id}"),
            json!({ "logoUrl": format!("{base}/logo.png") }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let served = res.json()["logoUrl"].as_str().unwrap().to_string();
    assert!(served.starts_with(&format!("/api/logos/{id}/")), "{served}");
    assert_eq!(logo_of(&mut app, id).await, served.as_str());

    // Anyone may fetch it, the browser keeps it, and it is the vendor's bytes.
    let saved = app.cookie.take();
    let image = app.get(&served).await;
    assert_eq!(image.status, StatusCode::OK);
    assert_eq!(image.headers[header::CONTENT_TYPE], "image/png");
    assert!(
        image.headers[header::CACHE_CONTROL]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    assert_eq!(image.body, png(1));
    for wrong in [
        format!("/api/logos/{id}/{}", "0".repeat(64)),
        format!("/api/logos/{id}/not-a-hash"),
        format!("/api/logos/{}/{}", id + 1000, &served[served.len() - 64..]),
    ] {
        assert_eq!(
            app.get(&wrong).await.status,
            StatusCode::NOT_FOUND,
            "{wrong}"
        );
    }
    app.cookie = saved;

    // What cannot be copied is refused with its reason, and the logo stays.
    for (path, says) in [
        ("/logo.svg", "not a PNG, JPEG, GIF or WebP"),
        ("/huge.png", "larger than 512 KB"),
    ] {
        let res = app
            .patch(
                &format!("/api/admin/vendors/{id}"),
                json!({ "logoUrl": format!("{base}{path}") }),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            res.text()
        );
        assert!(res.error().contains(says), "{path}: {}", res.error());
    }
    // A redirect, a missing file and a closed port are one refusal: the answers tell nothing
    // of what listens where.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/logo.png", listener.local_addr().unwrap())
    };
    for link in [
        format!("{base}/moved.png"),
        format!("{base}/missing.png"),
        closed,
    ] {
        let res = app
            .patch(
                &format!("/api/admin/vendors/{id}"),
                json!({ "logoUrl": link }),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{link}: {}",
            res.text()
        );
        assert_eq!(res.error(), COULD_NOT_FETCH, "{link}");
    }
    let res = app
        .patch(
            &format!("/api/admin/vendors/{id}"),
            json!({ "logoUrl": "javascript:alert(1)" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().starts_with("logoUrl: "), "{}", res.error());
    assert_eq!(logo_of(&mut app, id).await, served.as_str());

    // A copy made for an update that is refused for another field is not kept.
    let res = app
        .patch(
            &format!("/api/admin/vendors/{id}"),
            json!({ "logoUrl": format!("{base}/other.png"), "partnerLevel": "Platinum" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let other = {
        use sha2::Digest;
        hex::encode(sha2::Sha256::digest(png(2)))
    };
    let orphan = format!("/api/logos/{id}/{other}");
    assert_eq!(app.get(&orphan).await.status, StatusCode::NOT_FOUND);
    assert_eq!(logo_of(&mut app, id).await, served.as_str());

    // A new logo replaces the copy; the old one is gone. Clearing it removes the last one.
    let res = app
        .patch(
            &format!("/api/admin/vendors/{id}"),
            json!({ "logoUrl": format!("{base}/other.png") }),
        )
        .await;
    let replaced = res.json()["logoUrl"].as_str().unwrap().to_string();
    assert_eq!(replaced, orphan);
    assert_eq!(app.get(&served).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&replaced).await.body, png(2));
    let res = app
        .patch(
            &format!("/api/admin/vendors/{id}"),
            json!({ "logoUrl": null }),
        )
        .await;
    assert!(res.json()["logoUrl"].is_null(), "{}", res.text());
    assert_eq!(app.get(&replaced).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_private_address_is_not_fetched_unless_the_install_allows_it() {
    let base = vendor_server().await;
    let mut app = TestApp::new();
    app.sign_up().await;
    let id = first_vendor(&app);
    let res = app
        .patch(
            &format!("/api/admin/vendors/{id}"),
            json!({ "logoUrl": format!("{base}/logo.png") }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(res.error(), COULD_NOT_FETCH);
    assert!(logo_of(&mut app, id).await.is_null());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendors_logo_is_copied_when_the_operator_approves_it() {
    let base = vendor_server().await;
    let mut app = TestApp::with_config(crate::helpers::fetch_from_loopback);
    app.sign_up().await;
    let id = first_vendor(&app);
    let token =
        crate::vendor_accounts::handed_over_invitation(&mut app, id, "pat@anywhere.test").await;
    let operator = app.cookie.take();
    let res = app
        .post(
            "/api/vendor/links/accept",
            json!({ "token": token, "name": "Pat", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    // A link that is not http(s) is refused at once; an SVG only when the copy is tried.
    let res = app
        .post(
            "/api/vendor/proposals",
            json!({ "logoUrl": "javascript:alert(1)" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.error().starts_with("logoUrl: "), "{}", res.error());
    for path in ["/logo.svg", "/logo.png"] {
        let res = app
            .post(
                "/api/vendor/proposals",
                json!({ "logoUrl": format!("{base}{path}") }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    }
    let vendor_cookie = app.vendor_cookie.take();
    app.cookie = operator;
    let queue = app.get("/api/admin/vendor-proposals").await.json();
    let open = queue["open"].as_array().unwrap();
    assert_eq!(open.len(), 2, "{queue}");
    let by_logo = |ending: &str| {
        open.iter()
            .find(|p| {
                p["changes"][0]["proposed"]
                    .as_str()
                    .is_some_and(|v| v.ends_with(ending))
            })
            .unwrap()["id"]
            .as_u64()
            .unwrap()
    };
    let (svg, good) = (by_logo(".svg"), by_logo(".png"));

    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{svg}/decision"),
            json!({ "approve": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert!(
        res.error().contains("Reject the proposal"),
        "{}",
        res.error()
    );
    assert!(logo_of(&mut app, id).await.is_null());
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{svg}/decision"),
            json!({ "approve": false, "reason": "An SVG cannot be shown" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{good}/decision"),
            json!({ "approve": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let logo = logo_of(&mut app, id).await;
    let served = logo.as_str().unwrap();
    assert!(served.starts_with(&format!("/api/logos/{id}/")), "{served}");
    let profile = app.get(&format!("/api/vendors/{id}")).await.json();
    assert_eq!(profile["facts"]["logo"]["kind"], "vendor", "{profile}");
    assert_eq!(app.get(served).await.body, png(1));

    // The vendor sees its listing with the copy, as firms do.
    let operator_again = app.cookie.take();
    app.vendor_cookie = vendor_cookie;
    let me = app.get("/api/vendor/me").await.json();
    assert_eq!(me["listing"]["logoUrl"], served, "{me}");

    // The vendor proposes no logo; approved, the copy goes too.
    let res = app
        .post("/api/vendor/proposals", json!({ "logoUrl": null }))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let removal = res.json()["id"].as_u64().unwrap();
    app.vendor_cookie = None;
    app.cookie = operator_again;
    let res = app
        .post(
            &format!("/api/admin/vendor-proposals/{removal}/decision"),
            json!({ "approve": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert!(logo_of(&mut app, id).await.is_null());
    assert_eq!(app.get(served).await.status, StatusCode::NOT_FOUND);
}
