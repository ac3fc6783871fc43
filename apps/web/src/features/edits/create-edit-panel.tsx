import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CREATE_PANEL_WIDTH_PX, DEFAULT_LANGUAGE, DEFAULT_CLIP_REFRAME } from '@roughcut/shared';
import {
  DEFAULT_MAX_WORDS_CHOICE,
  DEFAULT_REMOVE_FILLERS,
  STEP_LABELS,
  createPanelSections,
  generateDefaultEditName,
} from '../../lib/create-edit.rules.ts';
import type { ClipReframe, EditOptions } from '@roughcut/shared';
import { useState } from 'react';
import { useLanguages } from '../../api/autojobs.queries.ts';
import { useTemplates } from '../../api/templates.queries.ts';
import { ConfigureSection, DEFAULT_STYLE } from './configure-section.tsx';
import { CreateProgress } from './create-progress.tsx';
import { offeredLanguages } from './language-options.ts';
import { NumberedSection } from './numbered-section.tsx';
import { useStartEdit } from './use-start-edit.ts';
import { VideoDropZone } from './video-drop-zone.tsx';

/** SPEC 2.7 and 4.2: the create-edit side panel. Mounted only while open, so it starts fresh. */
export function CreateEditPanel({ onClose }: { onClose: () => void }) {
  const { starting, stage, progress, start } = useStartEdit();
  const languagesQuery = useLanguages();
  const [name, setName] = useState(() => generateDefaultEditName());
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<EditOptions>({ longForm: false, shortForm: false });
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [maxWords, setMaxWords] = useState(DEFAULT_MAX_WORDS_CHOICE);
  const [templateId, setTemplateId] = useState(DEFAULT_STYLE);
  const [removeFillers, setRemoveFillers] = useState(DEFAULT_REMOVE_FILLERS);
  const [reframe, setReframe] = useState<ClipReframe>(DEFAULT_CLIP_REFRAME);
  const sections = createPanelSections(options);
  const templates = useTemplates(sections.showShortFormSettings);
  const languages = offeredLanguages(languagesQuery.data?.languages, languagesQuery.isError);

  const toggle = (key: keyof EditOptions) => setOptions((o) => ({ ...o, [key]: !o[key] }));
  const startDraft = () =>
    start({ name, file, options, language, maxWords, removeFillers, reframe, templateId });

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
          <NumberedSection number={1} title="Please upload a video to edit">
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
          </NumberedSection>
          <NumberedSection number={2} title="How would you like to edit your video?">
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
          </NumberedSection>
          {sections.showConfigure ? (
            <NumberedSection number={3} title="Configure how your video will edit">
              <ConfigureSection
                showShortForm={sections.showShortFormSettings}
                languages={languages.languages}
                languagesStatus={languages.status}
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
            </NumberedSection>
          ) : null}
        </Box>
        <Divider />
        <Box sx={{ px: 3, py: 2, display: 'grid', gap: 1.5 }}>
          {starting && stage !== null ? (
            <CreateProgress stage={stage} file={file} progress={progress} />
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
            <Button onClick={onClose} disabled={starting}>
              Close
            </Button>
            <Button
              variant="contained"
              onClick={() => void startDraft()}
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
