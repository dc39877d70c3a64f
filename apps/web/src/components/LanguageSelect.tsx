import { LANGUAGES, type Language, languageLabel } from '@booktranslate/contract/languages';
import { useId } from 'react';
import { inputClass } from './Field';

interface Props {
  label: string;
  value: string;
  onChange: (code: string) => void;
  options?: readonly Language[];
  placeholder?: string;
}

/** A labelled select over the 47 languages; the 'good' tier carries '(beta)'. */
export function LanguageSelect({
  label,
  value,
  onChange,
  options = LANGUAGES,
  placeholder = '-- Select Language --',
}: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((l) => (
          <option key={l.code} value={l.code}>
            {languageLabel(l.code)}
          </option>
        ))}
      </select>
    </div>
  );
}
