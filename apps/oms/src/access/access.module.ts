import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountScope, SERVED_ACCOUNTS } from './account-scope';
import { DeskAccessGuard } from './desk-access.guard';
import { DESK_ACCESS_SETTINGS, DeskAccessSettings, DeskAuthenticator } from './desk-authenticator';
import { DeskTokenStore } from './desk-token.store';
import { DeskTokensController } from './tokens/desk-tokens.controller';
import { IssueDeskTokenHandler, RevokeDeskTokenHandler } from './tokens/desk-token.commands';

/**
 * Desk access for the whole OMS: the global guard (every controller or resolver with
 * @RequireRole is protected; everything not @PublicRoute needs a token), the token
 * store and admin routes, and AccountScope for checking a request's account. Global,
 * so any module may inject AccountScope and DeskAuthenticator.
 */
@Module({})
export class AccessModule {
  static forRoot(settings: DeskAccessSettings, servedAccounts: readonly string[]): DynamicModule {
    return {
      module: AccessModule,
      global: true,
      imports: [CqrsModule.forRoot()],
      controllers: [DeskTokensController],
      providers: [
        { provide: DESK_ACCESS_SETTINGS, useValue: settings },
        { provide: SERVED_ACCOUNTS, useValue: servedAccounts },
        DeskTokenStore,
        DeskAuthenticator,
        AccountScope,
        IssueDeskTokenHandler,
        RevokeDeskTokenHandler,
        { provide: APP_GUARD, useClass: DeskAccessGuard },
      ],
      exports: [DeskAuthenticator, AccountScope, DeskTokenStore, SERVED_ACCOUNTS],
    };
  }
}
