// The import rules of the monorepo (docs/team-brief.md, issue 20 "One room per feature").
// Run: `npm run lint:deps` (part of `npm run test:all`, which `./roughcut test` runs).

// Test code: test files, test folders and test fixtures. Test files are not checked as sources.
const TEST_CODE =
  '(\\.(test|int\\.test|e2e\\.test)\\.tsx?$)|(/test/)|(/testing/)|(\\.fixtures?\\.tsx?$)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module must not reach itself again through its imports: split out what both sides need.',
      from: { pathNot: TEST_CODE },
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-workspace',
      severity: 'error',
      comment: 'packages/shared is the bottom layer: it imports no other workspace.',
      from: { path: '^packages/shared/', pathNot: TEST_CODE },
      to: { path: '^(apps|e2e|packages/(?!shared/))' },
    },
    {
      name: 'engine-imports-no-app',
      severity: 'error',
      comment: 'packages/engine runs without HTTP or a database: it imports neither app.',
      from: { path: '^packages/engine/', pathNot: TEST_CODE },
      to: { path: '^apps/' },
    },
    {
      name: 'client-imports-shared-only',
      comment:
        'packages/client (the command line and the MCP server) talks to a server over HTTP: of the workspaces it imports shared only.',
      severity: 'error',
      from: { path: '^packages/client/', pathNot: TEST_CODE },
      to: { path: '^(apps|e2e|packages/(?!(shared|client)/))' },
    },
    {
      name: 'web-feature-imports-no-feature',
      severity: 'error',
      comment:
        'A web feature imports no other feature: move what both use into a shared web module (api, components, lib, playback).',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST_CODE },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment:
        'Shared web modules (api, components, lib, playback, layouts) sit below the features: they import none.',
      from: { path: '^apps/web/src/(api|components|lib|playback|layouts)/', pathNot: TEST_CODE },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-imports-no-app',
      severity: 'error',
      comment:
        'apps/web/src/app (providers, router, error page, root redirect) sits on top: only it and main.tsx import it. What a screen needs from there belongs below (api, components, lib).',
      // NOTE: unlike the rules above, test code is held to it too: a test that needs something from
      // app/ shows that the thing sits too high.
      from: {
        path: '^apps/web/src/',
        pathNot: ['^apps/web/src/app/', '^apps/web/src/main\\.tsx$'],
      },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        "A server module reaches another only through that module's index.ts, its one public entry.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TEST_CODE },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'src-imports-no-test-code',
      severity: 'error',
      comment: 'Production code never imports test files, test folders or test fixtures.',
      from: { path: '^(apps|packages)/[^/]+/src/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
  ],
  options: {
    includeOnly: '^(apps|packages|e2e)/',
    // NOTE: built bundles (apps/web/dist after `npm run build`) are not source.
    exclude: { path: '(^|/)dist/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
