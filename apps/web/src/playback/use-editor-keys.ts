import { useEffect, useRef } from 'react';

/** Where Space has its own meaning: typing, and buttons and links (Space clicks them). */
const OWN_SPACE = 'input, textarea, select, button, a[href], [contenteditable], [role="button"]';
/**
 * NOTE: the selected step's button (just clicked to open the step) would only select it again, so
 * Space plays there rather than doing nothing.
 */
const SPACE_PLAYS = '[aria-current="step"]';
/** Where Ctrl/Cmd+Z undoes typing instead. */
const OWN_UNDO = 'input, textarea, [contenteditable]';

/** `onUndo` is optional: a step without edits to undo leaves Ctrl/Cmd+Z to the browser. */
type Keys = { onTogglePlay: () => void; onUndo?: () => void };

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
      const target = event.target instanceof Element ? event.target : null;
      // NOTE: a step button marks its own Space as handled (MUI), yet only selects itself again.
      const spacePlays = event.key === ' ' && target?.closest(SPACE_PLAYS) != null;
      if ((event.defaultPrevented && !spacePlays) || event.altKey) return;
      if (event.key === ' ' && !event.ctrlKey && !event.metaKey) {
        if (target?.closest(OWN_SPACE) && !spacePlays) return;
        event.preventDefault();
        if (!event.repeat) latest.current.onTogglePlay();
      } else if (
        latest.current.onUndo !== undefined &&
        event.key.toLowerCase() === 'z' &&
        (event.ctrlKey || event.metaKey) &&
        !event.shiftKey &&
        !target?.closest(OWN_UNDO)
      ) {
        event.preventDefault();
        latest.current.onUndo?.();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
