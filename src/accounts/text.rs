//! The identity texts of an account (a person's name, a firm's name, an email), parsed once at the
//! edge: NFC-normalised, so one name typed two ways is one text, and refused when they hold
//! characters a person cannot see (controls, zero-width characters) or that reorder what is shown
//! (bidirectional controls), so two accounts cannot look the same while being different.

use unicode_normalization::UnicodeNormalization;

use crate::platform::error::{AppError, bad_request};

/// Whether `c` is invisible or changes the direction text is shown in. Controls (C0, DEL, C1),
/// line and paragraph separators, zero-width and other invisible format characters, the
/// bidirectional marks, embeddings, overrides and isolates, and tag characters.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'                  // soft hyphen
            | '\u{061C}'                // Arabic letter mark
            | '\u{180E}'                // Mongolian vowel separator
            | '\u{200B}'..='\u{200F}'   // zero-width space, non-joiner, joiner; LRM, RLM
            | '\u{2028}' | '\u{2029}'   // line and paragraph separators
            | '\u{202A}'..='\u{202E}'   // bidirectional embeddings and overrides
            | '\u{2060}'..='\u{2064}'   // word joiner, invisible operators
            | '\u{2066}'..='\u{2069}'   // bidirectional isolates
            | '\u{FEFF}'                // zero-width no-break space (BOM)
            | '\u{FFF9}'..='\u{FFFB}'   // interlinear annotation
            | '\u{E0000}'..='\u{E007F}' // tag characters
        )
}

/// `raw` in NFC, trimmed; a 400 naming `what` when it holds a hidden character (`is_hidden`).
pub fn visible_nfc(raw: &str, what: &str) -> Result<String, AppError> {
    let text: String = raw.nfc().collect();
    if text.chars().any(is_hidden) {
        return Err(bad_request(format!(
            "{what} contains an invisible or text-direction character (such as a zero-width \
             space or a right-to-left mark): please type it again without it"
        )));
    }
    Ok(text.trim().to_string())
}

/// A required, single-line text of bounded length, in NFC and free of hidden characters.
fn required(raw: &str, max: usize, missing: &str, what: &str) -> Result<String, AppError> {
    if raw
        .chars()
        .any(|c| matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}'))
    {
        return Err(bad_request(format!("{what} must be a single line of text")));
    }
    let text = visible_nfc(raw, what)?;
    if text.is_empty() {
        return Err(bad_request(missing));
    }
    if text.chars().count() > max {
        return Err(bad_request(format!(
            "{what} must be at most {max} characters long"
        )));
    }
    Ok(text)
}

/// A person's name: 1 to 100 visible characters on one line, in NFC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<PersonName, AppError> {
        required(raw, 100, "Name is required", "Name").map(PersonName)
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// A law firm's name: 1 to 200 visible characters on one line, in NFC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirmName(String);

impl FirmName {
    pub fn parse(raw: &str) -> Result<FirmName, AppError> {
        required(raw, 200, "Law firm name is required", "Law firm name").map(FirmName)
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_nfc_trimmed_and_bounded() {
        // "é" as e + combining acute becomes the one precomposed character.
        let decomposed = PersonName::parse("  Rene\u{301}e  ").unwrap();
        assert_eq!(decomposed.into_string(), "Ren\u{e9}e");
        assert!(PersonName::parse("   ").is_err());
        assert!(PersonName::parse(&"a".repeat(101)).is_err());
        assert!(FirmName::parse(&"a".repeat(200)).is_ok());
        assert!(FirmName::parse("Firm\nName").is_err());
    }

    #[test]
    fn invisible_and_direction_characters_are_refused_with_a_message() {
        for hidden in [
            "\u{200B}",
            "\u{200C}",
            "\u{200D}",
            "\u{2060}",
            "\u{FEFF}",
            "\u{202A}",
            "\u{202E}",
            "\u{2066}",
            "\u{2069}",
            "\u{200E}",
            "\u{200F}",
            "\u{061C}",
            "\u{0007}",
            "\u{00AD}",
            "\u{E0041}",
        ] {
            let err = PersonName::parse(&format!("Ann{hidden}Doe")).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with("Name contains an invisible or text-direction character"),
                "{hidden:?}: {err}"
            );
            assert!(
                FirmName::parse(&format!("{hidden}Doe LLP")).is_err(),
                "{hidden:?}"
            );
        }
        // Letters of right-to-left scripts are fine; only the controls are refused.
        assert!(PersonName::parse("\u{5D3}\u{5E0}\u{5D4} Cohen").is_ok());
    }
}
