import type { User } from '@booktranslate/contract';
import { LANGUAGES, languageLabel } from '@booktranslate/contract/languages';
import { useState } from 'react';
import { updateSettings } from '../../api/misc';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';
import { LanguageSelect } from '../../components/LanguageSelect';
import { Section } from '../../components/Section';
import { STORAGE, writeJson } from '../../lib/storageKeys';
import { addPreferredLanguage, MAX_PREFERRED } from './preferredLanguages';

export function PreferencesForm({ user }: { user: User }) {
  const { setUser } = useAuth();
  const [languages, setLanguages] = useState<string[]>(user.preferred_languages.slice(0, MAX_PREFERRED));
  const [notifications, setNotifications] = useState(user.email_notifications);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [error, setError] = useState('');

  const save = async () => {
    setState('saving');
    try {
      const updated = await updateSettings({
        email_notifications: notifications,
        preferred_languages: languages,
      });
      setUser(updated);
      writeJson(STORAGE.languages, languages);
      setState('saved');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save settings');
      setState('error');
    }
  };

  return (
    <>
      <Section id="lang-prefs" title="Language Preferences">
        <p className="mt-2 text-sm font-medium">Preferred Languages (Select up to 3)</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {languages.map((code) => (
            <li
              key={code}
              className="flex items-center gap-1 rounded-full bg-indigo-100 px-3 py-1 text-sm text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"
            >
              {languageLabel(code)}
              <button
                type="button"
                aria-label={`Remove ${languageLabel(code)}`}
                onClick={() => setLanguages((l) => l.filter((c) => c !== code))}
                className="ml-1 rounded-full px-1 hover:bg-indigo-200 dark:hover:bg-indigo-800"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {languages.length < MAX_PREFERRED && (
          <div className="mt-3 max-w-sm">
            <LanguageSelect
              label="Add a preferred language"
              placeholder="Select a language to add..."
              value=""
              options={LANGUAGES.filter((l) => !languages.includes(l.code))}
              onChange={(code) => setLanguages((l) => addPreferredLanguage(l, code))}
            />
          </div>
        )}
      </Section>
      <Section id="notif" title="Email Notifications">
        <label className="mt-3 flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            aria-checked={notifications}
            checked={notifications}
            onChange={(e) => setNotifications(e.target.checked)}
            className="h-5 w-5 accent-indigo-600"
          />
          <span>Email me when a translation is finished</span>
        </label>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Emails about account deletion and payments are always sent.
        </p>
      </Section>
      <div className="flex items-center gap-3">
        <Button onClick={save} loading={state === 'saving'}>
          Save Settings
        </Button>
        <span role="status" className="text-sm">
          {state === 'saved' ? 'Settings saved.' : state === 'error' ? error : ''}
        </span>
      </div>
    </>
  );
}
