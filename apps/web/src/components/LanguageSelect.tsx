import { LANGUAGES, type Language, languageLabel } from '@booktranslate/contract/languages';
import { useId } from 'react';
import { preferredFirst } from '../lib/targetLanguages';
import { inputClass } from './Field';

interface Props {
  label: string;
  value: string;
  onChange: (code: string) => void;
  options?: readonly Language[];
  placeholder?: string;
  /** Codes offered first, in their own group (the preferred languages from Settings). */
  preferred?: readonly string[] | undefined;
}

/** A labelled select over the 47 languages; the 'good' tier carries '(beta)'. */
export function LanguageSelect({
  label,
  value,
  onChange,
  options = LANGUAGES,
  placeholder = '-- Select Language --',
  preferred,
}: Props) {
  const id = useId();
  const groups = preferredFirst(options, preferred);
  const items = (list: readonly Language[]) =>
    list.map((l) => (
      <option key={l.code} value={l.code}>
        {languageLabel(l.code)}
      </option>
    ));
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {groups.preferred.length > 0 ? (
          <>
            <optgroup label="Your languages">{items(groups.preferred)}</optgroup>
            <optgroup label="All languages">{items(groups.others)}</optgroup>
          </>
        ) : (
          items(options)
        )}
      </select>
    </div>
  );
}
