// Which ffmpeg the media scripts run (the clips in generate.mjs, the art in art.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** FFMPEG from the environment, else the binary of @ffmpeg-installer (a known build), else the PATH. */
export function ffmpegPath() {
  if (process.env.FFMPEG) return process.env.FFMPEG;
  try {
    const path = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path;
    if (existsSync(path)) return path;
  } catch {
    // not installed for this platform: fall through to the PATH
  }
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return 'ffmpeg';
  throw new Error('media: no ffmpeg (install @ffmpeg-installer/ffmpeg or put ffmpeg on the PATH)');
}
