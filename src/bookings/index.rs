//! The in-memory index of every demo booking, rebuilt or loaded at start and replaced whole (an
//! atomic swap) after an import, so readers never block and never see half an import.
//!
//! Invariants:
//! - the columns (`columns.rs`) are runs of rows sorted by (created time, id) (`runs`), so a date
//!   range is two binary searches in each run: one run after a build, and one more for each import
//!   of rows among the stored days until a compaction sorts them again (`lifecycle`);
//! - per-value row lists (`by_state`, `by_dma`, `by_vendor`) hold row positions in ascending
//!   order, so within a run they are time-sorted too and a range inside one is again two binary
//!   searches a run; a firm size has no list (a sixth of every row each, 4 B a row): its counts
//!   come from the sums and its rows from a pass over the time range;
//! - `aggregates.rs` holds running counts per distinct day for every row and each firm size, each
//!   state (with its cities, and per firm size) and each metro area, each with its (category,
//!   vendor) pairs, so the trends of those filters, a state's top cities, the vendors of a category
//!   and vendor demand are O(categories + states + vendors + days) whatever the number of rows.

use std::collections::HashMap;

use super::aggregates::{self, DaySums, IndexSums};
use super::blocks::{Blocks, RowList};
// Where the import and the snapshot have always found the columns.
use super::columns::{ArchivedCodes, ArchivedColumns};
pub use super::columns::{Codes, Columns, ColumnsBuilder, Interned, UNKNOWN};
use crate::platform::firm_size::FirmSize;

pub const UNKNOWN_CITY: &str = "Unknown City";
const SIZES: usize = FirmSize::ALL.len();

/// The first row of each day and that day, and the first row of each run (see `BookingIndex`).
pub(super) type Starts = (Vec<(u32, i32)>, Vec<u32>);

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
    pub by_state: Vec<RowList>,
    pub by_dma: Vec<RowList>,
    /// Row positions per vendor dictionary id (the Client column), for a vendor's own evidence.
    pub by_vendor: Vec<RowList>,
    /// The first row of each distinct day of each run and that day, ascending by row: a scan finds
    /// the day of a row from its position here instead of reading its time.
    pub day_starts: Vec<(u32, i32)>,
    /// The first row of each run of rows in time order, ascending (none without rows). Rows an
    /// import adds among the stored days (a re-sent export, an office's late rows) are a run of
    /// their own behind the others: the import copies no stored row, and a query searches each run.
    pub runs: Vec<u32>,
    /// City name (the part of cityState before the first comma) dictionary, and the map from a
    /// cityState id to its city name id.
    pub city_names: Vec<String>,
    pub city_of: Vec<u32>,
    /// Lower-cased vendor dictionary, to match catalog vendor names.
    pub vendors_lower: Vec<String>,
    /// The running sums of every row, each size, state and metro area, and each state and size.
    pub sums: IndexSums,
    pub filter_options: FilterOptions,
    dma_lookup: HashMap<String, u32>,
    state_lookup: HashMap<String, u16>,
    /// The route answers computed from this index so far.
    pub answers: super::answers::Answers,
}

/// The rows of each value below `len`, ascending; `None` when a value is `len` or more. Two
/// passes: the counts first, so that each list's first block is allocated once.
fn lists_by_value(values: impl Iterator<Item = usize> + Clone, len: usize) -> Option<Vec<RowList>> {
    let mut counts = vec![0usize; len];
    for v in values.clone() {
        *counts.get_mut(v)? += 1;
    }
    let mut lists: Vec<RowList> = counts.iter().map(|&n| RowList::with_capacity(n)).collect();
    for (row, v) in values.enumerate() {
        lists[v].push(row as u32);
    }
    Some(lists)
}

/// The rows of each value of a column, ascending.
pub(super) fn posting<T: Copy + Into<u64>>(values: &Blocks<T>, len: usize) -> Vec<RowList> {
    lists_by_value(values.iter().map(|v| v.into() as usize), len)
        .unwrap_or_else(|| panic!("a column holds a value past its {len} dictionary entries"))
}

