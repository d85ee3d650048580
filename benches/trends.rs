//! Demo-booking benchmarks at 1M rows: every query shape of the trends dashboard (query plus the
//! JSON the handler writes), vendor demand, start-up from the snapshot and the import of a 1M-row
//! file including its durable commit. Run:
//! `cargo bench --bench trends -- --warm-up-time 1 --measurement-time 3`
//! The generated file is kept in target/bench-data/ so benches/compare.py can query the same rows.
//!
//! With `LITSTACK_BENCH_DATA=<data dir>` the query shapes run instead over the bookings already
//! imported there (benches/scale.sh: 1M, 3M, 10M), as the group `queries_at_<rows>`. With
//! `LITSTACK_BENCH_LATE=<n>` they run over that index after an import of n rows among its days (a
//! second run of rows, as such an import leaves it until a compaction), as the group
//! `queries_with_<n>_late`.
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

use std::path::PathBuf;
use std::time::Instant;

use chrono::NaiveDate;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use litstack::bookings::periods::{Compare, Granularity};
use litstack::bookings::query::{self, Filters, Shape};
use litstack::bookings::vendors;
use litstack::import::{Options, run};
use litstack::platform::firm_size::FirmSize;
use litstack::{AppState, Config};

pub const ROWS: u64 = 1_000_000;
pub const SEED: u64 = 42;

fn end_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 6, 30).unwrap()
}

