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
      name: 'engine-light-entry-stays-light',
      severity: 'error',
      comment:
        "The engine's light entry (index.ts) and what it loads (types, media, subtitles, languages, frames) import none of its work; languages asks the recognisers by a dynamic import only.",
      from: {
        path: '^packages/engine/src/(index\\.ts|types\\.ts|media/|subtitles/|languages/|frames/)',
        pathNot: TEST_CODE,
      },
      to: {
        path: '^packages/engine/src/(transcribe|align|audio|vad|onnx|reframe|render|pipeline|edit|exports|cli)/|^packages/engine/src/work\\.ts$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'engine-folders-one-way',
      severity: 'error',
      comment:
        'Engine folders import down only: the aligner sits below transcription, the framing search below the renderer.',
      from: { path: '^packages/engine/src/(align|reframe)/', pathNot: TEST_CODE },
      to: { path: '^packages/engine/src/(transcribe|render|pipeline|exports|cli)/' },
    },
    {
      name: 'server-engine-through-adapter',
      severity: 'error',
      comment:
        'The server reaches the engine only through engine-adapter/, its one door (docs/architecture.md).',
      from: {
        path: '^apps/server/src/',
        pathNot: [TEST_CODE, '^apps/server/src/engine-adapter/'],
      },
      to: { path: '^packages/engine/' },
    },
    {
      name: 'engine-work-loaded-lazily',
      severity: 'error',
      comment:
        "The engine's work (work.ts: recognisers, renderer, reframing) is loaded by the engine door only, by a dynamic import when a call needs it, so a process that serves the API never loads it.",
      from: { path: '^apps/', pathNot: [TEST_CODE, '^apps/server/bench/'] },
      to: {
        path: '^packages/engine/src/work\\.ts$',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'web-imports-engine-subtitles-only',
      severity: 'error',
      comment:
        'The web takes the browser-safe subtitles entry of the engine (the same ASS as the render), nothing else.',
      from: { path: '^apps/web/', pathNot: TEST_CODE },
      to: { path: '^packages/engine/', pathNot: '^packages/engine/src/subtitles/' },
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
      name: 'web-components-import-no-playback',
      severity: 'error',
      comment:
        'Playback (the players and their layers) sits above the shared components it draws with: components import no playback.',
      from: { path: '^apps/web/src/components/', pathNot: TEST_CODE },
      to: { path: '^apps/web/src/playback/' },
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
      name: 'server-below-imports-nothing-above',
      severity: 'error',
      comment:
        "The server's lower rooms (db, engine-adapter, http, jobs, storage, errors, mail, process) import no module and nothing of the start-up above them.",
      from: {
        path: '^apps/server/src/(db|engine-adapter|http|jobs|storage|errors|mail|process)/',
        pathNot: TEST_CODE,
      },
      to: {
        path: '^apps/server/src/(modules/|[^/]+\\.ts$)',
        pathNot: '^apps/server/src/(config[-a-z]*|logger|app-context)\\.ts$',
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
