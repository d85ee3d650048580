//! The one tracing subscriber of the API test process, installed once: it keeps the server's
//! security lines (for `secrets.rs` and the tests that check what is logged) and hands the SQL
//! sqlx logs to whichever recorder the logging thread has (`firm_scope.rs`). One global
//! subscriber, not one per test: tracing caches each call site's interest process-wide, and a
//! dispatch scoped to some threads was found to miss events when the whole suite ran.

use std::cell::RefCell;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Where a thread's SQL statements go, while it has a recorder.
pub type Statements = Arc<Mutex<Vec<String>>>;

thread_local! {
    static RECORDER: RefCell<Option<Statements>> = const { RefCell::new(None) };
}

/// From now on, the SQL this thread sends is recorded into `into`.
pub fn record_statements_on_this_thread(into: Statements) {
    install();
    RECORDER.with(|r| *r.borrow_mut() = Some(into));
}

/// This thread records nothing from now on.
pub fn stop_recording_on_this_thread() {
    RECORDER.with(|r| *r.borrow_mut() = None);
}

/// The server's security lines logged so far in this process.
pub fn security_lines() -> Arc<Mutex<Vec<u8>>> {
    install().clone()
}

fn install() -> &'static Arc<Mutex<Vec<u8>>> {
    static SECURITY: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    SECURITY.get_or_init(|| {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let sink = buf.clone();
        let security = tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .with_writer(move || Sink(sink.clone()))
            .with_filter(EnvFilter::new("security=info"));
        let statements = StatementRecorder.with_filter(
            tracing_subscriber::filter::Targets::new()
                .with_target("sqlx::query", tracing::Level::TRACE),
        );
        let _ = tracing_subscriber::registry()
            .with(security)
            .with(statements)
            .try_init();
        buf
    })
}

struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Hands each `sqlx::query` event's SQL to the logging thread's recorder, if it has one.
struct StatementRecorder;

impl<S: tracing::Subscriber> Layer<S> for StatementRecorder {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        let Some(into) = RECORDER.with(|r| r.borrow().clone()) else {
            return;
        };
        let mut sql = Sql::default();
        event.record(&mut sql);
        // `db.statement` holds the SQL, unless it is short enough to be its own `summary`.
        let text = if sql.statement.trim().is_empty() {
            sql.summary
        } else {
            sql.statement
        };
        into.lock().unwrap().push(text);
    }
}

#[derive(Default)]
struct Sql {
    summary: String,
    statement: String,
}

impl Visit for Sql {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "db.statement" => self.statement = value.to_string(),
            "summary" => self.summary = value.to_string(),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.record_str(field, &format!("{value:?}"));
    }
}
