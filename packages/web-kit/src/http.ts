// The one HTTP client of every frontend; error messages follow R-WEB-HTTP-ERRORS.

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body, or null when the body was not JSON. */
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * Whether `error` is an ApiError. web-kit is bundled into every app, so an
 * error thrown by another app's copy (the shell's default queryFn, say) is an
 * instance of another ApiError class: it is recognised by its name and fields.
 */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, status } = error as { name?: unknown; status?: unknown };
  return name === 'ApiError' && typeof status === 'number' && 'body' in error;
}

/** An ApiError's JSON body when it is an object (e.g. a 503 health answer), else null. */
export function errorBody(error: unknown): Record<string, unknown> | null {
  if (!isApiError(error)) return null;
  const { body } = error;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/**
 * The server's own message (R-API-ERROR-BODY: every error body has one, in the
 * request's language), else the screen's fallback text. A network failure
 * or a proxy's HTML error page has no server message and gets the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * R-WEB-HTTP-ERRORS: body.message, else body.error, else the status text; non-JSON:
 * "status: text".
 */
export function errorFromResponse(status: number, statusText: string, text: string): ApiError {
  // HTTP/2 has no reason phrase, so statusText can be empty.
  const reason = statusText || String(status);
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return new ApiError(`${status}: ${text || reason}`, status, null);
  }
  const body = parsed.value;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = nonEmptyString(fields.message) ?? nonEmptyString(fields.error) ?? reason;
  return new ApiError(message, status, body);
}

// The server answers in the request's language (R-LANG-API); the i18n setup
// keeps <html lang> current, so no import of i18next is needed here.
function currentLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; a string, FormData or Blob as is. */
  body?: unknown;
  fetchImpl?: typeof fetch;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { body, fetchImpl = fetch, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const lang = currentLanguage();
  if (lang && !headers.has('Accept-Language')) headers.set('Accept-Language', lang);

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }

  const method = (rest.method ?? 'GET').toUpperCase();
  // R-WEB-REQUEST-LOG: every call is logged, the path only, because query strings
  // may carry provider tokens, and school tokens in the path are masked.
  const logPath = (path.split('?')[0] ?? '').replace(/[0-9a-f]{32}/g, '…');
  console.debug(`[api] ${method} ${logPath}`);

  const response = await fetchImpl(path, {
    ...rest,
    method,
    headers,
    body: requestBody,
    credentials: 'include',
  });
  const text = await response.text();
  console.debug(`[api] ${method} ${logPath} → ${response.status}`);

  if (!response.ok) {
    throw errorFromResponse(response.status, response.statusText, text);
  }
  if (text === '') return undefined as T;
  const parsed = parseJson(text);
  return (parsed.ok ? parsed.value : text) as T;
}
