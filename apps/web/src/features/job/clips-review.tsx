import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { sortClipsByEngagement } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { ClipCard } from './clip-card.tsx';
import { AWAITING_CONFIRMATION_BANNER } from '../../lib/status-labels.rules.ts';

type Props = {
  clips: readonly Clip[] | undefined;
  videoUrl: string | undefined;
  busyClipId: string | null;
  onConfirm: (clip: Clip) => void;
  onUnconfirm: (clip: Clip) => void;
  onEdit: (clip: Clip) => void;
};

/** SPEC 2.9 awaiting confirmation: the banner, the advice and the clip cards, best first. */
export function ClipsReview({
  clips,
  videoUrl,
  busyClipId,
  onConfirm,
  onUnconfirm,
  onEdit,
}: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Alert
        severity="warning"
        variant="outlined"
        sx={{ bgcolor: '#fffbeb' }}
        data-testid="awaiting-banner"
      >
        <AlertTitle sx={{ fontWeight: 650, mb: 0.75 }}>{AWAITING_CONFIRMATION_BANNER}</AlertTitle>
        <Typography variant="body2" color="text.secondary">
          Not happy with the clips found? Cancel the edit from the 3 dots menu and Start it again to
          re-detect the segments, or Edit a clip to fine-tune its speech gaps and subtitles
          manually.
        </Typography>
      </Alert>
      {clips === undefined ? (
        <CenteredSpinner label="Loading..." />
      ) : clips.length === 0 ? (
        <Typography color="text.secondary">No clips were found in this video.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
            alignItems: 'stretch',
          }}
        >
          {sortClipsByEngagement(clips).map((clip) => (
            <Box
              key={clip.id}
              sx={{ gridColumn: clip.is_long_form ? '1 / -1' : 'auto', minWidth: 0 }}
            >
              <ClipCard
                clip={clip}
                videoUrl={videoUrl}
                busy={busyClipId === clip.id}
                onConfirm={onConfirm}
                onUnconfirm={onUnconfirm}
                onEdit={onEdit}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
