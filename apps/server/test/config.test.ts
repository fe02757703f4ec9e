import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('starts on the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      demo: undefined,
      demoEmail: 'demo@tidemark.local',
      feed: 'sim',
      supportUrl: '',
    });
  });

  it('reads every variable the README lists', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/tm',
      DATABASE_URL: 'postgres://u@db:5432/x',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'secret-123',
      DEMO: '0',
      DEMO_EMAIL: 'demo@example.com',
      DEMO_PASSWORD: 'demo-pass-1',
      FEED: 'exchange',
      SUPPORT_URL: 'https://help.example.com/chat',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/tm',
      databaseUrl: 'postgres://u@db:5432/x',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mail:25',
      adminEmail: 'ops@example.com',
      adminPassword: 'secret-123',
      demo: false,
      demoEmail: 'demo@example.com',
      demoPassword: 'demo-pass-1',
      feed: 'exchange',
      supportUrl: 'https://help.example.com/chat',
    });
  });

  it('refuses bad values and names every one of them', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FEED: 'live', ADMIN_EMAIL: 'nope', DEMO: 'maybe' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const text = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'FEED', 'ADMIN_EMAIL', 'DEMO']) expect(text).toContain(name);
    }
  });

  // metrics
  it('reads the metrics port and token, and refuses a short token or the app’s own port', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a-long-enough-token' })).toMatchObject({ metricsPort: 9464, metricsToken: 'a-long-enough-token' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('takes an empty variable as unset, so the default applies', () => {
    const names = ['PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'ADMIN_EMAIL', 'DEMO', 'DEMO_EMAIL', 'FEED'];
    const empty = Object.fromEntries([...names, 'SUPPORT_URL', 'EXCHANGE_WS_URL', 'SESSION_IDLE_DAYS', 'LOG_LEVEL'].map((n) => [n, '']));
    expect(loadConfig(empty)).toEqual(loadConfig({}));
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('answers a value that is no URL at all with the message naming its variable', () => {
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'SUPPORT_URL', 'EXCHANGE_WS_URL', 'EXCHANGE_REST_URL']) {
      expect(() => loadConfig({ [name]: 'not a url' })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: 'not a url' })).toThrow(new RegExp(`${name}:`));
    }
  });
});
