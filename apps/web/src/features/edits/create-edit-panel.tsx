import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CREATE_PANEL_WIDTH_PX,
  DEFAULT_LANGUAGE,
  DEFAULT_MAX_WORDS_CHOICE,
  DEFAULT_CLIP_REFRAME,
  DEFAULT_REMOVE_FILLERS,
  STEP_LABELS,
  TRIAL_EXHAUSTED_MESSAGE,
  appPaths,
  createPanelSections,
  generateDefaultEditName,
  isTrialExhausted,
  validateCreateEdit,
} from '@roughcut/shared';
import type { ClipReframe, EditOptions } from '@roughcut/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../../api/account.queries.ts';
import { describeError, isClientError } from '../../api/api-error.ts';
import { autojobsApi } from '../../api/autojobs.api.ts';
import { retryWhileUnreachable } from '../../api/retry-while-unreachable.ts';
import { sendVideo } from '../../api/upload-sessions.ts';
import { notMp4Reason } from '../../lib/file-fingerprint.ts';
import { useLanguages } from '../../api/autojobs.queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useTemplates } from '../../api/templates.queries.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { ConfigureSection, DEFAULT_STYLE } from './configure-section.tsx';
import { runCreateFlow } from './create-flow.ts';
import { ALL_LANGUAGES } from './language-options.ts';
import type { LanguagesStatus } from './language-select.tsx';
import type { CreateFlowStage } from './create-flow.ts';
import {
  uploadDetailOf,
  uploadProgressLabel,
  uploadProgressPercent,
} from '../../lib/upload-progress.rules.ts';
import type { UploadProgress } from '../../lib/upload-progress.rules.ts';
import { VideoDropZone } from './video-drop-zone.tsx';

const STAGE_TEXT: Record<CreateFlowStage, string> = {
  creating: 'Creating the edit...',
  configuring: 'Saving the settings...',
  uploading: 'Uploading...',
  starting: 'Starting the edit...',
};

function Section({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: 14,
            flexShrink: 0,
          }}
        >
          {number}
        </Box>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
      </Box>
      <Box sx={{ pl: { sm: 5.5 } }}>{children}</Box>
    </Box>
  );
}

