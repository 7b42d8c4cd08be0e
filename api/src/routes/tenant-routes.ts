import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { adminRoutes } from './admin.ts'
import { adminSystemRoutes } from './admin-system.ts'
import { attachmentRoutes } from './attachments.ts'
import { caseReportRoutes } from './case-report.ts'
import { caseRoutes } from './cases.ts'
import { conversationRoutes } from './conversations.ts'
import { documentRoutes } from './documents.ts'
import { embeddingRoutes } from './embeddings.ts'
import { expertRoutes } from './experts.ts'
import { reportRoutes } from './reports.ts'
import { stagedUploadRoutes } from './staged-uploads.ts'
import { syncRoutes } from './sync.ts'
import { synonymRoutes } from './synonyms.ts'
import { trainingRoutes } from './training.ts'
import { trainingReviewRoutes } from './training-review.ts'
import { userRoleRoutes } from './user-role.ts'

/** Every /api/t/:tenant/* resource; requireMember has already set the actor. */
export const tenantRoutes = new Hono<AppEnv>()
tenantRoutes.route('/', userRoleRoutes)
tenantRoutes.route('/', adminRoutes)
tenantRoutes.route('/', adminSystemRoutes)
tenantRoutes.route('/', conversationRoutes)
tenantRoutes.route('/', caseRoutes)
tenantRoutes.route('/', trainingRoutes)
tenantRoutes.route('/', stagedUploadRoutes)
tenantRoutes.route('/', trainingReviewRoutes)
tenantRoutes.route('/', reportRoutes)
tenantRoutes.route('/', documentRoutes)
tenantRoutes.route('/', synonymRoutes)
tenantRoutes.route('/', embeddingRoutes)
tenantRoutes.route('/', attachmentRoutes)
tenantRoutes.route('/', caseReportRoutes)
tenantRoutes.route('/sync', syncRoutes)
tenantRoutes.route('/experts', expertRoutes)
