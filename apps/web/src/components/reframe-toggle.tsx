import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { CLIP_REFRAMES, CLIP_REFRAME_HELP, CLIP_REFRAME_LABELS } from '@roughcut/shared';
import type { ClipReframe } from '@roughcut/shared';

type Props = {
  value: ClipReframe;
  onChange: (value: ClipReframe) => void;
  label: string;
  disabled?: boolean;
};

/** Centre / Follow speaker / Split: how a short clip is framed in 9:16 (issue 21). */
export function ReframeToggle({ value, onChange, label, disabled = false }: Props) {
  const id = `reframe-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Typography id={id} variant="subtitle2" component="span">
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        disabled={disabled}
        aria-labelledby={id}
        // NOTE: a click on the pressed button sends null; the framing always has a value.
        onChange={(_event, next: ClipReframe | null) => {
          if (next) onChange(next);
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {CLIP_REFRAMES.map((mode) => (
          <ToggleButton key={mode} value={mode} sx={{ textTransform: 'none', px: 1.5 }}>
            {CLIP_REFRAME_LABELS[mode]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary">
        {CLIP_REFRAME_HELP[value]}
      </Typography>
    </Box>
  );
}
