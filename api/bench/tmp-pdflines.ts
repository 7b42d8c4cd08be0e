import fs from 'node:fs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { pageLines } from '../src/experts/parsing/pdf.ts'
const [file, ...which] = process.argv.slice(2)
const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), fontExtraProperties: true, verbosity: 0 }).promise
console.log((await doc.getMetadata()).info)
for (const n of which.map(Number)) {
  const lines = pageLines((await (await doc.getPage(n)).getTextContent()).items.filter((i: any) => 'str' in i) as any)
  console.log(`--- page ${n} (${lines.length} lines)`)
  for (const l of lines.slice(0, 12)) console.log(`${l.size.toFixed(1)} ${l.font} ${l.y.toFixed(0)} ${JSON.stringify(l.text.slice(0, 120))}`)
}
