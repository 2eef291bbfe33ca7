import type { Extension } from '@uiw/react-codemirror';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { sql } from '@codemirror/lang-sql';
import { xml } from '@codemirror/lang-xml';
import { yaml } from '@codemirror/lang-yaml';

/** The mode picker of the code editor panel (spec 001 §2.11), in its order. */
export const CODE_MODES = ['json', 'java', 'sql', 'js', 'css', 'xml', 'html', 'yaml', 'md', 'py', 'txt'] as const;
export type CodeMode = (typeof CODE_MODES)[number];

export const MODE_LABEL: Record<CodeMode, string> = {
  json: 'JSON',
  java: 'Java',
  sql: 'SQL',
  js: 'JavaScript',
  css: 'CSS',
  xml: 'XML',
  html: 'HTML',
  yaml: 'YAML',
  md: 'Markdown',
  py: 'Python',
  txt: '纯文本',
};

const MODE_OF_SUFFIX: Record<string, CodeMode> = {
  json: 'json',
  java: 'java',
  sql: 'sql',
  js: 'js',
  jsx: 'js',
  ts: 'js',
  tsx: 'js',
  vue: 'html',
  css: 'css',
  xml: 'xml',
  svg: 'xml',
  html: 'html',
  htm: 'html',
  yaml: 'yaml',
  yml: 'yaml',
  md: 'md',
  py: 'py',
};

export const modeOfSuffix = (suffix: string): CodeMode => MODE_OF_SUFFIX[suffix.toLowerCase()] ?? 'txt';

/** Syntax highlighting per mode; txt is plain text. */
export function languageOf(mode: CodeMode, suffix = ''): Extension[] {
  const s = suffix.toLowerCase();
  const table: Record<CodeMode, () => Extension[]> = {
    json: () => [json()],
    java: () => [java()],
    sql: () => [sql()],
    js: () => [javascript({ jsx: s === 'jsx' || s === 'tsx', typescript: s === 'ts' || s === 'tsx' })],
    css: () => [css()],
    xml: () => [xml()],
    html: () => [html()],
    yaml: () => [yaml()],
    md: () => [markdown()],
    py: () => [python()],
    txt: () => [],
  };
  return table[mode]();
}
