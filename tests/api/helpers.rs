//! `TestApp`: the real router over a fresh data directory, with a cookie jar of one session.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use litstack::{AppState, Config};
use serde_json::{Value, json};
use tower::ServiceExt;

pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub cookie: Option<String>,
    /// A vendor account's session (`litstack_vendor`), sent beside the firm's when set.
    pub vendor_cookie: Option<String>,
    _dir: tempfile::TempDir,
    /// The database this app made for itself in hub mode, dropped after the app (last field).
    _database: Option<OwnDatabase>,
}

/// A database of the throwaway cluster that one `TestApp` made and keeps across its restarts;
/// dropped with the app, since a full run would otherwise leave hundreds of them on the disk.
struct OwnDatabase {
    name: String,
}

impl Drop for OwnDatabase {
    fn drop(&mut self) {
        let _in_runtime = enter_runtime();
        // Best effort: a database left behind goes with the cluster at the end of the run.
        let _ = litstack::platform::store::postgres::drop_database(&cluster_url(), &self.name);
    }
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

/// The whole of a response: status, headers and body.
async fn read(res: axum::response::Response) -> TestResponse {
    let status = res.status();
    let headers = res.headers().clone();
    let body = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    TestResponse {
        status,
        headers,
        body,
    }
}

impl TestResponse {
    /// The value of the cookie `name` this response sets (empty when it ends it).
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|set| set.to_str().ok()?.split(';').next())
            .find_map(|pair| Some(pair.strip_prefix(name)?.strip_prefix('=')?.to_string()))
    }

    /// The session this response starts, if it starts one.
    pub fn session(&self) -> Option<String> {
        self.set_cookie("litstack_session")
            .filter(|v| !v.is_empty())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| {
            panic!(
                "not JSON ({}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error in {}", self.json()))
            .into()
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

pub const PASSWORD: &str = "correct-horse-battery";

/// Whether this run tests hub mode: `LITSTACK_TEST_BACKEND=postgres`, beside the throwaway
/// cluster of scripts/with-postgres.sh. Each `TestApp` then gets a database of its own.
pub fn on_postgres() -> bool {
    std::env::var("LITSTACK_TEST_BACKEND").is_ok_and(|b| b == "postgres")
}

/// The throwaway cluster's URL (scripts/with-postgres.sh sets it).
pub fn cluster_url() -> String {
    std::env::var("LITSTACK_TEST_DATABASE_URL").unwrap_or_else(|_| {
        panic!(
            "LITSTACK_TEST_DATABASE_URL is not set: run the tests through \
             scripts/with-postgres.sh (scripts/test.sh does)"
        )
    })
}

/// Enters, for the guard's life, the runtime a PostgreSQL store is opened in when the test runs
/// none (a plain `#[test]`, a thread of its own): the store drives sqlx there. An async test's
/// store runs in the test's own runtime (a multi-thread one: a current-thread runtime cannot host
/// a store's blocking calls), and this does nothing.
pub fn enter_runtime() -> Option<tokio::runtime::EnterGuard<'static>> {
    static SHARED: std::sync::LazyLock<tokio::runtime::Runtime> =
        std::sync::LazyLock::new(|| tokio::runtime::Runtime::new().unwrap());
    tokio::runtime::Handle::try_current()
        .is_err()
        .then(|| SHARED.enter())
}

/// A new, empty database in the throwaway cluster.
pub fn fresh_database() -> String {
    new_database().0
}

/// A new, empty database in the throwaway cluster: its URL and its name.
fn new_database() -> (String, String) {
    database_from(None)
}

/// A new database in the throwaway cluster as an app's first start leaves it before anyone signs
/// up: every migration applied and the shipped catalog seeded; its URL and its name. A copy of one
/// such template per test process: the catalog's seed is some 2,000 statements, most of a hub
/// test's own time when each test ran it (the tests of migrating and seeding themselves start from
/// `fresh_database`).
fn new_migrated_database() -> (String, String) {
    static TEMPLATE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let template = TEMPLATE.get_or_init(|| {
        let (url, name) = new_database();
        let _in_runtime = enter_runtime();
        let (store, _) = litstack::platform::store::postgres::PgStore::migrate(
            &url,
            &litstack::registry::seam_tables(),
        )
        .unwrap();
        let store = litstack::platform::store::Store::Postgres(store);
        litstack::catalog::seed(&store).unwrap();
        drop(store);
        litstack::platform::store::postgres::seal_template(&cluster_url(), &name).unwrap();
        name
    });
    database_from(Some(template))
}

