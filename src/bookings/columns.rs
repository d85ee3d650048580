//! The columns of every demo booking: one vector per field, dictionary-encoded text, rows sorted
//! by (created time, id). This is what the snapshot stores and an import extends; the row lists and
//! prefix sums the queries use are derived from it (`index.rs`).
//!
//! Invariants: every column has one entry per row; text columns hold `u16`/`u32` ids into their
//! `Vec<String>` dictionary, and entry 0 of the state, metro-area, city and vendor dictionaries is
//! the missing value.

use std::collections::HashMap;

use super::model::Booking;

pub const UNKNOWN: &str = "Unknown";

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
    pub(super) fn without_rows(&self) -> Columns {
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
