//! Deterministic, realistic synthetic demo bookings, written as the CSV the import takes: real US
//! cities in their states and metro areas with demand weighted by population, a category mix that
//! drifts over two years (intake and lead generation gaining), firm sizes skewed like real demand
//! (small firms most), a few vendors of each category booked far more than the rest, US business
//! hours, more bookings on weekdays, a budget-year season with quiet summers and holidays, an
//! S-shaped growth, and day-to-day noise (a slow wander of demand and each day's own luck), so no
//! chart draws a ruled line. About 1% of rows have no location. Nothing is dated after the end
//! instant. The same seed and end give the same file.

use std::f64::consts::TAU;
use std::io::Write;

use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc, Weekday};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::query::{date_of, day_number};
use super::reference;
use crate::platform::firm_size::FirmSize;

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
/// How much faster (or slower) a category grows over the two years than demand as a whole:
/// its weight runs from `1 - drift/2` to `1 + drift/2` of its base. Others keep their share.
const CATEGORY_DRIFT: [(&str, f64); 6] = [
    ("Intake", 0.6),
    ("Lead Generation", 0.5),
    ("Medical Record Retrieval", 0.3),
    ("Demands & Medical Review", 0.4),
    ("Document Management", -0.3),
    ("E-Discovery", -0.4),
];
/// SOLO, 2-5, 6-20, 21-50, 51-200, 200+.
const SIZE_WEIGHTS: [u32; 6] = [30, 28, 22, 11, 6, 3];
/// Relative demand by hour of day in UTC: US business hours, Eastern (13-22 UTC) to Pacific
/// (16-01 UTC), a lunch dip, and little at night.
const HOUR_WEIGHTS: [u32; 24] = [
    6, 4, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 9, 13, 15, 14, 11, 13, 15, 14, 12, 10, 8,
];
const DAYS: i32 = 730;
/// How unequal a category's vendors are: the n-th most booked gets `1 / n^VENDOR_SKEW` of the
/// first's bookings.
const VENDOR_SKEW: f64 = 0.9;

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
        .map(|h| {
            h.iter()
                .map(crate::platform::upload::normalize_header)
                .collect()
        })
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

/// The n-th `weekday` of a month (n from 1), or its last with n = 0.
fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u8) -> Option<NaiveDate> {
    if n == 0 {
        let next = if month == 12 {
            NaiveDate::from_ymd_opt(year + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(year, month + 1, 1)
        }?;
        let last = next.pred_opt()?;
        let back = (7 + last.weekday().num_days_from_monday() - weekday.num_days_from_monday()) % 7;
        return last.checked_sub_days(chrono::Days::new(u64::from(back)));
    }
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, n)
}

/// US holidays and the days around them, when few firms book a demo.
fn holiday_weight(d: NaiveDate) -> f64 {
    let (y, m, day) = (d.year(), d.month(), d.day());
    let is = |date: Option<NaiveDate>| date == Some(d);
    match (m, day) {
        (1, 1) | (7, 4) | (12, 25) => 0.15,
        (12, 24) | (12, 31) => 0.35,
        (12, 26..=30) => 0.5,
        (1, 2) => 0.7,
        _ if is(nth_weekday(y, 11, Weekday::Thu, 4)) => 0.15,
        _ if is(nth_weekday(y, 11, Weekday::Thu, 4).and_then(|t| t.succ_opt())) => 0.4,
        _ if is(nth_weekday(y, 5, Weekday::Mon, 0)) || is(nth_weekday(y, 9, Weekday::Mon, 1)) => {
            0.3
        }
        _ => 1.0,
    }
}

/// The budget year: busy from January to March as new budgets open and again in the autumn,
/// quiet in July and August.
fn season_weight(d: NaiveDate) -> f64 {
    let year = TAU * f64::from(d.ordinal0()) / 365.25;
    let peak = TAU * 50.0 / 365.25; // late February
    let autumn = TAU * 290.0 / 365.25; // mid October
    1.0 + 0.14 * (year - peak).cos() + 0.07 * (2.0 * (year - autumn)).cos()
}

/// Growth over the period (`t` from 0 to 1): slow, then a steeper year, then leveling off, from
/// 1x to about 2.1x.
fn growth(t: f64) -> f64 {
    1.0 + 1.1 / (1.0 + (-7.0 * (t - 0.5)).exp())
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut StdRng) -> f64 {
    let u: f64 = rng.random_range(f64::EPSILON..1.0);
    let v: f64 = rng.random_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (TAU * v).cos()
}