fn bench_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The 1M-row file (generated once, with the CLI's generator).
fn csv_file() -> PathBuf {
    let path = bench_dir().join("bookings-1m.csv");
    if !path.exists() {
        let tmp = path.with_extension("tmp");
        let catalog = litstack::bookings::generate::seed_catalog();
        litstack::bookings::generate::write_csv(
            std::fs::File::create(&tmp).unwrap(),
            ROWS,
            SEED,
            end_day(),
            &catalog,
        )
        .unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

fn import_into(data_dir: &std::path::Path) -> AppState {
    let state = AppState::open(Config::for_data_dir(data_dir)).unwrap();
    let file = std::fs::File::open(csv_file()).unwrap();
    let report = run(&state.sub(), file, Options::default()).unwrap();
    assert_eq!(report.inserted, ROWS, "{:?}", report.errors);
    state
}

fn filters(
    dma: Option<&str>,
    state: Option<&str>,
    size: Option<&str>,
    days: Option<i64>,
) -> Filters {
    let end = end_day();
    let start = days.map(|d| (end - chrono::Duration::days(d - 1)).to_string());
    let end = days.map(|_| end.to_string());
    Filters::parse(dma, state, size, start.as_deref(), end.as_deref()).unwrap()
}

/// `sets` after an import of `n` rows among its days: copies of rows spread over the index, each
/// dated at an even step from its first row's time to its last's, with fresh ids.
fn with_late_rows(
    sets: &litstack::bookings::BookingSets,
    n: usize,
) -> litstack::bookings::BookingSets {
    use litstack::bookings::columns::UNKNOWN;
    let c = &sets.real.cols;
    let rows = c.ids.len();
    let (first, last) = (c.time(0), c.time(rows - 1));
    let named = |name: &str| (name != UNKNOWN).then(|| name.to_string());
    let mut late = litstack::bookings::ColumnsBuilder::extend(c.without_rows());
    for i in 0..n {
        let r = i * (rows / n);
        let city_state = &c.city_states[c.city_state.get(r) as usize];
        let booking = litstack::bookings::Booking {
            category: c.categories[c.category[r] as usize].clone(),
            client: c.vendors[c.vendor.get(r) as usize].clone(),
            firm_size: FirmSize::from_index(c.size[r] as usize).unwrap(),
            city_state: (!city_state.is_empty()).then(|| city_state.clone()),
            state: named(&c.states[c.state[r] as usize]),
            dma: named(&c.dmas[c.dma.get(r) as usize]),
            created: first + (last - first) * i as i64 / n as i64,
            sample: false,
        };
        late.push(10_000_000_000 + i as u64, &booking);
    }
    let late = sets.extended(&late.finish(), sets.generation + 1).unwrap();
    assert_eq!(
        late.real.runs.len(),
        2,
        "the late rows are a run of their own"
    );
    late
}

fn queries(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let imported = std::env::var_os("LITSTACK_BENCH_DATA").map(PathBuf::from);
    let state = match &imported {
        Some(data) => AppState::open(Config::for_data_dir(data)).unwrap(),
        None => import_into(&dir.path().join("data")),
    };
    let late: Option<usize> = std::env::var("LITSTACK_BENCH_LATE")
        .ok()
        .map(|n| n.parse().unwrap());
    let sets = state.bookings.load_full();
    let sets = match late {
        Some(n) => std::sync::Arc::new(with_late_rows(&sets, n)),
        None => sets,
    };
    // Every row is real: the index trends answer from by default.
    let idx = &sets.real;
    let group = match (imported, late) {
        (_, Some(n)) => format!("queries_with_{n}_late"),
        (Some(_), None) => format!("queries_at_{}", idx.len()),
        (None, None) => "queries".to_string(),
    };
    let mut g = c.benchmark_group(group);

    let trends = |g: &mut criterion::BenchmarkGroup<_>, name: &str, f: Filters| {
        g.bench_function(name, |b| {
            b.iter(|| serde_json::to_vec(&query::trends(idx, &f, Default::default())).unwrap())
        });
    };
    trends(&mut g, "trends_no_filter", Filters::default());
    trends(
        &mut g,
        "trends_state",
        filters(None, Some("CA"), None, None),
    );
    trends(
        &mut g,
        "trends_firm_size_90_days",
        filters(None, None, Some("SOLO"), Some(90)),
    );
    trends(
        &mut g,
        "trends_dma",
        filters(Some("Los Angeles"), None, None, None),
    );
    trends(
        &mut g,
        "trends_state_90_days",
        filters(None, Some("CA"), None, Some(90)),
    );
    trends(
        &mut g,
        "trends_dma_90_days",
        filters(Some("Los Angeles"), None, None, Some(90)),
    );
    // A state and a firm size together: the first pair of filters with running sums of its own.
    trends(
        &mut g,
        "trends_state_firm_size",
        filters(None, Some("CA"), Some("SOLO"), None),
    );
    let ca = filters(None, Some("CA"), None, None);
    g.bench_function("cities_of_state", |b| {
        b.iter(|| serde_json::to_vec(&query::top_cities(idx, &ca)).unwrap())
    });
    let ca_90 = filters(None, Some("CA"), None, Some(90));
    g.bench_function("cities_of_state_90_days", |b| {
        b.iter(|| serde_json::to_vec(&query::top_cities(idx, &ca_90)).unwrap())
    });
    g.bench_function("state_bookings_100", |b| {
        b.iter(|| serde_json::to_vec(&query::newest(idx, &ca, 0, 100)).unwrap())
    });
    let none = Filters::default();
    g.bench_function("recent_6", |b| {
        b.iter(|| serde_json::to_vec(&query::newest(idx, &none, 0, 6)).unwrap())
    });
    g.bench_function("filter_options", |b| {
        b.iter(|| serde_json::to_vec(&idx.filter_options).unwrap())
    });
    let since = end_day() - chrono::Duration::days(89);
    g.bench_function("vendor_demand_small_firms_90_days", |b| {
        b.iter(|| {
            litstack::bookings::vendor_demand(
                &state.bookings.load(),
                &state.catalog.load(),
                &[FirmSize::Solo, FirmSize::E2To5],
                since,
            )
        })
    });

    // The shapes of issue #29: weekly and stacked, monthly, a comparison period, the vendors.
    let shaped = |g: &mut criterion::BenchmarkGroup<_>, name: &str, f: Filters, shape: Shape| {
        g.bench_function(name, |b| {
            b.iter(|| serde_json::to_vec(&query::trends(idx, &f, shape)).unwrap())
        });
    };
    shaped(
        &mut g,
        "trends_weekly_stacked",
        Filters::default(),
        Shape {
            granularity: Granularity::Week,
            stack: true,
        },
    );
    shaped(
        &mut g,
        "trends_monthly_state_90_days",
        filters(None, Some("CA"), None, Some(90)),
        Shape {
            granularity: Granularity::Month,
            stack: false,
        },
    );
    // What GET /api/trends?compare=... computes: the trends of the period and of the comparison
    // period (the route's `Changes::between`, a join of the two answers' category and state
    // counts, is private to the crate and not timed here).
    let days_90 = filters(None, None, None, Some(90));
    for (name, compare) in [
        ("trends_compare_previous_90_days", Compare::Previous),
        ("trends_compare_year_90_days", Compare::Year),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let now = query::trends(idx, &days_90, Shape::default());
                let then = compare
                    .filters(&days_90, now.period)
                    .map(|f| query::trends(idx, &f, Shape::default()));
                (
                    serde_json::to_vec(&now).unwrap(),
                    serde_json::to_vec(&then).unwrap(),
                )
            })
        });
    }
    // What GET /api/trends/vendors computes: the panel of the period and the comparison period
    // (previous, the default), from the (category, vendor) running sums without a place filter,
    // by a pass over the state's rows with one.
    let catalog = state.catalog.load();
    let vendor_panel =
        |g: &mut criterion::BenchmarkGroup<_>, name: &str, f: Filters, category: Option<&str>| {
            g.bench_function(name, |b| {
                b.iter(|| {
                    let comparison = Compare::Previous.filters(&f, query::period(idx, &f));
                    let panel = vendors::panel(idx, &catalog, &f, comparison.as_ref(), category);
                    serde_json::to_vec(&panel.items).unwrap()
                })
            });
        };
    vendor_panel(
        &mut g,
        "vendors_in_category_90_days",
        days_90,
        Some("Practice Management"),
    );
    vendor_panel(&mut g, "vendors_top20_state", ca, None);
    drop(catalog);
    g.finish();
    if std::env::var_os("LITSTACK_BENCH_DATA").is_some() {
        return;
    }

    // Start-up: open the store and load the index from its snapshot.
    let data = dir.path().join("data");
    drop(sets);
    drop(state);
    let mut g = c.benchmark_group("startup");
    g.sample_size(10);
    g.bench_function("open_with_1m_bookings", |b| {
        b.iter(|| {
            let s = AppState::open(Config::for_data_dir(&data)).unwrap();
            assert_eq!(s.bookings.load().len(), ROWS as usize);
        })
    });
    g.finish();
}

fn import(c: &mut Criterion) {
    csv_file();
    let mut g = c.benchmark_group("import");
    g.sample_size(10);
    g.bench_function("csv_1m_rows", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().unwrap();
                let state = AppState::open(Config::for_data_dir(dir.path().join("data"))).unwrap();
                (dir, state)
            },
            |(dir, state)| {
                let started = Instant::now();
                let file = std::fs::File::open(csv_file()).unwrap();
                let report = run(&state.sub(), file, Options::default()).unwrap();
                assert_eq!(report.inserted, ROWS);
                let elapsed = started.elapsed();
                (dir, state, elapsed)
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, queries, import);
criterion_main!(benches);
