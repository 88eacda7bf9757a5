import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@nsa/contracts';
import { AppError, createErrorHandler } from '../src/errors.js';
import { createLogger } from '../src/logger.js';

/** Answers GET / by throwing `err` into the one error handler. */
async function answerFor(
  err: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const app = express();
  app.get('/', () => {
    throw err;
  });
  app.use(createErrorHandler(createLogger('test', 'silent')));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      headers,
    });
    return {
      status: res.status,
      body: await res.json(),
      retryAfter: res.headers.get('retry-after'),
    };
  } finally {
    server.close();
  }
}

const sequelizeError = (name: string, parent?: { code?: string; message?: string }) =>
  Object.assign(new Error(parent?.message ?? name), { name, parent });

describe('error handler', () => {
  // R-API-NO-5XX: only an outage answers 503 SERVICE_UNAVAILABLE, with Retry-After: 5.
  it('answers 503 with Retry-After while the database is unreachable or restarting', async () => {
    for (const err of [
      sequelizeError('SequelizeConnectionRefusedError', { code: 'ECONNREFUSED' }),
      sequelizeError('SequelizeConnectionAcquireTimeoutError'),
      sequelizeError('SequelizeDatabaseError', {
        code: '57P01',
        message: 'terminating connection due to administrator command',
      }),
      sequelizeError('SequelizeDatabaseError', {
        code: '57P03',
        message: 'the database system is starting up',
      }),
      sequelizeError('SequelizeDatabaseError', { message: 'Connection terminated unexpectedly' }),
    ]) {
      const a = await answerFor(err);
      expect(a.status, err.name).toBe(503);
      expect(a.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(a.retryAfter).toBe('5');
    }
  });

  it('keeps 500 for every other failure, database errors included', async () => {
    for (const err of [
      new Error('boom'),
      sequelizeError('SequelizeDatabaseError', { code: '23505', message: 'duplicate key' }),
      sequelizeError('SequelizeDatabaseError', {
        code: '42P01',
        message: 'relation does not exist',
      }),
    ]) {
      const a = await answerFor(err);
      expect(a.status, err.message).toBe(500);
      expect(a.body).toMatchObject({ code: 'INTERNAL' });
    }
  });

  it('answers the message and the fields in the language of Accept-Language (R-LANG-API)', async () => {
    const err = () =>
      AppError.validation({ email: VALIDATION_MESSAGES.emailRequired!, note: 'as typed' });
    const expected = {
      'tr-TR': ['Girilen bilgiler geçersiz.', 'Geçerli bir e-posta adresi zorunludur'],
      'ar-MA,nl;q=0.5': ['البيانات المُدخلة غير صالحة.', 'عنوان بريد إلكتروني صالح مطلوب'],
      'pl-PL': ['Wprowadzone dane są nieprawidłowe.', 'Wymagany jest poprawny adres e-mail'],
      'uk-UA,uk;q=0.9': ['Введені дані недійсні.', "Дійсна адреса електронної пошти обов'язкова"],
      'fr-FR': ['De invoer is ongeldig.', 'Een geldig e-mailadres is verplicht'],
    };
    for (const [header, [message, email]] of Object.entries(expected)) {
      const a = await answerFor(err(), { 'accept-language': header });
      expect(a.status).toBe(400);
      expect(a.body, header).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        fields: { email, note: 'as typed' },
      });
    }
  });
});
