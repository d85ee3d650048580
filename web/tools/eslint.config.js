// ESLint for the web app (run from web/ as `npm run lint`). It lives in tools/ because
// typescript-eslint parses with TypeScript's JavaScript API, which only this workspace's
// TypeScript 5 has (the app's TypeScript 7 is a native compiler without it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = path.join(webDir, 'src');

/** 'features/<name>', 'lib', 'components', 'app', ... for a file under src/, else null. */
function areaOf(file) {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  return top === 'features' && second ? `features/${second}` : top;
}

/**
 * The app's layering, checked on resolved paths (so `@/…` and `../…` are judged alike): a feature
 * never imports another feature, and lib/ and components/ never import a feature. app/ composes
 * the features.
 */
const boundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherFeature: '{{from}} imports {{to}}: a feature never imports another feature (compose them in app/).',
      featureFromShared: '{{from}} imports {{to}}: lib/ and components/ never import a feature.',
    },
    schema: [],
  },
  create(context) {
    const from = areaOf(context.filename);
    if (!from || !(from.startsWith('features/') || from === 'lib' || from === 'components')) return {};
    function check(node) {
      const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!spec) return;
      let target;
      if (spec.startsWith('@/')) target = path.join(srcDir, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const to = areaOf(target);
      if (!to?.startsWith('features/') || to === from) return;
      const messageId = from.startsWith('features/') ? 'otherFeature' : 'featureFromShared';
      context.report({ node, messageId, data: { from, to } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default defineConfig(
  {
    // basePath: patterns below are relative to web/, where `npm run lint` runs.
    basePath: webDir,
    ignores: ['dist/**', 'tools/**', 'e2e/screenshots/**', 'src/lib/api/schema.d.ts'],
  },
  {
    basePath: webDir,
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
  },
  {
    basePath: webDir,
    files: ['src/**/*.{ts,tsx}'],
    // The Rules of Hooks only. The plugin's other rules check code for the React Compiler, which
    // this app does not use, and take every value a hook returns as immutable: they flag each
    // `signal.value = …` of @preact/signals, which is how signals are meant to be written.
    plugins: { 'react-hooks': reactHooks, litstack: { rules: { boundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'litstack/boundaries': 'error',
    },
  },
);
