//! The in-memory columnar index of every demo booking, rebuilt or loaded at start and replaced
//! whole (an atomic swap) after an import, so readers never block and never see half an import.
//!
//! Invariants:
//! - rows are sorted by (created time, id), so a date range is two binary searches;
//! - text columns are dictionary-encoded (`u16`/`u32` ids into a `Vec<String>`), and entry 0 of the
//!   state, metro-area, city and vendor dictionaries is the missing value;
//! - per-value row lists (`by_state`, `by_dma`, `by_size`, `by_vendor`) hold row positions in
//!   ascending order, so they are time-sorted too and a range inside one is again two binary searches;
//! - `agg` holds prefix sums per distinct day (for all sizes and per size) of the category and
//!   state counts, so the unfiltered and firm-size-only trends are O(categories + states + days).

use std::collections::HashMap;

use crate::firm_size::FirmSize;

use super::model::Booking;

pub const UNKNOWN: &str = "Unknown";
pub const UNKNOWN_CITY: &str = "Unknown City";
const SIZES: usize = FirmSize::ALL.len();
/// Above this many distinct days the prefix sums are not built and trends scan instead.
const MAX_AGG_DAYS: usize = 5_000;

/// The stored part of the index: the columns and their dictionaries (what the snapshot holds).
#[derive(Debug, Default, Clone, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
pub struct Columns {
    pub ids: Vec<u64>,
    pub times: Vec<i64>,
    pub category: Vec<u16>,
    pub state: Vec<u16>,
    pub dma: Vec<u32>,
    pub city_state: Vec<u32>,
    pub size: Vec<u8>,
    pub vendor: Vec<u32>,
    pub sample: Vec<bool>,
    pub categories: Vec<String>,
    pub states: Vec<String>,
    pub dmas: Vec<String>,
    pub city_states: Vec<String>,
    pub vendors: Vec<String>,
}

impl Columns {
    /// No rows, the same dictionaries.
    fn without_rows(&self) -> Columns {
        Columns {
            categories: self.categories.clone(),
            states: self.states.clone(),
            dmas: self.dmas.clone(),
            city_states: self.city_states.clone(),
            vendors: self.vendors.clone(),
            ..Columns::default()
        }
    }

    /// The real rows and the sample rows, each still in time order and with the dictionaries of
    /// `self`, so that `merge` can put them back together by row alone.
    pub fn split(self) -> (Columns, Columns) {
        let samples = self.sample.iter().filter(|&&s| s).count();
        if samples == 0 {
            let none = self.without_rows();
            return (self, none);
        }
        if samples == self.sample.len() {
            return (self.without_rows(), self);
        }
        let (mut real, mut sample) = (self.without_rows(), self.without_rows());
        for r in 0..self.ids.len() {
            let part = if self.sample[r] {
                &mut sample
            } else {
                &mut real
            };
            part.push_row(&self, r);
        }
        (real, sample)
    }

    /// The rows of two `split` halves in (time, id) order again; both must share dictionaries.
    pub fn merge(a: &Columns, b: &Columns) -> Columns {
        debug_assert!(a.vendors == b.vendors && a.city_states == b.city_states);
        let mut out = a.without_rows();
        let (mut i, mut j) = (0, 0);
        while i < a.ids.len() || j < b.ids.len() {
            let take_a = j == b.ids.len()
                || (i < a.ids.len() && (a.times[i], a.ids[i]) <= (b.times[j], b.ids[j]));
            if take_a {
                out.push_row(a, i);
                i += 1;
            } else {
                out.push_row(b, j);
                j += 1;
            }
        }
        out
    }

    fn push_row(&mut self, from: &Columns, r: usize) {
        self.ids.push(from.ids[r]);
        self.times.push(from.times[r]);
        self.category.push(from.category[r]);
        self.state.push(from.state[r]);
        self.dma.push(from.dma[r]);
        self.city_state.push(from.city_state[r]);
        self.size.push(from.size[r]);
        self.vendor.push(from.vendor[r]);
        self.sample.push(from.sample[r]);
    }
}

/// Builds `Columns` one booking at a time (in any order), then sorts them by time.
pub struct ColumnsBuilder {
    cols: Columns,
    category_ids: HashMap<String, u16>,
    state_ids: HashMap<String, u16>,
    dma_ids: HashMap<String, u32>,
    city_ids: HashMap<String, u32>,
    vendor_ids: HashMap<String, u32>,
}

