// The auth module's one public entry: other modules import from here only.
export { authModule, toUserResponse } from './auth.routes.ts';
export { NOT_SIGNED_IN, requireUser } from './auth.guard.ts';
export type { SessionUser } from './auth.guard.ts';
export { AUTH_MESSAGES } from './auth.messages.ts';
export {
  checkEmail,
  checkNewPassword,
  checkUsername,
  findValidCode,
  redeemCode,
  rethrowUserConflict,
} from './credentials.ts';
export {
  deleteUserSessions,
  findUserById,
  findUserByLogin,
  isEmailTaken,
  isUsernameTaken,
  updateUser,
} from './auth.repository.ts';
export { hashPassword } from './passwords.ts';
export { sendMailJob } from './send-mail.job.ts';
export { liveSessionStamp, resolveSession } from './sessions.ts';
export { mediaSessionOf } from './media-session.ts';
