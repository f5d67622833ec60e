// Writes the install icons of the web app manifest (issue 34) from public/favicon.svg, the one logo:
// 192 and 512 px ("any": the rounded tile as it is), a 512 px maskable one (the wrench inside the
// 80 % safe zone on a full-bleed tile, so a launcher's circle or squircle never cuts it) and the
// 180 px apple-touch-icon. Run after changing the logo: `node apps/web/scripts/make-icons.mjs`;
// the PNGs are committed, so the build does not need sharp.
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const BRAND = '#1c7ed6';
// The wrench path of the logo, drawn on a square tile with no rounded corners, shrunk to 70 %.
const wrench = /<path[^>]*\/>/.exec(logo)?.[0];
if (!wrench) {
  throw new Error('favicon.svg has no <path>: update make-icons.mjs');
}
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${wrench}</g></svg>`;

async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${publicDir}icons/${file}`);
}

await png(logo, 192, 'icon-192.png');
await png(logo, 512, 'icon-512.png');
await png(maskable, 512, 'icon-maskable-512.png');
// iOS draws its own rounded corners over an opaque square.
await png(maskable.replace('scale(0.7)', 'scale(0.8)'), 180, 'apple-touch-icon.png');
console.log('icons written to', `${publicDir}icons/`);
