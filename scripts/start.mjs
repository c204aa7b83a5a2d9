// The last step of `npm start` (after the build, the migrations and the seed): serves the site on
// PORT (scripts/serve.mjs) as soon as it can. Media made before, here or in the machine's cache
// (scripts/media/cache.mjs), are put into the local R2 first, a matter of seconds. On a machine
// that has never made them the site serves at once instead, and the clips and the art are made
// in the background: pages show drawn stand-ins for the art until it is there, a clip answers
// «Видео ещё готовится…» (media_pending) until it is uploaded, and the player starts it by itself
// when it is. A line in the terminal tells each step; the last says everything is in place.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { MEDIA_PENDING_KEY } from '../functions/shared/media.ts';
import { CLIPS } from './media/clips.mjs';
import { clipsAreFresh, MEDIA_DIR, makeMedia, takeCachedMedia } from './media/generate.mjs';
import { markPending, openMediaBucket, putClip, upload } from './media/upload.mjs';

const persistTo = process.env.PERSIST_TO ?? '.wrangler/state';
const say = (line) => console.log(`\x1b[36mmedia:\x1b[0m ${line}`);

let stopping = false;
function serve() {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopping = true;
      child.kill(signal);
    });
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (takeCachedMedia().whole) {
  await upload({ persistTo });
  serve();
} else {
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  // The bucket the Worker reads, opened beside it: the clip list and the marker go in before the
  // site answers, so no viewer is ever told a clip is missing while it is being made.
  const { bucket: media, close } = await openMediaBucket(persistTo);
  await markPending(media);
  await media.put('vod/index.json', JSON.stringify(CLIPS.map((c) => c.id)));
  serve();
  say(
    `the site serves now; ${CLIPS.length} clips and the catalogue's art are made in the background (a few minutes on 2 cores, once per machine)`,
  );
  // Clips made before (only the art is new) go in first, in seconds.
  if (clipsAreFresh()) {
    for (const clip of CLIPS) await putClip(media, clip.id, join(MEDIA_DIR, clip.id));
    say(`the ${CLIPS.length} clips made before play (after ${seconds()})`);
  }
  // The marker says «still being made» only while progress is recent: kept fresh while it is.
  const refresh = setInterval(() => void markPending(media).catch(() => {}), 60_000);
  let ready = 0;
  let made = false;
  try {
    await makeMedia({
      onClip: async (meta, dir) => {
        await putClip(media, meta.id, dir);
        say(`clip ${++ready} of ${CLIPS.length} plays (${meta.id}, after ${seconds()})`);
      },
    });
    made = true;
    say(`clips and art are made (after ${seconds()}); putting the rest in place…`);
  } catch (error) {
    // A Ctrl-C stops ffmpeg too, maybe before this process hears it: a moment to tell them apart.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (!stopping) {
      say(`making failed: ${error instanceof Error ? error.message : error}; run npm start again`);
      // Nothing is being made any more: a missing clip is unavailable, not «still being made».
      await media.delete(MEDIA_PENDING_KEY).catch(() => {});
    }
  } finally {
    clearInterval(refresh);
    await close();
  }
  if (made) {
    try {
      await upload({ persistTo });
      say(`every clip and picture is in place (after ${seconds()})`);
    } catch (error) {
      say(
        `putting the media in place failed: ${error instanceof Error ? error.message : error}; run npm start again`,
      );
    }
  }
}
