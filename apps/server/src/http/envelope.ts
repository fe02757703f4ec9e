import fp from 'fastify-plugin';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpErrors } from '../metrics';
import { DEFAULT_LANG, ERROR_CODES, parseLang, translate, type ErrorCode, type TEnvelopeError, type TTimesharError } from '@tidemark/protocol';
import { Rejection } from '../rejection';
import { routeOf } from './metrics';

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
    // every code's message may name the field (`invalid_field`'s does): always fill it
    const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    return new Rejection(first.message && isErrorCode(first.message) ? first.message : 'invalid_field', { field });
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
    httpErrors.inc({ route: routeOf(request), code: body.code });
    // a chart call's refusal is read at the top level: code -1 and no data
    const answer: TEnvelopeError | TTimesharError =
      request.routeOptions.config.call?.answer === 'chart'
        ? { type: body.type, code: -1, msg: body.message, data: [], message: body.message, reason: body.code }
        : body;
    // pre-serialized: the route's response schema describes its success answer, not this one
    return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });
});

/**
 * Requests Node cannot parse into a request at all (headers over 16 KB, a broken request line)
 * never reach Fastify's error handler: answer them on the socket in the envelope too, with the
 * HTTP status Node would give. No header was read, so the language is the default.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const envelope: TEnvelopeError = { type: 'error', code: 'bad_request', message: translate(DEFAULT_LANG, 'bad_request') };
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Requests the router refuses before any hook runs (a path that is no valid URL, a path parameter
 * over the length limit): the envelope's `bad_request`, with the status Fastify would give.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body: TEnvelopeError = { type: 'error', code: 'bad_request', message: translate(parseLang(request.headers.lang), 'bad_request') };
  void reply
    .status(error.statusCode ?? 400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}
