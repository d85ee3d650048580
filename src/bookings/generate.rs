//! Deterministic, realistic synthetic demo bookings, written as the CSV the import takes: real US
//! cities in their states and metro areas with demand weighted by population, a category mix and
//! firm sizes skewed like real demand (small firms most), more bookings on weekdays and in business
//! hours, growth over the two years before `end`, a catalog vendor of the booking's category as the
//! Client, and about 1% of rows without a location. The same seed and end day give the same file.

use std::io::Write;

use chrono::{Datelike, NaiveDate, Weekday};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::query::{date_of, day_number};
use super::reference;
use crate::firm_size::FirmSize;

const SEED_CATEGORIES: &str = include_str!("../../data/categories.csv");
const SEED_VENDORS: &str = include_str!("../../data/vendors.csv");

/// Relative demand per category name; categories not listed get weight 2.
const CATEGORY_WEIGHTS: [(&str, u32); 14] = [
    ("Practice Management", 22),
    ("Intake", 14),
    ("Lead Generation", 10),
    ("Marketing Services", 10),
    ("Document Management", 8),
    ("Medical Record Retrieval", 7),
    ("Demands & Medical Review", 6),
    ("Document Drafting", 5),
    ("E-Discovery", 4),
    ("Financial Management", 4),
    ("Depositions & Court Reporting", 3),
    ("Trial Support", 3),
    ("Financial Services", 2),
    ("Staffing", 2),
];
/// SOLO, 2-5, 6-20, 21-50, 51-200, 200+.
const SIZE_WEIGHTS: [u32; 6] = [30, 28, 22, 11, 6, 3];
/// Relative demand by hour of day (UTC is close enough to US business hours shifted; kept simple).
const HOUR_WEIGHTS: [u32; 24] = [
    1, 1, 1, 1, 1, 1, 2, 4, 8, 12, 14, 14, 11, 13, 14, 13, 11, 8, 5, 3, 2, 2, 1, 1,
];
const DAYS: i32 = 730;

/// A category of the catalog and the vendors a booking in it may name.
pub struct CategoryVendors {
    pub name: String,
    pub vendors: Vec<String>,
}

