import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { TEMPLATE_NAME_MAX_LENGTH } from '@roughcut/shared';
import type { Template } from '@roughcut/shared';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  TEMPLATE_PLACEHOLDER_LABEL,
  templateHeaderButtons,
} from '../../lib/template-editor.rules.ts';

export type TemplateEditorBusy = 'creating' | 'saving' | 'deleting' | null;

type Props = {
  templates: readonly Template[];
  loadingTemplates: boolean;
  selectedId: string | null;
  name: string;
  editingName: boolean;
  unsaved: boolean;
  busy: TemplateEditorBusy;
  onSelect: (id: string | null) => void;
  onName: (name: string) => void;
  onEditName: () => void;
  onToggleEdit: () => void;
  onCreate: () => void;
  onSave: () => void;
  onCreateNew: () => void;
  onDelete: () => void;
};

const spinner = <CircularProgress size={16} color="inherit" />;

/**
 * SPEC 2.11's top row: Back, the template selector or the name box, Toggle Edit, the pencil,
 * Create (no templates) or Save, and the menu with Create New Template and Delete.
 */
export function TemplateEditorHeader(props: Props) {
  const { templates, busy, editingName } = props;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const nameId = useId();
  const buttons = templateHeaderButtons({ templateCount: templates.length, editingName });
  const working = busy !== null;
  const closeMenuThen = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        mb: 3,
      }}
    >
      <Button component={RouterLink} to="/edits" startIcon={<ArrowBackRounded />} color="inherit">
        Back
      </Button>
      <Box sx={{ flex: '1 1 240px', maxWidth: 420, minWidth: 0 }}>
        {editingName ? (
          <TextField
            id={nameId}
            size="small"
            label="Template"
            placeholder="Enter name"
            value={props.name}
            autoFocus
            disabled={working}
            onChange={(event) => props.onName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (buttons.showCreate) props.onCreate();
              else props.onSave();
            }}
            slotProps={{ htmlInput: { maxLength: TEMPLATE_NAME_MAX_LENGTH } }}
          />
        ) : (
          <TextField
            select
            size="small"
            label="Template"
            value={props.selectedId ?? ''}
            disabled={working || props.loadingTemplates}
            onChange={(event) =>
              props.onSelect(event.target.value === '' ? null : event.target.value)
            }
            slotProps={{
              select: {
                displayEmpty: true,
                MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } },
              },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">{TEMPLATE_PLACEHOLDER_LABEL}</MenuItem>
            {templates.map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {buttons.showToggleEdit ? (
        <Link component="button" type="button" variant="body2" onClick={props.onToggleEdit}>
          Toggle Edit
        </Link>
      ) : null}
      <Tooltip title="Edit the name">
        <span>
          <IconButton aria-label="Edit name" onClick={props.onEditName} disabled={working}>
            <EditOutlined />
          </IconButton>
        </span>
      </Tooltip>
      {buttons.showCreate ? (
        <Button
          variant="contained"
          onClick={props.onCreate}
          disabled={working}
          startIcon={busy === 'creating' ? spinner : undefined}
        >
          Create
        </Button>
      ) : null}
      {buttons.showSave ? (
        <Button
          variant="contained"
          onClick={props.onSave}
          disabled={working}
          startIcon={busy === 'saving' ? spinner : undefined}
        >
          Save
        </Button>
      ) : null}
      {props.unsaved ? (
        <Chip size="small" label="Unsaved changes" color="warning" variant="outlined" />
      ) : null}
      {props.loadingTemplates ? (
        <CircularProgress size={20} aria-label="Loading templates" />
      ) : null}
      <IconButton
        aria-label="Template menu"
        aria-haspopup="menu"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        disabled={working}
        sx={{ ml: 'auto' }}
      >
        {busy === 'deleting' ? <CircularProgress size={20} /> : <MoreVertRounded />}
      </IconButton>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={closeMenuThen(props.onCreateNew)}>Create New Template</MenuItem>
        <MenuItem onClick={closeMenuThen(props.onDelete)} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </Box>
  );
}
