//! The `ids` of a comparison, parsed at the edge: 2 to 4 distinct whole numbers.

use crate::platform::error::{Result, bad_request};
use crate::platform::ids::VendorId;

pub const MIN_VENDORS: usize = 2;
pub const MAX_VENDORS: usize = 4;

const COUNT: &str = "Compare 2 to 4 vendors";

/// 2 to 4 distinct vendor ids, in the order asked for (the columns' order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VendorIds(Vec<u64>);

impl VendorIds {
    /// Parses `1,2,3`: digits only (no sign, space or empty item), each fitting a u64, 2 to 4 of
    /// them, none twice.
    pub fn parse(raw: Option<&str>) -> Result<VendorIds> {
        let raw = raw.unwrap_or("");
        if raw.is_empty() {
            return Err(bad_request(COUNT));
        }
        let ids = raw
            .split(',')
            .map(|raw| VendorId::parse(raw).map(VendorId::get))
            .collect::<Result<Vec<u64>>>()?;
        if !(MIN_VENDORS..=MAX_VENDORS).contains(&ids.len()) {
            return Err(bad_request(COUNT));
        }
        for (i, id) in ids.iter().enumerate() {
            if ids[..i].contains(id) {
                return Err(bad_request(format!("Vendor {id} is listed twice")));
            }
        }
        Ok(VendorIds(ids))
    }

    pub fn as_slice(&self) -> &[u64] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(raw: &str) -> String {
        VendorIds::parse(Some(raw)).unwrap_err().to_string()
    }

    #[test]
    fn two_to_four_distinct_ids_are_kept_in_order() {
        assert_eq!(VendorIds::parse(Some("3,1")).unwrap().as_slice(), &[3, 1]);
        assert_eq!(
            VendorIds::parse(Some("1,2,3,4")).unwrap().as_slice(),
            &[1, 2, 3, 4]
        );
    }

    #[test]
    fn bad_lists_get_the_message_that_fits() {
        assert_eq!(message("1"), COUNT);
        assert_eq!(message("1,2,3,4,5"), COUNT);
        assert_eq!(VendorIds::parse(None).unwrap_err().to_string(), COUNT);
        assert_eq!(message("12,3,12"), "Vendor 12 is listed twice");
        for junk in [
            "1,a",
            "1, 2",
            "+1,2",
            "-1,2",
            "1,,2",
            "1,2,",
            "1.5,2",
            "99999999999999999999,1",
        ] {
            assert_eq!(
                message(junk),
                "Vendor ids are whole numbers like 42",
                "{junk}"
            );
        }
    }
}
