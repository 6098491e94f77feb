import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ReferenceObject, SchemaObject } from '@nestjs/swagger';

/**
 * A 200 answering `json` as JSON, or the same rows as CSV (by `format` or Accept).
 * `models` are the classes `json` refers to, so that their schemas are in the document.
 */
export function ApiJsonOrCsvOkResponse(
  json: SchemaObject | ReferenceObject,
  ...models: Type<unknown>[]
): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(...models),
    ApiOkResponse({
      description: 'JSON, or CSV with a header line',
      content: {
        'application/json': { schema: json },
        'text/csv': { schema: { type: 'string' } },
      },
    }),
  );
}
