// The Roughcut MCP server (issue 36): tools an assistant calls to edit a talking-head video from a
// file or an address, follow its run, review and confirm its clips, render them and fetch them.
// Every tool is a call of the edit workflow (../edit-workflow.ts) as the client's token, so the
// server's ownership rules, scopes and limits decide. Transport-free: stdio-main.ts serves it on
// stdin/stdout, the Roughcut server on /api/mcp.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CREATE_EDIT_MESSAGES, isLanguageCode } from '@roughcut/shared';
import {
  EditWorkflowError,
  confirmAllClips,
  continueEdit,
  createEdit,
  downloadLinks,
  ensureEditStarted,
  listClips,
  readEditStatus,
} from '../edit-workflow.ts';
import { RemoteError } from '../remote-client.ts';
import type { RemoteClient } from '../remote-client.ts';
import type { SourceImporter } from './import-source.ts';
import { SourceRefused } from './source-address.ts';
import {
  allVideosLink,
  clipLines,
  clipResult,
  linkResult,
  statusResult,
  statusSummary,
} from './tool-results.ts';
import {
  LINK_LIFETIME_S,
  clipListOutput,
  continueOutput,
  createEditInput,
  createEditOutput,
  downloadLinksOutput,
  editStatusOutput,
  jobIdInput,
} from './tool-schemas.ts';

export const MCP_SERVER_NAME = 'roughcut';
export const MCP_SERVER_VERSION = '0.1.0';

export const TOOL_NAMES = [
  'create_edit',
  'get_edit_status',
  'list_clips',
  'confirm_all_clips',
  'continue_edit',
  'get_download_links',
] as const;

export type RoughcutMcpOptions = {
  /** The Roughcut API as the caller: its token decides what every tool may see and do. */
  client: RemoteClient;
  /** Which sources create_edit may read, and how their bytes reach the server. */
  importSource: SourceImporter;
};

const STATUS_WORDS: Record<number, string> = {
  401: 'Not authorised',
  403: 'Refused',
  404: 'Not found',
  409: 'Not now',
  413: 'Too large',
  429: 'Too many requests',
};

