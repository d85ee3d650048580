//! Per-day running counts over a set of rows (every row, one firm size, one state, one metro
//! area), built once per index, so that a trends answer or a state's top cities over any day range
//! cost one subtraction per category, state or city instead of a pass over the rows.

use foldhash::HashMap;

use super::blocks::{Blocks, SUM_BITS};
use super::columns::Columns;
use crate::platform::firm_size::FirmSize;

const SIZES: usize = FirmSize::ALL.len();

/// Category counts, state counts (by dictionary id) and (day, bookings) pairs.
pub type DayCounts = (Vec<u32>, Vec<u32>, Vec<(i32, u32)>);

/// The UTC day number (days since 1970-01-01) of a Unix time.
pub fn day_of(t: i64) -> i32 {
    t.div_euclid(86_400) as i32
}

/// Running counts of `keys` keys over the distinct days of some rows: `cum[d * keys + k]` is how
/// many of the rows on the days before the d-th have key `k`. The counters are in shared blocks:
/// an index extended by a day's rows shares every block of its sums but those its new days touch.
#[derive(Clone, Debug, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
struct Running {
    keys: usize,
    cum: Blocks<u32, SUM_BITS>,
}

/// Running counts being built: each day's count per key, then `finish` makes them running sums.
struct Counter {
    keys: usize,
    cum: Vec<u32>,
}

impl Counter {
    fn new(days: usize, keys: usize) -> Counter {
        Counter {
            keys,
            cum: vec![0; (days + 1) * keys],
        }
    }

    /// Counts one row of the d-th day with key `k`.
    fn add(&mut self, d: usize, k: usize) {
        self.cum[(d + 1) * self.keys + k] += 1;
    }

    /// The counts as running sums.
    fn finish(mut self) -> Running {
        for i in self.keys..self.cum.len() {
            self.cum[i] += self.cum[i - self.keys];
        }
        Running::of(self.keys, &self.cum)
    }
}

impl Running {
    /// Sums over no row on `days` days.
    fn new(days: usize, keys: usize) -> Running {
        Counter::new(days, keys).finish()
    }

    fn of(keys: usize, cum: &[u32]) -> Running {
        Running {
            keys,
            cum: Blocks::from_slice(cum),
        }
    }

    /// The rows with key `k` on the days `[lo, hi)` (positions in the day list).
    fn between(&self, lo: usize, hi: usize, k: usize) -> u32 {
        self.cum[hi * self.keys + k] - self.cum[lo * self.keys + k]
    }

    /// The running counts at the start of the d-th day, appended to `out`.
    fn day_into(&self, d: usize, out: &mut Vec<u32>) {
        for s in self.cum.slices_in(d * self.keys, (d + 1) * self.keys) {
            out.extend_from_slice(s);
        }
    }

    /// The same sums over the keys `to` (ascending, a superset of `from`, the keys these sums are
    /// over, `days` days): a new key counts 0 on every day so far.
    fn over_keys(&self, days: usize, from: &[u32], to: &[u32]) -> Running {
        let mut out = vec![0; (days + 1) * to.len()];
        let mut at = 0;
        for (i, &key) in from.iter().enumerate() {
            while to[at] != key {
                at += 1;
            }
            for d in 0..=days {
                out[d * to.len() + at] = self.cum[d * self.keys + i];
            }
        }
        Running::of(to.len(), &out)
    }

    /// Opens one more day after the last: its running counts start where the last day's end.
    fn next_day(&mut self) {
        let last = self.cum.len() - self.keys;
        for i in last..last + self.keys {
            let count = self.cum[i];
            self.cum.push(count);
        }
    }

    /// Counts one row of the last day with key `k` (after `finish`).
    fn add_to_last(&mut self, k: usize) {
        let at = self.cum.len() - self.keys + k;
        *self.cum.get_mut(at) += 1;
    }

    /// The sums of two sets of rows together, over `days` and `keys`: each part is running sums
    /// over its own days and keys (ascending, among `days` and `keys`).
    fn sum_of(days: &[i32], keys: &[u32], parts: [(&Running, &[i32], &[u32]); 2]) -> Running {
        let width = keys.len();
        let mut out = vec![0; (days.len() + 1) * width];
        let mut from = Vec::with_capacity(width);
        for (sums, their_days, their_keys) in parts {
            let at: Vec<usize> = their_keys
                .iter()
                .map(|k| keys.partition_point(|x| x < k))
                .collect();
            // `cum[i]` counts the rows on the days before the i-th: of a part, those on its days
            // before that day.
            let mut d = 0;
            for i in 0..=days.len() {
                while d < their_days.len() && days.get(i).is_none_or(|&day| their_days[d] < day) {
                    d += 1;
                }
                from.clear();
                sums.day_into(d, &mut from);
                let to = &mut out[i * width..(i + 1) * width];
                if their_keys.len() == width {
                    // Every key (the usual case for the stored rows): a plain add that vectorizes.
                    to.iter_mut().zip(&from).for_each(|(t, &n)| *t += n);
                } else {
                    for (&n, &k) in from.iter().zip(&at) {
                        to[k] += n;
                    }
                }
            }
        }
        Running::of(width, &out)
    }

    /// Whether these are running sums of `keys` keys over `days` days that `between` can read:
    /// the right length and never decreasing, so no subtraction underflows.
    fn is_valid(&self, days: usize, keys: usize) -> bool {
        self.keys == keys
            && self.cum.len() == (days + 1) * keys
            && (self.cum.iter().zip(self.cum.iter_from(keys))).all(|(before, at)| at >= before)
    }
}

/// The values a set of rows takes in one column, as a small local key space: `keys` lists the
/// dictionary ids present, `local` maps a dictionary id to its position in `keys`.
struct LocalKeys {
    keys: Vec<u32>,
    local: Local,
}

/// A dictionary id's position among the keys: a table over the whole dictionary where the
/// groups' tables together stay small, else a hash map of the ids present (many groups over a
/// large dictionary, such as the metro areas' (category, vendor) pairs after a file of a million
/// Client names, would otherwise hold a table each of millions of entries).
enum Local {
    Table(Vec<u32>),
    Map(HashMap<u32, u32>),
}

