import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DEFAULT_DRAW_SETTINGS, MAX_WORDS_CHOICES } from '@roughcut/shared';
import type { LanguageOption, Template } from '@roughcut/shared';
import { Link as RouterLink } from 'react-router';

export const DEFAULT_STYLE = '';

type Props = {
  showShortForm: boolean;
  languages: readonly LanguageOption[];
  language: string;
  onLanguage: (code: string) => void;
  maxWords: number;
  onMaxWords: (words: number) => void;
  templates: readonly Template[];
  templateId: string;
  onTemplate: (id: string) => void;
  disabled: boolean;
};

const languageHelp = (languages: readonly LanguageOption[]): string => {
  if (languages.length <= 1) {
    const only = languages[0]?.name ?? 'English';
    return `${only} is the only language this server can transcribe.`;
  }
  return `This server can transcribe ${languages.length} languages: ${languages
    .map((l) => l.name)
    .join(', ')}.`;
};

/** SPEC 2.7 step 3: language; for short form also max words per phrase and style. */
export function ConfigureSection(props: Props) {
  const { languages, disabled } = props;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        select
        label="Select Language"
        value={props.language}
        onChange={(event) => props.onLanguage(event.target.value)}
        helperText={languageHelp(languages)}
        disabled={disabled}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        {languages.map((language) => (
          <MenuItem key={language.code} value={language.code}>
            {language.name} ({language.code})
          </MenuItem>
        ))}
      </TextField>
      {props.showShortForm ? (
        <>
          <TextField
            select
            label="Max words per phrase"
            value={props.maxWords}
            onChange={(event) => props.onMaxWords(Number(event.target.value))}
            helperText="How many words each subtitle shows at most."
            disabled={disabled}
          >
            {MAX_WORDS_CHOICES.map((words) => (
              <MenuItem key={words} value={words}>
                {words}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              select
              label="Select Style"
              value={props.templateId}
              onChange={(event) => props.onTemplate(event.target.value)}
              helperText="The subtitle style of the short clips."
              disabled={disabled}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={DEFAULT_STYLE}>{DEFAULT_DRAW_SETTINGS.font_name}</MenuItem>
              {props.templates.map((template) => (
                <MenuItem key={template.id} value={template.id}>
                  {template.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              component={RouterLink}
              to="/templates"
              variant="outlined"
              endIcon={<OpenInNewRounded />}
              sx={{ flexShrink: 0, height: 56 }}
            >
              Edit templates
            </Button>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
