import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The shared client layers, lowest first: a layer imports only the contract and the layers below
 * it (docs/decisions/012-modules-and-documents.md). Above `panel` sits the module kit
 * (src/moduleKit.ts): the one door of a module's client into them (decision 035).
 */
const sharedLayers = ['session', 'api', 'i18n', 'ui', 'storage', 'pwa', 'panel'];

/** The layer a file belongs to. */
function layerOf(file) {
  const path = relative(root, file).split('\\').join('/');
  const tooling = toolingLayerOf(path);
  if (tooling) return tooling;
  if (path === 'server/moduleApi.ts') return { kind: 'server', api: true, ...serverPlace(path) };
  if (path.startsWith('server/')) return { kind: 'server', ...serverPlace(path) };
  if (path.startsWith('src/contract/')) return { kind: 'contract' };
  if (path === 'src/moduleKit.ts') return { kind: 'kit' };
  if (path.startsWith('src/app/') || path === 'src/main.tsx' || path === 'src/sw.ts') return { kind: 'app' };
  const feature = /^src\/features\/([^/]+)\//.exec(path);
  if (feature) return { kind: 'feature', name: feature[1] };
  const shared = /^src\/([^/]+)\//.exec(path);
  if (shared && sharedLayers.includes(shared[1])) return { kind: 'shared', rank: sharedLayers.indexOf(shared[1]), name: shared[1] };
  const module = /^modules\/([^/]+)\/(.*)$/.exec(path);
  if (module) {
    const [, name, rest] = module;
    const part = rest === 'module.ts' || rest.startsWith('entities/') ? 'contract' : rest.split('/')[0];
    return { kind: 'module', name, part, exports: rest === 'client/exports.ts' || rest === 'server/exports.ts' };
  }
  return { kind: 'other' };
}

/** The modules a module names in a list of its module.ts: `dependsOn` or `listensTo` (decision 033). */
const declared = new Map();
function named(name, field) {
  const key = `${name}:${field}`;
  if (!declared.has(key)) {
    const file = join(root, 'modules', name, 'module.ts');
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const list = new RegExp(`${field}:\\s*\\[([^\\]]*)\\]`).exec(text)?.[1] ?? '';
    declared.set(
      key,
      [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]),
    );
  }
  return declared.get(key);
}
const dependsOn = (name) => named(name, 'dependsOn');
const listensTo = (name) => named(name, 'listensTo');

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  const isModule = to.kind === 'module';
  const tooling = toolingRefusal(from, to);
  if (tooling !== undefined) return tooling;
  switch (from.kind) {
    case 'contract':
      return to.kind === 'contract' ? null : 'the contract is shared by client and server and depends on nothing';
    case 'server':
      if (isModule) return 'the platform never imports a module: modules are discovered (server/modules/discover.ts)';
      if (to.kind === 'server') return serverLayerRefusal(from, to);
      return ['server', 'contract', 'other'].includes(to.kind) ? null : 'the server shares only src/contract with the client';
    case 'shared':
      if (to.kind === 'contract' || to.kind === 'other') return null;
      if (to.kind === 'kit') return 'the module kit sits above the shared layers: it is the modules’ door into them';
      if (to.kind === 'shared')
        return to.rank <= from.rank ? null : `${from.name} sits below ${to.name} (layers: contract → ${sharedLayers.join(' → ')})`;
      return 'shared layers sit below features, modules and the app';
    case 'feature':
      if (to.kind === 'feature' && to.name !== from.name) return 'features never import each other; move what both need below them';
      if (to.kind === 'app') return 'features sit below the app; only the app composes them';
      if (to.kind === 'kit') return 'the module kit is the modules’ door; features import the shared layers themselves';
      return isModule ? 'features never import modules' : null;
    case 'app':
      return isModule ? 'the app finds modules by discovery, never by import' : null;
    case 'kit':
      return ['contract', 'shared', 'other'].includes(to.kind)
        ? null
        : 'the module kit sits above the shared layers, below features, modules and the app';
    case 'module': {
      const side = moduleSideRefusal(from, to);
      if (side !== undefined) return side;
      if (to.kind === 'kit') return ['client', 'tests'].includes(from.part) ? null : 'the module kit is the door of a module’s client only';
      if (from.part === 'client' && to.kind === 'shared' && to.name !== 'i18n') {
        return 'a module’s client imports the platform through @/moduleKit.ts only (and @/contract/…, @/i18n/…); if the kit lacks what you need, export it there';
      }
      if (['contract', 'shared'].includes(to.kind))
        return from.part === 'server' && to.kind === 'shared' ? 'a module’s server part uses server/moduleApi.ts and the contract' : null;
      if (to.kind === 'server')
        return from.part === 'server' && to.api ? null : 'a module’s server part uses the platform through server/moduleApi.ts only';
      if (to.kind === 'feature' || to.kind === 'app') return 'modules sit beside features, below the app';
      if (!isModule) return null;
      if (to.name === from.name)
        return from.part !== 'contract' || to.part === 'contract' ? null : 'a module’s declaration imports only declarations';
      if (to.part === 'server' && to.exports) {
        // A published event's handle and payload types (decision 033), for a dependency or a module listened to.
        if (from.part !== 'server') return 'another module’s server/exports.ts is for a module’s server part only';
        return dependsOn(from.name).includes(to.name) || listensTo(from.name).includes(to.name)
          ? null
          : `${from.name} names ${to.name} in neither dependsOn nor listensTo`;
      }
      if (!dependsOn(from.name).includes(to.name)) return `${from.name} does not declare ${to.name} in dependsOn`;
      return to.part === 'contract' || to.exports ? null : `another module is used only through its declaration and exports.ts`;
    }
    default:
      return null;
  }
}

