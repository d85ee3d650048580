/**
 * Named aliases of the generated API types (schema.d.ts, from the server's own description), for
 * the app to import. Add an alias here rather than writing a response type by hand.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Category = Schemas['Category'];
