import CenterFocusStrongRounded from '@mui/icons-material/CenterFocusStrongRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import RestoreFromTrashRounded from '@mui/icons-material/RestoreFromTrashRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import ZoomInRounded from '@mui/icons-material/ZoomInRounded';
import ZoomOutRounded from '@mui/icons-material/ZoomOutRounded';
import ZoomOutMapRounded from '@mui/icons-material/ZoomOutMapRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { TIMELINE_MAX_ZOOM, TIMELINE_MIN_ZOOM } from '@roughcut/shared';
import { viewingLabel, zoomLabel, type Viewport } from './timeline.rules.ts';

type Props = {
  view: Viewport;
  editable: boolean;
  canUndoDelete: boolean;
  canUndo: boolean;
  /** Zoom buttons for touch screens and the keyboard: +1 in, -1 out. */
  onZoom: (direction: 1 | -1) => void;
  onCenter: () => void;
  onResetZoom: () => void;
  onUndoDelete: () => void;
  onUndo: () => void;
  /** The selected gap's times on the clip's clock, or null when none is selected. */
  selected: string | null;
  /** Deletes the selected gap (issue 33: touch has no Ctrl+click). */
  onDeleteSelected: () => void;
};

/**
 * SPEC 2.12: Center on Playhead, Reset Zoom, Undo Delete, the Zoom and "Viewing" labels; and
 * issue 33's Delete gap for the selected gap.
 */
export function TimelineToolbar(props: Props) {
  const { view } = props;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        mb: 1,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 0.5,
          flexWrap: 'wrap',
          flexGrow: 1,
          minWidth: 0,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
          <IconButton
            size="small"
            aria-label="Zoom out"
            onClick={() => props.onZoom(-1)}
            disabled={view.zoom <= TIMELINE_MIN_ZOOM}
          >
            <ZoomOutRounded fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label="Zoom in"
            onClick={() => props.onZoom(1)}
            disabled={view.zoom >= TIMELINE_MAX_ZOOM}
          >
            <ZoomInRounded fontSize="small" />
          </IconButton>
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="timeline-zoom">
          Zoom{' '}
          <Box
            component="strong"
            sx={{ color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}
          >
            {zoomLabel(view.zoom)}
          </Box>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="timeline-viewing"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {viewingLabel(view)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<CenterFocusStrongRounded />} onClick={props.onCenter}>
          Center on Playhead
        </Button>
        <Button
          size="small"
          startIcon={<ZoomOutMapRounded />}
          onClick={props.onResetZoom}
          disabled={view.zoom === 1 && view.viewportStart === 0}
        >
          Reset Zoom
        </Button>
        {props.editable ? (
          <>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={props.onDeleteSelected}
              disabled={props.selected === null}
              aria-label={
                props.selected === null
                  ? 'Delete gap (select a gap first)'
                  : `Delete the selected gap, ${props.selected}`
              }
              title="Delete the selected gap (Delete key); tap or click a gap to select it"
            >
              Delete gap
            </Button>
            <Button
              size="small"
              startIcon={<RestoreFromTrashRounded />}
              onClick={props.onUndoDelete}
              disabled={!props.canUndoDelete}
            >
              Undo Delete
            </Button>
            <Button
              size="small"
              startIcon={<UndoRounded />}
              onClick={props.onUndo}
              disabled={!props.canUndo}
              title="Undo the last edit (Ctrl+Z)"
            >
              Undo
            </Button>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
