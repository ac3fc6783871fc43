// SPEC section 8: fallbacks shown when the server sends no err.
export const LOGIN_FAILED = 'Invalid username or password. Please try again';
export const SIGNUP_FAILED = 'There was an issue signing up, please try again';
export const RESET_REQUEST_FAILED = 'There was an issue resetting your password, please try again';
export const LOGOUT_FAILED = 'There was an issue logging you out, please try again';
/** For calls whose failure the spec shows only as the server's err (confirmations). */
export const GENERIC_FAILURE = 'Something went wrong, please try again';
