import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { CurrentActor, RequireRole } from '../access.decorators';
import { DeskActor } from '../desk-actor';
import {
  CreateDeskTokenRequest,
  CreatedDeskTokenResponse,
  DeskTokenNameParam,
} from './create-desk-token.request';
import { IssueDeskTokenCommand, RevokeDeskTokenCommand } from './desk-token.commands';

@ApiTags('tokens')
@ApiBearerAuth()
@Controller('v1/tokens')
@RequireRole('admin')
export class DeskTokensController {
  constructor(private readonly commands: CommandBus) {}

  /** Issues a token; its value is in this answer only. */
  @Post()
  @ApiCreatedResponse({ type: CreatedDeskTokenResponse })
  async issue(
    @CurrentActor() actor: DeskActor,
    @Body() body: CreateDeskTokenRequest,
  ): Promise<CreatedDeskTokenResponse> {
    return this.commands.execute(
      new IssueDeskTokenCommand(actor, body.name, body.role, body.accounts, body.requestsPerMinute ?? null),
    );
  }

  @Delete(':name')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(@Param() params: DeskTokenNameParam): Promise<void> {
    await this.commands.execute(new RevokeDeskTokenCommand(params.name));
  }
}