fn intern<T: Copy + TryFrom<usize>>(
    map: &mut HashMap<String, T>,
    dict: &mut Vec<String>,
    s: &str,
) -> T {
    if let Some(&id) = map.get(s) {
        return id;
    }
    let id = T::try_from(dict.len()).unwrap_or_else(|_| panic!("dictionary overflow"));
    dict.push(s.to_string());
    map.insert(s.to_string(), id);
    id
}

impl Default for ColumnsBuilder {
    fn default() -> Self {
        let mut b = ColumnsBuilder {
            cols: Columns::default(),
            category_ids: HashMap::new(),
            state_ids: HashMap::new(),
            dma_ids: HashMap::new(),
            city_ids: HashMap::new(),
            vendor_ids: HashMap::new(),
        };
        intern(&mut b.state_ids, &mut b.cols.states, UNKNOWN);
        intern(&mut b.dma_ids, &mut b.cols.dmas, UNKNOWN);
        intern(&mut b.city_ids, &mut b.cols.city_states, "");
        intern(&mut b.vendor_ids, &mut b.cols.vendors, "");
        b
    }
}

impl ColumnsBuilder {
    /// A builder holding `cols`, to append new bookings to.
    pub fn extend(cols: Columns) -> ColumnsBuilder {
        fn lookup<T: Copy + TryFrom<usize>>(dict: &[String]) -> HashMap<String, T> {
            dict.iter()
                .enumerate()
                .filter_map(|(i, s)| T::try_from(i).ok().map(|id| (s.clone(), id)))
                .collect()
        }
        ColumnsBuilder {
            category_ids: lookup(&cols.categories),
            state_ids: lookup(&cols.states),
            dma_ids: lookup(&cols.dmas),
            city_ids: lookup(&cols.city_states),
            vendor_ids: lookup(&cols.vendors),
            cols,
        }
    }

    pub fn push(&mut self, id: u64, b: &Booking) {
        let c = &mut self.cols;
        c.ids.push(id);
        c.times.push(b.created);
        c.category.push(intern(
            &mut self.category_ids,
            &mut c.categories,
            &b.category,
        ));
        c.state.push(intern(
            &mut self.state_ids,
            &mut c.states,
            b.state.as_deref().unwrap_or(UNKNOWN),
        ));
        c.dma.push(intern(
            &mut self.dma_ids,
            &mut c.dmas,
            b.dma.as_deref().unwrap_or(UNKNOWN),
        ));
        c.city_state.push(intern(
            &mut self.city_ids,
            &mut c.city_states,
            b.city_state.as_deref().unwrap_or(""),
        ));
        c.size.push(b.firm_size.index() as u8);
        c.vendor
            .push(intern(&mut self.vendor_ids, &mut c.vendors, &b.client));
        c.sample.push(b.sample);
    }

    /// The columns sorted by (time, id).
    pub fn finish(self) -> Columns {
        let mut c = self.cols;
        let n = c.ids.len();
        let sorted = (1..n).all(|i| (c.times[i - 1], c.ids[i - 1]) <= (c.times[i], c.ids[i]));
        if !sorted {
            let mut perm: Vec<u32> = (0..n as u32).collect();
            perm.sort_unstable_by_key(|&i| (c.times[i as usize], c.ids[i as usize]));
            fn apply<T: Copy>(v: &mut Vec<T>, perm: &[u32]) {
                *v = perm.iter().map(|&i| v[i as usize]).collect();
            }
            apply(&mut c.ids, &perm);
            apply(&mut c.times, &perm);
            apply(&mut c.category, &perm);
            apply(&mut c.state, &perm);
            apply(&mut c.dma, &perm);
            apply(&mut c.city_state, &perm);
            apply(&mut c.size, &perm);
            apply(&mut c.vendor, &perm);
            apply(&mut c.sample, &perm);
        }
        c
    }
}

/// Per-distinct-day prefix sums; group 0 is every firm size, group 1 + i is size i.
struct DayAggregates {
    /// Distinct UTC day numbers present, ascending.
    days: Vec<i32>,
    ncat: usize,
    nstate: usize,
    /// `[group][d * ncat + c]`, d in 0..=days.len(): counts of the days before d.
    cum_cat: Vec<Vec<u32>>,
    cum_state: Vec<Vec<u32>>,
    cum_total: Vec<Vec<u32>>,
}

