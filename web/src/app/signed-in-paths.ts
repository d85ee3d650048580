import { paths } from '@/config/paths';

/** Every signed-in path; the router sends them all to the signed-in app, loaded on demand. */
export const signedInPaths: readonly string[] = [
  paths.home,
  paths.matches,
  paths.trends,
  paths.vendors,
  paths.vendorProfile,
  paths.past,
  paths.shortlist,
  paths.shortlistBrief,
  paths.techStack,
  paths.profile,
  paths.firm,
  paths.compare,
  paths.admin.import,
  paths.admin.vendors,
  paths.admin.firms,
];

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A `:param` segment matches one path segment.
const pattern = (path: string) => escape(path).replace(/:[A-Za-z]+/g, '[^/]+');
// One route for all signed-in paths, so the layout stays mounted while moving between them.
export const appPathPattern = new RegExp(`^(?:${signedInPaths.map(pattern).join('|')})/?$`);
