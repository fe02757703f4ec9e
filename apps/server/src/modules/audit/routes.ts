import type { FastifyPluginAsync } from 'fastify';
import { calls } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { presentPage } from '../common/present';
import { presentAuditEntry } from './present';
import { auditPage } from './service';

/** The audit log, read-only, for admins. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.adminAudit, async (request, _reply, { db }) => {
    const { staff, action, ...paging } = request.query;
    return ok(presentPage(await auditPage(db, { ...(staff ? { staff } : {}), ...(action ? { action } : {}) }, paging), paging, presentAuditEntry));
  });
};
