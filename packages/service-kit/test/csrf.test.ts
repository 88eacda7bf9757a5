// A state-changing request riding on the session cookie is refused when its Origin is foreign, or
// when the browser marks it cross-site and sends no Origin at all.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { csrfOriginCheck } from '../src/session.js';

const check = csrfOriginCheck('https://aanmelden.example.nl');
function run(method: string, headers: Record<string, string>): unknown {
  let passed: unknown = 'not called';
  check({ method, headers } as unknown as Request, {} as never, (err?: unknown) => {
    passed = err;
  });
  return passed;
}
const code = (r: unknown) => (r instanceof AppError ? r.code : r);

describe('csrfOriginCheck', () => {
  it('refuses a cross-site POST without Origin that carries a session cookie', () => {
    const r = run('POST', { 'sec-fetch-site': 'cross-site', cookie: 'nsa_session=abc' });
    expect(code(r)).toBe('CSRF_REJECTED');
  });
  it('lets a cross-site POST without Origin and without a session cookie through', () => {
    expect(run('POST', { 'sec-fetch-site': 'cross-site' })).toBeUndefined();
  });
  it('lets a same-origin POST without Origin with a session cookie through', () => {
    expect(
      run('POST', { 'sec-fetch-site': 'same-origin', cookie: 'nsa_session=abc' }),
    ).toBeUndefined();
  });
  it('lets a cross-site GET through', () => {
    expect(
      run('GET', { 'sec-fetch-site': 'cross-site', cookie: 'nsa_session=abc' }),
    ).toBeUndefined();
  });
  // R-SEC-CSRF
  it('refuses a foreign Origin and accepts the public one', () => {
    expect(code(run('POST', { origin: 'https://evil.example', cookie: 'nsa_session=abc' }))).toBe(
      'CSRF_REJECTED',
    );
    expect(run('POST', { origin: 'https://aanmelden.example.nl' })).toBeUndefined();
  });
});
