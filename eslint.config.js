import { dirname, relative, resolve } from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The layer a file belongs to: server, contract, a shared client layer, a feature, or the app. */
function layerOf(file) {
  const path = relative(root, file).split('\\').join('/');
  if (path.startsWith('server/')) return { kind: 'server' };
  if (path.startsWith('src/contract/')) return { kind: 'contract' };
  if (path.startsWith('src/app/') || path === 'src/main.tsx') return { kind: 'app' };
  const feature = /^src\/features\/([^/]+)\//.exec(path);
  if (feature) return { kind: 'feature', name: feature[1] };
  if (path.startsWith('src/')) return { kind: 'shared' };
  return { kind: 'other' };
}

/**
 * Imports flow contract → shared (ui, api, session, i18n, storage, pwa) → features → app; features
 * never import each other; the contract imports nothing of ours; the server takes only the contract
 * from src/.
 */
const layersRule = {
  meta: { type: 'problem', messages: { wrong: '{{from}} may not import {{to}}: {{why}}' } },
  create(context) {
    const from = layerOf(context.filename);
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(resolve(dirname(context.filename), source));
      const why =
        (from.kind === 'contract' && to.kind !== 'contract' && 'the contract is shared by client and server and depends on nothing') ||
        (from.kind === 'server' && !['server', 'contract', 'other'].includes(to.kind) && 'the server shares only src/contract with the client') ||
        (from.kind === 'shared' && (to.kind === 'feature' || to.kind === 'app') && 'shared layers sit below features and the app') ||
        (from.kind === 'feature' && to.kind === 'app' && 'features sit below the app; only the app composes them') ||
        (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name && 'features never import each other; move what both need below them');
      if (why) context.report({ node, messageId: 'wrong', data: { from: relative(root, context.filename), to: source, why } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'data', 'coverage', 'locales/**/*.js'] },
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
