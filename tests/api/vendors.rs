//! The vendor directory's data as the Browse Vendors screen reads it.

use axum::http::StatusCode;

use crate::helpers::TestApp;

#[tokio::test]
async fn markup_in_vendor_text_is_kept_verbatim_for_the_page_to_show_as_text() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.import_vendors(
        "name,category,websiteUrl,bookingUrl,description,shortHighlights
<img src=x onerror=alert(1)>,Intake,https://x.example.com,,<script>alert('hi')</script> & more,<b>bold</b>;plain
",
    );

    let page = app.get("/api/vendors?q=onerror").await.json();

    assert_eq!(page["total"], 1);
    let v = &page["items"][0];
    assert_eq!(v["name"], "<img src=x onerror=alert(1)>");
    assert_eq!(v["description"], "<script>alert('hi')</script> & more");
    assert_eq!(v["shortHighlights"][0], "<b>bold</b>");
    assert_eq!(v["categoryName"], "Intake");
    assert!(v["bookingUrl"].is_null());
}

#[tokio::test]
async fn the_client_config_carries_the_privacy_setting_and_utm_tag() {
    let mut app = TestApp::with_config(|c| {
        c.third_party_logos = false;
        c.utm_source = "acme".into();
    });
    app.sign_up().await;

    let config = app.get("/api/config").await;

    assert_eq!(config.status, StatusCode::OK);
    assert_eq!(config.json()["thirdPartyLogos"], false);
    assert_eq!(config.json()["utmSource"], "acme");
}

#[tokio::test]
async fn inactive_vendors_show_only_when_asked_for() {
    let mut app = TestApp::new();
    app.sign_up().await;
    app.import_vendors(
        "name,category,websiteUrl,bookingUrl,isActive
Zyxwq Retired Tools,Staffing,https://retired.example.com,,false
",
    );

    let hidden = app.get("/api/vendors?q=zyxwq").await.json();
    let shown = app
        .get("/api/vendors?q=zyxwq&includeInactive=true")
        .await
        .json();

    assert_eq!(hidden["total"], 0);
    assert_eq!(shown["total"], 1);
    assert_eq!(shown["items"][0]["isActive"], false);
}