/// Prefix sums per distinct day for the rows of one state or one metro area.
pub struct GroupAgg {
    days: Vec<i32>,
    /// `[(d) * ncat + c]`, d in 0..=days.len().
    cats: Vec<u32>,
    /// The states these rows are in (dictionary ids), and their prefix sums `[d * n + i]`.
    states: Vec<u16>,
    state_cum: Vec<u32>,
}

/// Above this many counters in all groups of one column, that column's trends scan instead.
const MAX_GROUP_CELLS: usize = 4_000_000;

fn group_aggs(cols: &Columns, days: &[i32], lists: &[Vec<u32>]) -> Option<Vec<GroupAgg>> {
    let ncat = cols.categories.len().max(1);
    let mut cells = 0usize;
    let mut out = Vec::with_capacity(lists.len());
    for rows in lists {
        let mut ds: Vec<i32> = rows.iter().map(|&r| days[r as usize]).collect();
        ds.dedup();
        let mut states: Vec<u16> = rows.iter().map(|&r| cols.state[r as usize]).collect();
        states.sort_unstable();
        states.dedup();
        let (nd, ns) = (ds.len(), states.len());
        cells += (nd + 1) * (ncat + ns);
        if cells > MAX_GROUP_CELLS {
            return None;
        }
        let mut cats = vec![0u32; (nd + 1) * ncat];
        let mut state_cum = vec![0u32; (nd + 1) * ns];
        let mut d = 0usize;
        for &r in rows {
            let r = r as usize;
            while ds[d] != days[r] {
                d += 1;
            }
            cats[(d + 1) * ncat + cols.category[r] as usize] += 1;
            let si = states.binary_search(&cols.state[r]).unwrap_or(0);
            state_cum[(d + 1) * ns + si] += 1;
        }
        for d in 1..=nd {
            for c in 0..ncat {
                cats[d * ncat + c] += cats[(d - 1) * ncat + c];
            }
            for i in 0..ns {
                state_cum[d * ns + i] += state_cum[(d - 1) * ns + i];
            }
        }
        out.push(GroupAgg {
            days: ds,
            cats,
            states,
            state_cum,
        });
    }
    Some(out)
}

/// The filter options, computed once per index.
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FilterOptions {
    pub dmas: Vec<String>,
    pub states: Vec<String>,
    pub firm_sizes: Vec<&'static str>,
}

pub struct BookingIndex {
    /// The booking generation of the database these rows are from.
    pub generation: u64,
    pub cols: Columns,
    /// UTC day number (days since 1970-01-01) of each row.
    pub days: Vec<i32>,
    pub by_state: Vec<Vec<u32>>,
    pub by_dma: Vec<Vec<u32>>,
    pub by_size: Vec<Vec<u32>>,
    /// Row positions per vendor dictionary id (the Client column), for a vendor's own evidence.
    pub by_vendor: Vec<Vec<u32>>,
    /// City name (the part of cityState before the first comma) dictionary, and the map from a
    /// cityState id to its city name id.
    pub city_names: Vec<String>,
    pub city_of: Vec<u32>,
    /// Lower-cased vendor dictionary, to match catalog vendor names.
    pub vendors_lower: Vec<String>,
    agg: Option<DayAggregates>,
    state_aggs: Option<Vec<GroupAgg>>,
    dma_aggs: Option<Vec<GroupAgg>>,
    pub filter_options: FilterOptions,
    dma_lookup: HashMap<String, u32>,
    state_lookup: HashMap<String, u16>,
    /// The route answers computed from this index so far.
    pub answers: super::answers::Answers,
}

/// Category counts, state counts (by dictionary id) and (day, bookings) pairs.
pub type DayCounts = (Vec<u32>, Vec<u32>, Vec<(i32, u32)>);

pub fn day_of(t: i64) -> i32 {
    t.div_euclid(86_400) as i32
}

