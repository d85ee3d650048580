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
  techStack: '/tech-stack',
  profile: '/profile',
  /** The side-by-side comparison, `?ids=1,2,3`. */
  compare: '/compare',
  admin: {
    import: '/admin/import',
    vendors: '/admin/vendors',
  },
} as const;
