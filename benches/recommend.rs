//! Recommendation latency at scale: compute (rank a category for a saved response, save the
//! picks and the history) and Pick For Me (nine stages, three peer groups), over one million demo
//! bookings spread over two years across every catalog vendor.
//!
//! `cargo bench --bench recommend`
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

#[path = "support/mod.rs"]
mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use litstack::AppState;
use litstack::platform::caller::User;
use litstack::platform::firm_size::FirmSize;
use litstack::recommend::{compute, picks, storage};

fn setup() -> (tempfile::TempDir, AppState, User, u64, u64) {
    let (dir, state, _) = support::app_with_a_million_bookings();
    let catalog = state.catalog.load();

    let user = User {
        id: 1,
        name: "Bench".into(),
        email: "bench@example.com".into(),
        firm: litstack::platform::caller::Firm {
            id: litstack::platform::firm_id::FirmId::for_fixtures(1),
            name: "Bench Law".into(),
            size: Some(FirmSize::E6To20),
            created_at: 0,
            verified: true,
            disabled: false,
        },
        firm_role: litstack::platform::caller::FirmRole::Owner,
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
    let author = storage::Author {
        user_id: user.id,
        firm_id: user.firm.id,
    };
    let response = storage::insert_response(&state.store, author, category, answers).unwrap();
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
        b.iter(|| {
            let catalog = state.catalog.load();
            compute::compute_for(&state.sub(), &catalog, &user, response, category).unwrap();
        })
    });
    c.bench_function("recommend/pick_for_me (1M bookings)", |b| {
        b.iter(|| picks::pick_for_me_for(&state.sub(), &user, true).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