/// Entries of the tables of one partition's groups together, past which they are hash maps.
const TABLE_ENTRIES: usize = 1 << 22;

impl LocalKeys {
    /// The keys of one of `groups` groups over a dictionary of `dictionary` values.
    fn new(dictionary: usize, groups: usize) -> LocalKeys {
        let local = if dictionary.saturating_mul(groups) <= TABLE_ENTRIES {
            Local::Table(vec![u32::MAX; dictionary])
        } else {
            Local::Map(HashMap::default())
        };
        LocalKeys {
            keys: Vec::new(),
            local,
        }
    }

    #[inline]
    fn add(&mut self, v: u32) {
        let new = match &mut self.local {
            Local::Table(local) => {
                let slot = &mut local[v as usize];
                std::mem::replace(slot, 0) == u32::MAX
            }
            Local::Map(local) => local.insert(v, 0).is_none(),
        };
        if new {
            self.keys.push(v);
        }
    }

    /// Numbers the keys in ascending order.
    fn finish(&mut self) {
        self.keys.sort_unstable();
        for (i, &k) in self.keys.iter().enumerate() {
            match &mut self.local {
                Local::Table(local) => local[k as usize] = i as u32,
                Local::Map(local) => {
                    local.insert(k, i as u32);
                }
            }
        }
    }

    /// The position of `v`, one of the keys, after `finish`.
    #[inline]
    fn local(&self, v: u32) -> usize {
        match &self.local {
            Local::Table(local) => local[v as usize] as usize,
            Local::Map(local) => local.get(&v).copied().unwrap_or_default() as usize,
        }
    }
}

/// The UTC day of every row, computed once for all the sums of an index and then dropped: rows are
/// in time order, so a division is needed only when a row starts a new day.
pub fn days_of_rows(times: impl ExactSizeIterator<Item = u32>) -> Vec<i32> {
    let mut out = Vec::with_capacity(times.len());
    let (mut day, mut next) = (0i32, i64::MIN);
    let mut start = i64::MAX;
    for t in times {
        let t = i64::from(t);
        if t >= next || t < start {
            day = day_of(t);
            start = i64::from(day) * 86_400;
            next = start + 86_400;
        }
        out.push(day);
    }
    out
}

/// The running counts of one set of rows, per distinct day.
#[derive(Clone, Debug, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
pub struct DaySums {
    /// The distinct UTC days of the rows, ascending.
    days: Vec<i32>,
    categories: Running,
    /// The states of the rows (dictionary ids) and their sums.
    states: Vec<u32>,
    state_sums: Running,
    /// Every row, for the daily series.
    totals: Running,
    /// Counts of more keys, each when built within its budget (`ExtraKey` order): the
    /// (category, vendor) pairs of every row, each firm size's, each state's and each metro
    /// area's, and the city names (`BookingIndex::city_names` ids) of a state's rows.
    extras: Vec<Option<(Vec<u32>, Running)>>,
}

/// An extra key of a row (by row position), and how many values it has.
pub type ExtraKey<'a> = (&'a (dyn Fn(usize) -> u32 + Sync), usize);

/// Where each group's extra keys are, in `DaySums::extras`.
pub const PAIRS: usize = 0;
pub const CITIES: usize = 1;

impl DaySums {
    /// The sums of no row, with `extras` extra keys (each built, with no value yet).
    fn empty(categories: usize, extras: usize) -> DaySums {
        DaySums {
            days: Vec::new(),
            categories: Running::new(0, categories),
            states: Vec::new(),
            state_sums: Running::new(0, 0),
            totals: Running::new(0, 1),
            extras: (0..extras)
                .map(|_| Some((Vec::new(), Running::new(0, 0))))
                .collect(),
        }
    }

