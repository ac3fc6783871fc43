// Business constants of SPEC section 9, shared by the server and the web app.

export const TRIAL_EDIT_LIMIT = 10;
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
/** Longest upload by default (MAX_VIDEO_SECONDS): talks, lectures and podcast episodes fit in 4 h. */
export const DEFAULT_MAX_VIDEO_SECONDS = 4 * 60 * 60;

export const JOB_POLL_MS = 5000;
export const ASSET_POLL_MS = 2500;
/** A signed /api/media link lives this long and ends with the session that asked for it. */
export const MEDIA_LINK_LIFETIME_S = 20 * 60;
/** The web asks for a fresh link this long before the one it holds expires. */
export const MEDIA_LINK_RENEW_MARGIN_S = 5 * 60;
export const UPLOAD_INDICATOR_LINGER_MS = 2500;

export const PREVIEW_SEEK_STEP_S = 5;
export const GAP_THRESHOLD_S = 0.3;
export const MIN_GAP_LENGTH_S = 0.1;
export const GAP_MERGE_TOLERANCE_S = 0.1;
export const PLAYBACK_SKIP_AHEAD_S = 0.01;
export const PREVIEW_HEIGHT_PX = 500;
export const CREATE_PANEL_WIDTH_PX = 800;

export const DEFAULT_VOLUME = 1;
export const UNMUTE_FROM_ZERO_VOLUME = 0.5;
export const VOLUME_STEP = 0.01;

export const DEFAULT_CONFIDENCE_TOLERANCE = 0.8;
export const CONFIDENCE_TOLERANCE_STEP = 0.01;

export const TIMELINE_MIN_ZOOM = 1;
export const TIMELINE_MAX_ZOOM = 10;
export const TIMELINE_ZOOM_STEP = 1.1;

export const EXAMPLE_LANDSCAPE = { width: 1920, height: 1080 } as const;
export const EXAMPLE_PORTRAIT = { width: 1080, height: 1920 } as const;

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_MAX_WORDS_IN_PHRASE = 5;

/**
 * How a short clip is framed in 9:16 (issue 21): the fixed centre crop, a crop that follows the
 * speaker's face, or two faces stacked. Long form ignores it.
 */
export const CLIP_REFRAMES = ['centre', 'follow', 'split'] as const;
export type ClipReframe = (typeof CLIP_REFRAMES)[number];
export const DEFAULT_CLIP_REFRAME: ClipReframe = 'centre';
export const CLIP_REFRAME_LABELS: Record<ClipReframe, string> = {
  centre: 'Centre',
  follow: 'Follow speaker',
  split: 'Split',
};
export const CLIP_REFRAME_HELP: Record<ClipReframe, string> = {
  centre: 'The middle of the picture, cropped to 9:16.',
  follow: 'The crop follows the face of whoever is speaking.',
  split: 'Two people stacked, one above the other (follows the speaker when only one is seen).',
};
export const MIN_MAX_WORDS_IN_PHRASE = 1;
export const MAX_MAX_WORDS_IN_PHRASE = 10;
export const MAX_ENGAGEMENT_SCORE = 10;

export const SUBTITLE_PRESCALE_HEIGHT_LIMIT = 1080;

export const PLANS = {
  free: {
    label: 'Free',
    pricePerMonthUsd: 0,
    maxUploadGb: 1,
    storageGb: 2,
    edits: 'Edit up to 10 videos',
    supportHours: 24,
  },
  standard: {
    label: 'Standard',
    pricePerMonthUsd: 5,
    maxUploadGb: 1,
    storageGb: 10,
    edits: 'Edit unlimited videos',
    supportHours: 24,
  },
} as const;

export const SUBSCRIPTION_TYPES = ['trial', 'standard'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const STEP_TYPES = ['optimised-long-form', 'short-form-clips'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const JOB_STATUSES = [
  'created',
  'pending',
  'processing',
  'awaiting-confirmation',
  'finished',
  'failed',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
