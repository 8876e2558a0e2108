/** Text made safe inside HTML or SVG markup, in an element or a quoted attribute (mails, generated covers). */
export const escapeMarkup = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
