//! The trends queries over the index: filters parsed at the edge into `Filters`, resolved against
//! one index into a `Selection` (the smallest row list that satisfies a filter, plus the checks
//! left), then counted into arrays indexed by dictionary id.

use super::blocks::RowList;
use chrono::{DateTime, Datelike};
use serde::Serialize;

use super::aggregates::day_of;
use super::filters::SECS_PER_DAY;
// The query's inputs, where the routes and other domains have always found them.
use super::aggregates::{DayCounts, DaySums};
pub use super::filters::{Filters, date_of, day_number, parse_include_sample};
use super::index::BookingIndex;
use super::periods::Granularity;
use super::series::{self, Bucket, Stack};
use crate::platform::firm_size::FirmSize;

pub(super) fn format_day(day: i32) -> String {
    DayLabel(day).to_string()
}

/// A day number that serialises as its ISO date, written without an allocation: the daily series
/// has one per day, and formatting them was most of the cost of a trends answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayLabel(pub i32);

impl DayLabel {
    /// "YYYY-MM-DD" for the years 0 to 9999 (every year a booking can have), else `None`.
    fn ascii(self) -> Option<[u8; 10]> {
        let d = date_of(self.0);
        let year = u32::try_from(d.year()).ok().filter(|&y| y <= 9999)?;
        let mut out = *b"0000-00-00";
        let digits = |out: &mut [u8], mut n: u32| {
            for b in out.iter_mut().rev() {
                *b = b'0' + (n % 10) as u8;
                n /= 10;
            }
        };
        digits(&mut out[0..4], year);
        digits(&mut out[5..7], d.month());
        digits(&mut out[8..10], d.day());
        Some(out)
    }
}

impl std::fmt::Display for DayLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ascii() {
            Some(bytes) => f.write_str(std::str::from_utf8(&bytes).unwrap_or_default()),
            None => {
                let d = date_of(self.0);
                write!(f, "{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
            }
        }
    }
}

impl Serialize for DayLabel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.ascii() {
            Some(bytes) => {
                serializer.serialize_str(std::str::from_utf8(&bytes).unwrap_or_default())
            }
            None => serializer.collect_str(self),
        }
    }
}

/// Filters resolved against one index.
pub struct Selection<'a> {
    idx: &'a BookingIndex,
    /// The row list every result row is in (`None` = every row).
    base: Option<&'a RowList>,
    pub(super) state: Option<u16>,
    pub(super) dma: Option<u32>,
    pub(super) size: Option<u8>,
    /// A filter value no booking has: nothing matches.
    pub(super) empty: bool,
    /// More than the base list's filter is set, so rows must be checked one by one.
    check: bool,
}

