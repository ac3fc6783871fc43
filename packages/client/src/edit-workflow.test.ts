// The workflow's calls against a scripted server (a fetch that answers from a table of routes):
// which endpoint each step calls, with which headers, and how the wait reads what comes back.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Asset, AutoJob, Clip, JobInstance } from '@roughcut/shared';
import {
  EditWorkflowError,
  continueEdit,
  createEdit,
  downloadLinks,
  waitForEdit,
} from './edit-workflow.ts';
import type { EditStatus } from './edit-workflow.ts';
import { RemoteError, createRemoteClient } from './remote-client.ts';

const BASE = 'https://roughcut.test';
const TOKEN = `rc_${'a'.repeat(43)}`;
const JOB_ID = '11111111-1111-4111-8111-111111111111';
const RUN_ID = '22222222-2222-4222-8222-222222222222';

type Answer = { status?: number; body: unknown };
type Sent = { method: string; path: string; headers: Headers; body: unknown };

/** A client whose server answers `route(method, path)`; every request is kept in `sent`. */
function scripted(route: (method: string, path: string, body: unknown) => Answer) {
  const sent: Sent[] = [];
  const fakeFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: new Headers(init?.headers),
      body,
    };
    sent.push(request);
    const answer = route(request.method, request.path, body);
    return Promise.resolve(Response.json(answer.body, { status: answer.status ?? 200 }));
  };
  return { client: createRemoteClient({ baseUrl: BASE, token: TOKEN, fetch: fakeFetch }), sent };
}

function job(run: Partial<JobInstance> | null, extra: Partial<AutoJob> = {}): AutoJob {
  const instance: JobInstance | null = run && {
    id: RUN_ID,
    auto_job_id: JOB_ID,
    status: 'pending',
    confirmed: false,
    failure_reason: null,
    ...run,
  };
  return {
    id: JOB_ID,
    name: 'Talk',
    status: instance?.status ?? 'created',
    steps: [{ step_type: 'short-form-clips' }],
    job_instance: instance,
    latest_job_instance_id: instance?.id ?? null,
    template_id: null,
    language: 'en',
    max_words_in_phrase: 5,
    created_at: 1,
    last_updated_at: 1,
    ...extra,
  };
}

describe('createEdit', () => {
  it('refuses an edit with no option or an unknown language before sending anything', async () => {
    const { client, sent } = scripted(() => ({ body: job(null) }));
    await expect(createEdit(client, { name: 'Talk', short: false, long: false })).rejects.toThrow(
      /at least one option/,
    );
    await expect(
      createEdit(client, { name: 'Talk', short: true, long: false, language: 'xx' }),
    ).rejects.toBeInstanceOf(EditWorkflowError);
    expect(sent).toEqual([]);
  });

  it('creates with the Idempotency-Key, then applies the language as the create panel does', async () => {
    const { client, sent } = scripted((method, _path, body) =>
      method === 'PUT' ? { body: job(null) } : { body: job(null, body as Partial<AutoJob>) },
    );
    const made = await createEdit(client, {
      name: 'Talk',
      short: true,
      long: true,
      language: 'de',
      idempotencyKey: 'key-1',
    });
    expect(made.language).toBe('de');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/manage/autojob',
      `POST /api/manage/autojob/${JOB_ID}`,
    ]);
    expect(sent[0]?.body).toEqual({
      name: 'Talk',
      steps: ['optimised-long-form', 'short-form-clips'],
    });
    expect(sent[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(sent[1]?.body).toEqual({ language: 'de' });
  });
});

describe('waitForEdit', () => {
  it('polls through the stages and a lost answer until the clips are ready', async () => {
    const answers: Answer[] = [
      { body: job({ status: 'pending' }) },
      { status: 503, body: { err: 'The server is restarting.' } },
      { body: job({ status: 'processing', stage: 'transcribing', progress: 0.4 }) },
      { body: job({ status: 'awaiting-confirmation' }) },
    ];
    const { client } = scripted(() => answers.shift() ?? { body: job({ status: 'failed' }) });
    const seen: EditStatus[] = [];
    const retries: RemoteError[] = [];
    const status = await waitForEdit(client, JOB_ID, 'clips-ready', {
      pollMs: 0,
      onProgress: (s) => seen.push(s),
      onRetry: (error) => retries.push(error),
    });
    expect(status.next).toBe('review');
    expect(seen.map((s) => s.label)).toEqual([
      'Waiting to start',
      'Transcribing',
      'Clips ready for review',
    ]);
    expect(retries.map((e) => e.serverMessage)).toEqual(['The server is restarting.']);
  });

  it("throws a failed run's reason, and a refusal as it came", async () => {
    const failed = scripted(() => ({
      body: job({ status: 'failed', failure_reason: 'There is no speech in this video.' }),
    }));
    await expect(
      waitForEdit(failed.client, JOB_ID, 'rendered', { pollMs: 0 }),
    ).rejects.toMatchObject({ code: 'failed', message: 'There is no speech in this video.' });
    const gone = scripted(() => ({ status: 404, body: { err: 'This edit does not exist.' } }));
    await expect(waitForEdit(gone.client, JOB_ID, 'rendered', { pollMs: 0 })).rejects.toEqual(
      new RemoteError(404, 'This edit does not exist.'),
    );
  });

  it('gives up at its deadline', async () => {
    const { client, sent } = scripted(() => ({ body: job({ status: 'processing' }) }));
    await expect(
      waitForEdit(client, JOB_ID, 'rendered', { pollMs: 1, timeoutMs: 0 }),
    ).rejects.toMatchObject({ code: 'timeout' });
    expect(sent).toHaveLength(1);
  });

  it('returns at once when the render waits on a review', async () => {
    const { client } = scripted(() => ({ body: job({ status: 'awaiting-confirmation' }) }));
    const status = await waitForEdit(client, JOB_ID, 'rendered', { pollMs: 0 });
    expect(status.next).toBe('review');
  });
});

