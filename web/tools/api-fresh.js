// Fails (exit 1) when src/lib/api/schema.d.ts was generated from another openapi.json than the
// committed one: `npm run build` runs it first, so a build never type-checks against stale API
// types. Plain Node, no installed tools needed (the full comparison with a fresh generation is
// `npm run api:check`, in scripts/test.sh).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The digest the generated types' header names. */
export function documentDigest(documentText) {
  return createHash('sha256').update(documentText).digest('hex');
}

async function check() {
  const document = await readFile(new URL('../src/lib/api/openapi.json', import.meta.url), 'utf8');
  const types = await readFile(new URL('../src/lib/api/schema.d.ts', import.meta.url), 'utf8');
  const named = /openapi\.json sha256: ([0-9a-f]{64})/.exec(types)?.[1];
  if (named !== documentDigest(document)) {
    console.error(
      'web/src/lib/api/schema.d.ts is stale: openapi.json changed since it was generated. Run `npm run api:types` in web/ and commit it.',
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await check();
