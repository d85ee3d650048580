//! The tech-stack form's API: GET/POST /api/profile/category-adoption and the interface
//! recommendations read (`firm_tools`, `tool_names`, `tool_integrations`).

use axum::http::StatusCode;
use litstack::platform::firm_id::FirmId;
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PATH: &str = "/api/profile/category-adoption";
const LEAD_GENERATION: u64 = 1;
const INTAKE: u64 = 2;
const PRACTICE_MANAGEMENT: u64 = 10;

// Fixture vendors with their own ids, so the tests do not depend on the seed catalog.
const DOCKETLY: u64 = 9001;
const RULERLY: u64 = 9002;
const RETIRED_INTAKE: u64 = 9003;
const LEADCO: u64 = 9201;
fn pm_tool(n: u64) -> u64 {
    9100 + n
}

fn fixture_csv() -> String {
    let mut csv =
        String::from("id,name,category,websiteUrl,bookingUrl,logoUrl,integrations,isActive\n");
    csv += "9001,Docketly,Intake,https://docketly.example,,https://docketly.example/logo.png,Clio;Filevine,true\n";
    csv += "9002,Rulerly,Intake,https://rulerly.example,,,Clio,true\n";
    csv += "9003,Retired Intake,Intake,https://retired.example,,,,false\n";
    csv += "9201,LeadCo,Lead Generation,https://leadco.example,,,Docketly,true\n";
    for n in 1..=10 {
        csv += &format!(
            "{},PM Tool {n},Practice Management,https://pm{n}.example,,,,true\n",
            pm_tool(n)
        );
    }
    csv
}

/// A signed-in user over a catalog that holds the fixture vendors.
async fn signed_in() -> TestApp {
    let mut app = TestApp::new();
    let report = litstack::catalog::vendor_csv::import_file(
        &app.state.sub(),
        fixture_csv().as_bytes(),
        None,
    )
    .unwrap();
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    app.sign_up().await;
    app
}

fn category(list: &Value, id: u64) -> Value {
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["category"]["id"] == id)
        .unwrap_or_else(|| panic!("category {id} missing from {list}"))
        .clone()
}

