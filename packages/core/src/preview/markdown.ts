/**
 * A small Markdown reader for the preview (issue 10: md files are also rendered). It yields a tree
 * the web turns into React elements, so no text from the file ever reaches the page as HTML:
 * raw HTML in the source stays literal text. Links keep only safe targets; images only load from
 * our own origin or data: URLs, so a previewed file cannot make the browser call anywhere else.
 */

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'code'; text: string }
  | { t: 'strong' | 'em' | 'del'; children: Inline[] }
  | { t: 'link'; href: string | null; children: Inline[] }
  | { t: 'image'; src: string | null; alt: string }
  | { t: 'br' };

export type Align = 'left' | 'center' | 'right' | null;

export type Block =
  | { t: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { t: 'paragraph'; children: Inline[] }
  | { t: 'code'; lang: string; text: string }
  | { t: 'quote'; children: Block[] }
  | { t: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { t: 'hr' }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] };

/** http(s), mailto, in-page anchors and same-origin paths; anything else (javascript:, data:) is dropped. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith('#')) return href;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  if (/^[\w\-./]+$/.test(href) && !href.includes(':')) return href; // a relative path
  return null;
}

/** Images never leave the origin: same-origin paths and inline raster data only. */
export function safeImageSrc(raw: string): string | null {
  const src = raw.trim();
  if (src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\')) return src;
  if (/^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(src)) return src;
  return null;
}

// ---- inline ---------------------------------------------------------------------------------

const ESCAPABLE = '\\`*_{}[]()#+-.!|>~<';

function findClosing(src: string, from: number, marker: string): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === '\\') {
      i++;
      continue;
    }
    if (src.startsWith(marker, i) && i > from) return i;
  }
  return -1;
}

/** The index of the `]` matching the `[` at `open`, respecting nesting and escapes. */
function matchBracket(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

function pushText(out: Inline[], text: string) {
  const last = out[out.length - 1];
  if (last?.t === 'text') last.text += text;
  else out.push({ t: 'text', text });
}

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < src.length && ESCAPABLE.includes(src[i + 1]!)) {
      pushText(out, src[i + 1]!);
      i += 2;
      continue;
    }
    if (c === '\n') {
      // Two trailing spaces or a backslash before the newline make a hard break.
      const last = out[out.length - 1];
      if (last?.t === 'text' && / {2,}$/.test(last.text)) {
        last.text = last.text.replace(/ +$/, '');
        out.push({ t: 'br' });
      } else pushText(out, ' ');
      i++;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(src.slice(i))![0];
      const end = src.indexOf(run, i + run.length);
      if (end > 0) {
        out.push({ t: 'code', text: src.slice(i + run.length, end).replace(/^ (.*) $/s, '$1') });
        i = end + run.length;
        continue;
      }
    }
    if (c === '!' && src[i + 1] === '[') {
      const close = matchBracket(src, i + 1);
      const m = close > 0 ? /^\(([^()\s]*)(?:\s+"[^"]*")?\)/.exec(src.slice(close + 1)) : null;
      if (m) {
        out.push({ t: 'image', src: safeImageSrc(m[1]!), alt: src.slice(i + 2, close) });
        i = close + 1 + m[0].length;
        continue;
      }
    }
    if (c === '[') {
      const close = matchBracket(src, i);
      const m = close > 0 ? /^\(([^()\s]*)(?:\s+"[^"]*")?\)/.exec(src.slice(close + 1)) : null;
      if (m) {
        out.push({ t: 'link', href: safeHref(m[1]!), children: parseInline(src.slice(i + 1, close)) });
        i = close + 1 + m[0].length;
        continue;
      }
    }
    if (c === '<') {
      const m = /^<(https?:\/\/[^\s<>]+)>/.exec(src.slice(i));
      if (m) {
        out.push({ t: 'link', href: safeHref(m[1]!), children: [{ t: 'text', text: m[1]! }] });
        i += m[0].length;
        continue;
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      const double = src[i + 1] === c;
      const marker = double ? c + c : c;
      if (c !== '~' || double) {
        const inner = i + marker.length;
        // Intra-word underscores (snake_case) are not emphasis.
        const wordBefore = c === '_' && i > 0 && /\w/.test(src[i - 1]!);
        const end = wordBefore || /\s/.test(src[inner] ?? ' ') ? -1 : findClosing(src, inner, marker);
        if (end > 0 && !/\s/.test(src[end - 1]!)) {
          const t = c === '~' ? 'del' : double ? 'strong' : 'em';
          out.push({ t, children: parseInline(src.slice(inner, end)) });
          i = end + marker.length;
          continue;
        }
      }
    }
    pushText(out, c);
    i++;
  }
  return out;
}

// ---- blocks ---------------------------------------------------------------------------------

const HR = /^ {0,3}([-*_])( *\1){2,} *$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const BULLET = /^ {0,3}([-*+])[ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const TABLE_SEP = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const isBlank = (line: string) => line.trim() === '';

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (s[i] === '|') {
      cells.push(cur.trim());
      cur = '';
    } else cur += s[i];
  }
  cells.push(cur.trim());
  return cells;
}

