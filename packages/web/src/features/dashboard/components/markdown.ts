/**
 * Markdown blocks rendered to HTML with markdown-it, HTML in the markdown escaped when the
 * ESCAPE_MARKDOWN_HTML flag is on, and the result always sanitised (DOMPurify, no scripts,
 * handlers or javascript: links).
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const withHtml = new MarkdownIt({ html: true, linkify: true, breaks: false });
const escaped = new MarkdownIt({ html: false, linkify: true, breaks: false });

export function renderMarkdown(code: string, escapeHtml: boolean): string {
  const html = (escapeHtml ? escaped : withHtml).render(code);
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
