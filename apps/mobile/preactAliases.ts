/**
 * React's module names mapped to Preact's compat layer for the mobile client (ADR 0067). Exact
 * names only: `react-dom/client` must become `preact/compat/client` (createRoot), and the JSX
 * runtimes Vite's React plugin emits must be Preact's own, or two runtimes would meet in one tree.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
