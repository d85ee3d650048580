//! What the recommendation, profile and comparison benches share: an app on a fresh data directory
//! holding one million real demo bookings over the last two years, each with a catalog vendor
//! (seeded, so every run measures the same data).

use std::collections::HashMap;
use std::sync::Arc;

use litstack::bookings::{Booking, BookingSets, ColumnsBuilder};
use litstack::platform::firm_size::FirmSize;
use litstack::{AppState, Config};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const BOOKINGS: u64 = 1_000_000;

/// The app with its bookings, and how many bookings each catalog vendor got.
pub fn app_with_a_million_bookings() -> (tempfile::TempDir, AppState, HashMap<u64, u32>) {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::open(Config::for_data_dir(dir.path().join("data"))).unwrap();
    let catalog = state.catalog.load();
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
    drop(catalog);
    (dir, state, per_vendor)
}
