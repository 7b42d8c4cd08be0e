import { MIMEType } from 'node:util'
import { ApiError } from '../errors.ts'

/**
 * Parts a form may hold: a question's fields and images, a file with its id and kind. Forms are
 * parsed on the event loop at a few microseconds a part, so 31 MB of empty parts held it for four
 * seconds, on the local sign-in, which takes a form from anyone.
 */
const MAX_PARTS = 32

/** The boundary a multipart body's parts are split on, read as the fetch body parser reads it (WHATWG MIME). */
function boundaryOf(contentType: string): string | null {
  try {
    const mime = new MIMEType(contentType)
    return mime.essence === 'multipart/form-data' ? mime.params.get('boundary') : null
  } catch {
    return null
  }
}

/**
 * The request's form (multipart or urlencoded), or null when its body is no form. A multipart
 * body of more than MAX_PARTS parts is refused before it is parsed: its delimiters are counted.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get('content-type') ?? ''
  const body = Buffer.from(await request.arrayBuffer())
  const boundary = boundaryOf(type)
  if (boundary) {
    // A delimiter opens each part and one more closes the form; all but the first follow a CRLF
    // (so a short boundary met by chance inside an image is not counted).
    const delimiter = Buffer.from(`\r\n--${boundary}`)
    let seen = 1
    for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, at + delimiter.length)) {
      if (++seen > MAX_PARTS + 1) {
        throw new ApiError(
          'payload_too_large',
          `The form holds more than ${MAX_PARTS} parts. Send only its fields and files.`,
        )
      }
    }
  }
  return new Response(body, { headers: { 'content-type': type } }).formData().catch(() => null)
}
