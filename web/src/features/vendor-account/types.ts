import type { components } from '@/lib/api/schema';

/**
 * The vendor account's API types, named from the generated schema (schema.d.ts). They live in
 * the feature because only its screens read them.
 */
type Schemas = components['schemas'];

/** GET /api/vendor/me: the account, its listing as firms see it, and the notices not read yet. */
export type VendorMe = Schemas['VendorMe'];
export type VendorListing = Schemas['ListingView'];
export type VendorLink = Schemas['LinkView'];
export type VendorProposal = Schemas['ProposalView'];
export type ProposalStatus = Schemas['ProposalStatus'];
export type VendorNotice = Schemas['VendorNoticeView'];
export type VendorSession = Schemas['VendorSessionView'];
export type VendorSignInRequest = Schemas['VendorSignIn'];
export type VendorSignedIn = Schemas['VendorSignedIn'];
export type TotpSetup = Schemas['TotpSetup'];
/** POST /api/vendor/mfa/confirm: the account with its authenticator on, and its ten recovery codes, shown this once. */
export type VendorFactorOn = Schemas['VendorFactorOn'];
export type FactsUpdate = Schemas['FactsUpdate'];
export type Soc2Report = Schemas['Soc2Type'];
export type SsoProtocol = Schemas['SsoProtocol'];

/** POST /api/vendor/proposals's body: any field left out stays as it is; null makes a fact "Not stated". */
export type ProposalChanges = Schemas['ProposedChanges'];

/** GET /api/vendor/stats: the last 12 months' firm counts, newest first; null in the month in progress and under `minFirms` firms. */
export type VendorStats = Schemas['VendorStats'];
export type MonthFigures = Schemas['MonthFigures'];

/** GET /api/vendor/listings: one listing the claim form offers, with the domain a claim needs. */
export type ClaimableListing = Schemas['ClaimableListing'];

/** GET /api/vendor/demo-requests: a request sent to this listing, with only what the firm chose to share (nothing once withdrawn). */
export type VendorDemoRequest = Schemas['VendorDemoRequestView'];
export type DemoShared = Schemas['Shared'];
export type DemoAnswer = Schemas['DemoAnswerRequest'];
