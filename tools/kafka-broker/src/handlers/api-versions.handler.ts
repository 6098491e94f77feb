import { SUPPORTED_API_VERSIONS } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { RequestHandler } from './broker-context';

/**
 * The ApiVersions answer. Versions 1 and 2 add the throttle time; an unsupported
 * version gets the version 0 layout with UNSUPPORTED_VERSION, which is what makes a
 * client fall back to an older ApiVersions.
 */
export function writeApiVersions(apiVersion: number, errorCode: ErrorCode): WireWriter {
  const writer = new WireWriter().int16(errorCode);
  writer.array([...SUPPORTED_API_VERSIONS.entries()], (w, [apiKey, version]) => {
    const minVersion = apiKey === 18 ? 0 : version;
    w.int16(apiKey).int16(minVersion).int16(version);
  });
  if (apiVersion >= 1 && errorCode === ErrorCode.NONE) writer.int32(0);
  return writer;
}

export const handleApiVersions: RequestHandler = (_reader, request) =>
  writeApiVersions(request.apiVersion, ErrorCode.NONE);
