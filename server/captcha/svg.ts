/**
 * A captcha image drawn by hand: every character is a stroke glyph (polylines on an 8 × 12 grid) that is
 * rotated, scaled, sheared and jittered point by point, then warped along a wave, over random noise curves
 * and dots. No font files and no <text>: the answer is not in the SVG source.
 */
import { randomInt } from 'node:crypto';

/** Unambiguous characters: no 0/O/Q-like pairs, 1/I/L, 2/Z, 5/S, 8/B. */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKMNPRTUVWXY346789';
export const CAPTCHA_LENGTH = 5;

type Pt = [number, number];
const GLYPHS: Record<string, Pt[][]> = {
  A: [
    [
      [0, 12],
      [4, 0],
      [8, 12],
    ],
    [
      [1.6, 7.5],
      [6.4, 7.5],
    ],
  ],
  C: [
    [
      [8, 2],
      [6, 0],
      [2, 0],
      [0, 3],
      [0, 9],
      [2, 12],
      [6, 12],
      [8, 10],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 12],
      [5, 12],
      [8, 9],
      [8, 3],
      [5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [8, 0],
      [0, 0],
      [0, 12],
      [8, 12],
    ],
    [
      [0, 6],
      [6, 6],
    ],
  ],
  F: [
    [
      [8, 0],
      [0, 0],
      [0, 12],
    ],
    [
      [0, 6],
      [6, 6],
    ],
  ],
  G: [
    [
      [8, 2],
      [6, 0],
      [2, 0],
      [0, 3],
      [0, 9],
      [2, 12],
      [6, 12],
      [8, 10],
      [8, 7],
      [5, 7],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 12],
    ],
    [
      [8, 0],
      [8, 12],
    ],
    [
      [0, 6],
      [8, 6],
    ],
  ],
  J: [
    [
      [3, 0],
      [8, 0],
    ],
    [
      [6, 0],
      [6, 10],
      [4, 12],
      [2, 12],
      [0, 10],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 12],
    ],
    [
      [8, 0],
      [0, 7],
    ],
    [
      [3, 5],
      [8, 12],
    ],
  ],
  M: [
    [
      [0, 12],
      [0, 0],
      [4, 7],
      [8, 0],
      [8, 12],
    ],
  ],
  N: [
    [
      [0, 12],
      [0, 0],
      [8, 12],
      [8, 0],
    ],
  ],
  P: [
    [
      [0, 12],
      [0, 0],
      [6, 0],
      [8, 2],
      [8, 4],
      [6, 6],
      [0, 6],
    ],
  ],
  R: [
    [
      [0, 12],
      [0, 0],
      [6, 0],
      [8, 2],
      [8, 4],
      [6, 6],
      [0, 6],
    ],
    [
      [4, 6],
      [8, 12],
    ],
  ],
  T: [
    [
      [0, 0],
      [8, 0],
    ],
    [
      [4, 0],
      [4, 12],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 9],
      [2, 12],
      [6, 12],
      [8, 9],
      [8, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [4, 12],
      [8, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 12],
      [4, 5],
      [6, 12],
      [8, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [8, 12],
    ],
    [
      [8, 0],
      [0, 12],
    ],
  ],
  Y: [
    [
      [0, 0],
      [4, 6],
      [8, 0],
    ],
    [
      [4, 6],
      [4, 12],
    ],
  ],
  '3': [
    [
      [0, 1],
      [2, 0],
      [6, 0],
      [8, 2],
      [8, 4],
      [6, 6],
      [3, 6],
    ],
    [
      [6, 6],
      [8, 8],
      [8, 10],
      [6, 12],
      [2, 12],
      [0, 11],
    ],
  ],
  '4': [
    [
      [6, 12],
      [6, 0],
      [0, 8],
      [8, 8],
    ],
  ],
  '6': [
    [
      [7, 1],
      [5, 0],
      [3, 0],
      [0, 4],
      [0, 10],
      [2, 12],
      [6, 12],
      [8, 10],
      [8, 8],
      [6, 6],
      [2, 6],
      [0, 8],
    ],
  ],
  '7': [
    [
      [0, 0],
      [8, 0],
      [3, 12],
    ],
  ],
  '8': [
    [
      [4, 6],
      [1, 4.5],
      [1, 1.5],
      [3, 0],
      [5, 0],
      [7, 1.5],
      [7, 4.5],
      [4, 6],
      [0, 8.5],
      [0, 10.5],
      [2, 12],
      [6, 12],
      [8, 10.5],
      [8, 8.5],
      [4, 6],
    ],
  ],
  '9': [
    [
      [8, 4],
      [6, 6],
      [2, 6],
      [0, 4],
      [0, 2],
      [2, 0],
      [6, 0],
      [8, 2],
      [8, 8],
      [5, 12],
      [2, 12],
    ],
  ],
};

