import { BadRequestException, NotFoundException } from '@nestjs/common';
import { DeskError, DeskErrorCode } from './desk-error';
import { httpStatusOf } from './desk-error-status';
import { toDeskError } from './to-desk-error';

describe('toDeskError', () => {
  it('keeps a DeskError as it is', () => {
    const error = new DeskError(DeskErrorCode.ORDER_NOT_FOUND, 'no order', { field: 'id' });
    expect(toDeskError(error)).toBe(error);
  });

  it.each([
    [
      'malformed JSON (as Nest maps body-parser)',
      new BadRequestException('Unexpected end of JSON input'),
      'MALFORMED_JSON',
      400,
    ],
    [
      'an oversized body',
      Object.assign(new Error('too large'), { type: 'entity.too.large', status: 413 }),
      'PAYLOAD_TOO_LARGE',
      413,
    ],
    ['an unknown route', new NotFoundException('Cannot GET /x'), 'NOT_FOUND', 404],
    ['a bad percent-encoding', new BadRequestException('Failed to decode param'), 'VALIDATION_FAILED', 400],
  ])('maps %s to its code', (_what, thrown, code, status) => {
    const error = toDeskError(thrown);
    expect(error.code).toBe(code);
    expect(httpStatusOf(error.code)).toBe(status);
  });

  it('hides the detail of an unexpected fault (it may carry a secret)', () => {
    const error = toDeskError(new Error('connect to postgres://oms:s3cret@db failed'));
    expect(error.code).toBe(DeskErrorCode.INTERNAL_ERROR);
    expect(error.message).not.toContain('s3cret');
  });
});
