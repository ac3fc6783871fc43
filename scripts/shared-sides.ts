import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// packages/shared holds what BOTH sides need: the contract and the rules the web and the server
// (with the engine and the client) each run. A name one side alone uses belongs on that side, so
// this check lists every name shared exports, finds who imports it, and fails on a name used by
// one side only or by none, unless the allow list beside it (shared-sides.allow.json) says why.
//
// Run: `npm run lint:shared` (part of `npm run test:all`). `--json` prints the figures as JSON.
//
// How a name is counted:
// - Production code only: a test file, test folder or fixture (the dependency-cruiser's test
//   pattern), a bench and the e2e workspace are not users; a name only tests use is "unused".
//   Test users are listed beside the names for the reader.
// - Sides: the web is apps/web; the other side is apps/server, packages/engine and packages/client.
// - A re-export (`export { X } from '@roughcut/shared'`, as the engine does for its callers) is a
//   use by the side that re-exports it.
// - Inside shared: a name another shared name refers to (directly or through a private helper)
//   runs wherever that name runs, so it takes that name's sides. This is how the schemas the
//   endpoint table lists count for both sides even where one side imports the schema by name; a
//   type inferred from a schema (`z.infer<typeof …>`) takes the schema's sides the same way.

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED_DIR = 'packages/shared';
const SHARED_PACKAGE = '@roughcut/shared';
const ALLOW_FILE = path.join(import.meta.dirname, 'shared-sides.allow.json');

type Side = 'web' | 'other';
const SIDES: { dir: string; side: Side }[] = [
  { dir: 'apps/web', side: 'web' },
  { dir: 'apps/server', side: 'other' },
  { dir: 'packages/engine', side: 'other' },
  { dir: 'packages/client', side: 'other' },
  // NOTE: e2e is test code as a whole: it is read for the test users only.
  { dir: 'e2e', side: 'other' },
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
// TEST_CODE of .dependency-cruiser.js, and benches: they drive the app as a user would, like tests.
const TEST_CODE =
  /(\.(test|int\.test|e2e\.test)\.tsx?$)|(\/test\/)|(\/testing\/)|(\.fixtures?\.tsx?$)/;
const BENCH_CODE = /(\/bench\/)|(\.bench\.tsx?$)/;
const isTestFile = (file: string): boolean =>
  file.startsWith('e2e/') || TEST_CODE.test(file) || BENCH_CODE.test(file);

type Use = { file: string; test: boolean; side: Side };
type AllowList = Record<string, string>;

const listSources = (dir: string): string[] => {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(child);
      }
    }
  };
  walk(dir);
  return found.sort();
};

/** shared's entry points from its package.json "exports": specifier → file. */
const sharedEntries = (): Map<string, string> => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, SHARED_DIR, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { default?: string; import?: string }>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    if (file === undefined) continue;
    const specifier = subpath === '.' ? SHARED_PACKAGE : `${SHARED_PACKAGE}/${subpath.slice(2)}`;
    entries.set(specifier, path.join(ROOT, SHARED_DIR, file));
  }
  return entries;
};

type SharedNames = {
  /** Specifier → the names that entry exports. */
  byEntry: Map<string, Set<string>>;
  /** Name → the shared names whose declarations refer to it. */
  referredBy: Map<string, Set<string>>;
};

