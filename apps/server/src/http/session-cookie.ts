// The session cookie's name: the auth module sets and reads it, the API document describes it.
export const SESSION_COOKIE = 'roughcut_session';
