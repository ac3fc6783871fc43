import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import type { StatusLabel, Tone } from '../lib/status-labels.rules.ts';

// SPEC 2.6 and 4.1 colour words on the app's palette.
export const TONE_COLORS: Record<Tone, { fg: string; bg: string }> = {
  yellow: { fg: '#a16207', bg: '#fef9c3' },
  green: { fg: '#047857', bg: '#d1fae5' },
  blue: { fg: '#1d4ed8', bg: '#dbeafe' },
  red: { fg: '#b91c1c', bg: '#fee2e2' },
  plain: { fg: '#475569', bg: '#f1f5f9' },
};

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(37, 99, 235, 0.55); }
  70% { box-shadow: 0 0 0 7px rgba(37, 99, 235, 0); }
  100% { box-shadow: 0 0 0 0 rgba(37, 99, 235, 0); }
`;

export function PulsingDot() {
  return (
    <Box
      component="span"
      data-testid="pulsing-dot"
      sx={{
        width: 9,
        height: 9,
        borderRadius: '50%',
        bgcolor: '#2563eb',
        flexShrink: 0,
        animation: `${pulse} 1.6s ease-out infinite`,
      }}
    />
  );
}

/** The list's Status cell: coloured pill, pulsing blue dot while running, "--" without status. */
export function StatusPill({ label }: { label: StatusLabel }) {
  if (label.tone === 'plain') {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {label.text}
      </Typography>
    );
  }
  const colors = TONE_COLORS[label.tone];
  return (
    <Box
      component="span"
      data-tone={label.tone}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.875,
        px: 1.25,
        py: 0.375,
        borderRadius: 999,
        fontSize: 13,
        fontWeight: 600,
        color: colors.fg,
        bgcolor: colors.bg,
        whiteSpace: 'nowrap',
      }}
    >
      {label.pulsing ? <PulsingDot /> : null}
      {label.text}
    </Box>
  );
}
