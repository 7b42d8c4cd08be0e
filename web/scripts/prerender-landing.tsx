/**
 * Build step: renders LandingPage into dist/landing.html, so a signed-out first visit over a
 * satellite link shows the landing (and can sign in) from the HTML alone, before any script.
 */
import fs from 'node:fs'
import path from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { LandingPage } from '../src/features/landing/components/landing-page.tsx'

const file = path.join(process.argv[2] ?? 'dist', 'landing.html')
const html = fs.readFileSync(file, 'utf8')
if (!html.includes('<!--landing-->')) throw new Error(`${file} has no <!--landing--> placeholder`)
fs.writeFileSync(file, html.replace('<!--landing-->', renderToStaticMarkup(<LandingPage />)))
console.log(`Prerendered the landing into ${file}`)
