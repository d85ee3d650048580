//! The trends query engine against a plain scan: for random bookings and random filters, the
//! answer the index gives (through its pre-aggregated paths — per-day running sums for all sizes,
//! one size, one state (and its cities) or one metro area — or its row scans) equals what counting
//! the bookings one by one gives: the trends, the count, the top cities and the vendor demand; the
//! same for the index read back from its snapshot, whose running sums are stored, not rebuilt, and
//! for the index of some of the bookings to which imports added the rest, on any days (runs of
//! their own behind the stored rows, or appended after them), that index read back from its
//! snapshot, and its runs compacted into one.
//! The analyst's shapes too (`analyst`): day, ISO-week and month buckets across a year boundary and
//! a leap day, the stacked categories, both comparison periods and the vendors inside a category.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use litstack::bookings::query::{self, Filters};
use litstack::bookings::{Booking, BookingSets, ColumnsBuilder, snapshot};
use litstack::platform::firm_size::FirmSize;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};

const DAY: i64 = 86_400;
/// 2026-01-01T00:00:00Z: the first day bookings fall on.
const BASE: i64 = 1_767_225_600;
const DAYS: i64 = 40;
const CATEGORIES: [&str; 3] = ["Intake", "Staffing", "Lead Generation"];
const STATES: [Option<&str>; 3] = [Some("TX"), Some("CA"), None];
const DMAS: [Option<&str>; 3] = [Some("Austin"), Some("Los Angeles"), None];
/// Town names; the same name in two states is one city name, as the API counts them.
const TOWNS: [&str; 4] = ["Springfield", "Riverside", "Franklin", ""];

fn booking() -> impl Strategy<Value = Booking> {
    let fields = (
        0..3usize,
        0..3usize,
        0..3usize,
        0..6usize,
        0..DAYS * DAY,
        0..4usize,
    );
    fields.prop_map(|(c, s, d, size, at, town)| Booking {
        category: CATEGORIES[c].to_string(),
        client: format!("Vendor {c}"),
        firm_size: FirmSize::ALL[size],
        city_state: STATES[s].map(|st| format!("{}, {st}", TOWNS[town])),
        state: STATES[s].map(str::to_string),
        dma: DMAS[d].map(str::to_string),
        created: BASE + at,
        sample: false,
    })
}

/// The city name the API counts a booking under.
fn city_of(b: &Booking) -> String {
    let name = b
        .city_state
        .as_deref()
        .and_then(|cs| cs.split(',').next())
        .unwrap_or("")
        .trim();
    if name.is_empty() {
        "Unknown City"
    } else {
        name
    }
    .to_string()
}

fn day(offset: i64) -> NaiveDate {
    chrono::DateTime::from_timestamp(BASE + offset * DAY, 0)
        .map(|t| t.date_naive())
        .unwrap_or_default()
}

fn filters() -> impl Strategy<Value = Filters> {
    let dma = prop_oneof![
        Just(None),
        Just(Some("Austin".to_string())),
        Just(Some("Los Angeles".to_string())),
        Just(Some("Nowhere".to_string())),
    ];
    let state = prop_oneof![
        Just(None),
        Just(Some("TX")),
        Just(Some("CA")),
        Just(Some("NY"))
    ];
    let size = proptest::option::of((0..6usize).prop_map(|i| FirmSize::ALL[i]));
    let range = (
        proptest::option::of(-3..DAYS + 3),
        proptest::option::of(-3..DAYS + 3),
    )
        .prop_filter("start on or before end", |(s, e)| match (s, e) {
            (Some(s), Some(e)) => s <= e,
            _ => true,
        });
    (dma, state, size, range).prop_map(|(dma, state, firm_size, (start, end))| Filters {
        dma,
        state,
        firm_size,
        start: start.map(day),
        end: end.map(day),
    })
}

fn matches(b: &Booking, f: &Filters) -> bool {
    let from = f.start.map_or(i64::MIN, |d| {
        d.and_hms_opt(0, 0, 0)
            .unwrap_or_default()
            .and_utc()
            .timestamp()
    });
    let to = f.end.map_or(i64::MAX, |d| {
        d.and_hms_opt(0, 0, 0)
            .unwrap_or_default()
            .and_utc()
            .timestamp()
            + DAY
    });
    f.dma
        .as_deref()
        .is_none_or(|dma| b.dma.as_deref() == Some(dma))
        && f.state.is_none_or(|s| b.state.as_deref() == Some(s))
        && f.firm_size.is_none_or(|s| b.firm_size == s)
        && (from..to).contains(&b.created)
}

