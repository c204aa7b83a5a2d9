// @ts-check

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { formPages } from './scripts/form-pages.mjs';

// The player builds hls.js from the TypeScript it ships, with only the features we use: two audio
// languages are HLS audio renditions (alt audio on); subtitles are sidecar WebVTT <track>s the
// browser renders (hls.js subtitles off); no DRM, CMCD, steering, variables, advanced TS codecs,
// MediaCapabilities, interstitials or I-frame playlists; and (hlsFmp4Only below) fragmented MP4
// alone, no ID3 metadata track, no dropped-frame monitor. About 102 KB gzip against 189 KB for the
// full dist (docs/decisions.md, "The player's hls.js build", «Clips in fragmented MP4»).
const hlsSource = join(
  dirname(createRequire(import.meta.url).resolve('hls.js/package.json')),
  'src/exports-default.ts',
);
const hlsFeatures = {
  __VERSION__: '"1.7.4"',
  __USE_ALT_AUDIO__: 'true',
  __USE_SUBTITLES__: 'false',
  __USE_EME_DRM__: 'false',
  __USE_CMCD__: 'false',
  __USE_CONTENT_STEERING__: 'false',
  __USE_VARIABLE_SUBSTITUTION__: 'false',
  __USE_M2TS_ADVANCED_CODECS__: 'false',
  __USE_MEDIA_CAPABILITIES__: 'false',
  __USE_INTERSTITIALS__: 'false',
  __USE_IFRAMES__: 'false',
  __IN_WORKER__: 'false',
};

/**
 * hls.js as our media need it, cut in its source where no build constant reaches: every clip is
 * fragmented MP4 (scripts/media/generate.mjs), which the browser takes as it is, so the transmuxer
 * keeps only its MP4 path (no MPEG-TS, AAC or MP3 demuxer, no remuxer: about 13 KB gzip), and the
 * default config drops the ID3/date-range metadata track and the dropped-frame monitor, which
 * nothing here reads. Each cut names the exact text it replaces, so an hls.js upgrade that moves it
 * fails the build instead of shipping the whole again.
 * @type {import('vite').Plugin}
 */
const hlsFmp4Only = {
  name: 'hls-fmp4-only',
  enforce: 'pre',
  transform: {
    filter: { id: /[\\/]hls\.js[\\/]src[\\/](demux[\\/]transmuxer|config)\.ts$/ },
    handler(code, id) {
      const cuts = id.endsWith('transmuxer.ts')
        ? [
            ["import AACDemuxer from './audio/aacdemuxer';\n", '\n'],
            ["import MP3Demuxer from './audio/mp3demuxer';\n", '\n'],
            ["import TSDemuxer from '../demux/tsdemuxer';\n", '\n'],
            ['  { demux: TSDemuxer, remux: MP4Remuxer },\n', '\n'],
            ['  { demux: AACDemuxer, remux: MP4Remuxer },\n', '\n'],
            ['  { demux: MP3Demuxer, remux: MP4Remuxer },\n', '\n'],
            // The I-frame playlists' TS probe (hls.js honours EXT-X-I-FRAMES-ONLY even so).
            ['        TSDemuxer.probe(initSegmentData, this.logger)\n', '        false\n'],
            // The types of the table, which would name the demuxers still.
            ['  | { demux: typeof TSDemuxer; remux: typeof MP4Remuxer }\n', '\n'],
            ['  | { demux: typeof AACDemuxer; remux: typeof MP4Remuxer }\n', '\n'],
            ['  | { demux: typeof MP3Demuxer; remux: typeof MP4Remuxer };\n', '  ;\n'],
          ]
        : [
            ['  fpsController: FPSController,\n', '  fpsController: undefined,\n'],
            ['  id3TrackController: ID3TrackController,\n', '  id3TrackController: undefined,\n'],
          ];
      // A line taken out leaves an empty line, so every other line keeps its place (and the map).
      let out = code;
      for (const [from, to] of cuts) {
        if (!out.includes(from))
          throw new Error(`hls-fmp4-only: ${id} no longer has ${JSON.stringify(from)}`);
        out = out.replace(from, to);
      }
      // And no use of a demuxer taken out is left for a new hls.js to reach (a ReferenceError then).
      const left = /\b(TSDemuxer|AACDemuxer|MP3Demuxer)\b/.exec(out);
      if (left) throw new Error(`hls-fmp4-only: ${id} still names ${left[1]}`);
      return { code: out, map: null };
    },
  },
};

