import { hash, verify } from '@node-rs/argon2';

// NOTE: @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, t=2, p=1);
// passwords.test.ts pins that, so a library change cannot silently weaken it.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so a login for an unknown account is not faster. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('roughcut-dummy-password');
  await verifyPassword(await dummyHash, password);
}