fn database_from(template: Option<&str>) -> (String, String) {
    watchdog();
    let _in_runtime = enter_runtime();
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "t{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let url =
        litstack::platform::store::postgres::create_database_from(&cluster_url(), &name, template)
            .unwrap();
    (url, name)
}

/// A hung test holds CI until its time limit and says nothing of where it waits. Past `LIMIT`
/// (or `LITSTACK_TEST_WATCHDOG_SECS`) the whole run ends instead, first printing each thread's
/// name and kernel wait (a lock, a socket, a futex) so the hang can be found. Started by the
/// first app or database a test makes; a full API run takes a few minutes.
pub fn watchdog() {
    const LIMIT: std::time::Duration = std::time::Duration::from_secs(20 * 60);
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let limit = std::env::var("LITSTACK_TEST_WATCHDOG_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .map_or(LIMIT, std::time::Duration::from_secs);
        let _ = std::thread::Builder::new()
            .name("test-watchdog".into())
            .spawn(move || {
                use std::io::Write;
                std::thread::sleep(limit);
                // Straight to the stream: libtest captures `eprintln!` of a test's threads.
                let mut err = std::io::stderr().lock();
                let _ = writeln!(
                    err,
                    "\nthe API tests ran past {} s: a test is hung (libtest names the ones \
                     running for over 60 seconds above). Its threads:",
                    limit.as_secs()
                );
                let tasks = std::fs::read_dir("/proc/self/task").into_iter().flatten();
                for task in tasks.flatten() {
                    let read = |f: &str| {
                        std::fs::read_to_string(task.path().join(f))
                            .unwrap_or_default()
                            .trim()
                            .to_string()
                    };
                    let _ = writeln!(
                        err,
                        "- {} ({}): waits in {}; syscall {}\n{}",
                        read("comm"),
                        task.file_name().to_string_lossy(),
                        read("wchan"),
                        read("syscall"),
                        read("stack")
                    );
                }
                std::process::abort();
            });
    });
}

/// The install the in-process tests stand for: opened at http://localhost, the address its links
/// carry (`Config::public_origin`).
fn served_at_localhost(mut config: Config) -> Config {
    config.public_url = Some("http://localhost".parse().unwrap());
    config
}

impl TestApp {
    pub fn new() -> TestApp {
        Self::with_config(|_| {})
    }

    /// An app on the redb file whatever the run's backend: for the file's own behaviour (its
    /// lock, permissions, backups).
    pub fn on_file() -> TestApp {
        Self::with_config(|c| c.storage.database_url = None)
    }

    pub fn with_config(adjust: impl FnOnce(&mut Config)) -> TestApp {
        watchdog();
        let dir = tempfile::tempdir().unwrap();
        let mut config = served_at_localhost(Config::for_data_dir(dir.path().join("data")));
        let mut own = None;
        if on_postgres() {
            let (url, name) = new_migrated_database();
            config.storage.database_url = Some(url);
            own = Some((config.storage.database_url.clone(), OwnDatabase { name }));
        }
        adjust(&mut config);
        // Kept only if the app still uses it (`adjust` may have chosen another database or none).
        let own = own.and_then(|(url, db)| (url == config.storage.database_url).then_some(db));
        let _in_runtime = enter_runtime();
        let state = AppState::open(config).unwrap();
        let router = litstack::app(state.clone());
        TestApp {
            state,
            router,
            cookie: None,
            vendor_cookie: None,
            _dir: dir,
            _database: own,
        }
    }

    /// An app on the redb data directory inside `dir` that a command wrote (`litstack ...
    /// --data-dir DIR/data`).
    pub fn on_dir(dir: tempfile::TempDir) -> TestApp {
        watchdog();
        let config = served_at_localhost(Config::for_data_dir(dir.path().join("data")));
        let _in_runtime = enter_runtime();
        let state = AppState::open(config).unwrap();
        let router = litstack::app(state.clone());
        TestApp {
            state,
            router,
            cookie: None,
            vendor_cookie: None,
            _dir: dir,
            _database: None,
        }
    }

