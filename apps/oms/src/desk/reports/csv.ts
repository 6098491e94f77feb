/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formula starts defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value)
    ? value.join(' ')
    : value instanceof Date
      ? value.toISOString()
      : String(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula; numbers stay as they are.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
