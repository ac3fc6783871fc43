import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { formatHex, parseColour } from './colour-value.ts';
import type { Rgb } from './colour-value.ts';

type Props = {
  label: string;
  value: Rgb & { alpha?: number };
  /** Called only with valid colours; `alpha` only when the field shows opacity. */
  onChange: (next: Rgb & { alpha?: number }) => void;
  /** Show an opacity percentage beside the colour (the settings' alpha). */
  withOpacity?: boolean;
  disabled?: boolean;
};

export const COLOUR_HELP = 'Use #RRGGBB, #RGB or rgb(r, g, b)';

const percent = (alpha: number) => Math.round(alpha * 100);

/**
 * One colour of the colour panel: a swatch that opens the browser's picker, the colour as text
 * (only a valid colour is taken; anything else is shown as an error and not applied) and, for the
 * subtitle colours, its opacity.
 */
export function ColourField({ label, value, onChange, withOpacity = false, disabled }: Props) {
  const id = useId();
  const hex = formatHex(value);
  const [draft, setDraft] = useState(hex);
  const [shown, setShown] = useState(hex);
  // NOTE: a new value from outside (another template chosen) replaces the text, but not the
  // value this field just sent: typing #123456 passes through the valid #123 on the way.
  if (shown !== hex) {
    setShown(hex);
    const typed = parseColour(draft);
    if (!typed || formatHex(typed) !== hex) setDraft(hex);
  }
  const invalid = parseColour(draft) === null;
  const alpha = value.alpha ?? 1;
  const [opacityDraft, setOpacityDraft] = useState(String(percent(alpha)));
  const [shownAlpha, setShownAlpha] = useState(alpha);
  if (shownAlpha !== alpha) {
    setShownAlpha(alpha);
    if (Number(opacityDraft) !== percent(alpha)) setOpacityDraft(String(percent(alpha)));
  }
  const opacity = Number(opacityDraft);
  const opacityInvalid =
    opacityDraft.trim() === '' || !Number.isInteger(opacity) || opacity < 0 || opacity > 100;

  const takeText = (text: string) => {
    setDraft(text);
    const colour = parseColour(text);
    if (!colour) return;
    const { alpha: typedAlpha, ...rgb } = colour;
    onChange(withOpacity && typedAlpha !== undefined ? { ...rgb, alpha: typedAlpha } : rgb);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={`${label} swatch`}
        value={hex.toLowerCase()}
        disabled={disabled}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => takeText(event.target.value)}
        sx={{
          flexShrink: 0,
          width: 40,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1.5,
          bgcolor: 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
        }}
      />
      <TextField
        id={id}
        size="small"
        label={label}
        value={draft}
        disabled={disabled}
        error={invalid}
        helperText={invalid ? COLOUR_HELP : undefined}
        onChange={(event) => takeText(event.target.value)}
        onBlur={() => setDraft(hex)}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        sx={{ minWidth: 0 }}
      />
      {withOpacity ? (
        <TextField
          size="small"
          type="number"
          label="Opacity %"
          value={opacityDraft}
          disabled={disabled}
          error={opacityInvalid}
          helperText={opacityInvalid ? '0 to 100' : undefined}
          onChange={(event) => {
            setOpacityDraft(event.target.value);
            const next = Number(event.target.value);
            if (
              event.target.value.trim() !== '' &&
              Number.isInteger(next) &&
              next >= 0 &&
              next <= 100
            )
              onChange({ r: value.r, g: value.g, b: value.b, alpha: next / 100 });
          }}
          onBlur={() => setOpacityDraft(String(percent(alpha)))}
          slotProps={{
            htmlInput: { min: 0, max: 100, step: 1, 'aria-label': `${label} Opacity` },
          }}
          sx={{ width: 112, flexShrink: 0 }}
        />
      ) : null}
    </Box>
  );
}
