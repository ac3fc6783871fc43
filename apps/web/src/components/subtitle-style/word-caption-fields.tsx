import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { DrawSettings } from '@roughcut/shared';
import { ColourField } from './colour-field.tsx';
import { readColour, writeColour } from './colour-value.ts';

type Props = {
  value: DrawSettings;
  onChange: (next: DrawSettings) => void;
  disabled?: boolean;
};

type SwitchKey = 'word_highlight' | 'one_word_at_a_time' | 'upper_case';

const SWITCHES: { key: SwitchKey; label: string; hint: string }[] = [
  {
    key: 'word_highlight',
    label: 'Highlight the spoken word',
    hint: 'Each word lights up in the highlight color as it is said.',
  },
  {
    key: 'one_word_at_a_time',
    label: 'One word at a time',
    hint: 'Show only the word being said, popping in word by word.',
  },
  { key: 'upper_case', label: 'All caps', hint: 'Write every caption in capital letters.' },
];

/**
 * The word-by-word caption styles (issue 22): a spoken-word highlight with its colour, a
 * one-word-at-a-time pop mode and all caps. All off by default, as captions were before.
 */
export function WordCaptionFields({ value, onChange, disabled }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ mb: 1 }}>
        Word by word
      </Typography>
      <Box
        sx={{
          display: 'grid',
          columnGap: 3,
          rowGap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 250px), 1fr))',
          alignItems: 'start',
        }}
      >
        {SWITCHES.map(({ key, label, hint }) => (
          <Box key={key}>
            <FormControlLabel
              label={label}
              disabled={disabled}
              control={
                <Switch
                  checked={value[key]}
                  onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
                />
              }
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 6 }}>
              {hint}
            </Typography>
          </Box>
        ))}
        <ColourField
          label="Highlight Color"
          value={readColour(value, 'highlight')}
          withOpacity
          disabled={disabled || !value.word_highlight}
          onChange={(colour) => onChange(writeColour(value, 'highlight', colour))}
        />
      </Box>
    </Paper>
  );
}
