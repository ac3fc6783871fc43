import { APP_ROUTES, appPaths } from '@roughcut/shared';

// The standalone speech-gap timeline editor (SPEC 2.12 leaves its route open): under the clip's
// own screen, so it sits behind the same session guard and reads the same parameters.

export const TIMELINE_EDITOR_ROUTE = `${APP_ROUTES.clip}/timeline`;

export const timelineEditorPath = (jobId: string, clipId: string): string =>
  `${appPaths.clip(jobId, clipId)}/timeline`;
