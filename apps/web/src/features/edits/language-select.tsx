import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { LanguageOption } from '@roughcut/shared';
import type { ReactNode } from 'react';
import { groupLanguages, languageHelp } from './language-options.ts';
import type { LanguagesStatus } from './language-options.ts';

const STATUS_HELP: Record<Exclude<LanguagesStatus, 'known'>, string> = {
  checking: 'Checking which languages this server can transcribe...',
  failed:
    'Could not check which languages this server can transcribe; a job in one it lacks fails saying so.',
};

/**
 * A group's heading in the menu. NOTE: Select gives each child role="option" and click handlers;
 * the heading drops them, so it is neither announced nor picked as a language.
 */
function GroupHeading({ children }: { children: ReactNode }) {
  return (
    <ListSubheader
      role="presentation"
      sx={{ lineHeight: 1.35, py: 1, whiteSpace: 'normal', fontWeight: 650 }}
    >
      {children}
    </ListSubheader>
  );
}

type Props = {
  languages: readonly LanguageOption[];
  /** Until the server has said what it can transcribe, every language is offered. */
  status: LanguagesStatus;
  value: string;
  onChange: (code: string) => void;
  disabled: boolean;
};

/**
 * SPEC 2.7 and 5 "Select Language": every listed language with its name beside its code. Those no
 * installed engine can transcribe are disabled, under a heading that says what enables them.
 */
export function LanguageSelect({ languages, status, value, onChange, disabled }: Props) {
  const names = new Map(languages.map((l) => [l.code, l.name]));
  const items = groupLanguages(languages).flatMap((group) => [
    <GroupHeading key={`group-${group.needs ?? 'available'}`}>
      {group.needs ?? 'Available on this server'}
    </GroupHeading>,
    ...group.languages.map((language) => (
      <MenuItem
        key={language.code}
        value={language.code}
        disabled={!language.available}
        aria-description={language.needs ?? undefined}
      >
        <Box component="span" sx={{ flexGrow: 1 }}>
          {language.name}
        </Box>
        <Box
          component="span"
          sx={{ ml: 2, color: 'text.secondary', fontFamily: 'monospace', fontSize: 13 }}
        >
          {language.code}
        </Box>
      </MenuItem>
    )),
  ]);
  return (
    <TextField
      select
      label="Select Language"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={status === 'known' ? languageHelp(languages) : STATUS_HELP[status]}
      disabled={disabled}
      slotProps={{
        select: {
          renderValue: (code) => `${names.get(String(code)) ?? String(code)} (${String(code)})`,
          MenuProps: {
            slotProps: { paper: { sx: { maxHeight: 380, maxWidth: 'calc(100% - 32px)' } } },
          },
        },
      }}
    >
      {items}
    </TextField>
  );
}
