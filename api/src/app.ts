import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { LIMITS } from '@mw/sync-protocol'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppDeps, AppEnv } from './app-env.ts'
import { hasSessionCookie } from './auth/sessions.ts'
import { ApiError, fromDatabaseError } from './errors.ts'
import { listenForStops } from './experts/answer-stored-message.ts'
import { inlineScriptHashes } from './lib/inline-scripts.ts'
import { inProcessSignals } from './lib/instance-signals.ts'
import { builtAnswer, jsonAnswer } from './lib/json-answer.ts'
import { createMetrics } from './lib/metrics.ts'
import { answerHeaders } from './middleware/answer-headers.ts'
import { loadUser, requireMember, sameOriginWrites } from './middleware/auth.ts'
import { bodyLimit, isMultipart } from './middleware/body-limit.ts'
import { compressAnswers } from './middleware/compress.ts'
import { idempotency } from './middleware/idempotency.ts'
import { createRateLimits } from './middleware/rate-limit.ts'
import { requestLog } from './middleware/request-log.ts'
import { REPO_ROOT } from './paths.ts'
import { authRoutes } from './routes/auth.ts'
import { brandingRoutes } from './routes/branding.ts'
import { healthRoutes } from './routes/health.ts'
import { metricsRoutes } from './routes/metrics.ts'
import { openApiRoutes } from './routes/openapi.ts'
import { tenantRoutes } from './routes/tenant-routes.ts'

const COMPRESSIBLE =
  /^(application\/(json|javascript|manifest\+json)|text\/(html|css|javascript|plain)|image\/svg\+xml)\b/

/** Builds the whole app: API under /api, the built PWA (if present) for everything else. */
export function createApp(deps: AppDeps) {
  deps.metrics ??= createMetrics()
  deps.signals ??= inProcessSignals()
  listenForStops(deps)
  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use(requestLog)
  // Satellite links: JSON, HTML, scripts and styles above 1 KB go brotli- or gzip-compressed to
  // clients that ask. Answer streams (text/event-stream) are left out so each event still arrives as written.
  app.use(compressAnswers({ threshold: 1024, types: COMPRESSIBLE }))
  app.use(answerHeaders(inlineScriptHashes(path.join(webRoot(deps), 'index.html'))))
  app.use('/api/*', async (c, next) => {
    await next()
    if (builtAnswer(c.res)) return
    // Set on the answer's own headers: c.header() after next() would copy the whole response.
    const { headers } = c.res
    // Answers are per user and change: never stored, unless a route says otherwise (a manual's file).
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
    // Any answer may be compressed; said here, compress() need not copy the response to say it.
    const vary = headers.get('Vary')
    if (!/accept-encoding|\*/i.test(vary ?? ''))
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  })
  app.route('/', healthRoutes)
  app.route('/', metricsRoutes)
  app.route('/api', openApiRoutes)
  // No tenant, id or name holds a NUL character (PostgreSQL could not even look one up).
  app.use('/api/*', async (c, next) => {
    if (/%00/i.test(c.req.url.split('?', 1)[0] ?? '')) throw new ApiError('not_found', 'There is no such API call.')
    await next()
  })
  app.use('/api/*', loadUser, sameOriginWrites)
  const multipartLimit = bodyLimit(LIMITS.multipartBodyMaxBytes)
  const pushLimit = bodyLimit(LIMITS.pushBodyMaxBytes)
  const jsonLimit = bodyLimit(LIMITS.jsonBodyMaxBytes)
  // The sync push alone may carry an offline chat message with its images (LIMITS.pushBodyMaxBytes),
  // multipart questions their image files; any other body (also one sent without Content-Length) 1 MB.
  const isSyncPush = (path: string) => /^\/api\/t\/[^/]+\/sync\/push$/.test(path)
  // Manuals stream to disk under their own limit (KB_MAX_UPLOAD_MB, documents/upload.ts); only
  // as multipart: any other body there would be read whole by idempotency's hash, before any role check.
  const isDocumentUpload = (path: string) =>
    /^\/api\/t\/[^/]+\/(experts\/[^/]+\/documents|documents\/[^/]+\/file)$/.test(path)
  app.use('/api/*', (c, next) => {
    const multipart = isMultipart(c.req.header('content-type'))
    if (multipart && isDocumentUpload(c.req.path)) return next()
    if (isSyncPush(c.req.path)) return pushLimit(c, next)
    return (multipart ? multipartLimit : jsonLimit)(c, next)
  })
  app.use('/api/*', idempotency)

  const limits = createRateLimits()
  app.use('/api/login/*', limits.signIn)
  app.use('/api/callback', limits.signIn)
  app.route('/api', authRoutes)
  app.route('/api', brandingRoutes)
  app.use('/api/t/:tenant/*', requireMember, limits.tenant)
  app.route('/api/t/:tenant', tenantRoutes)
  app.all('/api/*', () => {
    throw new ApiError('not_found', 'There is no such API call.')
  })

  serveWeb(app, deps)
  // Only non-GET requests to pages get here (every GET has the SPA fallback): still the JSON error body.
  app.notFound((c) =>
    jsonAnswer(c, new ApiError('not_found', 'There is no such page or call.').toBody(), { status: 404 }),
  )

  app.onError((caught, c) => {
    const error = fromDatabaseError(caught) ?? caught
    if (error instanceof ApiError) {
      const headers = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined
      return jsonAnswer(c, error.toBody(), { status: error.status, headers })
    }
    if (error instanceof HTTPException) {
      const status = error.status
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 401
            ? 'unauthorized'
            : status < 500
              ? 'bad_request'
              : 'internal'
      const message =
        error.message && status < 500 ? `${error.message.replace(/\.?$/, '.')}` : 'The request could not be handled.'
      return jsonAnswer(c, { error: { code, message } }, { status })
    }
    deps.log.error(
      { err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path },
      'unhandled error',
    )
    return jsonAnswer(
      c,
      {
        error: {
          code: 'internal',
          message: 'Something went wrong on the server. Try again; if it keeps failing, tell your administrator.',
        },
      },
      { status: 500 },
    )
  })
  return app
}

