//! The columns of every demo booking: one vector per field, dictionary-encoded text, rows sorted
//! by (created time, id). This is what the snapshot stores and an import extends; the row lists and
//! prefix sums the queries use are derived from it (`index.rs`).
//!
//! Invariants: every column has one entry per row; text columns hold ids into their
//! `Vec<String>` dictionary, and entry 0 of the state, metro-area, city and vendor dictionaries is
//! the missing value. Each value is held in the fewest bytes that fit (at 10M bookings each byte a
//! row is 10 MB resident): times as `u32` seconds (an import takes years 2000-2099 only), booking ids
//! and the larger dictionaries' ids narrow until a value needs the wide form (`Narrow`), the
//! sample flag as one bit.

// The import looks up five dictionaries per row: foldhash, not SipHash (the texts come from an
// administrator's file, and the seed is still random per process).
use foldhash::HashMap;

use super::blocks::Blocks;
use super::model::Booking;

pub const UNKNOWN: &str = "Unknown";

/// Declares a column of `$wide` values stored as `$narrow` while every value fits: pushing a larger
/// value widens the whole column once, so a dictionary that passes 65,536 names (or an id past
/// 2^32) costs a copy then, never a wrong value.
macro_rules! narrow_column {
    ($(#[$doc:meta])* $name:ident, $narrow:ty, $wide:ty) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
        pub enum $name {
            Narrow(Blocks<$narrow>),
            Wide(Blocks<$wide>),
        }

        impl Default for $name {
            fn default() -> Self {
                $name::Narrow(Blocks::default())
            }
        }

        impl $name {
            #[inline]
            pub fn get(&self, r: usize) -> $wide {
                match self {
                    $name::Narrow(v) => <$wide>::from(v[r]),
                    $name::Wide(v) => v[r],
                }
            }

            pub fn len(&self) -> usize {
                match self {
                    $name::Narrow(v) => v.len(),
                    $name::Wide(v) => v.len(),
                }
            }

            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            pub fn push(&mut self, value: $wide) {
                match self {
                    $name::Narrow(v) => match <$narrow>::try_from(value) {
                        Ok(small) => v.push(small),
                        Err(_) => {
                            let mut wide: Blocks<$wide> = v.iter().map(<$wide>::from).collect();
                            wide.push(value);
                            *self = $name::Wide(wide);
                        }
                    },
                    $name::Wide(v) => v.push(value),
                }
            }

            pub fn iter(&self) -> Box<dyn Iterator<Item = $wide> + '_> {
                match self {
                    $name::Narrow(v) => Box::new(v.iter().map(<$wide>::from)),
                    $name::Wide(v) => Box::new(v.iter()),
                }
            }

            /// The values as a vector of the wide type (for tests and small columns).
            pub fn to_vec(&self) -> Vec<$wide> {
                self.iter().collect()
            }

            /// Whether every value is below `bound`.
            pub fn all_below(&self, bound: usize) -> bool {
                match self {
                    $name::Narrow(v) => v.all(|x| (x as usize) < bound),
                    $name::Wide(v) => v.all(|x| (x as usize) < bound),
                }
            }

            pub fn shrink_to_fit(&mut self) {
                match self {
                    $name::Narrow(v) => v.shrink_to_fit(),
                    $name::Wide(v) => v.shrink_to_fit(),
                }
            }

            fn permute(&mut self, perm: &[u32]) {
                match self {
                    $name::Narrow(v) => apply(v, perm),
                    $name::Wide(v) => apply(v, perm),
                }
            }
        }
    };
}

narrow_column!(
    /// Booking ids: `u32` until an id passes 2^32.
    RowIds,
    u32,
    u64
);
narrow_column!(
    /// Ids into a dictionary that can grow past 65,536 names (metro areas, cities, vendors).
    Codes,
    u16,
    u32
);

/// One bit a row.
#[derive(Debug, Clone, Default, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
pub struct Flags {
    bits: Vec<u64>,
    len: usize,
}

impl Flags {
    #[inline]
    pub fn get(&self, r: usize) -> bool {
        assert!(r < self.len, "flag {r} of {}", self.len);
        self.bits[r / 64] >> (r % 64) & 1 == 1
    }

    pub fn push(&mut self, value: bool) {
        if self.len.is_multiple_of(64) {
            self.bits.push(0);
        }
        if value {
            self.bits[self.len / 64] |= 1 << (self.len % 64);
        }
        self.len += 1;
    }

