//! Recommendation latency at scale: compute (rank a category for a saved response, save the
//! picks and the history) and Pick For Me (nine stages, three peer groups), over one million demo
//! bookings spread over two years across every catalog vendor.
//!
//! `cargo bench --bench recommend`

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use litstack::accounts::model::User;
use litstack::bookings::{Booking, BookingSets, ColumnsBuilder};
use litstack::firm_size::FirmSize;
use litstack::recommend::{routes, storage};
use litstack::{AppState, Config};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BOOKINGS: u64 = 1_000_000;

fn setup() -> (tempfile::TempDir, AppState, User, u64, u64) {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::open(Config::for_data_dir(dir.path().join("data"))).unwrap();
    let catalog = state.catalog.load();

    // One million bookings over the last two years, each with a catalog vendor.
    let mut rng = StdRng::seed_from_u64(7);
    let now = chrono::Utc::now().timestamp();
    let mut builder = ColumnsBuilder::default();
    for id in 1..=BOOKINGS {
        let vendor = &catalog.vendors[rng.random_range(0..catalog.vendors.len())];
        let category = catalog.category(vendor.category_id).unwrap();
        let booking = Booking {
            category: category.name.clone(),
            client: vendor.name.clone(),
            firm_size: FirmSize::ALL[rng.random_range(0..FirmSize::ALL.len())],
            city_state: Some("Austin, TX".into()),
            state: Some("TX".into()),
            dma: Some("Austin".into()),
            created: now - rng.random_range(0..730 * 86_400),
            sample: false,
        };
        builder.push(id, &booking);
    }
    state
        .bookings
        .store(Arc::new(BookingSets::from_columns(builder.finish(), 0)));

    let user = User {
        id: 1,
        name: "Bench".into(),
        email: "bench@example.com".into(),
        law_firm: "Bench Law".into(),
        firm_size: Some(FirmSize::E6To20),
        password_hash: String::new(),
        is_admin: false,
        created_at: 0,
    };
    let category = catalog.stages()[0].id;
    let answers = catalog
        .questions(category)
        .iter()
        .map(|q| (q.id, vec![q.options[0].label.clone()]))
        .collect();
    let response = storage::insert_response(&state, user.id, category, answers).unwrap();
    drop(catalog);
    (dir, state, user, response, category)
}

fn bench(c: &mut Criterion) {
    let (_dir, state, user, response, category) = setup();
    eprintln!(
        "{} bookings, {} vendors",
        state.bookings.load().len(),
        state.catalog.load().vendors.len()
    );
    c.bench_function("recommend/compute (1M bookings)", |b| {
        b.iter(|| routes::compute_for(&state, &user, response, category).unwrap())
    });
    c.bench_function("recommend/pick_for_me (1M bookings)", |b| {
        b.iter(|| routes::pick_for_me_for(&state, &user).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
