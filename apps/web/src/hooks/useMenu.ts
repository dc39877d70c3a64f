import { type RefObject, useEffect } from 'react';

/**
 * Keyboard and pointer behaviour of a drop-down menu (WAI-ARIA menu button): on open the first item
 * takes focus; ArrowDown/ArrowUp/Home/End move between items; Escape closes and gives focus back to
 * the trigger; a click outside closes.
 * @example useMenu(open, setOpen, wrapperRef, triggerRef)
 */
export function useMenu(
  open: boolean,
  setOpen: (open: boolean) => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const items = () => [...(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    items()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
        return;
      }
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next: Record<string, number> = {
        ArrowDown: (at + 1) % list.length,
        ArrowUp: (at - 1 + list.length) % list.length,
        Home: 0,
        End: list.length - 1,
      };
      if (!(e.key in next) || list.length === 0) return;
      e.preventDefault();
      list[next[e.key] ?? 0]?.focus();
    };
    const onDown = (e: MouseEvent) => {
      if (!container.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, setOpen, container, trigger]);
}
