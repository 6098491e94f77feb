import { RawData } from 'ws';

/** The text of a WebSocket message, whichever buffer shape `ws` delivered it in. */
export function websocketText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
