// The tokens module's one public entry (issue 36): personal access tokens, the guard that accepts
// them beside sessions, and the credential stamps of media links.
export { tokensModule } from './tokens.routes.ts';
export { createRequestGuard } from './token.guard.ts';
export { liveCredentialStamp, mediaSessionOf } from './media-stamps.ts';
