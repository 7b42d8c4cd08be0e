// One-off: draws the app mark as SVG and renders the PNG icons the manifest and iOS ask for with
// headless Chromium. Re-run after changing the mark: `node scripts/render-icons.mjs`.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const out = path.resolve(import.meta.dirname, '../web/public/icons')

/** A gyro rotor above two waves. `inset` shrinks the mark for maskable icons' safe zone. */
function mark({ rounded, inset = 1 }) {
  const shift = (512 * (1 - inset)) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="#0f766e"/>
  <g transform="translate(${shift} ${shift}) scale(${inset})" fill="none" stroke-linecap="round">
    <circle cx="256" cy="200" r="92" stroke="#ccfbf1" stroke-width="28"/>
    <path d="M140 200h232" stroke="#ccfbf1" stroke-width="20"/>
    <circle cx="256" cy="200" r="28" fill="#ccfbf1" stroke="none"/>
    <path d="M88 352q42-38 84 0t84 0t84 0t84 0" stroke="#ffffff" stroke-width="28"/>
    <path d="M88 420q42-38 84 0t84 0t84 0t84 0" stroke="#5eead4" stroke-width="24"/>
  </g>
</svg>
`
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark({ rounded: true }) },
  { file: 'icon-512.png', size: 512, svg: mark({ rounded: true }) },
  // Maskable: full-bleed background, mark inside the central 80% circle the launcher keeps.
  { file: 'icon-maskable-512.png', size: 512, svg: mark({ rounded: false, inset: 0.72 }) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon-180.png', size: 180, svg: mark({ rounded: false, inset: 0.86 }) },
]

writeFileSync(path.join(out, 'icon.svg'), mark({ rounded: true }))
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    const sized = icon.svg.replace('width="512" height="512"', `width="${icon.size}" height="${icon.size}"`)
    await page.setContent(`<style>*{margin:0}body{background:transparent}svg{display:block}</style>${sized}`)
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true })
    await page.close()
    console.log(`wrote web/public/icons/${icon.file}`)
  }
} finally {
  await browser.close()
}