/// The fixture vendors a category offers, in the order listed (the seed's own are left out).
fn vendor_ids(item: &Value) -> Vec<u64> {
    let ids = item["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_u64().unwrap());
    ids.filter(|id| *id > 9000).collect()
}

async fn save(app: &mut TestApp, items: Value) -> crate::helpers::TestResponse {
    app.post(PATH, json!({ "items": items })).await
}

async fn refused(app: &mut TestApp, items: Value) -> String {
    let res = save(app, items).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    res.error()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_category_is_listed_unanswered_with_stages_first() {
    let mut app = signed_in().await;
    let res = app.get(PATH).await;
    assert_eq!(res.status, StatusCode::OK);
    let list = res.json();
    let names: Vec<&str> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["category"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Lead Generation",
            "Intake",
            "Document Drafting",
            "Medical Record Retrieval",
            "Demands & Medical Review",
            "Depositions & Court Reporting",
            "Trial Support",
            "Financial Services",
            "Staffing",
            "Document Management",
            "E-Discovery",
            "Financial Management",
            "Marketing Services",
            "Practice Management"
        ]
    );
    for item in list["items"].as_array().unwrap() {
        assert_eq!(item["adoption"], json!({"hasTool": null}));
        assert_eq!(item["selectedVendors"], json!([]));
        assert_eq!(item["otherVendors"], json!([]));
    }
    let intake = category(&list, INTAKE);
    assert_eq!(
        vendor_ids(&intake),
        [DOCKETLY, RULERLY],
        "active vendors only"
    );
    let names: Vec<String> = intake["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(names.is_sorted(), "vendors are listed by name: {names:?}");
    let docketly = intake["vendors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == DOCKETLY);
    assert_eq!(
        *docketly.unwrap(),
        json!({"id": DOCKETLY, "name": "Docketly",
               "logoUrl": "https://docketly.example/logo.png", "websiteUrl": "https://docketly.example"})
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn signed_out_visitors_cannot_read_or_save() {
    let mut app = TestApp::new();
    assert_eq!(app.get(PATH).await.status, StatusCode::UNAUTHORIZED);
    let res = save(&mut app, json!([{"categoryId": INTAKE, "hasTool": false}])).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_saved_stack_is_answered_back_and_kept() {
    let mut app = signed_in().await;
    let res = save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY, RULERLY],
                "primaryVendorId": RULERLY, "otherVendors": ["  Homegrown CRM  "]}]),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let saved = res.json();
    let intake = category(&saved, INTAKE);
    assert_eq!(intake["adoption"], json!({"hasTool": true}));
    assert_eq!(
        intake["selectedVendors"],
        json!([{"vendorId": DOCKETLY, "isPrimary": false}, {"vendorId": RULERLY, "isPrimary": true}])
    );
    assert_eq!(intake["otherVendors"], json!([{"name": "Homegrown CRM"}]));
    assert_eq!(
        app.get(PATH).await.json(),
        saved,
        "the answer is the saved state"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn only_the_categories_sent_change() {
    let mut app = signed_in().await;
    save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY]}]),
    )
    .await;
    let res = save(
        &mut app,
        json!([{"categoryId": LEAD_GENERATION, "hasTool": false}]),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let list = app.get(PATH).await.json();
    assert_eq!(
        category(&list, LEAD_GENERATION)["adoption"]["hasTool"],
        false
    );
    assert_eq!(
        category(&list, INTAKE)["selectedVendors"][0]["vendorId"],
        DOCKETLY
    );
    assert_eq!(
        category(&list, PRACTICE_MANAGEMENT)["adoption"]["hasTool"],
        json!(null)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn answering_no_clears_the_vendors_the_primary_and_the_others() {
    let mut app = signed_in().await;
    save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY],
                "primaryVendorId": DOCKETLY, "otherVendors": ["Homegrown"]}]),
    )
    .await;
    let res = save(&mut app, json!([{"categoryId": INTAKE, "hasTool": false}])).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let intake = category(&app.get(PATH).await.json(), INTAKE);
    assert_eq!(intake["adoption"]["hasTool"], false);
    assert_eq!(intake["selectedVendors"], json!([]));
    assert_eq!(intake["otherVendors"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn no_with_vendors_attached_is_refused_not_silently_dropped() {
    let mut app = signed_in().await;
    let expected = "Intake is answered No, so it cannot list vendors; answer Yes or remove them";
    for extra in [
        json!({"selectedVendorIds": [DOCKETLY]}),
        json!({"primaryVendorId": DOCKETLY}),
        json!({"otherVendors": ["Homegrown"]}),
    ] {
        let mut item = json!({"categoryId": INTAKE, "hasTool": false});
        item.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        assert_eq!(refused(&mut app, json!([item])).await, expected);
    }
    // Empty lists and blank names are not vendors.
    let ok = save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": false, "selectedVendorIds": [], "otherVendors": ["  "]}]),
    )
    .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let intake = ok.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["category"]["id"] == INTAKE)
        .cloned()
        .unwrap();
    assert_eq!(intake["adoption"], json!({ "hasTool": false }));
    assert_eq!(intake["selectedVendors"], json!([]));
    assert_eq!(
        intake["otherVendors"],
        json!([]),
        "a blank name is no vendor"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_categories_and_vendors_are_refused() {
    let mut app = signed_in().await;
    assert_eq!(
        refused(&mut app, json!([{"categoryId": 999, "hasTool": false}])).await,
        "There is no category with id 999"
    );
    assert_eq!(
        refused(
            &mut app,
            json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [424242]}])
        )
        .await,
        "There is no vendor with id 424242"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_vendor_from_another_category_is_refused() {
    let mut app = signed_in().await;
    let error = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [LEADCO]}]),
    )
    .await;
    assert_eq!(error, "LeadCo belongs to Lead Generation, not to Intake");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_primary_must_be_one_of_the_selected_vendors() {
    let mut app = signed_in().await;
    let error = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY],
                "primaryVendorId": RULERLY}]),
    )
    .await;
    assert_eq!(
        error,
        "The primary vendor of Intake must be one of its selected vendors"
    );
    let none_selected = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "primaryVendorId": RULERLY}]),
    )
    .await;
    assert_eq!(none_selected, error);
}

