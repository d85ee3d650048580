/** Every route path of the app, named once. Build links and redirects from here. */
export const paths = {
  auth: {
    signIn: '/auth/sign-in',
    signUp: '/auth/sign-up',
    /** Public: asks for a password-reset link by email (when the server sends mail). */
    forgotPassword: '/auth/forgot-password',
  },
  home: '/',
  matches: '/matches',
  trends: '/trends',
  vendors: '/vendors',
  /** A vendor's profile (route pattern); link to one with `vendorProfilePath`. */
  vendorProfile: '/vendors/:id',
  /** A category's evaluation (route pattern); link to one with `evaluationPath`. */
  evaluation: '/evaluations/:categoryId',
  past: '/past',
  shortlist: '/shortlist',
  shortlistBrief: '/shortlist/brief',
  techStack: '/tech-stack',
  /** The firm's decisions; propose one at `/decisions/new?category=<id>` (`newDecisionPath`). */
  decisions: '/decisions',
  decisionNew: '/decisions/new',
  /** One decision (route pattern); link to one with `decisionPath`. */
  decision: '/decisions/:id',
  profile: '/profile',
  /** The firm: details, members, invitations, audit log. */
  firm: '/firm',
  /** Public: an invitation link, `/join#<token>`. */
  join: '/join',
  /** Public: a password-reset link, `/reset-password#<token>`. */
  resetPassword: '/reset-password',
  /** Public: a mail's unsubscribe link, `/unsubscribe?token=<token>`. */
  unsubscribe: '/unsubscribe',
  /** The side-by-side comparison, `?ids=1,2,3`. */
  compare: '/compare',
  admin: {
    import: '/admin/import',
    vendors: '/admin/vendors',
    firms: '/admin/firms',
    /** The operator's mail server, test message and outbox. */
    mail: '/admin/mail',
    /** The operator's list of accounts locked by failed sign-ins. */
    lockedAccounts: '/admin/locked-accounts',
  },
} as const;

/** The profile of one vendor: /vendors/42. */
export const vendorProfilePath = (id: number | string) => `/vendors/${id}`;
export const evaluationPath = (categoryId: number | string) => `/evaluations/${categoryId}`;

/** Browse Vendors filtered to one category. */
export const vendorsInCategoryPath = (categoryId: number) => `${paths.vendors}?categoryIds=${categoryId}`;

/** One decision: /decisions/7. */
export const decisionPath = (id: number | string) => `/decisions/${id}`;

/** The proposal form for a category: /decisions/new?category=3. */
export const newDecisionPath = (categoryId: number) => `/decisions/new?category=${categoryId}`;
