import {
  DynamicModule,
  MiddlewareConsumer,
  Module,
  NestModule,
  RequestMethod,
  ValidationPipe,
} from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { AccessModule } from '../access/access.module';
import { DeskAuthenticator } from '../access/desk-authenticator';
import { NulFreeInputPipe } from '../errors/nul-free-input.pipe';
import { NestingDepthPipe } from '../errors/nesting-depth.pipe';
import { DeskExceptionFilter } from '../errors/desk-exception.filter';
import { validationFailure } from '../errors/validation-errors';
import { DeskConfig } from './desk.config';
import { DeskOpenApi } from './docs/desk-openapi';
import { GraphiqlAssetsController } from './docs/graphiql.controller';
import { GraphiqlPageMiddleware } from './docs/graphiql-page.middleware';
import { GraphqlTokenMiddleware } from './graphql/graphql-token.middleware';
import { deskGraphqlOptions, GRAPHQL_PATH } from './graphql/desk-graphql.options';
import { DESK_QUERY_CONTROLLERS, DESK_QUERY_PROVIDERS } from './desk-queries';
import { AfterRecordedAnswersInterceptor } from '../orders/after-recorded-answers.interceptor';
import { NullGraphqlArgumentsInterceptor } from './graphql/null-arguments.interceptor';

/**
 * The desk API's read side and its shared edge: queries (QueryBus handlers), REST
 * controllers, GraphQL (code-first; resolvers anywhere in the app join the schema),
 * subscriptions, reports and exports, OpenAPI and GraphiQL; and, for every route of
 * the OMS, the global ValidationPipe (errors name the field) and the error filter.
 */
@Module({})
export class DeskModule implements NestModule {
  static forRoot(config: DeskConfig): DynamicModule {
    return {
      module: DeskModule,
      imports: [
        CqrsModule.forRoot(),
        AccessModule.forRoot(
          { adminToken: config.adminToken, requestsPerMinute: config.requestsPerMinute },
          config.servedAccounts,
        ),
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [DeskAuthenticator],
          useFactory: deskGraphqlOptions,
        }),
      ],
      controllers: [GraphiqlAssetsController, ...DESK_QUERY_CONTROLLERS],
      providers: [
        ...DESK_QUERY_PROVIDERS,
        DeskOpenApi,
        { provide: APP_FILTER, useClass: DeskExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: AfterRecordedAnswersInterceptor },
        { provide: APP_INTERCEPTOR, useClass: NullGraphqlArgumentsInterceptor },
        // Global pipes run in the order given: values nested too deep and NUL characters
        // are refused before validation.
        { provide: APP_PIPE, useClass: NestingDepthPipe },
        { provide: APP_PIPE, useClass: NulFreeInputPipe },
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({
            whitelist: true,
            forbidNonWhitelisted: true,
            transform: true,
            exceptionFactory: validationFailure,
          }),
        },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(GraphiqlPageMiddleware)
      .forRoutes({ path: GRAPHQL_PATH.slice(1), method: RequestMethod.GET })
      .apply(GraphqlTokenMiddleware)
      .forRoutes({ path: GRAPHQL_PATH.slice(1), method: RequestMethod.ALL });
  }
}
