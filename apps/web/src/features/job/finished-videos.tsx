import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Asset, AutoJob } from '@roughcut/shared';
import { useAssetUrl } from '../../api/assets.queries.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { useDownload } from './use-download.ts';

function FinishedVideo({
  job,
  asset,
  downloading,
  onDownload,
}: {
  job: AutoJob;
  asset: Asset;
  downloading: boolean;
  onDownload: () => void;
}) {
  const url = useAssetUrl(job.id, asset.id);
  return (
    <Card
      component="article"
      sx={{ p: 2.5, display: 'grid', gap: 1.5, alignContent: 'start' }}
      data-testid="finished-video"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {asset.name}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          aria-label={`Download ${asset.name}`}
          startIcon={
            downloading ? <CircularProgress size={14} color="inherit" /> : <DownloadRounded />
          }
          onClick={onDownload}
        >
          Save
        </Button>
      </Box>
      <Box
        sx={{
          bgcolor: '#0b0f19',
          borderRadius: 3,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          height: 420,
        }}
      >
        {url.data ? (
          <Box
            component="video"
            src={url.data}
            controls
            preload="metadata"
            playsInline
            aria-label={asset.name}
            sx={{ maxWidth: '100%', maxHeight: '100%', display: 'block' }}
          />
        ) : (
          <CircularProgress size={28} sx={{ color: 'rgba(255,255,255,0.7)' }} />
        )}
      </Box>
    </Card>
  );
}

/** SPEC 2.9 finished: the edited videos' names, players and the Download button. */
export function FinishedVideos({
  job,
  videos,
}: {
  job: AutoJob;
  videos: readonly Asset[] | undefined;
}) {
  const { download, busy } = useDownload(job.id, job.name);
  if (videos === undefined) return <CenteredSpinner label="Loading..." />;
  if (videos.length === 0) {
    return (
      <Typography color="text.secondary">No finished videos were found for this edit.</Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2">
            Your edited {videos.length === 1 ? 'video is' : 'videos are'} ready
          </Typography>
          <Typography color="text.secondary">
            {videos.length === 1
              ? videos[0]?.name
              : `${videos.length} videos, downloaded together as one .zip file.`}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="large"
          startIcon={
            busy === 'all' ? <CircularProgress size={16} color="inherit" /> : <DownloadRounded />
          }
          onClick={() => void download()}
        >
          Download
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {videos.map((asset) => (
          <FinishedVideo
            key={asset.id}
            job={job}
            asset={asset}
            downloading={busy === asset.id}
            onDownload={() => void download(asset.id)}
          />
        ))}
      </Box>
    </Box>
  );
}