impl<'a> Selection<'a> {
    pub fn new(idx: &'a BookingIndex, f: &Filters) -> Selection<'a> {
        let mut empty = false;
        let dma = f.dma.as_deref().and_then(|d| {
            let id = idx.dma_id(d);
            empty |= id.is_none();
            id
        });
        let state = f.state.and_then(|s| {
            let id = idx.state_id(s);
            empty |= id.is_none();
            id
        });
        let size = f.firm_size.map(|s| s.index() as u8);
        let mut lists: Vec<&'a RowList> = Vec::new();
        if let Some(d) = dma {
            lists.push(&idx.by_dma[d as usize]);
        }
        if let Some(s) = state {
            lists.push(&idx.by_state[s as usize]);
        }
        // A firm size has no row list (see `BookingIndex`): it is always checked row by row.
        let filters = lists.len() + usize::from(size.is_some());
        let check = filters > lists.len().min(1);
        let base = lists.into_iter().min_by_key(|l| l.len());
        Selection {
            idx,
            base,
            state,
            dma,
            size,
            empty,
            check,
        }
    }

    #[inline]
    fn matches(&self, row: usize) -> bool {
        let c = &self.idx.cols;
        self.state.is_none_or(|s| c.state[row] == s)
            && self.dma.is_none_or(|d| c.dma.get(row) == d)
            && self.size.is_none_or(|s| c.size[row] == s)
    }

    /// Calls `visit` for every matching row with a time in `[from, to)`: oldest first within each
    /// run of rows (see `BookingIndex::runs`), one run after another.
    #[inline]
    pub fn for_each(&self, from: i64, to: i64, mut visit: impl FnMut(usize)) {
        if self.empty {
            return;
        }
        for (lo, hi) in self.idx.rows_in(self.base, from, to) {
            match self.base {
                None if !self.check => (lo..hi).for_each(&mut visit),
                None => (lo..hi).filter(|&r| self.matches(r)).for_each(&mut visit),
                Some(list) if !self.check => {
                    for part in list.slices_in(lo, hi) {
                        part.iter().for_each(|&r| visit(r as usize));
                    }
                }
                Some(list) => {
                    for part in list.slices_in(lo, hi) {
                        for &r in part {
                            if self.matches(r as usize) {
                                visit(r as usize);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The number of matching rows with a time in `[from, to)`.
    pub fn count(&self, from: i64, to: i64) -> u64 {
        if self.empty {
            return 0;
        }
        if !self.check {
            return self
                .idx
                .rows_in(self.base, from, to)
                .map(|(lo, hi)| (hi - lo) as u64)
                .sum();
        }
        if let (None, None, Some(size)) = (self.state, self.dma, self.size) {
            return self.count_of_size(size, from, to);
        }
        let mut n = 0;
        self.for_each(from, to, |_| n += 1);
        n
    }

    /// The rows of one firm size in `[from, to)`: the size's running sums for the whole days, a
    /// pass over the rows of the days cut at either end (a date filter gives whole days).
    fn count_of_size(&self, size: u8, from: i64, to: i64) -> u64 {
        let Some(sums) = self.idx.running_sums(None, None, Some(size)) else {
            let mut n = 0;
            self.for_each(from, to, |_| n += 1);
            return n;
        };
        if to <= from {
            return 0;
        }
        let first_whole = day_of(from + SECS_PER_DAY - 1);
        let after_whole = day_of(to);
        if first_whole >= after_whole {
            let mut n = 0;
            self.for_each(from, to, |_| n += 1);
            return n;
        }
        let mut n = sums.total(first_whole, after_whole - 1);
        let day_start = |d: i32| i64::from(d) * SECS_PER_DAY;
        self.for_each(from, day_start(first_whole), |_| n += 1);
        self.for_each(day_start(after_whole), to, |_| n += 1);
        n
    }

    /// Matching rows in `[from, to)`, newest first (by time, then id), after skipping `offset`.
    pub fn newest(&self, from: i64, to: i64, offset: usize, limit: usize) -> Vec<usize> {
        if limit == 0 {
            return Vec::new();
        }
        self.newest_rows(from, to)
            .skip(offset)
            .take(limit)
            .collect()
    }

    /// Every matching row in `[from, to)`, newest first (by time, then id), one at a time: what a
    /// download of every row walks without holding them.
    pub fn newest_rows(&self, from: i64, to: i64) -> Box<dyn Iterator<Item = usize> + '_> {
        if self.empty {
            return Box::new(std::iter::empty());
        }
        let newest_first = |(lo, hi): (usize, usize)| -> Box<dyn Iterator<Item = usize> + '_> {
            match self.base {
                None => Box::new((lo..hi).rev()),
                Some(list) => Box::new(
                    list.slices_in(lo, hi)
                        .rev()
                        .flat_map(|part| part.iter().rev().map(|&r| r as usize)),
                ),
            }
        };
        let mut runs: Vec<_> = self
            .idx
            .rows_in(self.base, from, to)
            .filter(|&(lo, hi)| lo < hi)
            .map(|range| newest_first(range).peekable())
            .collect();
        let rows: Box<dyn Iterator<Item = usize>> = if runs.len() <= 1 {
            Box::new(runs.into_iter().flatten())
        } else {
            // The runs' rows by time (and id) again: the newest of each run's next row, each time.
            let c = &self.idx.cols;
            Box::new(std::iter::from_fn(move || {
                let (_, k) = runs
                    .iter_mut()
                    .enumerate()
                    .filter_map(|(k, run)| run.peek().map(|&r| ((c.times[r], c.ids.get(r)), k)))
                    .max()?;
                runs[k].next()
            }))
        };
        if self.check {
            Box::new(rows.filter(|&r| self.matches(r)))
        } else {
            rows
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct NameCount<'a> {
    pub name: &'a str,
    /// The category's label: what a screen and a download show.
    pub label: &'a str,
    pub count: u32,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct StateCount<'a> {
    pub state: &'a str,
    pub count: u32,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DayCount {
    #[schema(value_type = String)]
    pub date: DayLabel,
    pub count: u32,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CityCount<'a> {
    pub city: &'a str,
    pub count: u32,
}

/// The trend summary.
///
/// `last30` and `previous30` count the bookings matching the dma, state and firm-size filters in
/// the 30 days ending on `rangeEnd` (the `end` filter, or the day of the newest booking when no end
/// is given) and in the 30 days before those; the `start` filter does not cut them short, so the
/// change they show stays meaningful for a short selected range.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trends<'a> {
    pub total: u64,
    pub category_counts: Vec<NameCount<'a>>,
    pub state_counts: Vec<StateCount<'a>>,
    /// One entry per day from the later of rangeStart and the first booking to the earlier of
    /// rangeEnd and the last booking, zero days included.
    pub daily: Vec<DayCount>,
    /// The days of `daily` in buckets of `granularity`.
    pub granularity: Granularity,
    pub series: Vec<Bucket>,
    /// With `stackBy=category`: the series of the 8 most booked categories, then "Other".
    pub stacks: Option<Vec<Stack<'a>>>,
    pub last30: u64,
    pub previous30: u64,
    /// Days in [rangeStart, rangeEnd]; 0 when there are no bookings and no range.
    pub days: i64,
    pub range_start: Option<String>,
    pub range_end: Option<String>,
    /// The days `[rangeStart, rangeEnd]`, for the comparison.
    #[serde(skip)]
    pub period: Option<(i32, i32)>,
}

/// How the series of a trends answer is shaped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Shape {
    pub granularity: Granularity,
    /// Split the series by the top categories.
    pub stack: bool,
}

/// The dictionary ids with a count, most first, then by name.
pub fn sorted_ids(counts: &[u32], names: &[String]) -> Vec<usize> {
    let mut v: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
    v.sort_unstable_by(|&a, &b| {
        counts[b]
            .cmp(&counts[a])
            .then_with(|| names[a].cmp(&names[b]))
    });
    v
}

fn sorted_counts<'a, T>(
    counts: &[u32],
    names: &'a [String],
    make: impl Fn(&'a str, u32) -> T,
) -> Vec<T> {
    sorted_ids(counts, names)
        .into_iter()
        .map(|i| make(&names[i], counts[i]))
        .collect()
}

/// The days `[rangeStart, rangeEnd]` of the filters: their dates, else the first and last day
/// with a booking.
pub fn period(idx: &BookingIndex, f: &Filters) -> Option<(i32, i32)> {
    let range_start = f.start.map(day_number).or(idx.first_day());
    let range_end = f.end.map(day_number).or(idx.last_day());
    range_start.zip(range_end)
}

pub fn trends<'a>(idx: &'a BookingIndex, f: &Filters, shape: Shape) -> Trends<'a> {
    let sel = Selection::new(idx, f);
    let (from, to) = (f.start_time(), f.end_time());
    let range_start = f.start.map(day_number).or(idx.first_day());
    let range_end = f.end.map(day_number).or(idx.last_day());

    let ncat = idx.cols.categories.len();
    let nstate = idx.cols.states.len();
    let (from_day, to_day) = f.day_range();
    let sums = match sel.empty {
        false => idx.running_sums(sel.state, sel.dma, sel.size),
        true => None,
    };
    let (cats, states, daily_pairs) = match sums {
        Some(sums) => sums.counts(&idx.cols, from_day, to_day),
        None => scan(idx, &sel, from, to, ncat, nstate),
    };
    let total = cats.iter().map(|&n| n as u64).sum();

    // The series' days: the period, cut to the days that have bookings at all.
    let span = match (idx.first_day(), idx.last_day(), range_start, range_end) {
        (Some(first), Some(last), Some(rs), Some(re)) => {
            Some((rs.max(first), re.min(last))).filter(|(s, e)| s <= e)
        }
        _ => None,
    };
    let mut day_counts = Vec::new();
    if let Some((s, e)) = span {
        day_counts = vec![0u32; (e - s + 1) as usize];
        for (day, n) in daily_pairs {
            if (s..=e).contains(&day) {
                day_counts[(day - s) as usize] += n;
            }
        }
    }
    let daily = match span {
        Some((s, _)) => day_counts
            .iter()
            .enumerate()
            .map(|(i, &count)| DayCount {
                date: DayLabel(s + i as i32),
                count,
            })
            .collect(),
        None => Vec::new(),
    };
    let series = match span {
        Some((s, e)) => series::buckets(shape.granularity, s, e, &day_counts),
        None => Vec::new(),
    };
    let category_counts = sorted_counts(&cats, &idx.cols.categories, |name, count| NameCount {
        name,
        label: crate::catalog::category_label(name),
        count,
    });
    let stacks = shape.stack.then(|| {
        let top: Vec<usize> = sorted_ids(&cats, &idx.cols.categories)
            .into_iter()
            .take(series::STACKED_CATEGORIES)
            .collect();
        let buckets = span.map_or_else(Vec::new, |(s, e)| {
            series::bucket_days(shape.granularity, s, e)
        });
        let per_bucket = category_buckets(idx, &sel, sums, &buckets, &top);
        let top = top
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let counts = per_bucket.iter().map(|b| b[i]).collect();
                (idx.cols.categories[c].as_str(), counts)
            })
            .collect();
        series::stacks(
            top,
            &series,
            category_counts.len() > series::STACKED_CATEGORIES,
        )
    });

    let (last30, previous30) = match range_end {
        Some(re) => {
            let end = (re as i64 + 1) * SECS_PER_DAY;
            let mid = end - 30 * SECS_PER_DAY;
            let begin = mid - 30 * SECS_PER_DAY;
            match sums {
                Some(sums) => (sums.total(re - 29, re), sums.total(re - 59, re - 30)),
                None => (sel.count(mid, end), sel.count(begin, mid)),
            }
        }
        None => (0, 0),
    };
    Trends {
        total,
        category_counts,
        state_counts: sorted_counts(&states, &idx.cols.states, |state, count| StateCount {
            state,
            count,
        }),
        daily,
        granularity: shape.granularity,
        series,
        stacks,
        last30,
        previous30,
        days: match (range_start, range_end) {
            (Some(s), Some(e)) => (e as i64 - s as i64 + 1).max(0),
            _ => 0,
        },
        range_start: range_start.map(format_day),
        range_end: range_end.map(format_day),
        period: range_start.zip(range_end),
    }
}

/// The bookings of each of the categories `cats` in each bucket (`(start, first day, last day,
/// partial)` as `series::bucket_days` gives them): from the running sums, or by one pass over the
/// selected rows of the buckets.
fn category_buckets(
    idx: &BookingIndex,
    sel: &Selection,
    sums: Option<&DaySums>,
    buckets: &[(i32, i32, i32, bool)],
    cats: &[usize],
) -> Vec<Vec<u32>> {
    if let Some(sums) = sums {
        return buckets
            .iter()
            .map(|&(_, from, to, _)| sums.categories_between(from, to, cats))
            .collect();
    }
    let mut slot = vec![usize::MAX; idx.cols.categories.len()];
    for (i, &c) in cats.iter().enumerate() {
        slot[c] = i;
    }
    let category = &idx.cols.category;
    buckets
        .iter()
        .map(|&(_, from, to, _)| {
            let mut counts = vec![0u32; cats.len()];
            let (from, to) = (from as i64 * SECS_PER_DAY, (to as i64 + 1) * SECS_PER_DAY);
            sel.for_each(from, to, |r| {
                if let Some(n) = counts.get_mut(slot[category[r] as usize]) {
                    *n += 1;
                }
            });
            counts
        })
        .collect()
}

fn scan(
    idx: &BookingIndex,
    sel: &Selection,
    from: i64,
    to: i64,
    ncat: usize,
    nstate: usize,
) -> DayCounts {
    let mut cats = vec![0u32; ncat];
    let mut states = vec![0u32; nstate];
    let (Some(first), Some(last)) = (idx.first_day(), idx.last_day()) else {
        return (cats, states, Vec::new());
    };
    let mut days = vec![0u32; (last - first + 1) as usize];
    let c = &idx.cols;
    // Rows come in time order within a run: the day is found from the row's position among the
    // first rows of the days, once per day, without reading the row's time (a cache miss per row
    // at 1M rows).
    let starts = &idx.day_starts;
    let (mut day, mut day_first, mut next_first) = (0usize, usize::MAX, 0usize);
    sel.for_each(from, to, |r| {
        if r >= next_first || r < day_first {
            let k = starts.partition_point(|&(row, _)| row as usize <= r) - 1;
            day = (starts[k].1 - first) as usize;
            day_first = starts[k].0 as usize;
            next_first = starts
                .get(k + 1)
                .map_or(usize::MAX, |&(row, _)| row as usize);
        }
        cats[c.category[r] as usize] += 1;
        states[c.state[r] as usize] += 1;
        days[day] += 1;
    });
    let pairs = days
        .into_iter()
        .enumerate()
        .filter(|&(_, n)| n > 0)
        .map(|(i, n)| (first + i as i32, n))
        .collect();
    (cats, states, pairs)
}

/// The number of bookings of `idx` that match the filters.
pub fn count(idx: &BookingIndex, f: &Filters) -> u64 {
    Selection::new(idx, f).count(f.start_time(), f.end_time())
}

/// One booking as the API shows it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingItem<'a> {
    pub id: u64,
    pub client_category: &'a str,
    /// The category's label: what a screen and a download show.
    pub category_label: &'a str,
    pub client: &'a str,
    pub standardized_practice_area_broken_out: &'static str,
    pub city_state: Option<&'a str>,
    pub state: &'a str,
    pub dma: &'a str,
    pub created_time: String,
    pub sample: bool,
}

pub fn item(idx: &BookingIndex, r: usize) -> BookingItem<'_> {
    let c = &idx.cols;
    let city_state = c.city_states[c.city_state.get(r) as usize].as_str();
    let client_category = c.categories[c.category[r] as usize].as_str();
    BookingItem {
        id: c.ids.get(r),
        client_category,
        category_label: crate::catalog::category_label(client_category),
        client: &c.vendors[c.vendor.get(r) as usize],
        standardized_practice_area_broken_out: FirmSize::from_index(c.size[r] as usize)
            .unwrap_or(FirmSize::Solo)
            .code(),
        city_state: (!city_state.is_empty()).then_some(city_state),
        state: &c.states[c.state[r] as usize],
        dma: &c.dmas[c.dma.get(r) as usize],
        created_time: DateTime::from_timestamp(c.time(r), 0)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        sample: c.sample.get(r),
    }
}

/// Bookings newest first, and how many match in all.
pub fn newest<'a>(
    idx: &'a BookingIndex,
    f: &Filters,
    offset: usize,
    limit: usize,
) -> (Vec<BookingItem<'a>>, u64) {
    let sel = Selection::new(idx, f);
    let (from, to) = (f.start_time(), f.end_time());
    let rows = sel.newest(from, to, offset, limit);
    (
        rows.into_iter().map(|r| item(idx, r)).collect(),
        sel.count(from, to),
    )
}

