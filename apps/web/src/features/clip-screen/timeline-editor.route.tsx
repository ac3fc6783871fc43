import { useParams } from 'react-router';
import { TimelineEditorPage } from './timeline-editor.page.tsx';

// SPEC 2.12: /manage/automation/{job_id}/clip/{clip_id}/timeline (lazy-loaded by the router).
export function Component() {
  const { job_id: jobId, clip_id: clipId } = useParams();
  if (!jobId || !clipId) return null;
  // NOTE: keyed by clip so moving to another clip starts with fresh edits.
  return <TimelineEditorPage key={`${jobId}/${clipId}`} jobId={jobId} clipId={clipId} />;
}