/**
 * The server's folders, lowest first: a folder imports only itself and the folders below it
 * (decision 036). The files at server/'s root are small helpers any folder may use (config,
 * clock, errors, envelope, fields, …) or the composition that no folder imports.
 */
const serverLayers = [
  'i18n',
  'db',
  'auth',
  'account',
  'panels',
  'entities',
  'notifications',
  'access',
  'sync',
  'books',
  'modules',
  'apiSchema',
  'routes',
];
const serverComposition = [
  'server/app.ts',
  'server/main.ts',
  'server/seed.ts',
  'server/migrate.ts',
  'server/migrationPlan.ts',
  'server/moduleApi.ts',
];

/** Where a server file sits: its folder and the folder's rank, or the composition; a root helper has neither. */
function serverPlace(path) {
  if (serverComposition.includes(path)) return { composition: true };
  const folder = /^server\/([^/]+)\//.exec(path)?.[1];
  return folder ? { folder, rank: serverLayers.indexOf(folder) } : {};
}

/** Why one server file may not import another, or null when it may. */
function serverLayerRefusal(from, to) {
  if (from.folder === undefined) return null;
  if (to.composition) return 'the server’s folders never import its composition (app, main, seed, migrate, moduleApi)';
  if (to.folder === undefined || to.folder === from.folder) return null;
  const unlisted = [from, to].find((place) => place.rank < 0);
  if (unlisted) return `server/${unlisted.folder} has no place in the server’s layers (serverLayers in eslint.config.js)`;
  return to.rank > from.rank ? `server/${from.folder} sits below server/${to.folder} (server layers: ${serverLayers.join(' → ')})` : null;
}

/** Tests, benches, scripts and build code: the app, the server and the modules never import them (decision 036). */
const toolingKinds = ['tests', 'bench', 'scripts', 'build'];

/** The tooling layer of a path (a module's tests and benches too), a root config file, or null. */
function toolingLayerOf(path) {
  const test = /^(?:modules\/([^/]+)\/)?tests\/(?:(unit|server|e2e)\/)?/.exec(path);
  if (test) return { kind: 'tests', side: test[2] ?? 'shared', module: test[1] ?? null };
  const bench = /^(?:modules\/([^/]+)\/)?bench\//.exec(path);
  if (bench) return { kind: 'bench', module: bench[1] ?? null };
  if (path.startsWith('scripts/')) return { kind: 'scripts' };
  if (path.startsWith('build/')) return { kind: 'build' };
  if (!path.includes('/')) return { kind: 'config' };
  return null;
}