const readShared = (entries: Map<string, string>): SharedNames => {
  const program = ts.createProgram([...entries.values()], {
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    strict: true,
    target: ts.ScriptTarget.ES2023,
  });
  const checker = program.getTypeChecker();
  const sharedSrc = path.join(ROOT, SHARED_DIR, 'src') + path.sep;
  const resolve = (symbol: ts.Symbol): ts.Symbol =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  const byEntry = new Map<string, Set<string>>();
  const nameOf = new Map<ts.Symbol, string>();
  for (const [specifier, file] of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`shared-sides: cannot read ${file}`);
    const names = new Set<string>();
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      names.add(symbol.name);
      nameOf.set(resolve(symbol), symbol.name);
    }
    byEntry.set(specifier, names);
  }

  // Which exported names each exported name's declarations reach, through private helpers too.
  const referredBy = new Map<string, Set<string>>();
  for (const [symbol, name] of nameOf) {
    const seen = new Set<ts.Symbol>([symbol]);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const found = checker.getSymbolAtLocation(node);
        const target = found && resolve(found);
        if (target !== undefined && !seen.has(target)) {
          seen.add(target);
          const targetName = nameOf.get(target);
          if (targetName !== undefined) {
            const users = referredBy.get(targetName) ?? new Set<string>();
            users.add(name);
            referredBy.set(targetName, users);
          } else {
            for (const declaration of target.declarations ?? []) {
              const file = declaration.getSourceFile().fileName;
              if (path.resolve(file).startsWith(sharedSrc)) visit(declaration);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    for (const declaration of symbol.declarations ?? []) visit(declaration);
  }

  // NOTE: `type X = z.infer<typeof xSchema>` is the schema's shape under another name: a side that
  // uses the schema (through the endpoint table, say) uses X too, so X takes the schema's sides.
  for (const [symbol, name] of nameOf) {
    for (const declaration of symbol.declarations ?? []) {
      const schema = inferredSchema(declaration);
      const found = schema && checker.getSymbolAtLocation(schema);
      const schemaName = found && nameOf.get(resolve(found));
      if (schemaName === undefined) continue;
      const users = referredBy.get(name) ?? new Set<string>();
      users.add(schemaName);
      referredBy.set(name, users);
    }
  }
  return { byEntry, referredBy };
};

/** `xSchema` of `type X = z.infer<typeof xSchema>` (or z.input, z.output), else undefined. */
const inferredSchema = (declaration: ts.Declaration): ts.Identifier | undefined => {
  if (!ts.isTypeAliasDeclaration(declaration) || !ts.isTypeReferenceNode(declaration.type)) {
    return undefined;
  }
  const { typeName, typeArguments } = declaration.type;
  const argument = typeArguments?.[0];
  const isInfer =
    ts.isQualifiedName(typeName) &&
    ts.isIdentifier(typeName.left) &&
    typeName.left.text === 'z' &&
    ['infer', 'input', 'output'].includes(typeName.right.text);
  if (!isInfer || argument === undefined || !ts.isTypeQueryNode(argument)) return undefined;
  return ts.isIdentifier(argument.exprName) ? argument.exprName : undefined;
};

/** Every name a file imports or re-exports from shared (its entries' export lists resolve `*`). */
const sharedImports = (
  file: string,
  byEntry: Map<string, Set<string>>,
): { name: string; reexport: boolean }[] => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (!text.includes(SHARED_PACKAGE)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; reexport: boolean }[] = [];
  const entryOf = (node: ts.Node | undefined): Set<string> | undefined =>
    node !== undefined && ts.isStringLiteral(node) ? byEntry.get(node.text) : undefined;
  const namespaces = new Map<string, Set<string>>();

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const names = entryOf(node.moduleSpecifier);
      const clause = node.importClause;
      if (names !== undefined && clause !== undefined) {
        const bindings = clause.namedBindings;
        if (bindings !== undefined && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            found.push({ name: (element.propertyName ?? element.name).text, reexport: false });
          }
        } else if (bindings !== undefined) {
          namespaces.set(bindings.name.text, names);
        }
      }
    } else if (ts.isExportDeclaration(node)) {
      const names = entryOf(node.moduleSpecifier);
      if (names !== undefined) {
        const clause = node.exportClause;
        if (clause !== undefined && ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            found.push({ name: (element.propertyName ?? element.name).text, reexport: true });
          }
        } else {
          for (const name of names) found.push({ name, reexport: true });
        }
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const names = entryOf(node.argument.literal);
      const qualifier = node.qualifier;
      if (names !== undefined && qualifier !== undefined) {
        let first: ts.EntityName = qualifier;
        while (ts.isQualifiedName(first)) first = first.left;
        found.push({ name: first.text, reexport: false });
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      // WARNING: a dynamic import is counted as using every name of that entry.
      const names = entryOf(node.arguments[0]);
      for (const name of names ?? []) found.push({ name, reexport: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  if (namespaces.size > 0) {
    const visitAccess = (node: ts.Node): void => {
      const access =
        ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)
          ? { ns: node.expression.text, name: node.name.text }
          : ts.isQualifiedName(node) && ts.isIdentifier(node.left)
            ? { ns: node.left.text, name: node.right.text }
            : undefined;
      if (access !== undefined && namespaces.get(access.ns)?.has(access.name) === true) {
        found.push({ name: access.name, reexport: false });
      }
      ts.forEachChild(node, visitAccess);
    };
    visitAccess(source);
  }
  return found;
};

const readAllowList = (): AllowList => {
  const raw = JSON.parse(readFileSync(ALLOW_FILE, 'utf8')) as unknown;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${ALLOW_FILE}: expected an object of name → reason`);
  }
  return raw as AllowList;
};

type Verdict = 'web-only' | 'other-only' | 'both' | 'unused';

const run = (): number => {
  const entries = sharedEntries();
  const { byEntry, referredBy } = readShared(entries);
  const exported = new Set([...byEntry.values()].flatMap((names) => [...names]));

  const uses = new Map<string, Use[]>();
  const unknown: string[] = [];
  for (const { dir, side } of SIDES) {
    for (const file of listSources(dir)) {
      for (const { name } of sharedImports(file, byEntry)) {
        if (!exported.has(name)) {
          unknown.push(`${file}: ${name}`);
          continue;
        }
        const list = uses.get(name) ?? [];
        list.push({ file, test: isTestFile(file), side });
        uses.set(name, list);
      }
    }
  }

  // Sides from production users, then carried along shared's own references until nothing moves.
  const sides = new Map<string, Set<Side>>();
  for (const name of exported) {
    sides.set(name, new Set((uses.get(name) ?? []).filter((u) => !u.test).map((u) => u.side)));
  }
  const direct = new Map([...sides].map(([name, own]) => [name, new Set(own)]));
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, users] of referredBy) {
      const own = sides.get(name);
      if (own === undefined) continue;
      for (const user of users) {
        for (const side of sides.get(user) ?? []) {
          if (!own.has(side)) {
            own.add(side);
            changed = true;
          }
        }
      }
    }
  }

  const verdictOf = (name: string, from = sides): Verdict => {
    const own = from.get(name) ?? new Set();
    if (own.has('web') && own.has('other')) return 'both';
    if (own.has('web')) return 'web-only';
    if (own.has('other')) return 'other-only';
    return 'unused';
  };
  const groups: Record<Verdict, string[]> = {
    'web-only': [],
    'other-only': [],
    both: [],
    unused: [],
  };
  const directGroups: Record<Verdict, string[]> = {
    'web-only': [],
    'other-only': [],
    both: [],
    unused: [],
  };
  for (const name of [...exported].sort()) {
    groups[verdictOf(name)].push(name);
    directGroups[verdictOf(name, direct)].push(name);
  }

  const allow = readAllowList();
  const problems: string[] = [];
  for (const [name, reason] of Object.entries(allow)) {
    if (typeof reason !== 'string' || reason.trim() === '' || reason.includes('\n')) {
      problems.push(`allow list: "${name}" needs a one-line reason`);
    } else if (!exported.has(name)) {
      problems.push(`allow list: "${name}" is no longer exported by shared; remove it`);
    } else if (verdictOf(name) === 'both') {
      problems.push(`allow list: "${name}" is used by both sides now; remove it`);
    }
  }
  for (const line of unknown) problems.push(`imports a name shared does not export: ${line}`);

  const note = (name: string): string => {
    const tests = (uses.get(name) ?? []).filter((u) => u.test);
    const testSides = [...new Set(tests.map((u) => (u.file.startsWith('e2e/') ? 'e2e' : u.side)))];
    const via = [...(referredBy.get(name) ?? [])].filter((user) => verdictOf(user) !== 'unused');
    const parts = [
      allow[name] !== undefined ? 'allowed' : '',
      testSides.length > 0 ? `tests: ${testSides.join(', ')}` : '',
      via.length > 0
        ? `via ${via.sort().slice(0, 3).join(', ')}${via.length > 3 ? ', …' : ''}`
        : '',
    ].filter((part) => part !== '');
    return parts.length > 0 ? `${name} (${parts.join('; ')})` : name;
  };

  const oneSided = [...groups['web-only'], ...groups['other-only'], ...groups.unused];
  const failing = oneSided.filter((name) => allow[name] === undefined);

  if (process.argv.includes('--json')) {
    const figures = { counts: countsOf(groups), direct: countsOf(directGroups), groups, failing };
    console.log(JSON.stringify({ ...figures, problems }, null, 2));
  } else {
    const counts = countsOf(groups);
    console.log(
      `shared-sides: ${exported.size} names: web-only ${counts['web-only']}, other-only ` +
        `${counts['other-only']}, both ${counts.both}, unused ${counts.unused} ` +
        `(allowed ${oneSided.length - failing.length}, not allowed ${failing.length})`,
    );
    const plain = countsOf(directGroups);
    console.log(
      `  by imports alone, before shared's own references: web-only ${plain['web-only']}, ` +
        `other-only ${plain['other-only']}, both ${plain.both}, unused ${plain.unused}`,
    );
    for (const verdict of ['web-only', 'other-only', 'unused'] as const) {
      if (groups[verdict].length === 0) continue;
      console.log(`\n${verdict} (${groups[verdict].length}):`);
      for (const name of groups[verdict]) console.log(`  ${note(name)}`);
    }
    if (process.argv.includes('--all')) {
      console.log(`\nboth (${groups.both.length}):\n  ${groups.both.join(', ')}`);
    }
    if (failing.length > 0) {
      console.log(
        `\nshared-sides: ${failing.length} name(s) used by one side or none, not on ` +
          `${path.relative(ROOT, ALLOW_FILE)}: move each to the side that uses it (or delete it), ` +
          'or allow it with a one-line reason.',
      );
    }
    for (const problem of problems) console.log(`shared-sides: ${problem}`);
  }
  return failing.length > 0 || problems.length > 0 ? 1 : 0;
};

const countsOf = (groups: Record<Verdict, string[]>): Record<Verdict, number> => ({
  'web-only': groups['web-only'].length,
  'other-only': groups['other-only'].length,
  both: groups.both.length,
  unused: groups.unused.length,
});

process.exitCode = run();
