/** What a CSV cell may hold: the response DTOs' scalar fields and string lists. */
export type CsvValue = string | number | boolean | null | undefined | readonly string[] | object;

function cellText(value: Exclude<CsvValue, null | undefined>): string {
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formula starts defused. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = cellText(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula; numbers stay as they are.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
