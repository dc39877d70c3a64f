import { type RefObject, useEffect, useState } from 'react';

/** Below Tailwind's `sm`: a phone, where a floating button covers the right edge of the content. */
const PHONE = '(max-width: 639.98px)';
const CONTROL = 'button, a[href], input, select, textarea, label, [role="button"], [role="tab"]';

/** True when a control of the page lies under the floating box (points inside it, the box excluded). */
function coversControl(box: HTMLElement): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const r = box.getBoundingClientRect();
  const points = [
    [r.left + r.width / 2, r.top + r.height / 2],
    [r.left + 6, r.top + 6],
    [r.right - 6, r.top + 6],
    [r.left + 6, r.bottom - 6],
    [r.right - 6, r.bottom - 6],
  ] as const;
  return points.some(([x, y]) => {
    const under = document.elementsFromPoint(x, y).find((e) => !box.contains(e));
    return Boolean(under?.closest(CONTROL));
  });
}

/**
 * True while the floating help button should step aside on a phone: while the reader scrolls down,
 * and while a button, link or field of the page lies under it. It comes back on scrolling up with
 * nothing under it, and at the page end (the footer leaves room there). Never on wider screens.
 */
export function useTuckOnScroll(box: RefObject<HTMLElement | null>, disabled: boolean): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    if (disabled) {
      setTucked(false);
      return;
    }
    let lastY = window.scrollY;
    let goingDown = false;
    const update = () => {
      const y = window.scrollY;
      if (y > lastY + 2) goingDown = true;
      else if (y < lastY - 2) goingDown = false;
      lastY = y;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 4;
      if (typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE).matches || atEnd)
        return setTucked(false);
      setTucked((goingDown && y > 40) || (box.current ? coversControl(box.current) : false));
    };
    update();
    // Content changes under a still page too (a step of the wizard, an error): look again now and then.
    const timer = setInterval(update, 800);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      clearInterval(timer);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [box, disabled]);
  return tucked;
}
