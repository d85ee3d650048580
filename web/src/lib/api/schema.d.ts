/**
 * The API's types, generated from openapi.json beside this file by openapi-typescript.
 * Do not edit: run `npm run api:types` in web/ (or `npm run api:update` after a server change).
 * openapi.json sha256: 8eb17fbe35bc1ba08b6c78fe182130256b5ce4367784f3813dd98c4918f02511
 */

export interface paths {
    "/api/admin/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/backup: a backup file made through one read transaction while the server runs.
         *     It holds every secret of the install, so it is asked for as a firm's archive is: an operator
         *     with a second factor gives a current code (wrong ones counted per account), and an audit entry
         *     in the operator's firm records each download.
         */
        post: operations["download_backup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/catalog-feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/catalog-feed: the feed this install follows. */
        get: operations["feed_status"];
        /** PUT /api/admin/catalog-feed: sets where the feed comes from and the schedule. */
        put: operations["set_feed_source"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/catalog-feed/choices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/admin/catalog-feed/choices: keeps the feed's value of a fact, or this install's. */
        post: operations["choose_feed_value"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/catalog-feed/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/admin/catalog-feed/pull: fetches the feed from its source and applies it. */
        post: operations["pull_feed_now"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/demo-bookings/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/demo-bookings/import (admins): imports a vendor or demo-booking CSV file in one
         *     transaction; invalid rows are listed and skipped.
         */
        post: operations["import_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/demo-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/admin/demo-requests: per vendor, how many requests were sent and where they stand,
         *     and how many firms asked a vendor without an account to join; counts, not contents.
         */
        get: operations["demo_request_counts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/firms: every firm, with how many members it has. */
        get: operations["list_firms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firms/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/firms/import: the operator loads a firm's archive (the zip as the body) as a
         *     new firm of this install. Refused with what to do when the archive is damaged, newer than this
         *     install, names a vendor this catalog lacks, or holds an email with an account here.
         */
        post: operations["import_route"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firms/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/firms/merge: merges firm `from` into firm `into`, keeping all data of both;
         *     answers the kept firm with its new member count.
         */
        post: operations["merge_firms_route"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firms/sso-domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/firms/sso-domains: every firm's claims to email domains, for the operator. */
        get: operations["list_sso_domains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firms/{firmId}/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/firms/{firmId}/deletion: the operator schedules a firm's deletion, after the
         *     install's grace period (never a firm the operator belongs to).
         */
        post: operations["operator_schedule_deletion"];
        /** DELETE /api/admin/firms/{firmId}/deletion: the operator takes a firm's scheduled deletion back. */
        delete: operations["operator_cancel_deletion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firms/{firm_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * PATCH /api/admin/firms/{firm_id}: verifies or unverifies, disables or enables a firm. A
         *     disabled firm's members are signed out at their next request.
         */
        patch: operations["operator_update_firm"];
        trace?: never;
    };
    "/api/admin/firms/{firm_id}/sso-domains/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * PUT /api/admin/firms/{firm_id}/sso-domains/{domain}: the operator confirms or refuses a
         *     firm's claim to an email domain. Only a confirmed domain takes effect.
         */
        put: operations["decide_sso_domain"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/handover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/handover: the pending offer of the operator role, if any. */
        get: operations["get_handover"];
        put?: never;
        /**
         * POST /api/admin/handover: offers the operator role to the account of `email` (any firm's),
         *     confirmed with the operator's second factor when they have one. Refused while an offer is
         *     pending: the operator withdraws it first.
         */
        post: operations["offer_handover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/handover/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/admin/handover/{offerId}: the operator withdraws the pending offer. */
        delete: operations["withdraw_handover"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/locked-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/locked-accounts: accounts locked by failed sign-ins, the longest-locked first. */
        get: operations["locked_accounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/mail: the mail settings, without the password. */
        get: operations["get_mail"];
        /** PUT /api/admin/mail: sets the mail server and the From address; mail is on from now. */
        put: operations["put_mail"];
        post?: never;
        /** DELETE /api/admin/mail: turns mail off; queued messages wait until it is on again. */
        delete: operations["delete_mail"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/mail/test: sends a test message now, outside the outbox, and shows the mail
         *     server's answer.
         */
        post: operations["test_mail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/outbox: the newest messages and where each is. */
        get: operations["outbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/admin/outbox/{id}: drops a queued or failed message; it is never sent. */
        delete: operations["drop_message"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox/{message_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/admin/outbox/{id}/retry: sends a failed message again (from the first attempt). */
        post: operations["retry_message"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sample-bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /api/admin/sample-bookings (admins): removes the generated sample bookings for good, in
         *     one transaction; the first-launch seeding never loads them again. Waits for a running import.
         */
        delete: operations["remove_sample"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/settings: the install's sign-up mode. */
        get: operations["get_settings"];
        /** PUT /api/admin/settings: sets the sign-up mode (`open` or `invite-only`). */
        put: operations["put_settings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{user_id}/reset-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/users/{user_id}/reset-link: a one-time password-reset link for any account
         *     (the operator helping a person whose firm has no one else to ask).
         */
        post: operations["operator_reset_link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{user_id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/users/{user_id}/unlock: ends every sign-in lock of the account, from any
         *     client, at once.
         */
        post: operations["unlock_account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/vendor-accounts: every vendor account, by listing. */
        get: operations["list_vendor_accounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /api/admin/vendor-accounts/{id}: removes a vendor account and ends its sessions; its
         *     proposals stay, as decided or open.
         */
        delete: operations["remove_vendor_account"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/vendor-invitations: the operator's invitations still waiting, newest first. */
        get: operations["list_vendor_invitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /api/admin/vendor-invitations/{id}: revokes an invitation not taken up yet; its link
         *     then says it no longer works.
         */
        delete: operations["revoke_vendor_invitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/admin/vendor-proposals: the proposals waiting for the operator, and the last decided. */
        get: operations["proposal_queue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-proposals/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/vendor-proposals/{id}/decision: approves every fact of a proposal not decided
         *     yet (they go live, credited to the vendor and to this operator's approval; an attestation
         *     needs its evidence) or rejects them with a reason; the proposer is told.
         */
        post: operations["decide_proposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-proposals/{id}/facts/{field}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/vendor-proposals/{id}/facts/{field}/decision: approves one fact of a proposal
         *     (it goes live at once, credited to the vendor; an attestation needs its evidence) or rejects it,
         *     with a reason the vendor sees if you give one. Once every fact is decided, so is the proposal,
         *     and the proposer is told.
         */
        post: operations["decide_fact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendors/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/admin/vendors/merge: folds a duplicate vendor into the one it duplicates. */
        post: operations["merge_vendors_route"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/admin/vendors/{id}: deletes a vendor nothing refers to. */
        delete: operations["delete_vendor_route"];
        options?: never;
        head?: never;
        /** PATCH /api/admin/vendors/{id}: changes a vendor's partner status, activity and links. */
        patch: operations["update_vendor"];
        trace?: never;
    };
    "/api/admin/vendors/{id}/vendor-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/admin/vendors/{id}/vendor-invitations: invites a person to keep the listing; the
         *     link is mailed, or answered when mail is off.
         */
        post: operations["invite_vendor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/auth/change-password: sets a new password and ends the user's other sessions. */
        post: operations["change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/auth/forgot-password (public): mails a 15-minute, single-use reset link when an
         *     account uses the email. The answer is the same, and as quick, either way (the lookup and the
         *     mail happen after it), so it never tells whether an email has an account.
         */
        post: operations["forgot_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/auth/invitation (public): the invitation a link carries, if it can still be used. */
        post: operations["look_up_invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/auth/me: the signed-in user, and whether the session may only set up a second
         *     factor (the firm or the install requires one and the account has none).
         */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/auth/mfa: whether two-step sign-in is on for the signed-in account. */
        get: operations["status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /api/auth/mfa/totp: turns two-step sign-in off; needs a current code or a recovery
         *     code.
         */
        delete: operations["disable"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/auth/mfa/totp/confirm: turns two-step sign-in on with a first code from the app;
         *     answers ten recovery codes, shown this once.
         */
        post: operations["confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/auth/mfa/totp/setup: a new pending secret (replacing a pending one), its otpauth URI
         *     and QR code. Two-step sign-in is on only once `confirm` gets a code.
         */
        post: operations["setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/auth/mfa/verify (public): finishes a sign-in that answered `mfaRequired` with a
         *     code from the app or a recovery code, and starts the session as sign-in does.
         */
        post: operations["verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/auth/reset-password (public): sets a new password with a one-time reset link; every
         *     session of the account ends, and the person signs in with the new password.
         */
        post: operations["reset_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/auth/sessions: where the signed-in person is signed in. */
        get: operations["list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/sign-out-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/auth/sessions/sign-out-others: ends every session of the signed-in person but this
         *     one ("Sign out everywhere else").
         */
        post: operations["sign_out_others"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/auth/sessions/{id}: ends one of the signed-in person's sessions. */
        delete: operations["end_one"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/auth/setup (public): whether the install has no account yet (its first sign-up runs
         *     the install) and whether that sign-up needs the console's setup token.
         */
        get: operations["setup_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/auth/sign-in (public): starts a new session (any session the browser held ends). */
        post: operations["sign_in"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/auth/sign-out: ends this session. */
        post: operations["sign_out"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/auth/sign-up (public): creates an account and signs it in. The first is the admin. */
        post: operations["sign_up"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/auth/sso/callback (public): where the provider sends the browser back. Checks the
         *     ID token, finds or creates the account, starts a session and 302s to the app; every refusal
         *     is a 302 to `/auth/sign-in?sso=<code>`.
         */
        get: operations["sso_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/auth/sso/discover?email= (public): whether the email's domain signs in through its
         *     firm's identity provider. It tells only that a domain uses single sign-on, never whether an
         *     account exists.
         */
        get: operations["sso_discover"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/auth/sso/start?email= (public): 302 to the firm's identity provider when the email's
         *     domain is confirmed for a firm with single sign-on. The flow (state, nonce, PKCE verifier) is
         *     kept in the store for ten minutes, so any node finishes it.
         */
        get: operations["sso_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendar/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/calendar/{token}.ics: the firm's renewals calendar for a calendar app, without a
         *     session: the secret token is the key. An unknown or revoked token answers 404.
         */
        get: operations["feed_calendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/catalog/feed: the signed catalog this install publishes, as its publisher placed it. */
        get: operations["served_feed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/categories: every category, stage categories with their stage. */
        get: operations["list_categories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/compare?ids=1,2,3: 2 to 4 vendors side by side for the signed-in user's firm. */
        get: operations["get_comparison"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Settings the web app needs: the outbound link tag and whether logos may come from third parties. */
        get: operations["client_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/decisions: the firm's decisions, newest first. */
        get: operations["list_decisions"];
        put?: never;
        /** POST /api/decisions: an owner or admin proposes the firm's decision in a category. */
        post: operations["propose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/decisions/draft?categoryId=: what the proposal form starts from, composed from the
         *     category's evaluation as the caller may see it (owners and admins; 403 for others): the
         *     vendors with the highest weighted scores and reasons from the scores (highest score first,
         *     the criteria where it led). Nothing is stored.
         */
        get: operations["get_draft"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/decisions/{id}: the decision, each approver's state and the current record (the live
         *     record, as the next version when what it holds changed: shown, stored by the next write).
         */
        get: operations["get_decision"];
        /** PUT /api/decisions/{id}: an owner or admin edits an open decision (a new version). */
        put: operations["edit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/decisions/{id}/approve: an approver approves the version of `versionHash`. The last
         *     approval of the current version makes the decision final.
         */
        post: operations["approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions/{id}/object": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/decisions/{id}/object: an approver objects to the version of `versionHash`, saying
         *     why.
         */
        post: operations["object"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions/{id}/tech-stack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/decisions/{id}/tech-stack: answers "Replace <current> with <chosen> in your tech
         *     stack?" after the decision went final with another tool in the category.
         */
        post: operations["tech_stack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/decisions/{id}/versions/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/decisions/{id}/versions/{n}: a stored version of the record, as its canonical JSON
         *     (hash it to check it) or as CSV (the header, then the version and its hash, then one row per
         *     fact); for a caller who may not see some scorecards yet, without them (`scoresHidden` says so).
         */
        get: operations["get_version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo-bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/demo-bookings: bookings newest first. */
        get: operations["list_bookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo-bookings/cities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/demo-bookings/cities: a state's bookings newest first (`state` is required). */
        get: operations["state_bookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo-bookings/filter-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/demo-bookings/filter-options: the metro areas, states and firm sizes in the data. */
        get: operations["filter_options"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/demo-requests: the firm's demo requests (every role reads them). */
        get: operations["list_demo_requests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo-requests/{id}/booked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/demo-requests/{id}/booked: the member who asked marks the demo booked (once the
         *     vendor answered); the shortlist entry becomes Demo booked when it was Considering.
         */
        post: operations["book_demo_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo-requests/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/demo-requests/{id}/withdraw: the firm withdraws its request; the vendor's people are
         *     told under their bell, and no longer see what it shared.
         */
        post: operations["withdraw_demo_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/evaluations/{categoryId}: the evaluation as the caller may see it. */
        get: operations["get_evaluation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/evaluations/{categoryId}/close: an owner or admin closes the latest round without
         *     proposing a decision. Nothing of it changes again; scoring again is a new round.
         */
        post: operations["close_round"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/criteria": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/evaluations/{categoryId}/criteria. */
        get: operations["get_criteria"];
        /** PUT /api/evaluations/{categoryId}/criteria: saves the criteria of the latest round. */
        put: operations["put_criteria"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/re-evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/evaluations/{categoryId}/re-evaluate: starts the next round. */
        post: operations["re_evaluate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/references": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/evaluations/{categoryId}/references: records a reference call for a vendor. */
        post: operations["post_reference"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/references/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/evaluations/{categoryId}/references/{id}: by its author, or an owner or admin. */
        delete: operations["delete_reference"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/scorecards/{vendorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/evaluations/{categoryId}/scorecards/{vendorId}: the caller's own scorecard. */
        get: operations["get_scorecard"];
        /**
         * PUT /api/evaluations/{categoryId}/scorecards/{vendorId}: saves the caller's draft (or revises
         *     their submitted scorecard, which must stay complete).
         */
        put: operations["put_scorecard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evaluations/{categoryId}/scorecards/{vendorId}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/evaluations/{categoryId}/scorecards/{vendorId}/submit: submits the caller's saved
         *     scorecard; the first submission of the round locks the criteria.
         */
        post: operations["submit_scorecard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm: the signed-in person's firm. */
        get: operations["get_firm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** PATCH /api/firm: the firm's name, size and onboarding answers (owners and admins). */
        patch: operations["update_firm"];
        trace?: never;
    };
    "/api/firm/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/audit: who did what to the firm's accounts, newest first (owners and admins). */
        get: operations["firm_audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/calendar-feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/calendar-feed: whether the firm has a calendar feed. */
        get: operations["get_feed"];
        put?: never;
        /**
         * POST /api/firm/calendar-feed: makes the firm's secret calendar URL (owners and admins). A new
         *     one replaces the old, whose URL then answers 404.
         */
        post: operations["create_feed"];
        /**
         * DELETE /api/firm/calendar-feed: revokes the firm's calendar feed (owners and admins); its URL
         *     answers 404 from now on. Revoking when there is none changes nothing.
         */
        delete: operations["delete_feed"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/deletion: whether the caller's firm is scheduled for deletion, and when. */
        get: operations["get_deletion"];
        put?: never;
        /**
         * POST /api/firm/deletion: schedules the deletion of the caller's firm (owners; a current code
         *     where the owner has a second factor), after the install's grace period; an owner can take it
         *     back until then. Scheduling again keeps the first schedule.
         */
        post: operations["schedule_deletion"];
        /** DELETE /api/firm/deletion: takes the scheduled deletion of the caller's firm back (owners). */
        delete: operations["cancel_deletion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/firm/export: the firm's archive, everything it holds on this install (owners; an
         *     owner with a second factor gives a current code). An audit entry records who took it.
         */
        post: operations["export_firm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/invitations: the firm's pending invitations (owners and admins). */
        get: operations["list_invitations"];
        put?: never;
        /** POST /api/firm/invitations: invites a person by email with a role (owners and admins). */
        post: operations["create_invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/invitations/{invitation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/firm/invitations/{id}: withdraws an invitation; its link stops working. */
        delete: operations["revoke_invitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/members: everyone in the firm, with their role. */
        get: operations["list_members"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /api/firm/members/{user_id}: removes a member; their sessions end at once. What they
         *     wrote for the firm stays the firm's.
         */
        delete: operations["remove_member"];
        options?: never;
        head?: never;
        /** PATCH /api/firm/members/{user_id}: changes a member's role. */
        patch: operations["change_role"];
        trace?: never;
    };
    "/api/firm/members/{user_id}/reset-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/firm/members/{user_id}/reset-link: a one-time password-reset link for a member
         *     (owners and admins; 15 minutes; the member's sessions end when it is used).
         */
        post: operations["member_reset_link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/mfa-required": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * PUT /api/firm/mfa-required: requires (or stops requiring) a second factor of every member
         *     (owners only). Members without one set it up at their next request before anything else. An
         *     owner without a factor must set one up first.
         */
        put: operations["put_mfa_required"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/price-sharing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/price-sharing: whether the caller's firm shares what it pays with other firms. */
        get: operations["get_price_sharing"];
        /**
         * PUT /api/firm/price-sharing: gives (`share: true`) or withdraws the firm's consent to share the
         *     annual cost per seat of its contracts with other firms (owners and admins). Consent counts from
         *     the next month's "What firms pay" figures (drawn once a month); a withdrawal hides at once every
         *     vendor's figures the firm was counted in, until the next month's figures leave it out.
         */
        put: operations["put_price_sharing"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firm/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/firm/sso: the firm's single sign-on (owners only; the client secret is never shown). */
        get: operations["get_sso_settings"];
        /**
         * PUT /api/firm/sso: sets the firm's identity provider, its domains (each pending until the
         *     operator confirms it), the default role of people created at their first sign-in, and
         *     "Require SSO". The issuer's discovery document is fetched and must name the same issuer.
         */
        put: operations["put_sso_settings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logos/{vendor}/{sha256}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/logos/{vendor}/{sha256}: a logo Litstack copied. Public, like the catalog's names: a
         *     vendor's screens and the sign-in pages show logos too. The hash in the address names the
         *     bytes, so a browser keeps it for a year.
         */
        get: operations["served_logo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/me/notifications: for each kind, whether the caller gets it by email and in the app. */
        get: operations["get_prefs"];
        /**
         * PUT /api/me/notifications `{"roleChanged": {"email": false, "inApp": true}, ..}`: the kinds
         *     sent change, the others stay. A security kind's email cannot be turned off (400).
         */
        put: operations["put_prefs"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/meeting-clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's own clicks, newest first. Ids grow with time, so walking the table
         *     backwards finds the newest first and stops after `RECENT_CLICKS`; clicks are human-paced, so
         *     this scan stays small without a per-user index.
         */
        get: operations["list_clicks"];
        put?: never;
        /**
         * POST /api/meeting-clicks: records a click on a vendor's Schedule Meeting (kind BOOKING) or its
         *     Visit Website (kind WEBSITE) and answers the link to open. A click is a click: it changes no
         *     status (the shortlist asks the person whether they booked a demo).
         */
        post: operations["record_click"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/notifications: the bell. */
        get: operations["list_notices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/notifications/read: marks the caller's notices read (ids of others are ignored) and
         *     answers the bell as it is now.
         */
        post: operations["mark_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/openapi.json (public): this API's description. */
        get: operations["openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator-offer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/operator-offer: the pending offer of the operator role to the signed-in account, if
         *     any (none for everyone else).
         */
        get: operations["get_offer_to_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator-offer/{offerId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/operator-offer/{offerId}/accept: the offered account takes the operator role
         *     (with its second factor's code when it has one); the one who offered it no longer has it.
         */
        post: operations["accept_offer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator-offer/{offerId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/operator-offer/{offerId}/decline: the offered account declines; the operator keeps
         *     the role and is told.
         */
        post: operations["decline_offer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/past-recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/past-recommendations: the signed-in user's own recommendations, newest first. */
        get: operations["past_recommendations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/profile: the user's details and onboarding answers. */
        get: operations["get_profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** PATCH /api/profile: updates the user's details. */
        patch: operations["update_profile"];
        trace?: never;
    };
    "/api/profile/category-adoption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/profile/category-adoption: every category with the firm's answer, if any. */
        get: operations["get_adoption"];
        put?: never;
        /**
         * POST /api/profile/category-adoption: saves the categories sent (all or none) and answers the
         *     whole list.
         */
        post: operations["save_adoption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/profile/coverage: the firm's coverage map against other firms of its size. */
        get: operations["get_coverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/profile/onboarding: whether onboarding is completed. */
        get: operations["onboarding_status"];
        put?: never;
        /** POST /api/profile/onboarding: saves the firm's onboarding answers. */
        post: operations["save_onboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/questions/{category_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/questions/{category_id}: the category's questionnaire (empty when it has none). */
        get: operations["list_questions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/compute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/recommendations/compute: ranks a category's vendors for one of the user's responses
         *     and saves the top three as the stage's picks.
         */
        post: operations["compute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/dismissed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/recommendations/dismissed: the user's own dismissed vendors, newest first. */
        get: operations["list_dismissed"];
        put?: never;
        /**
         * POST /api/recommendations/dismissed: dismisses one of the user's picks with a reason. The
         *     vendor is not ranked for the user again until the dismissal is undone, and some reasons change
         *     how the rest of its category is ranked.
         */
        post: operations["dismiss_pick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/dismissed/{vendor_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /api/recommendations/dismissed/{vendor_id}: undoes a dismissal; the vendor can be
         *     ranked and picked again.
         */
        delete: operations["undo_dismissal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/recommendations/overview: each stage's status and number of picks, and the progress. */
        get: operations["overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/persisted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/recommendations/persisted: every category's saved picks, stages first. */
        get: operations["persisted"];
        put?: never;
        post?: never;
        /**
         * DELETE /api/recommendations/persisted: clears every stage's picks. The cleared picks are kept
         *     (until the next clear) so that `POST /api/recommendations/persisted/restore` can undo it.
         */
        delete: operations["clear_picks"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/persisted/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/recommendations/persisted/restore: undoes the last "Clear picks". Each cleared
         *     category gets its picks back with their source (questionnaire or Pick For Me); a category that
         *     has new picks since keeps them, and the answer says which were restored and which kept.
         */
        post: operations["restore_picks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recommendations/pick-for-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/recommendations/pick-for-me: picks up to three vendors per category from recent
         *     real demo bookings of similar firms (by fit with the firm when there are none), saves them and
         *     answers every category's picks. A category whose picks came from the firm's questionnaire
         *     keeps them unless `replace=questionnaire` says to replace them too.
         */
        post: operations["pick_for_me"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/renewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/renewals: the firm's contracts with deadlines, soonest first; `?format=ics` for a
         *     calendar with one event per deadline.
         */
        get: operations["list_renewals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/responses: stores the user's answers to a category's questionnaire. */
        post: operations["submit_response"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/responses/latest/{category_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/responses/latest/{category_id}: the firm's latest answers to the category's
         *     questionnaire (whoever at the firm gave them), so that a reopened questionnaire shows them.
         */
        get: operations["latest_response"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shortlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/shortlist: the firm's shortlist, grouped by stage, then the other categories. */
        get: operations["get_shortlist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shortlist/brief": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/shortlist/brief: the due-diligence brief (the firm's criteria and each shortlisted
         *     vendor's facts, per stage).
         */
        get: operations["get_brief"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shortlist/brief.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/shortlist/brief.csv: the brief as a CSV download, one row per vendor. */
        get: operations["get_brief_csv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shortlist/{vendor_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * PUT /api/shortlist/{vendor_id}: adds the vendor (as Considering unless a status is sent) or
         *     changes its status, note or reject reason. Sending the same again changes nothing.
         */
        put: operations["put_entry"];
        post?: never;
        /**
         * DELETE /api/shortlist/{vendor_id}: takes the vendor off the shortlist (done if it was not on).
         *     The entry is kept whole for 30 days, so `POST /api/shortlist/{vendor_id}/restore` can undo it.
         */
        delete: operations["delete_entry"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shortlist/{vendor_id}/outcome": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * PUT /api/shortlist/{vendor_id}/outcome: whether the demo happened, whether the firm chose the
         *     vendor, and (for a chosen vendor) how satisfied it is.
         */
        put: operations["put_outcome"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shortlist/{vendor_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/shortlist/{vendor_id}/restore: undoes the firm's last removal of the vendor: its
         *     entry comes back exactly as it was (note, status history with authors, outcome, recorded
         *     reasons), from what the server kept. No body: nothing a client sends becomes history.
         */
        post: operations["restore_entry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/techstack/{toolId}/contract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/techstack/{toolId}/contract: the tool's contract and its deadline. */
        get: operations["get_contract"];
        /** PUT /api/techstack/{toolId}/contract: saves the tool's contract (owners, admins, members). */
        put: operations["put_contract"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/trends: booking totals by category, state and day (or week or month) for the filters,
         *     the same for the comparison period and the changes; `format=csv` downloads one panel's numbers.
         */
        get: operations["trends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trends/cities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/trends/cities: the 12 cities of a state with the most bookings. */
        get: operations["top_cities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trends/vendors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/trends/vendors: the vendors inside a category (or the top 20 of every category) by
         *     bookings, with their share and the comparison period's bookings.
         */
        get: operations["vendors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/unsubscribe?token= (public): what the link would turn off; changes nothing. */
        get: operations["look_up_unsubscribe"];
        put?: never;
        /**
         * POST /api/unsubscribe?token= (public; RFC 8058 one-click: a mail provider's server posts
         *     `List-Unsubscribe=One-Click`, with no cookie): turns that kind's email off for the token's
         *     person and answers plain text.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendor/claims: mails a link to an address at the listing's registrable domain. A
         *     listing with no website, or on a shared host, and an address at a public mail service, a
         *     shared host or an internationalised name are refused: the operator invites those.
         */
        post: operations["claim_listing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/demo-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendor/demo-requests: the requests firms sent to the caller's listing, newest first. */
        get: operations["vendor_demo_requests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/demo-requests/{id}/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendor/demo-requests/{id}/answer: answers a request sent to the caller's listing
         *     with a scheduling link or times (answering again replaces the answer); the member who asked
         *     is told under their bell and by mail.
         */
        post: operations["answer_demo_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/links/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendor/links/accept: makes the link's vendor account, signs it in and tells the
         *     operators of a claim.
         */
        post: operations["accept_vendor_link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/links/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/vendor/links/check: which listing and address a mailed link is for. */
        post: operations["check_vendor_link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/vendor/listings: the catalog's active listings by name, each with the domain a claim
         *     needs. Public: names and websites are the catalog's own public facts.
         */
        get: operations["claimable_listings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendor/me: the signed-in vendor account and its listing. */
        get: operations["vendor_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/mfa/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendor/mfa/confirm: turns the authenticator on with a first code from it, and
         *     answers ten recovery codes.
         */
        post: operations["vendor_mfa_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/mfa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendor/mfa/setup: a new authenticator secret for the account (replacing one not yet
         *     confirmed); sign-in asks for codes once `confirm` gets one.
         */
        post: operations["vendor_mfa_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendor/notices: what the account was told, newest first. */
        get: operations["vendor_notices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/notices/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/vendor/notices/read: marks every notice of the account read. */
        post: operations["read_vendor_notices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendor/proposals: the listing's proposals, newest first, by any of its people. */
        get: operations["list_proposals"];
        put?: never;
        /**
         * POST /api/vendor/proposals: proposes changes to the listing's facts, checked now as the
         *     operator's edit checks them; it waits for the operator.
         */
        post: operations["propose_change"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/proposals/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/vendor/proposals/{id}/withdraw: takes back an open proposal of the listing. */
        post: operations["withdraw_proposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendor/sessions: where the account is signed in. */
        get: operations["vendor_sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/vendor/sessions/{id}: ends one of the account's sessions. */
        delete: operations["end_vendor_session"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendor/sign-in: a vendor account's sign-in, counted in the same limits as a firm's
         *     (per client, per address, per pair).
         */
        post: operations["vendor_sign_in"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /api/vendor/sign-out: ends this browser's vendor session. */
        post: operations["vendor_sign_out"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /api/vendor/stats: by month, how many distinct verified firms opened the listing's profile
         *     and its scheduler, each only for a closed month and from 5 firms up (the month in progress
         *     shows none); a firm counts once a month however often its people look.
         */
        get: operations["vendor_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendors: the vendor directory, filtered, searched, sorted and paged. */
        get: operations["list_vendors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendors/{id}: the vendor profile, with the firm's own history and alternatives. */
        get: operations["get_vendor_profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendors/{id}/evidence: the vendor's real demo bookings and peer adoption. */
        get: operations["get_evidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors/{vendor_id}/demo-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/vendors/{vendor_id}/demo-request: what "Request a demo" offers for the vendor. */
        get: operations["demo_request_form"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors/{vendor_id}/demo-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendors/{vendor_id}/demo-requests: asks a vendor with an account for a demo, sharing
         *     only the fields the member ticks. The vendor's people are told under their bell and by mail;
         *     the vendor goes on the firm's shortlist (Considering) if it is not there yet.
         */
        post: operations["create_demo_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors/{vendor_id}/join-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /api/vendors/{vendor_id}/join-request: the firm asks a vendor without an account to join
         *     Litstack; the operator's queue counts the firms that asked. Asking again changes nothing.
         */
        post: operations["ask_vendor_to_join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/views: the firm's saved views of /trends, by name. */
        get: operations["list_views"];
        put?: never;
        /** POST /api/views: saves the current /trends filters under a name, for the whole firm. */
        post: operations["create_view"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /api/views/{id}: deletes one of the firm's saved views. */
        delete: operations["delete_view"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AcceptBody: {
            /** @description The person's name, 1-100 characters. */
            name: string;
            /** @description 8-128 characters, not a common one. */
            password: string;
            token: string;
        };
        /** @description The body of `POST /api/operator-offer/{offerId}/accept`. */
        AcceptRequest: {
            /**
             * @description A current code of the accepting account's second factor (or a recovery code); asked only
             *     of an account that has one.
             */
            code?: string | null;
        };
        AccountView: {
            email: string;
            /** @description Sign-in asks for a code from an authenticator app. */
            hasFactor: boolean;
            /** Format: int64 */
            id: number;
            name: string;
            /** @description Recovery codes not used yet (0 without an authenticator). */
            recoveryCodesLeft: number;
        };
        /** @description A domain claim on the operator's screen. */
        AdminDomainClaim: {
            /** @description RFC 3339. */
            claimedAt: string;
            domain: string;
            /** Format: int64 */
            firmId: number;
            firmName: string;
            status: components["schemas"]["DomainStatus"];
        };
        /** @description GET /api/admin/firms/sso-domains. */
        AdminDomainClaims: {
            items: components["schemas"]["AdminDomainClaim"][];
        };
        /** @description A firm as the operator sees it. */
        AdminFirm: {
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the firm's scheduled deletion runs (RFC 3339); null while none is scheduled.
             */
            deletionDueAt?: string | null;
            disabled: boolean;
            /** Format: int64 */
            id: number;
            members: number;
            name: string;
            size?: null | components["schemas"]["FirmSize"];
            verified: boolean;
        };
        AdminFirmEnvelope: {
            firm: components["schemas"]["AdminFirm"];
        };
        /** @description PATCH /api/admin/firms/{id}. */
        AdminFirmUpdate: {
            disabled?: boolean | null;
            verified?: boolean | null;
        };
        AdminFirms: {
            items: components["schemas"]["AdminFirm"][];
        };
        AdoptionAnswer: {
            hasTool?: boolean | null;
        };
        /** @description One category as the form shows it (SPEC section 3, "Category adoption item"). */
        AdoptionItem: {
            adoption: components["schemas"]["AdoptionAnswer"];
            category: components["schemas"]["CategoryRef"];
            otherVendors: components["schemas"]["OtherVendor"][];
            selectedVendors: components["schemas"]["SelectedVendor"][];
            vendors: components["schemas"]["VendorChoice"][];
        };
        AdoptionList: {
            items: components["schemas"]["AdoptionItem"][];
        };
        /** @description Another active vendor of the category, with why it is worth a look. */
        Alternative: {
            /** Format: int64 */
            id: number;
            logoUrl?: string | null;
            name: string;
            price?: null | components["schemas"]["ProvenanceView"];
            /** Format: int32 */
            priceBracket?: number | null;
            reason: string;
            /**
             * Format: int32
             * @description The match score from the user's latest questionnaire in the category, when ordered by it.
             */
            score?: number | null;
            websiteUrl?: string | null;
        };
        /**
         * @description How the alternatives are ordered.
         * @enum {string}
         */
        AlternativesBasis: "questionnaire" | "fit";
        AnswerRequest: {
            /** Format: int64 */
            questionId: number;
            /** @description Option labels of the question; one at most for a single-choice question. */
            selectedValues?: string[];
        };
        /** @description A vendor's answer, as the firm reads it. */
        AnswerView: {
            answeredAt: string;
            message?: string | null;
            schedulingUrl?: string | null;
            /** @description Offered times, RFC 3339, in order. */
            times: string[];
        };
        /** @description The feed version this install applied. */
        Applied: {
            /**
             * Format: int64
             * @description Unix seconds.
             */
            appliedAt: number;
            /** @description YYYY-MM-DD. */
            expiresOn: string;
            feed: string;
            /** @description YYYY-MM-DD. */
            publishedOn: string;
            /** Format: int64 */
            version: number;
        };
        /** @description One approver and where they stand on the current version. */
        ApproverView: {
            /** @description RFC 3339. */
            answeredAt?: string | null;
            /**
             * Format: int32
             * @description The version their latest answer was given to.
             */
            answeredVersion?: number | null;
            /**
             * @description For `stale` (and an objection to an earlier version): what changed since the version
             *     they answered, one readable line each.
             */
            changesSince: string[];
            comment?: string | null;
            /** @description Their name when they were named. */
            name: string;
            /**
             * @description `waiting`, `approved` (the current version), `stale` (approved an earlier version: see
             *     `changesSince`) or `objected`.
             */
            state: string;
            /** Format: int64 */
            userId: number;
        };
        Asks: {
            /**
             * @description "Did you choose it?": the demo happened and nobody said yet, neither a person nor a final
             *     decision (an entry Chosen, Not chosen or Rejected is not asked).
             */
            chosen: boolean;
            /**
             * @description "You opened X's scheduler on DATE. Did you book a demo?": a member opened the vendor's
             *     scheduler and the entry does not say a demo was booked (Considering, or Scheduler opened).
             */
            demoBooked: boolean;
            /**
             * @description "Did the demo happen?": a demo was booked (said by a person, not a click) and nobody said
             *     yet.
             */
            demoHappened: boolean;
            /** @description "How satisfied are you, 1-5?": 90 days after Chosen, until answered. */
            satisfaction: boolean;
        };
        /** @description The last pull, as the operator sees it. */
        Attempt: {
            /**
             * Format: int64
             * @description Unix seconds.
             */
            at: number;
            message: string;
            ok: boolean;
        };
        /**
         * @description The evidence the operator saw for an attestation, as firms see it: the day, and the vendor's
         *     page when it was one (the operator's own note is never shown).
         */
        AttestationEvidence: {
            /** @description YYYY-MM-DD. */
            seenOn: string;
            /** @description The vendor's own trust or legal page, when that was the evidence. */
            url?: string | null;
        };
        /**
         * @description How many attorneys the firm has.
         * @enum {string}
         */
        AttorneysBand: "SOLO" | "A2_5" | "A6_15" | "A16_30" | "A31_50" | "A51P";
        /**
         * @description A row of the comparison.
         * @enum {string}
         */
        Attribute: "category" | "priceBracket" | "firmSizes" | "practiceAreas" | "integrations" | "highlights" | "partner" | "recentDemoBookings" | "peerAdoption" | "matchScore" | "verifiedOn" | "scheduling" | "isActive" | "hipaaBaa" | "soc2" | "iso27001" | "sso" | "mfa" | "dataLocation" | "aiTraining" | "dataExport";
        /** @enum {string} */
        AuditAction: "invitation_created" | "invitation_revoked" | "member_joined" | "role_changed" | "owner_added" | "member_removed" | "reset_link_issued" | "reset_link_used" | "brief_exported" | "sign_in_failed" | "firms_merged" | "view_saved" | "view_deleted" | "mfa_enabled" | "mfa_disabled" | "recovery_code_used" | "mfa_sign_in_failed" | "sso_settings_changed" | "sso_domain_confirmed" | "sso_domain_refused" | "sso_sign_in" | "sso_account_created" | "break_glass_sign_in" | "contract_saved" | "calendar_feed_created" | "calendar_feed_revoked" | "mfa_required_changed" | "decision_proposed" | "decision_edited" | "decision_approved" | "decision_objected" | "decision_final" | "evaluation_criteria_changed" | "price_sharing_changed" | "firm_exported" | "firm_deletion_scheduled" | "firm_deletion_cancelled" | "firm_imported" | "firm_deletion_skipped" | "backup_downloaded" | "operator_role_offered" | "operator_offer_withdrawn" | "operator_role_accepted" | "operator_offer_declined" | "operator_offer_expired";
        /** @description One line of the firm's audit log. */
        AuditEntryView: {
            action: components["schemas"]["AuditAction"];
            /**
             * @description Who did it; null when no signed-in person did (a failed sign-in, a deletion that did not
             *     run).
             */
            actor?: string | null;
            /** Format: date-time */
            at: string;
            detail: string;
            /** Format: int64 */
            id: number;
        };
        AuditLog: {
            items: components["schemas"]["AuditEntryView"][];
        };
        /** @description The body of `POST /api/admin/backup`. */
        BackupRequest: {
            /**
             * @description A current code of the operator's second factor (or a recovery code); asked only of an
             *     operator who has one.
             */
            code?: string | null;
        };
        /**
         * @description What stands in the way of scheduling a firm's deletion.
         * @enum {string}
         */
        Blocker: "operator";
        /** @description One booking as the API shows it. */
        BookingItem: {
            /** @description The category's label: what a screen and a download show. */
            categoryLabel: string;
            cityState?: string | null;
            client: string;
            clientCategory: string;
            createdTime: string;
            dma: string;
            /** Format: int64 */
            id: number;
            sample: boolean;
            standardizedPracticeAreaBrokenOut: string;
            state: string;
        };
        /** @description Bookings newest first, one page of them. */
        BookingPage: components["schemas"]["SampleShare"] & {
            items: components["schemas"]["BookingItem"][];
            limit: number;
            offset: number;
            /**
             * Format: int64
             * @description How many bookings match in all.
             */
            total: number;
        };
        /** @description The due-diligence brief: per group, the firm's criteria and each vendor's facts. */
        Brief: {
            firmName: string;
            groups: components["schemas"]["BriefGroup"][];
            /** @description The day it was prepared (YYYY-MM-DD, UTC). */
            preparedOn: string;
        };
        BriefGroup: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description The firm's answers to the category's questionnaire, its latest response; empty if none. */
            criteria: components["schemas"]["Criterion"][];
            /** Format: date-time */
            criteriaAnsweredAt?: string | null;
            /** Format: int32 */
            stage?: number | null;
            vendors: components["schemas"]["BriefVendor"][];
        };
        BriefVendor: components["schemas"]["EntryView"] & {
            /** @description The vendor's integrations that name a tool in the firm's tech stack. */
            integrationsWithStack: string[];
        };
        /** @description One bucket of the series. */
        Bucket: {
            /** Format: int32 */
            count: number;
            /** @description The period covers only part of this bucket: its count is of fewer days, not a drop. */
            partial: boolean;
            /**
             * @description The bucket's first day (a Monday for weeks, the 1st for months), even when the period
             *     starts later.
             */
            start: string;
        };
        /** @description The firm's calendar feed: whether it has one (its URL is shown only when made). */
        CalendarFeedState: {
            active: boolean;
            /** @description RFC 3339, when the feed was made. */
            createdAt?: string | null;
        };
        /** @description The new feed's secret URL: shown once; anyone with it can read the firm's renewals. */
        CalendarFeedUrl: {
            url: string;
        };
        /**
         * @description New injury cases signed per month.
         * @enum {string}
         */
        CasesBand: "C1_10" | "C11_25" | "C26_50" | "C51_100" | "C101P";
        Category: {
            /** Format: int64 */
            id: number;
            /**
             * @description The one name every screen, download, mail and archive shows: the spec's stage title for the
             *     nine stages ("Trial Prep & Presentation" for Trial Support), the name for the others.
             */
            label: string;
            /** @description What imports, feeds and the bookings match on. */
            name: string;
            /**
             * Format: int32
             * @description Litigation stage 1-9 this category serves, if it is a stage category.
             */
            stage?: number | null;
        };
        CategoryChange: {
            change: components["schemas"]["Change"];
            /** Format: int64 */
            comparisonCount: number;
            /** Format: int64 */
            count: number;
            /** @description The category's label: what a screen and a download show. */
            label: string;
            name: string;
        };
        CategoryRef: {
            /** Format: int64 */
            id: number;
            /** @description The category's label (`Category::label`): what a screen shows. */
            label: string;
            name: string;
        };
        /** @description A change between two counts, and whether it can be called a trend. */
        Change: {
            /**
             * Format: int64
             * @description The count now minus the comparison count.
             */
            difference: number;
            /**
             * Format: double
             * @description The difference as a percentage of the comparison count (one decimal); null when either
             *     side has fewer than 20 bookings or the comparison has none.
             */
            percent?: number | null;
            /** @description Either side has fewer than 20 bookings: too few bookings to call a trend. */
            tooFew: boolean;
        };
        /**
         * @description What the summary's change compares.
         * @enum {string}
         */
        ChangeBasis: "comparison" | "last30Days";
        ChangePassword: {
            /**
             * @description A current code from the authenticator app (or a recovery code): needed when two-step
             *     sign-in is on.
             */
            code?: string | null;
            currentPassword: string;
            /** @description 8 to 128 characters, and not one of the commonly used passwords. */
            newPassword: string;
        };
        /**
         * @description The changes from the comparison period: of the total, and of each category and state either
         *     period has (most bookings now first).
         */
        Changes: {
            categories: components["schemas"]["CategoryChange"][];
            states: components["schemas"]["StateChange"][];
            total: components["schemas"]["Change"];
        };
        /** @description A fact both this install and the feed changed, as the operator chooses between them. */
        Choice: {
            /** @description The fact's name (`bookingLink`, `hipaaBaa`, …). */
            fact: string;
            feed: string;
            /** @description This install's value and the feed's, as text ("Not stated" when absent). */
            local: string;
            vendor: string;
            /** Format: int64 */
            vendorId: number;
        };
        ChoiceMade: {
            fact: string;
            keep: components["schemas"]["Keep"];
            /** Format: int64 */
            vendorId: number;
        };
        /** @description A state's top cities. */
        CitiesAnswer: components["schemas"]["SampleShare"] & {
            /** @description At most 12, most bookings first. */
            cities: components["schemas"]["CityCount"][];
            /**
             * Format: int64
             * @description How many bookings match the filters (in every city of the state).
             */
            total: number;
        };
        CityCount: {
            city: string;
            /** Format: int32 */
            count: number;
        };
        ClaimBody: {
            /** @description An address at the listing's own domain. */
            email: string;
            /** Format: int64 */
            vendorId: number;
        };
        /** @description A listing as the claim form offers it. */
        ClaimableListing: {
            /**
             * @description The registrable domain an address must be at to claim it; `None` when the listing can only
             *     be invited (no website, or a website on a shared host).
             */
            domain?: string | null;
            /** Format: int64 */
            id: number;
            name: string;
        };
        ClaimableListings: {
            items: components["schemas"]["ClaimableListing"][];
        };
        /**
         * @description What a click opened: the vendor's booking link, or its website. Counted apart everywhere clicks are counted or listed.
         * @enum {string}
         */
        ClickKind: "BOOKING" | "WEBSITE";
        /** @description Settings the web app needs. */
        ClientConfig: {
            /** @description Whether vendor logos may be fetched from third-party icon services. */
            thirdPartyLogos: boolean;
            /** @description The `utm_source` tag added to outbound vendor links. */
            utmSource: string;
        };
        /**
         * @description How a round closed, for the screen: "Closed on DATE for the proposed decision", or "Closed on
         *     DATE by NAME".
         */
        ClosedView: {
            /** @description Who closed it without a decision. */
            by?: string | null;
            /**
             * Format: int64
             * @description The decision proposed from the round; absent when an owner or admin closed it.
             */
            decisionId?: number | null;
            /** @description YYYY-MM-DD (UTC). */
            on: string;
        };
        CodeBody: {
            /** @description A 6-digit code from the authenticator app, or (where said) a recovery code. */
            code: string;
        };
        /**
         * @description The periods a trends answer can be compared with; `none` for no comparison.
         * @enum {string}
         */
        CompareWith: "none" | "previous" | "year" | "custom";
        /** @description One column. */
        ComparedVendor: {
            bookingUrl?: string | null;
            category: components["schemas"]["CategoryRef"];
            /** @description Where each fact came from, and the security profile. */
            facts: components["schemas"]["VendorFactsView"];
            firmSizes: components["schemas"]["FirmSize"][];
            highlights: string[];
            /** Format: int64 */
            id: number;
            integrations: components["schemas"]["Integration"][];
            isActive: boolean;
            logoUrl?: string | null;
            matchScore?: null | components["schemas"]["MatchScore"];
            name: string;
            partner: components["schemas"]["PartnerStatus"];
            peerAdoption?: null | components["schemas"]["ShownCount"];
            practiceAreas: string[];
            /**
             * Format: int32
             * @description 1 ($) to 4 ($$$$).
             */
            priceBracket?: number | null;
            /**
             * @description Real demo bookings of the vendor in the last `demandDays` days by firms of the user's size
             *     (by all firms when the user's size is unknown).
             */
            recentDemoBookings: components["schemas"]["ShownCount"];
            sourceUrl?: string | null;
            /** @description What sets the vendor apart from the others compared, in a sentence or two. */
            summary: string;
            /** @description The day the vendor's facts were checked (YYYY-MM-DD). */
            verifiedOn?: string | null;
            websiteUrl?: string | null;
        };
        /** @description One column per vendor, in the order asked for, with the rows that differ. */
        Comparison: {
            /**
             * Format: int32
             * @description The window of `recentDemoBookings`, in days.
             */
            demandDays: number;
            /** @description The vendors belong to more than one category: they answer different needs. */
            differentCategories: boolean;
            /** @description The rows whose values are not the same for every vendor. */
            differing: components["schemas"]["Attribute"][];
            firmSize?: null | components["schemas"]["FirmSize"];
            vendors: components["schemas"]["ComparedVendor"][];
        };
        ComputeRequest: {
            /** Format: int64 */
            categoryId: number;
            /** Format: int64 */
            responseId: number;
        };
        /** @description A category's vendors ranked for one questionnaire response. */
        ComputeResult: {
            firmSizeSource: components["schemas"]["SizeSource"];
            /** @description The firms whose demo bookings count as demand, in words. */
            peerGroup: string;
            vendors: components["schemas"]["RankedView"][];
        };
        /** @description The body of `PUT /api/techstack/{toolId}/contract`. */
        ContractRequest: {
            /**
             * Format: int64
             * @description In cents, 0 or more.
             */
            annualCost: number;
            /**
             * Format: int32
             * @description 0 to 365.
             */
            noticeDays: number;
            /** @description YYYY-MM-DD, after the start date; the start date plus the term when absent or empty. */
            renewalDate?: string | null;
            /**
             * Format: int64
             * @description A member of the firm.
             */
            responsibleUserId: number;
            /**
             * Format: int32
             * @description 1 to 100,000.
             */
            seats: number;
            /** @description YYYY-MM-DD. */
            startDate: string;
            /**
             * Format: int32
             * @description 1 to 120.
             */
            termMonths: number;
        };
        /** @description A tool's contract with its next renewal and opt-out deadline. */
        ContractView: {
            /**
             * Format: int64
             * @description In cents.
             */
            annualCost: number;
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /**
             * Format: int64
             * @description Days from today (UTC, the server's clock) to the deadline; negative once passed.
             */
            daysUntilDeadline: number;
            /**
             * @description The renewal the firm faces next: the saved one, or, once it has passed, the saved one
             *     plus whole terms (contracts renew automatically).
             */
            nextRenewalDate: string;
            /**
             * @description The notice is longer than the term: it was due before the contract (or this term)
             *     started.
             */
            noticeBeforeStart: boolean;
            /** Format: int32 */
            noticeDays: number;
            /** @description The next renewal date minus the notice days: the last day to give notice. */
            optOutDeadline: string;
            /** @description The renewal date as saved (YYYY-MM-DD). */
            renewalDate: string;
            /** @description The responsible person's name; null when they have left the firm. */
            responsibleName?: string | null;
            /** Format: int64 */
            responsibleUserId: number;
            /** Format: int32 */
            seats: number;
            /** @description YYYY-MM-DD. */
            startDate: string;
            /** Format: int32 */
            termMonths: number;
            /** Format: int64 */
            toolId: number;
            toolName: string;
            /** @description RFC 3339. */
            updatedAt: string;
            updatedBy?: string | null;
        };
        /** @description `GET /api/profile/coverage`: the firm's coverage map. */
        Coverage: {
            firmSize?: null | components["schemas"]["FirmSize"];
            headline: components["schemas"]["CoverageHeadline"];
            /** @description The categories outside the stages, by name. */
            others: components["schemas"]["CoverageItem"][];
            peerFirms?: null | components["schemas"]["ShownCount"];
            /** @description Where the size came from: the profile, else the onboarding answers (employees). */
            sizeSource: components["schemas"]["SizeSource"];
            /** @description The nine stage categories, in stage order. */
            stages: components["schemas"]["CoverageItem"][];
        };
        /** @description "Your tech stack covers 5 of 9 stages; firms your size usually cover 7". */
        CoverageHeadline: {
            /** Format: int32 */
            stageCount: number;
            /**
             * Format: int32
             * @description Stages the firm answered Yes.
             */
            stagesCovered: number;
            /**
             * Format: int32
             * @description Stages the firm has not answered.
             */
            stagesUnanswered: number;
            /**
             * Format: int32
             * @description The median number of stages covered by other firms of its size that answered every stage;
             *     null below 5 such firms or when the size is unknown.
             */
            usualStages?: number | null;
        };
        /** @description One category of the map. */
        CoverageItem: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description The firm's answer: true (has a tool), false (none) or null (not answered). */
            hasTool?: boolean | null;
            /**
             * Format: int32
             * @description Percent of other firms of its size, among those that answered this category, that have a
             *     tool; null when fewer than 5 answered ("not enough firms yet") or the size is unknown.
             */
            peerShare?: number | null;
            /**
             * Format: int32
             * @description Stage 1-9, null for the other categories.
             */
            stage?: number | null;
        };
        /** @description PUT /api/evaluations/{categoryId}/criteria. */
        CriteriaRequest: {
            /** @description 1 to 15 criteria; names unique ignoring case; weights whole numbers 1-100 adding up to 100. */
            criteria: components["schemas"]["CriterionInput"][];
            /** @description Why, when the criteria are locked (1 to 500 characters; owners and admins only). */
            reason?: string | null;
        };
        /** @description The criteria of the round. */
        CriteriaView: {
            /** @description Changes after the lock, oldest first. */
            changes: components["schemas"]["RecordCriteriaChange"][];
            /** @description The saved criteria, or the suggestions while none are saved. */
            criteria: components["schemas"]["RecordCriterion"][];
            /** @description The first scorecard is in: only owners and admins change them, with a reason. */
            locked: boolean;
            /** Format: int32 */
            round: number;
            /**
             * @description Nothing is saved yet: these are suggestions (the standard set and the firm's
             *     questionnaire needs).
             */
            suggested: boolean;
        };
        Criterion: {
            answers: string[];
            question: string;
        };
        /** @description One criterion as a request sends it. */
        CriterionInput: {
            /** @description The id of a criterion it keeps; absent for a new one. */
            id?: string | null;
            /** @description 1 to 80 characters, unique ignoring case. */
            name: string;
            /**
             * Format: int64
             * @description 1 to 100; all the weights add up to 100.
             */
            weight: number;
        };
        /** @description A criterion's scores for a vendor. */
        CriterionScores: {
            criterionId: string;
            /** @description The scores given spread by 2 or more. */
            disagreement: boolean;
            /** @description "Talk about this before deciding" where people disagree. */
            flag?: string | null;
            name: string;
            scores: components["schemas"]["PersonScore"][];
            /** Format: int32 */
            weight: number;
        };
        DayCount: {
            /** Format: int32 */
            count: number;
            date: string;
        };
        DecisionBody: {
            /** @description Approve (or reject) every fact not decided yet. */
            approve: boolean;
            /**
             * @description To approve a proposal with attestations (SOC 2, ISO 27001, a BAA offered): the evidence
             *     you saw for each, by its field (`soc2`, `iso27001`, `hipaaBaa`).
             */
            evidence?: {
                [key: string]: components["schemas"]["EvidenceBody"];
            };
            /** @description Why, 1-500 characters: required to reject, shown to the vendor. */
            reason?: string | null;
        };
        /** @description What the screen pre-fills. */
        DecisionDraft: {
            /** @description Reasons composed from the scores; empty when nothing was scored. */
            reasons: string;
            /**
             * Format: int64
             * @description The next highest.
             */
            runnerUpId?: number | null;
            /**
             * @description Set when the draft leaves out scores the caller may not see yet (they have not submitted
             *     their own), with the line to show: "Scores appear after you submit yours".
             */
            scoresHidden?: string | null;
            /**
             * Format: int64
             * @description The vendor with the highest weighted score, if any was scored.
             */
            vendorId?: number | null;
        };
        DecisionList: {
            items: components["schemas"]["DecisionSummary"][];
        };
        /** @description The decision record (brief v2): what each version holds and hashes. */
        DecisionRecord: {
            approvers: components["schemas"]["RecordApprover"][];
            category: components["schemas"]["RecordCategory"];
            decision: components["schemas"]["RecordDecision"];
            /** Format: int64 */
            decisionId: number;
            evaluation?: null | components["schemas"]["EvaluationRecord"];
            /** @description `litstack-decision-record/2`. */
            format: string;
            /**
             * @description Only in an answer to a caller who may not see some of the scorecards yet (never in a
             *     stored version, so such an answer does not hash to the version's hash): "Scores and
             *     comments appear once the decision is final"; the vendors concerned say it too.
             */
            scoresHidden?: string | null;
            shortlist: components["schemas"]["RecordShortlistVendor"][];
        };
        /** @description `POST /api/decisions` and `PUT /api/decisions/{id}`. */
        DecisionRequest: {
            /**
             * Format: int64
             * @description Cents, a whole number from 0.
             */
            annualCost: number;
            /** @description Members of the firm who are not viewers; absent or empty: the firm's owners. */
            approvers?: number[] | null;
            /** Format: int64 */
            categoryId: number;
            /** @description 1 to 4,000 characters. */
            reasons: string;
            /**
             * Format: int64
             * @description In the category, on the shortlist, not the chosen vendor.
             */
            runnerUpId?: number | null;
            /** @description YYYY-MM-DD. */
            startDate: string;
            /**
             * Format: int64
             * @description The chosen vendor: in the category and on the firm's shortlist.
             */
            vendorId: number;
        };
        /**
         * @description Where a decision stands.
         * @enum {string}
         */
        DecisionStatus: "open" | "final";
        /** @description A decision in the firm's list. */
        DecisionSummary: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** Format: int64 */
            id: number;
            /** @description RFC 3339. */
            proposedAt: string;
            status: components["schemas"]["DecisionStatus"];
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
            /** Format: int32 */
            version: number;
        };
        /** @description A decision, its approvers and its record. */
        DecisionView: {
            /**
             * Format: int64
             * @description Cents.
             */
            annualCost: number;
            approvers: components["schemas"]["ApproverView"][];
            /** @description The caller is an approver and the decision is open. */
            canAnswer: boolean;
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description RFC 3339, once final. */
            finalAt?: string | null;
            /** Format: int64 */
            id: number;
            /** @description RFC 3339. */
            proposedAt: string;
            proposedBy: string;
            reasons: string;
            /**
             * @description The current version's record (brief v2), as `GET .../versions/{n}` serves it to the
             *     caller: without the scorecards they may not see yet (see `scoresHidden`).
             */
            record: components["schemas"]["DecisionRecord"];
            /** Format: int64 */
            runnerUpId?: number | null;
            runnerUpName?: string | null;
            /**
             * @description Set when the record leaves out scores the caller may not see yet, with the line to show:
             *     "Scores and comments appear once the decision is final" (or, for a person who can still
             *     score, "Scores appear after you submit yours").
             */
            scoresHidden?: string | null;
            /** @description YYYY-MM-DD. */
            startDate: string;
            status: components["schemas"]["DecisionStatus"];
            techStack: components["schemas"]["TechStackView"];
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
            /**
             * Format: int32
             * @description The current version's number and hash.
             */
            version: number;
            versionHash: string;
            /** @description Oldest first. */
            versions: components["schemas"]["VersionSummary"][];
        };
        /** @description The firm's scheduled deletion, as every member reads it (the Firm page's notice). */
        DeletionView: {
            blockedBy?: null | components["schemas"]["Blocker"];
            /** @description Who scheduled it, by their name then ("The operator" for the install's operator). */
            by?: string | null;
            /**
             * @description Whether scheduling the deletion now would be accepted (the same check `POST` makes), so
             *     the Firm page offers it only then.
             */
            canSchedule: boolean;
            /** @description When it runs (RFC 3339): every row of the firm is removed from then on. */
            dueAt?: string | null;
            /** @description Whether the firm's deletion is scheduled. */
            scheduled: boolean;
            /** @description When it was scheduled (RFC 3339). */
            scheduledAt?: string | null;
        };
        /** @description POST /api/vendor/demo-requests/{id}/answer. */
        DemoAnswerRequest: {
            message?: string | null;
            /** @description The vendor's scheduling page: an https address with a public host. */
            schedulingUrl?: string | null;
            /** @description Up to 5 times offered, RFC 3339 (`2026-12-03T15:00:00Z`), each in the next 365 days. */
            times?: string[] | null;
        };
        DemoRequestCounts: {
            items: components["schemas"]["VendorDemoCounts"][];
        };
        /** @description What the "Request a demo" dialog offers for a vendor. */
        DemoRequestForm: {
            /** @description The firm asked this vendor to join. */
            askedToJoin: boolean;
            /**
             * @description Each field the member may share, none chosen: nothing is taken from the onboarding
             *     answers.
             */
            fields: components["schemas"]["ShareableField"][];
            /** @description The vendor has people on Litstack who can answer; otherwise "Ask them to join". */
            hasAccount: boolean;
            /**
             * Format: int64
             * @description The firm's open request to this vendor, if any.
             */
            openRequest?: number | null;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        /**
         * @description Where a request stands.
         * @enum {string}
         */
        DemoRequestState: "requested" | "answered" | "booked" | "withdrawn";
        /** @description A firm's demo request. */
        DemoRequestView: {
            answer?: null | components["schemas"]["AnswerView"];
            bookedAt?: string | null;
            /** Format: int64 */
            id: number;
            /** @description The shortlist entry's line: "Demo requested on DATE · ChartSwap answered on DATE". */
            line: string;
            /** @description The caller asked it: only they mark it booked. */
            mine: boolean;
            requestedAt: string;
            /** @description Who asked (the firm's own colleague). */
            requestedBy: string;
            /** @description Exactly what the vendor was sent. */
            shared: components["schemas"]["Shared"];
            state: components["schemas"]["DemoRequestState"];
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
            withdrawnAt?: string | null;
            withdrawnBy?: string | null;
        };
        /** @description The firm's demo requests, newest first, and the vendors it asked to join. */
        DemoRequests: {
            /** @description Vendors without an account the firm asked to join Litstack. */
            askedToJoin: number[];
            items: components["schemas"]["DemoRequestView"][];
        };
        /**
         * @description The reason codes a dismissal takes ("not_given" only describes dismissals from before
         *     reasons were asked, and is never accepted).
         * @enum {string}
         */
        DismissReasonCode: "too_expensive" | "doesnt_integrate" | "already_evaluated" | "not_right_for_practice" | "other";
        /** @description Dismisses one of the user's picks, saying why. */
        DismissRequest: {
            /** @description Required for "other" (1-200 characters), refused for every other reason. */
            otherText?: string | null;
            reason: components["schemas"]["DismissReasonCode"];
            /** Format: int64 */
            vendorId: number;
        };
        /** @description The user's dismissed vendors, newest first. */
        DismissedList: {
            items: components["schemas"]["DismissedView"][];
        };
        /** @description A dismissed vendor, with when and why. */
        DismissedView: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** Format: date-time */
            dismissedAt: string;
            otherText?: string | null;
            price?: null | components["schemas"]["ProvenanceView"];
            /** Format: int32 */
            priceBracket?: number | null;
            /**
             * @description too_expensive, doesnt_integrate, already_evaluated, not_right_for_practice, other, or
             *     not_given for a dismissal from before reasons were asked.
             */
            reason: string;
            /** @description The reason in words, e.g. "Too expensive" or "Other: We build our own". */
            reasonLabel: string;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        /** @description PUT /api/admin/firms/{firm_id}/sso-domains/{domain}: the operator's decision. */
        DomainDecision: {
            /** @description `confirmed` or `refused`. */
            status: components["schemas"]["DomainStatus"];
        };
        /**
         * @description Where a firm's claim to an email domain stands.
         * @enum {string}
         */
        DomainStatus: "pending" | "confirmed" | "refused";
        /** @description A claimed domain and where the operator's confirmation stands. */
        DomainView: {
            domain: string;
            status: components["schemas"]["DomainStatus"];
        };
        /**
         * @description How many people the firm employs.
         * @enum {string}
         */
        EmployeesBand: "E2_10" | "E11_50" | "E51_200" | "E200P";
        /**
         * @description Why the server ended a session that its browser still holds. Kept (by the session token's
         *     hash, never the token) for `ENDED_KEPT_SECS`, so that the next request with that cookie can be
         *     told why it is signed out instead of a bare "not signed in".
         * @enum {string}
         */
        EndReason: "password_changed" | "password_reset" | "email_changed" | "removed";
        /** @description `PUT /api/shortlist/{vendorId}`: every field optional; what is absent is kept. */
        EntryRequest: {
            /**
             * @description The day of the booked demo, `YYYY-MM-DD` (UTC), with the status Demo booked (sent, or the
             *     entry's); `""` clears it. The day after it, whoever set it is asked how the demo went.
             */
            demoDate?: string | null;
            /** @description Plain text, at most 2,000 characters. */
            note?: string | null;
            /** @description Why the vendor was rejected, at most 200 characters. */
            rejectReason?: string | null;
            /** @description Considering, Demo booked, Demo held, Chosen or Rejected (Rejected needs a reason). */
            status?: string | null;
        };
        EntryView: {
            /** @description Which outcome questions to ask now. */
            asks: components["schemas"]["Asks"];
            /** Format: int64 */
            categoryId: number;
            /** @description The day of the booked demo (YYYY-MM-DD, UTC), when one was set. */
            demoDate?: string | null;
            description: string;
            /** @description Where each fact came from, and the security profile. */
            facts: components["schemas"]["VendorFactsView"];
            /** @description Status changes, oldest first. */
            history: components["schemas"]["HistoryItem"][];
            note: string;
            /** Format: date-time */
            noteAt?: string | null;
            /**
             * @description Who last changed the note (their name then); null while there is none, or for a note
             *     written before notes kept their author.
             */
            noteBy?: string | null;
            now?: null | components["schemas"]["Recommendation"];
            outcome: components["schemas"]["OutcomeView"];
            /**
             * Format: int32
             * @description 1-4.
             */
            priceBracket?: number | null;
            recommendation?: null | components["schemas"]["Recommendation"];
            rejectReason?: string | null;
            /**
             * @description The day (YYYY-MM-DD, UTC) a member of the firm last opened the vendor's scheduler, when
             *     the entry asks "Did you book a demo?" about it (see `asks.demo_booked`).
             */
            schedulerOpenedOn?: string | null;
            /**
             * @description The status as the screens show it: "Scheduler opened" for an entry that carries Demo booked
             *     only because a member opened the vendor's scheduler (from before a click stopped setting
             *     statuses: the change by the same person in the same second as their Schedule Meeting click,
             *     with no later change and no demo date); else the status's own label. The stored status and
             *     history stay as they were.
             */
            shownStatus: string;
            sourceUrl?: string | null;
            status: components["schemas"]["Status"];
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
            /** @description The day the vendor's facts were checked (YYYY-MM-DD). */
            verifiedOn?: string | null;
            websiteUrl?: string | null;
        };
        /** @description The body of every error answer, as the API description shows it. */
        ErrorBody: {
            /**
             * @description What the app can act on without reading the message; absent on most errors.
             *     `mfa_setup_required`: the session may only set up a second factor (the firm or the
             *     install requires one and the account has none).
             */
            code?: string | null;
            /** @description A message a person can read and act on. */
            error: string;
        };
        /** @description A category's evaluation as a decision record holds it. */
        EvaluationRecord: {
            categoryId: string;
            criteria: components["schemas"]["RecordCriterion"][];
            criteriaChanges: components["schemas"]["RecordCriteriaChange"][];
            /**
             * Format: int32
             * @description 1 for the first evaluation of the category, then one more per "Re-evaluate".
             */
            round: number;
            /** @description By vendor id. */
            vendors: components["schemas"]["RecordVendor"][];
        };
        /** @description A category's evaluation, one round of it. */
        EvaluationView: {
            /** @description The caller is an owner or admin: changes locked criteria, proposes a decision. */
            canManage: boolean;
            /**
             * @description The caller may score and record references in this round: not a viewer, the latest
             *     round, and not closed.
             */
            canScore: boolean;
            /**
             * @description The caller (an owner or admin) may start the next round now: the latest round is closed
             *     and no open decision holds it.
             */
            canStartRound: boolean;
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            closed?: null | components["schemas"]["ClosedView"];
            criteria: components["schemas"]["CriteriaView"];
            /**
             * Format: int32
             * @description The latest round's number (0 while nothing is saved).
             */
            latestRound: number;
            /**
             * Format: int32
             * @description This round's number.
             */
            round: number;
            /** @description By id. */
            vendors: components["schemas"]["VendorSummary"][];
        };
        /**
         * @description The evidence an operator gives for an attestation: a page of the vendor's own, or their note
         *     that they saw the report.
         */
        EvidenceBody: {
            /**
             * @description That you have seen the report (1-500 characters: what, when, how); the vendor's statement
             *     stands on it. Never shown to firms; no document is kept.
             */
            note?: string | null;
            /**
             * @description The vendor's own trust or legal page, http(s), on its website's domain (or a subdomain,
             *     or a host the catalog knows is the vendor's).
             */
            url?: string | null;
        };
        /** @description Where the page's evidence comes from now (`bookings::evidence`), as every note on it tells. */
        EvidenceView: {
            /**
             * @description When the real demo bookings last changed (RFC 3339, UTC); null without real bookings or
             *     when they were imported before Litstack kept the time.
             */
            realChangedAt?: string | null;
            source: components["schemas"]["Source"];
        };
        /** @description The body of `POST /api/firm/export`. */
        ExportRequest: {
            /**
             * @description A current code of the owner's second factor (or a recovery code); asked only of an owner
             *     who has one.
             */
            code?: string | null;
        };
        FactDecisionBody: {
            approve: boolean;
            evidence?: null | components["schemas"]["EvidenceBody"];
            /** @description Why not, up to 500 characters, optional: shown to the vendor. */
            reason?: string | null;
        };
        /** @description How the operator decided one fact of a proposal. */
        FactOutcome: {
            approved: boolean;
            /** @description RFC 3339, UTC. */
            decidedAt: string;
            /** @description For an approved attestation: the day the operator saw its evidence (YYYY-MM-DD). */
            evidenceSeenOn?: string | null;
            /**
             * @description The vendor's own page the operator saw, when that was the evidence (their note, when it
             *     was one, is kept with the fact and shown to nobody).
             */
            evidenceUrl?: string | null;
            /** @description Why it was not approved, when the operator said; shown to the vendor. */
            reason?: string | null;
        };
        Factor: {
            detail: string;
            factor: string;
            label: string;
            /** Format: double */
            maxPoints: number;
            /** Format: double */
            points: number;
        };
        /**
         * @description The facts an administrator states for a vendor: each left out stays as it is, null makes it
         *     "Not stated", a value is credited to the administrator today.
         */
        FactsUpdate: {
            /** @description Trains AI models on customer data. */
            aiTraining?: boolean | null;
            /** @description A firm can export all its data when it leaves. */
            dataExport?: boolean | null;
            /** @description Where the data is kept, 1-80 characters. */
            dataLocation?: string | null;
            /** @description Signs a HIPAA business associate agreement. */
            hipaaBaa?: boolean | null;
            iso27001?: boolean | null;
            mfa?: boolean | null;
            /** @description How the vendor charges, 1-80 characters. */
            pricingModel?: string | null;
            soc2?: null | components["schemas"]["Soc2"];
            sso?: null | components["schemas"]["Sso"];
            /** @description A price as the vendor states it, 1-80 characters. */
            statedPrice?: string | null;
            /** @description The vendor's trust or security page, http(s). */
            trustPage?: string | null;
        };
        /** @description The feed this install follows, as Manage Vendors shows it. */
        FeedStatus: {
            applied?: null | components["schemas"]["Applied"];
            choices: components["schemas"]["Choice"][];
            lastAttempt?: null | components["schemas"]["Attempt"];
            publicKey?: string | null;
            schedule: components["schemas"]["Schedule"];
            /** @description Whether this install serves a signed feed of its own at /api/catalog/feed. */
            servesFeed: boolean;
            source?: string | null;
            /** @description The applied version is past its expiry day. */
            stale: boolean;
        };
        /** @description One fact a proposal changes, as the operator's queue shows it. */
        FieldChange: {
            /**
             * @description An attestation (SOC 2, ISO 27001, a BAA offered): approving it needs the evidence the
             *     operator saw.
             */
            attestation?: boolean;
            /** @description The listing's value now, as text; "Not stated" when it has none. */
            current: string;
            decision?: null | components["schemas"]["FactOutcome"];
            /** @description The request's name of the fact (`bookingUrl`, `hipaaBaa`, ...). */
            field: string;
            label: string;
            proposed: string;
        };
        /** @enum {string} */
        FieldType: "SINGLE" | "MULTI";
        /** @description The filter options, computed once per index. */
        FilterOptions: {
            dmas: string[];
            firmSizes: string[];
            states: string[];
        };
        FirmEnvelope: {
            firm: components["schemas"]["FirmView"];
        };
        /** @description The user's own history with the vendor. */
        FirmHistory: {
            /** @description The user hid this vendor from their picks. */
            dismissed: boolean;
            /** @description Newest first. */
            meetingClicks: components["schemas"]["MeetingClickItem"][];
            /** @description Newest first. */
            recommendations: components["schemas"]["ProfileRecommendation"][];
        };
        /** @description POST /api/admin/firms/merge: firm `from` is merged into firm `into`, which is kept. */
        FirmMerge: {
            /**
             * Format: int64
             * @description The firm that is merged into `into`; it no longer exists afterwards.
             */
            from: number;
            /**
             * Format: int64
             * @description The firm that is kept and receives everything of the other.
             */
            into: number;
        };
        /**
         * @description A person's role in their firm. The install's operator (`User::is_admin`) is another thing: a
         *     role of the install, not of a firm.
         * @enum {string}
         */
        FirmRole: "owner" | "admin" | "member" | "viewer";
        /** @enum {string} */
        FirmSize: "SOLO" | "E2_5" | "E6_20" | "E21_50" | "E51_200" | "E200P";
        /** @description What the API shows of a person's firm beside them. */
        FirmSummary: {
            /** Format: int64 */
            id: number;
            name: string;
            size?: null | components["schemas"]["FirmSize"];
        };
        /**
         * @description PATCH /api/firm: the firm's name, size and onboarding answers (owners and admins); what is
         *     absent is kept.
         */
        FirmUpdate: {
            name?: string | null;
            onboarding?: null | components["schemas"]["OnboardingAnswers"];
            size?: null | components["schemas"]["FirmSize"];
        };
        /** @description A firm as its members see it. */
        FirmView: {
            /** Format: date-time */
            createdAt: string;
            /** Format: int64 */
            id: number;
            /** @description How many members have no second factor yet; shown to owners only (absent for others). */
            membersWithoutMfa?: number | null;
            /** @description The firm's owner requires a second factor (two-step sign-in) of every member. */
            mfaRequired: boolean;
            /** @description The install's operator requires a second factor of every account (`--require-mfa`). */
            mfaRequiredByInstall: boolean;
            name: string;
            onboarding?: null | components["schemas"]["Onboarding"];
            size?: null | components["schemas"]["FirmSize"];
            /** @description Whether the firm counts as evidence for other firms. */
            verified: boolean;
        };
        /** @description POST /api/auth/forgot-password. */
        ForgotPassword: {
            email: string;
        };
        /** @description What `POST /api/auth/forgot-password` answers, whoever the email belongs to. */
        ForgotPasswordAnswer: {
            message: string;
        };
        /**
         * @description What a read answers: JSON, or the same numbers as a CSV file.
         * @enum {string}
         */
        Format: "json" | "csv";
        /**
         * @description The buckets of the series.
         * @enum {string}
         */
        Granularity: "day" | "week" | "month";
        Group: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description The vendors to compare side by side (2-4 of the group's entries); empty with one entry. */
            compareIds: number[];
            entries: components["schemas"]["EntryView"][];
            /**
             * Format: int32
             * @description Litigation stage 1-9, absent for the other categories.
             */
            stage?: number | null;
        };
        HistoryItem: {
            /** Format: date-time */
            at: string;
            /**
             * @description Who made the change (their name then); null for changes made before changes kept their
             *     author.
             */
            by?: string | null;
            status: components["schemas"]["Status"];
        };
        /** @description The import form: one CSV file. */
        ImportForm: {
            /**
             * Format: binary
             * @description A vendor or demo-booking CSV file; the header decides which.
             */
            file: string;
        };
        ImportReport: {
            errors: string[];
            /** Format: int64 */
            inserted: number;
            /** @description "bookings" or "vendors": which kind the header said the file is. */
            kind: string;
            /**
             * Format: int64
             * @description Of `skipped`, the rows refused for an error (listed in `errors`, the first hundred).
             */
            rowErrors: number;
            /**
             * Format: int64
             * @description Rows skipped: unchanged re-imported rows and refused rows alike.
             */
            skipped: number;
            /**
             * Format: int64
             * @description How many distinct such names there are (`unknownVendors` lists the first of them).
             */
            unknownVendorNames: number;
            /**
             * Format: int64
             * @description Imported booking rows whose Client names no vendor of the catalog: they count in the
             *     trends but can be evidence for no vendor (0 for a vendor file).
             */
            unknownVendorRows: number;
            /** @description Those Client names, the most frequent first, at most `LISTED_UNKNOWN_VENDORS`. */
            unknownVendors: string[];
            /** Format: int64 */
            updated: number;
        };
        /** @description What an import did, for the operator. */
        ImportedFirm: {
            /**
             * Format: int64
             * @description The new firm's id on this install.
             */
            firmId: number;
            /** @description The archive's tables this install does not take, and why. */
            leftOut: components["schemas"]["LeftOut"][];
            /** @description Its members, each without a password until they use a reset link (or single sign-on). */
            members: number;
            name: string;
            /** @description What was carried over differently from the archive, in words. */
            notes: string[];
            /**
             * @description The members, by role: the operator gives an owner a reset link
             *     (`POST /api/admin/users/{user_id}/reset-link`), and the owner the others theirs.
             */
            people: components["schemas"]["ImportedPerson"][];
            /** @description Rows written, by table. */
            tables: components["schemas"]["TableRows"][];
        };
        ImportedPerson: {
            email: string;
            name: string;
            role: components["schemas"]["FirmRole"];
            /**
             * Format: int64
             * @description Their account's id on this install.
             */
            userId: number;
        };
        /** @description GET and PUT /api/admin/settings: the install's settings the operator changes at run time. */
        InstallSettings: {
            /**
             * @description `open`: anyone may create an account (and a firm); `invite-only`: only through an
             *     invitation.
             */
            signUp: components["schemas"]["SignUpMode"];
        };
        /** @description One integration a vendor declares, and whether the firm uses that tool. */
        Integration: {
            /** @description A tool of the firm's own tech stack (names compared ignoring case). */
            inYourStack: boolean;
            name: string;
        };
        /** @description The answer to a new invitation: the link, shown this once. */
        InvitationCreated: {
            /** @description The link was also mailed to the invited address (mail is on); else hand it over yourself. */
            emailed: boolean;
            invitation: components["schemas"]["InvitationView"];
            /** @description `<origin>/join#<token>`: the token is in the fragment, which browsers never send. */
            link: string;
        };
        /** @description POST /api/auth/invitation. */
        InvitationLookup: {
            /** @description The token from the invitation link (after `#`). */
            token: string;
        };
        /** @description What the join page shows before the person signs up. */
        InvitationPreview: {
            email: string;
            /** Format: date-time */
            expiresAt: string;
            firmName: string;
            role: components["schemas"]["FirmRole"];
        };
        /** @description A pending invitation, as owners and admins see it (never its token). */
        InvitationView: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: int64 */
            id: number;
            /** @description The inviter's name. */
            invitedBy: string;
            role: components["schemas"]["FirmRole"];
        };
        Invitations: {
            items: components["schemas"]["InvitationView"][];
        };
        /**
         * @description Which value of a fact to keep.
         * @enum {string}
         */
        Keep: "feed" | "local";
        /** @description One kind of notice and how the caller gets it. */
        KindPref: {
            email: boolean;
            inApp: boolean;
            kind: components["schemas"]["NoticeKind"];
            label: string;
            /** @description About the account's security: its email cannot be turned off. */
            security: boolean;
        };
        /**
         * @description The firm's latest answers to a category's questionnaire, which a reopened questionnaire
         *     starts from; `response` is absent when nobody at the firm has answered it.
         */
        LatestResponse: {
            response?: null | components["schemas"]["SavedResponse"];
        };
        LeftOut: {
            table: string;
            why: string;
        };
        LinkBody: {
            /** @description The token after `#` in the mailed link. */
            token: string;
        };
        /** @description What a link is for, before the person takes it up. */
        LinkView: {
            email: string;
            /** @description Whether the operator invited the address (else it claimed the listing). */
            invited: boolean;
            vendorName: string;
        };
        /** @description The listing's facts as firms see them, each with where it came from. */
        ListingView: {
            bookingUrl?: string | null;
            description: string;
            facts: components["schemas"]["VendorFactsView"];
            /** Format: int64 */
            id: number;
            integrations: string[];
            /** @description The logo Litstack serves (`/api/logos/...`), or a link it has not copied. */
            logoUrl?: string | null;
            name: string;
            shortHighlights: string[];
            websiteUrl?: string | null;
        };
        /** @description An account that some client, or everyone, may not try to sign in to now. */
        LockedAccount: {
            /** @description Whether the account-wide threshold is reached (then every client that failed is refused). */
            accountWide: boolean;
            email: string;
            /**
             * Format: int32
             * @description Failed sign-ins for the account from everyone in the current window.
             */
            failures: number;
            /**
             * Format: int32
             * @description How many client addresses are refused for this account.
             */
            lockedClients: number;
            name: string;
            /**
             * Format: int64
             * @description Seconds until the last of its locks ends by itself.
             */
            secondsLeft: number;
            /** Format: int64 */
            userId: number;
        };
        /** @description The accounts some client may not sign in to now. */
        LockedAccounts: {
            items: components["schemas"]["LockedAccount"][];
        };
        /** @description PUT /api/admin/mail. */
        MailSettingsChange: {
            /** @description Allow plain SMTP to a host that is not this machine. */
            allowPlain?: boolean;
            /** @description The address messages come from: `Litstack <litstack@firm.example>`. */
            from: string;
            /** @description A new password; absent or null keeps the stored one (when the URL has none). */
            password?: string | null;
            /** @description `smtp://user@host:587` or `smtps://user@host:465`; a password in it is taken. */
            smtpUrl: string;
        };
        /** @description The mail settings as the operator sees them: everything but the password. */
        MailSettingsView: {
            allowPlain: boolean;
            /** @description Mail is on: messages are queued and sent. */
            enabled: boolean;
            from?: string | null;
            hasPassword: boolean;
            host?: string | null;
            /** Format: int32 */
            port?: number | null;
            /**
             * @description The address the links in mail start with (`--public-url`, or the loopback address the
             *     server listens on). None: mail that carries a link (invitations, reset links, notices) is
             *     not sent, since its link would point nowhere this install knows.
             */
            publicAddress?: string | null;
            security?: null | components["schemas"]["Security"];
            /** @description `smtp(s)://user@host:port`, without the password. */
            smtpUrl?: string | null;
            username?: string | null;
        };
        /** @description POST /api/notifications/read: `{ids: [..]}` or `{all: true}`. */
        MarkRead: {
            /** @description Every notice of the caller. */
            all?: boolean | null;
            /** @description The notices to mark read; ids that are not the caller's are ignored. */
            ids?: number[] | null;
        };
        /** @description The firm's match score for the vendor, from its latest questionnaire in the vendor's category. */
        MatchScore: {
            /** @description The day the questionnaire was answered (YYYY-MM-DD, UTC). */
            answeredOn: string;
            /**
             * Format: int32
             * @description 0-100.
             */
            score: number;
        };
        /** @description What `me` answers. */
        MeAnswer: {
            mfaRequiredBy?: null | components["schemas"]["RequiredBy"];
            /**
             * @description This session may only set up a second factor (`GET /api/auth/mfa`, the TOTP setup and
             *     confirm, sign-out); every other route answers 403 with the code `mfa_setup_required`
             *     until the factor is confirmed.
             */
            mfaSetupRequired: boolean;
            user: components["schemas"]["UserView"];
        };
        /**
         * @description A click on this vendor's Schedule Meeting (kind `BOOKING`) or Visit Website (kind `WEBSITE`)
         *     by the user.
         */
        MeetingClickItem: {
            /** @description What the click opened: the booking link or the website. */
            kind: components["schemas"]["ClickKind"];
            /** Format: date-time */
            recordedAt: string;
            sourcePage: components["schemas"]["SourcePage"];
        };
        MeetingClickRequest: {
            kind?: null | components["schemas"]["ClickKind"];
            /** @description Text, so that an unknown value gets our own message listing the valid ones. */
            sourcePage: components["schemas"]["SourcePage"];
            /** Format: int64 */
            vendorId: number;
        };
        MeetingClickView: {
            /**
             * @description The vendor's scheduler with `utm_source`, for a booking click; absent in the list when the
             *     vendor lost it since.
             */
            bookingUrl?: string | null;
            /** Format: int64 */
            id: number;
            /** @description What the click opened. */
            kind: components["schemas"]["ClickKind"];
            /** Format: date-time */
            recordedAt: string;
            sourcePage: components["schemas"]["SourcePage"];
            /** Format: int64 */
            vendorId: number;
            vendorName?: string | null;
            /** @description The vendor's website with `utm_source`, for a website click. */
            websiteUrl?: string | null;
        };
        MemberEnvelope: {
            member: components["schemas"]["MemberView"];
        };
        /** @description One member of the firm. */
        MemberView: {
            email: string;
            /** @description Whether this member is the person asking. */
            isYou: boolean;
            /** Format: date-time */
            joinedAt: string;
            /**
             * Format: date-time
             * @description The latest request of any open session of theirs; null when none is open.
             */
            lastActiveAt?: string | null;
            name: string;
            role: components["schemas"]["FirmRole"];
            /** Format: int64 */
            userId: number;
        };
        Members: {
            items: components["schemas"]["MemberView"][];
        };
        /** @description What moved from the duplicate to the kept vendor. */
        MergeMoved: {
            /** Format: int64 */
            dismissals: number;
            /**
             * Format: int64
             * @description Evaluations (a firm's rounds of one category) whose scorecards, reference calls or
             *     incumbent named the duplicate and now name the kept vendor.
             */
            evaluations: number;
            /** Format: int64 */
            meetingClicks: number;
            /** Format: int64 */
            pastRecommendations: number;
            /**
             * Format: int64
             * @description Saved sets of picks (questionnaire or Pick For Me) that listed the duplicate.
             */
            picks: number;
            /**
             * Format: int64
             * @description The duplicate's scorecards dropped because their author had scored the kept vendor in the
             *     same round: that scorecard stays.
             */
            scorecardsDropped: number;
            /**
             * Format: int64
             * @description Shortlist entries now for the kept vendor.
             */
            shortlistEntries: number;
            /**
             * @description Firms that had both on their shortlist: their entry for the kept vendor stays (its notes,
             *     status and history), the one for the duplicate is gone.
             */
            shortlistKept: number[];
            /**
             * Format: int64
             * @description Firms whose tech stack listed the duplicate.
             */
            techStacks: number;
        };
        /**
         * @description Why a message is sent: what it says, and whether a person may turn it off.
         * @enum {string}
         */
        MessageKind: "invitation" | "passwordReset" | "roleChanged" | "test" | "newSignIn" | "demoFollowUp" | "renewalReminder" | "decisionApproval" | "vendorAccess" | "vendorReview" | "vendorClaim" | "vendorProposal" | "firmDeletion" | "operatorHandover" | "demoRequest" | "demoAnswered";
        /**
         * @description Where a message is on its way.
         * @enum {string}
         */
        MessageStatus: "queued" | "sent" | "failed" | "dropped";
        MfaRequiredBody: {
            /** @description Whether every member must sign in with a second factor. */
            required: boolean;
        };
        MfaStatus: {
            /** @description Two-step sign-in is on for this account. */
            enabled: boolean;
            /** @description Unused recovery codes left. */
            recoveryCodesLeft: number;
        };
        MonthFigures: {
            /**
             * Format: int64
             * @description How many verified firms' people opened the listing's scheduler (Schedule Meeting) in the
             *     month, each firm once; null while the month is in progress, and when fewer than 5 firms
             *     did (none included).
             */
            firmsOpenedScheduler?: number | null;
            /**
             * Format: int64
             * @description How many verified firms' people opened the listing's profile in the month, each firm
             *     once; null while the month is in progress, and when fewer than 5 firms did (none
             *     included).
             */
            firmsViewedProfile?: number | null;
            /** @description True for the month in progress (UTC): it shows no figure until it has closed. */
            inProgress: boolean;
            /** @description YYYY-MM. */
            month: string;
        };
        /** @description Demo bookings of neighbouring months (or sizes) shown as one count (see `suppress::groups`). */
        MonthGroup: {
            count: components["schemas"]["ShownCount"];
            /** @description The first month, YYYY-MM. */
            from: string;
            /** @description The last month, YYYY-MM (the same as `from` for a single month). */
            to: string;
        };
        NameCount: {
            /** Format: int32 */
            count: number;
            /** @description The category's label: what a screen and a download show. */
            label: string;
            name: string;
        };
        /** @description POST /api/firm/invitations. */
        NewInvitation: {
            /** Format: email */
            email: string;
            role: components["schemas"]["FirmRole"];
        };
        /**
         * @description POST /api/vendors/{vendor_id}/demo-requests: what the member shares, field by field. Every
         *     field is off unless sent as `true`; the values are the server's (the member's name and email,
         *     the firm's name and size, the vendor's category), never the client's.
         */
        NewRequest: {
            /** @description A note to the vendor (at most 1,000 characters); empty or absent: none. */
            note?: string | null;
            shareCategory?: boolean | null;
            shareEmail?: boolean | null;
            shareFirmName?: boolean | null;
            shareFirmSize?: boolean | null;
            shareName?: boolean | null;
        };
        /** @description POST /api/views. */
        NewSavedView: {
            /** @description 1 to 80 characters on one line. */
            name: string;
            /**
             * @description The /trends query string (at most 2,000 characters; only the screen's parameters, each
             *     value at most 200 characters). A leading `?` is dropped.
             */
            params: string;
        };
        /** @description One suggested next step for the caller, only ever one their role may take. */
        NextStep: {
            /**
             * Format: int64
             * @description The category it is about (approve, evaluate, questionnaire, and the contract's tool's).
             */
            categoryId?: number | null;
            /** @description The category's label: what a screen shows. */
            categoryLabel?: string | null;
            categoryName?: string | null;
            /**
             * Format: int64
             * @description Whole days until that deadline (0 to 30).
             */
            daysUntil?: number | null;
            /**
             * Format: int64
             * @description The decision waiting for approval.
             */
            decisionId?: number | null;
            kind: components["schemas"]["NextStepKind"];
            /** @description The contract's opt-out deadline (YYYY-MM-DD). */
            noticeDate?: string | null;
            /** @description How many vendors of the category are shortlisted (start an evaluation). */
            shortlisted?: number | null;
            /** @description The decided vendor, or the tool whose contract renews. */
            vendorName?: string | null;
        };
        /**
         * @description What the suggested next step asks of the caller (the first that applies, in this order).
         * @enum {string}
         */
        NextStepKind: "approve_decision" | "renewal_notice" | "start_evaluation" | "invite_colleague" | "answer_questionnaire";
        /** @description A fact the catalog does not know of some of a tie group: "SOC 2", not stated by 5 of them. */
        NotKnownView: {
            fact: string;
            /** @description How many of the group do not state it. */
            vendors: number;
        };
        /**
         * @description Why a person is told something: each kind has its label, its mail kind and whether it is about
         *     the account's security. Stored by its code (`code`, the seam's JSON), so a new kind may go
         *     anywhere.
         * @enum {string}
         */
        NoticeKind: "roleChanged" | "newSignIn" | "demoFollowUp" | "renewalReminder" | "decisionApproval" | "vendorClaim" | "vendorProposal" | "firmDeletion" | "operatorHandover" | "demoAnswered";
        /** @description The caller's newest notices (at most 50), newest first, and how many are unread. */
        NoticeList: {
            items: components["schemas"]["NoticeView"][];
            unread: number;
        };
        NoticePrefs: {
            kinds: components["schemas"]["KindPref"][];
        };
        /** @description One notice under the bell. */
        NoticeView: {
            body: string;
            /** @description RFC 3339, UTC. */
            createdAt: string;
            /** Format: int64 */
            id: number;
            kind: components["schemas"]["NoticeKind"];
            /** @description A path in the app to open, or empty. */
            link: string;
            read: boolean;
            title: string;
        };
        /** @description The body of `POST /api/admin/handover`. */
        OfferRequest: {
            /**
             * @description A current code of the operator's second factor (or a recovery code); asked only of an
             *     operator who has one.
             */
            code?: string | null;
            /** @description The email of the account that is to run the install. */
            email: string;
        };
        /** @description A pending offer, as the operator and the offered account read it. */
        OfferView: {
            /** @description When it ends unanswered (RFC 3339). */
            expiresAt: string;
            fromEmail: string;
            /** @description The operator who offered it, by name and email. */
            fromName: string;
            /**
             * Format: int64
             * @description The offer's id: what the answer and the withdrawal name.
             */
            id: number;
            /** @description When it was offered (RFC 3339). */
            offeredAt: string;
            toEmail: string;
            /** @description The offered account's firm. */
            toFirm: string;
            /** @description The account it is offered to. */
            toName: string;
        };
        Onboarding: {
            annualSoftwareSpendBand: components["schemas"]["SpendBand"];
            attorneysCountBand: components["schemas"]["AttorneysBand"];
            employeesCountBand: components["schemas"]["EmployeesBand"];
            injuryCasesPerMonthBand: components["schemas"]["CasesBand"];
        };
        /**
         * @description The four onboarding answers; each is required (text here, so a missing or unknown one gets a
         *     message naming the question).
         */
        OnboardingAnswers: {
            annualSoftwareSpendBand: components["schemas"]["SpendBand"];
            attorneysCountBand: components["schemas"]["AttorneysBand"];
            employeesCountBand: components["schemas"]["EmployeesBand"];
            injuryCasesPerMonthBand: components["schemas"]["CasesBand"];
        };
        /** @description Whether the firm's onboarding questions are answered. */
        OnboardingStatus: {
            completed: boolean;
        };
        /** @description The filter options, and how many sample bookings they were taken from. */
        OptionsAnswer: components["schemas"]["FilterOptions"] & components["schemas"]["SampleShare"];
        OtherVendor: {
            name: string;
        };
        Outbox: {
            /** @description The newest 200 messages, newest first. */
            items: components["schemas"]["OutboxItem"][];
            /** @description Mail is on; when off, queued messages wait. */
            mailEnabled: boolean;
        };
        /** @description One message of the outbox, without its body. */
        OutboxItem: {
            /** Format: int32 */
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: int64 */
            id: number;
            kind: components["schemas"]["MessageKind"];
            /** @description The mail server's last answer, or why it could not be reached. */
            lastAnswer?: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is made (queued messages).
             */
            nextAttemptAt?: string | null;
            /** Format: date-time */
            sentAt?: string | null;
            status: components["schemas"]["MessageStatus"];
            subject: string;
            to: string;
        };
        /** @description `PUT /api/shortlist/{vendorId}/outcome`: what happened after the demo. */
        OutcomeRequest: {
            /** @description Whether the firm chose the vendor; only after the demo was held. */
            chosen?: boolean | null;
            /** @description Whether the demo happened; leave it out for "Not yet". */
            demoHeld?: boolean | null;
            /**
             * Format: int32
             * @description How satisfied the firm is, 1-5; only for a chosen vendor.
             */
            satisfaction?: number | null;
        };
        OutcomeView: {
            chosen?: boolean | null;
            demoHeld?: boolean | null;
            /** Format: int32 */
            satisfaction?: number | null;
        };
        /** @description Progress through the litigation stages, and the categories outside them. */
        Overview: {
            firmSize?: null | components["schemas"]["FirmSize"];
            nextStep?: null | components["schemas"]["NextStep"];
            /**
             * @description The categories that are not a stage ("Across the firm"), by id; never counted in the
             *     progress.
             */
            others: components["schemas"]["StageOverview"][];
            stages: components["schemas"]["StageOverview"][];
            /** @description Stages with a tool in the tech stack or a final decision. */
            stagesCompleted: number;
            /**
             * @description Stages with picks, a questionnaire, shortlist entries, an evaluation or an open decision,
             *     and not completed.
             */
            stagesInProgress: number;
            /** @description Stages the firm's tech stack has a tool for (part of the completed ones). */
            stagesWithTool: number;
            totalStages: number;
            /**
             * Format: int32
             * @description How many stages other firms of that size usually have a tool for (the median of those
             *     that answered every stage); null below 5 such firms or without a size.
             */
            usualStages?: number | null;
        };
        /** @description One page of a list, with the page clamped into range. */
        Page_PastRecommendation: {
            items: {
                /** Format: int64 */
                categoryId: number;
                reasons: components["schemas"]["RecommendationReasons"];
                /** @description "{categoryId}-{vendorId}". */
                recommendationId: string;
                /** Format: date-time */
                recommendedAt: string;
                vendor: components["schemas"]["VendorView"];
            }[];
            page: number;
            pageSize: number;
            total: number;
            totalPages: number;
        };
        /**
         * @description The partner levels, for the API description.
         * @enum {string}
         */
        PartnerLevel: "Gold" | "Silver" | "Bronze";
        /** @description The vendor's partner status, as the administrator set it. */
        PartnerStatus: {
            isRecommendedPartner: boolean;
            partnerLevel?: string | null;
        };
        /** @description One vendor recommended to the user, the latest time it was. */
        PastRecommendation: {
            /** Format: int64 */
            categoryId: number;
            reasons: components["schemas"]["RecommendationReasons"];
            /** @description "{categoryId}-{vendorId}". */
            recommendationId: string;
            /** Format: date-time */
            recommendedAt: string;
            vendor: components["schemas"]["VendorView"];
        };
        /** @description Firms of the user's size whose saved tech stack has the vendor. */
        PeerAdoption: {
            firms: components["schemas"]["ShownCount"];
            size: components["schemas"]["SizeRef"];
            /** @description "Used by 12 firms of your size" / "Used by fewer than 5 firms of your size". */
            text: string;
        };
        /** @description The pending offer a screen shows, if any. */
        PendingOffer: {
            offer?: null | components["schemas"]["OfferView"];
        };
        /** @description The saved picks of every category that has any: the nine stages in order, then the others. */
        PersistedPicks: {
            evidence: components["schemas"]["EvidenceView"];
            /**
             * @description For the whole page: while no real booking exists, where the picks' evidence comes from
             *     (and, while Vendor Trends shows the generated sample set, that picks never use it), with or
             *     without picks; else the widest fallback any category's picks used (no bookings in a stage,
             *     all firms, neighbouring sizes), or null when none did.
             */
            fallbackNote?: string | null;
            items: components["schemas"]["StagePicks"][];
            /**
             * @description True when some picks were ranked by fit alone because no real booking had been imported,
             *     so nothing here rests on what similar firms booked.
             */
            rankedWithoutBookings: boolean;
            /**
             * @description Set when some Pick For Me picks were made before the real demo bookings last changed:
             *     says when they were imported and that Pick For Me refreshes the picks.
             */
            staleNote?: string | null;
            usedAnySizeFallback: boolean;
        };
        /** @description One person's score on a criterion. */
        PersonScore: {
            /** @description Their name when they submitted. */
            by: string;
            comment: string;
            /**
             * Format: int32
             * @description 1-5; `null`: did not see.
             */
            score?: number | null;
            underOldCriteria: boolean;
        };
        /**
         * @description Pick For Me's answer: every category's picks, and whether the evidence changed since the
         *     picks it replaced.
         */
        PickForMeAnswer: components["schemas"]["PersistedPicks"] & {
            /**
             * @description True when real demo bookings changed since the picks it replaced were made (or they were
             *     made while none existed); false when nothing changed; null when there were no picks.
             */
            evidenceChanged?: boolean | null;
        };
        /**
         * @description Where a stage's picks came from.
         * @enum {string}
         */
        PickSource: "questionnaire" | "pick_for_me";
        /** @description One saved pick as a stage card shows it. */
        PickView: {
            bookingUrl?: string | null;
            logoUrl?: string | null;
            name: string;
            price?: null | components["schemas"]["ProvenanceView"];
            /** Format: int32 */
            priceBracket?: number | null;
            reason: string;
            /**
             * @description Set when what the firm told us does not set this vendor apart from others of the category:
             *     says so, and by which rule they are ordered.
             */
            tie?: string | null;
            /** Format: int64 */
            vendorId: number;
            websiteUrl?: string | null;
        };
        /** @description What undoing "Clear picks" did, category by category (in the order /matches shows them). */
        PicksRestored: {
            /** @description The categories that got new picks after the clear: their new picks stay as they are. */
            keptNewer: components["schemas"]["RestoredCategory"][];
            /** @description The categories whose cleared picks are back, with the source they had. */
            restored: components["schemas"]["RestoredCategory"][];
        };
        /** @description How to get one kind. */
        PrefChange: {
            email: boolean;
            inApp: boolean;
        };
        /** @description PUT /api/me/notifications: the kinds to change (a kind left out stays as it is). */
        PrefsChange: {
            decisionApproval?: null | components["schemas"]["PrefChange"];
            demoAnswered?: null | components["schemas"]["PrefChange"];
            demoFollowUp?: null | components["schemas"]["PrefChange"];
            newSignIn?: null | components["schemas"]["PrefChange"];
            renewalReminder?: null | components["schemas"]["PrefChange"];
            roleChanged?: null | components["schemas"]["PrefChange"];
        };
        /**
         * @description A band of the fixed ladder of annual cost per seat (whole US dollars): under $10, $10-$20,
         *     $20-$50, $50-$100, $100-$200, ... in 1-2-5 steps up to $50,000 or more.
         */
        PriceBand: {
            /**
             * Format: int64
             * @description The lowest price of the band (0 for the first).
             */
            from: number;
            /** @description "$50 – $100", "under $10", "$50,000 or more". */
            text: string;
            /**
             * Format: int64
             * @description The band's upper end, not included; null for the top band ("$50,000 or more").
             */
            to?: number | null;
        };
        /**
         * @description Annual cost per seat as fixed bands in whole US dollars: the band of the lower quartile, the
         *     median and the upper quartile of the firms' figures (each the price at a rank, never a mean,
         *     a lowest or a highest). Each band is null unless at least 7 of the group's firms pay in lower
         *     bands and 7 in higher ones (`bandsText` then says so); all three are null when fewer than 5
         *     firms shared (0 included) or the figures are withheld.
         */
        PriceFigure: {
            /**
             * @description Why a band is null while the count is shown: "a band is shown only where at least 7 of
             *     these firms pay in lower bands and 7 in higher ones"; null when every band is shown or
             *     when `text` already says why none is.
             */
            bandsText?: string | null;
            /**
             * @description How many firms the figure is drawn from: the number from 5 up, "fewer than 5", or "not
             *     shown" while withheld.
             */
            firms: components["schemas"]["ShownCount"];
            lowerQuartile?: null | components["schemas"]["PriceBand"];
            median?: null | components["schemas"]["PriceBand"];
            /**
             * @description "12 firms shared" / "fewer than 5 firms shared" / "not shown until the next monthly
             *     update".
             */
            text: string;
            upperQuartile?: null | components["schemas"]["PriceBand"];
        };
        /** @description One size, or neighbouring sizes shown together, and what their firms pay. */
        PriceGroup: {
            figure: components["schemas"]["PriceFigure"];
            sizes: components["schemas"]["SizeRef"][];
        };
        /**
         * @description The firm's choice: whether it shares, and who last chose when (both null while nobody ever
         *     chose: not shared, the default).
         */
        PriceSharing: {
            /** @description Who made it, by their name then. */
            by?: string | null;
            share: boolean;
            /** @description When the current choice was made (RFC 3339). */
            since?: string | null;
        };
        PriceSharingBody: {
            /** @description Whether the firm shares the annual cost per seat of its contracts with other firms. */
            share: boolean;
        };
        /** @description A time the vendor was recommended to the user, and why. */
        ProfileRecommendation: {
            category: components["schemas"]["CategoryRef"];
            /** @description The needs the vendor met (one questionnaire answer per item). */
            needsMet: string[];
            reasons: string[];
            /** Format: date-time */
            recommendedAt: string;
        };
        /** @description The profile form. An email change needs the current password and ends the other sessions. */
        ProfileUpdate: {
            currentPassword?: string | null;
            /** Format: email */
            email?: string | null;
            firmSize?: null | components["schemas"]["FirmSize"];
            lawFirm: string;
            name: string;
        };
        ProfileUser: {
            email: string;
            firmSize?: null | components["schemas"]["FirmSize"];
            lawFirm: string;
            name: string;
        };
        /** @description The profile form's data: the user's own details and the firm's onboarding answers. */
        ProfileView: {
            onboarding?: null | components["schemas"]["Onboarding"];
            user: components["schemas"]["ProfileUser"];
        };
        ProposalList: {
            items: components["schemas"]["ProposalView"][];
        };
        ProposalQueue: {
            /** @description The 50 last decided or withdrawn, newest first. */
            decided: components["schemas"]["ProposalView"][];
            /** @description Waiting for a decision, oldest first. */
            open: components["schemas"]["ProposalView"][];
        };
        /** @enum {string} */
        ProposalStatus: "open" | "approved" | "rejected" | "withdrawn";
        /** @description A proposal as its listing's people and the operator see it. */
        ProposalView: {
            /** @description Who proposed it, by their name then. */
            byName: string;
            /**
             * @description What it changes against the listing as it is now (an open or withdrawn proposal), or what
             *     it changed against the listing at the decision (a decided one); a fact decided on its own
             *     keeps its row and says how (`decision`).
             */
            changes: components["schemas"]["FieldChange"][];
            decidedAt?: string | null;
            /** Format: int64 */
            id: number;
            /**
             * @description Why an open proposal can no longer be approved as it is (the listing or the rules
             *     changed since), if so.
             */
            problem?: string | null;
            /** @description The operator's reason for a rejection. */
            reason?: string | null;
            status: components["schemas"]["ProposalStatus"];
            /** @description RFC 3339, UTC. */
            submittedAt: string;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        /**
         * @description POST /api/vendor/proposals: the facts of the listing to change; any left out stay as they
         *     are. The booking link and the trust page are http(s) addresses, checked as an import checks
         *     them.
         */
        ProposedChanges: {
            /** @description The vendor's own scheduling page, http(s); null or "" for none. */
            bookingUrl?: string | null;
            /** @description Up to 2,000 characters. */
            description?: string | null;
            facts?: null | components["schemas"]["FactsUpdate"];
            /** @description The products it connects to: up to 50 names of up to 200 characters. */
            integrations?: string[] | null;
            /**
             * @description A logo image's http(s) address (PNG, JPEG, GIF or WebP, at most 512 KB): copied when the
             *     operator approves, then served by Litstack; null or "" for none.
             */
            logoUrl?: string | null;
            /** @description Up to 10 short lines of up to 200 characters. */
            shortHighlights?: string[] | null;
        };
        /**
         * @description Where a fact came from, as firms see it: the page and the day it was read, the install's
         *     administrator and the day, or Litstack's estimate. No person is named.
         */
        ProvenanceView: {
            /** @description YYYY-MM-DD. */
            checkedOn: string;
            /** @enum {string} */
            kind: "page";
            url: string;
        } | {
            /** @enum {string} */
            kind: "administrator";
            /** @description YYYY-MM-DD. */
            on: string;
        } | {
            /** @enum {string} */
            kind: "estimate";
        } | {
            /** @description The catalog's name. */
            feed: string;
            /** @enum {string} */
            kind: "publisher";
            /** @description YYYY-MM-DD. */
            on: string;
        } | {
            evidence?: null | components["schemas"]["AttestationEvidence"];
            /** @enum {string} */
            kind: "vendor";
            /** @description YYYY-MM-DD. */
            on: string;
            /** @description The vendor's name. */
            vendor: string;
        };
        /** @description What a pull did. */
        PullReport: {
            /** @description Vendors new to this install. */
            added: number;
            /** @description Facts both changed: the operator chooses (Manage Vendors). */
            conflicts: number;
            feed: string;
            /** @description Facts this install changed that the feed left alone, kept. */
            keptLocal: number;
            /** @description Facts left out because a link failed the import's checks. */
            leftOut: string[];
            /** @description Vendors the feed retired or merged away, now inactive here. */
            madeInactive: number;
            message: string;
            /** @description The feed is past its expiry day. */
            stale: boolean;
            /** @description Vendors with at least one fact changed. */
            updated: number;
            /** Format: int64 */
            version: number;
        };
        QuestionInput: {
            answer: string;
            question: string;
        };
        /** @description What the client sees of a question: the option labels, never the tags behind them. */
        QuestionView: {
            fieldType: components["schemas"]["FieldType"];
            /** Format: int64 */
            id: number;
            options: string[];
            prompt: string;
        };
        /** @description A ranked vendor with the reasons for its place. */
        RankedView: {
            alreadyUsed: boolean;
            breakdown: components["schemas"]["Factor"][];
            matchedTags: string[];
            missingTags: string[];
            /**
             * @description The needs the vendor meets (the options of kind need it matches), one answer per item:
             *     the list the needs reason speaks of.
             */
            needsMet: string[];
            rank: number;
            reasons: string[];
            /** Format: int32 */
            score: number;
            vendor: components["schemas"]["VendorView"];
        };
        /** @description Real demo bookings of the vendor by firms of the user's size, in the last `days` days. */
        RecentForSize: {
            count: components["schemas"]["ShownCount"];
            /** Format: int32 */
            days: number;
            size: components["schemas"]["SizeRef"];
            /**
             * @description True when the count is withheld ("not shown"): beside the 24-month count of the size (or
             *     of the sizes it is shown with) or the months, it would reveal a count of 0 to 4 bookings.
             */
            withheld: boolean;
        };
        Recommendation: {
            /**
             * @description The needs the vendor met (one questionnaire answer per item), which the needs reason
             *     speaks of.
             */
            needsMet: string[];
            reasons: string[];
            /** Format: date-time */
            recommendedAt: string;
        };
        /** @description Why a vendor was recommended. */
        RecommendationReasons: {
            /**
             * @description The needs the vendor met (one questionnaire answer per item), which the needs strength
             *     speaks of; empty when it was not recommended on needs.
             */
            needsMet: string[];
            strengths: string[];
        };
        RecordApprover: {
            name: string;
            /** Format: int64 */
            userId: number;
        };
        RecordCategory: {
            /** Format: int64 */
            id: number;
            name: string;
        };
        /** @description A change to criteria after they locked: who, when, why, and the criteria before and after. */
        RecordCriteriaChange: {
            after: components["schemas"]["RecordCriterion"][];
            /** @description RFC 3339. */
            at: string;
            before: components["schemas"]["RecordCriterion"][];
            /** @description The member's name then. */
            by: string;
            reason: string;
        };
        /** @description One criterion as the firm weighs it; weights of a category's criteria add up to 100. */
        RecordCriterion: {
            /** @description Stable within the category (a slug such as `ease-of-use`). */
            id: string;
            name: string;
            /**
             * Format: int32
             * @description 1..=100.
             */
            weight: number;
        };
        /** @description The decision's terms as the record holds them. */
        RecordDecision: {
            /**
             * Format: int64
             * @description Cents.
             */
            annualCost: number;
            chosen: components["schemas"]["RecordVendorRef"];
            /** @description RFC 3339. */
            proposedAt: string;
            proposedBy: string;
            reasons: string;
            runnerUp?: null | components["schemas"]["RecordVendorRef"];
            /** @description YYYY-MM-DD. */
            startDate: string;
        };
        RecordQuestion: {
            answer: string;
            question: string;
        };
        /** @description A reference call a member recorded for a vendor. */
        RecordReference: {
            /** @description The member's name then. */
            by: string;
            /** @description YYYY-MM-DD. */
            date: string;
            /** @description The firm that was called. */
            firmCalled: string;
            /** @description Its size as the member wrote it down (e.g. "11-25 staff"). */
            firmSize: string;
            questions: components["schemas"]["RecordQuestion"][];
        };
        /** @description One person's score on one criterion: 1-5, or `None` for "did not see". */
        RecordScore: {
            comment: string;
            criterionId: string;
            /** Format: int32 */
            score?: number | null;
        };
        /** @description A submitted scorecard. */
        RecordScorecard: {
            /** @description The member's name then. */
            by: string;
            scores: components["schemas"]["RecordScore"][];
            /** @description RFC 3339. */
            submittedAt: string;
            /** @description Scored under criteria that were changed afterwards. */
            underOldCriteria: boolean;
        };
        /** @description A shortlisted vendor of the category and its history. */
        RecordShortlistVendor: {
            chosenAfterDemo?: boolean | null;
            demoHeld?: boolean | null;
            history: components["schemas"]["RecordStatusChange"][];
            status: string;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        /** @description One status change of a shortlisted vendor. */
        RecordStatusChange: {
            /** @description RFC 3339. */
            at: string;
            /** @description Who made it, by their name then. */
            by?: string | null;
            status: string;
        };
        /** @description One vendor of the evaluation. */
        RecordVendor: {
            /** @description Criteria ids whose scores differ by 2 or more. */
            disagreements: string[];
            /** @description The firm's current tool in the category when a re-evaluation began: the baseline to beat. */
            incumbent: boolean;
            references: components["schemas"]["RecordReference"][];
            scorecards: components["schemas"]["RecordScorecard"][];
            /**
             * @description Only in an answer to a caller who may not see this vendor's scorecards yet (never in a
             *     stored version): why the scorecards, and perhaps the weighted score and the flags, are
             *     left out ("Scores and comments appear once the decision is final").
             */
            scoresHidden?: string | null;
            vendorId: string;
            vendorName: string;
            /**
             * Format: int32
             * @description 0-100; `None` until a scorecard with a score is submitted.
             */
            weightedScore?: number | null;
        };
        /** @description A vendor as the record names it. */
        RecordVendorRef: {
            /** Format: int64 */
            id: number;
            name: string;
        };
        RecoveryCodes: {
            /** @description Ten single-use codes, shown this once. */
            recoveryCodes: string[];
        };
        /** @description POST /api/evaluations/{categoryId}/references. */
        ReferenceRequest: {
            /** @description The day of the call, YYYY-MM-DD, not in the future. */
            date: string;
            /** @description The firm that was called, 1 to 120 characters. */
            firmCalled: string;
            /** @description Its size as written down (e.g. "11-25 staff"), 1 to 60 characters. */
            firmSize: string;
            /** @description 1 to 20 questions, each question and answer 1 to 1,000 characters. */
            questions: components["schemas"]["QuestionInput"][];
            /** Format: int64 */
            vendorId: number;
        };
        /** @description A reference call. */
        ReferenceView: {
            /** @description The member who recorded it, by their name then. */
            by: string;
            /** @description The caller recorded it, or is an owner or admin. */
            canDelete: boolean;
            /** @description YYYY-MM-DD. */
            date: string;
            firmCalled: string;
            firmSize: string;
            /** Format: int64 */
            id: number;
            questions: components["schemas"]["RecordQuestion"][];
            /** Format: int64 */
            vendorId: number;
        };
        /** @description The firm's contracts, soonest deadline first. */
        RenewalList: {
            items: components["schemas"]["ContractView"][];
            /** @description The server's today (YYYY-MM-DD, UTC) the deadlines count from. */
            today: string;
        };
        /**
         * @description Who requires a second factor of an account.
         * @enum {string}
         */
        RequiredBy: "install" | "firm";
        /** @description A password-reset link, shown this once. */
        ResetLinkView: {
            /** @description The link was also mailed to the account's address (mail is on). */
            emailed: boolean;
            /** Format: date-time */
            expiresAt: string;
            /** @description `<origin>/reset-password#<token>`. */
            link: string;
        };
        /** @description POST /api/auth/reset-password. */
        ResetPassword: {
            /** @description 8 to 128 characters, and not one of the commonly used passwords. */
            newPassword: string;
            /** @description The token from the reset link (after `#`). */
            token: string;
        };
        /** @description A stored questionnaire response. */
        ResponseCreated: {
            /** Format: int64 */
            responseId: number;
        };
        ResponseRequest: {
            /** @description At least one question answered with at least one offered option. */
            answers: components["schemas"]["AnswerRequest"][];
            /** Format: int64 */
            categoryId: number;
        };
        /** @description A category named in `PicksRestored`. */
        RestoredCategory: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
        };
        /** @description PATCH /api/firm/members/{userId}. */
        RoleChange: {
            role: components["schemas"]["FirmRole"];
        };
        /** @description How much of an answer is generated sample data, and which kinds of bookings exist. */
        SampleShare: {
            /**
             * @description Whether any real (imported) booking exists. Until one does, sample bookings are included by
             *     default; from then on only with `includeSample=true`.
             */
            hasRealData: boolean;
            /** @description Whether the generated sample set is still stored (an admin may remove it). */
            hasSampleData: boolean;
            /**
             * Format: int64
             * @description How many of the bookings the answer counts are generated sample data (0 when samples are
             *     left out). For the filter options: of the bookings the options come from.
             */
            sampleCount: number;
        };
        /** @description One answered category. Vendors only make sense with `hasTool: true`. */
        SaveItem: {
            /** Format: int64 */
            categoryId: number;
            /** @description Yes or No; required. */
            hasTool: boolean;
            /** @description Tools not in the catalog, by name (at most 80 characters each). */
            otherVendors?: string[] | null;
            /** Format: int64 */
            primaryVendorId?: number | null;
            selectedVendorIds?: number[] | null;
        };
        /** @description The body of `POST /api/profile/category-adoption`. */
        SaveRequest: {
            /** @description The categories to save; at least one, each at most once. */
            items: components["schemas"]["SaveItem"][];
        };
        SavedAnswer: {
            /** Format: int64 */
            questionId: number;
            selectedValues: string[];
        };
        SavedResponse: {
            /** @description When they were given (RFC 3339, UTC). */
            answeredAt: string;
            /**
             * @description Only answers the questionnaire still offers: a question or option removed since is left
             *     out.
             */
            answers: components["schemas"]["SavedAnswer"][];
            /** Format: int64 */
            categoryId: number;
            /** Format: int64 */
            responseId: number;
        };
        /** @description A saved view of /trends. */
        SavedViewView: {
            /** @description RFC 3339, UTC. */
            createdAt: string;
            /** @description The member who saved it, by their name then. */
            createdBy?: string | null;
            /** Format: int64 */
            firmId: number;
            /** Format: int64 */
            id: number;
            /** @description 1 to 80 characters, unique in the firm ignoring case. */
            name: string;
            /** @description The /trends query string it opens, without the `?` (e.g. `state=TX&start=2026-01-01`). */
            params: string;
        };
        /** @description The firm's saved views, by name. */
        SavedViews: {
            items: components["schemas"]["SavedViewView"][];
        };
        /**
         * @description How often the server pulls the feed by itself.
         * @enum {string}
         */
        Schedule: "never" | "daily" | "weekly";
        /** @description The body of `POST /api/firm/deletion`. */
        ScheduleRequest: {
            /**
             * @description A current code of the owner's second factor (or a recovery code); asked only of an owner
             *     who has one.
             */
            code?: string | null;
        };
        /** @description One score as a request sends it. */
        ScoreInput: {
            /** @description At most 1,000 characters. */
            comment?: string;
            criterionId: string;
            /**
             * Format: int64
             * @description 1 to 5; `null` for "did not see".
             */
            score?: number | null;
        };
        /** @description PUT /api/evaluations/{categoryId}/scorecards/{vendorId}. */
        ScorecardRequest: {
            /** @description One entry per criterion scored so far (a draft may leave some out). */
            scores: components["schemas"]["ScoreInput"][];
        };
        /**
         * @description Where a person's scorecard for a vendor stands.
         * @enum {string}
         */
        ScorecardStatus: "none" | "draft" | "submitted";
        /** @description The caller's own scorecard for a vendor. */
        ScorecardView: {
            /** @description In the criteria's order; a criterion without an entry is not scored yet. */
            scores: components["schemas"]["RecordScore"][];
            status: components["schemas"]["ScorecardStatus"];
            /** @description RFC 3339; absent while a draft. */
            submittedAt?: string | null;
            /** @description Submitted under criteria changed since. */
            underOldCriteria: boolean;
            updatedAt?: string | null;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        /**
         * @description How the connection is protected.
         * @enum {string}
         */
        Security: "tls" | "starttls" | "starttlsIfOffered";
        /** @description The security profile as firms see it; an absent field is "Not stated". */
        SecurityView: {
            aiTraining?: null | components["schemas"]["StatedFlag"];
            dataExport?: null | components["schemas"]["StatedFlag"];
            dataLocation?: null | components["schemas"]["StatedText"];
            hipaaBaa?: null | components["schemas"]["StatedFlag"];
            iso27001?: null | components["schemas"]["StatedFlag"];
            mfa?: null | components["schemas"]["StatedFlag"];
            soc2?: null | components["schemas"]["StatedSoc2"];
            sso?: null | components["schemas"]["StatedSso"];
            trustPage?: null | components["schemas"]["StatedText"];
        };
        SelectedVendor: {
            isPrimary: boolean;
            /** Format: int64 */
            vendorId: number;
        };
        Sent: {
            message: string;
        };
        SessionView: {
            address: string;
            /** @description The session of this request. */
            current: boolean;
            device: string;
            /** @description Names the session in `DELETE /api/auth/sessions/{id}`. */
            id: string;
            /** @description RFC 3339; written back every few minutes, not at every request. */
            lastSeen: string;
            /** @description RFC 3339. */
            startedAt: string;
        };
        SetupStatus: {
            /**
             * @description No account exists: the screens open on sign-up, and the first account becomes the
             *     install's operator as well as its firm's owner.
             */
            noAccountYet: boolean;
            /** @description Mail is on: "Forgot password?" mails a reset link (`POST /api/auth/forgot-password`). */
            passwordResetByEmail: boolean;
            setupTokenRequired: boolean;
        };
        /** @description One field the member may share, with the value the vendor would see. */
        ShareableField: {
            /** @description `name`, `email`, `firmName`, `firmSize` or `category`. */
            field: string;
            label: string;
            /** @description What the vendor would be sent; `None` when there is nothing to send (no firm size given). */
            value?: string | null;
        };
        /**
         * @description What the member chose to share, each field as it was when they asked; a field left out is
         *     `None` and is never stored, so it can never reach the vendor.
         */
        Shared: {
            /** @description The vendor's category's label. */
            category?: string | null;
            email?: string | null;
            firmName?: string | null;
            /** @description The firm size's label ("6-20"). */
            firmSize?: string | null;
            name?: string | null;
            note?: string | null;
        };
        Shortlist: {
            /** @description Stage categories in stage order, then the others by name; only categories with entries. */
            groups: components["schemas"]["Group"][];
        };
        /**
         * @description A count about other firms or their bookings, as it may be shown. A hidden count has no
         *     number at all, so 0 and 1 to 4 read the same.
         */
        ShownCount: {
            /** @description What to show: the number, "fewer than 5", or (a vendor's 90-day figure) "not shown". */
            text: string;
            /**
             * Format: int32
             * @description The number, from 5 up; null when it is under 5 (0 included) or not shown.
             */
            value?: number | null;
        };
        SignIn: {
            email: string;
            password: string;
        };
        /**
         * @description What a sign-in answers: the user (signed in, the cookie set), or, when the account has a
         *     second factor, `mfaRequired` and the token `POST /api/auth/mfa/verify` finishes it with.
         */
        SignInAnswer: {
            mfaRequired?: boolean;
            /** @description Single use, for five minutes. */
            mfaToken?: string | null;
            user?: null | components["schemas"]["UserView"];
        };
        SignUp: {
            /** Format: email */
            email: string;
            firmSize?: null | components["schemas"]["FirmSize"];
            /** @description The token of an invitation link: the account joins that firm with the invitation's role. */
            inviteToken?: string | null;
            /** @description The new firm's name; not needed with `inviteToken` (the person joins the inviting firm). */
            lawFirm?: string;
            name: string;
            /** @description 8 to 128 characters, and not one of the commonly used passwords. */
            password: string;
            /** @description Required for the first account when the server listens on a network address. */
            setupToken?: string | null;
        };
        /** @enum {string} */
        SignUpMode: "open" | "invite-only";
        /**
         * @description The body of a 401 for a session the server ended (a password or email change, a reset link, a
         *     removal from the firm): the error says why, `reason` names it for the app.
         */
        SignedOutBody: {
            /**
             * @description A message a person can read, e.g. "You were signed out because your password was
             *     changed."
             */
            error: string;
            reason?: null | components["schemas"]["EndReason"];
        };
        SignedOutOthers: {
            /** @description How many sessions ended. */
            ended: number;
        };
        SizeGroup: {
            count: components["schemas"]["ShownCount"];
            /** @description One size, or neighbouring sizes shown together. */
            sizes: components["schemas"]["SizeRef"][];
        };
        /** @description A firm size with the label people read. */
        SizeRef: {
            code: components["schemas"]["FirmSize"];
            /** @description "Solo", "2-5", ... */
            label: string;
        };
        /**
         * @description Where the firm's size came from, so the explanation can say so.
         * @enum {string}
         */
        SizeSource: "profile" | "onboarding" | "unknown";
        /** @description A SOC 2 report: its type, and the end of the period it covers when the vendor says. */
        Soc2: {
            /** @description YYYY-MM-DD. */
            periodEnd?: string | null;
            report: components["schemas"]["Soc2Type"];
        };
        /** @enum {string} */
        Soc2Type: "Type I" | "Type II";
        /**
         * @description What kind of bookings exist.
         * @enum {string}
         */
        Source: "no_bookings" | "sample_only" | "real_bookings";
        /**
         * @description The screen a click came from (SPEC section 7).
         * @enum {string}
         */
        SourcePage: "BROWSE" | "PAST_RECS" | "GET_REC_STAGES" | "GET_REC" | "COMPARE" | "PROFILE";
        /**
         * @description Annual spend on software.
         * @enum {string}
         */
        SpendBand: "S0_5K" | "S5_10K" | "S10_40K" | "S40_100K" | "S100_500K" | "S500_1M" | "S1M_P";
        /**
         * @description Single sign-on: offered or not, by which protocols (empty when the vendor does not say), on
         *     which plan.
         */
        Sso: {
            offered: boolean;
            plan?: string | null;
            protocols: components["schemas"]["SsoProtocol"][];
        };
        /** @description GET /api/auth/sso/discover: whether the email's domain signs in through its firm's provider. */
        SsoDiscovery: {
            sso: boolean;
        };
        /** @enum {string} */
        SsoProtocol: "SAML" | "OIDC";
        /** @description PUT /api/firm/sso. */
        SsoSettingsUpdate: {
            clientId: string;
            /** @description Empty or absent keeps the saved secret. */
            clientSecret?: string | null;
            defaultRole?: null | components["schemas"]["FirmRole"];
            domains: string[];
            issuer: string;
            requireSso?: boolean;
        };
        /** @description GET /api/firm/sso: the firm's settings, never the client secret. */
        SsoSettingsView: {
            clientId: string;
            /** @description Whether a client secret is saved (it is never shown). */
            clientSecretSet: boolean;
            /** @description Whether the firm has set up a provider at all. */
            configured: boolean;
            defaultRole: components["schemas"]["FirmRole"];
            domains: components["schemas"]["DomainView"][];
            issuer: string;
            requireSso: boolean;
        };
        /** @description One category's bookings per bucket (`counts[i]` is for the series' i-th bucket). */
        Stack: {
            counts: number[];
            /** @description The category's label ("Other" for the rest): what a screen and a download show. */
            label: string;
            name: string;
            /** @description The categories after the top 8, summed ("Other"). */
            other: boolean;
        };
        /**
         * @description What the series can be split by.
         * @enum {string}
         */
        StackBy: "category";
        /** @description One stage (or category outside the stages) of the overview. */
        StageOverview: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description How many picks the stage shows. */
            picks: number;
            /** @description Why it has that status, in the order above; empty for Not Started. */
            reasons: components["schemas"]["StageReason"][];
            /** Format: int32 */
            stage?: number | null;
            status: components["schemas"]["StageStatus"];
        };
        /** @description One category's saved picks. */
        StagePicks: {
            /** Format: int64 */
            categoryId: number;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description Says which data the picks rest on when it is not the firm's own size group. */
            note?: string | null;
            picks: components["schemas"]["PickView"][];
            source: components["schemas"]["PickSource"];
            /**
             * Format: int32
             * @description The litigation stage (1-9); null for a category outside the stages.
             */
            stage?: number | null;
            /**
             * @description True when the picks were made before the real demo bookings last changed (or while none
             *     existed): `note` then says so, and how to refresh them.
             */
            stale: boolean;
            tieGroup?: null | components["schemas"]["TieGroupView"];
            /**
             * @description Set when what we know does not tell some picks apart: "These 5 fit your firm equally on
             *     what we know, so they are shown as one group, by name; the questionnaire tells them apart."
             */
            tieNote?: string | null;
            usedSizeFallback: boolean;
        };
        /**
         * @description What the firm has in a category, each a reason for its status (Completed: `tool`,
         *     `final_decision`; In Progress: the others).
         * @enum {string}
         */
        StageReason: "tool" | "final_decision" | "open_decision" | "evaluation" | "shortlist" | "picks" | "questionnaire";
        /** @enum {string} */
        StageStatus: "completed" | "in_progress" | "not_started";
        StateChange: {
            change: components["schemas"]["Change"];
            /** Format: int64 */
            comparisonCount: number;
            /** Format: int64 */
            count: number;
            state: string;
        };
        StateCount: {
            /** Format: int32 */
            count: number;
            state: string;
        };
        /** @description A stated fact and where it came from. */
        StatedFlag: {
            provenance: components["schemas"]["ProvenanceView"];
            value: boolean;
        };
        /** @description A stated fact and where it came from. */
        StatedSoc2: {
            provenance: components["schemas"]["ProvenanceView"];
            value: components["schemas"]["Soc2"];
        };
        /** @description A stated fact and where it came from. */
        StatedSso: {
            provenance: components["schemas"]["ProvenanceView"];
            value: components["schemas"]["Sso"];
        };
        /** @description A stated fact and where it came from. */
        StatedText: {
            provenance: components["schemas"]["ProvenanceView"];
            value: string;
        };
        /**
         * @description Where a shortlisted vendor stands, in lifecycle order.
         * @enum {string}
         */
        Status: "Considering" | "Demo booked" | "Demo held" | "Chosen" | "Rejected" | "Not chosen";
        /** @description Where to pull from, whose key signs it, and how often. */
        SubscriptionEdit: {
            /** @description The publisher's public key ("ed25519:" and 64 hexadecimal digits); empty: none. */
            publicKey?: string | null;
            schedule: components["schemas"]["Schedule"];
            /** @description An http(s) address, or the absolute path of a file on this server; empty: none. */
            source?: string | null;
        };
        /**
         * @description The one change the summary shows, computed here once so that no screen or file works out
         *     another (issue 77: a card read "+0.7% vs the 30 days before" beside "change +977 (+15.6%)"
         *     from the comparison period). The comparison period's when the answer has one holding any
         *     booking, else the last 30 days' from the 30 days before them.
         */
        SummaryChange: {
            basis: components["schemas"]["ChangeBasis"];
            change: components["schemas"]["Change"];
            /**
             * Format: int64
             * @description The bookings they are compared with.
             */
            comparisonCount: number;
            /** Format: int64 */
            comparisonDays: number;
            comparisonEnd: string;
            comparisonStart: string;
            /**
             * Format: int64
             * @description The bookings compared: the period's, or its last 30 days'.
             */
            count: number;
            /**
             * Format: int64
             * @description The days each side spans.
             */
            days: number;
            end: string;
            /** @description The first and last day of each side (YYYY-MM-DD). */
            start: string;
        };
        TableRows: {
            rows: number;
            table: string;
        };
        /** @description `POST /api/decisions/{id}/tech-stack`. */
        TechStackRequest: {
            /** @description true: the chosen vendor replaces the current tool; false: it is added beside it. */
            replace: boolean;
        };
        /** @description What the final decision did to the tech stack. */
        TechStackView: {
            /** @description The tool that was (or is) there. */
            current?: string | null;
            /**
             * @description The category has another tool: ask "Replace <current> with <chosen> in your tech stack?"
             *     and answer with POST /api/decisions/{id}/tech-stack.
             */
            needsConfirmation: boolean;
            /**
             * @description `pending` (not final), `added`, `alreadyThere`, `needsConfirmation`, `replaced`,
             *     `addedBeside`.
             */
            outcome: string;
        };
        /** @description POST /api/admin/mail/test. */
        TestMail: {
            /** @description Where to send it; absent: the operator's own address. */
            to?: string | null;
        };
        /** @description What the mail server answered a test message. */
        TestMailAnswer: {
            /** @description The server's answer, or why it could not be reached. */
            answer: string;
            sent: boolean;
        };
        /**
         * @description A stage's tie group: the vendors that fit the firm equally on what we know, by name (no order
         *     is implied), and the facts that could tell them apart that some of them do not state.
         */
        TieGroupView: {
            notKnown: components["schemas"]["NotKnownView"][];
            vendors: components["schemas"]["TieMember"][];
        };
        TieMember: {
            name: string;
            /** Format: int64 */
            vendorId: number;
        };
        TotpSetup: {
            /** @description `otpauth://totp/Litstack:<email>?secret=…&issuer=Litstack` */
            otpauthUri: string;
            /** @description The QR code of `otpauthUri`, an SVG document. */
            qrSvg: string;
            /** @description The key in base32, for typing into an app that cannot scan. */
            secret: string;
        };
        /**
         * @description The trend summary.
         *
         *     `last30` and `previous30` count the bookings matching the dma, state and firm-size filters in
         *     the 30 days ending on `rangeEnd` (the `end` filter, or the day of the newest booking when no end
         *     is given) and in the 30 days before those; the `start` filter does not cut them short, so the
         *     change they show stays meaningful for a short selected range.
         */
        Trends: {
            categoryCounts: components["schemas"]["NameCount"][];
            /**
             * @description One entry per day from the later of rangeStart and the first booking to the earlier of
             *     rangeEnd and the last booking, zero days included.
             */
            daily: components["schemas"]["DayCount"][];
            /**
             * Format: int64
             * @description Days in [rangeStart, rangeEnd]; 0 when there are no bookings and no range.
             */
            days: number;
            /** @description The days of `daily` in buckets of `granularity`. */
            granularity: components["schemas"]["Granularity"];
            /** Format: int64 */
            last30: number;
            /** Format: int64 */
            previous30: number;
            rangeEnd?: string | null;
            rangeStart?: string | null;
            series: components["schemas"]["Bucket"][];
            /** @description With `stackBy=category`: the series of the 8 most booked categories, then "Other". */
            stacks?: components["schemas"]["Stack"][] | null;
            stateCounts: components["schemas"]["StateCount"][];
            /** Format: int64 */
            total: number;
        };
        /**
         * @description The trend summary, the same for the comparison period and the changes between them, and how
         *     much of it is sample data.
         */
        TrendsAnswer: components["schemas"]["Trends"] & components["schemas"]["SampleShare"] & {
            changes?: null | components["schemas"]["Changes"];
            /** @description The comparison the answer holds: `none` without one. */
            compare: components["schemas"]["CompareWith"];
            comparison?: null | components["schemas"]["Trends"];
            summaryChange?: null | components["schemas"]["SummaryChange"];
        };
        /**
         * @description The panels of /trends whose numbers `GET /api/trends?format=csv&panel=` downloads.
         * @enum {string}
         */
        TrendsPanel: "summary" | "categories" | "states" | "series";
        /** @description What a token turns off. */
        UnsubscribeView: {
            kind: components["schemas"]["NoticeKind"];
            label: string;
        };
        /** @description The signed-in user, as sign-up, sign-in, `me` and a profile update answer. */
        UserEnvelope: {
            user: components["schemas"]["UserView"];
        };
        /** @description What the API shows of a user. */
        UserView: {
            email: string;
            firm: components["schemas"]["FirmSummary"];
            firmRole: components["schemas"]["FirmRole"];
            firmSize?: null | components["schemas"]["FirmSize"];
            /** Format: int64 */
            id: number;
            /** @description The install's operator. */
            isAdmin: boolean;
            /** @description The firm's name (as `firm.name`), kept for the clients that read it here. */
            lawFirm: string;
            name: string;
        };
        Vendor: {
            bookingUrl?: string | null;
            /** Format: int64 */
            categoryId: number;
            description: string;
            firmSizesSupported: components["schemas"]["FirmSize"][];
            geoFocus?: string | null;
            /** Format: int64 */
            id: number;
            integrations: string[];
            isActive: boolean;
            isRecommendedPartner: boolean;
            logoUrl?: string | null;
            name: string;
            needsReview: boolean;
            partnerLevel?: string | null;
            practiceAreasSupported: string[];
            /** Format: int32 */
            priceBracket?: number | null;
            shortHighlights: string[];
            /** @description Capabilities the questionnaire's answers are matched against. */
            tags: string[];
            websiteUrl?: string | null;
        };
        VendorAccountView: {
            createdAt: string;
            email: string;
            hasFactor: boolean;
            /** Format: int64 */
            id: number;
            /** @description Invited by an operator (else it claimed the listing by its domain). */
            invited: boolean;
            name: string;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        VendorAccounts: {
            items: components["schemas"]["VendorAccountView"][];
        };
        VendorChoice: {
            /** Format: int64 */
            id: number;
            logoUrl?: string | null;
            name: string;
            websiteUrl?: string | null;
        };
        /** @description Counts per vendor: never a firm, a person or what was shared. */
        VendorDemoCounts: {
            /** Format: int64 */
            answered: number;
            /** Format: int64 */
            booked: number;
            /**
             * Format: int64
             * @description Firms that asked the vendor to join Litstack.
             */
            firmsAskedToJoin: number;
            hasAccount: boolean;
            /** Format: int64 */
            requested: number;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
            /** Format: int64 */
            withdrawn: number;
        };
        /**
         * @description A request sent to the vendor: only what the member chose to share, and nothing of it once the
         *     firm withdrew it.
         */
        VendorDemoRequestView: {
            answer?: null | components["schemas"]["AnswerView"];
            /** Format: int64 */
            id: number;
            requestedAt: string;
            shared?: null | components["schemas"]["Shared"];
            state: components["schemas"]["DemoRequestState"];
        };
        VendorDemoRequests: {
            items: components["schemas"]["VendorDemoRequestView"][];
        };
        /**
         * @description `GET /api/vendors/{id}/evidence`: real demo bookings only (sample rows never count), every
         *     count under 5 (0 included) shown as "fewer than 5" with no number, and small cells of a
         *     breakdown (0 included) shown with neighbours.
         */
        VendorEvidence: {
            /** @description The same 24 months by the booking firm's size, smallest size first. */
            bySize: components["schemas"]["SizeGroup"][];
            /**
             * @description False while no real booking (of any vendor) exists: the figures below then count nothing
             *     and read "fewer than 5".
             */
            hasRealBookings: boolean;
            /** @description The 24 months ending with the current one (UTC), oldest first. */
            months: components["schemas"]["MonthGroup"][];
            peerAdoption?: null | components["schemas"]["PeerAdoption"];
            recentForYourSize?: null | components["schemas"]["RecentForSize"];
            /** @description The vendor's bookings over those 24 months. */
            total: components["schemas"]["ShownCount"];
            /** Format: int64 */
            vendorId: number;
        };
        /** @description The authenticator is on: the account, and its ten recovery codes, shown this once. */
        VendorFactorOn: {
            me: components["schemas"]["VendorMe"];
            /** @description Each signs in once in place of a code from the app. Only their hashes are kept. */
            recoveryCodes: string[];
        };
        /**
         * @description Where each of a vendor's facts came from, as firms see it. A fact the vendor does not state
         *     (no booking link, no integrations listed) has no entry.
         */
        VendorFactsView: {
            bookingLink?: null | components["schemas"]["ProvenanceView"];
            description?: null | components["schemas"]["ProvenanceView"];
            highlights?: null | components["schemas"]["ProvenanceView"];
            integrations?: null | components["schemas"]["ProvenanceView"];
            logo?: null | components["schemas"]["ProvenanceView"];
            price?: null | components["schemas"]["ProvenanceView"];
            pricingModel?: null | components["schemas"]["StatedText"];
            security: components["schemas"]["SecurityView"];
            statedPrice?: null | components["schemas"]["StatedText"];
            website?: null | components["schemas"]["ProvenanceView"];
        };
        VendorInvitation: {
            /** @description The link, when this Litstack sends no mail: hand it to the person yourself. */
            link?: string | null;
            /** @description The link was mailed to the address. */
            mailed: boolean;
        };
        VendorInvitationBody: {
            email: string;
        };
        /** @description An invitation not taken up yet. */
        VendorInvitationView: {
            /** @description RFC 3339, UTC. */
            createdAt: string;
            email: string;
            expiresAt: string;
            /** @description What names it to revoke it (the link's hash; the link itself is never shown again). */
            id: string;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
        };
        VendorInvitations: {
            items: components["schemas"]["VendorInvitationView"][];
        };
        /** @description The signed-in vendor account and its listing as firms see it. */
        VendorMe: {
            account: components["schemas"]["AccountView"];
            listing: components["schemas"]["ListingView"];
            /** @description Notices not read yet. */
            unread: number;
        };
        /** @description POST /api/admin/vendors/merge: the vendor to fold in and the one it duplicates. */
        VendorMerge: {
            /**
             * Format: int64
             * @description The duplicate: deleted once everything that names it names `into`.
             */
            from: number;
            /**
             * Format: int64
             * @description The vendor that stays.
             */
            into: number;
        };
        /** @description The answer of a merge: the kept vendor as it is now, what moved, and a sentence saying so. */
        VendorMerged: {
            message: string;
            moved: components["schemas"]["MergeMoved"];
            vendor: components["schemas"]["VendorView"];
        };
        VendorNoticeView: {
            body: string;
            createdAt: string;
            /** Format: int64 */
            id: number;
            read: boolean;
            title: string;
        };
        VendorNotices: {
            items: components["schemas"]["VendorNoticeView"][];
        };
        /** @description A page of the vendor directory, and whether "Partners First" has any partner to put first. */
        VendorPage: {
            items: (components["schemas"]["Vendor"] & {
                /**
                 * @description The day the install's administrator imported the booking link in a vendor file that named
                 *     no page for it (YYYY-MM-DD): shown as "Added by your administrator on DATE".
                 */
                bookingAddedOn?: string | null;
                /** @description The page the booking link was checked against; absent without a booking link. */
                bookingSourceUrl?: string | null;
                /** @description The day the booking link was checked (YYYY-MM-DD). */
                bookingVerifiedOn?: string | null;
                /** @description The category's label: what a screen shows. */
                categoryLabel: string;
                categoryName: string;
                /** @description Where each fact came from, and the security profile. */
                facts: components["schemas"]["VendorFactsView"];
                /** @description The page the vendor's facts were checked against. */
                sourceUrl?: string | null;
                /** @description The day they were checked (YYYY-MM-DD); absent when never verified. */
                verifiedOn?: string | null;
            })[];
            page: number;
            pageSize: number;
            total: number;
            totalPages: number;
        } & {
            /** @description Vendors of the whole catalog (not only this page) with a partner level or star. */
            partnerCount: number;
            /**
             * @description Vendors of the whole catalog (active or not) without a booking link: their cards say "No
             *     scheduler available" and offer Visit Website.
             */
            withoutBookingLink: number;
        };
        /** @description `GET /api/vendors/{id}`: everything the profile shows except the booking figures. */
        VendorProfile: {
            /** @description 3 to 5 other active vendors of the category (fewer only when the category has fewer). */
            alternatives: components["schemas"]["Alternative"][];
            alternativesBasis: components["schemas"]["AlternativesBasis"];
            /**
             * @description The day the install's administrator imported the booking link in a vendor file that named
             *     no page for it (YYYY-MM-DD): "Added by your administrator on DATE".
             */
            bookingAddedOn?: string | null;
            bookingUrl?: string | null;
            category: components["schemas"]["CategoryRef"];
            description: string;
            /** @description Where each fact came from, and the security profile. */
            facts: components["schemas"]["VendorFactsView"];
            firmSizesSupported: components["schemas"]["SizeRef"][];
            geoFocus?: string | null;
            history: components["schemas"]["FirmHistory"];
            /** Format: int64 */
            id: number;
            integrations: components["schemas"]["Integration"][];
            /** @description False for a vendor that is no longer active (still shown, with a banner). */
            isActive: boolean;
            isRecommendedPartner: boolean;
            logoUrl?: string | null;
            name: string;
            partnerLevel?: string | null;
            practiceAreasSupported: string[];
            /** Format: int32 */
            priceBracket?: number | null;
            shortHighlights: string[];
            /** @description The page the vendor's facts were checked against. */
            sourceUrl?: string | null;
            /** @description The day they were checked (YYYY-MM-DD); absent when never verified. */
            verifiedOn?: string | null;
            websiteUrl?: string | null;
            whatFirmsPay: components["schemas"]["WhatFirmsPay"];
        };
        /** @description One vendor's bookings. */
        VendorRow: {
            change: components["schemas"]["Change"];
            /** Format: int64 */
            comparisonCount: number;
            /** Format: int64 */
            count: number;
            name: string;
            /**
             * Format: double
             * @description `count` over the panel's total (0 to 1).
             */
            share: number;
            /**
             * Format: int64
             * @description The catalog vendor, whose profile the row opens; null when the bookings name a vendor the
             *     catalog does not have.
             */
            vendorId?: number | null;
        };
        VendorSessionView: {
            createdAt: string;
            /** @description The session of this request. */
            current: boolean;
            device: string;
            expiresAt: string;
            /** Format: int64 */
            id: number;
        };
        VendorSessions: {
            items: components["schemas"]["VendorSessionView"][];
        };
        VendorSignIn: {
            /** @description The authenticator app's 6-digit code, when the account has one. */
            code?: string | null;
            email: string;
            password: string;
        };
        /** @description A sign-in's answer: signed in, or a code is needed first. */
        VendorSignedIn: {
            /**
             * @description The password was right and the account asks for an authenticator code: send it again
             *     with `code`.
             */
            codeRequired: boolean;
            me?: null | components["schemas"]["VendorMe"];
        };
        /**
         * @description The vendor orders `sort` accepts.
         * @enum {string}
         */
        VendorSort: "name_asc" | "name_desc" | "partner_first" | "no_booking_first";
        VendorStats: {
            /**
             * Format: int32
             * @description The fewest verified firms a figure shows from.
             */
            minFirms: number;
            /** @description The last 12 months, newest first: the month in progress, then 11 closed months. */
            months: components["schemas"]["MonthFigures"][];
        };
        /** @description One vendor of the evaluation as the caller sees it. */
        VendorSummary: {
            /**
             * @description Per criterion, the scores by person; empty while hidden. An approver who has not scored
             *     gets each criterion's disagreement flag with no scores.
             */
            criteria: components["schemas"]["CriterionScores"][];
            /**
             * @description Why they are not: "Scores appear after you submit yours", "Scores and comments appear
             *     once the decision is final", or, for an approver who has not scored, that they see the
             *     weighted total and the flags only.
             */
            hiddenNote?: string | null;
            /** @description The firm's tool when this round began: the baseline to beat. */
            incumbent: boolean;
            /** @description The caller's own scorecard. */
            myScorecard: components["schemas"]["ScorecardStatus"];
            /** @description Everyone in the firm sees the reference calls. */
            references: components["schemas"]["ReferenceView"][];
            /**
             * @description Whether everyone's scores and comments below are shown: once the caller submitted their
             *     own scorecard for the vendor, or once a decision on the round is final (a viewer, who never
             *     scores: only then).
             */
            scoresVisible: boolean;
            /**
             * Format: int32
             * @description How many people of the firm submitted a scorecard for it.
             */
            submittedCount: number;
            /** Format: int64 */
            vendorId: number;
            vendorName: string;
            /**
             * Format: int32
             * @description 0-100, from the submitted scorecards; absent while unscored or hidden (an approver who
             *     has not scored sees it from two scorecards).
             */
            weightedScore?: number | null;
        };
        /** @description The fields an administrator may change; any left out stay as they are. */
        VendorUpdate: {
            /** @description The vendor's own scheduling page, http(s); null or "" for none. */
            bookingUrl?: string | null;
            facts?: null | components["schemas"]["FactsUpdate"];
            /** @description An inactive vendor is listed only when asked for and never recommended. */
            isActive?: boolean | null;
            /** @description The recommended-partner star. */
            isRecommendedPartner?: boolean | null;
            /**
             * @description A logo image's http(s) address, copied at once and served by Litstack
             *     (`/api/logos/...`, which the vendor's `logoUrl` then is); null or "" for none.
             */
            logoUrl?: string | null;
            partnerLevel?: null | components["schemas"]["PartnerLevel"];
        };
        /**
         * @description A vendor as the directory shows it, with its category's name and label and where its facts come
         *     from.
         */
        VendorView: components["schemas"]["Vendor"] & {
            /**
             * @description The day the install's administrator imported the booking link in a vendor file that named
             *     no page for it (YYYY-MM-DD): shown as "Added by your administrator on DATE".
             */
            bookingAddedOn?: string | null;
            /** @description The page the booking link was checked against; absent without a booking link. */
            bookingSourceUrl?: string | null;
            /** @description The day the booking link was checked (YYYY-MM-DD). */
            bookingVerifiedOn?: string | null;
            /** @description The category's label: what a screen shows. */
            categoryLabel: string;
            categoryName: string;
            /** @description Where each fact came from, and the security profile. */
            facts: components["schemas"]["VendorFactsView"];
            /** @description The page the vendor's facts were checked against. */
            sourceUrl?: string | null;
            /** @description The day they were checked (YYYY-MM-DD); absent when never verified. */
            verifiedOn?: string | null;
        };
        /** @description The vendors inside a category, or across all categories. */
        VendorsAnswer: components["schemas"]["SampleShare"] & {
            category?: null | components["schemas"]["CategoryRef"];
            /** @description The comparison the answer holds: `none` without one (then its counts are 0). */
            compare: components["schemas"]["CompareWith"];
            comparisonRangeEnd?: string | null;
            comparisonRangeStart?: string | null;
            /** Format: int64 */
            comparisonTotal: number;
            /** @description Most bookings first: at most 100 with a category, the top 20 without. */
            items: components["schemas"]["VendorRow"][];
            rangeEnd?: string | null;
            rangeStart?: string | null;
            /**
             * Format: int64
             * @description Bookings of the category (of every category without one) in the period.
             */
            total: number;
            /**
             * Format: int64
             * @description Vendors with bookings in the period (the items may be fewer).
             */
            vendorCount: number;
        };
        /** @description `POST /api/decisions/{id}/approve` and `/object`. */
        VerdictRequest: {
            /** @description Required to object (1 to 2,000 characters); optional to approve. */
            comment?: string | null;
            /** @description The hash of the version the approver read. */
            versionHash: string;
        };
        VerifyBody: {
            /** @description A 6-digit code from the authenticator app, or a recovery code. */
            code: string;
            mfaToken: string;
        };
        /** @description One stored version of the record. */
        VersionSummary: {
            /** @description RFC 3339. */
            createdAt: string;
            /** @description SHA-256 (hex) of the version's canonical JSON. */
            hash: string;
            /** Format: int32 */
            n: number;
        };
        /**
         * @description What firms pay for the vendor: annual cost per seat from the contracts of verified firms that
         *     agreed to share it, drawn once a calendar month (UTC) from 5 firms or more, the same for every
         *     viewer, and shown only as fixed bands, never one firm's price, a lowest or a highest (see
         *     `vendor_profile::prices`). A firm that joins, is verified or edits a contract changes nothing
         *     until the next month's figures; a firm that stops sharing hides the figures it counted in at
         *     once, until the next month's figures leave it out.
         */
        WhatFirmsPay: {
            /** @description The UTC calendar month the figures were drawn for (YYYY-MM): they change once a month. */
            asOf: string;
            /**
             * @description By firm size, smallest first: a size under 5 firms (0 included) shown with its
             *     neighbours; one group of every size when fewer than 5 firms shared in all (or withheld).
             */
            bySize: components["schemas"]["PriceGroup"][];
            /** @description Across the firm sizes of `bySize`. */
            overall: components["schemas"]["PriceFigure"];
            /**
             * @description True when a firm counted in the month's figures has stopped sharing since: every figure
             *     reads "not shown until the next monthly update" until then.
             */
            withheld: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    download_backup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BackupRequest"];
            };
        };
        responses: {
            /** @description A redb database file (attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": number[];
                };
            };
            /** @description A second-factor code is missing or wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Hub mode: the data is in PostgreSQL, backed up with its own tools */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    feed_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedStatus"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_feed_source: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionEdit"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedStatus"];
                };
            };
            /** @description An invalid source or key, or a schedule without both */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    choose_feed_value: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChoiceMade"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedStatus"];
                };
            };
            /** @description An invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such open choice */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    pull_feed_now: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PullReport"];
                };
            };
            /** @description No source, or the file was refused (its signature, its name, an older version); the message says which, and nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    import_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ImportForm"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportReport"];
                };
            };
            /** @description No file, or a file that cannot be imported */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The file is over the import limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    demo_request_counts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequestCounts"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not the operator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_firms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFirms"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    import_route: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A firm's archive, as `litstack firms export` or the Firm page wrote it */
        requestBody: {
            content: {
                "application/zip": number[];
            };
        };
        responses: {
            /** @description The firm, made from the archive */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedFirm"];
                };
            };
            /** @description Not a firm archive, damaged, newer than this install, or naming a vendor or category this catalog lacks */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A member's email has an account on this install */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    merge_firms_route: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirmMerge"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFirmEnvelope"];
                };
            };
            /** @description The same firm twice, or an invalid id or field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The kept firm is scheduled for deletion: its deletion is taken back first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_sso_domains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDomainClaims"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    operator_schedule_deletion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The firm's id */
                firmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Scheduled; the deletion as the firm's members read it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletionView"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The operator is a member of the firm, or it was merged into another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    operator_cancel_deletion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The firm's id */
                firmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Taken back: the firm stays */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such firm, or no deletion is scheduled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    operator_update_firm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A firm id */
                firm_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminFirmUpdate"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFirmEnvelope"];
                };
            };
            /** @description An invalid id or field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The operator's own firm cannot be disabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decide_sso_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A firm id */
                firm_id: number;
                /** @description The claimed email domain */
                domain: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainDecision"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDomainClaim"];
                };
            };
            /** @description An invalid id, domain or status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such claim */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Another firm's claim to the domain is confirmed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_handover: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PendingOffer"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    offer_handover: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferRequest"];
            };
        };
        responses: {
            /** @description Offered; the pending offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferView"];
                };
            };
            /** @description The email is not valid, names the operator or another operator, or its firm is disabled; or a second-factor code is missing or wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No account has that email */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An offer is pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdraw_handover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The offer's id */
                offerId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No pending offer has that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    locked_accounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LockedAccounts"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_mail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailSettingsView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_mail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MailSettingsChange"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailSettingsView"];
                };
            };
            /** @description An invalid URL or address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_mail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mail is off */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    test_mail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestMail"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestMailAnswer"];
                };
            };
            /** @description An invalid address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Mail is not set up */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    outbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Outbox"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    drop_message: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An outbox message id */
                message_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboxItem"];
                };
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such message */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The message was already sent */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    retry_message: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An outbox message id */
                message_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboxItem"];
                };
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such message */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The message was sent or dropped */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_sample: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No sample booking is left (there may have been none) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstallSettings"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InstallSettings"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstallSettings"];
                };
            };
            /** @description An unknown mode */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    operator_reset_link: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetLinkView"];
                };
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unlock_account: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlocked (or was not locked) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_vendor_accounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorAccounts"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_vendor_account: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A vendor account id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A malformed id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_vendor_invitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorInvitations"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revoke_vendor_invitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation's id, as the list gives it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such invitation waiting */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    proposal_queue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalQueue"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decide_proposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A proposal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecisionBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalView"];
                };
            };
            /** @description No reason for a rejection, an attestation without its evidence, or the proposal no longer passes the checks */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such proposal */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Decided already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decide_fact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A proposal id */
                id: number;
                /** @description The fact, as the proposal's `changes` name it (`hipaaBaa`, `bookingUrl`, ...) */
                field: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FactDecisionBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalView"];
                };
            };
            /** @description An attestation without its evidence, evidence not on the vendor's own site, or the fact no longer passes the checks */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such proposal, or it proposes no such fact */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Decided already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    merge_vendors_route: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VendorMerge"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorMerged"];
                };
            };
            /** @description The same vendor twice, vendors of two categories, or an invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A decision names the duplicate (its record is signed): nothing was merged; the message says so */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_vendor_route: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A vendor id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vendor is gone from the directory */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Something still refers to the vendor; the message names what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_vendor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A vendor id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VendorUpdate"];
            };
        };
        responses: {
            /** @description The vendor as updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorView"];
                };
            };
            /** @description An invalid id, field or link */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    invite_vendor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A vendor id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VendorInvitationBody"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorInvitation"];
                };
            };
            /** @description A bad address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an administrator, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The address has a vendor account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    change_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePassword"];
            };
        };
        responses: {
            /** @description Password changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input, a wrong current password, or a missing or wrong code when two-step sign-in is on */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong passwords; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    forgot_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPassword"];
            };
        };
        responses: {
            /** @description Accepted, whether or not an account uses the email */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForgotPasswordAnswer"];
                };
            };
            /** @description Not an email address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description This server does not send email */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests from this client; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    look_up_invitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationLookup"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such invitation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired, used or withdrawn, and which */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeAnswer"];
                };
            };
            /** @description Not signed in; `reason` says why when the server ended the session (a password or email change, a reset link, a removal from the firm). Any route that needs a session answers the same */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedOutBody"];
                };
            };
        };
    };
    status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaStatus"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    disable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CodeBody"];
            };
        };
        responses: {
            /** @description Two-step sign-in is off */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A missing or wrong code, two-step sign-in is not on, or the firm or the install requires it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CodeBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description A wrong code, or no setup is pending */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Two-step sign-in is already on */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetup"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Two-step sign-in is already on */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyBody"];
            };
        };
        responses: {
            /** @description Signed in; the session cookie is set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelope"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A wrong or already used code, the sign-in expired, or the account was removed meanwhile */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin, or the firm is disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reset_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPassword"];
            };
        };
        responses: {
            /** @description The password is set; every session of the account ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input, or a weak password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The link expired, was used, or is not valid */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionView"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sign_out_others: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedOutOthers"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    end_one: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session's id from the list */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session of yours has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setup_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetupStatus"];
                };
            };
        };
    };
    sign_in: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignIn"];
            };
        };
        responses: {
            /** @description Signed in and the session cookie set (`user`), or the password was right and a second factor is due (`mfaRequired`, `mfaToken`: no cookie) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInAnswer"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Invalid email or password, or the account was removed while it signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sign_out: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the session cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sign_up: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUp"];
            };
        };
        responses: {
            /** @description Account created; the session cookie is set */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelope"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The first account needs the setup token, sign-up is by invitation only, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The invitation link is not valid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An account with this email already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The invitation expired, was used or was withdrawn */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many sign-up attempts from this client; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sso_callback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                /** @description The provider's error code when the person or the provider stopped the sign-in. */
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in (the session cookie is set) to the app, or to /auth/sign-in?sso=<why> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query no provider sends (a parameter twice, say) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sso_discover: {
        parameters: {
            query: {
                /** @description The email the person typed. */
                email: string;
                /** @description Where to go after signing in (a path of this app); `/` when absent. */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoDiscovery"];
                };
            };
            /** @description Not an email address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sso_start: {
        parameters: {
            query: {
                /** @description The email the person typed. */
                email: string;
                /** @description Where to go after signing in (a path of this app); `/` when absent. */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the firm's identity provider; to /auth/sign-in?sso=provider when it did not answer */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an email address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The email's domain has no single sign-on */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    feed_calendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The feed's secret token followed by `.ics` */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An RFC 5545 calendar */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description No such feed (never made, replaced or revoked) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    served_feed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed feed file (JSON) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": number[];
                };
            };
            /** @description This install serves no feed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_categories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_comparison: {
        parameters: {
            query: {
                /**
                 * @description 2 to 4 distinct vendor ids, comma-separated (`1,2,3`), in column order.
                 * @example 1,2,3
                 */
                ids: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comparison"];
                };
            };
            /** @description Fewer than 2 or more than 4 ids, an id twice, or an id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No vendor has one of the ids */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    client_config: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientConfig"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_decisions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    propose: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecisionRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionView"];
                };
            };
            /** @description A missing or invalid value (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A member or viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The category has an open decision: the body adds its id as `openDecisionId` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_draft: {
        parameters: {
            query?: {
                /** @description The category the decision is for; absent or empty: an empty draft. */
                categoryId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionDraft"];
                };
            };
            /** @description The category id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A member or viewer: only owners and admins propose decisions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_decision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The decision's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionView"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no decision of that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    edit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The decision's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecisionRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionView"];
                };
            };
            /** @description A missing or invalid value (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A member or viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no decision of that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The decision is final: its record is frozen */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The decision's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerdictRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionView"];
                };
            };
            /** @description A missing hash or a too long comment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not one of the decision's approvers, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no decision of that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The hash is not the current version's ("This decision changed since you opened it"; the body adds the current hash as `currentHash`), or the decision is final */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    object: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The decision's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerdictRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionView"];
                };
            };
            /** @description A missing hash or comment, or a too long comment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not one of the decision's approvers, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no decision of that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The hash is not the current version's ("This decision changed since you opened it"; the body adds the current hash as `currentHash`), or the decision is final */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    tech_stack: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The decision's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TechStackRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionView"];
                };
            };
            /** @description replace is missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A member or viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no decision of that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The decision asks nothing about the tech stack */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_version: {
        parameters: {
            query?: {
                /** @description `json` (the canonical form itself: its SHA-256 is the version's hash) or `csv`. */
                format?: string;
            };
            header?: never;
            path: {
                /** @description The decision's id */
                id: number;
                /** @description The version, from 1 */
                n: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version's canonical JSON (RFC 8785), or CSV with `?format=csv`. For a caller who may not see some scorecards yet (they have not submitted their own and the decision is not final) they are left out and `scoresHidden` says so: that answer does not hash to the version's hash */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                    "text/csv": unknown;
                };
            };
            /** @description An id that is not a whole number, or an unknown format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such decision or version */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_bookings: {
        parameters: {
            query?: {
                /** @description A metro area (DMA) name, as in the filter options. */
                dma?: string;
                /** @description A two-letter US state code (or the state's name). */
                state?: string;
                firmSize?: components["schemas"]["FirmSize"];
                /** @description First day, inclusive (YYYY-MM-DD). */
                start?: string;
                /** @description Last day, inclusive (YYYY-MM-DD); not before `start`. */
                end?: string;
                /** @description Default 100, clamped to 1-1000. Not with `format=csv`. */
                limit?: number;
                /** @description Default 0. Not with `format=csv`. */
                offset?: number;
                /** @description List the generated sample bookings too. Default: only while no real booking exists. */
                includeSample?: boolean;
                /** @description `csv` for every matching booking as a file (text/csv, streamed); JSON pages otherwise. */
                format?: components["schemas"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings (JSON), or every matching booking newest first (CSV, streamed; no limit or offset) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPage"];
                    "text/csv": string;
                };
            };
            /** @description An invalid filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    state_bookings: {
        parameters: {
            query: {
                /** @description A metro area (DMA) name, as in the filter options. */
                dma?: string;
                /** @description A two-letter US state code (or the state's name). */
                state: string;
                firmSize?: components["schemas"]["FirmSize"];
                /** @description First day, inclusive (YYYY-MM-DD). */
                start?: string;
                /** @description Last day, inclusive (YYYY-MM-DD); not before `start`. */
                end?: string;
                /** @description Default 100, clamped to 1-1000. Not with `format=csv`. */
                limit?: number;
                /** @description Default 0. Not with `format=csv`. */
                offset?: number;
                /** @description List the generated sample bookings too. Default: only while no real booking exists. */
                includeSample?: boolean;
                /** @description `csv` for every matching booking as a file (text/csv, streamed); JSON pages otherwise. */
                format?: components["schemas"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings (JSON), or every matching booking newest first (CSV, streamed; no limit or offset) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPage"];
                    "text/csv": string;
                };
            };
            /** @description An invalid filter or no state */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    filter_options: {
        parameters: {
            query?: {
                /**
                 * @description Take the options from the generated sample bookings too. Default: only while no real
                 *     booking exists.
                 */
                includeSample?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionsAnswer"];
                };
            };
            /** @description An invalid includeSample */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_demo_requests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequests"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    book_demo_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The demo request's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequestView"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Only the person who asked marks it booked */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no such request */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not answered yet, withdrawn, or booked already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdraw_demo_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The demo request's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequestView"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no such request */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Booked or withdrawn already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_evaluation: {
        parameters: {
            query?: {
                /** @description 1 for the first evaluation, then one more per "Re-evaluate". */
                round?: number;
            };
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The criteria and, per vendor, the caller's scorecard status, the reference calls and — once the caller submitted their own scorecard for it, or once a decision on the round is final (a viewer: only then) — everyone's scores, the weighted score and the disagreements; an approver of the open decision who has not scored sees the flags and the weighted total from two scorecards */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationView"];
                };
            };
            /** @description An id or round that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category, or no such round */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    close_round: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The closed round (a round closed already is answered as it is) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationView"];
                };
            };
            /** @description An id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_criteria: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest round's criteria, or the suggestions (not saved) while none are */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CriteriaView"];
                };
            };
            /** @description An id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_criteria: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CriteriaRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CriteriaView"];
                };
            };
            /** @description A bad set of criteria (weights not adding up to 100, a name twice, …), or a locked change without a reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer; a member once the criteria are locked; or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The round is closed (a decision was proposed from it, or its owner closed it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    re_evaluate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest round: a new one with the last round's criteria and weights and the firm's current tool as the incumbent; or, while the latest round has no submitted scorecard, that round (asking twice starts one round) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationView"];
                };
            };
            /** @description An id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The category's open decision holds the latest round: a new round starts once it is final */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    post_reference: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReferenceRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceView"];
                };
            };
            /** @description A missing or too long field, a date not YYYY-MM-DD or in the future, or 0 or over 20 questions */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category, or the vendor is not part of the evaluation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The round is closed (a decision was proposed from it, or its owner closed it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_reference: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
                /** @description The reference check's id in the latest round */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, a member who did not record it, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category or reference check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The round is closed (a decision was proposed from it, or its owner closed it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_scorecard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
                /** @description A vendor of the evaluation */
                vendorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScorecardView"];
                };
            };
            /** @description An id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category, or the vendor is not part of the evaluation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_scorecard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
                /** @description A vendor of the evaluation */
                vendorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScorecardRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScorecardView"];
                };
            };
            /** @description An unknown criterion, a score not 1-5, a comment over 1,000 characters, or a submitted scorecard left incomplete */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer (viewers never score), or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category, or the vendor is not part of the evaluation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No criteria are saved yet, or the round is closed (a decision was proposed from it, or its owner closed it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submit_scorecard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The category's id */
                categoryId: number;
                /** @description A vendor of the evaluation */
                vendorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScorecardView"];
                };
            };
            /** @description A criterion without an entry (named), or no score at all */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category, or the vendor is not part of the evaluation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No criteria are saved yet, or the round is closed (a decision was proposed from it, or its owner closed it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_firm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirmEnvelope"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_firm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirmUpdate"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirmEnvelope"];
                };
            };
            /** @description An invalid name, size or answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin of the firm, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    firm_audit: {
        parameters: {
            query?: {
                /** @description `csv` for a download; JSON otherwise. */
                format?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The log as JSON, or as a CSV file with `?format=csv` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLog"];
                    "text/csv": string;
                };
            };
            /** @description An unknown format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_feed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeedState"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_feed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeedUrl"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_feed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The firm has no calendar feed now */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_deletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletionView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    schedule_deletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScheduleRequest"];
            };
        };
        responses: {
            /** @description Scheduled; the deletion as `GET` answers it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletionView"];
                };
            };
            /** @description A second-factor code is missing or wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner of the firm, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The install's operator is a member of the firm, or the firm was merged into another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancel_deletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Taken back: the firm stays */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner of the firm, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No deletion is scheduled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    export_firm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportRequest"];
            };
        };
        responses: {
            /** @description The firm's archive (a zip: manifest.json, people.csv and tables/<table>.json) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": number[];
                };
            };
            /** @description A second-factor code is missing or wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner of the firm, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_invitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitations"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_invitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewInvitation"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationCreated"];
                };
            };
            /** @description An invalid email or role */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The email already has an account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revoke_invitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation id */
                invitation_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn (or already used or withdrawn) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such invitation in the firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_members: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Members"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_member: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member's account id */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed for this role, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such member in the firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm's last owner */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    change_role: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member's account id */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleChange"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberEnvelope"];
                };
            };
            /** @description An invalid id or role */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed for this role, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such member in the firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm's last owner */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    member_reset_link: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member's account id */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetLinkView"];
                };
            };
            /** @description An invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner or admin, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such member in the firm */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_mfa_required: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MfaRequiredBody"];
            };
        };
        responses: {
            /** @description Saved; the firm as `GET /api/firm` shows it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirmEnvelope"];
                };
            };
            /** @description Invalid input, or the owner has no second factor yet */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner of the firm, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm was merged into another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_price_sharing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceSharing"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_price_sharing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PriceSharingBody"];
            };
        };
        responses: {
            /** @description Saved; the choice as `GET` answers it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceSharing"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A member or viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm was merged into another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_sso_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSettingsView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner of the firm */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_sso_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SsoSettingsUpdate"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSettingsView"];
                };
            };
            /** @description Invalid input, a public or taken domain, or a provider that does not answer as one */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an owner of the firm, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    served_logo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor: number;
                /** @description The image's SHA-256, in hex */
                sha256: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image, as its first bytes showed it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": unknown;
                    "image/jpeg": unknown;
                    "image/png": unknown;
                    "image/webp": unknown;
                };
            };
            /** @description A vendor id that is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such logo */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_prefs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoticePrefs"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_prefs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrefsChange"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoticePrefs"];
                };
            };
            /** @description An unknown kind, or a security email turned off */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_clicks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingClickView"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    record_click: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingClickRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingClickView"];
                };
            };
            /** @description Invalid input, no such vendor, or a vendor without the link of the click's kind */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin, or a viewer (clicks are recorded for the firm) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_notices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoticeList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mark_read: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkRead"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoticeList"];
                };
            };
            /** @description Neither ids nor all */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of this API */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    get_offer_to_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PendingOffer"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    accept_offer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The offer's id */
                offerId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptRequest"];
            };
        };
        responses: {
            /** @description Accepted: the account runs the install */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number, or a second-factor code is missing or wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No pending offer to this account has that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The one who offered no longer runs the install */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many wrong codes; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decline_offer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The offer's id */
                offerId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Declined */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No pending offer to this account has that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    past_recommendations: {
        parameters: {
            query?: {
                /**
                 * @description Accepted for the spec's client and ignored, whatever it names: the signed-in firm's
                 *     history is answered.
                 */
                userId?: string;
                /** @description Comma-separated category ids; each must exist. */
                categoryIds?: string;
                /** @description 1-based; clamped into range. */
                page?: number;
                /** @description Default 24, clamped to 1-100. */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_PastRecommendation"];
                };
            };
            /** @description An invalid filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileUpdate"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelope"];
                };
            };
            /** @description Invalid input or a wrong current password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An account with this email already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_adoption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdoptionList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    save_adoption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdoptionList"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_coverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coverage"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    onboarding_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingStatus"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    save_onboarding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OnboardingAnswers"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingStatus"];
                };
            };
            /** @description A missing or unknown answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_questions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A category id */
                category_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuestionView"][];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    compute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ComputeRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComputeResult"];
                };
            };
            /** @description Invalid input, an unknown category or a response for another category */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such response of this user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_dismissed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DismissedList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    dismiss_pick: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DismissRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DismissedView"];
                };
            };
            /** @description An unknown reason, Other without a text, or a text over 200 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor, or not one of the user's picks */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    undo_dismissal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dismissed vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dismissal is undone */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not one of the user's dismissed vendors */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    overview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Overview"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    persisted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersistedPicks"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    clear_picks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Picks cleared, and kept for an undo */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    restore_picks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PicksRestored"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No cleared picks to restore */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    pick_for_me: {
        parameters: {
            query?: {
                /** @description `questionnaire` also replaces the categories whose picks came from a questionnaire. */
                replace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickForMeAnswer"];
                };
            };
            /** @description An unknown replace value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_renewals: {
        parameters: {
            query?: {
                /** @description `ics` for an RFC 5545 calendar; JSON otherwise. */
                format?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewals as JSON, or an RFC 5545 calendar with `?format=ics` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenewalList"];
                    "text/calendar": string;
                };
            };
            /** @description An unknown format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submit_response: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResponseRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResponseCreated"];
                };
            };
            /** @description Invalid answers or an unknown category */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    latest_response: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A category id */
                category_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LatestResponse"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such category */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_shortlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Shortlist"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_brief: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Brief"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_brief_csv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The brief, one row per shortlisted vendor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_entry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EntryRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntryView"];
                };
            };
            /** @description Invalid input: an unknown status, a note over 2,000 or a reason over 200 characters, Rejected without a reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_entry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vendor is not on the shortlist (any more); its entry is kept for 30 days for an undo */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_outcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OutcomeRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntryView"];
                };
            };
            /** @description Invalid input: satisfaction outside 1-5, chosen before the demo was held */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor, or not on the firm's shortlist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    restore_entry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry, back on the shortlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntryView"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor, or nothing of it removed from the firm's shortlist in the last 30 days */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The vendor is on the shortlist again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_contract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The catalog vendor's id */
                toolId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractView"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a tool of the firm's stack, or no contract saved yet */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_contract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The catalog vendor's id */
                toolId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContractRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractView"];
                };
            };
            /** @description A missing or invalid value (the message names the field), or a responsible person who is not a member */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a tool of the firm's stack */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    trends: {
        parameters: {
            query?: {
                /** @description A metro area (DMA) name, as in the filter options. */
                dma?: string;
                /** @description A two-letter US state code (or the state's name). */
                state?: string;
                firmSize?: components["schemas"]["FirmSize"];
                /** @description First day, inclusive (YYYY-MM-DD). */
                start?: string;
                /** @description Last day, inclusive (YYYY-MM-DD); not before `start`. */
                end?: string;
                /** @description Count the generated sample bookings too. Default: only while no real booking exists. */
                includeSample?: boolean;
                /**
                 * @description The period to compare with: nothing (`none`), the previous period of equal length, the
                 *     same dates a year earlier, or `compareStart`-`compareEnd`. Absent: the previous period
                 *     when it holds at least 20 bookings (enough to call a trend), else nothing.
                 */
                compare?: components["schemas"]["CompareWith"];
                /** @description With `compare=custom`: the comparison's first day, inclusive (YYYY-MM-DD). */
                compareStart?: string;
                /** @description With `compare=custom`: the comparison's last day, inclusive (YYYY-MM-DD). */
                compareEnd?: string;
                /** @description The series' buckets: days (default), ISO weeks (Monday to Sunday) or months. */
                granularity?: components["schemas"]["Granularity"];
                /** @description `category`: the series of the 8 most booked categories and "Other" too. */
                stackBy?: components["schemas"]["StackBy"];
                /** @description `csv` for a download of the numbers (text/csv); JSON otherwise. */
                format?: components["schemas"]["Format"];
                /** @description With `format=csv` (required then): the panel whose numbers the file holds. */
                panel?: components["schemas"]["TrendsPanel"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trends (JSON), or one panel's numbers (CSV) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendsAnswer"];
                    "text/csv": string;
                };
            };
            /** @description An invalid filter or shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    top_cities: {
        parameters: {
            query: {
                /** @description A metro area (DMA) name, as in the filter options. */
                dma?: string;
                /** @description A two-letter US state code (or the state's name). */
                state: string;
                firmSize?: components["schemas"]["FirmSize"];
                /** @description First day, inclusive (YYYY-MM-DD). */
                start?: string;
                /** @description Last day, inclusive (YYYY-MM-DD); not before `start`. */
                end?: string;
                /** @description Count the generated sample bookings too. Default: only while no real booking exists. */
                includeSample?: boolean;
                /** @description `csv` for a download of the numbers (text/csv); JSON otherwise. */
                format?: components["schemas"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cities (JSON), or the same numbers (CSV) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CitiesAnswer"];
                    "text/csv": string;
                };
            };
            /** @description An invalid filter or no state */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendors: {
        parameters: {
            query?: {
                /** @description A metro area (DMA) name, as in the filter options. */
                dma?: string;
                /** @description A two-letter US state code (or the state's name). */
                state?: string;
                firmSize?: components["schemas"]["FirmSize"];
                /** @description First day, inclusive (YYYY-MM-DD). */
                start?: string;
                /** @description Last day, inclusive (YYYY-MM-DD); not before `start`. */
                end?: string;
                /** @description Count the generated sample bookings too. Default: only while no real booking exists. */
                includeSample?: boolean;
                /**
                 * @description The period to compare with: nothing (`none`), the previous period of equal length, the
                 *     same dates a year earlier, or `compareStart`-`compareEnd`. Absent: the previous period
                 *     when it holds at least 20 bookings (enough to call a trend), else nothing.
                 */
                compare?: components["schemas"]["CompareWith"];
                /** @description With `compare=custom`: the comparison's first day, inclusive (YYYY-MM-DD). */
                compareStart?: string;
                /** @description With `compare=custom`: the comparison's last day, inclusive (YYYY-MM-DD). */
                compareEnd?: string;
                /** @description A catalog category: its vendors. Absent: the top 20 vendors of every category. */
                categoryId?: number;
                /** @description `csv` for a download of the numbers (text/csv); JSON otherwise. */
                format?: components["schemas"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vendors (JSON), or the same numbers (CSV) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorsAnswer"];
                    "text/csv": string;
                };
            };
            /** @description An invalid filter or category */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    look_up_unsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsubscribeView"];
                };
            };
            /** @description A bad or forged token */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description List-Unsubscribe=One-Click */
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": string;
            };
        };
        responses: {
            /** @description That kind's email is off */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description A bad or forged token */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    claim_listing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimBody"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sent"];
                };
            };
            /** @description The address cannot claim this listing, or mail is off */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such listing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_demo_requests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorDemoRequests"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    answer_demo_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The demo request's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DemoAnswerRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorDemoRequestView"];
                };
            };
            /** @description The id is not a whole number, no link or time, a link that is not https, a time passed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such request to this listing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Withdrawn or booked */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    accept_vendor_link: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptBody"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorMe"];
                };
            };
            /** @description A bad name or password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The address has a vendor account already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The link was used or expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    check_vendor_link: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkView"];
                };
            };
            /** @description A malformed body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The link was used or expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    claimable_listings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimableListings"];
                };
            };
        };
    };
    vendor_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorMe"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_mfa_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CodeBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorFactorOn"];
                };
            };
            /** @description A wrong code, or no setup is pending */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_mfa_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetup"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An app is set up already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_notices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorNotices"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    read_vendor_notices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All read */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_proposals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    propose_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProposedChanges"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalView"];
                };
            };
            /** @description A bad field or link, or nothing changes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many proposals wait already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdraw_proposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A proposal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposalView"];
                };
            };
            /** @description A malformed id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such proposal of this listing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Decided already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorSessions"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    end_vendor_session: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session id from the list */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A malformed id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such session of this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_sign_in: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VendorSignIn"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorSignedIn"];
                };
            };
            /** @description A malformed address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A wrong password or code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_sign_out: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vendor_stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorStats"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_vendors: {
        parameters: {
            query?: {
                /** @description Comma-separated category ids; each must exist. */
                categoryIds?: string;
                /** @description Search text in name, description and highlights. */
                q?: string;
                sort?: components["schemas"]["VendorSort"];
                /** @description 1-based; clamped into range. */
                page?: number;
                /** @description Default 24, clamped to 1-100. */
                pageSize?: number;
                includeInactive?: boolean;
                /**
                 * @description Comma-separated security facts a vendor must state: `baa` (signs a HIPAA business
                 *     associate agreement), `soc2` (a SOC 2 Type II report), `sso` (single sign-on). A vendor
                 *     that does not state a fact does not meet it.
                 */
                security?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorPage"];
                };
            };
            /** @description An invalid filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_vendor_profile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A vendor id: a whole number like 42 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorProfile"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_evidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A vendor id: a whole number like 42 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorEvidence"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    demo_request_form: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequestForm"];
                };
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_demo_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoRequestView"];
                };
            };
            /** @description The id is not a whole number, or a note over 1,000 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The vendor has no account, or the firm has an open request to it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests from the member, or to the vendor */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ask_vendor_to_join: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vendor's id */
                vendor_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Asked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such vendor */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The vendor has an account: request a demo */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_views: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedViews"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_view: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewSavedView"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedViewView"];
                };
            };
            /** @description A missing or too long name, or parameters the screen does not use */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has a view of that name, or 100 views already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_view: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The view's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view is deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A viewer, or a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The firm has no view of that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many changes in a short time from this session or client (the write budgets): wait the seconds `Retry-After` names and try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
