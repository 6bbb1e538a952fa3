/**
 * The application/json body parser: Fastify's own (secure-json-parse, prototype poisoning
 * refused) behind a depth scan of the text. JSON.parse itself copes with deep nesting, but the
 * schema check, the structured clone to a worker thread and any walker after it recurse, so a
 * 20 KB body of 10 000 nested brackets is refused here, by a loop over the text, as 400
 * INPUT_TOO_DEEP naming the limit (MAX_JSON_DEPTH).
 */
import type { FastifyInstance } from 'fastify';
import { jsonTextDepth } from '../tools/contract/input-guard.js';

export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'NEQSIM_JSON_TOO_DEEP';
  constructor(readonly maxDepth: number) {
    super(`The request body is nested more than ${maxDepth} levels deep; the limit is ${maxDepth} (MAX_JSON_DEPTH)`);
    this.name = 'JsonTooDeepError';
  }
}

export function installJsonBodyParser(app: FastifyInstance, maxDepth: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonTextDepth(text, maxDepth) > maxDepth) {
      done(new JsonTooDeepError(maxDepth), undefined);
      return;
    }
    parse(req, text, done);
  });
}