function startsBlock(line: string): boolean {
  return HR.test(line) || HEADING.test(line) || FENCE.test(line) || BULLET.test(line) || ORDERED.test(line) || QUOTE.test(line);
}

function parseLines(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const close = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}\\s*$`);
      const body: string[] = [];
      i++;
      while (i < lines.length && !close.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ t: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]!) || isBlank(lines[i]!))) {
        body.push(lines[i]!.replace(/^( {4}|\t)/, ''));
        i++;
      }
      while (body.length && isBlank(body[body.length - 1]!)) body.pop();
      blocks.push({ t: 'code', lang: '', text: body.join('\n') });
      continue;
    }
    if (HR.test(line)) {
      blocks.push({ t: 'hr' });
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        t: 'heading',
        level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6,
        children: parseInline(heading[2] ?? ''),
      });
      i++;
      continue;
    }
    if (QUOTE.test(line) && depth < 8) {
      const body: string[] = [];
      while (i < lines.length && !isBlank(lines[i]!)) {
        const q = QUOTE.exec(lines[i]!);
        body.push(q ? q[1]! : lines[i]!);
        i++;
      }
      blocks.push({ t: 'quote', children: parseLines(body, depth + 1) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if ((bullet || ordered) && depth < 8) {
      const isOrdered = !bullet;
      const pattern = isOrdered ? ORDERED : BULLET;
      const items: string[][] = [];
      while (i < lines.length) {
        const cur = lines[i]!;
        const m = pattern.exec(cur);
        if (m) {
          items.push([m[2]!]);
          i++;
          continue;
        }
        if (isBlank(cur)) {
          // A blank line ends the list unless the next line is indented or another item.
          const next = lines[i + 1];
          if (next !== undefined && (pattern.test(next) || /^ {2,}\S/.test(next))) {
            items[items.length - 1]!.push('');
            i++;
            continue;
          }
          break;
        }
        if (/^ {2,}|\t/.test(cur)) {
          items[items.length - 1]!.push(cur.replace(/^( {2,4}|\t)/, ''));
          i++;
          continue;
        }
        if (startsBlock(cur)) break;
        items[items.length - 1]!.push(cur.trim()); // a lazy continuation line
        i++;
      }
      blocks.push({
        t: 'list',
        ordered: isOrdered,
        start: isOrdered ? Number(ordered![1]) : 1,
        items: items.map((it) => parseLines(it, depth + 1)),
      });
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]!)) {
      const head = splitRow(line);
      const align = splitRow(lines[i + 1]!).map((c): Align => {
        const l = c.startsWith(':');
        const r = c.endsWith(':');
        return l && r ? 'center' : r ? 'right' : l ? 'left' : null;
      });
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && !isBlank(lines[i]!) && lines[i]!.includes('|')) {
        const cells = splitRow(lines[i]!);
        rows.push(head.map((_, k) => parseInline(cells[k] ?? '')));
        i++;
      }
      blocks.push({ t: 'table', align: head.map((_, k) => align[k] ?? null), head: head.map((h) => parseInline(h)), rows });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && !isBlank(lines[i]!) && (para.length === 0 || !startsBlock(lines[i]!))) {
      // Setext headings: a paragraph line underlined with === or ---.
      if (para.length > 0 && /^ {0,3}(=+|-+) *$/.test(lines[i]!)) {
        blocks.push({ t: 'heading', level: lines[i]!.trim()[0] === '=' ? 1 : 2, children: parseInline(para.join('\n')) });
        para.length = 0;
        i++;
        break;
      }
      para.push(lines[i]!.replace(/^ {1,3}/, ''));
      i++;
    }
    if (para.length) blocks.push({ t: 'paragraph', children: parseInline(para.join('\n')) });
  }
  return blocks;
}

export function parseMarkdown(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n'), 0);
}
