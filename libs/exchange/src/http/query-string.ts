/** A parameter value as the client passes it; `undefined` parameters are left out. */
export type ParamValue = string | number | boolean | undefined;
export type RequestParams = Readonly<Record<string, ParamValue>>;

/**
 * Encodes parameters in insertion order as `k=v&k=v`. The venue checks the signature
 * against the string exactly as received, so this one function produces both what is
 * signed and what is sent. Commas stay literal so comma-separated id lists read the
 * same on both sides.
 */
export function encodeParams(params: RequestParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    parts.push(`${encodeComponent(key)}=${encodeComponent(String(value))}`);
  }
  return parts.join('&');
}

function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

export function joinQuery(...pieces: string[]): string {
  return pieces.filter((piece) => piece.length > 0).join('&');
}
