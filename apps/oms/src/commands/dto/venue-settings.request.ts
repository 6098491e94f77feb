import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { DecimalField } from './decimal-field';

const POSITION_SIDES = ['LONG', 'SHORT'] as const;
const TRIGGERS = ['MARK_PRICE', 'CONTRACT_PRICE'] as const;

const unlessAbsent = (_request: object, value: unknown): boolean => value !== undefined;

/** POST /v1/spot/orders/cancel-all and /v1/futures/orders/cancel-all. */
export class CancelAllRequest {
  @ApiProperty({ example: 'demo' }) @IsString() @MinLength(1) account!: string;
  // Absent widens the cancel to every symbol (or side); a null is refused rather than read
  // as absent (@IsOptional would let it through), so a slip never cancels more than asked.
  @ApiPropertyOptional({ example: 'BTCUSDT' })
  @ValidateIf(unlessAbsent)
  @IsString()
  @MinLength(1)
  symbol?: string;
  @ApiPropertyOptional({ enum: ['BUY', 'SELL'] })
  @ValidateIf(unlessAbsent)
  @IsIn(['BUY', 'SELL'])
  side?: 'BUY' | 'SELL';
}

/** POST /v1/spot/orders/cancel-by-ids and /v1/futures/orders/cancel-by-ids. */
export class CancelByIdsRequest {
  @ApiProperty({ example: 'demo' }) @IsString() @MinLength(1) account!: string;
  @ApiProperty({ type: [String], description: 'OMS order ids, up to 100' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  ids!: string[];
}

class FuturesSymbolRequest {
  @ApiProperty({ example: 'demo' }) @IsString() @MinLength(1) account!: string;
  @ApiProperty({ example: 'BTCUSDT-PERPETUAL' }) @IsString() @MinLength(1) symbol!: string;
}

export class LeverageRequest extends FuturesSymbolRequest {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 1000, example: 10 })
  @IsInt()
  @Min(1)
  @Max(1000)
  leverage!: number;
}

export class MarginTypeRequest extends FuturesSymbolRequest {
  @ApiProperty({ enum: ['CROSS', 'ISOLATED'] }) @IsIn(['CROSS', 'ISOLATED']) marginType!:
    'CROSS' | 'ISOLATED';
}

export class PositionMarginRequest extends FuturesSymbolRequest {
  @ApiProperty({ enum: POSITION_SIDES }) @IsIn(POSITION_SIDES) side!: 'LONG' | 'SHORT';
  @DecimalField('Positive adds isolated margin, negative removes it', { signed: true }) amount!: string;
}

export class TradingStopRequest extends FuturesSymbolRequest {
  @ApiProperty({ enum: POSITION_SIDES }) @IsIn(POSITION_SIDES) side!: 'LONG' | 'SHORT';
  @DecimalField('Take-profit price', { optional: true }) stopProfit?: string;
  @DecimalField('Stop-loss price', { optional: true }) stopLoss?: string;
  @ApiPropertyOptional({ enum: TRIGGERS })
  @IsOptional()
  @IsIn(TRIGGERS)
  tpTriggerBy?: (typeof TRIGGERS)[number];
  @ApiPropertyOptional({ enum: TRIGGERS })
  @IsOptional()
  @IsIn(TRIGGERS)
  slTriggerBy?: (typeof TRIGGERS)[number];
}

/** POST /v1/transfers: internal asset transfer between venue accounts of the key. */
export class TransferRequest {
  @ApiProperty({ example: 'demo' }) @IsString() @MinLength(1) account!: string;
  @ApiProperty() @IsString() @MinLength(1) fromAccountId!: string;
  @ApiProperty() @IsString() @MinLength(1) toAccountId!: string;
  @ApiProperty({ example: 'USDT' }) @IsString() @MinLength(1) coin!: string;
  @DecimalField('Quantity to move') quantity!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() remark?: string;
}