    /// Adds `rows` (ascending row positions of `cols`, after every row counted so far) without
    /// a pass over the rows counted before: the key lists grow by the new rows' values and the sums
    /// by their days. `extras` gives each extra key as `build` does; a key now `None` (past its
    /// cap) is dropped. False when a row is on a day before this set's last day: then only a
    /// rebuild is right.
    fn extend(&mut self, cols: &Columns, rows: &[usize], extras: &[Option<ExtraKey<'_>>]) -> bool {
        let day = |r: usize| day_of(cols.time(r));
        if let (Some(&last), Some(&first)) = (self.days.last(), rows.first())
            && day(first) < last
        {
            return false;
        }
        let days = self.days.len();
        let ncat = cols.categories.len().max(1);
        if self.categories.keys != ncat {
            let (from, to): (Vec<u32>, Vec<u32>) = (
                (0..self.categories.keys as u32).collect(),
                (0..ncat as u32).collect(),
            );
            self.categories = self.categories.over_keys(days, &from, &to);
        }
        if rows.is_empty() {
            return true;
        }
        let grown = |keys: &[u32], values: &mut dyn Iterator<Item = u32>| -> Vec<u32> {
            let mut all = keys.to_vec();
            all.extend(values);
            all.sort_unstable();
            all.dedup();
            all
        };
        let states = grown(
            &self.states,
            &mut rows.iter().map(|&r| u32::from(cols.state[r])),
        );
        if states != self.states {
            self.state_sums = self.state_sums.over_keys(days, &self.states, &states);
            self.states = states;
        }
        for (extra, key) in self.extras.iter_mut().zip(extras) {
            match (extra.as_mut(), key) {
                (Some((values, sums)), Some((key_of, _))) => {
                    let all = grown(values, &mut rows.iter().map(|&r| key_of(r)));
                    if all != *values {
                        *sums = sums.over_keys(days, values, &all);
                        *values = all;
                    }
                }
                _ => *extra = None,
            }
        }
        for &r in rows {
            let d = day(r);
            if self.days.last() != Some(&d) {
                self.days.push(d);
                self.categories.next_day();
                self.state_sums.next_day();
                self.totals.next_day();
                for (_, sums) in self.extras.iter_mut().flatten() {
                    sums.next_day();
                }
            }
            self.categories.add_to_last(cols.category[r] as usize);
            let state = self.states.binary_search(&u32::from(cols.state[r]));
            self.state_sums.add_to_last(state.unwrap_or_default());
            self.totals.add_to_last(0);
            for (extra, key) in self.extras.iter_mut().zip(extras) {
                if let (Some((values, sums)), Some((key_of, _))) = (extra.as_mut(), key) {
                    sums.add_to_last(values.binary_search(&key_of(r)).unwrap_or_default());
                }
            }
        }
        true
    }

    /// These sums and those of other rows (`new`, built over columns whose dictionaries grew from
    /// these sums' own, the vendors' from `rekey.0` names to `rekey.1` when given) together, on
    /// any days: what `build` gives for both sets of rows at once. An extra key missing from
    /// either is missing from the result.
    fn with_added(&self, new: &DaySums, rekey: Option<(u32, u32)>) -> DaySums {
        let days = union(&self.days, &new.days);
        let numbers = |sums: &Running| (0..sums.keys as u32).collect::<Vec<u32>>();
        let (old_cats, new_cats) = (numbers(&self.categories), numbers(&new.categories));
        let cats = union(&old_cats, &new_cats);
        let states = union(&self.states, &new.states);
        let both = |old: (&Running, &[u32]), new_part: (&Running, &[u32]), keys: &[u32]| {
            Running::sum_of(
                &days,
                keys,
                [
                    (old.0, &self.days, old.1),
                    (new_part.0, &new.days, new_part.1),
                ],
            )
        };
        let extras = self
            .extras
            .iter()
            .zip(&new.extras)
            .enumerate()
            .map(|(key, extra)| match extra {
                (Some((old_values, old_sums)), Some((new_values, new_sums))) => {
                    let old_values: Vec<u32> = match rekey {
                        Some((from, to)) if key == PAIRS => old_values
                            .iter()
                            .map(|v| v / from * to + v % from)
                            .collect(),
                        _ => old_values.clone(),
                    };
                    let values = union(&old_values, new_values);
                    let sums = both((old_sums, &old_values), (new_sums, new_values), &values);
                    Some((values, sums))
                }
                _ => None,
            })
            .collect();
        DaySums {
            categories: both(
                (&self.categories, &old_cats),
                (&new.categories, &new_cats),
                &cats,
            ),
            state_sums: both(
                (&self.state_sums, &self.states),
                (&new.state_sums, &new.states),
                &states,
            ),
            totals: both((&self.totals, &[0]), (&new.totals, &[0]), &[0]),
            days,
            states,
            extras,
        }
    }

    /// Re-keys the (category, vendor) pair values after the vendor dictionary grew from `old` to
    /// `new` names: `category * vendors + vendor`, so the order of the values is kept.
    fn rekey_pairs(&mut self, old: u32, new: u32) {
        if let Some(Some((values, _))) = self.extras.get_mut(PAIRS) {
            for v in values {
                *v = *v / old * new + *v % old;
            }
        }
    }

    /// The positions `[lo, hi)` in the day list of the days in `[from_day, to_day]`.
    fn day_range(&self, from_day: i32, to_day: i32) -> (usize, usize) {
        let lo = self.days.partition_point(|&d| d < from_day);
        let hi = self.days.partition_point(|&d| d <= to_day).max(lo);
        (lo, hi)
    }

    /// Category counts, state counts and per-day totals over the days `[from_day, to_day]`.
    pub fn counts(&self, cols: &Columns, from_day: i32, to_day: i32) -> DayCounts {
        let (lo, hi) = self.day_range(from_day, to_day);
        let cats = (0..cols.categories.len())
            .map(|c| self.categories.between(lo, hi, c))
            .collect();
        let mut states = vec![0u32; cols.states.len()];
        for (i, &s) in self.states.iter().enumerate() {
            states[s as usize] = self.state_sums.between(lo, hi, i);
        }
        let daily = (lo..hi)
            .map(|d| (self.days[d], self.totals.between(d, d + 1, 0)))
            .collect();
        (cats, states, daily)
    }

    /// The rows of each of the categories `cats` (dictionary ids) on the days `[from_day, to_day]`.
    pub fn categories_between(&self, from_day: i32, to_day: i32, cats: &[usize]) -> Vec<u32> {
        let (lo, hi) = self.day_range(from_day, to_day);
        cats.iter()
            .map(|&c| self.categories.between(lo, hi, c))
            .collect()
    }

    /// The rows on the days `[from_day, to_day]`.
    pub fn total(&self, from_day: i32, to_day: i32) -> u64 {
        let (lo, hi) = self.day_range(from_day, to_day);
        u64::from(self.totals.between(lo, hi, 0))
    }

    /// Adds the rows per value of extra key `key` over the days `[from_day, to_day]` to `counts`
    /// (indexed by the key's value); false when those sums were not built.
    pub fn add_extra_counts(
        &self,
        key: usize,
        from_day: i32,
        to_day: i32,
        counts: &mut [u32],
    ) -> bool {
        self.each_extra(key, from_day, to_day, |value, n| {
            counts[value as usize] += n
        })
    }

    /// Calls `visit(value, rows)` for each value of extra key `key` present over the days
    /// `[from_day, to_day]`; false when those sums were not built.
    pub fn each_extra(
        &self,
        key: usize,
        from_day: i32,
        to_day: i32,
        mut visit: impl FnMut(u32, u32),
    ) -> bool {
        let Some(Some((values, sums))) = self.extras.get(key) else {
            return false;
        };
        let (lo, hi) = self.day_range(from_day, to_day);
        for (i, &value) in values.iter().enumerate() {
            let n = sums.between(lo, hi, i);
            if n > 0 {
                visit(value, n);
            }
        }
        true
    }

    /// Whether sums read from a file fit `cols` and can be read without a panic: days ascending,
    /// every key inside its dictionary (`extra_values[k]` for extra key k), lengths consistent.
    fn is_valid(&self, cols: &Columns, extra_values: &[usize]) -> bool {
        let days = self.days.len();
        let extra_ok = self.extras.len() == extra_values.len()
            && self.extras.iter().zip(extra_values).all(|(extra, &count)| {
                extra.as_ref().is_none_or(|(values, sums)| {
                    values.iter().all(|&v| (v as usize) < count)
                        && sums.is_valid(days, values.len())
                })
            });
        self.days.windows(2).all(|w| w[0] < w[1])
            && self.categories.is_valid(days, cols.categories.len().max(1))
            && self
                .states
                .iter()
                .all(|&s| (s as usize) < cols.states.len())
            && self.state_sums.is_valid(days, self.states.len())
            && self.totals.is_valid(days, 1)
            && extra_ok
    }
}

/// The values of two ascending lists, ascending, each once.
fn union<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let next = match (a.get(i), b.get(j)) {
            (Some(&x), Some(&y)) if x == y => {
                i += 1;
                j += 1;
                x
            }
            (Some(&x), Some(&y)) if x < y => {
                i += 1;
                x
            }
            (Some(&x), None) => {
                i += 1;
                x
            }
            (_, Some(&y)) => {
                j += 1;
                y
            }
            (None, None) => unreachable!("the loop runs while either list has a value"),
        };
        out.push(next);
    }
    out
}

