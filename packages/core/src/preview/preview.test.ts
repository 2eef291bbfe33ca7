import { describe, expect, it } from 'vitest';
import {
  isEditableText,
  parseInline,
  parseMarkdown,
  previewKindOf,
  safeHref,
  safeImageSrc,
  suffixOfName,
  supportedPreviewText,
  unsupportedPreviewMessage,
} from './index.ts';

describe('preview kinds', () => {
  it('maps the spec’s previewable extensions to a renderer', () => {
    expect(previewKindOf('PDF', false)).toBe('pdf');
    expect(previewKindOf('.docx', false)).toBe('docx');
    expect(previewKindOf('xlsx', false)).toBe('sheet');
    for (const s of ['gif', 'jpg', 'jpeg', 'bmp', 'tiff', 'tif', 'png', 'svg']) expect(previewKindOf(s, false)).toBe('image');
    expect(previewKindOf('mp4', false)).toBe('video');
    for (const s of ['mp3', 'wav', 'ogg']) expect(previewKindOf(s, false)).toBe('audio');
    for (const s of ['txt', 'json', 'js', 'css', 'java', 'py', 'html', 'jsx', 'ts', 'tsx', 'xml', 'log'])
      expect(previewKindOf(s, false)).toBe('code');
    expect(previewKindOf('md', false)).toBe('markdown');
  });

  it('refuses office formats the browser cannot read unless the server converts them', () => {
    for (const s of ['ppt', 'pptx', 'doc', 'xls']) {
      expect(previewKindOf(s, false)).toBeNull();
      expect(previewKindOf(s, true)).toBe('office');
    }
    // docx and xlsx stay in the browser even when the server could convert them.
    expect(previewKindOf('docx', true)).toBe('docx');
    expect(previewKindOf('zip', true)).toBeNull();
  });

  it('words the refusal as spec 002 §8 does and lists the supported formats', () => {
    expect(unsupportedPreviewMessage('.PPTX')).toBe('不支持.pptx格式的在线预览，请下载后预览或转换为支持的格式');
    expect(supportedPreviewText(false)).toContain('文档：pdf、docx');
    expect(supportedPreviewText(false)).not.toContain('pptx');
    expect(supportedPreviewText(true)).toContain('pptx');
  });

  it('finds suffixes and editable text', () => {
    expect(suffixOfName('报告.final.PDF')).toBe('pdf');
    expect(suffixOfName('README')).toBe('');
    expect(suffixOfName('.bashrc')).toBe('');
    expect(isEditableText('md')).toBe(true);
    expect(isEditableText('docx')).toBe(false);
  });
});

describe('markdown', () => {
  it('reads headings, paragraphs, lists, code, quotes, tables and rules', () => {
    const doc = parseMarkdown(
      '# 标题\n\n正文 **加粗** 与 *强调* 和 `code`\n\n- 甲\n- 乙\n\n1. 一\n2. 二\n\n```js\nlet a = 1;\n```\n\n> 引用\n\n| 列 | 值 |\n|:--|--:|\n| a | 1 |\n\n---\n',
    );
    expect(doc.map((b) => b.t)).toEqual(['heading', 'paragraph', 'list', 'list', 'code', 'quote', 'table', 'hr']);
    expect(doc[0]).toEqual({ t: 'heading', level: 1, children: [{ t: 'text', text: '标题' }] });
    expect(doc[1]).toMatchObject({
      children: [
        { t: 'text', text: '正文 ' },
        { t: 'strong', children: [{ t: 'text', text: '加粗' }] },
        { t: 'text', text: ' 与 ' },
        { t: 'em', children: [{ t: 'text', text: '强调' }] },
        { t: 'text', text: ' 和 ' },
        { t: 'code', text: 'code' },
      ],
    });
    expect(doc[2]).toMatchObject({ ordered: false, items: [[{ t: 'paragraph' }], [{ t: 'paragraph' }]] });
    expect(doc[4]).toEqual({ t: 'code', lang: 'js', text: 'let a = 1;' });
    expect(doc[6]).toMatchObject({ t: 'table', align: ['left', 'right'] });
  });

  it('keeps raw HTML as text and drops unsafe link and image targets', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ t: 'text', text: '<script>alert(1)</script>' }]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ t: 'text' });
    expect(parseInline('[x](javascript:alert)')[0]).toEqual({ t: 'link', href: null, children: [{ t: 'text', text: 'x' }] });
    expect(safeHref('https://example.cn/a')).toBe('https://example.cn/a');
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeImageSrc('https://cdn.example.com/a.png')).toBeNull();
    expect(safeImageSrc('/api/file/image/3')).toBe('/api/file/image/3');
    expect(safeImageSrc('//evil.example/a.png')).toBeNull();
  });

  it('does not treat snake_case as emphasis', () => {
    expect(parseInline('a_b_c')).toEqual([{ t: 'text', text: 'a_b_c' }]);
  });
});
