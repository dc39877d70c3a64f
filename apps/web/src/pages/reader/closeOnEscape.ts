import type { KeyboardEvent } from 'react';

/**
 * A key handler for a form opened in a passage: Escape closes it (and goes no further, so the list
 * does not take it too), except while its request is under way.
 */
export function closeOnEscape(busy: boolean, onClose: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || busy) return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };
}
