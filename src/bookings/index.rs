//! The in-memory index of every demo booking, rebuilt or loaded at start and replaced whole (an
//! atomic swap) after an import, so readers never block and never see half an import.
//!
//! Invariants:
//! - the columns (`columns.rs`) are sorted by (created time, id), so a date range is two binary
//!   searches;
//! - per-value row lists (`by_state`, `by_dma`, `by_size`, `by_vendor`) hold row positions in
//!   ascending order, so they are time-sorted too and a range inside one is again two binary searches;
//! - `aggregates.rs` holds running counts per distinct day for every row, each firm size, each
//!   state (with its cities) and each metro area, so the trends of those filters and a state's top
//!   cities are O(categories + states + days) whatever the number of rows.

use std::collections::HashMap;

use super::aggregates::{self, DayCounts, DaySums};
// Where the import and the snapshot have always found the columns.
pub use super::columns::{Columns, ColumnsBuilder, UNKNOWN};
use crate::firm_size::FirmSize;

pub const UNKNOWN_CITY: &str = "Unknown City";
const SIZES: usize = FirmSize::ALL.len();

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
    /// Sums over every row, then over each firm size.
    every_row_sums: Option<Vec<DaySums>>,
    /// Sums per state (with its cities) and per metro area, by dictionary id.
    state_sums: Option<Vec<DaySums>>,
    dma_sums: Option<Vec<DaySums>>,
    pub filter_options: FilterOptions,
    dma_lookup: HashMap<String, u32>,
    state_lookup: HashMap<String, u16>,
    /// The route answers computed from this index so far.
    pub answers: super::answers::Answers,
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

        let every_row_sums = aggregates::of_every_row(&cols, &by_size);
        let state_sums = aggregates::of_lists(&cols, &by_state, Some((&city_of, city_names.len())));
        let dma_sums = aggregates::of_lists(&cols, &by_dma, None);

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
            by_state,
            by_dma,
            by_size,
            by_vendor,
            city_names,
            city_of,
            vendors_lower,
            every_row_sums,
            state_sums,
            dma_sums,
            filter_options,
            dma_lookup,
            state_lookup,
            answers: Default::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.cols.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cols.ids.is_empty()
    }

    pub fn first_day(&self) -> Option<i32> {
        self.cols.times.first().map(|&t| aggregates::day_of(t))
    }

    pub fn last_day(&self) -> Option<i32> {
        self.cols.times.last().map(|&t| aggregates::day_of(t))
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

    /// Category and state counts and per-day totals over days `[from_day, to_day]` from the running
    /// sums, for every size (`size == None`) or one. `None` when the sums were not built.
    pub fn aggregated(&self, size: Option<usize>, from_day: i32, to_day: i32) -> Option<DayCounts> {
        let group = size.map_or(0, |s| s + 1);
        let sums = self.every_row_sums.as_ref()?.get(group)?;
        Some(sums.counts(&self.cols, from_day, to_day))
    }

    /// Like `aggregated`, for the rows of one state (`dma == false`) or one metro area.
    pub fn group_aggregated(
        &self,
        dma: bool,
        id: usize,
        from_day: i32,
        to_day: i32,
    ) -> Option<DayCounts> {
        let lists = if dma {
            &self.dma_sums
        } else {
            &self.state_sums
        };
        let sums = lists.as_ref()?.get(id)?;
        Some(sums.counts(&self.cols, from_day, to_day))
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
        self.state_sums
            .as_ref()
            .and_then(|lists| lists.get(state))
            .is_some_and(|sums| sums.add_city_counts(from_day, to_day, counts))
    }
}
