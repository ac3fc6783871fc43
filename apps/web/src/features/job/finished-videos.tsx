import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PREVIEW_HEIGHT_PX } from '@roughcut/shared';
import type { Asset, AutoJob } from '@roughcut/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { useAssetUrl } from '../../api/assets.queries.ts';
import { exportsApi } from '../../api/exports.api.ts';
import { useMediaSource } from '../../api/use-media-source.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { refusedVideoNotice } from './refused-video.ts';
import { useDownload } from './use-download.ts';

type Shape = 'portrait' | 'landscape';

const VIDEO_UNAVAILABLE_FALLBACK = 'This video could not be loaded. Please try again.';

function FinishedVideo({
  job,
  asset,
  downloading,
  onDownload,
  onShape,
}: {
  job: AutoJob;
  asset: Asset;
  downloading: boolean;
  onDownload: () => void;
  onShape: (shape: Shape) => void;
}) {
  const url = useAssetUrl(job.id, asset.id);
  const media = useMediaSource(url.data);
  const [loaded, setLoaded] = useState(false);
  // NOTE: a refused link (a trial with no edit left for a run not yet counted) ends the loading;
  // a failed renewal of a link already playing does not stop it.
  const refused =
    url.isError && url.data === undefined
      ? refusedVideoNotice(describeError(url.error, VIDEO_UNAVAILABLE_FALLBACK))
      : null;
  return (
    <Card
      component="article"
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'grid',
        gap: 1.5,
        alignContent: 'start',
        height: '100%',
      }}
      data-testid="finished-video"
    >
      {/* NOTE: the buttons wrap under a long name in a narrow (portrait) card, not squeeze it. */}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography
          variant="h6"
          component="h3"
          sx={{
            flex: '1 1 12rem',
            minWidth: 0,
            overflowWrap: 'anywhere',
            fontSize: { xs: 17, sm: 20 },
          }}
        >
          {asset.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
          {asset.clip_id && job.latest_job_instance_id ? (
            <ExportMenu
              subject={asset.name}
              size="small"
              variant="text"
              fallbackName={asset.name.replace(/\.mp4$/i, '')}
              onExport={(format, request) =>
                exportsApi.clip(
                  {
                    jobId: job.id,
                    instanceId: job.latest_job_instance_id ?? '',
                    clipId: asset.clip_id ?? '',
                  },
                  format,
                  request,
                )
              }
            />
          ) : null}
          <Button
            size="small"
            variant="outlined"
            aria-label={`Download ${asset.name}`}
            startIcon={
              downloading ? <CircularProgress size={14} color="inherit" /> : <DownloadRounded />
            }
            onClick={onDownload}
            sx={{ flexShrink: 0 }}
          >
            Save
          </Button>
        </Box>
      </Box>
      <Box
        data-testid="finished-video-frame"
        sx={{
          position: 'relative',
          display: 'grid',
          placeItems: 'center',
          // NOTE: until the video knows its size, keep the preview height so nothing jumps twice.
          minHeight: loaded || refused ? 0 : PREVIEW_HEIGHT_PX,
        }}
      >
        {media.src ? (
          <Box
            component="video"
            // NOTE: a render whose first frame is stamped just after 0 shows nothing at 0 until
            // played; starting a millisecond in shows it as the poster.
            src={`${media.src}#t=0.001`}
            controls
            preload="metadata"
            playsInline
            aria-label={asset.name}
            onError={media.onError}
            onLoadedData={media.onLoadedData}
            onLoadedMetadata={(event) => {
              media.onLoadedMetadata(event);
              const video = event.currentTarget;
              setLoaded(true);
              onShape(video.videoWidth > video.videoHeight ? 'landscape' : 'portrait');
            }}
            // NOTE: with width and height auto, the max sizes scale the video's own size down
            // keeping its ratio: a portrait clip 500 px high, long form as wide as the card allows.
            sx={{
              display: 'block',
              width: 'auto',
              height: 'auto',
              maxWidth: '100%',
              maxHeight: PREVIEW_HEIGHT_PX,
              bgcolor: '#0b0f19',
              borderRadius: 3,
            }}
          />
        ) : null}
        {refused ? (
          <Box
            role="alert"
            data-testid="finished-video-refused"
            sx={{
              width: '100%',
              minHeight: { xs: 240, sm: PREVIEW_HEIGHT_PX },
              display: 'grid',
              placeItems: 'center',
              alignContent: 'center',
              gap: 1.5,
              p: 3,
              textAlign: 'center',
              bgcolor: '#f8fafc',
              border: '1px dashed',
              borderColor: 'divider',
              borderRadius: 3,
            }}
          >
            <Typography sx={{ fontWeight: 600, maxWidth: 320 }}>{refused.message}</Typography>
            {refused.upgrade ? (
              <Button component={RouterLink} to="/account/billing" variant="contained">
                Upgrade
              </Button>
            ) : (
              <Button variant="outlined" onClick={() => void url.refetch()}>
                Try again
              </Button>
            )}
          </Box>
        ) : null}
        {!loaded && !refused ? (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#0b0f19',
              borderRadius: 3,
            }}
          >
            <CircularProgress size={28} sx={{ color: 'rgba(255,255,255,0.7)' }} />
          </Box>
        ) : null}
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
  // Landscape videos (the long form) take a whole row, like their clip card did.
  const [shapes, setShapes] = useState<Record<string, Shape>>({});
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
        <ExportMenu
          subject="the edit"
          size="large"
          fallbackName={job.name}
          onExport={(format, request) => exportsApi.edit(job.id, format, request)}
        />
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
          <Box
            key={asset.id}
            sx={{ minWidth: 0, gridColumn: shapes[asset.id] === 'landscape' ? '1 / -1' : 'auto' }}
          >
            <FinishedVideo
              job={job}
              asset={asset}
              downloading={busy === asset.id}
              onDownload={() => void download(asset.id)}
              onShape={(shape) => setShapes((known) => ({ ...known, [asset.id]: shape }))}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
