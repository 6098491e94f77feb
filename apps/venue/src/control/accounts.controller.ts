import { Body, Controller, Delete, Get, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import { CreateAccountDto, CreateApiKeyDto, DepositDto } from './dto/control-requests.dto';

/** Desk users with their spot and futures accounts, their API keys, and deposits. */
@Controller()
export class AccountsController {
  constructor(@Inject(VENUE_RUNTIME) private readonly runtime: VenueRuntime) {}

  /** A user with its accounts; optionally funded and with a key, in one call. */
  @Post('accounts')
  createAccount(@Body() body: CreateAccountDto) {
    const user = this.runtime.accounts.createUser(body.label);
    for (const [asset, amount] of Object.entries(body.spotDeposits ?? {})) {
      this.runtime.engine.deposit({ accountId: user.spotAccountId, asset, amount });
    }
    for (const [asset, amount] of Object.entries(body.futuresDeposits ?? {})) {
      this.runtime.engine.deposit({ accountId: user.futuresAccountId, asset, amount });
    }
    const key =
      body.keyKind === undefined
        ? undefined
        : this.runtime.accounts.createKey(user.userId, { kind: body.keyKind });
    return key === undefined ? user : { ...user, key };
  }

  @Get('accounts')
  listAccounts() {
    return this.runtime.engine.listUsers();
  }

  @Get('accounts/:userId')
  getAccount(@Param('userId') userId: string) {
    return { ...this.runtime.engine.getUser(userId), keys: this.runtime.accounts.keysOf(userId) };
  }

  @Post('accounts/:userId/keys')
  createKey(@Param('userId') userId: string, @Body() body: CreateApiKeyDto) {
    const request =
      body.kind === 'HMAC'
        ? { kind: 'HMAC' as const, apiKey: body.apiKey, secretKey: body.secretKey }
        : { kind: 'ED25519' as const, apiKey: body.apiKey, publicKeyPem: body.publicKeyPem };
    return this.runtime.accounts.createKey(userId, request, body.permissions);
  }

  /** Revokes a key: every later request with it answers as for an unknown key. */
  @Delete('accounts/:userId/keys/:apiKey')
  revokeKey(@Param('userId') userId: string, @Param('apiKey') apiKey: string) {
    const owned = this.runtime.accounts.keysOf(userId).some((key) => key.apiKey === apiKey);
    if (!owned || !this.runtime.keys.revoke(apiKey)) {
      throw new NotFoundException(`user ${userId} has no key ${apiKey}`);
    }
    return { revoked: apiKey };
  }

  @Post('deposits')
  deposit(@Body() body: DepositDto) {
    return this.runtime.engine.deposit({ accountId: body.accountId, asset: body.asset, amount: body.amount });
  }
}