    /// The name of the database this app made for itself in hub mode (none on the redb file).
    pub fn database(&self) -> Option<&str> {
        self._database.as_ref().map(|db| db.name.as_str())
    }

    /// Stops this app (its store closes) and hands over its directory, data directory inside.
    pub fn shut_down(self) -> tempfile::TempDir {
        self.stopped().0
    }

    /// Stops this app and hands over what outlives it: its directory and its own database.
    fn stopped(self) -> (tempfile::TempDir, Option<OwnDatabase>) {
        let TestApp {
            state,
            router,
            _dir,
            _database,
            ..
        } = self;
        drop(router);
        drop(state);
        (_dir, _database)
    }

    /// Verifies every firm there is, as the operator does on /admin/firms: only verified firms
    /// are evidence for other firms. Test setup; the operator's route is tested in firms.rs.
    pub fn verify_all_firms(&self) {
        let app = &self.state.accounts();
        for mut firm in litstack::accounts::all_firms(&app.store).unwrap() {
            if !firm.verified {
                firm.verified = true;
                litstack::accounts::save_firm(app, &firm).unwrap();
            }
        }
    }

    /// Verifies the firm of a sign-up's answer (`{"user": {"firm": {"id"}}}`), as the operator does.
    pub fn verify_firm_of(&self, sign_up: &TestResponse) {
        let id = sign_up.json()["user"]["firm"]["id"].as_u64().unwrap();
        let app = &self.state.accounts();
        let mut firm = litstack::accounts::find_firm(&app.store, id)
            .unwrap()
            .unwrap();
        firm.verified = true;
        litstack::accounts::save_firm(app, &firm).unwrap();
    }

    pub fn data_dir(&self) -> std::path::PathBuf {
        self.state.config.storage.data_dir.clone()
    }

    pub async fn send(&mut self, req: Request<Body>) -> TestResponse {
        let res = read(self.router.clone().oneshot(req).await.unwrap()).await;
        if let Some(value) = res.set_cookie("litstack_session") {
            self.cookie = (!value.is_empty()).then_some(value);
        }
        if let Some(value) = res.set_cookie("litstack_vendor") {
            self.vendor_cookie = (!value.is_empty()).then_some(value);
        }
        res
    }

