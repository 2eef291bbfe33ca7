import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The security bans every file keeps; a block that sets no-restricted-syntax again must repeat them. */
const SECURITY_SYNTAX = [
  { selector: "CallExpression[callee.name='eval']", message: '禁止使用 eval（DESIGN.md §9）' },
  { selector: "NewExpression[callee.name='Function']", message: '禁止使用 new Function（DESIGN.md §9）' },
];

/**
 * Core's control types (packages/core/src/form/registry.ts CONTROL_DEFINITIONS keys; the layers
 * test checks the two lists agree). Outside the registries, code asks a control's definition
 * (its family or traits: traitsOf, holdsColumns, isSubTable …) instead of testing its type's
 * name, so a new type cannot fall silently to a default (issue 45 item 5).
 */
export const CONTROL_TYPE_NAMES = [
  'input', 'textarea', 'text', 'input_mobile', 'input_tel', 'input_mail', 'input_postal', 'input_website',
  'input_number', 'input_int', 'input_long', 'number', 'radio', 'checkbox', 'year', 'month', 'year_month', 'date',
  'time', 'datetime', 'switch', 'multiple_select', 'select', 'slider', 'cascade', 'image_upload', 'file_upload',
  'signature', 'm_data_ref', 'data_select', 'm_data_select', 'org_select', 'm_org_select', 'user_select',
  'm_user_select', 'role_select', 'm_role_select', 'company_select', 'm_company_select', 'dic_select',
  'm_dic_select', 'gis_select', 'region_select', 'current_user', 'table', 'flow_table', 'calculate_formula',
  'grid', 'blank',
];
const CONTROL_TYPE_VALUE = `/^(${CONTROL_TYPE_NAMES.join('|')})$/`;
/**
 * Type names that are also everyday words of other vocabularies (families, date kinds and parts,
 * widget kinds): a list of these alone is not taken for a list of control types.
 */
const SHARED_WORDS = new Set(['input', 'text', 'number', 'year', 'month', 'date', 'time', 'datetime', 'switch', 'select', 'table']);
const OWN_TYPE_VALUE = `/^(${CONTROL_TYPE_NAMES.filter((n) => !SHARED_WORDS.has(n)).join('|')})$/`;
const TYPE_LITERAL_MESSAGE =
  '不要在登记表之外用控件类型名判断 .type：在控件定义里加一项属性（core form/registry.ts 的 traits，或 web controls/<family>/），再用 traitsOf/definitionOf 读取';
const TYPE_SET_MESSAGE =
  '不要在登记表之外列出控件类型名的集合：在控件定义里加一项属性（core form/registry.ts 的 traits），再用 traitsOf/traitsOfType 读取';
const CONTROL_TYPE_SYNTAX = [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/][left.property.name='type'] > Literal.right[value=${CONTROL_TYPE_VALUE}]`,
    message: TYPE_LITERAL_MESSAGE,
  },
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/][right.property.name='type'] > Literal.left[value=${CONTROL_TYPE_VALUE}]`,
    message: TYPE_LITERAL_MESSAGE,
  },
  {
    selector: `SwitchStatement[discriminant.property.name='type'] > SwitchCase > Literal.test[value=${CONTROL_TYPE_VALUE}]`,
    message: TYPE_LITERAL_MESSAGE,
  },
  {
    // A list of type names (new Set(['number', 'input_int', …]), [...].includes(type)) is the same
    // test spread over a set: a type added to the registry is missing from it without a word.
    selector: `ArrayExpression:has(> Literal[value=${OWN_TYPE_VALUE}]):has(> Literal[value=${CONTROL_TYPE_VALUE}] ~ Literal[value=${CONTROL_TYPE_VALUE}])`,
    message: TYPE_SET_MESSAGE,
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...SECURITY_SYNTAX],
      'no-restricted-imports': ['error', { paths: [{ name: 'node:vm', message: '禁止使用 vm（DESIGN.md §9）' }, { name: 'vm', message: '禁止使用 vm（DESIGN.md §9）' }, { name: 'xlsx', message: '使用 exceljs（DESIGN.md §2）' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/mobile/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The mobile client (issue 37, DESIGN.md §13) stays small on a phone: the desktop's antd and ECharts never load there.
    files: ['apps/mobile/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['antd', 'antd/*', '@ant-design/*', 'echarts', 'echarts/*', 'echarts-for-react'], message: '移动端不得引入 antd 或 ECharts（DESIGN.md §13），请用 antd-mobile' },
        { group: ['**/web/src/**', '@park/web', '@park/web/*'], message: '移动端不得引入桌面端代码：共享的逻辑放在 packages/core' },
      ], paths: [{ name: 'node:vm', message: '禁止使用 vm（DESIGN.md §9）' }, { name: 'vm', message: '禁止使用 vm（DESIGN.md §9）' }] }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-dom'], message: 'packages/core 必须同构：不得依赖 Node 或 React' }] }],
    },
  },
  {
    // The registries themselves and the tests (which pick types by name) may name control types.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: [
      'packages/core/src/form/registry.ts',
      'packages/core/src/form/controls/**',
      'apps/web/src/controls/**',
      'apps/mobile/src/controls/**',
      '**/*.test.{ts,tsx}',
      'apps/web/test/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...SECURITY_SYNTAX, ...CONTROL_TYPE_SYNTAX] },
  },
);
