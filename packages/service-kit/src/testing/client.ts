import { assertApiAnswer } from './api-doc.js';
import { testSessionCookie } from './infra.js';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
  body: any;
  headers: Headers;
}
type CallOptions = { body?: unknown; headers?: Record<string, string>; anonymous?: boolean };

/** Calls a service as an admin (a sealed test session) or, with `anonymous`, without one. */
export function testClient(base: string) {
  let cookie: string | undefined;
  const call = async (method: string, path: string, opts: CallOptions = {}): Promise<Answer> => {
    cookie ??= await testSessionCookie();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.anonymous ? {} : { cookie }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    // R-API-DOC: every /api answer matches the API's description.
    assertApiAnswer(method, path, res.status, type, body);
    return { status: res.status, body, headers: res.headers };
  };
  return {
    call,
    get: (path: string, opts?: CallOptions) => call('GET', path, opts),
    post: (path: string, body?: unknown, opts?: CallOptions) =>
      call('POST', path, { ...opts, body }),
    put: (path: string, body?: unknown, opts?: CallOptions) => call('PUT', path, { ...opts, body }),
    del: (path: string, opts?: CallOptions) => call('DELETE', path, opts),
  };
}
export type TestClient = ReturnType<typeof testClient>;

export async function until(fn: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
