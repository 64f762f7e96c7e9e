// Login and registration limits (ADR 0011): each attempt reserved in one guarded statement before it is evaluated.

/** One attempt row: its id, the client's hash, now and the start of the window (ISO). */
interface AttemptKey {
  id: string;
  client: string;
  now: string;
  since: string;
}

export function authLimitsRepo(db: D1Database) {
  return {
    /**
     * Reserves one login attempt in ONE guarded statement, before the password is checked: the row is
     * written only while the (account, client) pair and the client are under their limits in the window,
     * so concurrent attempts cannot all pass the check. False = limited (nothing evaluated). Old rows go.
     */
    /**
     * One login attempt, reserved only while every limit allows it (ADR 0011): the pair's and the client's counts,
     * and the account's across all clients — past `accountFree` attempts in the window, the next one waits
     * 2^(n - accountFree) seconds (at most `accountMaxDelay`) after the account's last attempt.
     */
    async reserveLogin(
      a: AttemptKey & {
        account: string;
        perPair: number;
        perClient: number;
        accountFree: number;
        accountMaxDelay: number;
      },
    ): Promise<boolean> {
      const [reserved] = await db.batch([
        db
          .prepare(
            `INSERT INTO auth_attempts (id, action, account, client, created_at)
             SELECT ?1, 'login', ?2, ?3, ?4
               FROM (SELECT count(*) AS n, max(created_at) AS last FROM auth_attempts
                      WHERE action = 'login' AND account = ?2 AND created_at > ?5) AS acct
              WHERE (SELECT count(*) FROM auth_attempts
                      WHERE action = 'login' AND account = ?2 AND client = ?3 AND created_at > ?5) < ?6
                AND (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND client = ?3 AND created_at > ?5) < ?7
                AND (acct.n < ?8
                     OR (julianday(?4) - julianday(acct.last)) * 86400.0 >= min(?9, 1 << min(acct.n - ?8, 30)) - 0.001)`,
          )
          .bind(a.id, a.account, a.client, a.now, a.since, a.perPair, a.perClient, a.accountFree, a.accountMaxDelay),
        db.prepare('DELETE FROM auth_attempts WHERE created_at < ?').bind(a.since),
      ]);
      return (reserved?.meta.changes ?? 0) > 0;
    },
    /** The counts behind a refused reservation: which limit refused it, and since when (its Retry-After). */
    async loginLimitState(account: string, client: string, since: string): Promise<LoginLimitState> {
      const row = await db
        .prepare(
          `SELECT
             (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND client = ?2 AND created_at > ?3) AS client_n,
             (SELECT min(created_at) FROM auth_attempts WHERE action = 'login' AND client = ?2 AND created_at > ?3) AS client_oldest,
             (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND client = ?2 AND created_at > ?3) AS pair_n,
             (SELECT min(created_at) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND client = ?2 AND created_at > ?3) AS pair_oldest,
             (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND created_at > ?3) AS account_n,
             (SELECT max(created_at) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND created_at > ?3) AS account_last`,
        )
        .bind(account, client, since)
        .first<LoginLimitState>();
      return row!;
    },
    /** A login that succeeded: its reservation and the pair's failures are forgotten. */
    clearLoginFailures: (account: string, client: string) =>
      db
        .prepare("DELETE FROM auth_attempts WHERE action = 'login' AND account = ? AND client = ?")
        .bind(account, client)
        .run(),
    /** One registration attempt of the client, in one guarded statement (false = over the limit). */
    async reserveRegistration(a: AttemptKey & { perClient: number }): Promise<boolean> {
      const [reserved] = await db.batch([
        db
          .prepare(
            `INSERT INTO auth_attempts (id, action, account, client, created_at)
             SELECT ?1, 'register', NULL, ?2, ?3
              WHERE (SELECT count(*) FROM auth_attempts WHERE action = 'register' AND client = ?2 AND created_at > ?4) < ?5`,
          )
          .bind(a.id, a.client, a.now, a.since, a.perClient),
        db.prepare('DELETE FROM auth_attempts WHERE created_at < ?').bind(a.since),
      ]);
      return (reserved?.meta.changes ?? 0) > 0;
    },
  };
}

export interface LoginLimitState {
  client_n: number;
  client_oldest: string | null;
  pair_n: number;
  pair_oldest: string | null;
  account_n: number;
  account_last: string | null;
}
