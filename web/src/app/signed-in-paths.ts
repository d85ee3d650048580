import { signedInScreens } from './screens';

/** Every signed-in path (from the screen registry); the signed-in app shows them, and the not-found screen for any other. */
export const signedInPaths: readonly string[] = signedInScreens.map((screen) => screen.path);

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A `:param` segment matches one path segment.
const pattern = (path: string) => escape(path).replace(/:[A-Za-z]+/g, '[^/]+');
// One route for all signed-in paths, so the layout stays mounted while moving between them.
export const appPathPattern = new RegExp(`^(?:${signedInPaths.map(pattern).join('|')})/?$`);
