// `node packages/client/src/mcp/stdio-main.ts`: the Roughcut MCP server on stdin/stdout, for an
// assistant that starts it as a local command. It reaches the Roughcut server at ROUGHCUT_URL as
// the personal access token ROUGHCUT_TOKEN, and reads video files only inside ROUGHCUT_MCP_ROOT
// (the working folder unless set). Addresses may reach private networks only when
// ROUGHCUT_MCP_ALLOW_PRIVATE=true.
// WARNING: stdout carries the protocol; everything else goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { checkConnectionSettings, createRemoteClient } from '../remote-client.ts';
import { createRoughcutMcpServer } from './create-mcp-server.ts';
import { createSourceImporter } from './import-source.ts';

const log = (message: string): void => {
  process.stderr.write(`roughcut-mcp: ${message}\n`);
};

const isTrue = (value: string | undefined): boolean =>
  value !== undefined && ['1', 'true', 'yes'].includes(value.trim().toLowerCase());

async function main(): Promise<void> {
  const { ROUGHCUT_URL: baseUrl, ROUGHCUT_TOKEN: token } = process.env;
  const problem = checkConnectionSettings(baseUrl, token);
  if (problem || !baseUrl || !token) {
    log(problem ?? 'ROUGHCUT_URL and ROUGHCUT_TOKEN are needed.');
    process.exitCode = 2;
    return;
  }
  const root = process.env.ROUGHCUT_MCP_ROOT || process.cwd();
  const server = createRoughcutMcpServer({
    client: createRemoteClient({ baseUrl, token }),
    importSource: createSourceImporter({
      root,
      allowPrivate: isTrue(process.env.ROUGHCUT_MCP_ALLOW_PRIVATE),
    }),
  });
  const transport = new StdioServerTransport();
  transport.onerror = (error) => log(`transport error: ${error.message}`);
  await server.connect(transport);
  log(`serving ${baseUrl} on stdio; files readable under ${root}`);
  // NOTE: the client closing stdin is the end of the session.
  process.stdin.once('end', () => {
    void server.close();
  });
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