    /// A JSON request with this app's cookies, as `call` sends it, to send elsewhere.
    pub fn json_request(&self, method: Method, path: &str, body: Value) -> Request<Body> {
        self.request(method, path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap()
    }

    /// Sends `req` on a task of its own, to race it against other work; the answer leaves this
    /// app's cookie jar as it is.
    pub fn spawn_send(&self, req: Request<Body>) -> tokio::task::JoinHandle<TestResponse> {
        let router = self.router.clone();
        tokio::spawn(async move { read(router.oneshot(req).await.unwrap()).await })
    }

    pub fn request(&self, method: Method, path: &str) -> axum::http::request::Builder {
        // As a browser's fetch from Litstack's own page, which always says where it comes from
        // (the CSRF check refuses a cookie that does not); a test that forges a request adds its
        // own Origin, or builds the request itself.
        let mut b = Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, "localhost")
            .header("sec-fetch-site", "same-origin");
        let cookies: Vec<String> = [
            self.cookie
                .as_ref()
                .map(|c| format!("litstack_session={c}")),
            self.vendor_cookie
                .as_ref()
                .map(|c| format!("litstack_vendor={c}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !cookies.is_empty() {
            b = b.header(header::COOKIE, cookies.join("; "));
        }
        b
    }

    pub async fn call(&mut self, method: Method, path: &str, body: Option<Value>) -> TestResponse {
        let b = self.request(method, path);
        let req = match body {
            Some(v) => b
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(v.to_string()))
                .unwrap(),
            None => b.body(Body::empty()).unwrap(),
        };
        self.send(req).await
    }

    pub async fn get(&mut self, path: &str) -> TestResponse {
        self.call(Method::GET, path, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> TestResponse {
        self.call(Method::POST, path, Some(body)).await
    }

    pub async fn patch(&mut self, path: &str, body: Value) -> TestResponse {
        self.call(Method::PATCH, path, Some(body)).await
    }

    pub async fn sign_up_as(&mut self, name: &str, email: &str) -> TestResponse {
        self.post(
            "/api/auth/sign-up",
            json!({ "name": name, "email": email, "password": PASSWORD, "lawFirm": "Doe & Partners", "firmSize": "E6_20" }),
        )
        .await
    }

    /// Signs up a fresh user and leaves the session in the cookie jar.
    pub async fn sign_up(&mut self) -> TestResponse {
        let res = self.sign_up_as("Ann Doe", "ann@doe-law.com").await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        res
    }

    /// Invites `email` with `role` as the signed-in owner or admin; returns the link's token.
    pub async fn invite(&mut self, email: &str, role: &str) -> String {
        let res = self
            .post(
                "/api/firm/invitations",
                json!({ "email": email, "role": role }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let link = res.json()["link"].as_str().unwrap().to_string();
        link.split_once("/join#").unwrap().1.to_string()
    }

    /// Signs up through an invitation's token and leaves that session in the cookie jar.
    pub async fn join(&mut self, token: &str, name: &str, email: &str) -> TestResponse {
        self.cookie = None;
        self.post(
            "/api/auth/sign-up",
            json!({ "name": name, "email": email, "password": PASSWORD, "inviteToken": token }),
        )
        .await
    }

    pub async fn sign_in(&mut self, email: &str, password: &str) -> TestResponse {
        self.post(
            "/api/auth/sign-in",
            json!({ "email": email, "password": password }),
        )
        .await
    }

    pub async fn sign_out(&mut self) -> TestResponse {
        self.call(Method::POST, "/api/auth/sign-out", None).await
    }

    pub async fn complete_onboarding(&mut self) -> TestResponse {
        self.post(
            "/api/profile/onboarding",
            json!({
                "attorneysCountBand": "A2_5",
                "employeesCountBand": "E11_50",
                "injuryCasesPerMonthBand": "C11_25",
                "annualSoftwareSpendBand": "S10_40K"
            }),
        )
        .await
    }
}

impl TestApp {
    /// Adds or updates catalog vendors from CSV text (the admin import's format) and reloads the
    /// in-memory catalog, as a vendor import does. Returns the ids of the vendors named in `csv`.
    pub fn import_vendors(&self, csv: &str) -> Vec<u64> {
        use litstack::catalog::vendor_csv;
        let report = vendor_csv::import_file(&self.state.sub(), csv.as_bytes(), None).unwrap();
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        let catalog = self.state.catalog.load();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let name_col = reader
            .headers()
            .unwrap()
            .iter()
            .position(|h| h == "name")
            .unwrap();
        reader
            .records()
            .map(|r| {
                let name = r.unwrap()[name_col].to_string();
                catalog.vendors.iter().find(|v| v.name == name).unwrap().id
            })
            .collect()
    }
}

impl TestApp {
    /// Stops this app and starts a new one on the same data directory and configuration, as a
    /// restart of the server does (nothing in memory survives); the cookie jar is kept. On the
    /// redb file (hub mode's configuration names the node's folder once started).
    pub fn restarted(self) -> TestApp {
        let config = (*self.state.config).clone();
        let cookie = self.cookie.clone();
        let vendor_cookie = self.vendor_cookie.clone();
        let (dir, database) = self.stopped();
        let _in_runtime = enter_runtime();
        let state = AppState::open(config).unwrap();
        let router = litstack::app(state.clone());
        TestApp {
            state,
            router,
            cookie,
            vendor_cookie,
            _dir: dir,
            _database: database,
        }
    }
}

/// The actions of a firm audit log's answer (`GET /api/firm/audit`), newest first.
pub fn audit_actions(log: &Value) -> Vec<&str> {
    log["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect()
}

/// Lets the app fetch from servers on loopback (a test's logo server or identity provider), as
/// an operator names a private host with `--fetch-private-hosts`.
pub fn fetch_from_loopback(config: &mut Config) {
    config.fetch_private_hosts = vec!["127.0.0.1".parse().unwrap()];
}
