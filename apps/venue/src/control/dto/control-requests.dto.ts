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
  registerDecorator,
  ValidationArguments,
} from 'class-validator';
import { API_KEY_PERMISSIONS, ApiKeyPermission } from '../../auth/api-key';
import type { HttpFaultMode, StreamFaultMode } from '../../faults/fault-injector';

const DECIMAL = /^\d+(\.\d+)?$/;

/** Amounts per asset, e.g. `{ "USDT": "10000", "BTC": "1" }`. */
function IsAssetAmounts(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isAssetAmounts',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.entries(value).every(
            ([asset, amount]) =>
              /^[A-Z0-9]{1,20}$/.test(asset) && typeof amount === 'string' && DECIMAL.test(amount),
          ),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'deposits'} must map asset names to positive decimal strings`,
      },
    });
}

export class CreateAccountDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  label?: string;

  /** Credited to the spot trading account at creation. */
  @IsOptional()
  @IsAssetAmounts()
  spotDeposits?: Record<string, string>;

  /** Credited to the futures account at creation. */
  @IsOptional()
  @IsAssetAmounts()
  futuresDeposits?: Record<string, string>;

  /** Creates a key of this kind with the account (HMAC or ED25519, all permissions). */
  @IsOptional()
  @IsIn(['HMAC', 'ED25519'])
  keyKind?: 'HMAC' | 'ED25519';
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

export class SettleFundingDto {
  /** One perpetual; every perpetual when absent. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  symbol?: string;

  /** Overrides the published rate for this settlement; negative makes SHORT pay LONG. */
  @IsOptional()
  @Matches(/^-?\d+(\.\d+)?$/, { message: 'rate must be a decimal string, e.g. "0.0001" or "-0.0003"' })
  rate?: string;
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

export class RawStreamFrameDto {
  @IsOptional()
  @IsString()
  listenKey?: string;

  @IsString()
  @MinLength(1)
  @MaxLength(65536)
  text!: string;
}

export class WireSwitchesDto {
  @IsOptional()
  @IsBoolean()
  futuresTradesWithoutTicketId?: boolean;
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