/// The 12 cities with the most matching bookings (the filters should name a state).
pub fn top_cities<'a>(idx: &'a BookingIndex, f: &Filters) -> Vec<CityCount<'a>> {
    let sel = Selection::new(idx, f);
    let mut counts = vec![0u32; idx.city_names.len()];
    let summed = match (sel.state, sel.dma, sel.size, sel.empty) {
        (Some(state), None, None, false) => {
            let (from_day, to_day) = f.day_range();
            idx.add_state_city_counts(state as usize, from_day, to_day, &mut counts)
        }
        _ => false,
    };
    if !summed {
        let c = &idx.cols;
        sel.for_each(f.start_time(), f.end_time(), |r| {
            counts[idx.city_of[c.city_state.get(r) as usize] as usize] += 1
        });
    }
    let mut all = sorted_counts(&counts, &idx.city_names, |city, count| CityCount {
        city,
        count,
    });
    all.truncate(12);
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::{Booking, ColumnsBuilder};
    use chrono::NaiveDate;

    const DAY: i64 = 86_400;

    fn index() -> BookingIndex {
        let mut b = ColumnsBuilder::default();
        let rows = [
            ("TX", "Austin", FirmSize::Solo),
            ("TX", "Dallas", FirmSize::E2To5),
            ("CA", "Fresno", FirmSize::Solo),
            ("TX", "Austin", FirmSize::Solo),
            ("TX", "Austin", FirmSize::E2To5),
        ];
        for (i, (state, city, size)) in rows.into_iter().enumerate() {
            b.push(
                i as u64 + 1,
                &Booking {
                    category: if i % 2 == 0 { "Intake" } else { "Staffing" }.into(),
                    client: "Clio".into(),
                    firm_size: size,
                    city_state: Some(format!("{city}, {state}")),
                    state: Some(state.into()),
                    dma: Some(city.into()),
                    created: 20_000 * DAY + i as i64 * DAY,
                    sample: false,
                },
            );
        }
        BookingIndex::from_columns(b.finish(), 1)
    }

    fn filters(state: Option<&'static str>, size: Option<FirmSize>) -> Filters {
        Filters {
            state,
            firm_size: size,
            ..Filters::default()
        }
    }

    #[test]
    fn a_size_alone_is_counted_from_its_sums_and_the_cut_days_row_by_row() {
        let idx = index();
        let f = filters(None, Some(FirmSize::Solo));
        let sel = Selection::new(&idx, &f);
        assert!(sel.base.is_none() && sel.check);
        let scanned = |from: i64, to: i64| {
            let mut n = 0;
            sel.for_each(from, to, |_| n += 1);
            n
        };
        // Solo rows are on days 20,000, 20,002 and 20,003, each at midnight.
        let at = |day: i64| day * DAY;
        for (from, to) in [
            (at(20_000), at(20_004)),
            (at(20_000) + 1, at(20_004)),
            (at(20_001), at(20_003)),
            (at(20_001), at(20_003) + 1),
            (at(20_002) + 1, at(20_003) - 1),
            (at(20_003), at(20_002)),
            (i64::MIN / 2, i64::MAX / 2),
        ] {
            assert_eq!(sel.count(from, to), scanned(from, to), "{from}..{to}");
        }
        assert_eq!(sel.count(at(20_000), at(20_004)), 3);
        let (items, total) = newest(&idx, &f, 1, 5);
        assert_eq!(total, 3);
        assert_eq!(items.iter().map(|b| b.id).collect::<Vec<_>>(), [3, 1]);
    }

    #[test]
    fn a_day_label_is_the_iso_date_with_or_without_an_allocation() {
        let label = DayLabel(day_number(NaiveDate::from_ymd_opt(2026, 3, 9).unwrap()));
        assert_eq!(label.to_string(), "2026-03-09");
        assert_eq!(serde_json::to_string(&label).unwrap(), "\"2026-03-09\"");
        assert_eq!(DayLabel(0).to_string(), "1970-01-01");
        let ancient = DayLabel(-800_000);
        assert_eq!(ancient.to_string(), format_day(-800_000));
        assert_eq!(
            serde_json::to_string(&ancient).unwrap(),
            format!("\"{ancient}\"")
        );
    }

    #[test]
    fn a_state_and_a_size_start_from_the_state_list_and_check_the_size() {
        let idx = index();
        let f = filters(Some("TX"), Some(FirmSize::Solo));
        let sel = Selection::new(&idx, &f);
        assert_eq!(sel.base.map(RowList::len), Some(4), "TX's rows");
        assert!(sel.check);
        assert_eq!(count(&idx, &f), 2);
        let (items, total) = newest(&idx, &f, 0, 10);
        assert_eq!(total, 2);
        assert_eq!(items.iter().map(|b| b.id).collect::<Vec<_>>(), [4, 1]);
        let (items, _) = newest(&idx, &filters(Some("TX"), None), 1, 2);
        assert_eq!(items.iter().map(|b| b.id).collect::<Vec<_>>(), [4, 2]);
    }

    #[test]
    fn a_period_that_ends_before_it_starts_matches_nothing() {
        // A period given only a start after the last booking ends on that booking's day, before
        // it starts, and so does its comparison period: with bookings between the end and the
        // start, their counts are 0, never a panic.
        let idx = index();
        for (state, size) in [
            (None, None),
            (Some("TX"), None),
            (Some("TX"), Some(FirmSize::Solo)),
        ] {
            let f = Filters {
                start: NaiveDate::from_ymd_opt(2027, 12, 2),
                end: NaiveDate::from_ymd_opt(2024, 1, 1),
                ..filters(state, size)
            };
            let counts = crate::bookings::vendors::vendor_counts(&idx, &f, None);
            assert!(counts.iter().all(|&n| n == 0), "{state:?} {size:?}");
            assert_eq!(count(&idx, &f), 0);
            assert!(top_cities(&idx, &f).is_empty());
        }
    }

    #[test]
    fn a_value_no_booking_has_matches_nothing() {
        let idx = index();
        let f = filters(Some("NY"), None);
        assert_eq!(count(&idx, &f), 0);
        assert!(newest(&idx, &f, 0, 10).0.is_empty());
        assert!(top_cities(&idx, &f).is_empty());
        assert_eq!(trends(&idx, &f, Shape::default()).total, 0);
    }

    #[test]
    fn the_trends_of_a_state_and_its_cities_with_and_without_a_size() {
        let idx = index();
        let tx = trends(&idx, &filters(Some("TX"), None), Shape::default());
        assert_eq!(tx.total, 4);
        assert_eq!(tx.days, 5, "from the first to the last booking");
        assert_eq!(
            tx.daily.iter().map(|d| d.count).collect::<Vec<_>>(),
            [1, 1, 0, 1, 1]
        );
        assert_eq!(tx.daily[2].date.to_string(), format_day(20_002));
        let names = |f: &Filters| -> Vec<(String, u32)> {
            top_cities(&idx, f)
                .iter()
                .map(|c| (c.city.to_string(), c.count))
                .collect()
        };
        let summed = names(&filters(Some("TX"), None));
        assert_eq!(
            summed,
            [("Austin".to_string(), 3), ("Dallas".to_string(), 1)]
        );
        let scanned = names(&filters(Some("TX"), Some(FirmSize::E2To5)));
        assert_eq!(
            scanned,
            [("Austin".to_string(), 1), ("Dallas".to_string(), 1)]
        );
    }
}
