//! Where each fact about a vendor comes from, and the security profile.
//!
//! A vendor row (`Vendor`) holds the facts firms read first: website, description, highlights,
//! integrations, price bracket, logo. `VendorFacts` says, fact by fact, where each came from (a
//! public page checked on a day, the install's administrator, or Litstack's estimate), and holds
//! the facts the row has no column for: a stated price and pricing model, and the security
//! profile. A fact nobody stated is absent and shown as "Not stated"; it is never guessed.
//! The booking link's provenance stays in `BookingSource`, which predates this.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::model::{BookingSource, Vendor};

/// Where a fact came from, as stored.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum Provenance {
    /// Read on a public page on a day (YYYY-MM-DD).
    Page { url: String, checked_on: String },
    /// Entered by the install's administrator: in a vendor file (`file`) or on Manage Vendors.
    /// `user_id` is `None` for the command line.
    Administrator {
        user_id: Option<u64>,
        file: Option<String>,
        on: String,
    },
    /// Litstack's own estimate or summary, not checked against a page.
    Estimate,
    /// Entered by the administrator of the install that published the signed catalog `feed`
    /// this install applies (`catalog_feed`); the feed names no person.
    Publisher { feed: String, on: String },
    /// Supplied by the vendor itself through a vendor account (`vendor_accounts`) and approved by
    /// the operator `approved_by`: `vendor` is the listing's name then. Both ids are `None` when
    /// the fact came through a signed catalog, which names no person.
    Vendor {
        vendor: String,
        account_id: Option<u64>,
        approved_by: Option<u64>,
        on: String,
    },
    /// As `Vendor`, for an attestation (SOC 2, ISO 27001, a BAA offered): with the evidence the
    /// operator saw before approving it. Last, since a stored value names its variant by place.
    VendorAttested {
        vendor: String,
        account_id: Option<u64>,
        approved_by: Option<u64>,
        on: String,
        evidence: Evidence,
    },
}

/// What the operator saw before approving a vendor's attestation, and on which day.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Evidence {
    pub seen: EvidenceSeen,
    /// YYYY-MM-DD.
    pub seen_on: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum EvidenceSeen {
    /// A page on the vendor's own site (its trust or legal page).
    Page { url: String },
    /// The vendor's statement, with the operator's note that the report was seen (no document is
    /// kept). Never shown to firms.
    Note { note: String },
}

impl Provenance {
    /// The administrator, today: what an import or an edit credits the facts it changes to.
    pub fn administrator_today(user_id: Option<u64>, file: Option<&str>) -> Provenance {
        Provenance::Administrator {
            user_id,
            file: file.map(str::to_string),
            on: crate::platform::clock::today()
                .format("%Y-%m-%d")
                .to_string(),
        }
    }
}

/// A fact of the vendor row whose value lives in `Vendor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RowFact {
    Website,
    Description,
    Highlights,
    Integrations,
    Price,
    Logo,
    /// Its provenance here overrides the `BookingSource` (which says where an imported link was
    /// checked): an edit's, or Litstack's own for a shipped link no page we read confirms.
    BookingLink,
}

impl RowFact {
    pub const ALL: [RowFact; 7] = [
        RowFact::Website,
        RowFact::Description,
        RowFact::Highlights,
        RowFact::Integrations,
        RowFact::Price,
        RowFact::Logo,
        RowFact::BookingLink,
    ];

    /// Whether the vendor states this fact at all (an empty list or no bracket is "Not stated").
    fn present(self, v: &Vendor) -> bool {
        match self {
            RowFact::Website => v.website_url.is_some(),
            RowFact::Description => !v.description.is_empty(),
            RowFact::Highlights => !v.short_highlights.is_empty(),
            RowFact::Integrations => !v.integrations.is_empty(),
            RowFact::Price => v.price_bracket.is_some(),
            RowFact::Logo => v.logo_url.is_some(),
            RowFact::BookingLink => v.booking_url.is_some(),
        }
    }

    fn same(self, a: &Vendor, b: &Vendor) -> bool {
        match self {
            RowFact::Website => a.website_url == b.website_url,
            RowFact::Description => a.description == b.description,
            RowFact::Highlights => a.short_highlights == b.short_highlights,
            RowFact::Integrations => a.integrations == b.integrations,
            RowFact::Price => a.price_bracket == b.price_bracket,
            RowFact::Logo => a.logo_url == b.logo_url,
            RowFact::BookingLink => a.booking_url == b.booking_url,
        }
    }

