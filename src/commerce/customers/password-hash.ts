/** ADR 0006: PBKDF2-HMAC-SHA-256, 100,000 iterations (Workers' ceiling), 16-byte salt, 32-byte key. */
export const PBKDF2 = { iterations: 100_000, saltBytes: 16, keyBytes: 32, hash: 'SHA-256' } as const;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
  keyBytes: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: PBKDF2.hash, salt, iterations },
    key,
    keyBytes * 8,
  );
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(PBKDF2.saltBytes));
  const hash = await derive(password, salt, PBKDF2.iterations, PBKDF2.keyBytes);
  return `pbkdf2-sha256$${PBKDF2.iterations}$${b64(salt)}$${b64(hash)}`;
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

// Verified against when the account does not exist, so timing does not reveal which logins exist.
const DUMMY = `pbkdf2-sha256$${PBKDF2.iterations}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, iter, salt, hash] = (stored ?? DUMMY).split('$');
  const iterations = Number(iter);
  if (
    scheme !== 'pbkdf2-sha256' ||
    !salt ||
    !hash ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > 100_000
  )
    return false;
  const expected = unb64(hash);
  const actual = await derive(password, unb64(salt), iterations, expected.length);
  return constantTimeEqual(actual, expected) && stored !== null;
}
