import { describe, expect, it } from 'vitest';
import { detectLanguage } from './lang';

describe('detectLanguage', () => {
  it.each([
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['zh-CN', 'hk'],
    ['zh-TW', 'hk'],
    ['zh', 'hk'],
    ['ko-KR', 'kr'],
    ['en-US', 'en'],
    ['es-ES', 'en'],
    ['', 'en'],
  ])('%s -> %s', (browser, expected) => {
    expect(detectLanguage(browser)).toBe(expected);
  });
});
