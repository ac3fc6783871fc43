import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/tables/account.schema.ts';
import { sessions, users } from '../../db/tables/auth.schema.ts';
import { sessionCache } from './session-cache.ts';
import type { SessionWithUser } from './session-cache.ts';

// NOTE: the cache holds what findSessionWithUser reads, so the shape is declared beside the cache.
export type { SessionUserRow, SessionWithUser } from './session-cache.ts';

export type UserRow = typeof users.$inferSelect;

const lower = (value: string) => sql`lower(${value})`;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Finds a user by e-mail or username, case-insensitively; an e-mail match wins. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, lower(identifier)),
        eq(sql`lower(${users.username})`, lower(identifier)),
      ),
    )
    .limit(2);
  const needle = identifier.toLowerCase();
  return rows.find((row) => row.email.toLowerCase() === needle) ?? rows[0];
}

/** Whether another user (not `exceptUserId`) has this value in `column`, ignoring case. */
async function isTaken(
  db: Db,
  column: typeof users.email | typeof users.username,
  value: string,
  exceptUserId: string | undefined,
): Promise<boolean> {
  const match = eq(sql`lower(${column})`, lower(value));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(match, ne(users.id, exceptUserId)) : match)
    .limit(1);
  return row !== undefined;
}

export const isEmailTaken = (db: Db, email: string, exceptUserId?: string): Promise<boolean> =>
  isTaken(db, users.email, email, exceptUserId);

export const isUsernameTaken = (
  db: Db,
  username: string,
  exceptUserId?: string,
): Promise<boolean> => isTaken(db, users.username, username, exceptUserId);

/** Creates the user and its trial account together. */
export async function insertUserWithAccount(
  db: Db,
  input: { email: string; username: string; passwordHash: string },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(input).returning();
    if (!user) throw new Error('insert into users returned no row');
    await tx.insert(accounts).values({ userId: user.id });
    return user;
  });
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<
    Pick<UserRow, 'email' | 'username' | 'passwordHash' | 'emailConfirmed' | 'pendingEmail'>
  >,
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
  sessionCache.forgetUser(id);
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

const prepareSessionLookup = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      credentialStamp: sql<string>`left(md5(${users.passwordHash}), 16)`,
      user: {
        id: users.id,
        email: users.email,
        username: users.username,
        emailConfirmed: users.emailConfirmed,
        pendingEmail: users.pendingEmail,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('rc_session_with_user');

// NOTE: built once per database handle: every signed-in call runs it, and with PostgreSQL the
// named statement is parsed and planned once per connection.
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

export async function findSessionWithUser(
  db: Db,
  id: string,
): Promise<SessionWithUser | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id });
  return row;
}

export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  sessionCache.forgetSession(id);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
  sessionCache.forgetSession(id);
}

/** Signs the user out everywhere, except optionally the session making the change. */
export async function deleteUserSessions(
  db: Db,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(mine, ne(sessions.id, exceptSessionId)) : mine);
  sessionCache.forgetUser(userId);
}
