import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Clip, Span, Word } from '@roughcut/shared';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { GapPlayer } from '../../playback/gap-player.tsx';
import { playbackPlan } from '../../playback/gap-playback.ts';
import { GapTimeline } from './gap-timeline.tsx';
import type { Waveform } from './timeline-geometry.ts';
import { TimelineToolbar } from './timeline-toolbar.tsx';
import { useEditorKeys } from '../../playback/use-editor-keys.ts';
import { useGapPlayback } from '../../playback/use-gap-playback.ts';
import { selectedGap } from './timeline-touch.rules.ts';
import { useDeleteKey } from './use-delete-key.ts';
import { centerOn, resetZoom, visibleWindow, zoomAround, type Viewport } from './timeline.rules.ts';
import { canUndo, deleteGapEdit, undoDeleteEdit, undoLastEdit } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { formatClipSpan } from '../../lib/time.format.ts';

type Props = {
  clip: Clip;
  videoUrl: string | undefined;
  waveform: Waveform | undefined;
  editable: boolean;
  state: GapEditState;
  onChange: (next: GapEditState) => void;
  /** Player frame height in pixels. */
  playerHeight: number;
  /** Under the timeline: the footer counts or the description. */
  footer: ReactNode;
};

const ZOOM_BUTTON_TICKS = 4;

const byStart = <T extends Span>(a: T, b: T) => a.start - b.start || a.end - b.end;

/** The words along the timeline, and the speech no word was recognised in. */
export function timelineText(clip: Clip): { words: Word[]; speech: Span[] } {
  const words: Word[] = [];
  const speech: Span[] = [];
  for (const segment of clip.segments) {
    const list = segment.words ?? [];
    if (list.length === 0) speech.push({ start: segment.start, end: segment.end });
    else words.push(...list);
  }
  return { words: words.sort(byStart), speech: speech.sort(byStart) };
}

/**
 * The player, toolbar and timeline shared by the clip screen's Speech Gaps step and the standalone
 * timeline editor. The caller owns the gaps (it submits them); zoom, scroll and playback are local.
 */
export function GapEditor(props: Props) {
  const { clip, state, onChange, editable } = props;
  const window = useMemo(() => ({ start: clip.start, end: clip.end }), [clip.start, clip.end]);
  const duration = Math.max(0, window.end - window.start);
  const [view, setView] = useState<Viewport>(() => resetZoom(duration));
  const text = useMemo(() => timelineText(clip), [clip]);
  const plan = useMemo(() => playbackPlan(window, state.gaps), [window, state.gaps]);
  const playback = useGapPlayback(plan);
  const liveView = view.duration === duration ? view : resetZoom(duration);
  // NOTE (issue 33): the selection is the screen's, not an edit: it is neither saved nor undone.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = editable ? selectedGap(state.gaps, selectedId) : null;

  const undo = () => {
    if (editable) onChange(undoLastEdit(state));
  };
  const deleteSelected = () => {
    if (!selected) return;
    onChange(deleteGapEdit(state, selected.id, { ctrlKey: true }));
    setSelectedId(null);
  };
  useEditorKeys({ onTogglePlay: playback.toggle, onUndo: undo });
  useDeleteKey(selected ? deleteSelected : null);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <GapPlayer
        src={props.videoUrl}
        title={clip.title}
        window={window}
        isLongForm={clip.is_long_form}
        playback={playback}
        loading={props.videoUrl === undefined}
        height={props.playerHeight}
      />
      <Box sx={{ minWidth: 0 }}>
        <TimelineToolbar
          view={liveView}
          editable={editable}
          canUndoDelete={state.deletedGaps.length > 0}
          canUndo={canUndo(state)}
          onZoom={(direction) => {
            const { start, end } = visibleWindow(liveView);
            let next = liveView;
            // NOTE: one press is four wheel ticks (about 1.46x), around the middle of the view.
            for (let i = 0; i < ZOOM_BUTTON_TICKS; i += 1) {
              next = zoomAround(next, -direction, (start + end) / 2);
            }
            setView(next);
          }}
          onCenter={() =>
            setView({
              ...liveView,
              viewportStart: centerOn(liveView, playback.currentTime() - window.start),
            })
          }
          onResetZoom={() => setView(resetZoom(duration))}
          onUndoDelete={() => onChange(undoDeleteEdit(state))}
          onUndo={undo}
          selected={
            selected
              ? formatClipSpan(selected.start - window.start, selected.end - window.start)
              : null
          }
          onDeleteSelected={deleteSelected}
        />
        <GapTimeline
          window={window}
          state={state}
          onChange={onChange}
          editable={editable}
          words={text.words}
          speech={text.speech}
          waveform={props.waveform}
          view={liveView}
          onViewChange={setView}
          clock={playback}
          selectedId={selected?.id ?? null}
          onSelect={setSelectedId}
        />
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.75, display: { xs: 'none', sm: 'block' } }}
        >
          {editable
            ? 'Drag a gap edge to resize it · Click a gap to select it, Delete removes it · Ctrl/Cmd+click a gap to delete it (a kept filler to remove it again) · Scroll to pan · Ctrl/Cmd+scroll to zoom · Space plays'
            : 'Scroll to pan · Ctrl/Cmd+scroll to zoom · Space plays'}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.75, display: { xs: 'block', sm: 'none' } }}
        >
          {editable
            ? 'Tap a gap to select it, then Delete gap · Drag a gap edge to resize it · Pinch to zoom'
            : 'Pinch to zoom · Tap a word to read it'}
        </Typography>
      </Box>
      {props.footer}
    </Box>
  );
}
