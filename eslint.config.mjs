// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code that runs in the visitor's browser: the islands, what they import, and the pages' own scripts. */
const browserCode = ['src/**/*.{ts,tsx,mjs,astro}'];
/** Node-only code (src/node/): what pages and tools use while building, never shipped to a browser. */
const nodeCode = ['src/node/**'];

export default defineConfig(
  globalIgnores(
    [
      'dist/',
      'dist-local/',
      '.astro/',
      'deploy/observatory/node_modules/',
      'deploy/cloudflare/node_modules/',
      'test-results/',
      'playwright-report/',
      'blob-report/',
      'coverage/',
      '.perf/',
      '.inbox/',
    ],
    'build output and tool state',
  ),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    name: 'typed linting',
    languageOptions: {
      parserOptions: {
        // tsconfig's `**/*` passes over dotfiles.
        projectService: { allowDefaultProject: ['.htmlvalidate.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: globals.node,
    },
  },
  {
    name: 'browser code',
    files: browserCode,
    ignores: nodeCode,
    languageOptions: { globals: globals.browser },
  },
  {
    // The callbacks these scripts hand to page.evaluate() run inside the browser they drive; the journeys'
    // page probe runs in every page they open.
    name: 'browser-driving scripts',
    files: ['scripts/**/*.mjs', 'e2e-journeys/page-probe.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    name: 'rule options',
    rules: {
      // @emailjs/browser rejects with its EmailJSResponseStatus, which is no Error; tests fail a send the same way.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allow: [{ from: 'package', package: '@emailjs/browser', name: 'EmailJSResponseStatus' }] },
      ],
      // `const { omitted: _, ...rest } = value` is how a test drops one key from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A number has one string form; what stays forbidden (undefined, objects, any) is what goes wrong.
      // (The rule's defaults allow more; strictTypeChecked's allow nothing.)
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowAny: false,
          allowArray: false,
          allowBoolean: false,
          allowNever: false,
          allowNullish: false,
          allowRegExp: false,
        },
      ],
      // `onClick={() => setOpen(false)}` returns nothing anyone reads; a void value used as a value
      // (`const x = close()`, `return close()`) still fails.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },

  {
    name: 'islands',
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.strict],
  },

  astro.configs.recommended,
  {
    // astro-eslint-parser 1 has no project service; it builds the program from tsconfig.json itself.
    name: 'astro templates: typed linting',
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { projectService: false, project: true } },
  },
  {
    name: 'astro templates: accessibility',
    files: ['**/*.astro'],
    extends: [astro.configs['jsx-a11y-strict']],
  },
  {
    // A page's <script> reaches ESLint as a virtual file that TypeScript's project service cannot open.
    name: 'astro client scripts',
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // Last, so that formatting stays Prettier's alone.
  prettier,
);
