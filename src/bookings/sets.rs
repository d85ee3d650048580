//! The bookings as two indexes: the real (imported) rows and the generated sample rows.
//!
//! Sample rows are never evidence, so most questions are answered from the real index alone, at
//! the cost they had before samples existed. The two indexes come from one `Columns::split` and
//! share dictionaries; the index of both together, asked for only while both kinds exist and a
//! trends request wants the samples, is merged from them on first use and kept for the generation.

use std::sync::OnceLock;

use super::index::{BookingIndex, Columns};

pub struct BookingSets {
    /// The booking generation of the database these rows are from.
    pub generation: u64,
    pub real: BookingIndex,
    pub sample: BookingIndex,
    both: OnceLock<BookingIndex>,
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
        }
    }

    /// The two indexes from their halves (as `Columns::split` gives them) and their sums.
    pub fn from_parts(generation: u64, real: BookingIndex, sample: BookingIndex) -> BookingSets {
        BookingSets {
            generation,
            real,
            sample,
            both: OnceLock::new(),
        }
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
                    Columns::merge(&self.real.cols, &self.sample.cols),
                    self.generation,
                )
            })
        }
    }

    /// Whether `view` holds no sample row (it is the real index).
    pub fn is_real_only(&self, view: &BookingIndex) -> bool {
        std::ptr::eq(view, &self.real) || self.sample.is_empty()
    }

    /// Every row in one set of columns (what the snapshot holds and an import extends).
    pub fn all_columns(&self) -> Columns {
        if let Some(both) = self.both.get() {
            both.cols.clone()
        } else if self.sample.is_empty() {
            self.real.cols.clone()
        } else if self.real.is_empty() {
            self.sample.cols.clone()
        } else {
            Columns::merge(&self.real.cols, &self.sample.cols)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::{Booking, ColumnsBuilder};
    use crate::firm_size::FirmSize;

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
}
