import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientFromServer = { regex: '^((\\.\\./)+|#)server/', allowTypeImports: true, message: 'The client takes only types from the server (the router and its outputs).' };

export default tseslint.config(
  { ignores: ['dist', 'src/shared/i18n/generated', 'data', '.tmp', 'test-results', 'playwright-report', 'src/client/routeTree.gen.ts', 'db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Client code talks to the server only through the typed tRPC client.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the tRPC client (src/client/trpc.ts), not fetch.' }],
    },
  },
  // Layers point one way: shared <- db <- server, shared <- client. Each block names what its files may not import,
  // in both spellings: relative ('../../server/…') and alias ('#server/…', see package.json "imports").
  layer(['db/**/*.ts'], [{ regex: '^((\\.\\./)+src/(?!shared/)|#(server|client)/)', message: 'db/ imports only src/shared from src/: pass what else it needs in (see db/seed/accounts.ts).' }]),
  layer(['src/shared/**/*.ts'], [{ regex: '^((\\.\\./)+|#)(server|client)/', message: 'src/shared is shared by server and client and imports neither.' }]),
  layer(['src/client/**/*.{ts,tsx}'], [clientFromServer]),
  // A later block replaces the rule's options, so src/client/lib repeats the client's rule.
  layer(['src/client/lib/**/*.ts'], [clientFromServer, { regex: '^((\\.\\./)+|#client/)(components|routes)/', message: 'src/client/lib sits below components and routes.' }]),
  layer(
    ['src/server/**/*.ts'],
    [{ regex: '^((\\.\\./)+|#)client/', allowTypeImports: true, message: 'The server takes only types from the client (the SSR entry is loaded from the build).' }],
    ['src/server/**/*.test.ts'],
  ),
);

/** An import rule for one layer: `patterns` are the imports its files may not make. */
function layer(files, patterns, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}