/** SPEC 2.7 and 4.2: the create-edit side panel. Mounted only while open, so it starts fresh. */
export function CreateEditPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount();
  const languagesQuery = useLanguages();
  const [name, setName] = useState(() => generateDefaultEditName());
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<EditOptions>({ longForm: false, shortForm: false });
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [maxWords, setMaxWords] = useState(DEFAULT_MAX_WORDS_CHOICE);
  const [templateId, setTemplateId] = useState(DEFAULT_STYLE);
  const [removeFillers, setRemoveFillers] = useState(DEFAULT_REMOVE_FILLERS);
  const [reframe, setReframe] = useState<ClipReframe>(DEFAULT_CLIP_REFRAME);
  const [starting, setStarting] = useState(false);
  const [stage, setStage] = useState<CreateFlowStage | null>(null);
  const [progress, setProgress] = useState<UploadProgress>({ loaded: 0, total: 0 });
  const sections = createPanelSections(options);
  const templates = useTemplates(sections.showShortFormSettings);
  const known = languagesQuery.data?.languages.length ? languagesQuery.data.languages : null;
  const languages = known ?? ALL_LANGUAGES;
  const languagesStatus: LanguagesStatus = known
    ? 'known'
    : languagesQuery.isError
      ? 'failed'
      : 'checking';

  const start = async () => {
    if (starting) return;
    const problem = validateCreateEdit({ name, file, options });
    if (problem !== null || file === null) {
      showAlert(problem ?? 'Please upload a video file first');
      return;
    }
    if (account.data && isTrialExhausted(account.data)) {
      showAlert(TRIAL_EXHAUSTED_MESSAGE);
      return;
    }
    // NOTE: the file's own bytes decide, before anything is made: a name ending in .mp4 says
    // nothing of what a file is.
    const notVideo = await notMp4Reason(file);
    if (notVideo !== undefined) {
      showAlert(notVideo);
      return;
    }
    setStarting(true);
    const result = await runCreateFlow(
      {
        name,
        file,
        options,
        language,
        maxWordsInPhrase: maxWords,
        removeFillers,
        reframe,
        templateId: templateId === DEFAULT_STYLE ? null : templateId,
      },
      {
        create: autojobsApi.create,
        update: autojobsApi.update,
        upload: (id, video, onProgress) =>
          sendVideo(id, video, { startWhenDone: true, onProgress }),
        // NOTE: the video is all there by now: a server restarting is waited for, not an error.
        start: (id) =>
          retryWhileUnreachable(async () => {
            const job = await autojobsApi.get(id);
            if (job.status === 'created') await autojobsApi.start(id);
          }),
        remove: autojobsApi.remove,
        isRefusal: isClientError,
      },
      { onStage: setStage, onProgress: setProgress },
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.autojobs });
    if (result.ok) {
      await navigate(appPaths.job(result.jobId));
      return;
    }
    // SPEC 4.2 and 8: alert the err, reload the page and clear the Start spinner.
    showAlert(
      describeError(result.error, 'There was an issue creating your edit, please try again'),
    );
    setStarting(false);
    setStage(null);
    window.location.reload();
  };

  const toggle = (key: keyof EditOptions) => setOptions((o) => ({ ...o, [key]: !o[key] }));

  return (
    <Drawer
      anchor="right"
      open
      onClose={() => {
        if (!starting) onClose();
      }}
      slotProps={{
        paper: {
          sx: {
            width: { xs: '100%', md: CREATE_PANEL_WIDTH_PX },
            maxWidth: '100%',
            borderRadius: 0,
          },
          'aria-label': 'Create a video edit',
        },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h5" component="h2">
              Edit a video
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Upload a talking video and choose how Roughcut should edit it.
            </Typography>
          </Box>
          <IconButton aria-label="Close panel" onClick={onClose} disabled={starting}>
            <CloseRounded />
          </IconButton>
        </Box>
        <Divider />
        <Box
          sx={{
            flexGrow: 1,
            overflowY: 'auto',
            px: 3,
            py: 3,
            display: 'grid',
            gap: 4,
            alignContent: 'start',
          }}
        >
          <Section number={1} title="Please upload a video to edit">
            <Box sx={{ display: 'grid', gap: 2 }}>
              <TextField
                label="Name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                disabled={starting}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <VideoDropZone file={file} onFile={setFile} disabled={starting} />
            </Box>
          </Section>
          <Section number={2} title="How would you like to edit your video?">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 0, sm: 3 } }}>
              <FormControlLabel
                control={
                  <Checkbox checked={options.longForm} onChange={() => toggle('longForm')} />
                }
                label={STEP_LABELS['optimised-long-form']}
                disabled={starting}
              />
              <FormControlLabel
                control={
                  <Checkbox checked={options.shortForm} onChange={() => toggle('shortForm')} />
                }
                label={STEP_LABELS['short-form-clips']}
                disabled={starting}
              />
            </Box>
          </Section>
          {sections.showConfigure ? (
            <Section number={3} title="Configure how your video will edit">
              <ConfigureSection
                showShortForm={sections.showShortFormSettings}
                languages={languages}
                languagesStatus={languagesStatus}
                language={language}
                onLanguage={setLanguage}
                maxWords={maxWords}
                onMaxWords={setMaxWords}
                removeFillers={removeFillers}
                onRemoveFillers={setRemoveFillers}
                reframe={reframe}
                onReframe={setReframe}
                templates={templates.data ?? []}
                templateId={templateId}
                onTemplate={setTemplateId}
                disabled={starting}
              />
            </Section>
          ) : null}
        </Box>
        <Divider />
        <Box sx={{ px: 3, py: 2, display: 'grid', gap: 1.5 }}>
          {starting && stage !== null ? (
            <Box data-testid="create-progress">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
                {stage === 'uploading' && file
                  ? uploadProgressLabel(file.name, progress)
                  : STAGE_TEXT[stage]}
              </Typography>
              {stage === 'uploading' && progress.state === 'reconnecting' ? (
                <Typography variant="body2" color="warning.main" sx={{ mb: 0.75 }}>
                  {uploadDetailOf(progress)}
                </Typography>
              ) : null}
              <LinearProgress
                variant={
                  stage === 'uploading' && progress.total > 0 ? 'determinate' : 'indeterminate'
                }
                value={uploadProgressPercent(progress)}
              />
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
            <Button onClick={onClose} disabled={starting}>
              Close
            </Button>
            <Button
              variant="contained"
              onClick={() => void start()}
              disabled={starting}
              startIcon={starting ? <CircularProgress size={16} color="inherit" /> : null}
              sx={{ minWidth: 120 }}
            >
              Start
            </Button>
          </Box>
        </Box>
      </Box>
    </Drawer>
  );
}
