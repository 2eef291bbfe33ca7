import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Select, Space, Tooltip } from 'antd';
import CodeMirror, { EditorState, EditorView } from '@uiw/react-codemirror';
import { CODE_MODES, languageOf, MODE_LABEL, modeOfSuffix, type CodeMode } from './languages.ts';
import { THEME_CHOICES, themeOf } from './themes.ts';

/** Spec 001 §5.7. */
export const MSG_BAD_JSON = 'json代码有误';

const THEME_OPTIONS = THEME_CHOICES.map((t) => ({ value: t.value, label: t.label }));

/* Spec 001 §2.11: font size 10 to 32, default indent 2. */
const FONT_SIZES = Array.from({ length: 23 }, (_, i) => 10 + i);

export interface CodeEditorPanelProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** Picks the initial mode from a file suffix; the user may change it. */
  suffix?: string;
  /** The initial mode when there is no file (e.g. the designer's JSON view); wins over suffix. */
  mode?: CodeMode;
  /** The editor's height; the default fills the parent, which must then have a height. */
  height?: string;
  /** Right of the pickers: the page's own actions (save, download…). */
  extra?: ReactNode;
  /** Left of the pickers (e.g. the detected encoding). */
  status?: ReactNode;
}

/**
 * The code editor panel (spec 001 §2.11): theme, mode and font size pickers; for JSON a format and
 * a compress button. Read-only for previews; the document page edits through it.
 */
export function CodeEditorPanel({
  value,
  onChange,
  readOnly = false,
  suffix = '',
  mode: initialMode,
  height = '100%',
  extra,
  status,
}: CodeEditorPanelProps) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<CodeMode>(() => initialMode ?? modeOfSuffix(suffix));
  const [theme, setTheme] = useState('light');
  const [fontSize, setFontSize] = useState(14);
  // A read-only view may still be reformatted for reading; an editor changes its own value.
  const [shown, setShown] = useState<string | null>(null);
  const text = readOnly ? (shown ?? value) : value;

  const extensions = useMemo(
    () => [
      ...languageOf(mode, suffix),
      EditorState.tabSize.of(2),
      EditorView.lineWrapping,
      EditorView.theme({ '&': { fontSize: `${fontSize}px` }, '.cm-scroller': { fontFamily: 'Menlo, Consolas, "Courier New", monospace' } }),
    ],
    [mode, suffix, fontSize],
  );

  const rewriteJson = (indent: number | undefined) => {
    let next: string;
    try {
      next = JSON.stringify(JSON.parse(text), null, indent);
    } catch {
      void message.error(MSG_BAD_JSON);
      return;
    }
    if (readOnly) setShown(next);
    else onChange?.(next);
  };

  return (
    <div className="code-panel" data-testid="code-panel" data-mode={mode}>
      <div className="code-panel-toolbar">
        <Space wrap size={8}>
          {status}
          <Select
            aria-label="语言"
            size="small"
            value={mode}
            onChange={setMode}
            style={{ width: 120 }}
            virtual={false}
            options={CODE_MODES.map((m) => ({ value: m, label: MODE_LABEL[m] }))}
          />
          <Select
            aria-label="主题"
            size="small"
            value={theme}
            onChange={setTheme}
            style={{ width: 180 }}
            // Every choice is in the list (a few dozen): no virtual scrolling that hides most of them.
            virtual={false}
            showSearch={{ optionFilterProp: 'label' }}
            options={THEME_OPTIONS}
          />
          <Select
            aria-label="字号"
            size="small"
            value={fontSize}
            onChange={setFontSize}
            style={{ width: 84 }}
            virtual={false}
            options={FONT_SIZES.map((n) => ({ value: n, label: `${n}px` }))}
          />
          {mode === 'json' && (
            <>
              <Tooltip title="格式化 JSON">
                <Button size="small" onClick={() => rewriteJson(2)}>
                  格式化
                </Button>
              </Tooltip>
              <Tooltip title="压缩为一行">
                <Button size="small" onClick={() => rewriteJson(undefined)}>
                  压缩
                </Button>
              </Tooltip>
            </>
          )}
        </Space>
        <Space size={8}>{extra}</Space>
      </div>
      <CodeMirror
        className="code-panel-editor"
        value={text}
        onChange={readOnly ? undefined : onChange}
        readOnly={readOnly}
        editable={!readOnly}
        theme={themeOf(theme)}
        height={height}
        extensions={extensions}
        basicSetup={{ tabSize: 2, foldGutter: true, highlightActiveLine: !readOnly }}
      />
    </div>
  );
}
