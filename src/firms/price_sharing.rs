//! GET|PUT /api/firm/price-sharing: "Share what we pay with other firms" (see
//! `accounts::price_sharing`). Any member reads the firm's choice; owners and admins make it.

use axum::extract::State;

use crate::accounts::AccountsState;
use crate::accounts::audit::{self, AuditAction};
use crate::accounts::price_sharing::{self, Consent};
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::clock::rfc3339;
use crate::platform::error::{ErrorBody, Result, forbidden};
use crate::platform::extract::Json;

pub const MANAGERS_ONLY: &str =
    "Only an owner or an admin of your firm can choose whether it shares what it pays.";

#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriceSharingBody {
    /// Whether the firm shares the annual cost per seat of its contracts with other firms.
    pub share: bool,
}

/// The firm's choice: whether it shares, and who last chose when (both null while nobody ever
/// chose: not shared, the default).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceSharing {
    pub share: bool,
    /// When the current choice was made (RFC 3339).
    pub since: Option<String>,
    /// Who made it, by their name then.
    pub by: Option<String>,
}

impl PriceSharing {
    fn of(consent: Option<Consent>) -> PriceSharing {
        PriceSharing {
            share: price_sharing::shares(consent.as_ref()),
            since: consent.as_ref().map(|c| rfc3339(c.at)),
            by: consent.map(|c| c.by_name),
        }
    }
}

/// GET /api/firm/price-sharing: whether the caller's firm shares what it pays with other firms.
#[utoipa::path(get, path = "/firm/price-sharing", tag = "firm",
    responses(
        (status = 200, body = PriceSharing),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn get_price_sharing(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<PriceSharing>> {
    let firm_id = member.firm;
    let consent = state
        .blocking(move |app| price_sharing::consent(app, firm_id))
        .await?;
    Ok(Json(PriceSharing::of(consent)))
}

/// PUT /api/firm/price-sharing: gives (`share: true`) or withdraws the firm's consent to share the
/// annual cost per seat of its contracts with other firms (owners and admins). Consent counts from
/// the next month's "What firms pay" figures (drawn once a month); a withdrawal hides at once every
/// vendor's figures the firm was counted in, until the next month's figures leave it out.
#[utoipa::path(put, path = "/firm/price-sharing", tag = "firm",
    request_body = PriceSharingBody,
    responses(
        (status = 200, description = "Saved; the choice as `GET` answers it", body = PriceSharing),
        (status = 400, description = "Invalid input", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::MemberOrViewerOrForeignOrigin,
        (status = 409, description = "The firm was merged into another", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn put_price_sharing(
    State(state): State<AccountsState>,
    member: FirmMember,
    Json(body): Json<PriceSharingBody>,
) -> Result<Json<PriceSharing>> {
    let user = member.user;
    if !user.firm_role.manages_firm() {
        return Err(forbidden(MANAGERS_ONLY));
    }
    let consent = state
        .blocking(move |app| {
            let before = price_sharing::consent(app, user.firm.id)?;
            if let Some(same) = before.filter(|c| c.share == body.share) {
                // Nothing changes: the consent keeps its who and when.
                return Ok(same);
            }
            let consent = price_sharing::set(app, &user, body.share)?;
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::PriceSharingChanged,
                match body.share {
                    true => format!(
                        "{} agreed to share what the firm pays (annual cost per seat) with other \
                         firms",
                        user.name
                    ),
                    false => format!(
                        "{} withdrew the firm's consent to share what it pays",
                        user.name
                    ),
                },
            );
            tracing::info!(target: "security", user_id = user.id, firm_id = user.firm.id.get(),
                share = body.share, "the firm's price-sharing consent changed");
            Ok(consent)
        })
        .await?;
    Ok(Json(PriceSharing::of(Some(consent))))
}
