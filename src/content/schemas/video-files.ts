import { existsSync } from 'node:fs';

/**
 * Clips live in `public/videos/` as `<name>.webm` and `<name>.mp4`; both must exist. The one rule
 * that reads the file system, apart from the image() helper Astro gives the schemas.
 */
export function videoFilesExist(name: string, root = process.cwd()): boolean {
  return ['webm', 'mp4'].every((ext) => existsSync(`${root}/public/videos/${name}.${ext}`));
}