    /// The name the data file and the API use.
    pub fn name(self) -> &'static str {
        match self {
            RowFact::Website => "website",
            RowFact::Description => "description",
            RowFact::Highlights => "highlights",
            RowFact::Integrations => "integrations",
            RowFact::Price => "price",
            RowFact::Logo => "logo",
            RowFact::BookingLink => "bookingLink",
        }
    }
}

/// A fact and where it came from.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Stated<T> {
    pub value: T,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub enum Soc2Type {
    #[serde(rename = "Type I")]
    TypeI,
    #[serde(rename = "Type II")]
    TypeII,
}

/// A SOC 2 report: its type, and the end of the period it covers when the vendor says.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Soc2 {
    pub report: Soc2Type,
    /// YYYY-MM-DD.
    pub period_end: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub enum SsoProtocol {
    #[serde(rename = "SAML")]
    Saml,
    #[serde(rename = "OIDC")]
    Oidc,
}

/// Single sign-on: offered or not, by which protocols (empty when the vendor does not say), on
/// which plan.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sso {
    pub offered: bool,
    pub protocols: Vec<SsoProtocol>,
    pub plan: Option<String>,
}

/// What a vendor states about how it keeps a firm's data. Every field is absent until a source
/// states it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Security {
    pub soc2: Option<Stated<Soc2>>,
    pub iso27001: Option<Stated<bool>>,
    /// Signs a HIPAA business associate agreement.
    pub hipaa_baa: Option<Stated<bool>>,
    pub sso: Option<Stated<Sso>>,
    pub mfa: Option<Stated<bool>>,
    pub data_location: Option<Stated<String>>,
    /// Trains AI models on customer data.
    pub ai_training: Option<Stated<bool>>,
    /// A firm can export all its data when it leaves.
    pub data_export: Option<Stated<bool>>,
    pub trust_page: Option<Stated<String>>,
}

/// Everything the catalog knows of a vendor's facts beyond the row, and where each came from.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct VendorFacts {
    /// Where each stated fact of the vendor row came from; a stated fact without an entry is
    /// Litstack's estimate.
    pub row: BTreeMap<RowFact, Provenance>,
    /// A price as the vendor states it ("From $39 per user per month").
    pub stated_price: Option<Stated<String>>,
    /// How the vendor charges ("Per user per month", "Per case").
    pub pricing_model: Option<Stated<String>>,
    pub security: Security,
}

impl VendorFacts {
    /// Credits each row fact that `new` states differently from `old` (every stated fact of a
    /// new vendor) to `by`; a fact no longer stated loses its entry. Unchanged facts keep theirs,
    /// so re-sending a file does not re-date or re-credit anything. A booking link changed in a
    /// vendor file loses its entry instead: the file's `BookingSource` says where it comes from.
    pub fn note_row_changes(&mut self, old: Option<&Vendor>, new: &Vendor, by: &Provenance) {
        for fact in RowFact::ALL {
            if !fact.present(new) {
                self.row.remove(&fact);
            } else if old.is_none_or(|old| !fact.same(old, new)) {
                let from_file = matches!(by, Provenance::Administrator { file: Some(_), .. });
                if *by == Provenance::Estimate || (fact == RowFact::BookingLink && from_file) {
                    self.row.remove(&fact);
                } else {
                    self.row.insert(fact, by.clone());
                }
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == VendorFacts::default()
    }
}

// ---- What firms are shown ----

/// Where a fact came from, as firms see it: the page and the day it was read, the install's
/// administrator and the day, or Litstack's estimate. No person is named.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ProvenanceView {
    /// Read on a public page.
    #[serde(rename_all = "camelCase")]
    Page {
        url: String,
        /// YYYY-MM-DD.
        checked_on: String,
    },
    /// Entered by the install's administrator.
    Administrator {
        /// YYYY-MM-DD.
        on: String,
    },
    /// Litstack's estimate, not checked against a page.
    Estimate,
    /// Entered by the administrator of the signed catalog this install applies.
    Publisher {
        /// The catalog's name.
        feed: String,
        /// YYYY-MM-DD.
        on: String,
    },
    /// Supplied by the vendor and approved by the install's operator.
    Vendor {
        /// The vendor's name.
        vendor: String,
        /// YYYY-MM-DD.
        on: String,
        /// For an attestation (SOC 2, ISO 27001, a BAA offered): the evidence the operator saw.
        #[serde(skip_serializing_if = "Option::is_none")]
        evidence: Option<AttestationEvidence>,
    },
}

/// The evidence the operator saw for an attestation, as firms see it: the day, and the vendor's
/// page when it was one (the operator's own note is never shown).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttestationEvidence {
    /// YYYY-MM-DD.
    pub seen_on: String,
    /// The vendor's own trust or legal page, when that was the evidence.
    pub url: Option<String>,
}