/// The row lists (state, metro area, vendor) of a snapshot's archived columns, read in place;
/// `None` when a value is outside its dictionary (the snapshot is then not used).
pub(super) fn lists_of_archive(c: &ArchivedColumns) -> Option<[Vec<RowList>; 3]> {
    fn codes(codes: &ArchivedCodes, len: usize) -> Option<Vec<RowList>> {
        match codes {
            ArchivedCodes::Narrow(v) => {
                lists_by_value(v.iter().map(|x| x.to_native() as usize), len)
            }
            ArchivedCodes::Wide(v) => lists_by_value(v.iter().map(|x| x.to_native() as usize), len),
        }
    }
    Some([
        lists_by_value(
            c.state.iter().map(|x| x.to_native() as usize),
            c.states.len(),
        )?,
        codes(&c.dma, c.dmas.len())?,
        codes(&c.vendor, c.vendors.len())?,
    ])
}

fn posting_of(codes: &Codes, len: usize) -> Vec<RowList> {
    match codes {
        Codes::Narrow(v) => posting(v, len),
        Codes::Wide(v) => posting(v, len),
    }
}

/// Adds the starts of the days and of the runs (see `BookingIndex`) of the rows from `first` on
/// (times `times`) to those of the rows before them, of which the last has time `before`. One
/// pass over every row at start: a row inside its run and day costs two comparisons.
fn add_starts(
    (days, runs): (&mut Vec<(u32, i32)>, &mut Vec<u32>),
    times: impl Iterator<Item = u32>,
    first: usize,
    before: Option<u32>,
) {
    let span = |day: i32| (i64::from(day) * 86_400, (i64::from(day) + 1) * 86_400);
    let (mut day_begin, mut day_end) = match (days.last(), before) {
        (Some(&(_, day)), Some(_)) => span(day),
        _ => (i64::MAX, i64::MIN),
    };
    let mut row = first as u32;
    // The first row of all starts a run; popped again when there is none.
    if before.is_none() {
        runs.push(row);
    }
    let mut last = before.unwrap_or(0);
    for t in times {
        if t < last {
            runs.push(row);
        }
        last = t;
        let t = i64::from(t);
        if t >= day_end || t < day_begin {
            let day = aggregates::day_of(t);
            days.push((row, day));
            (day_begin, day_end) = span(day);
        }
        row += 1;
    }
    if before.is_none() && row == first as u32 {
        runs.pop();
    }
}

/// The starts of the days and of the runs of rows of these times.
pub(super) fn starts(times: impl Iterator<Item = u32>) -> Starts {
    let (mut days, mut runs) = (Vec::new(), Vec::new());
    add_starts((&mut days, &mut runs), times, 0, None);
    (days, runs)
}

/// The city name of each cityState (the part before the first comma, `UNKNOWN_CITY` when empty):
/// the name dictionary and the map from a cityState id to its name id.
pub fn city_names(city_states: &[String]) -> (Vec<String>, Vec<u32>) {
    let mut names: Vec<String> = Vec::new();
    let mut lookup: HashMap<&str, u32> = HashMap::new();
    let mut city_of = Vec::with_capacity(city_states.len());
    for cs in city_states {
        let name = cs.split(',').next().unwrap_or("").trim();
        let name = if name.is_empty() { UNKNOWN_CITY } else { name };
        let id = *lookup.entry(name).or_insert_with(|| {
            names.push(name.to_string());
            (names.len() - 1) as u32
        });
        city_of.push(id);
    }
    (names, city_of)
}

/// Which firm sizes (by index) have a row.
fn sizes_present(sizes: impl Iterator<Item = u8>) -> [bool; SIZES] {
    let mut present = [false; SIZES];
    for s in sizes {
        present[s as usize] = true;
        if present.iter().all(|&p| p) {
            break;
        }
    }
    present
}

/// `lists` grown to `len` keys: clones, which share every sealed block.
fn grown(lists: &[RowList], len: usize) -> Vec<RowList> {
    let mut out = lists.to_vec();
    out.resize_with(len, RowList::default);
    out
}

impl BookingIndex {
    pub fn empty() -> BookingIndex {
        BookingIndex::from_columns(ColumnsBuilder::default().finish(), 0)
    }

    /// Derives the row lists, running sums and options from sorted columns.
    pub fn from_columns(cols: Columns, generation: u64) -> BookingIndex {
        BookingIndex::with_sums(cols, None, generation)
    }

