import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: '禁止使用 eval（DESIGN.md §9）' },
        { selector: "NewExpression[callee.name='Function']", message: '禁止使用 new Function（DESIGN.md §9）' },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'node:vm', message: '禁止使用 vm（DESIGN.md §9）' }, { name: 'vm', message: '禁止使用 vm（DESIGN.md §9）' }, { name: 'xlsx', message: '使用 exceljs（DESIGN.md §2）' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-dom'], message: 'packages/core 必须同构：不得依赖 Node 或 React' }] }],
    },
  },
);