impl From<&Provenance> for ProvenanceView {
    fn from(p: &Provenance) -> Self {
        match p {
            Provenance::Page { url, checked_on } => ProvenanceView::Page {
                url: url.clone(),
                checked_on: checked_on.clone(),
            },
            Provenance::Administrator { on, .. } => {
                ProvenanceView::Administrator { on: on.clone() }
            }
            Provenance::Estimate => ProvenanceView::Estimate,
            Provenance::Publisher { feed, on } => ProvenanceView::Publisher {
                feed: feed.clone(),
                on: on.clone(),
            },
            Provenance::Vendor { vendor, on, .. } => ProvenanceView::Vendor {
                vendor: vendor.clone(),
                on: on.clone(),
                evidence: None,
            },
            Provenance::VendorAttested {
                vendor,
                on,
                evidence,
                ..
            } => ProvenanceView::Vendor {
                vendor: vendor.clone(),
                on: on.clone(),
                evidence: Some(AttestationEvidence {
                    seen_on: evidence.seen_on.clone(),
                    url: match &evidence.seen {
                        EvidenceSeen::Page { url } => Some(url.clone()),
                        EvidenceSeen::Note { .. } => None,
                    },
                }),
            },
        }
    }
}

impl From<&BookingSource> for ProvenanceView {
    fn from(b: &BookingSource) -> Self {
        match b {
            BookingSource::Checked {
                source_url,
                verified_on,
            } => ProvenanceView::Page {
                url: source_url.clone(),
                checked_on: verified_on.clone(),
            },
            BookingSource::Imported(by) => ProvenanceView::Administrator { on: by.on.clone() },
        }
    }
}

macro_rules! stated_view {
    ($name:ident, $t:ty) => {
        /// A stated fact and where it came from.
        #[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
        pub struct $name {
            pub value: $t,
            pub provenance: ProvenanceView,
        }

        impl From<&Stated<$t>> for $name {
            fn from(s: &Stated<$t>) -> Self {
                $name {
                    value: s.value.clone(),
                    provenance: (&s.provenance).into(),
                }
            }
        }
    };
}

stated_view!(StatedText, String);
stated_view!(StatedFlag, bool);
stated_view!(StatedSoc2, Soc2);
stated_view!(StatedSso, Sso);

/// The security profile as firms see it; an absent field is "Not stated".
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecurityView {
    pub soc2: Option<StatedSoc2>,
    pub iso27001: Option<StatedFlag>,
    /// Signs a HIPAA business associate agreement.
    pub hipaa_baa: Option<StatedFlag>,
    pub sso: Option<StatedSso>,
    pub mfa: Option<StatedFlag>,
    pub data_location: Option<StatedText>,
    /// Whether customer data trains AI models.
    pub ai_training: Option<StatedFlag>,
    /// Whether a firm can export all its data when it leaves.
    pub data_export: Option<StatedFlag>,
    pub trust_page: Option<StatedText>,
}

impl From<&Security> for SecurityView {
    fn from(s: &Security) -> Self {
        SecurityView {
            soc2: s.soc2.as_ref().map(Into::into),
            iso27001: s.iso27001.as_ref().map(Into::into),
            hipaa_baa: s.hipaa_baa.as_ref().map(Into::into),
            sso: s.sso.as_ref().map(Into::into),
            mfa: s.mfa.as_ref().map(Into::into),
            data_location: s.data_location.as_ref().map(Into::into),
            ai_training: s.ai_training.as_ref().map(Into::into),
            data_export: s.data_export.as_ref().map(Into::into),
            trust_page: s.trust_page.as_ref().map(Into::into),
        }
    }
}

