// Failure injection for the availability tests (not a mocked database: every other test uses the real D1).

/** A D1 binding whose every call fails, as D1 does when it cannot be reached. */
export function unreachableD1(): D1Database {
  const down = () => new Error('D1_ERROR: Network connection lost.');
  const fail = () => Promise.reject(down());
  const statement = { bind: () => statement, first: fail, run: fail, all: fail, raw: fail };
  // A session is made locally (no I/O); its queries fail like the binding's.
  const session = { prepare: () => statement, batch: fail, getBookmark: () => null };
  return {
    prepare: () => statement as unknown as D1PreparedStatement,
    batch: fail,
    exec: fail,
    withSession: () => session as unknown as D1DatabaseSession,
    dump: fail,
  };
}

/** An upstream answering a web page where the API's JSON is due. */
export const garbageUpstream = () =>
  new Response('<html><body>Oops</body></html>', { status: 200, headers: { 'content-type': 'text/html' } });