describe('continueEdit and downloadLinks', () => {
  it('continues the latest run with an Idempotency-Key', async () => {
    let continued = false;
    const { client, sent } = scripted((_method, path) => {
      if (!path.endsWith('/confirm')) {
        return { body: job({ status: 'awaiting-confirmation', confirmed: continued }) };
      }
      continued = true;
      return { body: { ok: true } };
    });
    const status = await continueEdit(client, JOB_ID, { idempotencyKey: 'continue-1' });
    const confirm = sent.find((r) => r.method === 'POST');
    expect(confirm?.path).toBe(`/api/manage/autojob/${JOB_ID}/instance/${RUN_ID}/confirm`);
    expect(confirm?.headers.get('idempotency-key')).toBe('continue-1');
    expect(status).toMatchObject({ next: 'wait', label: 'Waiting to render' });
  });

  const clip = (id: string, score: number, long: boolean): Clip => ({
    id,
    auto_job_id: JOB_ID,
    auto_job_instance_id: RUN_ID,
    title: `Clip ${id}`,
    description: '',
    engagement_score: score,
    status: 'finished',
    confirmed: true,
    failure_reason: null,
    is_long_form: long,
    start: 0,
    end: 10,
    segments: [],
    draw_settings: DEFAULT_DRAW_SETTINGS,
    gaps: [],
    detected_gaps: [],
    subtitles_burned: !long,
    edits: { cut: false, subtitles: false },
  });
  const rendered = (id: string, clipId: string, name: string): Asset => ({
    id,
    name,
    asset_type: 'edited_video',
    size: 10,
    uploaded_amount: 10,
    status: 'uploaded',
    clip_id: clipId,
  });
  const server = (clips: Clip[], assets: Asset[]) => (_method: string, path: string) => {
    if (path.endsWith('/clips')) return { body: clips };
    if (path.endsWith('/assets')) return { body: { assets } };
    const [, assetId] = path.split('?asset_id=');
    if (assetId) return { body: { url: `/api/media/${assetId}?sig=1` } };
    if (path.endsWith('/download')) {
      return { status: 409, body: { err: 'This edit has not finished yet.' } };
    }
    return { body: job({ status: 'finished', confirmed: true }) };
  };

  it("links each rendered clip's video, absolute, highest score first", async () => {
    const { client } = scripted(
      server(
        [clip('s1', 4, false), clip('l1', 9, true), clip('s2', 6, false)],
        [
          rendered('a1', 's1', 'Talk - One.mp4'),
          rendered('a2', 'l1', 'Talk - Whole: talk (long form).mp4'),
          rendered('a9', 'elsewhere', 'Talk - Old run.mp4'),
        ],
      ),
    );
    const links = await downloadLinks(client, JOB_ID);
    expect(links).toEqual([
      {
        assetId: 'a2',
        clipId: 'l1',
        kind: 'long',
        title: 'Clip l1',
        fileName: 'Talk - Whole_ talk (long form).mp4',
        url: `${BASE}/api/media/a2?sig=1`,
      },
      {
        assetId: 'a1',
        clipId: 's1',
        kind: 'short',
        title: 'Clip s1',
        fileName: 'Talk - One.mp4',
        url: `${BASE}/api/media/a1?sig=1`,
      },
    ]);
  });

  it("passes on the server's refusal when nothing is rendered", async () => {
    const { client } = scripted(server([clip('s1', 4, false)], []));
    await expect(downloadLinks(client, JOB_ID)).rejects.toEqual(
      new RemoteError(409, 'This edit has not finished yet.'),
    );
  });
});
