import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, baseConfigSchema, loadConfig, parseHealthPeers } from '../src/config.js';
import { POOL_IDLE_MS } from '../src/db.js';

const valid = {
  SERVICE_NAME: 'catalog',
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  DB_SCHEMA: 'catalog',
  NATS_URL: 'nats://127.0.0.1:4222',
  SESSION_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('applies defaults to a valid environment', () => {
    const config = loadConfig(baseConfigSchema, valid);
    expect(config.PORT).toBe(0);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('fails naming the variable that is wrong', () => {
    expect(() => loadConfig(baseConfigSchema, { ...valid, DATABASE_URL: 'not a url' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig(baseConfigSchema, { ...valid, PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig(baseConfigSchema, { ...valid, SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: at least 32 characters/,
    );
  });

  it("keeps the pool's idle at the product's five minutes unless DB_POOL_IDLE_MS sets it", () => {
    expect(loadConfig(baseConfigSchema, valid).DB_POOL_IDLE_MS).toBe(POOL_IDLE_MS);
    expect(POOL_IDLE_MS).toBe(300_000);
    expect(
      loadConfig(baseConfigSchema, { ...valid, DB_POOL_IDLE_MS: '60000' }).DB_POOL_IDLE_MS,
    ).toBe(60_000);
    expect(() => loadConfig(baseConfigSchema, { ...valid, DB_POOL_IDLE_MS: '10' })).toThrow(
      /DB_POOL_IDLE_MS/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(baseConfigSchema, { ...valid, LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it('validates a service extension', () => {
    const schema = baseConfigSchema.extend({ SMTP_URL: z.url() });
    expect(() => loadConfig(schema, valid)).toThrow(/SMTP_URL/);
  });
});

describe('parseHealthPeers', () => {
  it('reads name=url pairs', () => {
    expect(parseHealthPeers('catalog=http://a:1/,identity=http://b:2')).toEqual({
      catalog: ['http://a:1'],
      identity: ['http://b:2'],
    });
  });

  it('keeps every process of a service named more than once (REPLICAS)', () => {
    expect(parseHealthPeers('catalog=http://a:1,catalog=http://a:2,notify=http://c:3')).toEqual({
      catalog: ['http://a:1', 'http://a:2'],
      notify: ['http://c:3'],
    });
  });
});