    /// Like `from_columns`, with the running sums given when already built (read from the
    /// snapshot, which checked them against `cols`).
    pub fn with_sums(cols: Columns, sums: Option<IndexSums>, generation: u64) -> BookingIndex {
        BookingIndex::with_lists(cols, sums, None, generation)
    }

    /// Like `with_sums`, with the row lists (state, metro area, vendor) and the starts of the days
    /// and runs given when already found (from the snapshot's archive, while its columns were
    /// decoded).
    pub fn with_lists(
        cols: Columns,
        sums: Option<IndexSums>,
        found: Option<([Vec<RowList>; 3], Starts)>,
        generation: u64,
    ) -> BookingIndex {
        let (lists, starts) = match found {
            Some((lists, starts)) => (Some(lists), starts),
            None => (None, starts(cols.times.iter())),
        };
        // Two threads: with the sums read from the snapshot, these passes over every row are most
        // of a start-up.
        let [by_state, by_dma, by_vendor] = lists.unwrap_or_else(|| {
            std::thread::scope(|scope| {
                let vendors = scope.spawn(|| posting_of(&cols.vendor, cols.vendors.len()));
                let by_state = posting(&cols.state, cols.states.len());
                let by_dma = posting_of(&cols.dma, cols.dmas.len());
                let vendors = vendors
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e));
                [by_state, by_dma, vendors]
            })
        });
        let (city_names, city_of) = city_names(&cols.city_states);
        let sums = sums.unwrap_or_else(|| IndexSums::build(&cols, &city_of, city_names.len()));
        let lists = [by_state, by_dma, by_vendor];
        BookingIndex::assemble(cols, lists, starts, (city_names, city_of), sums, generation)
    }

    /// This index with the rows of `new` added (sorted; the dictionaries of `new` only grown from
    /// its own), without a pass over the rows it holds: the columns and row lists share this
    /// index's sealed blocks and grow their tails. Rows after every row it holds (a day's export)
    /// continue its last run and extend the sums by their days; rows among its days (a re-sent or
    /// corrected export, an office's late rows) are a run of their own, and the sums of those rows
    /// alone are added to the running sums: no stored row is moved or counted again. `None` when
    /// the sums cannot be extended (then build the index from the columns).
    pub fn extended(&self, new: &Columns, generation: u64) -> Option<BookingIndex> {
        let first_new = self.len();
        let after = self.precedes(new);
        let old_vendors = self.cols.vendors.len();
        // The columns on one thread; the lists and the sums on the other.
        let (cols, mut lists, sums) = std::thread::scope(|scope| {
            let cols = scope.spawn(|| self.cols.followed_by(new));
            let lists = [
                grown(&self.by_state, new.states.len()),
                grown(&self.by_dma, new.dmas.len()),
                grown(&self.by_vendor, new.vendors.len()),
            ];
            let sums = if after {
                Some(self.sums.clone())
            } else {
                let (city_names, city_of) = city_names(&new.city_states);
                let added = IndexSums::of_new_rows(new, &city_of, city_names.len());
                self.sums.with_added(&added, old_vendors, new.vendors.len())
            };
            let cols = cols.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            (cols, lists, sums)
        });
        let mut sums = sums?;
        let (city_names, city_of) = city_names(&cols.city_states);
        if after && !sums.extend(&cols, first_new, old_vendors, &city_of, city_names.len()) {
            return None;
        }
        for r in first_new..cols.times.len() {
            lists[0][cols.state[r] as usize].push(r as u32);
            lists[1][cols.dma.get(r) as usize].push(r as u32);
            lists[2][cols.vendor.get(r) as usize].push(r as u32);
        }
        let (mut days, mut runs) = (self.day_starts.clone(), self.runs.clone());
        add_starts(
            (&mut days, &mut runs),
            cols.times.iter_from(first_new),
            first_new,
            self.cols.times.last(),
        );
        Some(BookingIndex::assemble(
            cols,
            lists,
            (days, runs),
            (city_names, city_of),
            sums,
            generation,
        ))
    }

    /// Whether every row of `new` comes after every row of this index in (time, id) order: the
    /// last row of each run is its latest.
    pub fn precedes(&self, new: &Columns) -> bool {
        if new.ids.is_empty() {
            return true;
        }
        let first = (new.times[0], new.ids.get(0));
        self.run_ranges().all(|rows| {
            (
                self.cols.times[rows.end - 1],
                self.cols.ids.get(rows.end - 1),
            ) <= first
        })
    }

    /// The rows of each run (see `runs`), in order.
    pub fn run_ranges(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let n = self.len();
        self.runs.iter().enumerate().map(move |(k, &first)| {
            first as usize..self.runs.get(k + 1).map_or(n, |&next| next as usize)
        })
    }

    /// The columns in one (time, id) order: a copy that shares every block when they are one run,
    /// the rows sorted again when an import added runs.
    pub fn sorted_columns(&self) -> Columns {
        if self.runs.len() > 1 {
            self.cols.clone().sorted()
        } else {
            self.cols.clone()
        }
    }

    /// This index with its rows in one run: the columns sorted, the row lists and day starts
    /// derived again, the running sums kept (they never depended on the rows' order).
    pub fn compacted(&self) -> BookingIndex {
        BookingIndex::with_sums(
            self.sorted_columns(),
            Some(self.sums.clone()),
            self.generation,
        )
    }

    /// The index of its parts; what is left (options and lookups) is per dictionary entry.
    fn assemble(
        cols: Columns,
        [by_state, by_dma, by_vendor]: [Vec<RowList>; 3],
        (day_starts, runs): Starts,
        (city_names, city_of): (Vec<String>, Vec<u32>),
        sums: IndexSums,
        generation: u64,
    ) -> BookingIndex {
        let present = |lists: &[RowList], dict: &[String]| -> Vec<String> {
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
            firm_sizes: sizes_present(cols.size.iter())
                .into_iter()
                .zip(FirmSize::ALL)
                .filter(|(present, _)| *present)
                .map(|(_, s)| s.code())
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
            by_state,
            by_dma,
            by_vendor,
            city_names,
            city_of,
            vendors_lower,
            sums,
            filter_options,
            dma_lookup,
            state_lookup,
            day_starts,
            runs,
            answers: Default::default(),
        }
    }

    /// This index with its columns taken from `cols`, which hold the same values (a copy of them
    /// read in place in another snapshot file): everything else is copied as it is, the answers
    /// computed so far too.
    pub(super) fn with_columns(&self, cols: Columns) -> BookingIndex {
        BookingIndex {
            generation: self.generation,
            cols,
            by_state: self.by_state.clone(),
            by_dma: self.by_dma.clone(),
            by_vendor: self.by_vendor.clone(),
            day_starts: self.day_starts.clone(),
            runs: self.runs.clone(),
            city_names: self.city_names.clone(),
            city_of: self.city_of.clone(),
            vendors_lower: self.vendors_lower.clone(),
            sums: self.sums.clone(),
            filter_options: self.filter_options.clone(),
            dma_lookup: self.dma_lookup.clone(),
            state_lookup: self.state_lookup.clone(),
            answers: self.answers.copied(),
        }
    }

    pub fn len(&self) -> usize {
        self.cols.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cols.ids.is_empty()
    }

    /// The day of the earliest row: the first of a run.
    pub fn first_day(&self) -> Option<i32> {
        self.run_ranges()
            .map(|rows| self.cols.times[rows.start])
            .min()
            .map(|t| aggregates::day_of(t.into()))
    }

    /// The day of the latest row: the last of a run.
    pub fn last_day(&self) -> Option<i32> {
        self.run_ranges()
            .map(|rows| self.cols.times[rows.end - 1])
            .max()
            .map(|t| aggregates::day_of(t.into()))
    }

    /// The dictionary id of a metro area (any case), if any booking has it.
    pub fn dma_id(&self, dma: &str) -> Option<u32> {
        self.dma_lookup.get(&dma.trim().to_lowercase()).copied()
    }

    /// The dictionary id of a state code, if any booking has it.
    pub fn state_id(&self, code: &str) -> Option<u16> {
        self.state_lookup.get(code).copied()
    }

    /// The row positions `[lo, hi)` of the base list (of every row without one) whose times fall
    /// in `[from, to)`, one range a run, in the runs' order; empty ranges (`lo == hi`) when `to` is
    /// not after `from`, as for a period that starts after today.
    pub fn rows_in<'a>(
        &'a self,
        base: Option<&'a RowList>,
        from: i64,
        to: i64,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        let to = to.max(from);
        self.run_ranges().map(move |rows| match base {
            None => self.cols.time_range(rows, from, to),
            Some(list) => {
                // The list's rows of earlier runs, then this run's before `at`: one search.
                let before = |at: i64| {
                    list.partition_point(|&r| {
                        let r = r as usize;
                        r < rows.start || (r < rows.end && self.cols.time(r) < at)
                    })
                };
                (before(from), before(to))
            }
        })
    }

    /// The running sums that answer the trends of these filters exactly, if built: every row or
    /// one size, one state, one metro area, or one state and one size.
    pub fn running_sums(
        &self,
        state: Option<u16>,
        dma: Option<u32>,
        size: Option<u8>,
    ) -> Option<&DaySums> {
        fn pick(all: &Option<Vec<DaySums>>, i: usize) -> Option<&DaySums> {
            all.as_ref().and_then(|v| v.get(i))
        }
        match (state, dma, size) {
            (None, None, size) => pick(&self.sums.every_row, size.map_or(0, |s| s as usize + 1)),
            (Some(s), None, None) => pick(&self.sums.states, s as usize),
            (None, Some(d), None) => pick(&self.sums.dmas, d as usize),
            (Some(s), None, Some(z)) => self
                .sums
                .state_sizes
                .as_ref()
                .and_then(|all| all.get(s as usize))
                .and_then(|sizes| sizes.get(z as usize)),
            _ => None,
        }
    }

    /// The bookings per vendor dictionary id on or after `from_day`, of the firm sizes `sizes`
    /// (empty = every size): from the running sums, or by a scan of each size's rows.
    pub fn vendor_counts(&self, sizes: &[FirmSize], from_day: i32) -> Vec<u32> {
        let mut counts = vec![0u32; self.cols.vendors.len()];
        let mut wanted = [false; SIZES];
        for s in sizes {
            wanted[s.index()] = true;
        }
        let groups: Vec<usize> = if sizes.is_empty() || wanted.iter().all(|&w| w) {
            vec![0]
        } else {
            (0..SIZES).filter(|&s| wanted[s]).map(|s| s + 1).collect()
        };
        let from = i64::from(from_day) * 86_400;
        for group in groups {
            let size = group.checked_sub(1).map(|s| s as u8);
            if self.add_vendor_counts((None, None, size), from_day, i32::MAX, None, &mut counts) {
                continue;
            }
            for (lo, hi) in self.rows_in(None, from, i64::MAX) {
                for r in lo..hi {
                    if size.is_none_or(|s| self.cols.size[r] == s) {
                        counts[self.cols.vendor.get(r) as usize] += 1;
                    }
                }
            }
        }
        counts
    }

    /// Adds the bookings per vendor dictionary id matching the place and size filters (dictionary
    /// ids) over the days `[from_day, to_day]` to `counts`, only those of `category` (a dictionary
    /// id) when given: from the running sums of every row or a size, a state or a metro area;
    /// false when those filters have no such sums.
    pub fn add_vendor_counts(
        &self,
        (state, dma, size): (Option<u16>, Option<u32>, Option<u8>),
        from_day: i32,
        to_day: i32,
        category: Option<u16>,
        counts: &mut [u32],
    ) -> bool {
        fn pick(all: &Option<Vec<DaySums>>, i: usize) -> Option<&DaySums> {
            all.as_ref().and_then(|v| v.get(i))
        }
        let sums = match (state, dma, size) {
            (None, None, size) => pick(&self.sums.every_row, size.map_or(0, |s| s as usize + 1)),
            (Some(s), None, None) => pick(&self.sums.states, s as usize),
            (None, Some(d), None) => pick(&self.sums.dmas, d as usize),
            _ => None,
        };
        let vendors = self.cols.vendors.len() as u32;
        sums.is_some_and(|sums| {
            sums.each_extra(aggregates::PAIRS, from_day, to_day, |pair, n| {
                if category.is_none_or(|c| pair / vendors == u32::from(c)) {
                    counts[(pair % vendors) as usize] += n;
                }
            })
        })
    }

    /// Adds the bookings of one state per city name (`city_names` ids) over the days
    /// `[from_day, to_day]` to `counts`; false when the sums were not built.
    pub fn add_state_city_counts(
        &self,
        state: usize,
        from_day: i32,
        to_day: i32,
        counts: &mut [u32],
    ) -> bool {
        self.sums
            .states
            .as_ref()
            .and_then(|lists| lists.get(state))
            .is_some_and(|sums| sums.add_extra_counts(aggregates::CITIES, from_day, to_day, counts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::Booking;

    const DAY: i64 = 86_400;

    fn booking(day: i64, state: Option<&str>, city: &str, dma: &str, size: FirmSize) -> Booking {
        Booking {
            category: "Intake".into(),
            client: "Clio".into(),
            firm_size: size,
            city_state: state.map(|s| format!("{city}, {s}")),
            state: state.map(str::to_string),
            dma: Some(dma.into()),
            created: 20_000 * DAY + day * DAY + 3_600,
            sample: false,
        }
    }

    fn index() -> BookingIndex {
        let mut b = ColumnsBuilder::default();
        b.push(
            1,
            &booking(2, Some("IL"), "Springfield", "Chicago", FirmSize::Solo),
        );
        b.push(
            2,
            &booking(0, Some("MO"), "Springfield", "Springfield", FirmSize::Solo),
        );
        b.push(
            3,
            &booking(1, Some("IL"), "Chicago", "Chicago", FirmSize::E2To5),
        );
        b.push(4, &booking(2, None, "", "Chicago", FirmSize::Solo));
        b.push(5, &booking(5, Some("IL"), "", "Chicago", FirmSize::Solo));
        BookingIndex::from_columns(b.finish(), 3)
    }

    #[test]
    fn row_lists_are_in_time_order_and_a_range_is_found_inside_one() {
        let idx = index();
        assert_eq!(idx.cols.ids.to_vec(), [2, 3, 1, 4, 5], "sorted by time");
        let il = &idx.by_state[idx.state_id("IL").unwrap() as usize];
        assert_eq!(il.to_vec(), [1, 2, 4]);
        let (from, to) = (20_001 * DAY, 20_003 * DAY);
        let ranges = |base| idx.rows_in(base, from, to).collect::<Vec<_>>();
        assert_eq!(ranges(Some(il)), [(0, 2)]);
        assert_eq!(ranges(None), [(1, 4)]);
        assert_eq!(idx.runs, [0]);
        assert_eq!(
            (idx.first_day(), idx.last_day()),
            (Some(20_000), Some(20_005))
        );
    }

    #[test]
    fn rows_among_the_stored_days_are_a_run_of_their_own_searched_like_the_first() {
        let idx = index();
        let mut late = ColumnsBuilder::extend(idx.cols.without_rows());
        late.push(
            6,
            &booking(1, Some("IL"), "Chicago", "Chicago", FirmSize::Solo),
        );
        late.push(
            7,
            &booking(-1, Some("IL"), "Chicago", "Chicago", FirmSize::Solo),
        );
        let late = late.finish();
        assert!(!idx.precedes(&late));
        let ext = idx.extended(&late, 4).unwrap();
        assert_eq!(
            ext.cols.ids.to_vec(),
            [2, 3, 1, 4, 5, 7, 6],
            "behind the stored rows"
        );
        assert_eq!(ext.runs, [0, 5]);
        let run_starts: Vec<(u32, i32)> = ext.day_starts[4..].to_vec();
        assert_eq!(run_starts, [(5, 19_999), (6, 20_001)]);
        let il = &ext.by_state[ext.state_id("IL").unwrap() as usize];
        assert_eq!(il.to_vec(), [1, 2, 4, 5, 6]);
        let (from, to) = (20_001 * DAY, 20_003 * DAY);
        let ranges = |base| ext.rows_in(base, from, to).collect::<Vec<_>>();
        assert_eq!(ranges(Some(il)), [(0, 2), (4, 5)]);
        assert_eq!(ranges(None), [(1, 4), (6, 7)]);
        assert_eq!(
            (ext.first_day(), ext.last_day()),
            (Some(19_999), Some(20_005))
        );
        // Newest first across the runs, by time and then id.
        let f = crate::bookings::query::Filters::default();
        let (rows, total) = crate::bookings::query::newest(&ext, &f, 1, 5);
        let ids: Vec<u64> = rows.iter().map(|b| b.id).collect();
        assert_eq!((ids, total), (vec![4, 1, 6, 3, 2], 7));
        // The running sums count the late rows on their days.
        let every = ext.running_sums(None, None, None).unwrap();
        assert_eq!(every.total(19_999, 20_001), 4);
        // Sorted, they are one run again: the index a build of every row gives.
        let sorted = BookingIndex::from_columns(ext.sorted_columns(), 4);
        assert_eq!(sorted.runs, [0]);
        assert_eq!(sorted.cols.ids.to_vec(), [7, 2, 3, 6, 1, 4, 5]);
        assert_eq!(sorted.sums, ext.sums);
        // A day's rows after every row continue the last run.
        let mut day = ColumnsBuilder::extend(ext.cols.without_rows());
        day.push(8, &booking(6, None, "", "Chicago", FirmSize::Solo));
        let day = day.finish();
        assert!(ext.precedes(&day));
        let next = ext.extended(&day, 5).unwrap();
        assert_eq!(next.runs, [0, 5]);
        assert_eq!(next.last_day(), Some(20_006));
    }

    #[test]
    fn lookups_ignore_the_case_of_metro_areas_and_the_options_leave_unknown_out() {
        let idx = index();
        assert_eq!(idx.dma_id(" chicago "), idx.dma_id("Chicago"));
        assert!(idx.dma_id("Chicago").is_some());
        assert_eq!(idx.state_id("TX"), None);
        assert_eq!(idx.filter_options.states, ["IL", "MO"]);
        assert_eq!(idx.filter_options.dmas, ["Chicago", "Springfield"]);
        assert_eq!(idx.filter_options.firm_sizes, ["SOLO", "E2_5"]);
    }

    #[test]
    fn one_city_name_across_states_and_a_missing_one_is_unknown() {
        let idx = index();
        let name = |r: usize| {
            idx.city_names[idx.city_of[idx.cols.city_state.get(r) as usize] as usize].as_str()
        };
        assert_eq!(name(0), "Springfield");
        assert_eq!(name(2), "Springfield");
        assert_eq!(name(1), "Chicago");
        assert_eq!(name(3), UNKNOWN_CITY);
        assert_eq!(name(4), UNKNOWN_CITY);
    }

    #[test]
    fn the_running_sums_count_a_day_range_of_every_row_a_size_a_state_and_its_cities() {
        let idx = index();
        let counts = |sums: Option<&DaySums>, from, to| sums.unwrap().counts(&idx.cols, from, to);
        let (cats, states, daily) = counts(idx.running_sums(None, None, None), 20_001, 20_002);
        assert_eq!(cats, [3]);
        let il = idx.state_id("IL").unwrap();
        assert_eq!(states[il as usize], 2);
        assert_eq!(states[0], 1, "the missing state is entry 0");
        assert_eq!(daily, [(20_001, 1), (20_002, 2)]);

        let solo = Some(FirmSize::Solo.index() as u8);
        let (cats, _, daily) = counts(idx.running_sums(None, None, solo), 0, i32::MAX);
        assert_eq!(cats, [4]);
        assert_eq!(daily, [(20_000, 1), (20_002, 2), (20_005, 1)]);

        let (cats, states, _) = counts(idx.running_sums(Some(il), None, None), 20_000, 20_004);
        assert_eq!(cats, [2]);
        assert_eq!(states.iter().sum::<u32>(), 2);
        let mut cities = vec![0; idx.city_names.len()];
        assert!(idx.add_state_city_counts(il as usize, i32::MIN, i32::MAX, &mut cities));
        assert_eq!(cities.iter().sum::<u32>(), 3);

        let il_solo = idx.running_sums(Some(il), None, solo).unwrap();
        assert_eq!(il_solo.total(i32::MIN, i32::MAX), 2);
        assert_eq!(il_solo.total(20_003, 20_005), 1);

        let chicago = idx.dma_id("Chicago").unwrap();
        let (cats, _, _) = counts(
            idx.running_sums(None, Some(chicago), None),
            i32::MIN,
            i32::MAX,
        );
        assert_eq!(cats, [4]);
        assert!(idx.running_sums(None, Some(99), None).is_none());
        assert!(idx.running_sums(Some(il), Some(chicago), None).is_none());
    }
}
