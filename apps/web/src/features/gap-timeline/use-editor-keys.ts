import { useEffect, useRef } from 'react';

/** Where Space has its own meaning: typing, and buttons and links (Space clicks them). */
const OWN_SPACE = 'input, textarea, select, button, a[href], [contenteditable], [role="button"]';
/** Where Ctrl/Cmd+Z undoes typing instead. */
const OWN_UNDO = 'input, textarea, [contenteditable]';

type Keys = { onTogglePlay: () => void; onUndo: () => void };

/**
 * Space plays and pauses; Ctrl/Cmd+Z undoes the last timeline edit. Fields keep their own keys,
 * and Space still clicks a focused button.
 */
export function useEditorKeys(keys: Keys): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (event.key === ' ' && !event.ctrlKey && !event.metaKey) {
        if (target?.closest(OWN_SPACE)) return;
        event.preventDefault();
        if (!event.repeat) latest.current.onTogglePlay();
      } else if (
        event.key.toLowerCase() === 'z' &&
        (event.ctrlKey || event.metaKey) &&
        !event.shiftKey &&
        !target?.closest(OWN_UNDO)
      ) {
        event.preventDefault();
        latest.current.onUndo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
