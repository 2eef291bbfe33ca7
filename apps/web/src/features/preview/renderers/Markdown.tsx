import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '@park/core';

/* React elements from the parsed tree: the file's text is always text, never HTML. */

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'code':
        return <code key={i}>{n.text}</code>;
      case 'strong':
        return <strong key={i}>{inlines(n.children)}</strong>;
      case 'em':
        return <em key={i}>{inlines(n.children)}</em>;
      case 'del':
        return <del key={i}>{inlines(n.children)}</del>;
      case 'br':
        return <br key={i} />;
      case 'link':
        return n.href ? (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {inlines(n.children)}
          </a>
        ) : (
          <span key={i}>{inlines(n.children)}</span>
        );
      case 'image':
        return n.src ? (
          <img key={i} src={n.src} alt={n.alt} />
        ) : (
          <span key={i} className="md-image-blocked" title="外部图片不予加载">
            [图片：{n.alt || '外部图片'}]
          </span>
        );
    }
  });
}

function blocks(nodes: Block[]): ReactNode[] {
  return nodes.map((b, i) => {
    switch (b.t) {
      case 'heading': {
        const H = `h${b.level}` as 'h1';
        return <H key={i}>{inlines(b.children)}</H>;
      }
      case 'paragraph':
        return <p key={i}>{inlines(b.children)}</p>;
      case 'code':
        return (
          <pre key={i} data-lang={b.lang || undefined}>
            <code>{b.text}</code>
          </pre>
        );
      case 'quote':
        return <blockquote key={i}>{blocks(b.children)}</blockquote>;
      case 'hr':
        return <hr key={i} />;
      case 'list': {
        const items = b.items.map((item, k) => {
          // A tight item is one paragraph: shown without the paragraph's margins.
          const only = item.length === 1 && item[0]!.t === 'paragraph' ? item[0] : null;
          return <li key={k}>{only && only.t === 'paragraph' ? inlines(only.children) : blocks(item)}</li>;
        });
        return b.ordered ? (
          <ol key={i} start={b.start}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'table':
        return (
          <table key={i}>
            <thead>
              <tr>
                {b.head.map((h, k) => (
                  <th key={k} style={{ textAlign: b.align[k] ?? undefined }}>
                    {inlines(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((c, k) => (
                    <td key={k} style={{ textAlign: b.align[k] ?? undefined }}>
                      {inlines(c)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
    }
  });
}

export function MarkdownView({ source }: { source: string }) {
  return (
    <article className="markdown-body" data-testid="markdown-view">
      {blocks(parseMarkdown(source))}
    </article>
  );
}
