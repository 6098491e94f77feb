import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The format an export answers in: `format` when given, else JSON when the client
 * accepts JSON and not CSV, else CSV (what an export answered before it had a choice).
 */
export function exportFormatOf(format: ExportFormat | undefined, accept: string | undefined): ExportFormat {
  if (format !== undefined) return format;
  const accepts = accept ?? '';
  return /\bapplication\/json\b/.test(accepts) && !/\btext\/csv\b/.test(accepts) ? 'json' : 'csv';
}

/** The `format` query parameter of an export route. */
export function ExportFormatField(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      enum: EXPORT_FORMATS,
      description: 'csv (default) or json; without it, `Accept: application/json` answers JSON',
    })(target, key);
    IsOptional()(target, key);
    IsIn(EXPORT_FORMATS, { message: `format must be one of: ${EXPORT_FORMATS.join(', ')}` })(target, key);
  };
}