export const WIDTH = 130;
export const HEIGHT = 44;

/** Uniform random number in [min, max) from the crypto source. */
function rnd(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

const f = (n: number) => n.toFixed(1);

function colour(light: boolean): string {
  const [lo, hi] = light ? [190, 245] : [20, 120];
  return `rgb(${randomInt(lo, hi)},${randomInt(lo, hi)},${randomInt(lo, hi)})`;
}

export function randomAnswer(): string {
  let s = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

/** The SVG source for an answer made of CAPTCHA_ALPHABET characters. */
export function renderCaptchaSvg(answer: string): string {
  const parts: string[] = [];
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(true)}"/>`);
  // Background noise: faint curves and dots under the glyphs.
  for (let i = 0; i < 4; i++) parts.push(noiseCurve(colour(true), rnd(1, 2.5)));
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${f(rnd(0, WIDTH))}" cy="${f(rnd(0, HEIGHT))}" r="${f(rnd(0.5, 1.6))}" fill="${colour(randomInt(0, 2) === 0)}"/>`,
    );
  }
  const waveAmp = rnd(1.5, 3.5);
  const waveLen = rnd(28, 48);
  const wavePhase = rnd(0, Math.PI * 2);
  const step = (WIDTH - 16) / answer.length;
  [...answer].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`no glyph for ${ch}`);
    const scale = rnd(2.0, 2.4);
    const angle = (rnd(-20, 20) * Math.PI) / 180;
    const shear = rnd(-0.3, 0.3);
    const cx = 8 + step * i + step / 2 + rnd(-1.5, 1.5);
    const cy = HEIGHT / 2 + rnd(-3, 3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const d = glyph
      .map((stroke) =>
        stroke
          .map(([gx, gy], k) => {
            // Centre the 8 × 12 cell, shear, jitter, scale, rotate, move, then the wave.
            let x = gx - 4 + shear * (gy - 6) + rnd(-0.45, 0.45);
            let y = gy - 6 + rnd(-0.45, 0.45);
            x *= scale * 0.85;
            y *= scale;
            const px = cx + x * cos - y * sin;
            const py = cy + x * sin + y * cos + waveAmp * Math.sin((px / waveLen) * Math.PI * 2 + wavePhase);
            return `${k === 0 ? 'M' : 'L'}${f(px)} ${f(py)}`;
          })
          .join(''),
      )
      .join('');
    parts.push(
      `<path d="${d}" fill="none" stroke="${colour(false)}" stroke-width="${f(rnd(2, 3))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  // Foreground noise: lines across the glyphs.
  for (let i = 0; i < 2; i++) parts.push(noiseCurve(colour(false), rnd(0.7, 1.3)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

function noiseCurve(stroke: string, width: number): string {
  const y = () => f(rnd(2, HEIGHT - 2));
  return `<path d="M${f(rnd(0, 10))} ${y()}C${f(rnd(20, 50))} ${y()} ${f(rnd(70, 110))} ${y()} ${f(rnd(WIDTH - 10, WIDTH))} ${y()}" fill="none" stroke="${stroke}" stroke-width="${f(width)}"/>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
