import { Transform } from 'class-transformer';

/** A boolean query parameter: exactly "true" or "false" (anything else stays and fails @IsBoolean). */
export const QueryBoolean = () =>
  Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));
