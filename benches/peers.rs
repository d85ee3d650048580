//! One member's writes and many firms against everyone's reads (issue #26): an install with
//! 500,000 meeting clicks (435,000 of them one member's, on the measured vendor, as in the probe)
//! and 10,000 firms (12,000 accounts with tech stacks and sizes, a third of the firms with demo
//! outcomes), over one million real demo bookings. Times, for another member, the vendor profile,
//! its evidence, a comparison of four vendors and the coverage map. Target: each <= 2 ms.
//!
//! `LITSTACK_SKIP_WEB_BUILD=1 cargo bench --bench peers`
//!
//! With `LITSTACK_FILL_DATA_DIR=DIR` it only fills that data directory the same way (clicks on
//! vendor `LITSTACK_FILL_VENDOR`, default 95) and exits: `benches/peers-load.sh` serves the result.
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

#[path = "support/mod.rs"]
mod support;

use std::time::Instant;

use criterion::Criterion;
use litstack::catalog::model::{MeetingClick, SourcePage};
use litstack::compare::{self, VendorIds};
use litstack::platform::caller::{Firm, FirmRole, User};
use litstack::platform::firm_size::FirmSize;
use litstack::platform::store::{ADOPTION, MEETING_CLICKS, SHORTLIST, bump_sequence, codec};
use litstack::shortlist::model::{Entry, Stamp, Status};
use litstack::techstack::Adoption;
use litstack::vendor_profile::{profile_for, vendor_evidence};
use litstack::{AppState, Config};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const FIRMS: u64 = 10_000;
const CLICKS: u64 = 500_000;
/// The one member's share of the clicks, all on the measured vendor.
const FLOOD: u64 = 435_000;
const VIEWER: u64 = 1;
const FLOODER: u64 = 2;

