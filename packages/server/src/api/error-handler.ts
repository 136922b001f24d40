import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { EngineError, ResultSizeError } from '../engines/types.js';
import { isMetadataUnavailable, METADATA_UNAVAILABLE_MESSAGE } from '../metadata/unavailable.js';
import { PostProcessingError } from '../query/postprocessing/errors.js';
import { ApiError } from './errors.js';

/**
 * One error shape for every failure: `{message}` (a text, or field -> messages for validation),
 * with the status of the failure. Unexpected errors are logged and answered 500 without details.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, req, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(error.body ?? { message: error.message });
    }
    if (error instanceof ResultSizeError) {
      // A result refused by an engine before it was read (issue 16 point 2), wherever it ran.
      return reply.code(422).send({ message: 'The result is too large to be read.' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_schema';
        const key = `${error.validationContext ?? 'body'}${where === '_schema' ? '' : `.${where}`}`;
        (fields[key] ??= []).push(v.message ?? 'Invalid value');
      }
      return reply.code(400).send({ message: fields });
    }
    const fe = error as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Bad request: the body is not valid JSON'
          : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large'
            : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : isFrameworkError(fe)
                ? error.message
                : 'Bad request';
      return reply.code(status).send({ message });
    }
    if (!(error instanceof EngineError) && isMetadataUnavailable(error)) {
      req.log.warn({ reason: error.message }, 'metadata store unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: METADATA_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}

/**
 * Fastify's own client errors (codes `FST_…`) carry messages written for clients; any other
 * error that happens to carry a 4xx status may hold internal text, which is not echoed.
 */
function isFrameworkError(error: FastifyError): boolean {
  if (error instanceof PostProcessingError) return true; // its messages are written for clients
  return typeof error.code === 'string' && error.code.startsWith('FST_');
}
