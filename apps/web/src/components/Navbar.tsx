import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useDarkMode } from '../hooks/useDarkMode';
import { BookIcon, MenuIcon, MoonIcon, SunIcon } from './Icons';
import { UserMenu } from './UserMenu';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export function Navbar() {
  const { user } = useAuth();
  const [dark, toggleDark] = useDarkMode();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Focus may be on a link of the menu that is about to disappear.
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = user
    ? [
        { to: '/dashboard', label: 'Dashboard' },
        { to: '/billing', label: 'Billing' },
      ]
    : [
        { to: '/#features', label: 'Features' },
        { to: '/#pricing', label: 'Pricing' },
      ];

  return (
    <header className="sticky top-0 z-30 h-16 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
        <Link
          to={user ? '/dashboard' : '/'}
          className="flex items-center gap-2 text-lg font-bold text-indigo-600 dark:text-indigo-400"
        >
          <BookIcon className="h-6 w-6" /> BookTranslate
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <Link key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </Link>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={toggleDark}
            aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
            aria-pressed={dark}
            className={linkClass}
          >
            {/* Both icons, shown by the page's class: right before hydration too (the page is built light). */}
            <SunIcon className="hidden h-5 w-5 dark:block" />
            <MoonIcon className="h-5 w-5 dark:hidden" />
          </button>
          {user ? (
            <UserMenu />
          ) : (
            <Link
              to="/login"
              className="hidden rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 sm:inline-flex"
            >
              Login
            </Link>
          )}
          <button
            ref={menuButton}
            type="button"
            className={`${linkClass} md:hidden`}
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon />
          </button>
        </div>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          className="border-b border-slate-200 bg-white px-4 py-2 md:hidden dark:border-slate-800 dark:bg-slate-950"
        >
          {[...links, ...(user ? [] : [{ to: '/login', label: 'Login' }])].map((l) => (
            <Link key={l.to} to={l.to} className={`block ${linkClass}`} onClick={() => setOpen(false)}>
              {l.label}
            </Link>
          ))}
        </div>
      )}
    </header>
  );
}
