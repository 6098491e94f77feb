import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DeskError, DeskErrorCode } from '../errors/desk-error';
import { ACTOR_REQUEST_KEY, PUBLIC_ROUTE, REQUIRED_ROLE } from './access.decorators';
import { DeskActor, DeskRole, roleAllows } from './desk-actor';
import { DeskAuthenticator } from './desk-authenticator';

interface RequestLike {
  headers?: Record<string, unknown>;
  method?: string;
  originalUrl?: string;
  [ACTOR_REQUEST_KEY]?: DeskActor;
}

function requestOf(context: ExecutionContext): RequestLike {
  if (context.getType<string>() === 'graphql') {
    const graphqlContext = context.getArgs()[2] as { req?: RequestLike } | undefined;
    return graphqlContext?.req ?? {};
  }
  return context.switchToHttp().getRequest<RequestLike>();
}

function targetOf(context: ExecutionContext, request: RequestLike): string {
  if (context.getType<string>() === 'graphql') return `graphql ${context.getHandler().name}`;
  return `${request.method ?? ''} ${(request.originalUrl ?? '').split('?')[0]}`;
}

/**
 * The desk API's access guard, global for REST and GraphQL: every route needs a valid
 * token unless marked @PublicRoute, and the role its @RequireRole names (viewer when
 * none is named). Account scopes are checked where the account is known (AccountScope).
 */
@Injectable()
export class DeskAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: DeskAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = requestOf(context);
    const target = targetOf(context, request);
    // GraphQL authenticates once per request or connection, in its context factory.
    const actor =
      request[ACTOR_REQUEST_KEY] ??
      (await this.authenticator.authenticate(request.headers?.authorization, target));
    request[ACTOR_REQUEST_KEY] = actor;
    const required = this.reflector.getAllAndOverride<DeskRole>(REQUIRED_ROLE, targets) ?? 'viewer';
    if (!roleAllows(actor.role, required)) {
      this.authenticator.deny(actor.tokenName, target, `needs role ${required}, has ${actor.role}`);
      throw new DeskError(DeskErrorCode.FORBIDDEN, `this needs the ${required} role`, {
        rule: `ROLE_${required.toUpperCase()}`,
      });
    }
    return true;
  }
}
