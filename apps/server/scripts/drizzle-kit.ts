// Runs drizzle-kit so that it finds the drizzle-orm this workspace uses.
// NOTE: npm nests drizzle-orm under apps/server/node_modules while drizzle-kit is hoisted to the
// root, so drizzle-kit's own imports of drizzle-orm would fail ("Please install latest version of
// drizzle-orm"). A resolve hook points those imports at our copy.
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

let resolving = false;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const ours = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
    if (!ours || resolving) return nextResolve(specifier, context);
    if (!context.conditions.includes('require')) {
      return nextResolve(specifier, { ...context, parentURL: import.meta.url });
    }
    resolving = true;
    try {
      return { url: pathToFileURL(require.resolve(specifier)).href, shortCircuit: true };
    } finally {
      resolving = false;
    }
  },
});

// drizzle-kit exports only its API, so find the bin next to the resolved entry.
const bin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
process.argv.splice(1, 1, bin);
require(bin);
