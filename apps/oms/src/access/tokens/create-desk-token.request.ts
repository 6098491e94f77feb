import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { DESK_ROLES, DeskRole } from '../desk-actor';

export class CreateDeskTokenRequest {
  @ApiProperty({ example: 'desk-a-trader', description: 'Unique; letters, digits, "_", "." and "-".' })
  @IsString()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'name must be 1-64 letters, digits, "_", "." or "-"' })
  name!: string;

  @ApiProperty({ enum: DESK_ROLES })
  @IsIn(DESK_ROLES)
  role!: DeskRole;

  @ApiProperty({ type: [String], example: ['demo'], description: 'Account names, or ["*"] for all.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(/^(\*|[A-Za-z0-9_.-]{1,64})$/, { each: true, message: 'accounts must hold account names or "*"' })
  accounts!: string[];

  @ApiPropertyOptional({
    description: 'This token’s own request limit per minute, kept by each OMS process on its own.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  requestsPerMinute?: number;
}

export class CreatedDeskTokenResponse {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: DESK_ROLES }) role!: DeskRole;
  @ApiProperty({ type: [String] }) accounts!: string[];
  @ApiProperty({ description: 'The token value: shown this once, stored only as a digest.' }) token!: string;
}

/** The `{name}` of `DELETE /v1/tokens/{name}`. */
/**
 * `DELETE /v1/tokens/{name}`: any name. One no token could have (the wrong characters,
 * too long) names no token, so it is a 404 like any unknown name, as an order id that
 * is no UUID names no order.
 */
export class DeskTokenNameParam {
  @ApiProperty({ example: 'desk-a-trader' })
  @IsString()
  name!: string;
}
