import { ExchangeRoute } from '../http/exchange-route';
import { accountRoutes } from './account.routes';
import { futuresTradingRoutes } from './futures-trading.routes';
import { publicRoutes } from './public.routes';
import { RouteDependencies } from './route-dependencies';
import { spotTradingRoutes } from './spot-trading.routes';
import { userStreamRoutes } from './user-stream.routes';

/** Every REST endpoint the venue serves. */
export function exchangeRoutes(dependencies: RouteDependencies): ExchangeRoute[] {
  return [
    ...publicRoutes(dependencies),
    ...spotTradingRoutes(dependencies),
    ...futuresTradingRoutes(dependencies),
    ...accountRoutes(dependencies),
    ...userStreamRoutes(dependencies),
  ];
}
