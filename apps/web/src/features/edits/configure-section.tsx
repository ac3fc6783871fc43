import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import {
  MAX_WORDS_CHOICES,
  REMOVE_FILLERS_HELP,
  REMOVE_FILLERS_LABEL,
} from '../../lib/create-edit.rules.ts';
import type { ClipReframe, LanguageOption, Template } from '@roughcut/shared';
import { Link as RouterLink } from 'react-router';
import { ReframeToggle } from '../../components/reframe-toggle.tsx';
import { LanguageSelect } from './language-select.tsx';
import type { LanguagesStatus } from './language-options.ts';

export const DEFAULT_STYLE = '';

type Props = {
  showShortForm: boolean;
  languages: readonly LanguageOption[];
  languagesStatus: LanguagesStatus;
  language: string;
  onLanguage: (code: string) => void;
  maxWords: number;
  onMaxWords: (words: number) => void;
  removeFillers: boolean;
  onRemoveFillers: (remove: boolean) => void;
  reframe: ClipReframe;
  onReframe: (reframe: ClipReframe) => void;
  templates: readonly Template[];
  templateId: string;
  onTemplate: (id: string) => void;
  disabled: boolean;
};

/**
 * SPEC 2.7 step 3: language and (issue 22) filler removal; for short form also max words per
 * phrase, style and (issue 21) the framing every clip starts with.
 */
export function ConfigureSection(props: Props) {
  const { languages, disabled } = props;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <LanguageSelect
        languages={languages}
        status={props.languagesStatus}
        value={props.language}
        onChange={props.onLanguage}
        disabled={disabled}
      />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={props.removeFillers}
              onChange={(event) => props.onRemoveFillers(event.target.checked)}
              disabled={disabled}
            />
          }
          label={REMOVE_FILLERS_LABEL}
        />
        <FormHelperText sx={{ mt: 0, ml: 4 }}>{REMOVE_FILLERS_HELP}</FormHelperText>
      </Box>
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
          <ReframeToggle
            label="Vertical framing of short clips"
            value={props.reframe}
            onChange={props.onReframe}
            disabled={disabled}
          />
        </>
      ) : null}
    </Box>
  );
}
