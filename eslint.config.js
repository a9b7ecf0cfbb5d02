// Lint: TypeScript's recommended rules, the rules of hooks, jsx-a11y on the
// dashboard, file names in kebab-case, and import boundaries that keep the
// house's layering:
//   src/app → src/features → src/components, src/lib, src/api
//   a feature never imports another feature; components, lib and api never
//   import a feature or the app;
//   src/, server/, mocks/ and conformance/ share code only through common/;
//   server/modules and server/bot import no channel (server/channels) and no
//   HTTP plugin (server/app/plugins), which only server/app registers.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['analytics', 'auth', 'conversations', 'dashboard', 'notifications', 'products', 'settings'];
const PARTS = ['src', 'server', 'mocks', 'conformance', 'scripts', 'e2e', 'e2e-server', 'e2e-production'];

/** `part` may not import from the other top-level parts (common/ is always allowed). */
const only = (part, alsoAllowed = []) => ({
  target: `./${part}`,
  from: PARTS.filter((other) => other !== part && !alsoAllowed.includes(other)).map((other) => `./${other}`),
  message: `${part}/ shares code with other parts only through common/.`,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'conformance/dist/**',
      'dist-e2e/**',
      'build/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'blob-report/**',
      '.tmp/**',
      '.data/**',
      'src/api/generated/**',
      'common/generated/**',
      'server/channels/whatsapp/generated/**',
      'server/payments/mpesa/generated/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move what both need to src/lib or src/components.',
            })),
            ...['components', 'lib', 'api'].map((layer) => ({
              target: `./src/${layer}`,
              from: ['./src/features', './src/app'],
              message: `src/${layer} sits below the features and the app.`,
            })),
            only('src'),
            // The server's tests run the conformance check against it, and check the WhatsApp contract
            // derived by scripts/whatsapp; the server itself imports neither.
            only('server', ['conformance', 'scripts']),
            {
              target: ['./server/*.ts', './server/!(test)/**/*.ts'],
              from: ['./conformance', './scripts'],
              message: "Only the server's tests use the conformance check and the build scripts.",
            },
            {
              target: './server/test',
              from: './scripts',
              except: ['./whatsapp'],
              message: "The server's tests use only the WhatsApp contract's derivation from scripts/.",
            },
            // Inside the server (server/README.md): the modules and the bot know no channel and no
            // HTTP plugin; channels reach them through the ports (server/channels/channel.ts).
            ...['modules', 'bot'].map((part) => ({
              target: `./server/${part}`,
              from: ['./server/channels', './server/app/plugins'],
              message: `server/${part} imports neither a channel (server/channels) nor an HTTP plugin (server/app/plugins).`,
            })),
            // Payments (server/payments/README.md) are reached the same way: the modules and the bot
            // will see a payment through a port, never Daraja's client or contract.
            ...['modules', 'bot'].map((part) => ({
              target: `./server/${part}`,
              from: './server/payments',
              message: `server/${part} does not import a payment provider (server/payments).`,
            })),
            {
              target: ['./server/!(app|gateway|test)/**/*.ts', './server/*.ts'],
              from: './server/app/plugins',
              message: 'HTTP plugins are registered by server/app/app.ts and the gateway (server/gateway/app.ts) only.',
            },
            only('mocks'),
            only('conformance'),
            {
              // Benchmarks and scripts measure the dashboard from outside; they never import its screens.
              target: './scripts',
              from: ['./src/app', './src/features', './src/components'],
              message: 'Scripts measure the dashboard from outside: no screen code.',
            },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'server/**/': 'KEBAB_CASE', 'common/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules of hooks; v7's other rules check code written for the
      // React Compiler, which this project does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Runs in the page before the app, as a classic script.
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: { 'no-empty': ['error', { allowEmptyCatch: true }] },
  },
  {
    // Tests sit in __tests__/ folders; the double-underscore name is the test runners' convention.
    files: ['**/__tests__/**'],
    rules: { 'check-file/folder-naming-convention': 'off' },
  },
);
