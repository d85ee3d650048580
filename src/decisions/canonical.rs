//! The canonical form of a decision record: RFC 8785 (JSON Canonicalization Scheme) over a
//! `serde_json::Value`, and its SHA-256. The record holds strings, whole numbers, booleans, nulls,
//! arrays and objects only, so the canonical form is: no whitespace, object members sorted by
//! their names' UTF-16 code units, strings escaped as ECMAScript's JSON.stringify does (the
//! short escapes \b \t \n \f \r \" \\, other control characters as \u00xx, everything else as
//! UTF-8), whole numbers in decimal. serde_jcs was not taken: it has had no release since 2021.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The RFC 8785 text of `value`.
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

/// The SHA-256 of `text`, as 64 lower-case hex digits.
pub fn hash(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

fn write(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(n, out),
        Value::String(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(key, out);
                out.push(':');
                write(&map[key], out);
            }
            out.push('}');
        }
    }
}

fn write_number(n: &serde_json::Number, out: &mut String) {
    if let Some(i) = n.as_i64() {
        out.push_str(&i.to_string());
    } else if let Some(u) = n.as_u64() {
        out.push_str(&u.to_string());
    } else {
        // Not in a record; ECMAScript writes a whole-valued double without a fraction.
        let f = n.as_f64().unwrap_or(0.0);
        if f.fract() == 0.0 && f.abs() < 1e21 {
            out.push_str(&format!("{f:.0}"));
        } else {
            out.push_str(&n.to_string());
        }
    }
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn members_are_sorted_and_nothing_is_spaced() {
        let v = json!({ "b": [1, {"z": null, "a": true}], "a": "x", "A": -3 });
        assert_eq!(
            canonical(&v),
            r#"{"A":-3,"a":"x","b":[1,{"a":true,"z":null}]}"#
        );
    }

    #[test]
    fn strings_escape_as_json_stringify_does() {
        let v = json!("a\"b\\c\n\t\u{1}é€/😀");
        assert_eq!(canonical(&v), "\"a\\\"b\\\\c\\n\\t\\u0001é€/😀\"");
    }

    #[test]
    fn keys_sort_by_utf16_code_units() {
        // U+10000 is D800 DC00 in UTF-16, before U+FFFD; in UTF-8 it sorts after.
        let v = json!({ "\u{fffd}": 1, "\u{10000}": 2 });
        assert_eq!(canonical(&v), "{\"\u{10000}\":2,\"\u{fffd}\":1}");
    }

    #[test]
    fn rfc_8785_numbers_that_a_record_can_hold() {
        assert_eq!(
            canonical(&json!([0, 1450000, -1, 1e3])),
            "[0,1450000,-1,1000]"
        );
    }

    #[test]
    fn the_hash_is_sha256_hex() {
        assert_eq!(
            hash(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
