import fs from 'node:fs';
import path from 'node:path';

/** A chunk of the build manifest (dist/.vite/manifest.json), keyed there by its source. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const webDist = path.resolve(import.meta.dirname, 'dist');

export function readManifest(dist = webDist): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`no built web app (${path.relative(process.cwd(), file)}): run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The chunk and every chunk it imports statically, transitively: what loads with it. */
export function staticChunks(manifest: Manifest, key: string, seen = new Set<ManifestChunk>()): Set<ManifestChunk> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the web build's manifest (moved or renamed?)`);
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  for (const imported of chunk.imports ?? []) staticChunks(manifest, imported, seen);
  return seen;
}
