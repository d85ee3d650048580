//! Vendor profile latency at scale: the evidence (`GET /api/vendors/{id}/evidence` without the
//! HTTP layer: 24 months by month and by size, 90 days for the firm's size, peer adoption, and
//! the JSON) and the whole profile, over one million real demo bookings spread over two years
//! across every catalog vendor, for the vendor with the most bookings. Target: evidence <= 2 ms.
//!
//! `LITSTACK_SKIP_WEB_BUILD=1 cargo bench --bench profile`

use std::collections::HashMap;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use litstack::accounts::model::User;
use litstack::bookings::{Booking, BookingSets, ColumnsBuilder};
use litstack::firm_size::FirmSize;
use litstack::vendor_profile::{profile_for, vendor_evidence};
use litstack::{AppState, Config};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BOOKINGS: u64 = 1_000_000;

fn setup() -> (tempfile::TempDir, AppState, User, u64) {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::open(Config::for_data_dir(dir.path().join("data"))).unwrap();
    let catalog = state.catalog.load();

    // One million real bookings over the last two years, each with a catalog vendor.
    let mut rng = StdRng::seed_from_u64(7);
    let now = chrono::Utc::now().timestamp();
    let mut builder = ColumnsBuilder::default();
    let mut per_vendor: HashMap<u64, u32> = HashMap::new();
    for id in 1..=BOOKINGS {
        let vendor = &catalog.vendors[rng.random_range(0..catalog.vendors.len())];
        *per_vendor.entry(vendor.id).or_default() += 1;
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
    let (&busiest, &rows) = per_vendor.iter().max_by_key(|(_, n)| **n).unwrap();
    eprintln!("vendor {busiest} has {rows} of the bookings");

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
    drop(catalog);
    (dir, state, user, busiest)
}

fn bench(c: &mut Criterion) {
    let (_dir, state, user, vendor) = setup();
    c.bench_function("profile/evidence (1M bookings)", |b| {
        b.iter(|| serde_json::to_vec(&vendor_evidence(&state, &user, vendor).unwrap()).unwrap())
    });
    c.bench_function("profile/profile (1M bookings)", |b| {
        b.iter(|| serde_json::to_vec(&profile_for(&state, &user, vendor).unwrap()).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = bench
}
criterion_main!(benches);
