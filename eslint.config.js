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
  if (path === 'server/moduleApi.ts') return { kind: 'server', api: true };
  if (path.startsWith('server/')) return { kind: 'server' };
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

/** The modules a module declares in `dependsOn` (read from its module.ts). */
const dependencies = new Map();
function dependsOn(name) {
  if (!dependencies.has(name)) {
    const file = join(root, 'modules', name, 'module.ts');
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const list = /dependsOn:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    dependencies.set(name, [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]));
  }
  return dependencies.get(name);
}

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  const isModule = to.kind === 'module';
  switch (from.kind) {
    case 'contract':
      return to.kind === 'contract' ? null : 'the contract is shared by client and server and depends on nothing';
    case 'server':
      if (isModule) return 'the platform never imports a module: modules are discovered (server/modules/discover.ts)';
      return ['server', 'contract', 'other'].includes(to.kind) ? null : 'the server shares only src/contract with the client';
    case 'shared':
      if (to.kind === 'contract' || to.kind === 'other') return null;
      if (to.kind === 'kit') return 'the module kit sits above the shared layers: it is the modules’ door into them';
      if (to.kind === 'shared') return to.rank <= from.rank ? null : `${from.name} sits below ${to.name} (layers: contract → ${sharedLayers.join(' → ')})`;
      return 'shared layers sit below features, modules and the app';
    case 'feature':
      if (to.kind === 'feature' && to.name !== from.name) return 'features never import each other; move what both need below them';
      if (to.kind === 'app') return 'features sit below the app; only the app composes them';
      if (to.kind === 'kit') return 'the module kit is the modules’ door; features import the shared layers themselves';
      return isModule ? 'features never import modules' : null;
    case 'app':
      return isModule ? 'the app finds modules by discovery, never by import' : null;
    case 'kit':
      return ['contract', 'shared', 'other'].includes(to.kind) ? null : 'the module kit sits above the shared layers, below features, modules and the app';
    case 'module': {
      if (to.kind === 'kit') return ['client', 'tests'].includes(from.part) ? null : 'the module kit is the door of a module’s client only';
      if (from.part === 'client' && to.kind === 'shared' && to.name !== 'i18n') {
        return 'a module’s client imports the platform through @/moduleKit.ts only (and @/contract/…, @/i18n/…); if the kit lacks what you need, export it there';
      }
      if (['contract', 'shared'].includes(to.kind)) return from.part === 'server' && to.kind === 'shared' ? 'a module’s server part uses server/moduleApi.ts and the contract' : null;
      if (to.kind === 'server') return from.part === 'server' && to.api ? null : 'a module’s server part uses the platform through server/moduleApi.ts only';
      if (to.kind === 'feature' || to.kind === 'app') return 'modules sit beside features, below the app';
      if (!isModule) return null;
      if (to.name === from.name) return from.part !== 'contract' || to.part === 'contract' ? null : 'a module’s declaration imports only declarations';
      if (!dependsOn(from.name).includes(to.name)) return `${from.name} does not declare ${to.name} in dependsOn`;
      return to.part === 'contract' || to.exports ? null : `another module is used only through its declaration and exports.ts`;
    }
    default:
      return null;
  }
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
