import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  POOL_IDLE_MS,
  baseConfigSchema,
  loadConfig,
  parseHealthPeers,
  poolFloor,
} from '../src/config.js';

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

  it('keeps half the pool as its floor unless DB_POOL_MIN sets it, never above DB_POOL_MAX', () => {
    expect(loadConfig(baseConfigSchema, valid).DB_POOL_MIN).toBeUndefined();
    expect(poolFloor(10)).toBe(5);
    expect(poolFloor(20)).toBe(10);
    expect(poolFloor(1)).toBe(1);
    expect(poolFloor(3)).toBe(2);
    const set = loadConfig(baseConfigSchema, { ...valid, DB_POOL_MIN: '0' });
    expect(poolFloor(set.DB_POOL_MAX, set.DB_POOL_MIN)).toBe(0);
    expect(poolFloor(10, 30)).toBe(10);
    expect(() => loadConfig(baseConfigSchema, { ...valid, DB_POOL_MIN: '-1' })).toThrow(
      /DB_POOL_MIN/,
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
