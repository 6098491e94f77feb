import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsIsoTime } from './iso-time-input';

/** `?asOf=`: the state as the OMS knew it at that time. */
export class AsOfRequest {
  @ApiPropertyOptional({ description: 'ISO-8601: the state as the OMS knew it then' })
  @IsOptional()
  @IsIsoTime('asOf')
  asOf?: string;
}