/// Where each of a vendor's facts came from, as firms see it. A fact the vendor does not state
/// (no booking link, no integrations listed) has no entry.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorFactsView {
    pub website: Option<ProvenanceView>,
    pub booking_link: Option<ProvenanceView>,
    pub description: Option<ProvenanceView>,
    pub highlights: Option<ProvenanceView>,
    pub integrations: Option<ProvenanceView>,
    /// Where the price bracket came from; an estimate unless a page or the administrator says.
    pub price: Option<ProvenanceView>,
    pub logo: Option<ProvenanceView>,
    /// A price as the vendor states it.
    pub stated_price: Option<StatedText>,
    /// How the vendor charges.
    pub pricing_model: Option<StatedText>,
    pub security: SecurityView,
}

/// The facts view of `vendor`, from its stored facts (`None`: a vendor stored before facts had
/// provenance, whose every row fact is then shown as Litstack's estimate) and booking source.
pub fn view(
    vendor: &Vendor,
    facts: Option<&VendorFacts>,
    booking: Option<&BookingSource>,
) -> VendorFactsView {
    let row = |fact: RowFact| -> Option<ProvenanceView> {
        fact.present(vendor).then(|| {
            facts
                .and_then(|f| f.row.get(&fact))
                .map_or(ProvenanceView::Estimate, Into::into)
        })
    };
    VendorFactsView {
        website: row(RowFact::Website),
        booking_link: vendor.booking_url.as_ref().map(|_| {
            match facts.and_then(|f| f.row.get(&RowFact::BookingLink)) {
                Some(own) => own.into(),
                None => booking.map_or(ProvenanceView::Estimate, Into::into),
            }
        }),
        description: row(RowFact::Description),
        highlights: row(RowFact::Highlights),
        integrations: row(RowFact::Integrations),
        price: row(RowFact::Price),
        logo: row(RowFact::Logo),
        stated_price: facts.and_then(|f| f.stated_price.as_ref()).map(Into::into),
        pricing_model: facts.and_then(|f| f.pricing_model.as_ref()).map(Into::into),
        security: facts.map(|f| (&f.security).into()).unwrap_or_default(),
    }
}

/// The security facts Browse filters by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
pub enum SecurityFilter {
    /// Signs a HIPAA business associate agreement.
    #[serde(rename = "baa")]
    Baa,
    /// Has a SOC 2 Type II report.
    #[serde(rename = "soc2")]
    Soc2TypeII,
    /// Offers single sign-on.
    #[serde(rename = "sso")]
    Sso,
}

impl SecurityFilter {
    pub fn parse(code: &str) -> Option<SecurityFilter> {
        match code {
            "baa" => Some(SecurityFilter::Baa),
            "soc2" => Some(SecurityFilter::Soc2TypeII),
            "sso" => Some(SecurityFilter::Sso),
            _ => None,
        }
    }