/** The tool error's text: the server's own message, with what kind of refusal it was. */
export function toolErrorText(error: unknown): string {
  if (error instanceof SourceRefused) return `Source refused: ${error.message}`;
  if (error instanceof RemoteError) {
    const word = STATUS_WORDS[error.status];
    return word ? `${word}: ${error.message}` : error.message;
  }
  if (error instanceof EditWorkflowError && error.code === 'not-ready') {
    return `Not ready: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What createEdit would refuse, refused before a video is read or downloaded for nothing. */
function checkNewEdit(input: { short: boolean; long: boolean; language: string }): void {
  if (!input.short && !input.long) {
    throw new EditWorkflowError('invalid', `${CREATE_EDIT_MESSAGES.optionRequired} (short, long).`);
  }
  if (!isLanguageCode(input.language)) {
    throw new EditWorkflowError(
      'invalid',
      `Unknown language code "${input.language}" (try en, de, fr).`,
    );
  }
}

function result(structured: Record<string, unknown>, summary: string): CallToolResult {
  return { content: [{ type: 'text', text: summary }], structuredContent: structured };
}

/** Every failure comes back as a tool error carrying its message: the session goes on. */
async function asTool(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: toolErrorText(error) }] };
  }
}

export function createRoughcutMcpServer(options: RoughcutMcpOptions): McpServer {
  const { client, importSource } = options;
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      instructions:
        'Roughcut edits talking-head videos: create_edit, get_edit_status until the clips are ready, list_clips, confirm_all_clips, continue_edit, get_edit_status until it is finished, get_download_links.',
    },
  );

  server.registerTool(
    'create_edit',
    {
      title: 'Create an edit',
      description: `Creates a Roughcut edit of a talking-head .mp4 and starts it: the video is uploaded, then analysed for clips. The source is ${importSource.accepts}. Returns the edit's job_id; follow it with get_edit_status.`,
      inputSchema: createEditInput,
      outputSchema: createEditOutput,
    },
    (input, extra) =>
      asTool(async () => {
        // NOTE: the options, then the source, are checked (and fetched) before the edit exists,
        // so a refused path or address leaves no empty edit behind, and bad options cost no
        // download.
        checkNewEdit(input);
        const video = await importSource.open(input.source, extra.signal);
        try {
          const job = await createEdit(client, input);
          try {
            await importSource.send(client, job.id, video, { signal: extra.signal });
          } catch (error) {
            throw new Error(
              `The edit ${job.id} was made but its video did not arrive: ${toolErrorText(error)}`,
              { cause: error },
            );
          }
          const status = await ensureEditStarted(client, job.id);
          const structured = {
            job_id: job.id,
            name: job.name,
            status: status.status,
            steps: job.steps.map((step) => step.step_type),
            language: job.language,
            uploaded_bytes: video.size,
            next_step: statusResult(status).next_step,
          };
          return result(
            structured,
            `Created the edit "${job.name}" (job_id ${job.id}) from ${video.fileName} and started it (${status.status}). Call get_edit_status to follow it.`,
          );
        } finally {
          await video.release();
        }
      }),
  );

  server.registerTool(
    'get_edit_status',
    {
      title: 'Edit status',
      description:
        "An edit's state (status, progress, what the run is doing) and the next step to take.",
      inputSchema: jobIdInput,
      outputSchema: editStatusOutput,
      annotations: { readOnlyHint: true },
    },
    ({ job_id }, extra) =>
      asTool(async () => {
        const status = await readEditStatus(client, job_id, extra.signal);
        return result(statusResult(status), statusSummary(status));
      }),
  );

  server.registerTool(
    'list_clips',
    {
      title: 'List clips',
      description:
        "The clips the edit's latest run found, highest score first: ids, titles, engagement scores (0-10), kind (short or long) and whether each is confirmed.",
      inputSchema: jobIdInput,
      outputSchema: clipListOutput,
      annotations: { readOnlyHint: true },
    },
    ({ job_id }) =>
      asTool(async () => {
        const clips = (await listClips(client, job_id)).map(clipResult);
        const summary =
          clips.length === 0
            ? 'No clips yet: the edit has not found any (call get_edit_status).'
            : `${clips.length} clips:\n${clipLines(clips)}`;
        return result({ job_id, clips }, summary);
      }),
  );

  server.registerTool(
    'confirm_all_clips',
    {
      title: 'Confirm all clips',
      description:
        'Confirms every clip of the edit while it awaits review, so continue_edit renders them all.',
      inputSchema: jobIdInput,
      outputSchema: clipListOutput,
      annotations: { idempotentHint: true },
    },
    ({ job_id }) =>
      asTool(async () => {
        const clips = (await confirmAllClips(client, job_id)).map(clipResult);
        const count = clips.filter((clip) => clip.confirmed).length;
        return result(
          { job_id, clips },
          `${count} of ${clips.length} clips confirmed. Call continue_edit to render them.`,
        );
      }),
  );

  server.registerTool(
    'continue_edit',
    {
      title: 'Continue (render)',
      description:
        "Renders the confirmed clips (the app's Continue). Follow it with get_edit_status until it is finished.",
      inputSchema: jobIdInput,
      outputSchema: continueOutput,
    },
    ({ job_id }) =>
      asTool(async () => {
        const status = await continueEdit(client, job_id);
        return result(statusResult(status), `Rendering: ${statusSummary(status)}`);
      }),
  );

  server.registerTool(
    'get_download_links',
    {
      title: 'Download links',
      description: `Signed links to the rendered videos of a finished edit, one per clip and one for all at once. They expire after ${Math.round(LINK_LIFETIME_S / 60)} minutes: ask again for fresh ones.`,
      inputSchema: jobIdInput,
      outputSchema: downloadLinksOutput,
      annotations: { readOnlyHint: true },
    },
    ({ job_id }) =>
      asTool(async () => {
        const videos = (await downloadLinks(client, job_id)).map(linkResult);
        const all = await allVideosLink(client, job_id);
        const lines = videos.map((video) => `- ${video.file_name}: ${video.url}`).join('\n');
        return result(
          { job_id, all, videos, expires_in_seconds: LINK_LIFETIME_S },
          `${videos.length} videos:\n${lines}\nAll at once: ${all}`,
        );
      }),
  );

  return server;
}
