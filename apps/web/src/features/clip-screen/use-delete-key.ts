import { useEffect, useRef } from 'react';

/** Where Delete and Backspace edit text instead. */
const OWN_DELETE = 'input, textarea, select, [contenteditable]';

/**
 * Issue 33: Delete or Backspace anywhere on the screen (but in a text field) calls `onDelete`:
 * the timeline's selected gap goes. A key a focused element already handled (a gap edge deletes
 * its own gap) is left alone.
 */
export function useDeleteKey(onDelete: (() => void) | null): void {
  const latest = useRef(onDelete);
  useEffect(() => {
    latest.current = onDelete;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' && event.key !== 'Backspace') return;
      const target = event.target instanceof Element ? event.target : null;
      if (event.defaultPrevented || target?.closest(OWN_DELETE) || latest.current === null) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
