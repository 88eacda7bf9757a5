import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
    files: ['svc-*/src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
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
  prettier,
);
