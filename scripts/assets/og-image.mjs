// Renders public/og-image.png (1200x628, docs/product.md, «Screens and routes») from an SVG with sharp. Run once when the
// artwork changes: `node scripts/assets/og-image.mjs`; the PNG is committed.
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="628" viewBox="0 0 1200 628">
  <defs>
    <radialGradient id="glow" cx="0.85" cy="0.05" r="0.9"><stop offset="0" stop-color="#ffcc33" stop-opacity="0.45"/><stop offset="1" stop-color="#ffcc33" stop-opacity="0"/></radialGradient>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b1526"/><stop offset="1" stop-color="#0b0b0f"/></linearGradient>
  </defs>
  <rect width="1200" height="628" fill="url(#bg)"/>
  <rect width="1200" height="628" fill="url(#glow)"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="${640 + i * 92}" y="${330 - (i % 2) * 40}" width="80" height="120" rx="10" fill="#ffffff" fill-opacity="${0.05 + i * 0.03}"/>`).join('')}
  <rect x="80" y="88" width="88" height="88" rx="20" fill="#ffcc33"/>
  <path d="M104 160 120 104h8l16 56h-10l-4-13h-12l-4 13h-10Zm16-21h10l-5-18-5 18Z" fill="#111"/>
  <text x="80" y="300" fill="#f4f4f6" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold">Амедиатека</text>
  <text x="80" y="372" fill="#c9c9d3" font-family="DejaVu Sans, sans-serif" font-size="36">Сериалы и фильмы онлайн в HD-качестве</text>
  <text x="80" y="540" fill="#ffcc33" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold">Премьеры одновременно с мировым показом</text>
</svg>`;

await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true })
  .toFile('public/og-image.png');
const meta = await sharp('public/og-image.png').metadata();
console.log(`public/og-image.png ${meta.width}x${meta.height}`);
