import { ACTOR_REQUEST_KEY } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';

export interface HttpRequestLike {
  headers: Record<string, unknown>;
  [ACTOR_REQUEST_KEY]?: DeskActor;
}

/** The GraphQL context: `req` carries the authenticated actor for the guard and @CurrentActor. */
export interface DeskGraphQLContext {
  readonly req: HttpRequestLike;
}
