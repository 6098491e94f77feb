import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';

/** `?asOf=`: the state as the OMS knew it at that time. */
export class AsOfRequest {
  @ApiPropertyOptional({ description: 'ISO-8601: the state as the OMS knew it then' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'asOf must be an ISO-8601 time' })
  asOf?: string;
}
