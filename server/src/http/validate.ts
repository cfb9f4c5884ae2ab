import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { ApiError } from './errors.ts';

/** hono-openapi's validator (so the schema lands in /api/openapi.json) answering with our error shape. */
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
      throw new ApiError('VALIDATION_FAILED', issues);
    }
  });
}
