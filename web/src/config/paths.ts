/**
 * Every route path of the app, named once. Build links and redirects from here; a link that
 * carries a value is built in links.ts from its pattern here (`fillPath`).
 */
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
  /** The side-by-side comparison, `?ids=1,2,3` (`comparePath`). */
  compare: '/compare',
  /**
   * The vendor's side, outside the firm's app: a vendor account has its own session, so these are
   * public screens that ask GET /api/vendor/me themselves.
   */
  vendor: {
    /** The vendor's home: its listing as firms see it, proposals, notices and security. */
    home: '/vendor',
    /** Public: claim a listing by an address at its domain, `/vendor/claim (optionally ?vendor=<listing id>, preselected)`. */
    claim: '/vendor/claim',
    /** Public: a mailed link (an invitation or a claim), `/vendor/join#<token>`. */
    join: '/vendor/join',
    signIn: '/vendor/sign-in',
  },
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

/** The names of a route pattern's `:params`: `'id'` for `/vendors/:id`, `'a' | 'b'` for `/x/:a/y/:b`. */
export type PathParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value for each of a route pattern's `:params`. */
export type PathParams<Pattern extends string> = { [Name in PathParamNames<Pattern>]: string | number };

/**
 * A route pattern of {@link paths} with its `:params` filled in, each value URI-encoded:
 * `fillPath(paths.vendorProfile, { id: 42 })` is `/vendors/42`. A missing param is a type error,
 * and a thrown one for a caller that got round the types.
 */
export function fillPath<Pattern extends string>(pattern: Pattern, params: PathParams<Pattern>): string {
  const values = params as Record<string, string | number | undefined>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern} needs a value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
