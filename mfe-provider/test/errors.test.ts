import { describe, expect, it } from 'vitest';
import { ApiError, serverMessage } from '@nsa/web-kit';
import { isRetryable } from '../src/lib/errors';

const apiError = (status: number, body: unknown) => new ApiError('x', status, body);

describe('error card text', () => {
  it("shows the server's message, else the fallback", () => {
    const forbidden = apiError(403, {
      message: 'Deze link is niet (meer) geldig.',
      code: 'FORBIDDEN',
    });
    expect(serverMessage(forbidden, 'Er is een fout opgetreden')).toBe(
      'Deze link is niet (meer) geldig.',
    );
    expect(serverMessage(apiError(502, null), 'Er is een fout opgetreden')).toBe(
      'Er is een fout opgetreden',
    );
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });

  it('offers a retry only when the link itself was not refused', () => {
    expect(isRetryable(apiError(403, {}))).toBe(false);
    expect(isRetryable(apiError(400, {}))).toBe(false);
    expect(isRetryable(apiError(503, {}))).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });
});