fn user(id: u64, law_firm: String, size: Option<FirmSize>) -> User {
    User {
        id,
        name: format!("Bench {id}"),
        email: format!("bench{id}@example.com"),
        firm: Firm {
            id: litstack::platform::firm_id::FirmId::for_fixtures(id),
            name: law_firm,
            size,
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

/// Writes the accounts, tech stacks, outcomes and clicks straight into the redb file (a few
/// transactions, not 500,000), then rebuilds the peer figures as a start would. Returns the viewer.
fn fill(state: &AppState, vendor: u64) -> User {
    let catalog = state.catalog.load();
    let mut rng = StdRng::seed_from_u64(26);
    let stages: Vec<u64> = catalog.stages().iter().map(|c| c.id).collect();
    let of_category = |category: u64| -> Vec<u64> {
        catalog
            .vendors
            .iter()
            .filter(|v| v.category_id == category)
            .map(|v| v.id)
            .collect()
    };
    let now = chrono::Utc::now().timestamp();

    let viewer = user(VIEWER, "Bench Law".into(), Some(FirmSize::E6To20));
    let mut users = vec![
        viewer.clone(),
        user(FLOODER, "Flood LLP".into(), Some(FirmSize::E6To20)),
    ];
    // Half the firms are the viewer's size; every fifth has a second firm typing its name another
    // way (a firm of its own since firms are entities).
    let mut next = FLOODER + 1;
    let mut firsts = Vec::new();
    for i in 0..FIRMS {
        let size = if i % 2 == 0 {
            FirmSize::E6To20
        } else {
            FirmSize::ALL[i as usize % FirmSize::ALL.len()]
        };
        users.push(user(next, format!("Peer Firm {i}"), Some(size)));
        firsts.push(next);
        next += 1;
        if i % 5 == 0 {
            users.push(user(next, format!("  peer firm {i} "), None));
            next += 1;
        }
    }

    litstack::accounts::put_accounts(&state.store, &users).unwrap();
    let txn = state.store.file().unwrap().write().unwrap();
    {
        bump_sequence(&txn, "users", next).unwrap();
        bump_sequence(&txn, "firms", next).unwrap();

        let mut stacks = txn.open_table(ADOPTION).unwrap();
        for u in &users {
            if u.id == FLOODER {
                continue;
            }
            for &category in &stages {
                let has_tool = rng.random_bool(0.7);
                let vendors = of_category(category);
                let vendor_ids = if has_tool && !vendors.is_empty() {
                    vec![vendors[rng.random_range(0..vendors.len())]]
                } else {
                    vec![]
                };
                let adoption = Adoption {
                    has_tool,
                    primary_vendor_id: vendor_ids.first().copied(),
                    vendor_ids,
                    other_vendors: vec![],
                };
                stacks
                    .insert((u.id, category), codec::encode(&adoption).as_slice())
                    .unwrap();
            }
        }

        // A third of the firms had demos: of the measured vendor and two others.
        let mut shortlist = txn.open_table(SHORTLIST).unwrap();
        for &id in firsts.iter().step_by(3) {
            for v in [
                vendor,
                catalog.vendors[rng.random_range(0..catalog.vendors.len())].id,
            ] {
                let mut entry = Entry::new(Status::DemoHeld, Stamp::at(now - 86_400));
                if rng.random_bool(0.5) {
                    entry.set_status(Status::Chosen, Stamp::at(now));
                }
                shortlist
                    .insert((id, v), codec::encode(&entry).as_slice())
                    .unwrap();
            }
        }

        let mut clicks = txn.open_table(MEETING_CLICKS).unwrap();
        for id in 1..=CLICKS {
            let (user_id, vendor_id) = if id <= FLOOD {
                (FLOODER, vendor)
            } else if id > CLICKS - 5 {
                (VIEWER, vendor)
            } else {
                let u = &users[rng.random_range(0..users.len())];
                let v = &catalog.vendors[rng.random_range(0..catalog.vendors.len())];
                (u.id, v.id)
            };
            let click = MeetingClick {
                id,
                user_id,
                vendor_id,
                source_page: SourcePage::Profile,
                at: now - (CLICKS - id) as i64,
                kind: Default::default(),
            };
            // As the seam stores a click: its JSON.
            let json = serde_json::to_vec(&click).unwrap();
            clicks
                .insert((user_id, vendor_id, id), json.as_slice())
                .unwrap();
        }
        bump_sequence(&txn, "meeting_clicks", CLICKS).unwrap();
    }
    txn.commit().unwrap();

    // The viewer answered the questionnaire of the vendor's category: the profile and the
    // comparison rank it, demo outcomes of other firms included.
    let category = catalog.vendor(vendor).unwrap().category_id;
    let answers = catalog
        .questions(category)
        .iter()
        .map(|q| (q.id, vec![q.options[0].label.clone()]))
        .collect();
    litstack::recommend::storage::insert_response(
        &state.store,
        litstack::recommend::storage::Author {
            user_id: VIEWER,
            firm_id: litstack::platform::firm_id::FirmId::for_fixtures(VIEWER),
        },
        category,
        answers,
    )
    .unwrap();
    drop(catalog);

    let started = Instant::now();
    state.peers.reload().unwrap();
    eprintln!(
        "{} accounts in {FIRMS} firms (+2), {CLICKS} meeting clicks ({FLOOD} of one member on \
         vendor {vendor}); the peer figures built from every account in {:?} (what each request \
         read before)",
        users.len(),
        started.elapsed()
    );
    viewer
}

fn bench(c: &mut Criterion) {
    let (_dir, state, per_vendor) = support::app_with_a_million_bookings();
    let (&vendor, _) = per_vendor.iter().max_by_key(|(_, n)| **n).unwrap();
    let viewer = fill(&state, vendor);
    let catalog = state.catalog.load();
    let category = catalog.vendor(vendor).unwrap().category_id;
    let mut ids: Vec<String> = catalog
        .vendors
        .iter()
        .filter(|v| v.category_id == category && v.id != vendor)
        .take(3)
        .map(|v| v.id.to_string())
        .collect();
    ids.insert(0, vendor.to_string());
    let ids = VendorIds::parse(Some(&ids.join(","))).unwrap();
    drop(catalog);
    let profile = profile_for(&state.sub(), &viewer, vendor).unwrap();
    let evidence = vendor_evidence(&state.sub(), &viewer, vendor).unwrap();
    eprintln!(
        "vendor {vendor}: the viewer's own clicks {}, peer adoption {:?}",
        profile.history.meeting_clicks.len(),
        evidence.peer_adoption.map(|p| p.text)
    );

    c.bench_function("peers/vendor profile", |b| {
        b.iter(|| serde_json::to_vec(&profile_for(&state.sub(), &viewer, vendor).unwrap()).unwrap())
    });
    c.bench_function("peers/vendor evidence", |b| {
        b.iter(|| {
            serde_json::to_vec(&vendor_evidence(&state.sub(), &viewer, vendor).unwrap()).unwrap()
        })
    });
    c.bench_function("peers/compare (4 vendors)", |b| {
        b.iter(|| {
            serde_json::to_vec(&compare::compare(&state.sub(), &viewer, &ids).unwrap()).unwrap()
        })
    });
    c.bench_function("peers/coverage", |b| {
        b.iter(|| {
            let map = litstack::peers::coverage::coverage(&state.peers, &viewer).unwrap();
            serde_json::to_vec(&map).unwrap()
        })
    });
}

fn main() {
    if let Some(dir) = std::env::var_os("LITSTACK_FILL_DATA_DIR") {
        let mut config = Config::for_data_dir(dir);
        config.sample_data = false;
        let state = AppState::open(config).unwrap();
        let vendor = std::env::var("LITSTACK_FILL_VENDOR")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(95);
        fill(&state, vendor);
        return;
    }
    let mut c = Criterion::default().sample_size(50).configure_from_args();
    bench(&mut c);
    c.final_summary();
}