/// A stable number for a name (FNV-1a), so a vendor's popularity does not follow its place in the
/// catalog's alphabet.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Writes `rows` bookings over the two years ending with the day `end` (all of it), oldest first.
pub fn write_csv(
    out: impl Write,
    rows: u64,
    seed: u64,
    end: NaiveDate,
    catalog: &[CategoryVendors],
) -> anyhow::Result<()> {
    let until = end
        .succ_opt()
        .unwrap_or(end)
        .and_time(chrono::NaiveTime::MIN)
        .and_utc();
    write_csv_until(out, rows, seed, until, catalog)
}

/// Writes `rows` bookings over the two years ending at the instant `until` (none at or after it),
/// oldest first: the first launch's sample ends when it is made, so its newest bookings are the
/// hours before, never later the same day.
pub fn write_csv_until(
    out: impl Write,
    rows: u64,
    seed: u64,
    until: DateTime<Utc>,
    catalog: &[CategoryVendors],
) -> anyhow::Result<()> {
    let mut rng = StdRng::seed_from_u64(seed);
    let cities = reference::cities();
    anyhow::ensure!(
        !cities.is_empty() && !catalog.is_empty(),
        "no cities or no categories to generate from"
    );
    let city_pick = Weighted::new(cities.iter().map(|c| c.population));
    let size_pick = Weighted::new(SIZE_WEIGHTS.iter().map(|&w| w as u64));
    let base: Vec<(f64, f64)> = catalog
        .iter()
        .map(|c| {
            let weight = CATEGORY_WEIGHTS
                .iter()
                .find(|(n, _)| *n == c.name)
                .map_or(2, |(_, w)| *w);
            let drift = CATEGORY_DRIFT
                .iter()
                .find(|(n, _)| *n == c.name)
                .map_or(0.0, |(_, d)| *d);
            (f64::from(weight), drift)
        })
        .collect();
    // Each category's vendors by popularity: ranked by a hash of the name, the n-th booked
    // 1/n^0.9 as often as the first.
    let vendor_picks: Vec<Weighted> = catalog
        .iter()
        .map(|c| {
            let mut order: Vec<usize> = (0..c.vendors.len()).collect();
            order.sort_by_key(|&i| name_hash(&c.vendors[i]) ^ seed);
            let mut weights = vec![0u64; c.vendors.len()];
            for (rank, &i) in order.iter().enumerate() {
                weights[i] = (1e6 / ((rank + 1) as f64).powf(VENDOR_SKEW)) as u64;
            }
            Weighted::new(weights)
        })
        .collect();

    // The days, the last one cut at `until`: each hour weighs its demand times the seconds of it
    // before `until`.
    // An end at midnight ends the day before, whole.
    let (last_day, seconds_today) = match until.num_seconds_from_midnight() {
        0 => (until.date_naive().pred_opt().unwrap_or_default(), 86_400),
        s => (until.date_naive(), i64::from(s)),
    };
    let last = day_number(last_day);
    let first = last - DAYS + 1;
    let hour_seconds = |day: i32, hour: usize| -> i64 {
        if day < last {
            3600
        } else {
            (seconds_today - hour as i64 * 3600).clamp(0, 3600)
        }
    };
    let day_hours = |day: i32| -> f64 {
        HOUR_WEIGHTS
            .iter()
            .enumerate()
            .map(|(h, &w)| f64::from(w) * hour_seconds(day, h) as f64)
            .sum::<f64>()
            / (3600.0 * f64::from(HOUR_WEIGHTS.iter().sum::<u32>()))
    };

    // Demand per day: weekday, season, holidays and growth, times a slow wander (weeks busier or
    // quieter than the model) and the day's own luck; then every row picks its day in proportion,
    // so the counts carry a draw's noise too.
    let mut wander = 0.0f64;
    let weights: Vec<u64> = (0..DAYS)
        .map(|i| {
            let day = first + i;
            let d = date_of(day);
            wander = 0.92 * wander + 0.045 * normal(&mut rng);
            let luck = 0.12 * normal(&mut rng);
            let demand = weekday_weight(d)
                * season_weight(d)
                * holiday_weight(d)
                * growth(f64::from(i) / f64::from(DAYS - 1))
                * (wander + luck).exp()
                * day_hours(day);
            (demand * 1e6) as u64
        })
        .collect();
    let day_pick = Weighted::new(weights);
    let mut per_day = vec![0u64; DAYS as usize];
    if day_pick.0.last().copied().unwrap_or(0) == 0 {
        per_day[DAYS as usize - 1] = rows; // `until` at midnight of a lone day: nothing to weigh
    } else {
        for _ in 0..rows {
            per_day[day_pick.pick(&mut rng)] += 1;
        }
    }

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
    let mut times: Vec<i64> = Vec::new();
    for (i, &n) in per_day.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let day = first + i as i32;
        let progress = f64::from(i as i32) / f64::from(DAYS - 1);
        let hour_pick = Weighted::new(
            HOUR_WEIGHTS
                .iter()
                .enumerate()
                .map(|(h, &w)| u64::from(w) * hour_seconds(day, h) as u64),
        );
        let category_pick =
            Weighted::new(base.iter().map(|&(weight, drift)| {
                (weight * (1.0 + drift * (progress - 0.5)) * 1000.0) as u64
            }));
        let day_start = date_of(day)
            .and_time(chrono::NaiveTime::MIN)
            .and_utc()
            .timestamp();
        times.clear();
        times.extend((0..n).map(|_| {
            let hour = hour_pick.pick(&mut rng);
            let span = hour_seconds(day, hour).max(1);
            day_start + hour as i64 * 3600 + rng.random_range(0..span)
        }));
        times.sort_unstable();
        for &t in &times {
            written += 1;
            let c = category_pick.pick(&mut rng);
            let category = &catalog[c];
            let client = if category.vendors.is_empty() {
                ""
            } else {
                &category.vendors[vendor_picks[c].pick(&mut rng)]
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

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap, HashSet};

    use super::*;

    struct Row {
        time: DateTime<Utc>,
        category: String,
        client: String,
        state: String,
    }

    fn rows(csv: &[u8]) -> Vec<Row> {
        csv::Reader::from_reader(csv)
            .records()
            .map(|r| {
                let r = r.unwrap();
                Row {
                    time: r[1].parse().unwrap(),
                    category: r[2].to_string(),
                    client: r[3].to_string(),
                    state: r[6].to_string(),
                }
            })
            .collect()
    }

    /// The first launch's sample as made at 09:30 UTC (a quiet hour in the US).
    fn sample() -> (DateTime<Utc>, Vec<u8>) {
        let until: DateTime<Utc> = "2026-11-25T09:30:00Z".parse().unwrap();
        let mut csv = Vec::new();
        write_csv_until(&mut csv, 50_000, 42, until, &seed_catalog()).unwrap();
        (until, csv)
    }

    #[test]
    fn the_sample_is_deterministic_exact_and_ends_before_it_was_made() {
        let (until, csv) = sample();
        let (_, again) = sample();
        assert_eq!(csv, again, "the same seed and end give the same file");
        let rows = rows(&csv);
        assert_eq!(rows.len(), 50_000);
        assert!(
            rows.iter().all(|r| r.time < until),
            "nothing after it was made"
        );
        let first = until - chrono::Duration::days(i64::from(DAYS));
        assert!(rows.iter().all(|r| r.time >= first), "two years");
        assert!(
            rows.windows(2).all(|w| w[0].time <= w[1].time),
            "oldest first"
        );
        // A whole day `end`: the two years up to its midnight.
        let mut whole = Vec::new();
        let end = NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
        write_csv(&mut whole, 2_000, 7, end, &seed_catalog()).unwrap();
        let whole = self::rows(&whole);
        assert_eq!(whole.last().unwrap().time.date_naive(), end);
        assert_eq!(whole.len(), 2_000);
    }

    #[test]
    fn the_sample_has_the_cycles_and_noise_of_real_demand() {
        let (until, csv) = sample();
        let rows = rows(&csv);
        let mut per_day: BTreeMap<NaiveDate, u64> = BTreeMap::new();
        for r in &rows {
            *per_day.entry(r.time.date_naive()).or_default() += 1;
        }
        // Every day but today (cut short) counts, days without a booking too.
        let last = until.date_naive().pred_opt().unwrap();
        let days: Vec<(NaiveDate, u64)> = (0..DAYS as u64 - 1)
            .rev()
            .map(|back| last - chrono::Days::new(back))
            .map(|d| (d, per_day.get(&d).copied().unwrap_or(0)))
            .collect();
        let weekend = |d: &NaiveDate| matches!(d.weekday(), Weekday::Sat | Weekday::Sun);
        let mean = |pick: &dyn Fn(&NaiveDate) -> bool| {
            let picked: Vec<u64> = days
                .iter()
                .filter(|(d, _)| pick(d))
                .map(|&(_, n)| n)
                .collect();
            picked.iter().sum::<u64>() as f64 / picked.len() as f64
        };
        let (weekdays, weekends) = (mean(&|d| !weekend(d)), mean(&weekend));
        assert!(weekdays > 3.0 * weekends, "{weekdays} vs {weekends}");

        // Not a ramp: a Tuesday is often quieter than the Tuesday before, and by a real margin.
        let tuesdays: Vec<u64> = days
            .iter()
            .filter(|(d, _)| d.weekday() == Weekday::Tue)
            .map(|&(_, n)| n)
            .collect();
        let drops = tuesdays.windows(2).filter(|w| w[1] < w[0]).count();
        assert!(
            drops * 3 > tuesdays.len(),
            "{drops} drops of {}",
            tuesdays.len()
        );
        let moves: f64 = tuesdays
            .windows(2)
            .map(|w| (w[1] as f64 - w[0] as f64).abs() / w[0].max(1) as f64)
            .sum::<f64>()
            / (tuesdays.len() - 1) as f64;
        assert!(
            moves > 0.08,
            "a Tuesday differs from the last by {moves:.3} on average"
        );

        // Seasons: August quieter than the March before it, the week of Christmas quieter still;
        // and growth: the last 90 days busier than the first 90.
        let month = |y: i32, m: u32| -> f64 {
            let picked: Vec<u64> = days
                .iter()
                .filter(|(d, _)| d.year() == y && d.month() == m && !weekend(d))
                .map(|&(_, n)| n)
                .collect();
            picked.iter().sum::<u64>() as f64 / picked.len() as f64
        };
        assert!(month(2026, 8) < 0.95 * month(2026, 3));
        assert!(month(2025, 8) < 0.95 * month(2025, 3));
        let christmas = per_day[&NaiveDate::from_ymd_opt(2025, 12, 25).unwrap()];
        let weekday_before = per_day[&NaiveDate::from_ymd_opt(2025, 12, 17).unwrap()];
        assert!(
            christmas * 3 < weekday_before,
            "{christmas} vs {weekday_before}"
        );
        let first: u64 = days[..90].iter().map(|&(_, n)| n).sum();
        let recent: u64 = days[days.len() - 90..].iter().map(|&(_, n)| n).sum();
        assert!(recent as f64 > 1.5 * first as f64, "{recent} vs {first}");
    }

    #[test]
    fn the_newest_sample_bookings_spread_over_the_hours_before_it_was_made() {
        let (until, csv) = sample();
        let rows = rows(&csv);
        let newest = &rows[rows.len() - 6..];
        let hours: HashSet<i64> = newest
            .iter()
            .map(|r| (until - r.time).num_hours())
            .collect();
        assert!(hours.len() >= 3, "six newest over {hours:?} hours ago");
        // The last week has bookings every day.
        let days: HashSet<NaiveDate> = rows
            .iter()
            .filter(|r| until - r.time < chrono::Duration::days(7))
            .map(|r| r.time.date_naive())
            .collect();
        assert_eq!(days.len(), 8, "{days:?}");
    }

    #[test]
    fn the_sample_mix_is_plausible() {
        let (_, csv) = sample();
        let rows = rows(&csv);
        let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
        let mut categories: HashMap<&str, usize> = HashMap::new();
        for r in &rows {
            *categories.entry(r.category.as_str()).or_default() += 1;
        }
        let top = categories.iter().max_by_key(|(_, n)| **n).unwrap();
        assert_eq!(*top.0, "Practice Management");
        assert_eq!(categories.len(), seed_catalog().len(), "every category");
        // Intake gains: its share of the second year is above the first's.
        let half = rows.len() / 2;
        let share = |rows: &[Row]| {
            rows.iter().filter(|r| r.category == "Intake").count() as f64 / rows.len() as f64
        };
        assert!(share(&rows[half..]) > 1.1 * share(&rows[..half]));
        // A category's vendors are not booked alike: its favourite well ahead of its median.
        let mut pm: HashMap<&str, usize> = HashMap::new();
        for r in rows.iter().filter(|r| r.category == "Practice Management") {
            *pm.entry(r.client.as_str()).or_default() += 1;
        }
        let mut counts: Vec<usize> = pm.into_values().collect();
        counts.sort_unstable();
        assert!(
            counts[counts.len() - 1] > 3 * counts[counts.len() / 2],
            "{counts:?}"
        );
        // The most populous states lead; about 1% have no place.
        let ca = count(&|r| r.state == "CA");
        let vt = count(&|r| r.state == "VT");
        assert!(ca > 20 * vt.max(1), "CA {ca}, VT {vt}");
        let unknown = count(&|r| r.state.is_empty());
        assert!((200..=800).contains(&unknown), "{unknown}");
    }
}
