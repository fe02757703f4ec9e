import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, translate, type ErrorCode, type TEnvelopeError, type TTimesharError } from '@tidemark/protocol';
import { Rejection } from '../rejection';

/** The success envelope. */
export function ok<T>(message: T): { type: 'ok'; message: T } {
  return { type: 'ok', message };
}

/** Thrown when the session is missing, unknown, revoked or idle too long: answered as type 999. */
export class SessionInvalid extends Error {}

const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

function toRejection(error: FastifyError): Rejection | undefined {
  if (error instanceof Rejection) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    if (first.message && isErrorCode(first.message)) return new Rejection(first.message);
    const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    return new Rejection('invalid_field', { field });
  }
  if (error.statusCode === 429) return new Rejection('rate_limited');
  // malformed bodies, wrong content types, too large payloads: the client's fault, not ours
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new Rejection('bad_request');
  }
  return undefined;
}

/**
 * Every answer is HTTP 200 with `{ type, message }`: rejections are translated into the
 * request's language, a lost session is type 999, and nothing internal ever reaches the client.
 */
export const envelopePlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let body: TEnvelopeError;
    if (error instanceof SessionInvalid) {
      body = { type: '999', code: 'session_invalid', message: translate(request.lang, 'session_invalid') };
    } else {
      const rejection = toRejection(error);
      if (!rejection) request.log.error({ err: error }, 'request failed');
      const code = rejection?.code ?? 'internal';
      body = { type: 'error', code, message: translate(request.lang, code, rejection?.params) };
    }
    // a chart call's refusal is read at the top level: code -1 and no data
    const answer: TEnvelopeError | TTimesharError =
      request.routeOptions.config.call?.answer === 'chart'
        ? { type: body.type, code: -1, msg: body.message, data: [], message: body.message, reason: body.code }
        : body;
    // pre-serialized: the route's response schema describes its success answer, not this one
    return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });
});
