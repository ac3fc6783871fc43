import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { GapPlayback } from './use-gap-playback.ts';
import { drawStacked, frameStyleAt, paintKey } from '../components/reframe-frame.ts';
import { useProvidedFraming } from '../components/reframe-preview.ts';

export const FINDING_SPEAKER = 'Finding the speaker…';

type Props = { playback: Pick<GapPlayback, 'refs' | 'active' | 'currentTime'> };

/**
 * Inside a short's preview frame: moves the pictures of the player's videos along the framing's
 * path at the playing time (or draws a split's two crops over them), and says so while the
 * speaker is still being found. Nothing for a player without a provided framing.
 */
export function ReframeLayer({ playback }: Props) {
  const framing = useProvidedFraming();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { refs, active, currentTime } = playback;
  const plan = framing?.plan;
  const split = plan?.mode === 'split';

  useEffect(() => {
    if (!plan) return;
    const videos = () => refs.map((r) => r.current).filter((v): v is HTMLVideoElement => !!v);
    let frame = 0;
    let last = '';
    // NOTE: every animation frame, as the render moves its crop every output frame; an unchanged
    // time and picture is not painted again, so a paused card costs almost nothing.
    const tick = () => {
      frame = requestAnimationFrame(tick);
      const shown = refs[active].current;
      if (!shown?.videoWidth) return;
      const t = currentTime();
      const canvas = canvasRef.current;
      const key = paintKey(t, shown, canvas?.clientWidth ?? 0);
      if (key === last) return;
      last = key;
      const source = { width: shown.videoWidth, height: shown.videoHeight };
      const style = frameStyleAt(plan, t, source);
      for (const video of videos()) video.style.objectPosition = style.objectPosition;
      if (style.stacked && canvas) drawStacked(canvas, shown, style.stacked);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      for (const video of videos()) video.style.objectPosition = '';
    };
  }, [plan, refs, active, currentTime]);

  if (!framing) return null;
  return (
    <>
      {split ? (
        <Box
          component="canvas"
          ref={canvasRef}
          data-testid="reframe-split"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            pointerEvents: 'none',
          }}
        />
      ) : null}
      {framing.finding ? (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            px: 1,
            py: 0.5,
            borderRadius: 999,
            bgcolor: 'rgba(15, 23, 42, 0.72)',
            color: '#fff',
            pointerEvents: 'none',
          }}
        >
          <CircularProgress size={12} sx={{ color: 'inherit' }} />
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {FINDING_SPEAKER}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}
