import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { DeskActor, DeskRole } from './desk-actor';

export const REQUIRED_ROLE = 'desk:required-role';
export const PUBLIC_ROUTE = 'desk:public-route';

/** The least role a route or resolver needs; the access guard enforces it. */
export const RequireRole = (role: DeskRole) => SetMetadata(REQUIRED_ROLE, role);

/** Routes served without a token (health, metrics, docs). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);

/** Where the access guard leaves the authenticated actor on the request. */
export const ACTOR_REQUEST_KEY = 'deskActor';

/** The authenticated actor of an HTTP request (REST) or of a GraphQL context's request. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): DeskActor => {
  const request =
    context.getType<string>() === 'graphql'
      ? (context.getArgs()[2] as { req: Record<string, unknown> }).req
      : context.switchToHttp().getRequest<Record<string, unknown>>();
  return request[ACTOR_REQUEST_KEY] as DeskActor;
});