/** Serves web/dist with the SPA fallback; sw.js is never cached by HTTP so updates are found. */
const webRoot = (deps: AppDeps) => path.resolve(deps.env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'))

function serveWeb(app: Hono<AppEnv>, deps: AppDeps) {
  const root = webRoot(deps)
  const index = path.join(root, 'index.html')
  app.use('/sw.js', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-cache')
  })
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  // A signed-out first visit gets the landing prerendered in its HTML (web/landing.html), not the
  // app: it shows and signs in before any script arrives over a slow link. The app is what a
  // session gets, and what the service worker opens once installed.
  if (fs.existsSync(path.join(root, 'landing.html'))) {
    const landing = serveStatic({
      root: path.relative(process.cwd(), root) || '.',
      path: 'landing.html',
      precompressed: true,
    })
    app.get('*', async (c, next) => {
      const page = c.req.path === '/' || c.req.path === '/t' || c.req.path.startsWith('/t/')
      if (!page || !c.req.header('accept')?.includes('text/html')) return next()
      c.header('Vary', 'Cookie', { append: true })
      c.header('Cache-Control', 'no-cache')
      return hasSessionCookie(c) ? next() : landing(c, next)
    })
  }
  // Brotli or gzip copies made at build time (scripts/precompress.mjs) go out as they are.
  if (fs.existsSync(root)) {
    app.use('/*', serveStatic({ root: path.relative(process.cwd(), root) || '.', precompressed: true }))
  }
  app.get('*', (c) => {
    // A build file that is not there (an old page asking for a replaced chunk) must not get the HTML shell.
    if (c.req.path.startsWith('/assets/')) {
      throw new ApiError(
        'not_found',
        'This app file does not exist any more. Reload the page to get the current version.',
      )
    }
    if (!fs.existsSync(index)) {
      return c.html(
        '<!doctype html><title>Marine Workbench</title><p>Marine Workbench API is running. The web app is not built yet: run <code>npm start</code>.</p>',
      )
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(fs.readFileSync(index, 'utf8'))
  })
}