/// How large the sums of one index may grow; past a cap, the trends it serves scan instead.
struct Caps {
    /// Above this many distinct days the sums over every row are not built.
    days: usize,
    /// Counters in all the lists of one column.
    group_cells: usize,
    /// Counters for the extra key of one column's lists.
    extra_cells: usize,
    /// Counters for the (category, vendor) pairs of all the states' (or all the metro areas')
    /// lists together: enough for the largest places, whose scans would be slow; a small place's
    /// vendors are a short scan.
    place_pair_cells: usize,
}

const CAPS: Caps = Caps {
    days: 5_000,
    group_cells: 4_000_000,
    extra_cells: 4_000_000,
    place_pair_cells: 1_000_000,
};

/// The sums of a few new rows, to be added to an index's (`IndexSums::with_added`): each group
/// whole, so that no sum the index has is missing from them.
const UNCAPPED: Caps = Caps {
    days: usize::MAX,
    group_cells: usize::MAX,
    extra_cells: usize::MAX,
    place_pair_cells: usize::MAX,
};

/// What the first pass over the rows finds of one group: its rows, its days and the keys present.
struct Found {
    rows: usize,
    /// Its distinct days, ascending.
    days: Vec<i32>,
    states: LocalKeys,
    /// Each extra key's values, while it is built.
    extras: Vec<Option<LocalKeys>>,
}

impl Found {
    /// The counters of its categories, states and totals, once counted.
    fn cells(&self, categories: usize) -> usize {
        (self.days.len() + 1) * (categories + self.states.keys.len() + 1)
    }

    /// Leaves out each extra key whose counters pass what is left of its budget (`extra_left`,
    /// by key) and takes the others' from it.
    fn within(&mut self, extra_left: &mut [usize]) {
        let days = self.days.len();
        for (keys, left) in self.extras.iter_mut().zip(extra_left) {
            let cells = keys.as_ref().map(|k| (days + 1) * k.keys.len());
            match cells {
                Some(cells) if cells <= *left => *left -= cells,
                _ => *keys = None,
            }
        }
    }
}