// A production build (`CLOUDFLARE_ENV=production npm run build`, README «Deploy») leaves out the
// development fakes (functions/dev/: the sandbox acquirer, the local identity provider): app.ts
// mounts them only when __DEV_FAKES__, and their modules are side-effect free, so nothing of them
// stays. scripts/bundle-size.mjs builds that way and fails if any of them is in the Worker.
const devFakes = process.env.CLOUDFLARE_ENV !== 'production';
const DEV_MODULES = /[\\/]functions[\\/]dev[\\/]/;

// In the browser's build, hls.js and React are chunks of their own (`hls.*.js`, `react-dom.*.js`): our
// islands change far more often than these pinned libraries, so a new build leaves a viewer's
// cached 185 KB of them alone, and the bench names each part of the JavaScript after play by its
// chunk. The Worker's build keeps rolldown's own splitting (groups there moved its exports).
/** @type {import('vite').Plugin} */
const clientChunks = {
  name: 'client-chunks',
  configEnvironment: (name) =>
    name !== 'client'
      ? undefined
      : {
          // The Cloudflare adapter keeps `process.env` as is for the Worker (nodejs_compat has it)
          // and shims it in a banner on every chunk. A browser has no `process`: here it is `{}`,
          // as Vite makes it in a browser build, and the banner goes (19 copies were 0.5 KB of the
          // JavaScript after play; React and the error reporter only ask `typeof process`).
          define: { 'process.env': '{}' },
          build: {
            rolldownOptions: {
              output: {
                banner: '',
                codeSplitting: {
                  groups: [
                    {
                      name: 'hls',
                      test: /[\\/]node_modules[\\/](hls\.js|eventemitter3|@svta)[\\/]/,
                    },
                    {
                      name: 'react-dom',
                      test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    },
                  ],
                },
              },
            },
          },
        },
};

// Every page is rendered on the edge (output: 'server'): the header, menus and cookie banner
// depend on region, sign-in and consent, and src/fetch.ts sees every page request.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [
    react(),
    {
      // client:input (src/lib/client-input.ts): an island that hydrates on the viewer's first input.
      name: 'client-input',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'input', entrypoint: './src/lib/client-input.ts' }),
      },
    },
  ],
  trailingSlash: 'never',
  build: { inlineStylesheets: 'always' },
  server: { port: Number(process.env.PORT ?? 8787) },
  devToolbar: { enabled: false },
  // Sessions are ours (signed tokens and D1, issue 3/6); Astro's KV-backed sessions stay off.
  session: false,
  // Astro hashes every script it emits (island runtime, hoisted scripts) and sends them in the
  // page's Content-Security-Policy; functions/middleware/security-headers.ts keeps those hashes
  // in the site's own policy, so inline scripts run by hash and never by a stamped nonce.
  security: { csp: true },
  vite: {
    // __BUILD_ID__: which build the Worker runs. The edge cache keys by it, so a new deployment
    // never serves a page cached by the old one, whose hashed /_astro/ files are gone.
    define: {
      ...hlsFeatures,
      __BUILD_ID__: JSON.stringify(Date.now().toString(36)),
      __DEV_FAKES__: JSON.stringify(devFakes),
      // The pages that take their form's POST: those that ask isFormPost(Astro).
      __FORM_PAGES__: JSON.stringify(formPages()),
    },
    plugins: [clientChunks, hlsFmp4Only],
    resolve: { alias: [{ find: /^hls\.js$/, replacement: hlsSource }] },
    // The source is TypeScript with build-time constants: Vite compiles it, esbuild's dev
    // pre-bundling would not apply the constants.
    optimizeDeps: { exclude: ['hls.js'] },
    build: {
      rolldownOptions: {
        treeshake: { moduleSideEffects: (id) => (DEV_MODULES.test(id) ? false : undefined) },
      },
    },
  },
});
