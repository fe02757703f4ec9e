import { describe, expect, it } from 'vitest';
import { RESOURCES } from './resources';

/** Every leaf of a nested resource object as [dotted.path, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

const languages = await Promise.all(
  Object.entries(RESOURCES).map(async ([code, load]) => [code, new Map(leaves((await load()).default))] as const),
);
const allPaths = [...new Set(languages.flatMap(([, texts]) => [...texts.keys()]))].sort();

describe('translation resources', () => {
  it('covers all six languages', () => {
    expect(languages.map(([code]) => code).sort()).toEqual(['en', 'hk', 'jp', 'kr', 'spa', 'zh']);
  });

  it.each(languages)('%s has every key another language has', (_code, texts) => {
    expect(allPaths.filter((path) => !texts.has(path))).toEqual([]);
  });

  it.each(languages)('%s has a non-empty text for every key', (_code, texts) => {
    const blank = [...texts].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(blank.map(([path]) => path)).toEqual([]);
  });
});
