// Finds horizontal seams in a picture: a thin row that is lighter (or darker) than the rows a few
// pixels above and below it across nearly the whole width. Natural detail never spans the width
// like that; a drawn line, a tile boundary or a gradient's hard stop does, and reads as a crease.

/** How far above and below a row is compared: past a 1–3 px line and its soft edge. */
const REACH = [2, 4];
/** A column counts when the row differs from both neighbours, in the same direction, by this. */
const STEP = 6;
/** The share of columns that makes a row a seam. */
const SPAN = 0.9;

/**
 * The rows of a raw picture (`channels` bytes a pixel, RGB first) that are seams.
 * @example seamRows(pixels, 1280, 720, 3) // [] for a clean picture, [477] for one with a line
 */
export function seamRows(pixels, width, height, channels) {
  const luma = new Float32Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += channels)
    luma[p] = pixels[i] * 0.2126 + pixels[i + 1] * 0.7152 + pixels[i + 2] * 0.0722;
  const rows = [];
  for (let y = REACH.at(-1); y < height - REACH.at(-1); y++) {
    const seam = REACH.some((k) => {
      // Most rows are told apart within their first few columns: stop at the misses a seam allows.
      let misses = width - Math.ceil(width * SPAN);
      for (let x = 0, at = y * width; x < width; x++, at++) {
        const up = luma[at] - luma[at - k * width];
        const down = luma[at] - luma[at + k * width];
        if (!((up > STEP && down > STEP) || (up < -STEP && down < -STEP)) && --misses < 0)
          return false;
      }
      return true;
    });
    if (seam) rows.push(y);
  }
  return rows;
}
