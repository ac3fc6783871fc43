// The MCP server's public entry, for the Roughcut server's /api/mcp (issue 36).
export { MCP_SERVER_NAME, TOOL_NAMES, createRoughcutMcpServer } from './create-mcp-server.ts';
export type { RoughcutMcpOptions } from './create-mcp-server.ts';
export { IMPORT_MESSAGES, createSourceImporter } from './import-source.ts';
export type { LocalVideo, SendVideo, SourceImportPolicy, SourceImporter } from './import-source.ts';
export { sendInOnePart } from './multipart-upload.ts';
export { SOURCE_URL_MESSAGES } from './source-address.ts';
export { createRemoteClient } from '../remote-client.ts';
export type { RemoteClient } from '../remote-client.ts';
