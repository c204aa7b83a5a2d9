/**
 * Text safe inside XML and HTML markup and attributes (SVG art, e-mail bodies).
 * @example escapeXml('Tom & "Jerry" <3') // 'Tom &amp; &quot;Jerry&quot; &lt;3'
 */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}
