/** Every route path of the app, named once. Build links and redirects from here. */
export const paths = {
  auth: {
    signIn: '/auth/sign-in',
    signUp: '/auth/sign-up',
  },
  home: '/',
  matches: '/matches',
  trends: '/trends',
  vendors: '/vendors',
  past: '/past',
  shortlist: '/shortlist',
  shortlistBrief: '/shortlist/brief',
  /** Issue 14's comparison (`?ids=1,2`), built in parallel. */
  compare: '/compare',
  techStack: '/tech-stack',
  profile: '/profile',
  admin: {
    import: '/admin/import',
    vendors: '/admin/vendors',
  },
} as const;
