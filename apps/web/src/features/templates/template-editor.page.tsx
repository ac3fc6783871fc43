import StayCurrentLandscapeRounded from '@mui/icons-material/StayCurrentLandscapeRounded';
import StayCurrentPortraitRounded from '@mui/icons-material/StayCurrentPortraitRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useReducer } from 'react';
import { useTemplates } from '../../api/templates.queries.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ColourField } from '../../components/subtitle-style/colour-field.tsx';
import { SubtitleStyleControls } from '../../components/subtitle-style/subtitle-style-controls.tsx';
import { ExamplePreview } from './example-preview.tsx';
import { TemplateEditorHeader } from './template-editor-header.tsx';
import {
  hasUnsavedChanges,
  initialTemplateEditorState,
  templateEditorReducer,
} from './template-editor.state.ts';
import { useExampleImage } from './use-example-image.ts';
import { useTemplateCommands } from './use-template-commands.ts';
import { exampleImageSize } from '../../lib/template-editor.rules.ts';

/** SPEC 2.11 and 4.5: the Subtitle Template Editor at /templates. */
export function TemplateEditorPage() {
  const [state, dispatch] = useReducer(templateEditorReducer, initialTemplateEditorState);
  const list = useTemplates();
  const templates = list.data ?? [];
  useEffect(() => {
    if (list.data) dispatch({ type: 'templates-loaded', templates: list.data });
  }, [list.data]);
  const commands = useTemplateCommands(state, dispatch, templates);
  const size = exampleImageSize(state.landscape);
  const example = useExampleImage({
    params: { settings: state.settings, ...size, background: state.background },
    enabled: state.loaded,
    immediateKey: `${state.selectedId ?? ''}|${String(state.landscape)}`,
  });
  const selected = templates.find((t) => t.id === state.selectedId);

  const orientation = (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={state.landscape ? 'landscape' : 'portrait'}
      aria-label="Example orientation"
      onChange={(_event, value: string | null) => {
        if (value) dispatch({ type: 'set-landscape', landscape: value === 'landscape' });
      }}
    >
      <ToggleButton value="portrait" aria-label="Portrait">
        <StayCurrentPortraitRounded fontSize="small" />
      </ToggleButton>
      <ToggleButton value="landscape" aria-label="Landscape">
        <StayCurrentLandscapeRounded fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );

  return (
    <>
      <PageHeader
        title="Subtitle Template Editor"
        subtitle="Style your subtitles once and use the style for every short clip"
      />
      <TemplateEditorHeader
        templates={templates}
        loadingTemplates={list.isPending}
        selectedId={state.selectedId}
        name={state.name}
        editingName={state.editingName}
        unsaved={hasUnsavedChanges(state, templates)}
        busy={commands.busy}
        onSelect={(id) =>
          dispatch({ type: 'select', template: templates.find((t) => t.id === id) ?? null })
        }
        onName={(name) => dispatch({ type: 'rename', name })}
        onEditName={() => dispatch({ type: 'edit-name', name: selected?.name })}
        onToggleEdit={() => dispatch({ type: 'toggle-edit' })}
        onCreate={commands.create}
        onSave={commands.save}
        onCreateNew={commands.createNew}
        onDelete={commands.remove}
      />
      {list.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Your templates could not be loaded.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: state.landscape ? 'minmax(0, 1.25fr) minmax(0, 1fr)' : 'auto minmax(0, 1fr)',
          },
        }}
      >
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 }, minWidth: 0 }}>
          <ExamplePreview url={example.url} loading={example.loading} landscape={state.landscape} />
        </Box>
        <SubtitleStyleControls
          value={state.settings}
          onChange={(settings) => dispatch({ type: 'change-settings', settings })}
          disabled={commands.busy !== null}
          toolbarStart={orientation}
          extraColours={
            <ColourField
              label="Example Background Color"
              value={state.background}
              disabled={commands.busy !== null}
              onChange={({ r, g, b }) =>
                dispatch({ type: 'change-background', background: { r, g, b } })
              }
            />
          }
        />
      </Box>
    </>
  );
}
