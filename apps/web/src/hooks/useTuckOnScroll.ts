import { useEffect, useState } from 'react';

/** Below Tailwind's `sm`: a phone, where a floating button covers the right edge of the content. */
const PHONE = '(max-width: 639.98px)';

/**
 * True while a phone reader scrolls down the page (the floating help button then tucks away so it
 * covers no numbers or buttons); false again on scrolling up, at the page end (the layout leaves room
 * there) and on wider screens.
 */
export function useTuckOnScroll(disabled: boolean): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    if (disabled) {
      setTucked(false);
      return;
    }
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 4;
      if (!window.matchMedia(PHONE).matches || atEnd || y < 40) setTucked(false);
      else if (y > lastY + 2) setTucked(true);
      else if (y < lastY - 2) setTucked(false);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [disabled]);
  return tucked;
}
