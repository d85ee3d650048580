//! The bookings as two indexes: the real (imported) rows and the generated sample rows.
//!
//! Sample rows are never evidence, so most questions are answered from the real index alone, at
//! the cost they had before samples existed. The two indexes come from one `Columns::split` and
//! share dictionaries; the index of both together, asked for only while both kinds exist and a
//! trends request wants the samples, is merged from them on first use and kept for the generation.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::index::{BookingIndex, Columns};

pub struct BookingSets {
    /// The booking generation of the database these rows are from.
    pub generation: u64,
    pub real: BookingIndex,
    pub sample: BookingIndex,
    both: OnceLock<BookingIndex>,
    /// Indexes built from their rows start a lineage; `extended` keeps it. So an index of the same
    /// lineage with more rows holds these rows first, in this order, and the rest were added.
    lineage: u64,
}

/// A lineage no index has had before.
fn new_lineage() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl BookingSets {
    pub fn empty() -> BookingSets {
        BookingSets::from_columns(Columns::default(), 0)
    }

    /// Splits every row (sorted, as `ColumnsBuilder::finish` leaves them) by its sample flag.
    pub fn from_columns(cols: Columns, generation: u64) -> BookingSets {
        let (real, sample) = cols.split();
        BookingSets {
            generation,
            real: BookingIndex::from_columns(real, generation),
            sample: BookingIndex::from_columns(sample, generation),
            both: OnceLock::new(),
            lineage: new_lineage(),
        }
    }

    /// The two indexes from their halves (as `Columns::split` gives them) and their sums.
    pub fn from_parts(generation: u64, real: BookingIndex, sample: BookingIndex) -> BookingSets {
        BookingSets::of_lineage(generation, real, sample, new_lineage())
    }

    fn of_lineage(
        generation: u64,
        real: BookingIndex,
        sample: BookingIndex,
        lineage: u64,
    ) -> BookingSets {
        BookingSets {
            generation,
            real,
            sample,
            both: OnceLock::new(),
            lineage,
        }
    }

    /// These indexes with the rows `new` added (sorted, with the dictionaries grown from these):
    /// the index they belong to extended by them (`BookingIndex::extended`: after its rows, or a
    /// run of their own when they fall among its days), the other given the grown dictionaries;
    /// neither counts a row it held again. `None` when `new` mixes real and sample rows: then
    /// build from every row.
    pub fn extended(&self, new: &Columns, generation: u64) -> Option<BookingSets> {
        let samples = new.sample.count_set();
        let (target, other) = match samples {
            0 => (&self.real, &self.sample),
            n if n == new.ids.len() => (&self.sample, &self.real),
            _ => return None,
        };
        let target = target.extended(new, generation)?;
        let other = other.extended(&new.without_rows(), generation)?;
        let (real, sample) = if samples == 0 {
            (target, other)
        } else {
            (other, target)
        };
        Some(BookingSets::of_lineage(
            generation,
            real,
            sample,
            self.lineage,
        ))
    }

    /// These indexes with the real rows' columns taken from `cols`, which hold the same values
    /// (read in place in the snapshot just written of them): of the same lineage, as the rows are.
    pub fn with_real_columns(&self, cols: Columns) -> BookingSets {
        BookingSets::of_lineage(
            self.generation,
            self.real.with_columns(cols),
            self.sample.with_columns(self.sample.cols.clone()),
            self.lineage,
        )
    }

    /// These indexes with the rows of each in one run (`BookingIndex::compacted`), of the same
    /// generation; a lineage of their own, as a build from their rows would be.
    pub fn compacted(&self) -> BookingSets {
        BookingSets::from_parts(
            self.generation,
            self.real.compacted(),
            self.sample.compacted(),
        )
    }

    /// These indexes (built from the rows of `from`) extended by the real rows that imports added
    /// to `from` to make `to`. `None` when `to` is not `from` extended (the index was rebuilt
    /// since), when sample rows were added, or when `extended` declines.
    pub fn with_rows_added(&self, from: &BookingSets, to: &BookingSets) -> Option<BookingSets> {
        let extends = to.lineage == from.lineage
            && to.real.len() >= from.real.len()
            && to.sample.len() == from.sample.len();
        if !extends {
            return None;
        }
        // Each import since is a run of its own, or the tail of one: sorted, they are one run.
        let added = to.real.cols.rows_from(from.real.len()).sorted();
        self.extended(&added, to.generation)
    }

    /// Every row, real and sample.
    pub fn len(&self) -> usize {
        self.real.len() + self.sample.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether any real booking exists: from then on sample rows are left out unless asked for.
    pub fn has_real_data(&self) -> bool {
        !self.real.is_empty()
    }

    /// Whether the trends include sample rows: as asked, else only while no real booking exists.
    pub fn includes_sample(&self, asked: Option<bool>) -> bool {
        asked.unwrap_or(!self.has_real_data())
    }

    /// Whether `view(asked)` would first have to merge the two indexes (slow: run it off the
    /// async runtime).
    pub fn view_needs_merge(&self, asked: Option<bool>) -> bool {
        self.includes_sample(asked)
            && !self.real.is_empty()
            && !self.sample.is_empty()
            && self.both.get().is_none()
    }

    /// The index the trends are answered from.
    pub fn view(&self, asked: Option<bool>) -> &BookingIndex {
        if !self.includes_sample(asked) || self.sample.is_empty() {
            &self.real
        } else if self.real.is_empty() {
            &self.sample
        } else {
            self.both.get_or_init(|| {
                BookingIndex::from_columns(
                    Columns::merge(&self.real.sorted_columns(), &self.sample.sorted_columns()),
                    self.generation,
                )
            })
        }
    }

    /// Whether `view` holds no sample row (it is the real index).
    pub fn is_real_only(&self, view: &BookingIndex) -> bool {
        std::ptr::eq(view, &self.real) || self.sample.is_empty()
    }

    /// Every row in one set of columns, in one (time, id) order (what an import of many rows
    /// extends).
    pub fn all_columns(&self) -> Columns {
        if let Some(both) = self.both.get() {
            both.sorted_columns()
        } else if self.sample.is_empty() {
            self.real.sorted_columns()
        } else if self.real.is_empty() {
            self.sample.sorted_columns()
        } else {
            Columns::merge(&self.real.sorted_columns(), &self.sample.sorted_columns())
        }
    }

    /// The most runs of rows (see `BookingIndex::runs`) either index holds.
    pub fn runs(&self) -> usize {
        self.real.runs.len().max(self.sample.runs.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::{Booking, ColumnsBuilder};
    use crate::platform::firm_size::FirmSize;

    fn booking(created: i64, city: &str, sample: bool) -> Booking {
        Booking {
            category: "Intake".into(),
            client: if sample { "Sampled" } else { "Real" }.into(),
            firm_size: FirmSize::Solo,
            city_state: Some(format!("{city}, TX")),
            state: Some("TX".into()),
            dma: Some(city.into()),
            created,
            sample,
        }
    }

    fn mixed() -> Columns {
        let mut b = ColumnsBuilder::default();
        // Out of order, interleaved in time, with a tie on the time.
        b.push(4, &booking(400, "Austin", true));
        b.push(1, &booking(100, "Dallas", false));
        b.push(3, &booking(300, "Austin", false));
        b.push(2, &booking(300, "Houston", true));
        b.push(5, &booking(500, "El Paso", false));
        b.finish()
    }

    #[test]
    fn split_then_merge_gives_back_every_row_in_order() {
        let all = mixed();
        let (real, sample) = all.clone().split();
        assert_eq!(real.ids.to_vec(), [1, 3, 5]);
        assert_eq!(sample.ids.to_vec(), [2, 4]);
        assert!(real.sample.count_set() == 0 && sample.sample.count_set() == sample.sample.len());
        assert_eq!(
            real.vendors, sample.vendors,
            "the halves share dictionaries"
        );
        assert_eq!(Columns::merge(&real, &sample), all);
        assert_eq!(Columns::merge(&sample, &real), all);
    }

    #[test]
    fn the_view_leaves_samples_out_once_real_rows_exist_unless_asked() {
        let sets = BookingSets::from_columns(mixed(), 7);
        assert!(sets.has_real_data());
        assert_eq!(sets.view(None).cols.ids.to_vec(), [1, 3, 5]);
        assert!(sets.is_real_only(sets.view(None)));
        assert!(sets.view_needs_merge(Some(true)));
        let both = sets.view(Some(true));
        assert_eq!(both.cols.ids.to_vec(), [1, 2, 3, 4, 5]);
        assert_eq!(both.generation, 7);
        assert!(!sets.is_real_only(both));
        assert!(
            !sets.view_needs_merge(Some(true)),
            "merged once per generation"
        );
        assert_eq!(sets.all_columns(), mixed());

        let (_, only_sample) = mixed().split();
        let sample = BookingSets::from_columns(only_sample, 1);
        assert!(!sample.has_real_data());
        assert_eq!(
            sample.view(None).cols.ids.to_vec(),
            [2, 4],
            "samples while nothing real exists"
        );
        assert!(sample.view(Some(false)).is_empty());
        assert!(!sample.view_needs_merge(Some(true)));
    }

    mod extension {
        use super::super::*;
        use crate::bookings::blocks::{COLUMN_BITS, LIST_BITS, SUM_BITS};
        use crate::bookings::{Booking, ColumnsBuilder};
        use crate::platform::firm_size::FirmSize;
        use proptest::prelude::*;

        /// (day, second of the day, category, vendor, state (0 none), metro area, city, size).
        type Row = (i64, i64, usize, usize, usize, usize, usize, usize);

        fn booking(
            (day, second, cat, vendor, state, dma, city, size): Row,
            sample: bool,
        ) -> Booking {
            let state = ["", "TX", "CA", "NY", "WA"][state];
            Booking {
                category: ["Intake", "Staffing", "Billing", "Marketing"][cat].into(),
                client: format!("Vendor {vendor}"),
                firm_size: FirmSize::ALL[size],
                city_state: (!state.is_empty()).then(|| format!("City {city}, {state}")),
                state: (!state.is_empty()).then(|| state.into()),
                dma: Some(format!("Metro {dma}")),
                created: 1_750_000_000 + day * 86_400 + second,
                sample,
            }
        }

        fn row(days: i64, categories: usize, vendors: usize) -> impl Strategy<Value = Row> {
            (
                0..days,
                0..86_400i64,
                0..categories,
                0..vendors,
                0..5usize,
                0..4usize,
                0..3usize,
                0..FirmSize::ALL.len(),
            )
        }

        fn same(a: &BookingIndex, b: &BookingIndex) {
            assert_eq!(a.cols, b.cols);
            assert_eq!(a.by_state, b.by_state);
            assert_eq!(a.by_dma, b.by_dma);
            assert_eq!(a.by_vendor, b.by_vendor);
            assert_eq!(a.day_starts, b.day_starts);
            assert_eq!(a.runs, b.runs);
            assert_eq!(a.city_names, b.city_names);
            assert_eq!(a.city_of, b.city_of);
            assert_eq!(a.sums, b.sums);
            assert_eq!(a.filter_options.states, b.filter_options.states);
            assert_eq!(a.filter_options.dmas, b.filter_options.dmas);
            assert_eq!(a.filter_options.firm_sizes, b.filter_options.firm_sizes);
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(200))]

            /// New rows (new vendors, categories, states, metro areas and cities among them), on
            /// any day — before the first stored one, among them, on the last or after it — give
            /// the index that all the rows would give: the same columns, row lists, day starts and
            /// every running sum when they come after every stored row; else the same running sums,
            /// and once sorted the same columns, lists and day starts, from a run of their own
            /// behind the stored rows. Either way no stored row is copied.
            #[test]
            fn an_index_extended_by_new_rows_is_the_index_of_all_of_them(
                old in prop::collection::vec((row(6, 2, 3), any::<bool>()), 0..80),
                new in prop::collection::vec(row(3, 4, 6), 1..25),
                shift in -3i64..3,
                sample_new in any::<bool>(),
            ) {
                let mut before = ColumnsBuilder::default();
                for (i, (r, sample)) in old.iter().enumerate() {
                    before.push(i as u64 + 1, &booking(*r, *sample));
                }
                let old_cols = before.finish();
                let sets = BookingSets::from_columns(old_cols.clone(), 1);
                // New rows start at most three days before the last day of the old ones (or later):
                // from every row after the old ones to every row among or before them.
                let last_day = old.iter().map(|(r, _)| r.0).max().unwrap_or(0);
                let mut added = ColumnsBuilder::extend(sets.real.cols.without_rows());
                let mut all = ColumnsBuilder::extend(old_cols);
                for (i, r) in new.iter().enumerate() {
                    let mut r = *r;
                    r.0 += last_day + shift;
                    let id = (old.len() + i) as u64 + 1;
                    added.push(id, &booking(r, sample_new));
                    all.push(id, &booking(r, sample_new));
                }
                let added = added.finish();
                let built = BookingSets::from_columns(all.finish(), 2);
                let extended = sets.extended(&added, 2);
                prop_assert!(extended.is_some(), "rows of one kind are always added");
                let extended = extended.unwrap();
                let (old, new) = if sample_new {
                    (&sets.sample, &extended.sample)
                } else {
                    (&sets.real, &extended.real)
                };
                if old.precedes(&added) {
                    same(&extended.real, &built.real);
                    same(&extended.sample, &built.sample);
                    // The daily totals' blocks before the old last day's counter are the old
                    // index's own.
                    if let Some((shared, counters)) = new.sums.totals_shared_with(&old.sums) {
                        prop_assert!(shared >= (counters - 1) >> SUM_BITS);
                    }
                } else {
                    prop_assert_eq!(new.runs.clone(), vec![0, old.len() as u32]);
                    for (index, of_all) in [
                        (&extended.real, &built.real),
                        (&extended.sample, &built.sample),
                    ] {
                        let sums = Some(index.sums.clone());
                        same(&BookingIndex::with_sums(index.sorted_columns(), sums, 2), of_all);
                        prop_assert_eq!(index.first_day(), of_all.first_day());
                        prop_assert_eq!(index.last_day(), of_all.last_day());
                    }
                }
                // Every sealed block of the old columns and row lists is shared, not copied.
                prop_assert_eq!(
                    new.cols.times.shared_with(&old.cols.times),
                    old.len() >> COLUMN_BITS
                );
                for (list, was) in new.by_vendor.iter().zip(&old.by_vendor) {
                    prop_assert_eq!(list.shared_with(was), was.len() >> LIST_BITS);
                }
            }
        }

        #[test]
        fn rows_of_both_kinds_at_once_are_not_added_in_place() {
            let sets = BookingSets::from_columns(Columns::default(), 1);
            let mut added = ColumnsBuilder::extend(sets.real.cols.without_rows());
            let r = (0, 0, 0, 0, 1, 0, 0, 0);
            added.push(1, &booking(r, false));
            added.push(2, &booking(r, true));
            assert!(sets.extended(&added.finish(), 2).is_none());
        }
    }
}
