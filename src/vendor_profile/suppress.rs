//! The suppression rule for every count the profile shows about other firms or their bookings.
//!
//! `Count::of` is the rule: a count under [`MIN_SHOWN`] is never written, only "fewer than 5"
//! (zero is shown: no firm is in it, so it singles out nobody). `groups` applies it to a
//! breakdown (bookings by month, by firm size) so that no subtraction can reveal a hidden count:
//! a small cell is shown only together with its neighbours, as one group of at least
//! [`MIN_SHOWN`]. Every number a breakdown publishes is then exact and 0 or at least 5, and the
//! total is their sum, so a total minus the shown parts is always a published group, never a
//! hidden cell. Two breakdowns of the same bookings (months and sizes) can both be published:
//! neither hides anything the other's total could uncover.

use serde::Serialize;

/// The smallest count that may be shown as a number.
pub const MIN_SHOWN: u32 = 5;

/// What may be shown of a count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Count {
    /// The exact count; absent when it is under 5 and more than 0.
    pub value: Option<u32>,
    /// The count as people read it: "0", "12" or "fewer than 5".
    pub text: String,
}

impl Count {
    /// The rule: 0 and counts from 5 up as they are, anything between as "fewer than 5".
    pub fn of(n: u32) -> Count {
        if n == 0 || n >= MIN_SHOWN {
            Count {
                value: Some(n),
                text: n.to_string(),
            }
        } else {
            Count {
                value: None,
                text: format!("fewer than {MIN_SHOWN}"),
            }
        }
    }

    pub fn is_suppressed(&self) -> bool {
        self.value.is_none()
    }
}

/// Neighbouring cells of a breakdown shown as one count: `first..=last` are cell positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub first: usize,
    pub last: usize,
    pub count: Count,
}

/// Splits a breakdown's cells (in their natural order: months in time, sizes small to large) into
/// runs of neighbours whose counts can all be shown. A cell of 0 or from 5 up stands alone; a cell
/// of 1 to 4 is joined with the cells after it (or, at the end, the group before it) until the
/// run holds at least 5. When the whole breakdown holds fewer than 5 it is one suppressed group.
pub fn groups(cells: &[u32]) -> Vec<Group> {
    let total: u32 = cells.iter().sum();
    if cells.is_empty() {
        return Vec::new();
    }
    if total > 0 && total < MIN_SHOWN {
        return vec![Group {
            first: 0,
            last: cells.len() - 1,
            count: Count::of(total),
        }];
    }
    let mut out: Vec<(usize, usize, u32)> = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let first = i;
        let mut sum = cells[i];
        i += 1;
        if sum > 0 && sum < MIN_SHOWN {
            while i < cells.len() && sum < MIN_SHOWN {
                sum += cells[i];
                i += 1;
            }
            if sum < MIN_SHOWN {
                // The tail ran out: join the groups before until it holds 5 (it will: total >= 5).
                let mut first = first;
                while sum < MIN_SHOWN {
                    let (prev_first, _, prev_sum) = out.pop().expect("a group before a short tail");
                    first = prev_first;
                    sum += prev_sum;
                }
                out.push((first, i - 1, sum));
                continue;
            }
        }
        out.push((first, i - 1, sum));
    }
    out.into_iter()
        .map(|(first, last, sum)| Group {
            first,
            last,
            count: Count::of(sum),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_from_one_to_four_are_never_written() {
        for n in 1..5 {
            let c = Count::of(n);
            assert_eq!(c.value, None);
            assert_eq!(c.text, "fewer than 5");
            assert!(c.is_suppressed());
        }
        assert_eq!(Count::of(0).value, Some(0));
        assert_eq!(Count::of(0).text, "0");
        assert_eq!(Count::of(5).value, Some(5));
        assert_eq!(Count::of(1234).text, "1234");
    }

    fn spans(cells: &[u32]) -> Vec<(usize, usize, Option<u32>)> {
        groups(cells)
            .into_iter()
            .map(|g| (g.first, g.last, g.count.value))
            .collect()
    }

    #[test]
    fn a_small_cell_joins_the_cells_after_it_until_the_group_holds_five() {
        assert_eq!(
            spans(&[7, 2, 0, 4, 9]),
            [(0, 0, Some(7)), (1, 3, Some(6)), (4, 4, Some(9))]
        );
        assert_eq!(
            spans(&[0, 0, 12]),
            [(0, 0, Some(0)), (1, 1, Some(0)), (2, 2, Some(12))]
        );
    }

    #[test]
    fn a_small_tail_joins_the_group_before_it() {
        assert_eq!(spans(&[6, 2]), [(0, 1, Some(8))]);
        assert_eq!(spans(&[3, 3, 1]), [(0, 2, Some(7))]);
        assert_eq!(spans(&[5, 0, 1, 1]), [(0, 3, Some(7))]);
    }

    #[test]
    fn fewer_than_five_in_all_is_one_hidden_group() {
        assert_eq!(spans(&[1, 0, 2]), [(0, 2, None)]);
        assert_eq!(spans(&[0, 0]), [(0, 0, Some(0)), (1, 1, Some(0))]);
        assert!(groups(&[]).is_empty());
    }

    /// Exhaustive over small breakdowns: the groups cover every cell once and in order, each shown
    /// number is 0 or at least 5, no group of one cell holds 1 to 4, and the shown numbers add up
    /// to the total whenever all are shown, so the total minus any shown parts is again a sum of
    /// whole groups and never a hidden cell.
    #[test]
    fn no_total_minus_parts_reveals_a_small_cell() {
        let values = [0u32, 1, 2, 4, 5, 9];
        for len in 1..=5u32 {
            for code in 0..values.len().pow(len) {
                let mut c = code;
                let cells: Vec<u32> = (0..len)
                    .map(|_| {
                        let v = values[c % values.len()];
                        c /= values.len();
                        v
                    })
                    .collect();
                let gs = groups(&cells);
                let mut next = 0;
                for g in &gs {
                    assert_eq!(g.first, next, "{cells:?}");
                    assert!(g.last >= g.first);
                    next = g.last + 1;
                    let sum: u32 = cells[g.first..=g.last].iter().sum();
                    match g.count.value {
                        Some(v) => {
                            assert_eq!(v, sum, "{cells:?}");
                            assert!(v == 0 || v >= MIN_SHOWN, "{cells:?}");
                        }
                        None => assert!(gs.len() == 1 && sum > 0 && sum < MIN_SHOWN),
                    }
                    if g.first == g.last && g.count.value.is_some() {
                        assert!(!(1..MIN_SHOWN).contains(&cells[g.first]), "{cells:?}");
                    }
                }
                assert_eq!(next, cells.len());
                let total: u32 = cells.iter().sum();
                if gs.iter().all(|g| g.count.value.is_some()) {
                    assert_eq!(gs.iter().filter_map(|g| g.count.value).sum::<u32>(), total);
                }
            }
        }
    }
}