/**
 * Why tooling may not import `to` (or be imported), null when it may, undefined when neither side
 * is tooling. Tests import what they test; unit tests (jsdom) never the server, and what runs in
 * Node (server and e2e tests, scripts, build) takes of the client only the contract, and storage
 * for the sync engine the sync tests drive against the real server. Benches measure anything.
 */
function toolingRefusal(from, to) {
  const fromTooling = toolingKinds.includes(from.kind);
  if (!fromTooling)
    return toolingKinds.includes(to.kind) && from.kind !== 'config'
      ? 'the app, the server and the modules never import tests, benches, scripts or build code'
      : undefined;
  if (from.kind === 'build')
    return ['build', 'contract', 'other'].includes(to.kind) ? null : 'build code uses only build/ and the contract';
  if (from.kind === 'bench') return null;
  if (from.kind === 'tests' && from.side === 'unit') {
    return to.kind === 'server' || (to.kind === 'module' && to.part === 'server')
      ? 'unit tests run in jsdom: the server is tested by the server tests'
      : null;
  }
  const client =
    ['feature', 'app'].includes(to.kind) ||
    (to.kind === 'shared' && to.name !== 'storage') ||
    (to.kind === 'module' && to.part === 'client');
  if (client) return 'this runs in Node: of the client it takes only the contract and the storage layer';
  if (from.kind === 'tests' && to.kind === 'tests' && to.side !== 'shared' && to.side !== from.side)
    return `${from.side} tests use their own side’s helpers (and tests/*.ts)`;
  return null;
}

/**
 * Inside a module (decision 036): its client and server never import each other, and `rules/`
 * is pure (the contract, declarations and other rules only), so the device and the server run the
 * same rule. Undefined when the general module rules decide.
 */
function moduleSideRefusal(from, to) {
  const own = to.kind === 'module' && to.name === from.name;
  if (own && [from.part, to.part].includes('client') && [from.part, to.part].includes('server'))
    return 'a module’s client and server never import each other: what both need lives in rules/ or the declaration';
  if (from.part !== 'rules' || to.kind === 'contract') return undefined;
  return to.kind === 'module' && ['contract', 'rules'].includes(to.part)
    ? undefined
    : 'rules/ is pure: it imports only the contract, declarations and other rules';
}

/**
 * Where `@/…` (= `src/…`, tsconfig.json and vite.config.ts) may be written: code that Vite builds or
 * the unit project runs. The server, its tests, benches and scripts run through tsx or Vitest
 * without that alias (the Docker image has no tsconfig.json), so they keep relative paths.
 */
const aliasedFiles = /^(src\/(?!contract\/|sw\.ts)|tests\/unit\/|modules\/[^/]+\/(client|tests\/unit)\/)/;

const layersRule = {
  meta: { type: 'problem', messages: { wrong: '{{from}} may not import {{to}}: {{why}}' } },
  create(context) {
    const from = layerOf(context.filename);
    const fromPath = relative(root, context.filename).split('\\').join('/');
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !(source.startsWith('.') || source.startsWith('@/'))) return;
      const alias = source.startsWith('@/');
      const why =
        alias && !aliasedFiles.test(fromPath)
          ? 'only client code (src/ but its contract and the service worker, modules/*/client, unit tests) may use the `@/` alias; the server and its tests run without it'
          : refusal(from, layerOf(alias ? join(root, 'src', source.slice(2)) : resolve(dirname(context.filename), source)));
      if (why) context.report({ node, messageId: 'wrong', data: { from: relative(root, context.filename), to: source, why } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'data', 'coverage', 'locales/**/*.js', 'tests/e2e/.artifacts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, pishkhan: { rules: { layers: layersRule } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'pishkhan/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);

/** The layer model, for scripts/importGraph.ts. */
export { layerOf, refusal };
