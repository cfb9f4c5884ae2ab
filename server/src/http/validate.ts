import { isErrorCode } from '@saldo/contract/errors/errors';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { ApiError } from './errors.ts';
import { controlCharacterPath } from './text.ts';

/**
 * hono-openapi's validator (so the schema lands in /api/openapi.json) answering with our error shape.
 * A failed rule whose message is an error code (e.g. CONTROL_CHARACTERS) answers with that code.
 * A valid value is still refused when any string in it holds a control character.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends StandardSchemaV1>(
  target: Target,
  schema: Schema,
) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const issues = (result.error as ReadonlyArray<StandardSchemaV1.Issue>).map((i) => ({
        path: (i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)).join('.'),
        message: i.message,
      }));
      const coded = issues.find((i) => isErrorCode(i.message));
      throw new ApiError(coded && isErrorCode(coded.message) ? coded.message : 'VALIDATION_FAILED', issues);
    }
    const path = controlCharacterPath(result.data);
    if (path !== null) throw new ApiError('CONTROL_CHARACTERS', [{ path, message: 'CONTROL_CHARACTERS' }]);
  });
}