    /// Whether a vendor's stated facts meet this; an unstated fact never does.
    pub fn met_by(self, facts: Option<&VendorFacts>) -> bool {
        let Some(s) = facts.map(|f| &f.security) else {
            return false;
        };
        match self {
            SecurityFilter::Baa => s.hipaa_baa.as_ref().is_some_and(|f| f.value),
            SecurityFilter::Soc2TypeII => s
                .soc2
                .as_ref()
                .is_some_and(|f| f.value.report == Soc2Type::TypeII),
            SecurityFilter::Sso => s.sso.as_ref().is_some_and(|f| f.value.offered),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::firm_size::FirmSize;

    fn vendor() -> Vendor {
        Vendor {
            id: 1,
            name: "Acme".into(),
            category_id: 1,
            website_url: Some("https://acme.example.com".into()),
            booking_url: None,
            logo_url: None,
            description: "Does things.".into(),
            short_highlights: vec!["Fast".into()],
            integrations: vec![],
            price_bracket: Some(2),
            firm_sizes_supported: vec![FirmSize::Solo],
            practice_areas_supported: vec![],
            geo_focus: None,
            tags: vec![],
            is_recommended_partner: false,
            partner_level: None,
            is_active: true,
            needs_review: false,
        }
    }

    fn admin() -> Provenance {
        Provenance::Administrator {
            user_id: Some(7),
            file: Some("vendors.csv".into()),
            on: "2026-11-25".into(),
        }
    }

    #[test]
    fn only_changed_facts_are_credited_to_whoever_changed_them() {
        let page = Provenance::Page {
            url: "https://acme.example.com/about".into(),
            checked_on: "2026-11-20".into(),
        };
        let old = vendor();
        let mut facts = VendorFacts::default();
        facts.row.insert(RowFact::Description, page.clone());
        facts.row.insert(RowFact::Price, page.clone());
        let mut new = old.clone();
        new.price_bracket = Some(3);
        new.integrations = vec!["Clio".into()];
        facts.note_row_changes(Some(&old), &new, &admin());
        assert_eq!(facts.row[&RowFact::Description], page);
        assert_eq!(facts.row[&RowFact::Price], admin());
        assert_eq!(facts.row[&RowFact::Integrations], admin());
        // A fact no longer stated has no provenance.
        let mut gone = new.clone();
        gone.integrations.clear();
        facts.note_row_changes(Some(&new), &gone, &admin());
        assert!(!facts.row.contains_key(&RowFact::Integrations));
    }

    #[test]
    fn a_fact_with_no_provenance_is_shown_as_an_estimate_and_an_absent_one_not_at_all() {
        let v = vendor();
        let shown = view(&v, None, None);
        assert!(matches!(shown.price, Some(ProvenanceView::Estimate)));
        assert!(shown.integrations.is_none());
        assert!(shown.booking_link.is_none());
        assert!(shown.security.hipaa_baa.is_none());
    }

    /// Facts stored before attestations carried their evidence still decode: the new variant
    /// comes last, and a stored value names its variant by place (bincode in the redb file).
    #[test]
    fn a_vendors_fact_stored_before_evidence_still_decodes() {
        // `Stated { value: true, provenance: Vendor { "Acme", Some(3), Some(1), "2026-11-20" } }`
        // as an earlier Litstack wrote it.
        let old: &[u8] = &[
            1, 4, 4, b'A', b'c', b'm', b'e', 1, 3, 1, 1, 10, b'2', b'0', b'2', b'6', b'-', b'1',
            b'1', b'-', b'2', b'0',
        ];
        let stated: Stated<bool> = crate::platform::store::codec::decode(old).unwrap();
        assert_eq!(
            stated.provenance,
            Provenance::Vendor {
                vendor: "Acme".into(),
                account_id: Some(3),
                approved_by: Some(1),
                on: "2026-11-20".into(),
            }
        );
        assert_eq!(crate::platform::store::codec::encode(&stated), old);
        let attested = Stated {
            value: true,
            provenance: Provenance::VendorAttested {
                vendor: "Acme".into(),
                account_id: Some(3),
                approved_by: Some(1),
                on: "2026-11-20".into(),
                evidence: Evidence {
                    seen: EvidenceSeen::Note {
                        note: "Seen on a call".into(),
                    },
                    seen_on: "2026-11-20".into(),
                },
            },
        };
        let bytes = crate::platform::store::codec::encode(&attested);
        let back: Stated<bool> = crate::platform::store::codec::decode(&bytes).unwrap();
        assert_eq!(back, attested);
        let shown = serde_json::to_value(ProvenanceView::from(&attested.provenance)).unwrap();
        assert_eq!(
            shown,
            serde_json::json!({
                "kind": "vendor", "vendor": "Acme", "on": "2026-11-20",
                "evidence": { "seenOn": "2026-11-20", "url": null }
            })
        );
    }

    #[test]
    fn security_filters_need_a_stated_yes() {
        let mut facts = VendorFacts::default();
        assert!(!SecurityFilter::Baa.met_by(Some(&facts)));
        assert!(!SecurityFilter::Baa.met_by(None));
        facts.security.hipaa_baa = Some(Stated {
            value: false,
            provenance: Provenance::Estimate,
        });
        assert!(!SecurityFilter::Baa.met_by(Some(&facts)));
        facts.security.hipaa_baa = Some(Stated {
            value: true,
            provenance: admin(),
        });
        assert!(SecurityFilter::Baa.met_by(Some(&facts)));
        facts.security.soc2 = Some(Stated {
            value: Soc2 {
                report: Soc2Type::TypeI,
                period_end: None,
            },
            provenance: admin(),
        });
        assert!(!SecurityFilter::Soc2TypeII.met_by(Some(&facts)));
    }
}
