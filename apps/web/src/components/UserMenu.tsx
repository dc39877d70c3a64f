import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { userName } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { useMenu } from '../hooks/useMenu';
import { Avatar } from './Avatar';

const item = 'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

export function UserMenu() {
  const { user, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  useMenu(open, setOpen, ref, trigger);

  if (!user) return null;
  return (
    <div ref={ref} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="User menu"
        onClick={() => setOpen((o) => !o)}
        className="rounded-full"
      >
        <Avatar name={userName(user)} picture={user.picture ?? undefined} size="sm" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="truncate px-4 py-2 text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
          <Link role="menuitem" to="/profile" className={item} onClick={() => setOpen(false)}>
            Profile
          </Link>
          <Link role="menuitem" to="/billing" className={item} onClick={() => setOpen(false)}>
            Billing & Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            className={`${item} text-red-600`}
            onClick={async () => {
              setOpen(false);
              await signOut();
              navigate('/');
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
