import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './Button';

/**
 * Where a paid (or demo) plan leads: uploading a book first, then the page's own ways on
 * (`children`); `className` places the row on its page.
 */
export function AfterPaymentLinks({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <Link to="/upload" className={buttonClass()}>
        Upload a Book
      </Link>
      {children}
    </div>
  );
}
