import QRCode from 'qrcode';

/**
 * A QR code as inline SVG (dark modules as one path), drawn on the server so the SBP screen shows
 * it without JavaScript.
 * @example qrSvg('https://qr.nspk.ru/…') // '<svg xmlns=… viewBox="0 0 37 37">…</svg>'
 */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const margin = 2;
  let path = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (modules.get(y, x)) path += `M${x + margin} ${y + margin}h1v1h-1z`;
  const box = size + margin * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges" aria-hidden="true" focusable="false"><rect width="${box}" height="${box}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
