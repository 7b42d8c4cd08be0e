import { draftRequestSchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { assertManagerOrAdmin } from '../auth/actor.ts'
import {
  findAssignmentById,
  findTenantTrainingSet,
  findTrainingImage,
  insertTrainingImage,
} from '../db/queries/training.ts'
import { ApiError, notFound } from '../errors.ts'
import { readForm } from '../lib/form.ts'
import { newId } from '../lib/ids.ts'
import { reencodeImage } from '../lib/images.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { now } from '../lib/time.ts'
import { validate } from '../middleware/validate.ts'
import { draftTraining } from '../training/draft-material.ts'
import { assignmentResults } from '../training/results.ts'

/**
 * A manager's side of training: questions drafted from real work to review before they are saved,
 * images for image-label questions (re-encoded, without metadata), and how the people an
 * assignment covers did.
 */
export const trainingReviewRoutes = new Hono<AppEnv>()
  .post('/training/drafts', validate('json', draftRequestSchema), async (c) => {
    const actor = c.get('actor')
    assertManagerOrAdmin(actor, 'Only managers and admins draft training sets.')
    return jsonAnswer(c, await draftTraining(c.get('deps'), actor, c.req.valid('json')))
  })
  .post('/training/images', async (c) => {
    const actor = c.get('actor')
    assertManagerOrAdmin(actor, 'Only managers and admins edit training sets.')
    const file = (await readForm(c.req.raw))?.get('file')
    if (!(file instanceof File)) {
      throw new ApiError('invalid_input', 'Send the image as multipart/form-data in a part named "file".', {
        field: 'file',
      })
    }
    const image = await reencodeImage(new Uint8Array(await file.arrayBuffer()))
    const id = newId()
    await insertTrainingImage(c.get('deps').db, {
      id,
      tenant_slug: actor.tenant,
      media_type: image.mediaType,
      bytes: image.bytes,
      created_by: actor.userId,
      created_at: now(),
    })
    return jsonAnswer(c, { url: `/api/t/${actor.tenant}/training/images/${id}` }, { status: 201 })
  })
  .get('/training/images/:id', async (c) => {
    const actor = c.get('actor')
    const image = await findTrainingImage(c.get('deps').db, actor.tenant, c.req.param('id'))
    if (!image) throw notFound('The image')
    // An image never changes under its id: a device keeps it for good.
    return c.body(new Uint8Array(image.bytes), 200, {
      'Content-Type': image.media_type,
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  .get('/training/assignments/:id/results', async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    assertManagerOrAdmin(actor, "Only managers and admins see people's results.")
    const assignment = await findAssignmentById(db, c.req.param('id'))
    if (!assignment || assignment.tenant_slug !== actor.tenant) throw notFound('The assignment')
    const set = await findTenantTrainingSet(db, actor.tenant, assignment.set_id)
    if (!set) throw notFound('The training set')
    return jsonAnswer(c, await assignmentResults(db, actor.tenant, assignment, set))
  })
