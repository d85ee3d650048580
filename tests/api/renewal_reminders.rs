//! Renewal reminders (issue 32; run under scripts/with-smtp.sh, both backends): at 90, 60 and 30
//! days before a contract's opt-out deadline and on the day, the person responsible and the
//! firm's owners (a person both is told once) hear it under the bell and by mail, each milestone
//! once across a restart and two hub nodes; a tool taken out of the stack sends nothing; email
//! turned off leaves the bell.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use chrono::{Days, NaiveDate};
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::mail::{received, smtp_url};

fn address(name: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    format!(
        "{name}.{}.{}@remind-test.example",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// The contracts renew on 2025-01-01 with 30 days' notice: the deadline is 2024-12-02. In the
/// past, as every day the tests run the reminders for: a message is queued for its notice's time,
/// and the sender sends what is due by the real clock.
const DEADLINE: &str = "2024-12-02";

fn deadline() -> NaiveDate {
    DEADLINE.parse().unwrap()
}

/// Unix seconds of `days` before the deadline (negative: after), at `hour`:00 UTC.
fn before(days: i64, hour: u32) -> i64 {
    let day = if days >= 0 {
        deadline() - Days::new(days as u64)
    } else {
        deadline() + Days::new((-days) as u64)
    };
    day.and_hms_opt(hour, 0, 0).unwrap().and_utc().timestamp()
}

/// The renewal reminders `to` received by mail, oldest first (the invitation left out).
fn mailed(to: &str, n: usize) -> Vec<Value> {
    let started = std::time::Instant::now();
    loop {
        let got: Vec<Value> = received(to)
            .into_iter()
            .filter(|m| m["subject"].as_str().unwrap().starts_with("Notice for "))
            .collect();
        if got.len() >= n || started.elapsed() > Duration::from_secs(15) {
            return got;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn remind(app: &TestApp, now: i64) -> usize {
    litstack::techstack::reminders::run_once(&app.state.sub(), Some("http://localhost"), now)
        .unwrap()
}

async fn send_due(app: &TestApp) -> usize {
    litstack::mail::sender::send_due(&app.state.sub())
        .await
        .unwrap()
}

struct Firm {
    owner: String,
    owner_email: String,
    member: String,
    member_email: String,
    tools: [u64; 2],
    names: [String; 2],
}

fn ok(res: crate::helpers::TestResponse) -> Value {
    assert!(res.status.is_success(), "{}", res.text());
    if res.status == StatusCode::NO_CONTENT {
        Value::Null
    } else {
        res.json()
    }
}

async fn list_tools(app: &mut TestApp, category: u64, vendors: &[u64]) {
    let body = json!({ "items": [{
        "categoryId": category, "hasTool": !vendors.is_empty(), "selectedVendorIds": vendors
    }] });
    ok(app.post("/api/profile/category-adoption", body).await);
}

/// Ann (owner, the operator) with mail on when `mail`, Ro (member); two tools of one category in
/// the stack, each with a contract whose deadline is `DEADLINE`: Ro is responsible for the first,
/// Ann for the second.
async fn firm(app: &mut TestApp, mail: bool) -> (Firm, u64) {
    let owner_email = address("ann");
    let res = app.sign_up_as("Ann Doe", &owner_email).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let ann = res.json()["user"]["id"].as_u64().unwrap();
    if mail {
        let body = json!({ "smtpUrl": smtp_url(), "from": "Litstack <litstack@doe-law.example>" });
        ok(app.call(Method::PUT, "/api/admin/mail", Some(body)).await);
    }
    let member_email = address("ro");
    let token = app.invite(&member_email, "member").await;
    let owner = app.cookie.take().unwrap();
    let joined = ok(app.join(&token, "Ro Lee", &member_email).await);
    let ro = joined["user"]["id"].as_u64().unwrap();
    let member = app.cookie.take().unwrap();

    app.cookie = Some(owner.clone());
    let list = app.get("/api/profile/category-adoption").await.json();
    let item = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["vendors"].as_array().unwrap().len() >= 2)
        .expect("a category with two vendors")
        .clone();
    let category = item["category"]["id"].as_u64().unwrap();
    let tools = [0, 1].map(|n| item["vendors"][n]["id"].as_u64().unwrap());
    list_tools(app, category, &tools).await;
    for (tool, responsible) in [(tools[0], ro), (tools[1], ann)] {
        let body = json!({
            "startDate": "2024-01-01", "termMonths": 12, "noticeDays": 30,
            "annualCost": 120_000, "seats": 5, "responsibleUserId": responsible
        });
        ok(app
            .call(
                Method::PUT,
                &format!("/api/techstack/{tool}/contract"),
                Some(body),
            )
            .await);
    }
    let names = [0, 1].map(|n| {
        let catalog = app.state.catalog.load();
        catalog.vendor(tools[n]).unwrap().name.clone()
    });
    let f = Firm {
        owner,
        owner_email,
        member,
        member_email,
        tools,
        names,
    };
    (f, category)
}

/// The caller's renewal reminders, newest first.
async fn bell(app: &mut TestApp, cookie: &str) -> Vec<Value> {
    app.cookie = Some(cookie.to_string());
    let bell = app.get("/api/notifications").await.json();
    bell["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "renewalReminder")
        .cloned()
        .collect()
}

fn titles(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .map(|i| i["title"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn renewal_reminders_go_out_once_at_90_60_30_and_0_days_to_the_responsible_and_the_owners() {
    let mut app = TestApp::new();
    let (f, category) = firm(&mut app, true).await;
    let [a, b] = f.names.clone();

    // A day too early: nothing. At 90 days: one milestone per contract.
    assert_eq!(remind(&app, before(91, 9)), 0);
    assert_eq!(remind(&app, before(90, 6)), 2);
    let ro = bell(&mut app, &f.member).await;
    assert_eq!(
        titles(&ro),
        [format!("Notice for {a} is due in 90 days ({DEADLINE})")],
        "Ro hears of the contract Ro is responsible for"
    );
    assert_eq!(ro[0]["link"], "/tech-stack#renewals-heading");
    assert!(
        ro[0]["body"].as_str().unwrap().contains("2025-01-01"),
        "{}",
        ro[0]["body"]
    );
    let mut ann = titles(&bell(&mut app, &f.owner).await);
    ann.sort();
    let mut expected = vec![
        format!("Notice for {a} is due in 90 days ({DEADLINE})"),
        format!("Notice for {b} is due in 90 days ({DEADLINE})"),
    ];
    expected.sort();
    assert_eq!(
        ann, expected,
        "the owner hears of both, once each (responsible and owner of the second)"
    );
    send_due(&app).await;
    let mail = mailed(&f.member_email, 1);
    assert_eq!(mail.len(), 1);
    assert_eq!(
        mail[0]["subject"],
        format!("Notice for {a} is due in 90 days ({DEADLINE})")
    );
    assert!(
        mail[0]["text"]
            .as_str()
            .unwrap()
            .contains("http://localhost/tech-stack#renewals-heading")
    );
    assert!(
        mail[0]["listUnsubscribe"].is_string(),
        "not a security kind"
    );
    assert_eq!(mailed(&f.owner_email, 2).len(), 2);

    // The same day again, and after a restart: nothing new.
    assert_eq!(remind(&app, before(90, 18)), 0, "once");
    let mut app = app.restarted();
    assert_eq!(remind(&app, before(89, 9)), 0, "not again after a restart");
    assert_eq!(bell(&mut app, &f.member).await.len(), 1);
    assert_eq!(bell(&mut app, &f.owner).await.len(), 2);

    // 60 days: one each.
    assert_eq!(remind(&app, before(61, 9)), 0);
    assert_eq!(remind(&app, before(60, 9)), 2);
    assert_eq!(remind(&app, before(60, 10)), 0);
    assert_eq!(
        titles(&bell(&mut app, &f.member).await)[0],
        format!("Notice for {a} is due in 60 days ({DEADLINE})")
    );

    // The second tool leaves the stack: its contract sends nothing more. Ro turns email off.
    app.cookie = Some(f.owner.clone());
    list_tools(&mut app, category, &[f.tools[0]]).await;
    app.cookie = Some(f.member.clone());
    let off = json!({ "renewalReminder": { "email": false, "inApp": true } });
    let prefs = ok(app
        .call(Method::PUT, "/api/me/notifications", Some(off))
        .await);
    let kind = prefs["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "renewalReminder")
        .unwrap()
        .clone();
    assert_eq!(kind["label"], "Renewal notice deadlines");
    assert_eq!(kind["email"], false);
    assert_eq!(kind["security"], false);

    // 30 days: only the first tool's, under Ro's bell but not in Ro's mail.
    assert_eq!(remind(&app, before(30, 9)), 1);
    assert_eq!(remind(&app, before(29, 9)), 0);
    assert_eq!(
        titles(&bell(&mut app, &f.member).await)[0],
        format!("Notice for {a} is due in 30 days ({DEADLINE})")
    );
    // The day: "due today". Then nothing more.
    assert_eq!(remind(&app, before(1, 9)), 0);
    assert_eq!(remind(&app, before(0, 9)), 1);
    assert_eq!(remind(&app, before(-1, 9)), 0);
    let ro = bell(&mut app, &f.member).await;
    assert_eq!(ro.len(), 4, "90, 60, 30 and 0 days");
    assert_eq!(ro[0]["title"], format!("Notice for {a} is due today"));
    let ann = titles(&bell(&mut app, &f.owner).await);
    assert_eq!(
        ann.len(),
        6,
        "both tools at 90 and 60, the first at 30 and 0"
    );
    assert_eq!(
        ann.iter().filter(|t| t.contains(b.as_str())).count(),
        2,
        "{ann:?}"
    );

    send_due(&app).await;
    assert_eq!(mailed(&f.owner_email, 6).len(), 6);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        mailed(&f.member_email, 0).len(),
        2,
        "Ro's email is off from the 30-day reminder: the bell only"
    );
}

/// A server that was down through a milestone sends it up to 7 days late, but never a milestone a
/// later one has passed; without mail configured, the bell alone.
#[tokio::test(flavor = "multi_thread")]
async fn renewal_reminders_catch_up_a_missed_milestone_but_never_a_passed_one() {
    let mut app = TestApp::new();
    let (f, _) = firm(&mut app, false).await;
    let [a, _] = f.names.clone();
    // Down from 95 days to 83: the 90-day reminder goes out 7 days late.
    assert_eq!(remind(&app, before(83, 9)), 2);
    assert_eq!(
        titles(&bell(&mut app, &f.member).await),
        [format!("Notice for {a} is due in 83 days ({DEADLINE})")]
    );
    // Down from then to 22 days: 60 was passed by 30, which is 8 days late: nothing.
    assert_eq!(remind(&app, before(22, 9)), 0);
    // Down to 1 day after: the day's reminder, late.
    assert_eq!(remind(&app, before(-1, 9)), 2);
    assert_eq!(
        titles(&bell(&mut app, &f.member).await)[0],
        format!("Notice for {a} was due on {DEADLINE}")
    );
    assert_eq!(bell(&mut app, &f.member).await.len(), 2);
    assert_eq!(send_due(&app).await, 0, "mail is off: nothing queued");
}

/// Two hub nodes running the reminders the same day: each milestone once.
#[tokio::test(flavor = "multi_thread")]
async fn renewal_reminders_two_hub_nodes_send_each_milestone_once() {
    let url = crate::helpers::fresh_database();
    let node = || {
        let url = url.clone();
        TestApp::with_config(move |c| c.storage.database_url = Some(url))
    };
    let (mut a, b) = (node(), node());
    let (f, _) = firm(&mut a, false).await;
    let now = before(30, 7);
    let run = |s: litstack::techstack::RenewalsState| {
        tokio::task::spawn_blocking(move || {
            (0..3)
                .map(|_| {
                    litstack::techstack::reminders::run_once(&s, Some("http://localhost"), now)
                        .unwrap()
                })
                .sum::<usize>()
        })
    };
    let (na, nb) = tokio::join!(run(a.state.sub()), run(b.state.sub()));
    assert_eq!(
        na.unwrap() + nb.unwrap(),
        2,
        "each contract's milestone by one node"
    );
    assert_eq!(bell(&mut a, &f.member).await.len(), 1);
    assert_eq!(bell(&mut a, &f.owner).await.len(), 2);
}