/// The sums of every group of a partition of the rows (`group_of` numbers each row's group, below
/// `groups`) are built in two passes over the rows in row order, the first to find each group's
/// days and keys, the second to count: a pass per group over its row list would gather the
/// columns row by row, a cache miss for most rows (perf at 10M bookings: 60% of the sums' time).
/// This is the first pass.
fn find(
    cols: &Columns,
    row_days: &[i32],
    groups: usize,
    group_of: impl Fn(usize) -> usize,
    extras: &[Option<ExtraKey<'_>>],
) -> Vec<Found> {
    let mut found: Vec<Found> = (0..groups)
        .map(|_| Found {
            rows: 0,
            days: Vec::new(),
            states: LocalKeys::new(cols.states.len(), groups),
            extras: extras
                .iter()
                .map(|key| key.map(|(_, values)| LocalKeys::new(values, groups)))
                .collect(),
        })
        .collect();
    for (r, &day) in row_days.iter().enumerate() {
        let group = &mut found[group_of(r)];
        group.rows += 1;
        if group.days.last() != Some(&day) {
            group.days.push(day);
        }
        group.states.add(u32::from(cols.state[r]));
        for (keys, key) in group.extras.iter_mut().zip(extras) {
            if let (Some(keys), Some((key_of, _))) = (keys, key) {
                keys.add(key_of(r));
            }
        }
    }
    for group in &mut found {
        group.states.finish();
        group
            .extras
            .iter_mut()
            .flatten()
            .for_each(LocalKeys::finish);
    }
    found
}

/// The second pass (see `find`): counts every row into its group's sums, the extra keys the
/// budgets left (`Found::within`).
fn count(
    cols: &Columns,
    row_days: &[i32],
    found: Vec<Found>,
    group_of: impl Fn(usize) -> usize,
    extras: &[Option<ExtraKey<'_>>],
) -> Vec<DaySums> {
    struct Counting {
        found: Found,
        /// The position in `found.days` of the day being counted.
        d: usize,
        categories: Counter,
        states: Counter,
        totals: Counter,
        extras: Vec<Option<Counter>>,
    }
    let ncat = cols.categories.len().max(1);
    let mut groups: Vec<Counting> = found
        .into_iter()
        .map(|found| {
            let days = found.days.len();
            Counting {
                d: 0,
                categories: Counter::new(days, ncat),
                states: Counter::new(days, found.states.keys.len()),
                totals: Counter::new(days, 1),
                extras: (found.extras.iter())
                    .map(|keys| keys.as_ref().map(|k| Counter::new(days, k.keys.len())))
                    .collect(),
                found,
            }
        })
        .collect();
    for (r, &day) in row_days.iter().enumerate() {
        let group = &mut groups[group_of(r)];
        // Rows are in time order, so a group's days come in order too.
        while group.found.days[group.d] != day {
            group.d += 1;
        }
        let d = group.d;
        group.categories.add(d, usize::from(cols.category[r]));
        let state = group.found.states.local(u32::from(cols.state[r]));
        group.states.add(d, state);
        group.totals.add(d, 0);
        let keys = group.found.extras.iter().zip(&mut group.extras);
        for ((keys, sums), key) in keys.zip(extras) {
            if let (Some(keys), Some(sums), Some((key_of, _))) = (keys, sums, key) {
                sums.add(d, keys.local(key_of(r)));
            }
        }
    }
    groups
        .into_iter()
        .map(|group| DaySums {
            days: group.found.days,
            categories: group.categories.finish(),
            states: group.found.states.keys,
            state_sums: group.states.finish(),
            totals: group.totals.finish(),
            extras: (group.found.extras.into_iter().zip(group.extras))
                .map(|(keys, sums)| Some((keys?.keys, sums?.finish())))
                .collect(),
        })
        .collect()
}

/// The sums over every row (first) and over the rows of each firm size (`FirmSize::ALL` order),
/// with the extra key's when given; `None` when a group passes the cap.
fn of_every_row(
    cols: &Columns,
    row_days: &[i32],
    extra: &[Option<ExtraKey<'_>>],
    caps: &Caps,
) -> Option<Vec<DaySums>> {
    let ncat = cols.categories.len().max(1);
    let max_cells = caps
        .days
        .saturating_add(1)
        .saturating_mul(ncat + cols.states.len() + 1);
    let mut extra_left = vec![caps.extra_cells; extra.len()];
    let every = |_| 0;
    let size = |r: usize| usize::from(cols.size[r]);
    let mut all = find(cols, row_days, 1, every, extra);
    let mut by_size = find(cols, row_days, SIZES, size, extra);
    for group in all.iter_mut().chain(&mut by_size) {
        if group.cells(ncat) > max_cells {
            return None;
        }
        group.within(&mut extra_left);
    }
    let mut out = count(cols, row_days, all, every, extra);
    out.extend(count(cols, row_days, by_size, size, extra));
    Some(out)
}

/// The sums of each group (one per state or metro area: `group_of`, below `groups`), with the
/// extra keys' when given, each within its budget; `None` past the cap. The extra keys' budgets go
/// to the groups of the most rows first: a small group's counts are a short scan anyway.
fn of_lists(
    cols: &Columns,
    row_days: &[i32],
    (groups, group_of): (usize, impl Fn(usize) -> usize),
    extra: &[(Option<ExtraKey<'_>>, usize)],
    caps: &Caps,
) -> Option<Vec<DaySums>> {
    let ncat = cols.categories.len().max(1);
    let mut extra_left: Vec<usize> = extra.iter().map(|&(_, budget)| budget).collect();
    let extra: Vec<Option<ExtraKey<'_>>> = extra.iter().map(|&(key, _)| key).collect();
    let mut found = find(cols, row_days, groups, &group_of, &extra);
    let mut order: Vec<usize> = (0..groups).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(found[i].rows));
    let mut cells_left = caps.group_cells;
    for i in order {
        let cells = found[i].cells(ncat);
        cells_left = cells_left.checked_sub(cells)?;
        found[i].within(&mut extra_left);
    }
    Some(count(cols, row_days, found, group_of, &extra))
}

/// The sums of each state's rows split by firm size (`[state][size]`), for the trends of a state
/// and a size together; `None` past the cap.
fn of_states_by_size(cols: &Columns, row_days: &[i32], caps: &Caps) -> Option<Vec<Vec<DaySums>>> {
    let ncat = cols.categories.len().max(1);
    let groups = cols.states.len() * SIZES;
    let group_of = |r: usize| usize::from(cols.state[r]) * SIZES + usize::from(cols.size[r]);
    let found = find(cols, row_days, groups, group_of, &[]);
    let mut cells_left = caps.group_cells;
    for group in &found {
        cells_left = cells_left.checked_sub(group.cells(ncat))?;
    }
    let mut sums = count(cols, row_days, found, group_of, &[]).into_iter();
    let states = (0..cols.states.len()).map(|_| sums.by_ref().take(SIZES).collect());
    Some(states.collect())
}

/// Every running sum of one index (see `BookingIndex`), each `None` when over its cap: what the
/// snapshot stores next to the columns, since building them is most of a start-up.
#[derive(Clone, Debug, Default, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
pub struct IndexSums {
    /// Every row, then each firm size, with their (category, vendor) pairs.
    pub every_row: Option<Vec<DaySums>>,
    /// Each state (with its city names) and each metro area, by dictionary id.
    pub states: Option<Vec<DaySums>>,
    pub dmas: Option<Vec<DaySums>>,
    /// Each state and firm size, `[state][size]`.
    pub state_sizes: Option<Vec<Vec<DaySums>>>,
}

impl IndexSums {
    /// Builds every sum of sorted columns, on two threads with about half the work each: every
    /// row, the sizes and the metro areas on one, the states (with their cities, and by size) on
    /// the other. `city_of` maps a cityState id to its city name id.
    pub fn build(cols: &Columns, city_of: &[u32], city_names: usize) -> IndexSums {
        IndexSums::build_within(cols, city_of, city_names, &CAPS)
    }

    fn build_within(cols: &Columns, city_of: &[u32], city_names: usize, caps: &Caps) -> IndexSums {
        let row_days = days_of_rows(cols.times.iter());
        let vendors = cols.vendors.len() as u32;
        let pair = |r: usize| u32::from(cols.category[r]) * vendors + cols.vendor.get(r);
        let pairs: Option<ExtraKey> = category_vendor_pairs(cols).map(|n| (&pair as _, n));
        std::thread::scope(|scope| {
            let others = scope.spawn(|| {
                let every = of_every_row(cols, &row_days, &[pairs], caps);
                let by_dma = (cols.dmas.len(), |r| cols.dma.get(r) as usize);
                let dmas = of_lists(
                    cols,
                    &row_days,
                    by_dma,
                    &[(pairs, caps.place_pair_cells)],
                    caps,
                );
                (every, dmas)
            });
            let city = |r: usize| city_of[cols.city_state.get(r) as usize];
            let cities: Option<ExtraKey> = Some((&city, city_names));
            let keys = [(pairs, caps.place_pair_cells), (cities, caps.extra_cells)];
            let by_state = (cols.states.len(), |r| usize::from(cols.state[r]));
            let states = of_lists(cols, &row_days, by_state, &keys, caps);
            let state_sizes = of_states_by_size(cols, &row_days, caps);
            let (every_row, dmas) = others
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            IndexSums {
                every_row,
                states,
                dmas,
                state_sizes,
            }
        })
    }

    /// The sums of a few new rows (`cols` holding only them), every group built whole so that
    /// they can be added to an index's sums (`with_added`).
    pub fn of_new_rows(cols: &Columns, city_of: &[u32], city_names: usize) -> IndexSums {
        IndexSums::build_within(cols, city_of, city_names, &UNCAPPED)
    }

    /// These sums and `new`'s (`of_new_rows`, over columns whose dictionaries grew from these
    /// sums' columns, the vendors' from `old_vendors` names) together, on any days: the sums of
    /// the rows of both, without counting a row again. `None` when `new` lacks a group these
    /// have (then build the sums from every row).
    pub fn with_added(
        &self,
        new: &IndexSums,
        old_vendors: usize,
        vendors: usize,
    ) -> Option<IndexSums> {
        let rekey = (old_vendors != vendors && old_vendors > 0)
            .then_some((old_vendors as u32, vendors as u32));
        // A group the old rows lack (a new state or metro area) is the new rows' alone.
        fn groups(old: &[DaySums], new: &[DaySums], rekey: Option<(u32, u32)>) -> Vec<DaySums> {
            new.iter()
                .enumerate()
                .map(|(i, added)| match old.get(i) {
                    Some(sums) => sums.with_added(added, rekey),
                    None => added.clone(),
                })
                .collect()
        }
        fn each<T>(
            old: &Option<Vec<T>>,
            new: &Option<Vec<T>>,
            add: impl Fn(&[T], &[T]) -> Vec<T>,
        ) -> Option<Option<Vec<T>>> {
            match (old, new) {
                (None, _) => Some(None),
                (Some(old), Some(new)) => Some(Some(add(old, new))),
                (Some(_), None) => None,
            }
        }
        let of_groups = |old: &[DaySums], new: &[DaySums]| groups(old, new, rekey);
        Some(IndexSums {
            every_row: each(&self.every_row, &new.every_row, of_groups)?,
            states: each(&self.states, &new.states, of_groups)?,
            dmas: each(&self.dmas, &new.dmas, of_groups)?,
            state_sizes: each(&self.state_sizes, &new.state_sizes, |old, new| {
                new.iter()
                    .enumerate()
                    .map(|(i, sizes)| match old.get(i) {
                        Some(old_sizes) => groups(old_sizes, sizes, None),
                        None => sizes.clone(),
                    })
                    .collect()
            })?,
        })
    }

    /// Adds the rows of `cols` from `first_new` on (all after the rows counted so far; the
    /// dictionaries only grew, the vendors' from `old_vendors` names) to every sum, each group by
    /// its new rows only; `city_of` and `city_names` as for `build`. False when some group cannot
    /// be extended (a row before its last day): then the sums must be rebuilt.
    pub fn extend(
        &mut self,
        cols: &Columns,
        first_new: usize,
        old_vendors: usize,
        city_of: &[u32],
        city_names: usize,
    ) -> bool {
        let rows: Vec<usize> = (first_new..cols.times.len()).collect();
        let vendors = cols.vendors.len() as u32;
        let pair = |r: usize| u32::from(cols.category[r]) * vendors + cols.vendor.get(r);
        let pairs: Option<ExtraKey> = category_vendor_pairs(cols).map(|n| (&pair as _, n));
        let city = |r: usize| city_of[cols.city_state.get(r) as usize];
        let cities: Option<ExtraKey> = Some((&city, city_names));
        let ncat = cols.categories.len().max(1);
        if vendors as usize != old_vendors && old_vendors > 0 {
            let groups = [&mut self.every_row, &mut self.states, &mut self.dmas];
            for sums in groups.into_iter().flatten().flatten() {
                sums.rekey_pairs(old_vendors as u32, vendors);
            }
        }
        let by = |key: &dyn Fn(usize) -> usize, len: usize| {
            let mut out = vec![Vec::new(); len];
            for &r in &rows {
                out[key(r)].push(r);
            }
            out
        };
        let by_size = by(&|r| cols.size[r] as usize, SIZES);
        let mut ok = true;
        if let Some(groups) = self.every_row.as_mut() {
            ok &= groups[0].extend(cols, &rows, &[pairs]);
            for (sums, rows) in groups[1..].iter_mut().zip(&by_size) {
                ok &= sums.extend(cols, rows, &[pairs]);
            }
        }
        let by_state = by(&|r| cols.state[r] as usize, cols.states.len());
        if let Some(groups) = self.states.as_mut() {
            groups.resize_with(cols.states.len(), || DaySums::empty(ncat, 2));
            for (sums, rows) in groups.iter_mut().zip(&by_state) {
                ok &= sums.extend(cols, rows, &[pairs, cities]);
            }
        }
        if let Some(groups) = self.dmas.as_mut() {
            let by_dma = by(&|r| cols.dma.get(r) as usize, cols.dmas.len());
            groups.resize_with(cols.dmas.len(), || DaySums::empty(ncat, 1));
            for (sums, rows) in groups.iter_mut().zip(&by_dma) {
                ok &= sums.extend(cols, rows, &[pairs]);
            }
        }
        if let Some(states) = self.state_sizes.as_mut() {
            states.resize_with(cols.states.len(), || {
                (0..SIZES).map(|_| DaySums::empty(ncat, 0)).collect()
            });
            for (sizes, rows) in states.iter_mut().zip(&by_state) {
                for (size, sums) in sizes.iter_mut().enumerate() {
                    let rows: Vec<usize> = rows
                        .iter()
                        .copied()
                        .filter(|&r| cols.size[r] as usize == size)
                        .collect();
                    ok &= sums.extend(cols, &rows, &[]);
                }
            }
        }
        ok
    }

    /// Whether sums read from a snapshot belong to `cols` (with `city_names` city names) and are
    /// safe to read: one per dictionary entry and size, each valid, every row counted once.
    pub fn is_valid(&self, cols: &Columns, city_names: usize) -> bool {
        let all_valid = |groups: &[DaySums], count: usize, extra: &[usize]| {
            groups.len() == count && groups.iter().all(|g| g.is_valid(cols, extra))
        };
        let pairs = category_vendor_pairs(cols).unwrap_or(0);
        let every_row = self.every_row.as_ref().is_none_or(|groups| {
            all_valid(groups, SIZES + 1, &[pairs])
                && groups[0].totals.cum.last() == Some(cols.times.len() as u32)
        });
        let states = self
            .states
            .as_ref()
            .is_none_or(|groups| all_valid(groups, cols.states.len(), &[pairs, city_names]));
        let dmas = self
            .dmas
            .as_ref()
            .is_none_or(|groups| all_valid(groups, cols.dmas.len(), &[pairs]));
        let state_sizes = self.state_sizes.as_ref().is_none_or(|states| {
            states.len() == cols.states.len() && states.iter().all(|g| all_valid(g, SIZES, &[]))
        });
        every_row && states && dmas && state_sizes
    }
}

/// Above this many (category, vendor) values the vendor sums are not built (their key space is
/// allocated once per group while building) and vendor counts scan instead.
const MAX_PAIR_VALUES: usize = 1 << 24;

/// How many values the (category, vendor) key of the every-row sums has — `category * vendors +
/// vendor`, so that a category's vendors and all vendors both read one set of sums — or `None`
/// past `MAX_PAIR_VALUES`.
pub fn category_vendor_pairs(cols: &Columns) -> Option<usize> {
    let values = cols.categories.len().max(1) * cols.vendors.len();
    (values <= MAX_PAIR_VALUES).then_some(values)
}

impl IndexSums {
    /// How many sealed blocks of every row's daily totals these sums share with `old`'s, and how
    /// many counters `old`'s hold.
    #[cfg(test)]
    pub fn totals_shared_with(&self, old: &IndexSums) -> Option<(usize, usize)> {
        let (new, old) = (&self.every_row.as_ref()?[0], &old.every_row.as_ref()?[0]);
        Some((
            new.totals.cum.shared_with(&old.totals.cum),
            old.totals.cum.len(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_counts_give_any_day_range_by_one_subtraction() {
        let mut counter = Counter::new(3, 2);
        for (d, k) in [(0, 0), (0, 1), (1, 1), (2, 0), (2, 0)] {
            counter.add(d, k);
        }
        let mut sums = counter.finish();
        assert_eq!((sums.between(0, 3, 0), sums.between(0, 3, 1)), (3, 2));
        assert_eq!((sums.between(1, 2, 0), sums.between(1, 2, 1)), (0, 1));
        assert_eq!(sums.between(2, 2, 0), 0, "an empty range");
        assert!(sums.is_valid(3, 2));
        assert!(!sums.is_valid(4, 2), "another number of days");
        *sums.cum.get_mut(4) = 0;
        assert!(!sums.is_valid(3, 2), "a decreasing sum would underflow");
    }

    #[test]
    fn a_copy_of_running_counts_shares_the_blocks_before_its_last_day_and_changes_its_own() {
        const BLOCK: usize = 1 << SUM_BITS;
        let mut counter = Counter::new(3 * BLOCK, 3);
        for d in 0..3 * BLOCK {
            counter.add(d, d % 3);
        }
        let old = counter.finish();
        let mut new = old.clone();
        let last_day = 3 * BLOCK - 1;
        new.add_to_last(2);
        new.next_day();
        new.add_to_last(0);
        // The counters after the last day start at 9 * BLOCK (a block end, so the block before
        // is whole and shared); the copy counts them, and the new day's, in its own tail.
        assert_eq!(
            new.cum.shared_with(&old.cum),
            9,
            "the 9 sealed blocks before the last day"
        );
        assert_eq!(new.between(last_day, last_day + 1, 2), 2);
        assert_eq!(old.between(last_day, last_day + 1, 2), 1);
        assert_eq!(new.between(last_day + 1, last_day + 2, 0), 1);
        assert_eq!(old.between(0, last_day + 1, 2), BLOCK as u32);
        assert_eq!(new.between(0, last_day + 2, 2), BLOCK as u32 + 1);
        assert!(old.is_valid(3 * BLOCK, 3) && new.is_valid(3 * BLOCK + 1, 3));

        // Counters after the last day that begin inside a sealed block (10 days, 11 rows of 3
        // counters in blocks of 8: the last row's are 30 and 31, in block 3, and 32 in the
        // tail): that block is copied.
        assert_eq!(BLOCK, 8);
        let mut counter = Counter::new(10, 3);
        counter.add(9, 1);
        let old = counter.finish();
        let mut new = old.clone();
        new.add_to_last(1);
        new.add_to_last(2);
        assert_eq!(
            new.cum.shared_with(&old.cum),
            3,
            "blocks 0 to 2, not block 3"
        );
        assert_eq!((old.between(9, 10, 1), new.between(9, 10, 1)), (1, 2));
        assert_eq!(new.between(9, 10, 2), 1);
        assert!(new.is_valid(10, 3));
    }

    #[test]
    fn local_keys_list_the_values_present_in_order() {
        // A table for a small dictionary, a hash map past the tables' budget.
        for (dictionary, groups) in [(9, 1), (TABLE_ENTRIES, 2)] {
            let mut keys = LocalKeys::new(dictionary, groups);
            assert_eq!(matches!(keys.local, Local::Map(_)), groups == 2);
            for v in [7, 2, 7, 5] {
                keys.add(v);
            }
            keys.finish();
            assert_eq!(keys.keys, [2, 5, 7]);
            assert_eq!((keys.local(2), keys.local(5), keys.local(7)), (0, 1, 2));
        }
    }

    mod in_row_order {
        use super::*;
        use crate::bookings::{Booking, ColumnsBuilder};
        use proptest::prelude::*;

        type Row = (i64, usize, usize, usize, usize, usize, usize);

        fn columns(rows: &[Row]) -> Columns {
            let mut builder = ColumnsBuilder::default();
            for (id, &(day, cat, vendor, state, dma, city, size)) in rows.iter().enumerate() {
                let state = ["", "TX", "CA", "NY"][state];
                let booking = Booking {
                    category: ["Intake", "Billing", "Marketing"][cat].into(),
                    client: format!("Vendor {vendor}"),
                    firm_size: FirmSize::ALL[size],
                    city_state: (!state.is_empty()).then(|| format!("City {city}, {state}")),
                    state: (!state.is_empty()).then(|| state.into()),
                    dma: Some(format!("Metro {dma}")),
                    created: 1_750_000_000 + day * 86_400 + (id as i64 % 7) * 3_600,
                    sample: false,
                };
                builder.push(id as u64 + 1, &booking);
            }
            builder.finish()
        }

        /// One group's sums as `DaySums::extend` counts its rows, one by one.
        fn one_by_one(cols: &Columns, rows: &[usize], extras: &[Option<ExtraKey>]) -> DaySums {
            let mut sums = DaySums::empty(cols.categories.len().max(1), extras.len());
            assert!(sums.extend(cols, rows, extras));
            sums
        }

        /// The caps' rules applied to such sums in their order: `None` when a group's counters
        /// pass `cells_left` (lowered by each group's when `shared`), each extra key left out
        /// past what is left of its budget.
        fn capped(
            mut groups: Vec<DaySums>,
            order: &[usize],
            mut cells_left: usize,
            shared: bool,
            extra_left: &mut [usize],
        ) -> Option<Vec<DaySums>> {
            for &i in order {
                let sums = &mut groups[i];
                let days = sums.days.len() + 1;
                let cells = sums.categories.cum.len() + days * (sums.states.len() + 1);
                cells_left = cells_left.checked_sub(cells)?;
                if !shared {
                    cells_left += cells;
                }
                for (extra, left) in sums.extras.iter_mut().zip(&mut *extra_left) {
                    match extra.as_ref().map(|(values, _)| days * values.len()) {
                        Some(cells) if cells <= *left => *left -= cells,
                        _ => *extra = None,
                    }
                }
            }
            Some(groups)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            /// The sums built in two passes in row order are those of each group's rows counted
            /// one by one, under any caps: a group of no row, groups past their budgets, extra
            /// keys left out for the groups of fewer rows.
            #[test]
            fn the_sums_in_row_order_are_each_groups_rows_counted_one_by_one(
                rows in prop::collection::vec(
                    (0..12i64, 0..3usize, 0..5usize, 0..4usize, 0..3usize, 0..4usize,
                     0..FirmSize::ALL.len()),
                    0..120,
                ),
                days in prop::sample::select(vec![0, 3, 12, 5_000]),
                group_cells in prop::sample::select(vec![0, 60, 400, 4_000_000]),
                extra_cells in prop::sample::select(vec![0, 30, 200, 4_000_000]),
                place_pair_cells in prop::sample::select(vec![0, 40, 300, 1_000_000]),
            ) {
                let caps = Caps { days, group_cells, extra_cells, place_pair_cells };
                let cols = columns(&rows);
                let (names, city_of) = crate::bookings::index::city_names(&cols.city_states);
                let built = IndexSums::build_within(&cols, &city_of, names.len(), &caps);

                let n = cols.times.len();
                let vendors = cols.vendors.len() as u32;
                let pair = |r: usize| u32::from(cols.category[r]) * vendors + cols.vendor.get(r);
                let pairs: Option<ExtraKey> = category_vendor_pairs(&cols).map(|v| (&pair as _, v));
                let city = |r: usize| city_of[cols.city_state.get(r) as usize];
                let cities: Option<ExtraKey> = Some((&city, names.len()));
                let rows_of = |groups: usize, of: &dyn Fn(usize) -> usize| {
                    let mut lists = vec![Vec::new(); groups];
                    (0..n).for_each(|r| lists[of(r)].push(r));
                    lists
                };
                let by_rows = |lists: &[Vec<usize>]| {
                    let mut order: Vec<usize> = (0..lists.len()).collect();
                    order.sort_by_key(|&i| std::cmp::Reverse(lists[i].len()));
                    order
                };
                let ncat = cols.categories.len().max(1);

                let mut every = vec![(0..n).collect::<Vec<_>>()];
                every.extend(rows_of(SIZES, &|r| usize::from(cols.size[r])));
                let sums = every.iter().map(|rows| one_by_one(&cols, rows, &[pairs])).collect();
                let max = days.saturating_add(1).saturating_mul(ncat + cols.states.len() + 1);
                let order: Vec<usize> = (0..every.len()).collect();
                let expected = capped(sums, &order, max, false, &mut [extra_cells]);
                prop_assert_eq!(&built.every_row, &expected);

                let states = rows_of(cols.states.len(), &|r| usize::from(cols.state[r]));
                let sums = states.iter().map(|rows| one_by_one(&cols, rows, &[pairs, cities]));
                let left = &mut [place_pair_cells, extra_cells];
                let expected = capped(sums.collect(), &by_rows(&states), group_cells, true, left);
                prop_assert_eq!(&built.states, &expected);

                let dmas = rows_of(cols.dmas.len(), &|r| cols.dma.get(r) as usize);
                let sums = dmas.iter().map(|rows| one_by_one(&cols, rows, &[pairs]));
                let left = &mut [place_pair_cells];
                let expected = capped(sums.collect(), &by_rows(&dmas), group_cells, true, left);
                prop_assert_eq!(&built.dmas, &expected);

                let of = |r: usize| usize::from(cols.state[r]) * SIZES + usize::from(cols.size[r]);
                let parts = rows_of(cols.states.len() * SIZES, &of);
                let sums = parts.iter().map(|rows| one_by_one(&cols, rows, &[])).collect();
                let order: Vec<usize> = (0..parts.len()).collect();
                let expected = capped(sums, &order, group_cells, true, &mut [])
                    .map(|all| all.chunks(SIZES).map(<[DaySums]>::to_vec).collect());
                prop_assert_eq!(&built.state_sizes, &expected);
            }
        }
    }

    #[test]
    fn days_are_utc_and_floor() {
        assert_eq!(day_of(0), 0);
        assert_eq!(day_of(86_399), 0);
        assert_eq!(day_of(-1), -1);
        let times = [0, 86_399, 86_400, 10 * 86_400 + 5, u32::MAX];
        let expected: Vec<i32> = times.iter().map(|&t| day_of(t.into())).collect();
        assert_eq!(days_of_rows(times.into_iter()), expected);
    }
}
