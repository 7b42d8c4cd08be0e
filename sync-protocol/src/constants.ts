/** Shared constants and the limits both sides enforce. */
export const PRODUCT_NAME = 'Marine Workbench'
export const DEFAULT_TENANT = 'demo'
export const FALLBACK_INITIALS = 'MW'

export const ROLES = ['Technician', 'Manager', 'Admin'] as const
export const DEFAULT_ROLE = 'Technician'

export const EXPERTS = ['seakeeper', 'furuno'] as const
export const AGENT_IDS = ['seakeeper', 'furuno', 'master'] as const
export const EXPERT_NAMES = { seakeeper: 'Seakeeper', furuno: 'Furuno', master: 'Master' } as const

export const CASE_STATUSES = ['Open', 'In-Progress', 'Resolved'] as const
export const THEMES = ['slate', 'forest', 'sand'] as const
export const DEFAULT_THEME = 'slate'

/** openai, anthropic and google are the spec's; openai-compatible is a model server on the boat; local is the embedded extractive answerer. */
export const PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible', 'local'] as const

export const DEFAULT_MODEL_CONFIG = {
  primary: { provider: 'openai', model: 'gpt-4o-mini' },
  fallback: null,
  temperature: 0.2,
  maxOutputTokens: 1000,
} as const

export const LIMITS = {
  temperature: { min: 0, max: 2, step: 0.1 },
  maxOutputTokens: { min: 100, max: 4000 },
  logoLettersMax: 2,
  imageMaxBytes: 10 * 1024 * 1024,
  imagesPerMessage: 3,
  imageMaxWidth: 1600,
  imageQuality: 0.8,
  composerMaxHeightPx: 128,
  queryMaxChars: 4000,
  titleMaxChars: 200,
  descriptionMaxChars: 100_000,
  noteMaxChars: 20_000,
  feedbackMaxChars: 2000,
  tagsMax: 20,
  tagMaxChars: 40,
  vesselMaxChars: 120,
  /** Units of equipment on one case, and the length of each of their fields. */
  equipmentUnitsMax: 20,
  equipmentFieldMaxChars: 120,
  /** Photos and files on one case (the service report draws every photo). */
  attachmentsPerCase: 100,
  /** Manuals sent in one upload; the Knowledge tab sends more in several. */
  documentsPerUpload: 20,
  /** Equipment models one manual may be tagged with. */
  documentModelsMax: 30,
  attachmentPdfMaxBytes: 25 * 1024 * 1024,
  /** A file larger than this goes in pieces of this size, so a dropped link loses one piece at most. */
  uploadChunkBytes: 512 * 1024,
  /** JSON bodies above this are refused with 413 before parsing. */
  jsonBodyMaxBytes: 1024 * 1024,
  /** Multipart stream bodies: three 10 MB images plus the text fields. */
  multipartBodyMaxBytes: 31 * 1024 * 1024 + 64 * 1024,
  /** A 10 MB image as a data URL: base64 is 4/3 of the bytes, plus the `data:image/…;base64,` prefix. */
  imageDataUrlMaxChars: Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64,
  /**
   * A sync push may carry an offline chat message with three full-size images as data URLs, so
   * /sync/push alone accepts that much JSON; every other JSON body keeps jsonBodyMaxBytes.
   */
  pushBodyMaxBytes: 3 * (Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64) + 1024 * 1024,
  pushBatchMax: 50,
  pullPageMax: 1000,
  pullPageDefault: 500,
} as const

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const MOBILE_BREAKPOINT_PX = 768
export const RECENT_CONVERSATIONS = { dashboard: 5, desktop: 5, mobile: 3 } as const
export const CASE_ID_SUFFIX_LENGTH = 8

/** Local data untouched for this long is pruned from the device (the 6-month offline window). */
export const RETENTION_DAYS = 183
/** The server keeps change log, tombstones, mutation ids and idempotency keys longer than any device may stay offline. */
export const SERVER_LOG_RETENTION_DAYS = 200

export const TIMINGS = {
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  tooltipDelayMs: 700,
  scrollAreaHideDelayMs: 600,
  reloadAfterBrandingSaveMs: 500,
  redirectAfterUnauthorizedMs: 500,
} as const

export const PENDING_MESSAGE_KEY = 'mw.pendingMessage'
