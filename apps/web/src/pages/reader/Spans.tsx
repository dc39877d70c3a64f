import type { PassageMark, PassageSpan } from '@booktranslate/contract';
import { type ReactNode, useContext } from 'react';
import { API_BASE } from '../../api/apiBase';
import { ReaderContext } from './ReaderContext';

/** Where the reader fetches an image of the book (the owner's session cookie goes along). */
const imageSrc = (translationId: string, image: string) =>
  `${API_BASE}/translations/${encodeURIComponent(translationId)}/passages/images/${encodeURIComponent(image)}/`;

/** Only outside addresses a reader may follow: http(s) and mailto. */
function safeHref(href: string | null): string | null {
  if (!href) return null;
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}

const MARKER =
  'mx-0.5 inline-block rounded border border-slate-300 px-1 align-baseline text-xs text-slate-600 not-italic dark:border-slate-600 dark:text-slate-300';

function wrap(mark: PassageMark, children: ReactNode, key: number): ReactNode {
  switch (mark.kind) {
    case 'emphasis':
      return <em key={key}>{children}</em>;
    case 'strong':
      return <strong key={key}>{children}</strong>;
    case 'code':
      return (
        <code key={key} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
          {children}
        </code>
      );
    case 'superscript':
      return <sup key={key}>{children}</sup>;
    case 'subscript':
      return <sub key={key}>{children}</sub>;
    case 'strikethrough':
      return <s key={key}>{children}</s>;
    case 'noteref':
      return (
        <sup key={key} className="font-semibold text-indigo-700 dark:text-indigo-300">
          {children}
        </sup>
      );
    case 'link': {
      const href = safeHref(mark.href);
      if (!href) return <span key={key}>{children}</span>;
      return (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-indigo-700 underline dark:text-indigo-300"
        >
          {children}
        </a>
      );
    }
    default:
      return <span key={key}>{children}</span>;
  }
}

function leaf(span: PassageSpan, key: number, translationId: string | undefined): ReactNode {
  if (span.type === 'text') return span.text;
  // An image the server serves shows as itself; the others by their label.
  if (span.kind === 'image' && span.image && translationId)
    return (
      <img
        key={key}
        src={imageSrc(translationId, span.image)}
        alt={span.label ?? 'Image'}
        loading="lazy"
        className="my-1 inline-block max-h-[28rem] max-w-full rounded align-middle"
      />
    );
  if (span.kind === 'linebreak') return <br key={key} />;
  if (span.kind === 'noteref')
    return (
      <sup key={key} className="font-semibold text-indigo-700 dark:text-indigo-300">
        {span.label ?? '*'}
      </sup>
    );
  const word = span.kind === 'image' ? 'Image' : 'Element';
  return (
    <span key={key} className={MARKER}>
      {span.label ? `${word}: ${span.label}` : word}
    </span>
  );
}

/** Spans that share their mark at this depth go inside one element for it, and so on inward. */
function level(spans: readonly PassageSpan[], depth: number, translationId: string | undefined): ReactNode[] {
  const out: ReactNode[] = [];
  let i = 0;
  while (i < spans.length) {
    const span = spans[i] as PassageSpan;
    const mark = span.marks[depth];
    if (!mark) {
      out.push(leaf(span, i, translationId));
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < spans.length && spans[j]?.marks[depth]?.n === mark.n) j += 1;
    out.push(wrap(mark, level(spans.slice(i, j), depth + 1, translationId), i));
    i = j;
  }
  return out;
}

/**
 * A passage's structured text as React elements: marks become elements, links open outside
 * addresses only, images of the book show inside the reader, and nothing is ever parsed as HTML.
 */
export function Spans({ spans }: { spans: readonly PassageSpan[] }) {
  const translationId = useContext(ReaderContext)?.translationId;
  return <>{level(spans, 0, translationId)}</>;
}
