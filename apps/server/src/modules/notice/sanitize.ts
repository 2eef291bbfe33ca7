import sanitizeHtml from 'sanitize-html';

/*
 * A notice's rich text is stored only as this allow-list lets it through (DESIGN §9): the tags and
 * attributes tiptap's starter kit writes, links limited to http/https/mailto, images to http/https
 * and our own /api/file URLs. No script, style, iframe, on* handler or javascript: URL survives.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], ol: ['start'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opening a new tab may not reach back into the platform's window.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
