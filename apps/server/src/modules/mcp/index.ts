// The MCP module's one public entry (issue 36): the MCP server over streamable HTTP at /api/mcp.
export { MCP_MESSAGES, MCP_PATH, mcpModule } from './mcp.routes.ts';
