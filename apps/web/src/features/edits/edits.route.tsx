import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoonCard } from '../placeholders/coming-soon-card.tsx';

// Placeholder until the video-edits issue replaces it (SPEC section 2.6).
export function Component() {
  return (
    <>
      <PageHeader title="Video edits" subtitle="Manage and view all of your video edits" />
      <ComingSoonCard
        icon={<MovieFilterOutlined />}
        title="No video edits yet"
        text="Your video edits will appear here: upload a talking-head .mp4 and Roughcut turns it into rough edits."
      />
    </>
  );
}
