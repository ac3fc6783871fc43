/**
 * Every TanStack Query key of the app, so invalidation never relies on a retyped string.
 * NOTE: keys of signed-in data start with 'manage' (like their /api/manage paths): a 401 on such
 * a load ends the session in the client and the guard sends the user to /login.
 */
export const queryKeys = {
  session: ['session'] as const,
  account: ['manage', 'account'] as const,
  billing: ['manage', 'billing'] as const,
  customer: (sessionId: string) => ['manage', 'customer', sessionId] as const,
  user: ['manage', 'user'] as const,
  autojobs: ['manage', 'autojobs'] as const,
  autojob: (id: string) => ['manage', 'autojob', id] as const,
  assets: (jobId: string) => ['manage', 'autojob', jobId, 'assets'] as const,
  clips: (jobId: string, instanceId: string) =>
    ['manage', 'autojob', jobId, 'instance', instanceId, 'clips'] as const,
  /** Under `clips`, so invalidating the list refreshes every open clip too. */
  clip: (jobId: string, instanceId: string, clipId: string) =>
    ['manage', 'autojob', jobId, 'instance', instanceId, 'clips', clipId] as const,
  clipWaveform: (jobId: string, instanceId: string, clipId: string) =>
    ['manage', 'autojob', jobId, 'instance', instanceId, 'waveform', clipId] as const,
  clipDraft: (jobId: string, instanceId: string, clipId: string) =>
    ['manage', 'autojob', jobId, 'instance', instanceId, 'draft', clipId] as const,
  /** Keyed by what the plan is for, so a changed framing or window asks again. */
  clipFraming: (ref: { jobId: string; instanceId: string; clipId: string }, planFor: string) =>
    [
      'manage',
      'autojob',
      ref.jobId,
      'instance',
      ref.instanceId,
      'framing',
      ref.clipId,
      planFor,
    ] as const,
  assetUrl: (jobId: string, assetId: string) =>
    ['manage', 'autojob', jobId, 'asset', assetId] as const,
  templates: ['manage', 'templates'] as const,
  accessTokens: ['manage', 'tokens'] as const,
  webhooks: ['manage', 'webhooks'] as const,
  /** Under `webhooks`, so invalidating the list refreshes every open delivery log too. */
  webhookDeliveries: (webhookId: string) =>
    ['manage', 'webhooks', webhookId, 'deliveries'] as const,
  languages: ['manage', 'languages'] as const,
};
