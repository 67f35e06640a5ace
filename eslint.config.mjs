// The lint of `npm test`: a few rules, each one a rule of the house (DEVELOPERS.md), checked with
// the types TypeScript already has. Not a style guide — formatting and taste are left alone.
import tseslint from 'typescript-eslint';

/** Who may send messages or hold a page's state, per page folder (DEVELOPERS.md "Where things go"). */
const PAGES = 'entrypoints/{popup,compare,render,sitecheck,verify,options,robots-sandbox}';

const viewsMessage =
  'Views never send messages nor import a store: a page reads its state through its hooks.ts, and only its store.ts (and main.tsx, the popup\'s browserMessenger.ts) talks to the background.';

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/fixtures/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      // modules/ (WXT build modules) is outside tsconfig.json: read with the default project.
      parserOptions: { projectService: { allowDefaultProject: ['modules/*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise nobody awaits fails in silence (and a test that does not await its expectation cannot fail):
      // await it, return it, or say `void` where running on its own is meant.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // lib/ is the pure core: the environment comes in as parameters, never as a global.
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['browser', 'chrome', 'window', 'document', 'localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: 'lib/ touches no browser global: take what it needs as a parameter (DEVELOPERS.md).',
        })),
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(wxt|webextension-polyfill|#i18n)(/|$)', message: 'lib/ imports no browser API: it gets its environment as parameters.' }] },
      ],
    },
  },
  {
    // The views: shared components, and every file of a page but its entry, its state and its hooks.
    files: ['components/**/*.{ts,tsx}', `${PAGES}/**/*.{ts,tsx}`],
    ignores: [`${PAGES}/main.tsx`, `${PAGES}/store.ts`, `${PAGES}/hooks.ts`, 'entrypoints/popup/report/{store,hooks,browserMessenger}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)utils/messaging$', message: viewsMessage },
            { regex: '(^|/)(store|folds)$', message: viewsMessage },
          ],
        },
      ],
    },
  },
);
