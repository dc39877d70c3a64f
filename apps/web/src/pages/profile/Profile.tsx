import type { User } from '@booktranslate/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getSettings } from '../../api/auth';
import { userName } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { Avatar } from '../../components/Avatar';
import { buttonClass } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { Section } from '../../components/Section';
import { DangerZone } from './DangerZone';
import { PreferencesForm } from './PreferencesForm';
import { ReadingApps } from './ReadingApps';
import { ReadingDevices } from './ReadingDevices';
import { TranslationMemory } from './TranslationMemory';

export default function Profile() {
  const { user, loading, setUser } = useAuth();
  // Settings are read afresh when the screen opens; the form starts again with what came back.
  const [fresh, setFresh] = useState<User | null>(null);
  useEffect(() => {
    let alive = true;
    getSettings()
      .then((u) => {
        if (!alive) return;
        setUser(u);
        setFresh(u);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [setUser]);
  if (!user && loading)
    return (
      <p role="status" className="p-8 text-center">
        Loading settings...
      </p>
    );
  if (!user) {
    return (
      <div className="p-8 text-center">
        <p>No user data available</p>
        <Link to="/login" className={`${buttonClass()} mt-4`}>
          Go to Login
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      <Section id="profile-settings" title="Profile Settings">
        <div className="mt-4 flex items-center gap-4">
          <Avatar name={userName(user)} picture={user.picture ?? undefined} size="lg" />
          <div className="grid flex-1 gap-3">
            <label className="text-sm font-medium">
              Display name
              <input className={`${inputClass} mt-1`} value={userName(user)} readOnly />
            </label>
            <label className="text-sm font-medium">
              Email
              <input className={`${inputClass} mt-1`} value={user.email} readOnly />
            </label>
          </div>
        </div>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Editing the display name is temporarily disabled. The email address cannot be changed; please
          contact support if you need to change it.
        </p>
      </Section>
      <PreferencesForm key={fresh ? 'fresh' : 'cached'} user={fresh ?? user} />
      <ReadingApps email={user.email} />
      <ReadingDevices />
      <TranslationMemory />
      <DangerZone />
    </div>
  );
}
