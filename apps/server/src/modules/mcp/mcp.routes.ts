// Issue 36: the Roughcut MCP server over streamable HTTP at /api/mcp, for assistants that connect
// by URL. Stateless: each POST gets its own MCP server and transport, made for the caller's
// personal access token (a session cookie is not enough: 401), and every tool reaches the API
// through this app's own routes with that token (inject-fetch.ts), so nothing is decided here
// that the endpoints do not decide themselves.
// NOTE: /api/mcp is not an entry of the endpoint table: its body is JSON-RPC, described by the MCP
// specification rather than by zod, so the OpenAPI document and the endpoint matrices leave it
// out, like the tus upload routes.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, AppModule } from '../../app-context.ts';
import { bearerTokenOf } from '../../http/bearer.ts';
import { sendError } from '../../http/errors.ts';
import {
  createRemoteClient,
  createRoughcutMcpServer,
  createSourceImporter,
  sendInOnePart,
} from '@roughcut/client/mcp';
import type { SourceImporter } from '@roughcut/client/mcp';
import { injectFetch } from './inject-fetch.ts';

export const MCP_PATH = '/api/mcp';

export const MCP_MESSAGES = {
  tokenRequired:
    'The MCP endpoint takes a personal access token: send Authorization: Bearer rc_… (create one on the account page, API access).',
  noImportDir:
    'This server reads no files from its disk (the operator has not set MCP_IMPORT_DIR): give an http(s):// address of the video instead.',
  statelessOnly:
    'This MCP endpoint is stateless: send each JSON-RPC message as a POST (no session stream to open or close).',
  failed: 'The MCP request could not be handled. Please try again.',
} as const;

const jsonRpcError = (code: number, message: string) =>
  JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

/** Bearer tokens only; a valid one then passes the app's own guard (scope, limits, the user). */
function requireToken(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (bearerTokenOf(request) === undefined) {
      reply.header('www-authenticate', 'Bearer');
      return sendError(reply, 401, MCP_MESSAGES.tokenRequired);
    }
    return app.requireUser.call(app, request, reply);
  };
}

function sourceImporterOf(ctx: AppContext): SourceImporter {
  return createSourceImporter({
    root: ctx.config.mcp.importDir,
    // NOTE: a token holder learns the import folder's name, never the server's disk layout.
    rootLabel: 'the import folder (MCP_IMPORT_DIR)',
    noRootMessage: MCP_MESSAGES.noImportDir,
    allowPrivate: ctx.config.mcp.allowPrivate,
    maxBytes: ctx.config.maxUploadBytes,
    // NOTE: one multipart request through inject: tus-js-client has its own HTTP stack and would
    // have to reach this server over the network by an address it may not know.
    send: sendInOnePart,
  });
}

export const mcpModule: AppModule = {
  name: 'mcp',
  register(app, ctx) {
    const importSource = sourceImporterOf(ctx);
    const preHandler = requireToken(app);
    const config = { tokenScope: 'read' as const };

    app.route({
      method: 'POST',
      url: MCP_PATH,
      config,
      preHandler,
      handler: async (request, reply) => {
        const client = createRemoteClient({
          baseUrl: ctx.config.publicUrl,
          token: bearerTokenOf(request) ?? '',
          fetch: injectFetch(app, request.ip),
        });
        const server = createRoughcutMcpServer({ client, importSource });
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        reply.hijack();
        reply.raw.once('close', () => {
          void transport.close();
          void server.close();
        });
        try {
          await server.connect(transport);
          await transport.handleRequest(request.raw, reply.raw, request.body);
        } catch (error) {
          request.log.error({ err: error }, 'an MCP request failed');
          if (!reply.raw.headersSent) {
            reply.raw.writeHead(500, { 'content-type': 'application/json' });
            reply.raw.end(jsonRpcError(-32603, MCP_MESSAGES.failed));
          }
        }
      },
    });

    // NOTE: stateless, so there is no session stream to open (GET) or session to end (DELETE):
    // the transport specification's answer is 405, which MCP clients expect.
    app.route({
      method: ['GET', 'DELETE'],
      url: MCP_PATH,
      config,
      preHandler,
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .type('application/json')
          .send(jsonRpcError(-32000, MCP_MESSAGES.statelessOnly)),
    });
  },
};
