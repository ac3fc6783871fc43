import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ContentCutRounded from '@mui/icons-material/ContentCutRounded';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { STEP_LABELS } from '../../lib/create-edit.rules.ts';
import type { StepType } from '@roughcut/shared';
import type { ReactNode } from 'react';

export const STEP_BLURBS: Record<StepType, string> = {
  'optimised-long-form': 'The whole video with its speech gaps compressed.',
  'short-form-clips':
    'Short engaging clips with gaps compressed, subtitles added, resized to portrait.',
};

export const STEP_ICONS: Record<StepType, ReactNode> = {
  'optimised-long-form': <ContentCutRounded />,
  'short-form-clips': <SmartphoneRounded />,
};

type Props = {
  choices: readonly StepType[];
  selected: StepType | null;
  onSelect: (step: StepType) => void;
};

/** Selectable step cards of the Add Step and Delete Step popups. */
export function StepCards({ choices, selected, onSelect }: Props) {
  return (
    <Box role="radiogroup" sx={{ display: 'grid', gap: 1.5 }}>
      {choices.map((step) => {
        const active = step === selected;
        return (
          <ButtonBase
            key={step}
            role="radio"
            aria-checked={active}
            onClick={() => onSelect(step)}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              justifyContent: 'flex-start',
              gap: 1.5,
              p: 2,
              borderRadius: 3,
              textAlign: 'left',
              border: '1.5px solid',
              borderColor: active ? 'primary.main' : 'divider',
              bgcolor: active ? 'rgba(79, 70, 229, 0.06)' : 'background.paper',
            }}
          >
            <Box sx={{ color: active ? 'primary.main' : 'text.secondary', mt: 0.25 }}>
              {STEP_ICONS[step]}
            </Box>
            <Box sx={{ flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 650 }}>{STEP_LABELS[step]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {STEP_BLURBS[step]}
              </Typography>
            </Box>
            {active ? <CheckCircleRounded color="primary" /> : null}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
