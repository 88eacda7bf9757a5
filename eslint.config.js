import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The shell's loader, a plain script that index.html runs before the bundle.
    files: ['shell/boot/**'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['shell/src/**', 'mfe-*/src/**', 'packages/web-kit/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One service shape (docs/architecture.md): entry points call the domain only; the domain
    // never reaches back into an entry point. The composition root (start.ts) wires them.
    files: ['svc-*/src/entry-points/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/data-access/**', '**/migrations/**'],
              message: 'Entry points call the domain; the domain uses data access.',
            },
          ],
        },
      ],
    },
  },
  {
    // One construction style (docs/architecture.md): a domain object receives the repositories
    // and ports it uses, built in start.ts; it never sees the service context or Sequelize, and
    // its SQL lives in data access. `Transactor` and `Transaction` are its handle on the database.
    files: ['svc-*/src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nsa/service-kit',
              importNames: ['ServiceContext', 'Sequelize', 'QueryTypes', 'Op', 'DataTypes'],
              message:
                'The domain receives its repositories and ports (start.ts builds them); SQL and Sequelize stay in data access.',
            },
            {
              name: 'sequelize',
              message: 'SQL and Sequelize stay in data access.',
            },
          ],
          patterns: [
            {
              group: ['**/entry-points/**'],
              message: 'The domain and data access do not depend on entry points.',
            },
          ],
        },
      ],
    },
  },
  {
    // Data access stores and reads what the domain decides; its types live with it (or in
    // @nsa/contracts), so the domain imports data access and never the other way round.
    files: ['svc-*/src/data-access/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/entry-points/**'],
              message: 'The domain and data access do not depend on entry points.',
            },
            {
              group: ['**/domain/**'],
              message: 'Data access does not depend on the domain; the domain uses data access.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle in product code: a cycle makes load order decide what a module sees.
    files: [
      'svc-*/src/**/*.ts',
      'packages/*/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'shell/src/**/*.{ts,tsx}',
      'deploy/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  prettier,
);
