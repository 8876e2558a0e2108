import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for board content (what the tiptap starter kit + link produce): no other tag, no event handler,
 * style or class, only http, https and mailto URLs; links open in a new tab with rel="noopener noreferrer nofollow".
 */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'mark',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
];
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
};
export const ALLOWED_SCHEMES = ['http', 'https', 'mailto'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  disallowedTagsMode: 'discard',
  // the text inside these is dropped with the tag, not kept as text
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'template',
    'svg',
    'math',
  ],
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      return { tagName, attribs: { ...out, rel: 'noopener noreferrer nofollow', target: '_blank' } };
    },
    ol: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.start && /^\d{1,6}$/.test(attribs.start)) out.start = attribs.start;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Rich text as it is stored: only the allow-list survives. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(stripNul(html), OPTIONS).trim();
}

/** The visible text of some HTML (tags stripped, entities for spaces turned into spaces). */
export function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;|&#160;|&#xa0;|\u00a0|\u200b/gi, ' ')
    .trim();
}

/** NUL characters cannot be stored in PostgreSQL text and mean nothing in a post. */
export const stripNul = (s: string) => s.split(String.fromCharCode(0)).join('');
