import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of the version history's rich text: exactly what the editor (TipTap StarterKit)
 * produces. Anything else — scripts, styles, event attributes, javascript: or data: links — is
 * dropped before the entry is stored, so the page may render stored notes as HTML.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open in a new tab without handing the opener to the target.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export const sanitizeNotes = (html: string): string => sanitizeHtml(html, options);
