//! Vendor profile latency at scale: the evidence (`GET /api/vendors/{id}/evidence` without the
//! HTTP layer: 24 months by month and by size, 90 days for the firm's size, peer adoption, and
//! the JSON) and the whole profile, over one million real demo bookings spread over two years
//! across every catalog vendor, for the vendor with the most bookings, and the view count the
//! route writes beside it. Target: evidence <= 2 ms.
//!
//! `LITSTACK_SKIP_WEB_BUILD=1 cargo bench --bench profile`
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
use litstack::vendor_profile::{profile_for, vendor_evidence};

fn setup() -> (tempfile::TempDir, AppState, User, u64) {
    let (dir, state, per_vendor) = support::app_with_a_million_bookings();
    let catalog = state.catalog.load();
    let (&busiest, &rows) = per_vendor.iter().max_by_key(|(_, n)| **n).unwrap();
    eprintln!("vendor {busiest} has {rows} of the bookings");

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
    drop(catalog);
    (dir, state, user, busiest)
}

fn bench(c: &mut Criterion) {
    let (_dir, state, user, vendor) = setup();
    c.bench_function("profile/evidence (1M bookings)", |b| {
        b.iter(|| {
            serde_json::to_vec(&vendor_evidence(&state.sub(), &user, vendor).unwrap()).unwrap()
        })
    });
    c.bench_function("profile/profile (1M bookings)", |b| {
        b.iter(|| serde_json::to_vec(&profile_for(&state.sub(), &user, vendor).unwrap()).unwrap())
    });
    // What the route adds to each profile: counting the view for the vendor's figures (one
    // durable write of the member's row for the month).
    c.bench_function("profile/view counted", |b| {
        b.iter(|| {
            litstack::vendor_profile::views::record(
                &state.store,
                user.firm.id,
                user.id,
                vendor,
                1_795_676_400,
            )
            .unwrap()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = bench
}
criterion_main!(benches);
