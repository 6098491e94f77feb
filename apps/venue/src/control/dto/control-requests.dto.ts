import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { API_KEY_PERMISSIONS, ApiKeyPermission } from '../../auth/api-key';
import type { HttpFaultMode, StreamFaultMode } from '../../faults/fault-injector';

const DECIMAL = /^\d+(\.\d+)?$/;

export class CreateAccountDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  label?: string;
}

export class CreateApiKeyDto {
  @IsIn(['HMAC', 'ED25519'])
  kind!: 'HMAC' | 'ED25519';

  /** Chosen by the caller when given (handy for fixed demo keys); random otherwise. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  @MaxLength(128)
  apiKey?: string;

  @IsOptional()
  @IsString()
  @MinLength(16)
  @MaxLength(128)
  secretKey?: string;

  /** Ed25519: the caller's PEM public key; the venue generates a pair when absent. */
  @IsOptional()
  @IsString()
  publicKeyPem?: string;

  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(API_KEY_PERMISSIONS, { each: true })
  permissions?: ApiKeyPermission[];
}

export class DepositDto {
  @IsString()
  accountId!: string;

  @IsString()
  @MinLength(1)
  asset!: string;

  @Matches(DECIMAL, { message: 'amount must be a positive decimal string' })
  amount!: string;
}

export class SetMarkPriceDto {
  @IsString()
  symbol!: string;

  @Matches(DECIMAL, { message: 'price must be a positive decimal string' })
  price!: string;
}

export class AdvanceMarketDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  steps?: number;
}

export class HttpFaultDto {
  @IsIn(['FAIL_BEFORE', 'FAIL_AFTER', 'HANG_AFTER'])
  mode!: HttpFaultMode;

  @IsInt()
  @Min(1)
  count!: number;

  @IsOptional()
  @IsInt()
  @Min(500)
  @Max(599)
  status?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  releaseAfterMs?: number;
}

export class StreamFaultDto {
  @IsIn(['DROP', 'DELAY', 'DUPLICATE', 'REORDER'])
  mode!: StreamFaultMode;

  @IsInt()
  @Min(1)
  count!: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(600_000)
  delayMs?: number;
}

export class CloseStreamsDto {
  @IsOptional()
  @IsString()
  listenKey?: string;
}

export class ForcedRateLimitDto {
  @IsInt()
  @Min(1)
  count!: number;

  @IsOptional()
  @IsString()
  apiKey?: string;
}

export class ClockSkewDto {
  @IsInt()
  @Min(-86_400_000)
  @Max(86_400_000)
  skewMs!: number;
}

export class MatchingPauseDto {
  @IsBoolean()
  paused!: boolean;
}
