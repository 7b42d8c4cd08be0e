/**
 * A tenant logo before it is stored: PNG and WebP are decoded and re-encoded (at most 512 px a
 * side, metadata dropped) by the same locked-down libvips as chat images; an SVG is parsed and
 * rebuilt from an allowlist of drawing elements and attributes (no script, foreignObject, use,
 * href, style or event handler, no url() but to its own gradients), never rasterised.
 */
import sanitizeHtml from 'sanitize-html'
import sharp from 'sharp'
import { ApiError } from '../errors.ts'
// Importing it also applies its libvips allowlist (JPEG, PNG and WebP loaders only) to logos.
import { inImageTurn } from './images.ts'
import { assertFewTags } from './sanitize.ts'

export const LOGO_MAX_BYTES = 512 * 1024
const LOGO_MAX_SIDE = 512
export const LOGO_TYPES = 'PNG, WebP or SVG'

export interface CleanLogo {
  mediaType: 'image/png' | 'image/webp' | 'image/svg+xml'
  bytes: Uint8Array
}

const refuse = (message: string) => new ApiError('unsupported_media_type', message, { field: 'logo' })

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'title',
  'desc',
  'clipPath',
]
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-rule',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'clip-path',
  'clip-rule',
  'id',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'preserveAspectRatio',
]

function cleanSvg(input: Uint8Array): CleanLogo {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(input)
  assertFewTags(text, 'logo')
  const clean = sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    disallowedTagsMode: 'discard',
    // Only references to the logo's own gradients and clip paths.
    exclusiveFilter: (frame) =>
      Object.values(frame.attribs).some((value) => /url\(\s*['"]?(?!#)|javascript:|data:/i.test(value)),
  }).trim()
  if (!/^<svg[\s>]/.test(clean) || !clean.endsWith('</svg>')) throw refuse(`The logo must be a ${LOGO_TYPES} image.`)
  if (!/<(path|rect|circle|ellipse|line|polyline|polygon|text)[\s>/]/.test(clean)) {
    throw refuse('The SVG logo draws nothing once scripts and outside references are removed.')
  }
  return { mediaType: 'image/svg+xml', bytes: new TextEncoder().encode(clean) }
}

const isSvg = (input: Uint8Array) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(new TextDecoder().decode(input.slice(0, 4096)))

export async function cleanLogo(input: Uint8Array): Promise<CleanLogo> {
  if (input.length === 0) throw new ApiError('invalid_input', 'The logo file is empty.', { field: 'logo' })
  if (input.length > LOGO_MAX_BYTES) {
    throw new ApiError('payload_too_large', 'The logo is too large: at most 512 KB.', { field: 'logo' })
  }
  if (isSvg(input)) return cleanSvg(input)
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: 25_000_000, failOn: 'error' }).metadata()).format
  } catch {
    throw refuse(`The logo must be a ${LOGO_TYPES} image.`)
  }
  if (format !== 'png' && format !== 'webp') throw refuse(`The logo must be a ${LOGO_TYPES} image.`)
  try {
    const pipeline = sharp(input, { limitInputPixels: 25_000_000, failOn: 'error', animated: false }).resize({
      width: LOGO_MAX_SIDE,
      height: LOGO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    return format === 'png'
      ? { mediaType: 'image/png', bytes: await inImageTurn(() => pipeline.png().toBuffer()) }
      : { mediaType: 'image/webp', bytes: await inImageTurn(() => pipeline.webp({ quality: 90 }).toBuffer()) }
  } catch {
    throw refuse('The logo image is damaged.')
  }
}

/** The manifest's `sizes` of a stored logo: "any" for an SVG, its pixel size otherwise. */
export async function logoSizes(logo: { media_type: string; bytes: Uint8Array }): Promise<string> {
  if (logo.media_type === 'image/svg+xml') return 'any'
  const { width, height } = await sharp(logo.bytes).metadata()
  return `${width}x${height}`
}
