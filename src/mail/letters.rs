//! What each message says: a plain-text part and a simple HTML part with the same words, no remote
//! images, no tracking, links as they are. Names a person typed are escaped in the HTML part.

use super::model::{Letter, MessageKind};

/// `text` with the five HTML-special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The HTML part: paragraphs of escaped text, and the one link as a button-like anchor.
fn html(paragraphs: &[String], link: Option<(&str, &str)>, footer: &str) -> String {
    let mut body = String::from(
        "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5\">",
    );
    for p in paragraphs {
        body.push_str(&format!("<p>{}</p>", escape(p)));
    }
    if let Some((label, url)) = link {
        body.push_str(&format!(
            "<p><a href=\"{}\" style=\"display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none\">{}</a></p><p style=\"font-size:13px;color:#475569\">Or open this address: {}</p>",
            escape(url),
            escape(label),
            escape(url)
        ));
    }
    body.push_str(&format!(
        "<p style=\"font-size:13px;color:#475569\">{}</p></body></html>",
        escape(footer)
    ));
    body
}

fn text(paragraphs: &[String], link: Option<(&str, &str)>, footer: &str) -> String {
    let mut out = paragraphs.join("\n\n");
    if let Some((label, url)) = link {
        out.push_str(&format!("\n\n{label}:\n{url}"));
    }
    out.push_str(&format!("\n\n--\n{footer}\n"));
    out
}

fn letter(
    kind: MessageKind,
    firm_id: Option<u64>,
    to: &str,
    subject: String,
    paragraphs: Vec<String>,
    link: Option<(&str, &str)>,
    footer: &str,
) -> Letter {
    Letter {
        kind,
        firm_id,
        to: to.to_string(),
        subject,
        text: text(&paragraphs, link, footer),
        html: html(&paragraphs, link, footer),
    }
}

/// "an owner", "a member": a firm role's code in a sentence.
fn with_article(role: &str) -> String {
    let article = if role.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {role}")
}

const SENT_BY: &str = "Sent by Litstack, the legal-technology picker your firm runs.";

pub fn invitation(
    firm_id: u64,
    to: &str,
    firm: &str,
    inviter: &str,
    role: &str,
    link: &str,
    days: i64,
) -> Letter {
    letter(
        MessageKind::Invitation,
        Some(firm_id),
        to,
        format!("{inviter} invited you to {firm} on Litstack"),
        vec![
            format!(
                "{inviter} invited you to join {firm} on Litstack as {}.",
                with_article(role)
            ),
            format!(
                "The link works once and for {days} days. If you did not expect this invitation, you can ignore this message."
            ),
        ],
        Some(("Join your firm", link)),
        SENT_BY,
    )
}

pub fn password_reset(firm_id: u64, to: &str, name: &str, link: &str, minutes: i64) -> Letter {
    letter(
        MessageKind::PasswordReset,
        Some(firm_id),
        to,
        "Reset your Litstack password".to_string(),
        vec![
            format!("Hello {name},"),
            format!(
                "Someone asked to reset the password of your Litstack account. The link below works once, for {minutes} minutes; using it signs you out everywhere."
            ),
            "If you did not ask for it, ignore this message: your password stays as it is."
                .to_string(),
        ],
        Some(("Set a new password", link)),
        SENT_BY,
    )
}

pub fn role_changed(
    firm_id: u64,
    to: &str,
    name: &str,
    firm: &str,
    role: &str,
    by: &str,
) -> Letter {
    letter(
        MessageKind::RoleChanged,
        Some(firm_id),
        to,
        format!("Your role in {firm} is now {role}"),
        vec![
            format!("Hello {name},"),
            format!(
                "{by} changed your role in {firm} on Litstack: you are now {}.",
                with_article(role)
            ),
            "If this looks wrong, ask your firm's owner.".to_string(),
        ],
        None,
        SENT_BY,
    )
}

const VENDOR_FOOTER: &str = "Sent by Litstack, where law firms choose their legal technology, about your company's listing.";

/// A link that makes a vendor account for `vendor`'s listing: an operator's invitation
/// (`inviter`) or the proof of an address that claims it.
pub fn vendor_access(
    to: &str,
    vendor: &str,
    inviter: Option<&str>,
    link: &str,
    days: i64,
) -> Letter {
    let (subject, first) = match inviter {
        Some(inviter) => (
            format!("{inviter} invited you to keep {vendor}'s listing on Litstack"),
            format!(
                "{inviter} invited you to keep {vendor}'s listing on Litstack: you can propose changes to its booking link, pricing, integrations, security facts and description."
            ),
        ),
        None => (
            format!("Confirm your address to keep {vendor}'s listing on Litstack"),
            format!(
                "Someone asked, with this address, to keep {vendor}'s listing on Litstack. Open the link to confirm it is you and choose a password."
            ),
        ),
    };
    letter(
        MessageKind::VendorAccess,
        None,
        to,
        subject,
        vec![
            first,
            format!(
                "The link works once and for {days} days. If you did not expect this message, you can ignore it."
            ),
        ],
        Some(("Set up your vendor account", link)),
        VENDOR_FOOTER,
    )
}

/// The operator's decision on a vendor's proposal.
pub fn vendor_review(
    to: &str,
    name: &str,
    vendor: &str,
    title: &str,
    body: &str,
    link: &str,
) -> Letter {
    letter(
        MessageKind::VendorReview,
        None,
        to,
        title.to_string(),
        vec![format!("Hello {name},"), body.to_string()],
        Some((&format!("See {vendor}'s listing"), link)),
        VENDOR_FOOTER,
    )
}

/// A vendor's person is told of a demo request (or its withdrawal): "Hello name," then what the
/// bell on /vendor says, with the link to the vendor's requests.
pub fn vendor_demo_request(to: &str, name: &str, title: &str, body: &str, link: &str) -> Letter {
    letter(
        MessageKind::DemoRequest,
        None,
        to,
        title.to_string(),
        vec![format!("Hello {name},"), body.to_string()],
        Some(("See the demo requests", link)),
        VENDOR_FOOTER,
    )
}

/// A notification by mail: "Hello name," then what the bell says, and its link.
pub fn notice(
    kind: MessageKind,
    firm_id: u64,
    to: &str,
    name: &str,
    title: &str,
    body: &str,
    link: Option<(&str, &str)>,
) -> Letter {
    letter(
        kind,
        Some(firm_id),
        to,
        title.to_string(),
        vec![format!("Hello {name},"), body.to_string()],
        link,
        NOTICE_FOOTER,
    )
}

/// The footer of a notification: where a person chooses what they get.
const NOTICE_FOOTER: &str = "Sent by Litstack, the legal-technology picker your firm runs. Choose which messages you get under Notifications on your profile.";

pub fn test(to: &str, operator: &str) -> Letter {
    letter(
        MessageKind::Test,
        None,
        to,
        "Litstack test message".to_string(),
        vec![format!(
            "{operator} sent this test message from Litstack's mail settings. Mail from Litstack reaches this address."
        )],
        None,
        SENT_BY,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_in_the_html_part_only() {
        let l = invitation(
            1,
            "a@b.example",
            "Smith & <Co>",
            "Ann \"A\"",
            "member",
            "https://x.example/join#t",
            7,
        );
        assert!(l.html.contains("Smith &amp; &lt;Co&gt;"));
        assert!(!l.html.contains("<Co>"));
        assert!(l.text.contains("Smith & <Co>"));
        assert!(l.text.contains("https://x.example/join#t"));
        assert!(!l.html.contains("<img"), "no remote images");
    }
}
