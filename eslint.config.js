// ESLint for the whole repository (flat config): typescript-eslint's type-checked rules, React Hooks and
// jsx-a11y on the web app, import-x for cycles and package boundaries, and eslint-config-prettier last so
// formatting is Prettier's alone (`npm run lint` runs both, `npm run format` writes).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'coverage/**',
      'packages/client/src/generated/**',
      '.ci/node-*/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'packages/server/build.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
  },
  {
    rules: {
      // Numbers read naturally in messages (`${count} characters`); anything else in a template is a finding.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `(x) => void` shorthands such as `onClick={() => setOpen(false)}` are idiomatic and clear.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Function-typed members as properties, so passing `props.onChange` along is sound (and unbound-method agrees).
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      // Fastify plugins and hooks are async by contract (FastifyPluginAsync), whether or not their body awaits.
      '@typescript-eslint/require-await': 'off',
      // `T[]` for simple element types, `Array<{ … }>` for object literals and unions, which read badly as `{ … }[]`.
      '@typescript-eslint/array-type': ['error', { default: 'array-simple' }],
      // Blank text means none throughout the API (`name.trim() || null`), so `||` on strings is intended; `??` elsewhere.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // Database rows are typed as the schema says, but drivers differ at run time (PostgreSQL's counts and bigints
      // arrive as strings), so `Number(row.count)` is a needed conversion this rule would call unnecessary.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // A leading underscore marks a parameter kept for a shared signature, or a destructured field left out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json', 'bench/tsconfig.json', 'examples/tsconfig.json'] }),
      ],
    },
    rules: {
      // No module may import itself back through others (house rule: no circular imports).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Another package is imported by its name and entry points, never by a relative path into its files.
      'import-x/no-relative-packages': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // Presenters build an object for every row of every answer, and the engine one for every change it replays. On
    // Node.js 20 (V8 11) an object literal that goes on after a spread cost 25-30 µs a character to build, against
    // 2 µs for a plain literal (docs/performance.md, "Presenters without spreads"): list the fields, add the access
    // fields with `withAccess`, and copy a row with `Object.assign({}, row, { … })`.
    files: ['packages/server/src/**/*.presenter.ts', 'packages/server/src/modules/timeline-engine/engine/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ *',
          message:
            'No fields after a spread in a presenter: on Node.js 20 such an object takes 10-20 times longer to build. List the fields, use withAccess(row, scope, { … }), or Object.assign.',
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['packages/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
