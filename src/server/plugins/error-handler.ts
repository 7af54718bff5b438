/**
 * Every error leaves the server as JSON with a clear message. Client mistakes get
 * the right 4xx and the field messages; server faults are logged in full but the
 * response never carries a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ErrorBody {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

/** Readable messages for Fastify's own client-error codes. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      let formMessage: string | undefined;
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').find(Boolean);
        if (field === undefined) formMessage ??= 'The request body must be a JSON object with the expected fields.';
        else fields[field] ??= issue.message ?? 'This field is not valid.';
      }
      const first = Object.values(fields)[0];
      const where =
        error.validationContext === 'body' || error.validationContext === undefined
          ? ''
          : ` (${error.validationContext})`;
      return reply
        .code(400)
        .send(errorBody(400, (formMessage ?? first ?? 'The request is not valid.') + where, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, FASTIFY_MESSAGES[error.code] ?? error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again in a moment.'));
  });
}
