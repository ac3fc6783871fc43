import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

type Props = { url: string | null; loading: boolean; landscape: boolean };

/**
 * SPEC 2.11: the black preview area with the server-drawn example image, or a spinner while it
 * loads. The last image stays (dimmed) under the spinner so a drag does not flash black.
 */
export function ExamplePreview({ url, loading, landscape }: Props) {
  return (
    <Box
      data-testid="example-preview"
      aria-busy={loading}
      sx={{
        position: 'relative',
        bgcolor: '#000',
        borderRadius: 2,
        overflow: 'hidden',
        mx: 'auto',
        aspectRatio: landscape ? '16 / 9' : '9 / 16',
        ...(landscape
          ? { width: '100%' }
          : { height: { xs: '62vh', md: 'min(calc(100vh - 230px), 760px)' }, maxWidth: '100%' }),
      }}
    >
      {url ? (
        <Box
          component="img"
          src={url}
          alt="Example of the subtitle style"
          sx={{
            display: 'block',
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            opacity: loading ? 0.55 : 1,
            transition: 'opacity 120ms',
          }}
        />
      ) : null}
      {loading ? (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <CircularProgress aria-label="Drawing the example" sx={{ color: '#fff' }} />
        </Box>
      ) : null}
    </Box>
  );
}
