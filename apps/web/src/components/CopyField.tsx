import { useId, useRef, useState } from 'react';
import { Button } from './Button';
import { inputClass } from './Field';

/** Puts `text` on the clipboard; on plain http (no Clipboard API) copies the selected input instead. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): fall back to the selection.
  }
  input?.select();
  return typeof document.execCommand === 'function' && document.execCommand('copy');
}

/**
 * A read-only value with a Copy button: an address or a password to paste into another app. The
 * button says "Copied" for a moment; when the browser refuses, the value is left selected.
 */
export function CopyField({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    const ok = await copyText(value, input.current);
    if (!ok) input.current?.select();
    setCopied(ok ? 'yes' : 'no');
    setTimeout(() => setCopied(null), 2000);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
          className={`${inputClass} min-w-0 flex-1 ${mono ? 'font-mono' : ''}`}
        />
        <Button
          size="sm"
          variant="outline"
          className="self-start sm:self-auto"
          onClick={copy}
          aria-label={`Copy ${label}`}
        >
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied === 'yes' ? `${label} copied` : copied === 'no' ? 'Press Ctrl+C (or ⌘C) to copy' : ''}
      </p>
    </div>
  );
}
