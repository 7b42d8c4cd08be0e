import { Hono } from 'hono'
import { html } from 'hono/html'
import type { AppEnv } from '../app-env.ts'
import { jsonTextAnswer } from '../lib/json-answer.ts'
import { openApiDocument } from '../openapi/document.ts'
import { OPERATIONS } from '../openapi/operations.ts'

let cached: string | null = null

/** The published contract: the OpenAPI document, and a plain reference page generated from it. */
export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    cached ??= JSON.stringify(openApiDocument())
    return jsonTextAnswer(c, cached)
  })
  .get('/docs', (c) => {
    const rows = OPERATIONS.map(
      (op) =>
        html`<tr><td><code>${op.method.toUpperCase()}</code></td><td><code>${op.path}</code></td><td>${op.summary}</td><td>${op.access}</td><td>${op.status}</td></tr>`,
    )
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Marine Workbench API</title></head>
<body><main>
<h1>Marine Workbench API</h1>
<p>The machine-readable contract is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, request and answer schemas included).
Errors are always <code>{"error":{"code","message","field"?}}</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What</th><th>Who</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table>
</main></body></html>`)
  })
