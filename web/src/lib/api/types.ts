/**
 * Named aliases of the generated API types (schema.d.ts, from the server's own description), for
 * the app to import. Add an alias here rather than writing a request or response type by hand.
 */
import type { components, operations } from './schema';

type Schemas = components['schemas'];

// Accounts and the firm
export type User = Schemas['UserView'];
export type UserEnvelope = Schemas['UserEnvelope'];
export type SetupStatus = Schemas['SetupStatus'];
export type SignInRequest = Schemas['SignIn'];
export type SignUpRequest = Schemas['SignUp'];
export type ChangePasswordRequest = Schemas['ChangePassword'];
/** A sign-in's answer: the user, or `mfaRequired` with the token for the second step. */
export type SignInAnswer = Schemas['SignInAnswer'];
export type MfaVerifyRequest = Schemas['VerifyBody'];
export type MfaStatus = Schemas['MfaStatus'];
export type TotpSetup = Schemas['TotpSetup'];
export type MfaCodeRequest = Schemas['CodeBody'];
export type RecoveryCodes = Schemas['RecoveryCodes'];
/** GET /api/auth/me: the user, and whether the session may only set up a second factor. */
export type MeAnswer = Schemas['MeAnswer'];
/** Who requires a second factor of the signed-in person: the install's operator or the firm. */
export type MfaRequiredBy = Schemas['RequiredBy'];
export type MfaRequiredRequest = Schemas['MfaRequiredBody'];
/** GET|PUT /api/firm/price-sharing: whether the firm shares what it pays, who chose and when. */
export type PriceSharing = Schemas['PriceSharing'];
export type PriceSharingRequest = Schemas['PriceSharingBody'];
/** One place the person is signed in (GET /api/auth/sessions). */
export type SessionView = Schemas['SessionView'];
export type SignedOutOthers = Schemas['SignedOutOthers'];
export type FirmSize = Schemas['FirmSize'];
export type FirmRole = Schemas['FirmRole'];
export type AttorneysCountBand = Schemas['AttorneysBand'];
export type EmployeesCountBand = Schemas['EmployeesBand'];
export type InjuryCasesPerMonthBand = Schemas['CasesBand'];
export type AnnualSoftwareSpendBand = Schemas['SpendBand'];
/** The four firm-detail answers the onboarding modal and Profile Settings collect. */
export type FirmDetails = Schemas['OnboardingAnswers'];
export type Profile = Schemas['ProfileView'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type OnboardingStatus = Schemas['OnboardingStatus'];
export type ClientConfig = Schemas['ClientConfig'];
export type LockedAccount = Schemas['LockedAccount'];
export type LockedAccounts = Schemas['LockedAccounts'];

// The operator's firms and install settings
export type AdminFirm = Schemas['AdminFirm'];
export type AdminFirms = Schemas['AdminFirms'];
export type AdminFirmUpdate = Schemas['AdminFirmUpdate'];
export type AdminFirmEnvelope = Schemas['AdminFirmEnvelope'];
export type InstallSettings = Schemas['InstallSettings'];
export type SignUpMode = Schemas['SignUpMode'];
/** POST /api/admin/firms/merge: everything of `from` moves into `into`, and `from` is gone. */
export type FirmMerge = Schemas['FirmMerge'];
/** POST /api/admin/firms/import: the firm an archive made, its rows by table, what it left out and why. */
export type ImportedFirm = Schemas['ImportedFirm'];

// The operator's mail: the SMTP settings (never the password), a test message, the outbox
export type MailSettings = Schemas['MailSettingsView'];
export type MailSettingsChange = Schemas['MailSettingsChange'];
export type MailSecurity = Schemas['Security'];
export type TestMailRequest = Schemas['TestMail'];
export type TestMailAnswer = Schemas['TestMailAnswer'];
export type Outbox = Schemas['Outbox'];
export type OutboxItem = Schemas['OutboxItem'];
export type MessageKind = Schemas['MessageKind'];
export type MessageStatus = Schemas['MessageStatus'];
/** POST /api/admin/backup: the operator's current code, when the operator has a second factor. */
export type BackupRequest = Schemas['BackupRequest'];

// Handing the install's operator role to another account: the operator's offer, the offered account's answer
export type OperatorOffer = Schemas['OfferView'];
export type PendingOperatorOffer = Schemas['PendingOffer'];
/** POST /api/admin/handover: the new operator's email and the operator's current code, when they have a second factor. */
export type OperatorOfferRequest = Schemas['OfferRequest'];
/** POST /api/operator-offer/{offerId}/accept: the accepting account's current code, when it has a second factor. */
export type AcceptOperatorOfferRequest = Schemas['AcceptRequest'];

// The firm's own screens: details, members, invitations, one-time links, the audit log
export type Firm = Schemas['FirmView'];
export type FirmEnvelope = Schemas['FirmEnvelope'];
/** POST /api/firm/export: the owner's current code, when the owner has a second factor. */
export type FirmExportRequest = Schemas['ExportRequest'];
/** GET /api/firm/deletion (and what scheduling answers): whether, when and by whom the firm's deletion is scheduled. */
export type FirmDeletion = Schemas['DeletionView'];
/** POST /api/firm/deletion: the owner's current code, when the owner has a second factor. */
export type FirmDeletionRequest = Schemas['ScheduleRequest'];
export type FirmUpdate = Schemas['FirmUpdate'];
export type Member = Schemas['MemberView'];
export type Members = Schemas['Members'];
export type MemberEnvelope = Schemas['MemberEnvelope'];
export type RoleChange = Schemas['RoleChange'];
export type Invitation = Schemas['InvitationView'];
export type Invitations = Schemas['Invitations'];
export type NewInvitation = Schemas['NewInvitation'];
export type InvitationCreated = Schemas['InvitationCreated'];
export type InvitationLookup = Schemas['InvitationLookup'];
export type InvitationPreview = Schemas['InvitationPreview'];
export type ResetLink = Schemas['ResetLinkView'];
export type ResetPasswordRequest = Schemas['ResetPassword'];
/** POST /api/auth/forgot-password: the same answer whether or not an account uses the email. */
export type ForgotPasswordRequest = Schemas['ForgotPassword'];
export type ForgotPasswordAnswer = Schemas['ForgotPasswordAnswer'];
export type AuditLog = Schemas['AuditLog'];
export type AuditEntry = Schemas['AuditEntryView'];

// The catalog
export type Category = Schemas['Category'];
export type CategoryRef = Schemas['CategoryRef'];
/** A vendor as every API that lists vendors returns it. */
export type Vendor = Schemas['VendorView'];
export type VendorPage = Schemas['VendorPage'];
export type VendorSort = Schemas['VendorSort'];
export type VendorUpdate = Schemas['VendorUpdate'];
export type FactsUpdate = Schemas['FactsUpdate'];
export type PartnerLevel = Schemas['PartnerLevel'];
export type VendorProfile = Schemas['VendorProfile'];
export type VendorEvidence = Schemas['VendorEvidence'];
/** Where each of a vendor's facts came from, and its security profile. */
export type VendorFacts = Schemas['VendorFactsView'];
export type Provenance = Schemas['ProvenanceView'];
export type SecurityProfile = Schemas['SecurityView'];
export type SizeRef = Schemas['SizeRef'];
/** A count about other firms as the server lets it be shown: `value` is absent or null for "fewer than 5" (0 included). */
export type ShownCount = Schemas['ShownCount'];
/** A vendor profile's "What firms pay": annual cost per seat, overall and by firm size. */
export type WhatFirmsPay = Schemas['WhatFirmsPay'];
export type PriceFigure = Schemas['PriceFigure'];
export type ImportReport = Schemas['ImportReport'];
export type SourcePage = Schemas['SourcePage'];
export type MeetingClick = Schemas['MeetingClickView'];
export type MeetingClickRequest = Schemas['MeetingClickRequest'];
export type ClickKind = Schemas['ClickKind'];
export type VendorMerged = Schemas['VendorMerged'];
export type VendorMerge = Schemas['VendorMerge'];

// The shared catalog: the signed feed this install follows (Manage Vendors)
/** GET|PUT /api/admin/catalog-feed: where the feed comes from, what was applied, the last pull, the open choices. */
export type FeedStatus = Schemas['FeedStatus'];
export type FeedApplied = Schemas['Applied'];
export type FeedAttempt = Schemas['Attempt'];
/** A fact both this install and the feed changed: the operator keeps one. */
export type FeedChoice = Schemas['Choice'];
export type FeedSchedule = Schemas['Schedule'];
export type FeedSubscriptionEdit = Schemas['SubscriptionEdit'];
/** POST /api/admin/catalog-feed/choices. */
export type FeedChoiceMade = Schemas['ChoiceMade'];
/** POST /api/admin/catalog-feed/pull: what the pull did. */
export type PullReport = Schemas['PullReport'];

// Demo bookings and trends
export type SampleShare = Schemas['SampleShare'];
export type Trends = Schemas['TrendsAnswer'];
export type DemoBooking = Schemas['BookingItem'];
export type DemoBookingPage = Schemas['BookingPage'];
export type FilterOptions = Schemas['OptionsAnswer'];
export type TrendCities = Schemas['CitiesAnswer'];
/** The dashboard filters' query, shared by the trends, cities and bookings reads. */
export type TrendsQuery = NonNullable<operations['trends']['parameters']['query']>;
export type CityCount = Schemas['CityCount'];
/** A saved view of /trends: a name and the query string it opens, the firm's. */
export type SavedView = Schemas['SavedViewView'];
export type SavedViews = Schemas['SavedViews'];
export type NewSavedView = Schemas['NewSavedView'];
/** One period's trend figures: the answer's own, and its `comparison`'s. */
export type TrendPeriod = Schemas['Trends'];
/** A change between the period and its comparison; `tooFew`: no percentage, too few bookings to call a trend. */
export type TrendChange = Schemas['Change'];
export type TrendChanges = Schemas['Changes'];
export type TrendSummaryChange = Schemas['SummaryChange'];
export type TrendBucket = Schemas['Bucket'];
export type TrendStack = Schemas['Stack'];
export type TrendGranularity = Schemas['Granularity'];
export type CompareWith = Schemas['CompareWith'];
/** The /trends panels whose numbers `GET /api/trends?format=csv&panel=` writes. */
export type TrendsPanel = Schemas['TrendsPanel'];
/** GET /api/trends/vendors: the vendors inside a category (or the top 20 of all). */
export type TrendVendors = Schemas['VendorsAnswer'];
export type TrendVendor = Schemas['VendorRow'];
export type TrendVendorsQuery = NonNullable<operations['vendors']['parameters']['query']>;

// Recommendations
export type Question = Schemas['QuestionView'];
export type ResponseRequest = Schemas['ResponseRequest'];
export type LatestResponse = Schemas['LatestResponse'];
export type ResponseCreated = Schemas['ResponseCreated'];
export type Answer = Schemas['AnswerRequest'];
export type ComputeRequest = Schemas['ComputeRequest'];
export type ComputeResult = Schemas['ComputeResult'];
export type RankedVendor = Schemas['RankedView'];
export type Factor = Schemas['Factor'];
export type Pick = Schemas['PickView'];
export type StagePicks = Schemas['StagePicks'];
export type TieGroup = Schemas['TieGroupView'];
export type PersistedPicks = Schemas['PersistedPicks'];
export type PickForMeAnswer = Schemas['PickForMeAnswer'];
export type PicksRestored = Schemas['PicksRestored'];
export type StageStatus = Schemas['StageStatus'];
export type StageOverview = Schemas['StageOverview'];
export type Overview = Schemas['Overview'];
export type DismissReasonCode = Schemas['DismissReasonCode'];
export type DismissRequest = Schemas['DismissRequest'];
export type Dismissal = Schemas['DismissedView'];
export type DismissedList = Schemas['DismissedList'];
export type PastRecommendation = Schemas['PastRecommendation'];
export type PastPage = Schemas['Page_PastRecommendation'];

// The tech stack and coverage
export type CategoryAdoption = Schemas['AdoptionItem'];
export type CategoryAdoptionList = Schemas['AdoptionList'];
export type AdoptionVendor = Schemas['VendorChoice'];
export type TechStackSaveItem = Schemas['SaveItem'];
export type Coverage = Schemas['Coverage'];
export type CoverageItem = Schemas['CoverageItem'];

// Comparison, the shortlist and the brief
export type Comparison = Schemas['Comparison'];
export type ComparedVendor = Schemas['ComparedVendor'];
export type ComparedAttribute = Schemas['Attribute'];
export type ShortlistStatus = Schemas['Status'];
export type Shortlist = Schemas['Shortlist'];
export type ShortlistGroup = Schemas['Group'];
export type ShortlistEntry = Schemas['EntryView'];
export type EntryChange = Schemas['EntryRequest'];
export type OutcomeChange = Schemas['OutcomeRequest'];
export type Brief = Schemas['Brief'];
export type BriefGroup = Schemas['BriefGroup'];
export type BriefVendor = Schemas['BriefVendor'];

// Demo requests through Litstack (issue 80): the firm's side; the vendor's and the operator's
// views are named in their own features.
export type DemoRequest = Schemas['DemoRequestView'];
export type DemoRequests = Schemas['DemoRequests'];
export type DemoRequestState = Schemas['DemoRequestState'];
/** What the member chose to send the vendor, field by field. */
export type DemoShared = Schemas['Shared'];
export type DemoRequestForm = Schemas['DemoRequestForm'];
export type DemoShareableField = Schemas['ShareableField'];
export type NewDemoRequest = Schemas['NewRequest'];

// Single sign-on (issue 31)
export type SsoDiscovery = Schemas['SsoDiscovery'];
export type SsoSettingsView = Schemas['SsoSettingsView'];
export type SsoSettingsUpdate = Schemas['SsoSettingsUpdate'];
export type SsoDomainStatus = Schemas['DomainStatus'];
export type AdminDomainClaim = Schemas['AdminDomainClaim'];
export type AdminDomainClaims = Schemas['AdminDomainClaims'];
// Notifications (issue 31).
export type NoticeList = Schemas['NoticeList'];
export type NoticeView = Schemas['NoticeView'];
export type NoticeKind = Schemas['NoticeKind'];
export type MarkRead = Schemas['MarkRead'];
export type NoticePrefs = Schemas['NoticePrefs'];
export type KindPref = Schemas['KindPref'];
export type PrefsChange = Schemas['PrefsChange'];
export type UnsubscribeView = Schemas['UnsubscribeView'];
// Contracts and renewals (issue 32)
export type Contract = Schemas['ContractView'];
export type ContractRequest = Schemas['ContractRequest'];
export type RenewalList = Schemas['RenewalList'];
export type CalendarFeedState = Schemas['CalendarFeedState'];
export type CalendarFeedUrl = Schemas['CalendarFeedUrl'];

// Evaluations (issue 32)
export type Evaluation = Schemas['EvaluationView'];
export type EvaluationVendor = Schemas['VendorSummary'];
export type EvaluationCriteria = Schemas['CriteriaView'];
export type EvaluationCriterion = Schemas['RecordCriterion'];
export type CriteriaRequest = Schemas['CriteriaRequest'];
export type Scorecard = Schemas['ScorecardView'];
export type ScorecardRequest = Schemas['ScorecardRequest'];
export type ScoreInput = Schemas['ScoreInput'];
export type ReferenceRequest = Schemas['ReferenceRequest'];
export type ReferenceCheck = Schemas['ReferenceView'];
// Decisions (issue 32)
export type DecisionView = Schemas['DecisionView'];
export type DecisionList = Schemas['DecisionList'];
export type DecisionSummary = Schemas['DecisionSummary'];
export type DecisionRequest = Schemas['DecisionRequest'];
export type DecisionDraft = Schemas['DecisionDraft'];
export type DecisionApprover = Schemas['ApproverView'];
export type DecisionVerdict = Schemas['VerdictRequest'];
export type DecisionTechStackAnswer = Schemas['TechStackRequest'];
export type DecisionRecord = Schemas['DecisionRecord'];
export type EvaluationRecord = Schemas['EvaluationRecord'];
export type EvaluationRecordVendor = Schemas['RecordVendor'];
