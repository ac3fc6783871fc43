import AddRounded from '@mui/icons-material/AddRounded';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  NO_EDITS_FOUND,
  NO_EDITS_YET_SUBTITLE,
  NO_EDITS_YET_TITLE,
} from '../../lib/job-list.rules.ts';

const frame = {
  display: 'grid',
  justifyItems: 'center',
  gap: 1.5,
  py: 8,
  px: 3,
  textAlign: 'center',
} as const;

export function NoEditsYet({ onCreate }: { onCreate: () => void }) {
  return (
    <Paper variant="outlined" sx={frame}>
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: 4,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(79, 70, 229, 0.08)',
          color: 'primary.main',
        }}
      >
        <MovieFilterOutlined fontSize="large" />
      </Box>
      <Typography variant="h6" component="h2">
        {NO_EDITS_YET_TITLE}
      </Typography>
      <Typography color="text.secondary">{NO_EDITS_YET_SUBTITLE}</Typography>
      <Button variant="contained" startIcon={<AddRounded />} onClick={onCreate} sx={{ mt: 1 }}>
        Edit a video
      </Button>
    </Paper>
  );
}

export function NoEditsFound() {
  return (
    <Paper variant="outlined" sx={frame}>
      <SearchOffRounded sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography color="text.secondary">{NO_EDITS_FOUND}</Typography>
    </Paper>
  );
}
