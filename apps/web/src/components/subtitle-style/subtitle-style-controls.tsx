import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DRAW_SETTING_RANGES, FONT_NAMES } from '@roughcut/shared';
import type { DrawSettings, FontName } from '@roughcut/shared';
import type { ReactNode } from 'react';
import { ColourField } from './colour-field.tsx';
import { DrawBoundsAlert } from './draw-bounds-alert.tsx';
import { readColour, writeColour } from './colour-value.ts';
import type { ColourKey } from './colour-value.ts';
import { loadFontPreviews, previewFamily } from './font-previews.ts';
import { FormatToolbar } from './format-toolbar.tsx';
import { RangeField } from './range-field.tsx';
import { WordCaptionFields } from './word-caption-fields.tsx';
import {
  ALIGNMENT_LABELS,
  BORDER_STYLE_LABELS,
  OUTLINE_SHADOW_CHOICES,
  verticalPaddingLabel,
} from '../../lib/template-editor.rules.ts';

export type SubtitleStyleControlsProps = {
  value: DrawSettings;
  /** Called with the whole settings after every change; fields it has no control for are kept. */
  onChange: (next: DrawSettings) => void;
  disabled?: boolean;
  /** Shown before the format buttons (the template editor's portrait/landscape toggle). */
  toolbarStart?: ReactNode;
  /** Shown after the subtitle colours (the template editor's Example Background Color). */
  extraColours?: ReactNode;
};

const COLOURS: { key: ColourKey; label: string }[] = [
  { key: 'primary', label: 'Primary Color' },
  { key: 'outline', label: 'Outline Color' },
  { key: 'shadow', label: 'Shadow Color' },
];

const ALIGNMENTS = Object.keys(ALIGNMENT_LABELS).map(Number);
const BORDER_STYLES = [1, 3] as const;
const selectMenu = { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } };

/**
 * The subtitle styling controls of SPEC 2.11, with the ranges of SPEC 3: format buttons, the
 * colour panel and every setting. Used by the template editor and the clip screen's Subtitles step.
 */
export function SubtitleStyleControls(props: SubtitleStyleControlsProps) {
  const { value, onChange, disabled } = props;
  const set = <K extends keyof DrawSettings>(key: K, next: DrawSettings[K]) =>
    onChange({ ...value, [key]: next });
  const range = (key: keyof typeof DRAW_SETTING_RANGES, label: string, unit?: string) => (
    <RangeField
      label={label}
      value={value[key]}
      range={DRAW_SETTING_RANGES[key]}
      onChange={(next) => set(key, next)}
      disabled={disabled}
      unit={unit}
    />
  );
  const verticalLabel = verticalPaddingLabel(value.alignment);

  return (
    <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {props.toolbarStart}
        <FormatToolbar value={value} onChange={onChange} disabled={disabled} />
      </Box>

      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ mb: 1.5 }}>
          Colors
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 250px), 1fr))',
          }}
        >
          {COLOURS.map(({ key, label }) => (
            <ColourField
              key={key}
              label={label}
              value={readColour(value, key)}
              withOpacity
              disabled={disabled}
              onChange={(colour) => onChange(writeColour(value, key, colour))}
            />
          ))}
          {props.extraColours}
        </Box>
      </Paper>

      <WordCaptionFields value={value} onChange={onChange} disabled={disabled} />

      <DrawBoundsAlert value={value} onChange={onChange} disabled={disabled} />

      <Box
        sx={{
          display: 'grid',
          columnGap: 3,
          rowGap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label="Font"
          value={value.font_name}
          disabled={disabled}
          onChange={(event) => set('font_name', event.target.value as FontName)}
          slotProps={{
            select: {
              ...selectMenu,
              onOpen: () => loadFontPreviews(FONT_NAMES),
              renderValue: (font) => (
                <span style={{ fontFamily: previewFamily(font as FontName) }}>{String(font)}</span>
              ),
            },
          }}
        >
          {FONT_NAMES.map((font) => (
            <MenuItem key={font} value={font} sx={{ fontFamily: previewFamily(font) }}>
              {font}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Alignment"
          value={value.alignment}
          disabled={disabled}
          onChange={(event) => set('alignment', Number(event.target.value))}
          slotProps={{ select: selectMenu }}
        >
          {ALIGNMENTS.map((alignment) => (
            <MenuItem key={alignment} value={alignment}>
              {ALIGNMENT_LABELS[alignment]}
            </MenuItem>
          ))}
        </TextField>
        {range('size', 'Size')}
        {range('spacing', 'Letter Spacing')}
        {range('margin_left', 'Left Padding')}
        {range('margin_right', 'Right Padding')}
        {verticalLabel ? range('margin_vertical', verticalLabel) : null}
        {range('angle', 'Angle', '°')}
        {range('scale_x', 'Scale Width', '%')}
        {range('scale_y', 'Scale Height', '%')}
        <TextField
          select
          size="small"
          label="Border Style"
          value={value.border_style}
          disabled={disabled}
          onChange={(event) => set('border_style', Number(event.target.value) === 3 ? 3 : 1)}
        >
          {BORDER_STYLES.map((style) => (
            <MenuItem key={style} value={style}>
              {BORDER_STYLE_LABELS[style]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          {(['outline', 'shadow'] as const).map((key) => (
            <TextField
              key={key}
              select
              size="small"
              label={key === 'outline' ? 'Outline' : 'Shadow'}
              value={value[key]}
              disabled={disabled}
              onChange={(event) => set(key, Number(event.target.value))}
            >
              {/* NOTE: a stored value between the choices (e.g. 1.5) stays selectable. */}
              {[...new Set([...OUTLINE_SHADOW_CHOICES, value[key]])]
                .sort((a, b) => a - b)
                .map((n) => (
                  <MenuItem key={n} value={n}>
                    {n}
                  </MenuItem>
                ))}
            </TextField>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
