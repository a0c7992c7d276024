import sanitizeHtml from 'sanitize-html';

/**
 * What a page's content may hold: text structure (paragraphs, headings 1–4, lists, quotes, code),
 * emphasis and links. No images, frames, forms, media, styles, classes or event handlers; links go
 * to http, https or mailto only (no `javascript:`, `data:`, `vbscript:`, protocol-relative `//x`),
 * and every one opens with `rel="noopener noreferrer"`, apart (`target="_blank"`) when it asked to.
 * Elements whose text is code or markup (script, style, noscript, iframe, …) go with their text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'noembed', 'noframes', 'xmp', 'plaintext', 'title', 'template', 'svg', 'math', 'object', 'embed', 'select'],
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href !== undefined ? { href: attribs.href } : {}),
        ...(attribs.title !== undefined ? { title: attribs.title } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer',
      },
    }),
  },
};

/**
 * A page's content as it may be stored and shown: the HTML above and nothing else.
 * @example sanitizeContent('<p onclick="x()">Oi <a href="javascript:alert(1)">aqui</a></p>') // '<p>Oi <a rel="noopener noreferrer">aqui</a></p>'
 */
export function sanitizeContent(html: unknown): string {
  if (typeof html !== 'string') return '';
  return sanitizeHtml(html, OPTIONS);
}

/** Whether sanitised HTML says anything: some text (tags and spaces aside) or a rule. `'<p> </p>'` does not. */
export function hasContent(html: string): boolean {
  if (/<hr\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\u00a0/gi, ' ').trim() !== '';
}