    /// `len` flags, none set.
    pub fn unset(len: usize) -> Flags {
        Flags {
            bits: vec![0; len.div_ceil(64)],
            len,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn count_set(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the words hold exactly `len` flags (no bit set past the end): what a snapshot must
    /// show before `get` can trust it.
    pub fn is_well_formed(&self) -> bool {
        self.bits.len() == self.len.div_ceil(64)
            && (self.len.is_multiple_of(64)
                || self.bits.last().is_none_or(|w| w >> (self.len % 64) == 0))
    }

    pub fn shrink_to_fit(&mut self) {
        self.bits.shrink_to_fit();
    }

    fn with_room(&self, more: usize) -> Flags {
        let mut bits = Vec::with_capacity((self.len + more).div_ceil(64));
        bits.extend_from_slice(&self.bits);
        Flags {
            bits,
            len: self.len,
        }
    }

    fn permute(&mut self, perm: &[u32]) {
        let mut out = Flags::default();
        for &i in perm {
            out.push(self.get(i as usize));
        }
        *self = out;
    }
}

/// Rows in at most this many runs, each in order, are merged (`Columns::sort_rows_from`); rows in
/// more are sorted.
const FEW_RUNS: usize = 64;

fn apply<T: Copy>(v: &mut Blocks<T>, perm: &[u32]) {
    *v = perm.iter().map(|&i| v[i as usize]).collect();
}

/// The stored part of the index: the columns and their dictionaries (what the snapshot holds).
#[derive(Debug, Default, Clone, PartialEq, rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)]
pub struct Columns {
    pub ids: RowIds,
    /// Unix seconds (see the module's note).
    pub times: Blocks<u32>,
    pub category: Blocks<u16>,
    pub state: Blocks<u16>,
    pub dma: Codes,
    pub city_state: Codes,
    pub size: Blocks<u8>,
    pub vendor: Codes,
    pub sample: Flags,
    pub categories: Vec<String>,
    pub states: Vec<String>,
    pub dmas: Vec<String>,
    pub city_states: Vec<String>,
    pub vendors: Vec<String>,
}

/// A Unix time as the times column holds it. An import refuses years outside 2000-2099 and the
/// sample set is dated from today, so nothing stored is clamped.
pub fn stored_time(t: i64) -> u32 {
    u32::try_from(t.max(0)).unwrap_or(u32::MAX)
}

impl Columns {
    /// The created time of row `r`, in Unix seconds.
    #[inline]
    pub fn time(&self, r: usize) -> i64 {
        i64::from(self.times[r])
    }

    /// The rows `[lo, hi)` among `rows` (a run of rows in time order) whose times fall in
    /// `[from, to)` (`to` at least `from`).
    pub fn time_range(&self, rows: std::ops::Range<usize>, from: i64, to: i64) -> (usize, usize) {
        if rows == (0..self.times.len()) {
            // Every row: the search through the blocks' last values first.
            return (
                self.times.partition_point(|&t| i64::from(t) < from),
                self.times.partition_point(|&t| i64::from(t) < to),
            );
        }
        let first_at = |at: i64| {
            let (mut lo, mut hi) = (rows.start, rows.end);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if self.time(mid) < at {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        (first_at(from), first_at(to))
    }

    /// No rows, the same dictionaries.
    pub fn without_rows(&self) -> Columns {
        Columns {
            categories: self.categories.clone(),
            states: self.states.clone(),
            dmas: self.dmas.clone(),
            city_states: self.city_states.clone(),
            vendors: self.vendors.clone(),
            ..Columns::default()
        }
    }

    /// The rows from `first` on, with these dictionaries.
    pub fn rows_from(&self, first: usize) -> Columns {
        let mut out = self.without_rows();
        for r in first..self.ids.len() {
            out.push_row(self, r);
        }
        out
    }

    /// The real rows and the sample rows, each still in time order and with the dictionaries of
    /// `self`, so that `merge` can put them back together by row alone.
    pub fn split(self) -> (Columns, Columns) {
        let samples = self.sample.count_set();
        if samples == 0 {
            let none = self.without_rows();
            return (self, none);
        }
        if samples == self.sample.len() {
            return (self.without_rows(), self);
        }
        let (mut real, mut sample) = (self.without_rows(), self.without_rows());
        for r in 0..self.ids.len() {
            let part = if self.sample.get(r) {
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
                || (i < a.ids.len() && (a.times[i], a.ids.get(i)) <= (b.times[j], b.ids.get(j)));
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
        self.ids.push(from.ids.get(r));
        self.times.push(from.times[r]);
        self.category.push(from.category[r]);
        self.state.push(from.state[r]);
        self.dma.push(from.dma.get(r));
        self.city_state.push(from.city_state.get(r));
        self.size.push(from.size[r]);
        self.vendor.push(from.vendor.get(r));
        self.sample.push(from.sample.get(r));
    }

    /// These rows then the rows of `new`, with the dictionaries of `new` (which only grew from
    /// these: its ids read the same names), in (time, id) order again.
    pub fn appended(&self, new: &Columns) -> Columns {
        let mut out = self.followed_by(new);
        // These rows are in order already: only the new ones can be out of it.
        out.sort_rows_from(self.ids.len());
        out
    }

    /// These rows then the rows of `new` (with its dictionaries, as for `appended`), in that
    /// order: where the new rows fall among these in time, they are a run of their own (see
    /// `BookingIndex::runs`).
    pub fn followed_by(&self, new: &Columns) -> Columns {
        // The clones share every block: only the last one is copied, by the first push into it.
        let mut out = Columns {
            ids: self.ids.clone(),
            times: self.times.clone(),
            category: self.category.clone(),
            state: self.state.clone(),
            dma: self.dma.clone(),
            city_state: self.city_state.clone(),
            size: self.size.clone(),
            vendor: self.vendor.clone(),
            sample: self.sample.with_room(new.ids.len()),
            categories: new.categories.clone(),
            states: new.states.clone(),
            dmas: new.dmas.clone(),
            city_states: new.city_states.clone(),
            vendors: new.vendors.clone(),
        };
        for r in 0..new.ids.len() {
            out.push_row(new, r);
        }
        out
    }

    /// These rows in one (time, id) order: as they are when they are in it already.
    pub fn sorted(mut self) -> Columns {
        self.sort_rows_from(0);
        self
    }

    /// Sorts the rows by (time, id), the rows before `from` known to be in order; nothing moves
    /// when they all are.
    fn sort_rows_from(&mut self, from: usize) {
        let c = self;
        let n = c.ids.len();
        let key = |i: usize| (c.times[i], c.ids.get(i));
        // Where a row sorts after the next one, a run of rows in order ends.
        let ends = (from.max(1)..n).filter(|&i| key(i - 1) > key(i)).count();
        if ends > 0 {
            let mut perm: Vec<u32> = (0..n as u32).collect();
            if ends < FEW_RUNS {
                // Stored rows and a few runs behind them (an import's, a compaction's): the
                // stable sort finds the runs and merges them, a pass per doubling of runs. Ids
                // are unique, so it orders as any sort would.
                perm.sort_by_key(|&i| key(i as usize));
            } else {
                perm.sort_unstable_by_key(|&i| key(i as usize));
            }
            c.ids.permute(&perm);
            apply(&mut c.times, &perm);
            apply(&mut c.category, &perm);
            apply(&mut c.state, &perm);
            c.dma.permute(&perm);
            c.city_state.permute(&perm);
            apply(&mut c.size, &perm);
            c.vendor.permute(&perm);
            c.sample.permute(&perm);
        }
    }

    /// Gives back what columns grown row by row hold beyond their rows (up to as much again).
    pub fn shrink_to_fit(&mut self) {
        self.ids.shrink_to_fit();
        self.times.shrink_to_fit();
        self.category.shrink_to_fit();
        self.state.shrink_to_fit();
        self.dma.shrink_to_fit();
        self.city_state.shrink_to_fit();
        self.size.shrink_to_fit();
        self.vendor.shrink_to_fit();
        self.sample.shrink_to_fit();
    }
}

/// The ids a booking's texts have in a `ColumnsBuilder`'s dictionaries: within one builder, two
/// texts with the same id are the same text. An absent state or metro area has the id of
/// "Unknown", an absent city that of "".
#[derive(Debug, Clone, Copy)]
pub struct Interned {
    pub category: u32,
    pub client: u32,
    pub city_state: u32,
    pub state: u32,
    pub dma: u32,
}

/// Builds `Columns` one booking at a time (in any order), then sorts them by time.
pub struct ColumnsBuilder {
    cols: Columns,
    category_ids: HashMap<String, u16>,
    state_ids: HashMap<String, u16>,
    dma_ids: HashMap<String, u32>,
    city_ids: HashMap<String, u32>,
    vendor_ids: HashMap<String, u32>,
    /// The ids of the rows pushed, as runs of consecutive ids (first id, rows): written into
    /// `cols.ids` only by `finish`. An import numbers its new rows one after another, so a
    /// file's ids are a run or a few, and its 4 bytes a row are not held while the import also
    /// holds its identities (at 20M rows, 80 MB off the peak). Past `MOST_ID_RUNS` runs (ids
    /// with many gaps, read from a store many rows were removed from) they are written, and the
    /// ids after them as they come (`None`).
    id_runs: Option<Vec<(u64, u64)>>,
}

/// Runs of ids a `ColumnsBuilder` holds (1 MiB) before it writes them.
const MOST_ID_RUNS: usize = 1 << 16;

/// Writes the ids of `runs` after `ids`.
fn write_runs(ids: &mut RowIds, runs: Vec<(u64, u64)>) {
    for (first, rows) in runs {
        (first..first + rows).for_each(|id| ids.push(id));
    }
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
            category_ids: HashMap::default(),
            state_ids: HashMap::default(),
            dma_ids: HashMap::default(),
            city_ids: HashMap::default(),
            vendor_ids: HashMap::default(),
            id_runs: Some(Vec::new()),
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
            id_runs: Some(Vec::new()),
            cols,
        }
    }

    /// Appends a booking; returns the ids its texts have in the dictionaries.
    pub fn push(&mut self, id: u64, b: &Booking) -> Interned {
        let c = &mut self.cols;
        match &mut self.id_runs {
            Some(runs) => {
                let full = runs.len() == MOST_ID_RUNS;
                match runs.last_mut() {
                    Some((first, rows)) if *first + *rows == id => *rows += 1,
                    _ if !full => runs.push((id, 1)),
                    _ => {
                        write_runs(&mut c.ids, std::mem::take(runs));
                        self.id_runs = None;
                        c.ids.push(id);
                    }
                }
            }
            None => c.ids.push(id),
        }
        c.times.push(stored_time(b.created));
        let interned = Interned {
            category: intern(&mut self.category_ids, &mut c.categories, &b.category).into(),
            client: intern(&mut self.vendor_ids, &mut c.vendors, &b.client),
            city_state: intern(
                &mut self.city_ids,
                &mut c.city_states,
                b.city_state.as_deref().unwrap_or(""),
            ),
            state: intern(
                &mut self.state_ids,
                &mut c.states,
                b.state.as_deref().unwrap_or(UNKNOWN),
            )
            .into(),
            dma: intern(
                &mut self.dma_ids,
                &mut c.dmas,
                b.dma.as_deref().unwrap_or(UNKNOWN),
            ),
        };
        c.category.push(interned.category as u16);
        c.state.push(interned.state as u16);
        c.dma.push(interned.dma);
        c.city_state.push(interned.city_state);
        c.size.push(b.firm_size.index() as u8);
        c.vendor.push(interned.client);
        c.sample.push(b.sample);
        interned
    }

    /// The columns sorted by (time, id).
    pub fn finish(self) -> Columns {
        let mut c = self.cols;
        write_runs(&mut c.ids, self.id_runs.unwrap_or_default());
        c.sort_rows_from(0);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_held_as_runs_or_past_their_limit_as_they_come_are_each_row_s() {
        let booking = |created| Booking {
            created,
            ..Booking::blank(false)
        };
        // A run, then ids with gaps past the runs' limit, then a run again.
        let ids: Vec<u64> = (1..=10)
            .chain((20..).step_by(2).take(MOST_ID_RUNS + 10))
            .chain(1_000_000..1_000_100)
            .collect();
        let mut b = ColumnsBuilder::default();
        for &id in &ids {
            b.push(id, &booking(1_700_000_000));
        }
        assert!(b.id_runs.is_none(), "written past the limit");
        let cols = b.finish();
        assert_eq!(cols.ids.to_vec(), ids);

        // Rows appended to stored ones, in an order the times sort.
        let mut b = ColumnsBuilder::extend(cols);
        for (i, id) in (2_000_000..2_000_005u64).enumerate() {
            b.push(id, &booking(1_800_000_000 - i as i64));
        }
        let cols = b.finish();
        let mut expected = ids.clone();
        expected.extend((2_000_000..2_000_005u64).rev());
        assert_eq!(cols.ids.to_vec(), expected);
        assert_eq!(cols.times.len(), expected.len());
    }

    #[test]
    fn a_column_widens_once_a_value_does_not_fit_and_keeps_every_value() {
        let mut codes = Codes::default();
        codes.push(7);
        codes.push(65_535);
        assert!(matches!(codes, Codes::Narrow(_)));
        codes.push(65_536);
        assert!(matches!(codes, Codes::Wide(_)));
        codes.push(3);
        assert_eq!(codes.to_vec(), [7, 65_535, 65_536, 3]);
        assert!(codes.all_below(65_537) && !codes.all_below(65_536));

        let mut ids = RowIds::default();
        ids.push(u64::from(u32::MAX));
        ids.push(u64::from(u32::MAX) + 1);
        assert_eq!(ids.get(1), 1 << 32);
    }

    /// A first import takes its rows' columns as the index's (`lifecycle::prepare_append`): the
    /// same columns as appending them to an index of no rows would make.
    #[test]
    fn rows_appended_to_no_rows_are_the_new_columns_as_they_are() {
        use crate::bookings::Booking;
        use crate::platform::firm_size::FirmSize;
        let booking = |i: i64| Booking {
            category: ["Intake", "Billing", "Records"][i as usize % 3].into(),
            client: format!("Vendor {}", i % 5),
            firm_size: FirmSize::ALL[i as usize % FirmSize::ALL.len()],
            city_state: Some(format!("City {}, TX", i % 7)),
            state: Some(["TX", "CA"][i as usize % 2].into()),
            dma: (i % 4 != 0).then(|| "Austin".into()),
            // Out of time order, with repeated times, so that `finish` sorts.
            created: 1_700_000_000 + (i * 7_919 % 101) * 3_600,
            sample: i % 6 == 0,
        };
        // An index whose rows are gone kept its dictionaries; the import's grow from them.
        let mut before = ColumnsBuilder::default();
        before.push(1, &booking(1));
        let none = before.finish().without_rows();
        let mut import = ColumnsBuilder::extend(none.clone());
        for i in 0..200 {
            import.push(i as u64 + 10, &booking(i));
        }
        let new = import.finish();
        assert!(new.vendors.len() > none.vendors.len());
        assert_eq!(none.appended(&new), new);
    }

    /// A few runs of rows in order are merged, many are sorted (`sort_rows_from`): the same
    /// columns either way.
    #[test]
    fn rows_in_a_few_runs_or_in_many_sort_to_the_same_columns() {
        use crate::bookings::Booking;
        use crate::platform::firm_size::FirmSize;
        let build = |order: &mut dyn Iterator<Item = i64>| {
            let mut b = ColumnsBuilder::default();
            for t in order {
                let booking = Booking {
                    category: "Intake".into(),
                    client: "Vendor".into(),
                    firm_size: FirmSize::ALL[t as usize % FirmSize::ALL.len()],
                    city_state: None,
                    state: None,
                    dma: None,
                    created: 1_700_000_000 + t * 60,
                    sample: t % 2 == 0,
                };
                b.push(t as u64 + 1, &booking);
            }
            b.finish()
        };
        // Three runs (every third minute, from 0, 1 and 2), and about 120 (7,919 and 300 share
        // no factor, so every minute once).
        let few = build(&mut (0..3).flat_map(|k| (0..300).filter(move |t| t % 3 == k)));
        let many = build(&mut (0..300).map(|i| i * 7_919 % 300));
        assert_eq!(few.ids.to_vec(), (1..=300).collect::<Vec<u64>>());
        assert!(few == many);
        assert!(few.sample.get(0) && !few.sample.get(299));
    }

    #[test]
    fn flags_hold_one_bit_a_row_and_a_stray_bit_is_ill_formed() {
        let mut flags = Flags::default();
        for r in 0..130 {
            flags.push(r % 3 == 0);
        }
        assert_eq!(flags.len(), 130);
        assert_eq!(flags.count_set(), 44);
        assert!(flags.get(129) && !flags.get(128));
        assert!(flags.is_well_formed());
        flags.bits[2] |= 1 << 5;
        assert!(!flags.is_well_formed(), "a bit past the last row");
    }

    #[test]
    fn a_dictionary_past_65536_names_widens_the_column_and_sorting_keeps_rows_whole() {
        let mut b = ColumnsBuilder::default();
        for i in 0..70_000u64 {
            let booking = Booking {
                category: "Intake".into(),
                client: format!("Vendor {i}"),
                firm_size: crate::platform::firm_size::FirmSize::Solo,
                city_state: None,
                state: None,
                dma: None,
                // Newest first, so that `finish` sorts.
                created: 1_800_000_000 - i as i64,
                sample: i % 2 == 0,
            };
            b.push(i + 1, &booking);
        }
        let cols = b.finish();
        assert!(matches!(cols.vendor, Codes::Wide(_)));
        assert_eq!(cols.ids.get(0), 70_000);
        assert_eq!(cols.vendors[cols.vendor.get(0) as usize], "Vendor 69999");
        assert!(cols.sample.get(1) && !cols.sample.get(0));
        assert_eq!(cols.time(69_999), 1_800_000_000);
    }
}
