import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { DrawRange } from '@roughcut/shared';
import { useId, useState } from 'react';

type Props = {
  label: string;
  value: number;
  range: DrawRange;
  onChange: (next: number) => void;
  disabled?: boolean;
  unit?: string;
};

/**
 * A setting slider (step 1, SPEC 5) with the value as a small number box beside its label, for
 * exact values. A typed value out of range is shown as an error and not applied.
 */
export function RangeField({ label, value, range, onChange, disabled, unit }: Props) {
  const labelId = useId();
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(draft) !== value || draft.trim() === '') setDraft(String(value));
  }
  const typed = Number(draft);
  const invalid =
    draft.trim() === '' || !Number.isFinite(typed) || typed < range.min || typed > range.max;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <InputBase
            value={draft}
            disabled={disabled}
            error={invalid}
            onChange={(event) => {
              setDraft(event.target.value);
              const next = Number(event.target.value);
              if (
                event.target.value.trim() !== '' &&
                Number.isFinite(next) &&
                next >= range.min &&
                next <= range.max
              )
                onChange(Math.round(next));
            }}
            onBlur={() => setDraft(String(value))}
            inputProps={{
              inputMode: 'numeric',
              'aria-label': `${label} value`,
              'aria-invalid': invalid,
              title: `${range.min} to ${range.max}`,
            }}
            sx={{
              width: 64,
              px: 1,
              fontSize: 14,
              border: 1,
              borderRadius: 1.5,
              borderColor: invalid ? 'error.main' : 'divider',
              '& input': { textAlign: 'right', py: 0.25 },
            }}
          />
          {unit ? (
            <Typography variant="caption" color="text.secondary">
              {unit}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {/* NOTE: inset so the thumb at either end stays inside narrow (390 px) layouts. */}
      <Box sx={{ px: 1 }}>
        <Slider
          size="small"
          value={value}
          min={range.min}
          max={range.max}
          step={1}
          disabled={disabled}
          valueLabelDisplay="auto"
          onChange={(_event, next: number | number[]) =>
            onChange(Array.isArray(next) ? (next[0] ?? value) : next)
          }
          aria-label={label}
        />
      </Box>
    </Box>
  );
}
