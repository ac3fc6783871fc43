// User-facing messages of the account endpoints. Spec sections 5 and 8 fix some word for word.
export const AUTH_MESSAGES = {
  loginFailed: 'Invalid username or password. Please try again',
  mustEnterEmail: 'Must enter email',
  mustEnterUsername: 'Must enter username',
  mustEnterPassword: 'Must enter password',
  invalidEmail: 'Please enter a valid email address, such as name@example.com.',
  usernameHasAt: 'A username cannot contain "@". Please choose another username.',
  usernameHasSpace: 'A username cannot contain spaces. Please choose another username.',
  emailTaken: 'An account with this email already exists. Please log in or reset your password.',
  usernameTaken: 'This username is already taken. Please choose another one.',
  emptyNewEmail: 'Unable to update to an empty email, please enter an email.',
  sameEmail: 'Email is already set to this email, please change the email first to update it.',
  newEmailTaken: 'This email is already used by another account. Please choose another email.',
  emailChangeTakenMeanwhile:
    'This email has been taken by another account in the meantime. Please choose another email.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;
