import SubtitlesOutlined from '@mui/icons-material/SubtitlesOutlined';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoonCard } from './coming-soon-card.tsx';

// Placeholder until the template-editor issue replaces it (SPEC section 2.11).
export function Component() {
  return (
    <>
      <PageHeader title="Subtitle Template Editor" subtitle="Style the subtitles of your clips" />
      <ComingSoonCard
        icon={<SubtitlesOutlined />}
        title="Subtitle templates"
        text="Saved subtitle styles will be listed and edited here."
      />
    </>
  );
}