/// The categories and vendors of the seed catalog shipped in data/.
pub fn seed_catalog() -> Vec<CategoryVendors> {
    let mut out: Vec<CategoryVendors> = csv::Reader::from_reader(SEED_CATEGORIES.as_bytes())
        .records()
        .filter_map(Result::ok)
        .map(|r| CategoryVendors {
            name: r[1].to_string(),
            vendors: Vec::new(),
        })
        .collect();
    let mut reader = csv::Reader::from_reader(SEED_VENDORS.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map(|h| h.iter().map(crate::upload::normalize_header).collect())
        .unwrap_or_default();
    let (Some(name), Some(category)) = (
        headers.iter().position(|h| h == "name"),
        headers.iter().position(|h| h == "category"),
    ) else {
        return out;
    };
    for r in reader.records().filter_map(Result::ok) {
        if let Some(c) = out
            .iter_mut()
            .find(|c| c.name.eq_ignore_ascii_case(&r[category]))
        {
            c.vendors.push(r[name].to_string());
        }
    }
    out
}

/// The categories and vendors of a loaded catalog.
pub fn from_catalog(catalog: &crate::catalog::Catalog) -> Vec<CategoryVendors> {
    catalog
        .categories
        .iter()
        .map(|c| CategoryVendors {
            name: c.name.clone(),
            vendors: catalog
                .vendors
                .iter()
                .filter(|v| v.category_id == c.id && v.is_active)
                .map(|v| v.name.clone())
                .collect(),
        })
        .collect()
}

/// Picks an index with probability proportional to its weight (cumulative weights, binary search).
struct Weighted(Vec<u64>);

impl Weighted {
    fn new(weights: impl IntoIterator<Item = u64>) -> Weighted {
        let mut sum = 0;
        Weighted(
            weights
                .into_iter()
                .map(|w| {
                    sum += w;
                    sum
                })
                .collect(),
        )
    }

    fn pick(&self, rng: &mut StdRng) -> usize {
        let total = *self.0.last().unwrap_or(&0);
        if total == 0 {
            return 0;
        }
        let x = rng.random_range(0..total);
        self.0.partition_point(|&c| c <= x)
    }
}

fn weekday_weight(d: NaiveDate) -> f64 {
    match d.weekday() {
        Weekday::Mon => 1.2,
        Weekday::Tue => 1.25,
        Weekday::Wed => 1.2,
        Weekday::Thu => 1.1,
        Weekday::Fri => 0.9,
        Weekday::Sat => 0.25,
        Weekday::Sun => 0.2,
    }
}

/// Writes `rows` bookings over the two years ending on `end`, oldest first.
pub fn write_csv(
    out: impl Write,
    rows: u64,
    seed: u64,
    end: NaiveDate,
    catalog: &[CategoryVendors],
) -> anyhow::Result<()> {
    let mut rng = StdRng::seed_from_u64(seed);
    let cities = reference::cities();
    anyhow::ensure!(
        !cities.is_empty() && !catalog.is_empty(),
        "no cities or no categories to generate from"
    );
    let city_pick = Weighted::new(cities.iter().map(|c| c.population));
    let category_pick = Weighted::new(catalog.iter().map(|c| {
        CATEGORY_WEIGHTS
            .iter()
            .find(|(n, _)| *n == c.name)
            .map_or(2, |(_, w)| *w) as u64
    }));
    let size_pick = Weighted::new(SIZE_WEIGHTS.iter().map(|&w| w as u64));
    let hour_pick = Weighted::new(HOUR_WEIGHTS.iter().map(|&w| w as u64));

    // Rows per day: weekday pattern times linear growth from 1x to 2x, rounded with a carried
    // remainder so the total is exactly `rows`.
    let last = day_number(end);
    let first = last - DAYS + 1;
    let weights: Vec<f64> = (0..DAYS)
        .map(|i| weekday_weight(date_of(first + i)) * (1.0 + i as f64 / DAYS as f64))
        .collect();
    let total_weight: f64 = weights.iter().sum();

    let mut w = csv::Writer::from_writer(std::io::BufWriter::with_capacity(1 << 20, out));
    w.write_record([
        "Id",
        "Created Time",
        "Client Category",
        "Client",
        "Standardized Practice Area Broken Out",
        "City State",
        "State",
        "DMA",
    ])?;
    let mut written = 0u64;
    let mut carry = 0.0f64;
    let mut times: Vec<i64> = Vec::new();
    for (i, weight) in weights.iter().enumerate() {
        let exact = rows as f64 * weight / total_weight + carry;
        let mut n = exact.floor() as u64;
        carry = exact - n as f64;
        if i as i32 == DAYS - 1 {
            n = rows - written;
        }
        let day_start = date_of(first + i as i32)
            .and_time(chrono::NaiveTime::MIN)
            .and_utc()
            .timestamp();
        times.clear();
        times.extend((0..n).map(|_| {
            day_start + hour_pick.pick(&mut rng) as i64 * 3600 + rng.random_range(0..3600)
        }));
        times.sort_unstable();
        for &t in &times {
            written += 1;
            let category = &catalog[category_pick.pick(&mut rng)];
            let client = if category.vendors.is_empty() {
                ""
            } else {
                &category.vendors[rng.random_range(0..category.vendors.len())]
            };
            let size = FirmSize::ALL[size_pick.pick(&mut rng)].code();
            let time = chrono::DateTime::from_timestamp(t, 0)
                .unwrap_or_default()
                .format("%Y-%m-%dT%H:%M:%SZ")
                .to_string();
            let id = format!("{seed:x}-{written}");
            if rng.random_range(0..100) == 0 {
                w.write_record([&id, &time, &category.name, client, size, "", "", ""])?;
            } else {
                let city = &cities[city_pick.pick(&mut rng)];
                let city_state = format!("{}, {}", city.name, city.state);
                w.write_record([
                    &id,
                    &time,
                    &category.name,
                    client,
                    size,
                    &city_state,
                    &city.state,
                    &city.dma,
                ])?;
            }
        }
    }
    w.flush()?;
    Ok(())
}
