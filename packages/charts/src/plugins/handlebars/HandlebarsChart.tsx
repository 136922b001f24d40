/**
 * The Handlebars chart: the rendered template, sanitised, under a container whose unique class
 * scopes the CSS template; a template syntax error is shown instead.
 */
import { useId, useMemo } from 'react';
import { scopeCss } from './css.js';
import { sanitizeHtml } from './sanitize.js';
import type { HandlebarsProps } from './transformProps.js';

export default function HandlebarsChart({
  width,
  height,
  html,
  error,
  styleTemplate,
}: HandlebarsProps) {
  const scopeClass = `strata-handlebars-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const safeHtml = useMemo(() => (error === null ? sanitizeHtml(html) : ''), [html, error]);
  const css = useMemo(() => scopeCss(styleTemplate, scopeClass), [styleTemplate, scopeClass]);
  return (
    <div
      className={scopeClass}
      data-test="handlebars"
      style={{ width, height, overflow: 'auto', padding: 16, boxSizing: 'border-box' }}
    >
      {css ? <style>{css}</style> : null}
      {error !== null ? (
        <pre style={{ whiteSpace: 'pre-wrap', color: '#e04355', margin: 0 }}>{error}</pre>
      ) : (
        <div dangerouslySetInnerHTML={{ __html: safeHtml }} />
      )}
    </div>
  );
}
