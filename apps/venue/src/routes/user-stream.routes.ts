import { ExchangeApiError } from '../http/exchange-api-error';
import { ExchangeRoute, PrivateRouteContext, signedQuery } from '../http/exchange-route';
import { RouteDependencies } from './route-dependencies';

function unknownListenKey(): ExchangeApiError {
  return ExchangeApiError.badRequest('-1125', 'This listenKey does not exist.');
}

/** The listenKey must exist and belong to the caller's user. */
function ownedListenKey({ listenKeys }: RouteDependencies, { params, key }: PrivateRouteContext): string {
  const listenKey = params.requiredString('listenKey');
  const record = listenKeys.find(listenKey);
  if (record === undefined || record.owner.userId !== key.owner.userId) throw unknownListenKey();
  return listenKey;
}

export function userStreamRoutes(dependencies: RouteDependencies): ExchangeRoute[] {
  const { listenKeys } = dependencies;
  return [
    signedQuery('POST', '/api/v1/userDataStream', 1, ({ key }) => ({
      listenKey: listenKeys.create(key.owner).listenKey,
    })),
    signedQuery('PUT', '/api/v1/userDataStream', 1, (context) => {
      listenKeys.keepAlive(ownedListenKey(dependencies, context));
      return {};
    }),
    signedQuery('DELETE', '/api/v1/userDataStream', 1, (context) => {
      listenKeys.close(ownedListenKey(dependencies, context));
      return {};
    }),
  ];
}
