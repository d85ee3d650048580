//! Comparison latency at scale: `GET /api/compare`'s work for four vendors (three of a category the
//! firm answered a questionnaire in, one of another) over one million real demo bookings spread
//! over two years across every catalog vendor, with 300 other firms' accounts and tech stacks.
//!
//! `LITSTACK_SKIP_WEB_BUILD=1 cargo bench --bench compare`
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

#[path = "support/mod.rs"]
mod support;
use criterion::{Criterion, criterion_group, criterion_main};
use litstack::AppState;
use litstack::compare::{self, VendorIds};
use litstack::platform::caller::{Firm, FirmRole, User};
use litstack::platform::firm_size::FirmSize;
use litstack::recommend::storage;
use litstack::techstack::Adoption;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const FIRMS: u64 = 300;

fn user(id: u64, size: FirmSize) -> User {
    User {
        id,
        name: format!("Bench {id}"),
        email: format!("bench{id}@example.com"),
        firm: Firm {
            id: litstack::platform::firm_id::FirmId::for_fixtures(id),
            name: format!("Bench Law {id}"),
            size: Some(size),
            created_at: 0,
            verified: true,
            disabled: false,
        },
        firm_role: FirmRole::Owner,
        password_hash: String::new(),
        is_admin: false,
        created_at: 0,
    }
}

fn setup() -> (tempfile::TempDir, AppState, User, VendorIds) {
    let (dir, state, _) = support::app_with_a_million_bookings();
    let catalog = state.catalog.load();
    let mut rng = StdRng::seed_from_u64(8);

    // Other firms, each with a tool in every stage category (what peer adoption reads).
    let stages: Vec<u64> = catalog.stages().iter().map(|c| c.id).collect();
    let accounts: Vec<User> = (1..=FIRMS + 1)
        .map(|id| user(id, FirmSize::ALL[id as usize % FirmSize::ALL.len()]))
        .collect();
    litstack::accounts::put_accounts(&state.store, &accounts).unwrap();
    for id in 2..=FIRMS + 1 {
        let items: Vec<(u64, Adoption)> = stages
            .iter()
            .map(|&cat| {
                let of_cat: Vec<u64> = catalog
                    .vendors
                    .iter()
                    .filter(|v| v.category_id == cat)
                    .map(|v| v.id)
                    .collect();
                let pick = of_cat[rng.random_range(0..of_cat.len())];
                let adoption = Adoption {
                    has_tool: true,
                    vendor_ids: vec![pick],
                    primary_vendor_id: Some(pick),
                    other_vendors: vec![],
                };
                (cat, adoption)
            })
            .collect();
        litstack::techstack::storage::save(
            &state.sub(),
            litstack::platform::firm_id::FirmId::for_fixtures(id),
            &items,
        )
        .unwrap();
    }

    // The firm comparing: 6-20 employees, a questionnaire answered in the first stage.
    let me = user(1, FirmSize::E6To20);
    let category = catalog.stages()[0].id;
    let answers = catalog
        .questions(category)
        .iter()
        .map(|q| (q.id, vec![q.options[0].label.clone()]))
        .collect();
    let author = storage::Author {
        user_id: me.id,
        firm_id: me.firm.id,
    };
    storage::insert_response(&state.store, author, category, answers).unwrap();
    let mut ids: Vec<String> = catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == category && v.is_active)
        .take(3)
        .map(|v| v.id.to_string())
        .collect();
    let other = catalog.stages()[1].id;
    let other = catalog.vendors.iter().find(|v| v.category_id == other);
    ids.push(other.unwrap().id.to_string());
    let ids = VendorIds::parse(Some(&ids.join(","))).unwrap();
    drop(catalog);
    (dir, state, me, ids)
}

fn bench(c: &mut Criterion) {
    let (_dir, state, me, ids) = setup();
    let sample = compare::compare(&state.sub(), &me, &ids).unwrap();
    eprintln!(
        "{} bookings, {} vendors, comparing {:?}; first column's match score {:?}",
        state.bookings.load().len(),
        state.catalog.load().vendors.len(),
        ids.as_slice(),
        sample.vendors[0].match_score
    );
    // Where the time goes: the median of each part alone, over 50 runs.
    let part = |name: &str, f: &dyn Fn()| {
        let mut times: Vec<std::time::Duration> = (0..50)
            .map(|_| {
                let start = std::time::Instant::now();
                f();
                start.elapsed()
            })
            .collect();
        times.sort();
        eprintln!("  {name}: {:?}", times[25]);
    };
    let since = chrono::Utc::now().date_naive() - chrono::Duration::days(90);
    part("firm context", &|| {
        litstack::recommend::inputs::firm_context(&state.store, &state.catalog.load(), &me)
            .unwrap();
    });
    part("demand", &|| {
        litstack::bookings::vendor_demand(
            &state.bookings.load(),
            &state.catalog.load(),
            &[FirmSize::E6To20],
            since,
        );
    });
    part("peers", &|| {
        state
            .peers
            .read(|f| f.other_firms_using(me.id, FirmSize::E6To20));
    });
    part("latest scores (answered)", &|| {
        let category = state.catalog.load().stages()[0].id;
        litstack::recommend::latest_scores(&state.sub(), &me, category).unwrap();
    });
    part("latest scores (unanswered)", &|| {
        let category = state.catalog.load().stages()[1].id;
        litstack::recommend::latest_scores(&state.sub(), &me, category).unwrap();
    });
    part("real booking count", &|| {
        litstack::bookings::real_booking_count(&state.bookings.load());
    });
    c.bench_function("compare/4 vendors (1M bookings)", |b| {
        b.iter(|| compare::compare(&state.sub(), &me, &ids).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