#[tokio::test(flavor = "multi_thread")]
async fn ten_vendors_listed_plus_other_are_allowed_and_eleven_are_not() {
    let mut app = signed_in().await;
    let nine: Vec<u64> = (1..=9).map(pm_tool).collect();
    let ten = save(
        &mut app,
        json!([{"categoryId": PRACTICE_MANAGEMENT, "hasTool": true, "selectedVendorIds": nine,
                "otherVendors": ["Homegrown"]}]),
    )
    .await;
    assert_eq!(ten.status, StatusCode::OK, "{}", ten.text());
    let error = refused(
        &mut app,
        json!([{"categoryId": PRACTICE_MANAGEMENT, "hasTool": true, "selectedVendorIds": nine,
                "otherVendors": ["Homegrown", "Spreadsheet"]}]),
    )
    .await;
    assert_eq!(
        error,
        "At most 10 vendors per category (listed plus other): Practice Management has 11"
    );
    let all: Vec<u64> = (1..=10).map(pm_tool).collect();
    let eleven_listed = refused(
        &mut app,
        json!([{"categoryId": PRACTICE_MANAGEMENT, "hasTool": true, "selectedVendorIds": all,
                "otherVendors": ["Homegrown"]}]),
    )
    .await;
    assert!(
        eleven_listed.starts_with("At most 10 vendors per category"),
        "{eleven_listed}"
    );
    let kept = category(&app.get(PATH).await.json(), PRACTICE_MANAGEMENT);
    assert_eq!(
        kept["selectedVendors"].as_array().unwrap().len(),
        9,
        "the refused saves changed nothing"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn other_names_are_limited_to_eighty_characters() {
    let mut app = signed_in().await;
    let eighty = "x".repeat(80);
    let ok = save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "otherVendors": [eighty]}]),
    )
    .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let error = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "otherVendors": ["y".repeat(81)]}]),
    )
    .await;
    assert!(
        error.starts_with("Other vendor names can be at most 80 characters"),
        "{error}"
    );
    // Characters, not bytes: 80 accented letters fit.
    let accented = "é".repeat(80);
    let ok = save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "otherVendors": [accented]}]),
    )
    .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn other_names_are_trimmed_blank_ones_ignored_and_repeats_collapsed() {
    let mut app = signed_in().await;
    let res = save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY],
                "otherVendors": ["   ", "", " MyCase ", "mycase", "MYCASE", "docketly", "RULERLY"]}]),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let intake = category(&res.json(), INTAKE);
    assert_eq!(intake["otherVendors"], json!([{"name": "MyCase"}]));
    // A typed name of a listed vendor means that vendor: counted once, selected once.
    assert_eq!(
        intake["selectedVendors"],
        json!([{"vendorId": DOCKETLY, "isPrimary": false}, {"vendorId": RULERLY, "isPrimary": false}])
    );
    let tabbed = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "otherVendors": ["a\nb"]}]),
    )
    .await;
    assert_eq!(
        tabbed,
        "Other vendor names cannot contain line breaks or tabs"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_without_items_is_refused() {
    let mut app = signed_in().await;
    for body in [json!({}), json!({"items": []}), json!({"items": null})] {
        let res = app.post(PATH, body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST);
        assert_eq!(res.error(), "Answer at least one category before saving.");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn malformed_items_are_refused_with_a_reason() {
    let mut app = signed_in().await;
    let twice = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": false}, {"categoryId": INTAKE, "hasTool": true}]),
    )
    .await;
    assert_eq!(
        twice,
        "Intake appears more than once; send each category once"
    );
    let unanswered = refused(&mut app, json!([{"categoryId": INTAKE}])).await;
    assert_eq!(
        unanswered,
        "Answer Yes or No for Intake (hasTool must be true or false)"
    );
    let smuggled = refused(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "userId": 1}]),
    )
    .await;
    assert!(smuggled.contains("unknown field `userId`"), "{smuggled}");
    let top = app.post(PATH, json!({"items": [], "userId": 7})).await;
    assert_eq!(top.status, StatusCode::BAD_REQUEST);
    let wrong_type = refused(&mut app, json!([{"categoryId": "two", "hasTool": true}])).await;
    assert!(wrong_type.starts_with("Invalid request"), "{wrong_type}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_save_with_one_bad_category_writes_nothing() {
    let mut app = signed_in().await;
    let before = app.get(PATH).await.json();
    let error = refused(
        &mut app,
        json!([{"categoryId": LEAD_GENERATION, "hasTool": true, "selectedVendorIds": [LEADCO]},
               {"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [LEADCO]}]),
    )
    .await;
    assert_eq!(error, "LeadCo belongs to Lead Generation, not to Intake");
    assert_eq!(app.get(PATH).await.json(), before);
}

#[tokio::test(flavor = "multi_thread")]
async fn each_user_sees_only_their_own_stack() {
    let mut app = signed_in().await;
    save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY]}]),
    )
    .await;
    app.cookie = None;
    app.sign_up_as("Bo Roe", "bo@roe-law.com").await;
    let theirs = category(&app.get(PATH).await.json(), INTAKE);
    assert_eq!(theirs["adoption"]["hasTool"], json!(null));
    assert_eq!(theirs["selectedVendors"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_inactive_vendor_is_listed_only_to_users_who_selected_it() {
    let mut app = signed_in().await;
    assert!(!vendor_ids(&category(&app.get(PATH).await.json(), INTAKE)).contains(&RETIRED_INTAKE));
    let res = save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [RETIRED_INTAKE]}]),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let intake = category(&res.json(), INTAKE);
    assert_eq!(vendor_ids(&intake), [DOCKETLY, RETIRED_INTAKE, RULERLY]);
    assert_eq!(intake["selectedVendors"][0]["vendorId"], RETIRED_INTAKE);
}

