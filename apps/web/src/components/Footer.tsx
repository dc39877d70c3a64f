import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { pricingPath } from './PricingRedirect';

export function Footer() {
  const { user } = useAuth();
  return (
    // On a phone the page ends with room for the floating help button, so it covers nothing there.
    <footer className="border-t border-slate-200 bg-slate-50 pb-20 sm:pb-0 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold text-indigo-600 dark:text-indigo-400">BookTranslate</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Read any book in your language.</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Product</h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-400">
            {!user && (
              <li>
                <Link to="/#features">Features</Link>
              </li>
            )}
            <li>
              <Link to={pricingPath(Boolean(user))}>Pricing</Link>
            </li>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-400">
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="pb-6 text-center text-xs text-slate-600 dark:text-slate-400">
        © {new Date().getFullYear()} BookTranslate. All rights reserved.
      </p>
    </footer>
  );
}