fn posting<T: Copy + Into<u64>>(values: &[T], len: usize) -> Vec<Vec<u32>> {
    let mut counts = vec![0usize; len];
    for &v in values {
        counts[v.into() as usize] += 1;
    }
    let mut lists: Vec<Vec<u32>> = counts.iter().map(|&n| Vec::with_capacity(n)).collect();
    for (row, &v) in values.iter().enumerate() {
        lists[v.into() as usize].push(row as u32);
    }
    lists
}

impl BookingIndex {
    pub fn empty() -> BookingIndex {
        BookingIndex::from_columns(ColumnsBuilder::default().finish(), 0)
    }

    /// Derives the row lists, prefix sums and options from sorted columns.
    pub fn from_columns(cols: Columns, generation: u64) -> BookingIndex {
        let days: Vec<i32> = cols.times.iter().map(|&t| day_of(t)).collect();
        let by_state = posting(&cols.state, cols.states.len());
        let by_dma = posting(&cols.dma, cols.dmas.len());
        let by_size = posting(&cols.size, SIZES);
        let by_vendor = posting(&cols.vendor, cols.vendors.len());

        let mut city_names: Vec<String> = Vec::new();
        let mut city_lookup: HashMap<&str, u32> = HashMap::new();
        let mut city_of = Vec::with_capacity(cols.city_states.len());
        for cs in &cols.city_states {
            let name = cs.split(',').next().unwrap_or("").trim();
            let name = if name.is_empty() { UNKNOWN_CITY } else { name };
            let id = *city_lookup.entry(name).or_insert_with(|| {
                city_names.push(name.to_string());
                (city_names.len() - 1) as u32
            });
            city_of.push(id);
        }

        let agg = Self::aggregate(&cols, &days);
        let state_aggs = group_aggs(&cols, &days, &by_state);
        let dma_aggs = group_aggs(&cols, &days, &by_dma);

        let present = |lists: &[Vec<u32>], dict: &[String]| -> Vec<String> {
            let mut v: Vec<String> = dict
                .iter()
                .zip(lists)
                .filter(|(name, rows)| !rows.is_empty() && name.as_str() != UNKNOWN)
                .map(|(name, _)| name.clone())
                .collect();
            v.sort();
            v
        };
        let filter_options = FilterOptions {
            dmas: present(&by_dma, &cols.dmas),
            states: present(&by_state, &cols.states),
            firm_sizes: FirmSize::ALL
                .iter()
                .filter(|s| !by_size[s.index()].is_empty())
                .map(|s| s.code())
                .collect(),
        };
        let dma_lookup = cols
            .dmas
            .iter()
            .enumerate()
            .map(|(i, d)| (d.to_lowercase(), i as u32))
            .collect();
        let state_lookup = cols
            .states
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i as u16))
            .collect();
        let vendors_lower = cols.vendors.iter().map(|v| v.to_lowercase()).collect();
        BookingIndex {
            generation,
            cols,
            days,
            by_state,
            by_dma,
            by_size,
            by_vendor,
            city_names,
            city_of,
            vendors_lower,
            agg,
            state_aggs,
            dma_aggs,
            filter_options,
            dma_lookup,
            state_lookup,
            answers: Default::default(),
        }
    }

    fn aggregate(cols: &Columns, days: &[i32]) -> Option<DayAggregates> {
        let mut distinct: Vec<i32> = days.to_vec();
        distinct.dedup();
        if distinct.len() > MAX_AGG_DAYS {
            return None;
        }
        let (ncat, nstate, nd) = (
            cols.categories.len().max(1),
            cols.states.len(),
            distinct.len(),
        );
        let groups = SIZES + 1;
        let mut cum_cat = vec![vec![0u32; (nd + 1) * ncat]; groups];
        let mut cum_state = vec![vec![0u32; (nd + 1) * nstate]; groups];
        let mut cum_total = vec![vec![0u32; nd + 1]; groups];
        // First the per-day counts (stored at d + 1), then a running sum.
        let mut d = 0usize;
        for (row, &day) in days.iter().enumerate() {
            while distinct[d] != day {
                d += 1;
            }
            let (c, s, g) = (
                cols.category[row] as usize,
                cols.state[row] as usize,
                1 + cols.size[row] as usize,
            );
            for group in [0, g] {
                cum_cat[group][(d + 1) * ncat + c] += 1;
                cum_state[group][(d + 1) * nstate + s] += 1;
                cum_total[group][d + 1] += 1;
            }
        }
        for group in 0..groups {
            for d in 1..=nd {
                for c in 0..ncat {
                    cum_cat[group][d * ncat + c] += cum_cat[group][(d - 1) * ncat + c];
                }
                for s in 0..nstate {
                    cum_state[group][d * nstate + s] += cum_state[group][(d - 1) * nstate + s];
                }
                cum_total[group][d] += cum_total[group][d - 1];
            }
        }
        Some(DayAggregates {
            days: distinct,
            ncat,
            nstate,
            cum_cat,
            cum_state,
            cum_total,
        })
    }

    pub fn len(&self) -> usize {
        self.cols.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cols.ids.is_empty()
    }

    pub fn first_day(&self) -> Option<i32> {
        self.days.first().copied()
    }

    pub fn last_day(&self) -> Option<i32> {
        self.days.last().copied()
    }

    /// The dictionary id of a metro area (any case), if any booking has it.
    pub fn dma_id(&self, dma: &str) -> Option<u32> {
        self.dma_lookup.get(&dma.trim().to_lowercase()).copied()
    }

    /// The dictionary id of a state code, if any booking has it.
    pub fn state_id(&self, code: &str) -> Option<u16> {
        self.state_lookup.get(code).copied()
    }

    /// The row positions `[lo, hi)` of the base list whose times fall in `[from, to)`.
    pub fn rows_in(&self, base: Option<&[u32]>, from: i64, to: i64) -> (usize, usize) {
        let times = &self.cols.times;
        match base {
            None => (
                times.partition_point(|&t| t < from),
                times.partition_point(|&t| t < to),
            ),
            Some(list) => (
                list.partition_point(|&r| times[r as usize] < from),
                list.partition_point(|&r| times[r as usize] < to),
            ),
        }
    }

    /// Category and state counts and per-day totals over days `[from_day, to_day]` from the prefix
    /// sums, for every size (`size == None`) or one. `None` when the sums were not built.
    pub fn aggregated(&self, size: Option<usize>, from_day: i32, to_day: i32) -> Option<DayCounts> {
        let a = self.agg.as_ref()?;
        let g = size.map_or(0, |s| s + 1);
        let lo = a.days.partition_point(|&d| d < from_day);
        let hi = a.days.partition_point(|&d| d <= to_day).max(lo);
        let ncat = self.cols.categories.len();
        let cats = (0..ncat)
            .map(|c| a.cum_cat[g][hi * a.ncat + c] - a.cum_cat[g][lo * a.ncat + c])
            .collect();
        let states = (0..a.nstate)
            .map(|s| a.cum_state[g][hi * a.nstate + s] - a.cum_state[g][lo * a.nstate + s])
            .collect();
        let daily = (lo..hi)
            .map(|d| (a.days[d], a.cum_total[g][d + 1] - a.cum_total[g][d]))
            .filter(|&(_, n)| n > 0)
            .collect();
        Some((cats, states, daily))
    }

    /// Like `aggregated`, for the rows of one state (`dma == false`) or one metro area.
    pub fn group_aggregated(
        &self,
        dma: bool,
        id: usize,
        from_day: i32,
        to_day: i32,
    ) -> Option<DayCounts> {
        let g = if dma {
            self.dma_aggs.as_ref()?
        } else {
            self.state_aggs.as_ref()?
        }
        .get(id)?;
        let ncat = self.cols.categories.len().max(1);
        let ns = g.states.len();
        let lo = g.days.partition_point(|&d| d < from_day);
        let hi = g.days.partition_point(|&d| d <= to_day).max(lo);
        let cats = (0..self.cols.categories.len())
            .map(|c| g.cats[hi * ncat + c] - g.cats[lo * ncat + c])
            .collect();
        let mut states = vec![0u32; self.cols.states.len()];
        for (i, &s) in g.states.iter().enumerate() {
            states[s as usize] = g.state_cum[hi * ns + i] - g.state_cum[lo * ns + i];
        }
        let total = |d: usize| -> u32 { (0..ns).map(|i| g.state_cum[d * ns + i]).sum() };
        let mut daily = Vec::with_capacity(hi - lo);
        let mut before = total(lo);
        for d in lo..hi {
            let after = total(d + 1);
            daily.push((g.days[d], after - before));
            before = after;
        }
        Some((cats, states, daily))
    }
}