#[tokio::test(flavor = "multi_thread")]
async fn recommendations_read_the_firms_tools_names_and_integrations_in_one_call() {
    let mut app = signed_in().await;
    let me = app.get("/api/auth/me").await.json();
    let user_id = me["user"]["id"].as_u64().unwrap();
    save(
        &mut app,
        json!([{"categoryId": INTAKE, "hasTool": true, "selectedVendorIds": [DOCKETLY, RULERLY],
                "primaryVendorId": DOCKETLY, "otherVendors": ["Homegrown CRM", "rulerly"]},
               {"categoryId": LEAD_GENERATION, "hasTool": false}]),
    )
    .await;
    let (store, catalog) = (&app.state.store, &app.state.catalog.load());
    let tools =
        litstack::techstack::firm_tools(store, catalog, FirmId::for_fixtures(user_id)).unwrap();
    assert_eq!(
        tools,
        [
            litstack::techstack::FirmTools {
                category_id: LEAD_GENERATION,
                has_tool: Some(false),
                vendor_ids: vec![],
                primary_vendor_id: None,
                other_vendors: vec![],
            },
            litstack::techstack::FirmTools {
                category_id: INTAKE,
                has_tool: Some(true),
                vendor_ids: vec![DOCKETLY, RULERLY],
                primary_vendor_id: Some(DOCKETLY),
                other_vendors: vec!["Homegrown CRM".into()],
            },
        ]
    );
    assert_eq!(
        litstack::techstack::tool_names(catalog, &tools),
        ["Docketly", "Rulerly", "Homegrown CRM"]
    );
    assert_eq!(
        litstack::techstack::tool_integrations(catalog, &tools),
        ["Clio", "Filevine"]
    );
    assert_eq!(
        litstack::techstack::firm_tools(store, catalog, FirmId::for_fixtures(user_id + 1)).unwrap(),
        []
    );
}
