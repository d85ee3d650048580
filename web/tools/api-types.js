// Generates ../src/lib/api/schema.d.ts from the committed API document
// (../src/lib/api/openapi.json, kept equal to the server's by tests/api/once/openapi.rs).
//   node api-types.js write   rewrites the types
//   node api-types.js check   fails when the committed types differ from a fresh generation
// The header names the document's SHA-256, so `npm run build` (api-fresh.js, which needs no
// installed tools) fails when the document changed and the types were not regenerated.
import { readFile, writeFile } from 'node:fs/promises';

import { documentDigest } from './api-fresh.js';

import openapiTS, { astToString } from 'openapi-typescript';

const documentUrl = new URL('../src/lib/api/openapi.json', import.meta.url);
const typesUrl = new URL('../src/lib/api/schema.d.ts', import.meta.url);

const header = (digest) => `/**
 * The API's types, generated from openapi.json beside this file by openapi-typescript.
 * Do not edit: run \`npm run api:types\` in web/ (or \`npm run api:update\` after a server change).
 * openapi.json sha256: ${digest}
 */

`;

async function generate() {
  const text = await readFile(documentUrl, 'utf8');
  return header(documentDigest(text)) + astToString(await openapiTS(JSON.parse(text)));
}

const mode = process.argv[2];
if (mode === 'write') {
  await writeFile(typesUrl, await generate());
} else if (mode === 'check') {
  const fresh = await generate();
  const committed = await readFile(typesUrl, 'utf8').catch(() => '');
  if (committed !== fresh) {
    console.error('web/src/lib/api/schema.d.ts is stale: run `npm run api:types` in web/ and commit it.');
    process.exit(1);
  }
} else {
  console.error('usage: node api-types.js write|check');
  process.exit(2);
}
