import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { DrawSettings } from '@roughcut/shared';
import type { ReactNode } from 'react';

type FormatKey = 'bold' | 'italic' | 'underline' | 'strike_out';

const FORMATS: { key: FormatKey; label: string; icon: ReactNode }[] = [
  { key: 'bold', label: 'Bold', icon: <FormatBold /> },
  { key: 'italic', label: 'Italic', icon: <FormatItalic /> },
  { key: 'underline', label: 'Underline', icon: <FormatUnderlined /> },
  { key: 'strike_out', label: 'Strikeout', icon: <FormatStrikethrough /> },
];

type Props = {
  value: DrawSettings;
  onChange: (next: DrawSettings) => void;
  disabled?: boolean;
};

/** SPEC 2.11 formatting toolbar: bold, italic, underline and strikeout, each on or off. */
export function FormatToolbar({ value, onChange, disabled }: Props) {
  const active = FORMATS.filter((f) => value[f.key]).map((f) => f.key);
  return (
    <ToggleButtonGroup
      size="small"
      value={active}
      disabled={disabled}
      aria-label="Text format"
      onChange={(_event, next: FormatKey[]) =>
        onChange({
          ...value,
          bold: next.includes('bold'),
          italic: next.includes('italic'),
          underline: next.includes('underline'),
          strike_out: next.includes('strike_out'),
        })
      }
    >
      {FORMATS.map((format) => (
        <ToggleButton key={format.key} value={format.key} aria-label={format.label}>
          <Tooltip title={format.label}>
            <span style={{ display: 'inline-flex' }}>{format.icon}</span>
          </Tooltip>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
