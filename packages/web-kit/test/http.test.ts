import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorBody, isApiError, serverMessage } from '../src/http';

function stubFetch(status: number, statusText: string, body: string) {
  return vi.fn<typeof fetch>(
    async () => new Response(body === '' ? null : body, { status, statusText }),
  );
}

async function failure(status: number, statusText: string, body: string): Promise<ApiError> {
  const error = await apiFetch('/api/x', { fetchImpl: stubFetch(status, statusText, body) }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiFetch error messages (R-WEB-HTTP-ERRORS)', () => {
  vi.spyOn(console, 'debug').mockImplementation(() => {});

  it('uses the body message field', async () => {
    const error = await failure(
      409,
      'Conflict',
      JSON.stringify({ message: 'Activiteit is vol', error: 'other' }),
    );
    expect(error.message).toBe('Activiteit is vol');
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: 'Activiteit is vol', error: 'other' });
  });

  it('falls back to the body error field', async () => {
    const error = await failure(
      400,
      'Bad Request',
      JSON.stringify({ error: 'Registration failed' }),
    );
    expect(error.message).toBe('Registration failed');
  });

  it('falls back to the status text for JSON without message or error', async () => {
    const error = await failure(404, 'Not Found', JSON.stringify({ code: 'NOT_FOUND' }));
    expect(error.message).toBe('Not Found');
    expect(error.body).toEqual({ code: 'NOT_FOUND' });
  });

  it('uses "status: text" for a body that is not JSON', async () => {
    const error = await failure(502, 'Bad Gateway', '<html>upstream down</html>');
    expect(error.message).toBe('502: <html>upstream down</html>');
    expect(error.body).toBeNull();
  });

  it('uses "status: statusText" for an empty body', async () => {
    const error = await failure(503, 'Service Unavailable', '');
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('returns the parsed body on success and always sends cookies', async () => {
    const fetchImpl = stubFetch(200, 'OK', JSON.stringify({ id: 1, name: 'De Regenboog' }));
    await expect(apiFetch('/api/schools/by-token/x', { fetchImpl })).resolves.toEqual({
      id: 1,
      name: 'De Regenboog',
    });
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
  });

  it('sends a plain body as JSON', async () => {
    const fetchImpl = stubFetch(201, 'Created', '{}');
    await apiFetch('/api/schools', { method: 'post', body: { name: 'A' }, fetchImpl });
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"A"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('the console log of a call (R-WEB-REQUEST-LOG)', () => {
  it('names the method and the path only: no query string, school tokens masked', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    debug.mockClear();
    const school = '0123456789abcdef0123456789abcdef';
    await apiFetch(`/api/schools/by-token/${school}?lng=en`, {
      fetchImpl: stubFetch(200, 'OK', '{}'),
    });
    await apiFetch('/api/provider/7/attendance/2026-03-04?token=provider-secret', {
      method: 'put',
      body: { key: 'k', present: true },
      fetchImpl: stubFetch(403, 'Forbidden', '{}'),
    }).catch(() => undefined);
    const lines = debug.mock.calls.map((args) => args.join(' '));
    expect(lines.some((l) => l.includes('GET /api/schools/by-token/…'))).toBe(true);
    expect(lines.some((l) => l.includes('PUT /api/provider/7/attendance/2026-03-04'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(school);
      expect(line).not.toContain('?');
      expect(line).not.toContain('provider-secret');
      expect(line).not.toContain('present');
    }
  });
});

describe('isApiError', () => {
  it('recognises an ApiError of this copy of web-kit', () => {
    expect(isApiError(new ApiError('Niet gevonden', 404, { code: 'NOT_FOUND' }))).toBe(true);
  });

  it("recognises another bundle's ApiError by its name and fields", () => {
    // The shared QueryClient's default queryFn throws the shell's ApiError class.
    class ForeignApiError extends Error {
      constructor(
        message: string,
        readonly status: number,
        readonly body: unknown,
      ) {
        super(message);
        this.name = 'ApiError';
      }
    }
    const foreign = new ForeignApiError('School niet gevonden', 404, { message: 'Weg' });
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
    expect(serverMessage(foreign, 'x')).toBe('Weg');
  });

  it('is false for anything else', () => {
    expect(isApiError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isApiError(Object.assign(new Error('x'), { status: 500, body: null }))).toBe(false);
    expect(isApiError({ success: false, error: 'Vol' })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(errorBody(new Error('x'))).toBeNull();
  });
});