/// Counts sorted the way the API sorts them: most first, then by name.
fn sorted(counts: BTreeMap<String, u32>) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v
}

#[test]
fn every_trends_answer_equals_a_plain_count_of_the_bookings() {
    let cases = std::env::var("LITSTACK_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let input = (
        proptest::collection::vec(booking(), 0..300),
        filters(),
        0..300usize,
    );
    let dir = tempfile::tempdir().unwrap();
    runner
        .run(&input, |(bookings, f, stored)| {
            let mut builder = ColumnsBuilder::default();
            for (i, b) in bookings.iter().enumerate() {
                builder.push(i as u64 + 1, b);
            }
            // The index as built, and as read back from its snapshot (columns and running sums).
            let built = BookingSets::from_columns(builder.finish(), 1);
            let fail = |e: String| TestCaseError::fail(e);
            snapshot::write(dir.path(), &built).map_err(|e| fail(e.to_string()))?;
            let read = snapshot::read(dir.path(), 1).map_err(fail)?;
            // The first `stored` bookings imported, then the rest in three imports: their days
            // fall anywhere.
            let stored = stored.min(bookings.len());
            let mut first = ColumnsBuilder::default();
            for (i, b) in bookings[..stored].iter().enumerate() {
                first.push(i as u64 + 1, b);
            }
            let mut added = BookingSets::from_columns(first.finish(), 1);
            let per_import = (bookings.len() - stored).div_ceil(3).max(1);
            let mut generation = 1;
            for (k, rest) in bookings[stored..].chunks(per_import).enumerate() {
                let mut builder = ColumnsBuilder::extend(added.real.cols.without_rows());
                for (i, b) in rest.iter().enumerate() {
                    builder.push((stored + k * per_import + i) as u64 + 1, b);
                }
                generation += 1;
                added = added
                    .extended(&builder.finish(), generation)
                    .ok_or_else(|| fail("the rest was not added".into()))?;
            }
            // Its runs as the snapshot holds them, and sorted into one.
            let later = dir.path().join("added");
            std::fs::create_dir_all(&later).map_err(|e| fail(e.to_string()))?;
            snapshot::write(&later, &added).map_err(|e| fail(e.to_string()))?;
            let added_read = snapshot::read(&later, generation).map_err(fail)?;
            prop_assert_eq!(added_read.real.runs.clone(), added.real.runs.clone());
            let compacted = added.compacted();
            prop_assert!(compacted.real.runs.len() <= 1);
            prop_assert!(compacted.real.cols == built.real.cols);
            prop_assert!(compacted.real.sums == built.real.sums);
            for idx in [
                &built.real,
                &read.real,
                &added.real,
                &added_read.real,
                &compacted.real,
            ] {
                let answer = query::trends(idx, &f, Default::default());

                let wanted: Vec<&Booking> = bookings.iter().filter(|b| matches(b, &f)).collect();
                let mut categories = BTreeMap::new();
                let mut states = BTreeMap::new();
                let mut days = BTreeMap::new();
                let mut cities = BTreeMap::new();
                for b in &wanted {
                    *cities.entry(city_of(b)).or_insert(0u32) += 1;
                    *categories.entry(b.category.clone()).or_insert(0u32) += 1;
                    let state = b.state.clone().unwrap_or_else(|| "Unknown".into());
                    *states.entry(state).or_insert(0u32) += 1;
                    let date = chrono::DateTime::from_timestamp(b.created, 0).unwrap_or_default();
                    *days.entry(date.date_naive().to_string()).or_insert(0u32) += 1;
                }

                prop_assert_eq!(answer.total, wanted.len() as u64);
                prop_assert_eq!(query::count(idx, &f), wanted.len() as u64);
                let got_categories: Vec<(String, u32)> = answer
                    .category_counts
                    .iter()
                    .map(|c| (c.name.to_string(), c.count))
                    .collect();
                prop_assert_eq!(got_categories, sorted(categories));
                let got_states: Vec<(String, u32)> = answer
                    .state_counts
                    .iter()
                    .map(|s| (s.state.to_string(), s.count))
                    .collect();
                prop_assert_eq!(got_states, sorted(states));
                let got_days: BTreeMap<String, u32> = answer
                    .daily
                    .iter()
                    .filter(|d| d.count > 0)
                    .map(|d| (d.date.to_string(), d.count))
                    .collect();
                prop_assert_eq!(got_days, days);
                let got_cities: Vec<(String, u32)> = query::top_cities(idx, &f)
                    .iter()
                    .map(|c| (c.city.to_string(), c.count))
                    .collect();
                let mut wanted_cities = sorted(cities);
                wanted_cities.truncate(12);
                prop_assert_eq!(got_cities, wanted_cities);

                // Vendor demand: the bookings per vendor of the size filter from the start day on.
                let sizes: Vec<FirmSize> = f.firm_size.into_iter().collect();
                let from_day = f.start.map_or(i32::MIN, query::day_number);
                let counts = idx.vendor_counts(&sizes, from_day);
                let mut got_vendors = BTreeMap::new();
                for (i, &n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
                    got_vendors.insert(idx.cols.vendors[i].clone(), n);
                }
                let mut wanted_vendors = BTreeMap::new();
                let since = f
                    .start
                    .map_or(i64::MIN, |d| i64::from(query::day_number(d)) * DAY);
                for b in &bookings {
                    if b.created >= since && f.firm_size.is_none_or(|s| b.firm_size == s) {
                        *wanted_vendors.entry(b.client.clone()).or_insert(0u32) += 1;
                    }
                }
                prop_assert_eq!(got_vendors, wanted_vendors);

                // The listing: newest first (by time, then id), a page past the first rows.
                let (page, total) = query::newest(idx, &f, 2, 5);
                let mut newest: Vec<(i64, u64)> = bookings
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| matches(b, &f))
                    .map(|(i, b)| (b.created, i as u64 + 1))
                    .collect();
                newest.sort_unstable_by(|a, b| b.cmp(a));
                let wanted_page: Vec<u64> =
                    newest.iter().skip(2).take(5).map(|&(_, id)| id).collect();
                let got_page: Vec<u64> = page.iter().map(|b| b.id).collect();
                prop_assert_eq!(got_page, wanted_page);
                prop_assert_eq!(total, wanted.len() as u64);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The analyst's shapes draw bookings from two winters a year apart (the later one holds the
/// 2027/2028 year boundary, ISO week 2028-W01 starting on Monday 2028-01-03, and the leap day
/// 2028-02-29), across more categories than the stacked series shows.
mod analyst {
    use super::*;
    use chrono::{Datelike, Months, Weekday};
    use litstack::bookings::periods::{Compare, Granularity};
    use litstack::bookings::query::Shape;
    use litstack::bookings::vendors;

    /// 2027-12-01T00:00:00Z, and the same day a year earlier.
    const LATER: i64 = 1_827_619_200;
    const EARLIER: i64 = LATER - 365 * DAY;
    const WINTER_DAYS: i64 = 120;
    const CATEGORIES: [&str; 10] = [
        "Intake",
        "Staffing",
        "Lead Generation",
        "Marketing",
        "Records",
        "Billing",
        "Medical",
        "Experts",
        "Court Reporting",
        "Investigation",
    ];

    fn booking() -> impl Strategy<Value = Booking> {
        let fields = (
            0..CATEGORIES.len(),
            0..5usize,
            0..3usize,
            0..3usize,
            0..6usize,
            (any::<bool>(), 0..WINTER_DAYS * DAY),
        );
        fields.prop_map(|(c, v, s, d, size, (later, at))| Booking {
            category: CATEGORIES[c].to_string(),
            // Vendors cross categories, so a category's vendors are not all vendors.
            client: format!("Vendor {v}"),
            firm_size: FirmSize::ALL[size],
            city_state: STATES[s].map(|st| format!("Springfield, {st}")),
            state: STATES[s].map(str::to_string),
            dma: DMAS[d].map(str::to_string),
            created: if later { LATER } else { EARLIER } + at,
            sample: false,
        })
    }

    fn later_day(offset: i64) -> NaiveDate {
        chrono::DateTime::from_timestamp(LATER + offset * DAY, 0)
            .map(|t| t.date_naive())
            .unwrap_or_default()
    }

    fn filters() -> impl Strategy<Value = Filters> {
        let place = prop_oneof![
            Just((None, None)),
            Just((Some("TX"), None)),
            Just((None, Some("Austin".to_string()))),
        ];
        let size = proptest::option::of((0..6usize).prop_map(|i| FirmSize::ALL[i]));
        let range = (
            proptest::option::of(-5..WINTER_DAYS + 5),
            proptest::option::of(-5..WINTER_DAYS + 5),
        )
            .prop_filter("start on or before end", |(s, e)| match (s, e) {
                (Some(s), Some(e)) => s <= e,
                _ => true,
            });
        (place, size, range).prop_map(|((state, dma), firm_size, (start, end))| Filters {
            dma,
            state,
            firm_size,
            start: start.map(later_day),
            end: end.map(later_day),
        })
    }

    fn date_of(b: &Booking) -> NaiveDate {
        chrono::DateTime::from_timestamp(b.created, 0)
            .unwrap_or_default()
            .date_naive()
    }

    /// The last day of the bucket starting on `start`, by the calendar rather than day numbers.
    fn bucket_end(g: Granularity, start: NaiveDate) -> NaiveDate {
        match g {
            Granularity::Day => start,
            Granularity::Week => start + chrono::Duration::days(6),
            Granularity::Month => start + Months::new(1) - chrono::Duration::days(1),
        }
    }

    /// The comparison dates, by the calendar: the days just before the period, or a year earlier
    /// (a leap day becomes the 28th).
    fn comparison(compare: Compare, start: NaiveDate, end: NaiveDate) -> (NaiveDate, NaiveDate) {
        match compare {
            Compare::Previous => {
                let days = (end - start).num_days() + 1;
                (
                    start - chrono::Duration::days(days),
                    start - chrono::Duration::days(1),
                )
            }
            _ => {
                let back = |d: NaiveDate| {
                    d.with_year(d.year() - 1)
                        .unwrap_or_else(|| NaiveDate::from_ymd_opt(d.year() - 1, 2, 28).unwrap())
                };
                (back(start), back(end))
            }
        }
    }

    #[test]
    fn every_analyst_shape_equals_a_plain_count_of_the_bookings() {
        let cases = std::env::var("LITSTACK_FUZZ_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(192);
        let mut runner = TestRunner::new(ProptestConfig {
            cases,
            failure_persistence: None,
            ..ProptestConfig::default()
        });
        let granularity = prop_oneof![
            Just(Granularity::Day),
            Just(Granularity::Week),
            Just(Granularity::Month)
        ];
        let compare = prop_oneof![Just(Compare::Previous), Just(Compare::Year)];
        let input = (
            proptest::collection::vec(booking(), 1..400),
            filters(),
            granularity,
            compare,
            any::<bool>(),
        );
        let dir = tempfile::tempdir().unwrap();
        runner
            .run(&input, |(bookings, f, granularity, compare, stack)| {
                let mut builder = ColumnsBuilder::default();
                for (i, b) in bookings.iter().enumerate() {
                    builder.push(i as u64 + 1, b);
                }
                let built = BookingSets::from_columns(builder.finish(), 1);
                let fail = |e: String| TestCaseError::fail(e);
                snapshot::write(dir.path(), &built).map_err(|e| fail(e.to_string()))?;
                let read = snapshot::read(dir.path(), 1).map_err(fail)?;
                let first = bookings.iter().map(date_of).min().unwrap_or_default();
                let last = bookings.iter().map(date_of).max().unwrap_or_default();
                let (start, end) = (f.start.unwrap_or(first), f.end.unwrap_or(last));
                let wanted: Vec<&Booking> = bookings.iter().filter(|b| matches(b, &f)).collect();
                for idx in [&built.real, &read.real] {
                    let shape = Shape { granularity, stack };
                    let answer = query::trends(idx, &f, shape);

                    // The series: buckets of the calendar over the days with bookings in the period.
                    let (s, e) = (start.max(first), end.min(last));
                    let mut covered = 0u64;
                    for (i, bucket) in answer.series.iter().enumerate() {
                        let b0 = NaiveDate::parse_from_str(&bucket.start.to_string(), "%Y-%m-%d")
                            .unwrap();
                        let b1 = bucket_end(granularity, b0);
                        match granularity {
                            Granularity::Week => {
                                prop_assert_eq!(b0.weekday(), Weekday::Mon);
                                prop_assert_eq!(b1.iso_week(), b0.iso_week());
                            }
                            Granularity::Month => prop_assert_eq!(b0.day(), 1),
                            Granularity::Day => {}
                        }
                        if i == 0 {
                            prop_assert!(b0 <= s && s <= b1, "the first bucket holds {}", s);
                        }
                        let inside = |d: NaiveDate| b0.max(s) <= d && d <= b1.min(e);
                        let count = wanted.iter().filter(|b| inside(date_of(b))).count();
                        prop_assert_eq!(bucket.count as usize, count, "bucket {}", b0);
                        prop_assert_eq!(bucket.partial, b0 < s || b1 > e, "partial {}", b0);
                        covered += bucket.count as u64;
                        if let Some(stacks) = &answer.stacks {
                            let mut named = 0u32;
                            for stack in stacks.iter().filter(|s| !s.other) {
                                let n = wanted
                                    .iter()
                                    .filter(|b| b.category == stack.name && inside(date_of(b)))
                                    .count();
                                prop_assert_eq!(stack.counts[i] as usize, n);
                                named += stack.counts[i];
                            }
                            let other = stacks.iter().find(|s| s.other).map_or(0, |s| s.counts[i]);
                            prop_assert_eq!(named + other, bucket.count);
                        }
                    }
                    prop_assert_eq!(covered, answer.total, "the buckets hold every booking");
                    if let Some(last_bucket) = answer.series.last() {
                        let b0 =
                            NaiveDate::parse_from_str(&last_bucket.start.to_string(), "%Y-%m-%d")
                                .unwrap();
                        prop_assert!(b0 <= e && e <= bucket_end(granularity, b0));
                    }
                    // The stacks: the 8 most booked categories, then Other when there are more.
                    if let Some(stacks) = &answer.stacks {
                        let top: Vec<&str> = answer
                            .category_counts
                            .iter()
                            .take(8)
                            .map(|c| c.name)
                            .collect();
                        let named: Vec<&str> =
                            stacks.iter().filter(|s| !s.other).map(|s| s.name).collect();
                        prop_assert_eq!(named, top);
                        prop_assert_eq!(
                            stacks.iter().any(|s| s.other),
                            answer.category_counts.len() > 8
                        );
                    }

                    // The comparison period: the calendar's, and its counts a plain count's.
                    let (c0, c1) = comparison(compare, start, end);
                    let then = compare.filters(&f, answer.period).unwrap();
                    prop_assert_eq!((then.start, then.end), (Some(c0), Some(c1)));
                    let in_then = bookings.iter().filter(|b| matches(b, &then)).count();
                    prop_assert_eq!(query::trends(idx, &then, shape).total as usize, in_then);

                    // The vendor panel's counts, of one category and of all, now and then.
                    for period in [&f, &then] {
                        for category in [None, Some("Intake"), Some("Experts")] {
                            let id = category
                                .and_then(|c| idx.cols.categories.iter().position(|n| n == c));
                            if category.is_some() && id.is_none() {
                                continue;
                            }
                            let counts = vendors::vendor_counts(idx, period, id.map(|i| i as u16));
                            let got: BTreeMap<String, u32> = counts
                                .iter()
                                .enumerate()
                                .filter(|(_, n)| **n > 0)
                                .map(|(v, &n)| (idx.cols.vendors[v].clone(), n))
                                .collect();
                            let mut plain = BTreeMap::new();
                            for b in bookings.iter().filter(|b| matches(b, period)) {
                                if category.is_none_or(|c| b.category == c) {
                                    *plain.entry(b.client.clone()).or_insert(0u32) += 1;
                                }
                            }
                            prop_assert_eq!(got, plain, "{:?}", category);
                        }
                    }
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
