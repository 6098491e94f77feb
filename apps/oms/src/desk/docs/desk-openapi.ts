import { INestApplication, Injectable, OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { DeskErrorCode } from '../../errors/desk-error';

/** The schema of the error body `{"error": {code, message, ...}}`, for references from other schemas. */
export const DESK_ERROR_SCHEMA_REF = '#/components/schemas/DeskError';

/** The error body of every 4XX/5XX, with every code the desk API gives. */
function withErrorSchema(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  schemas.DeskError = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.values(DeskErrorCode) },
          message: { type: 'string' },
          field: { type: 'string', description: 'The request field at fault' },
          rule: { type: 'string', description: 'The rule that refused the request' },
          venueCode: { type: 'string' },
          venueMessage: { type: 'string' },
        },
      },
    },
  };
  for (const path of Object.values(document.paths))
    for (const operation of Object.values(path) as Array<{ responses?: Record<string, unknown> }>) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      operation.responses = {
        ...operation.responses,
        default: {
          description: 'Any refusal: {"error": {code, message, field?, ...}}',
          content: { 'application/json': { schema: { $ref: DESK_ERROR_SCHEMA_REF } } },
        },
      };
    }
  return { ...document, components: { ...document.components, schemas } };
}

/**
 * OpenAPI at /docs-json and Swagger UI at /docs, every asset from swagger-ui-dist (no
 * CDN). Set up while the app initialises, before Nest's not-found handler, from the
 * app's own container (the app object itself is created by the platform bootstrap).
 */
@Injectable()
export class DeskOpenApi implements OnModuleInit {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly adapterHost: HttpAdapterHost,
    private readonly applicationConfig: ApplicationConfig,
  ) {}

  onModuleInit(): void {
    const httpAdapter = this.adapterHost.httpAdapter;
    const appView = {
      container: (this.moduleRef as unknown as { container: unknown }).container,
      config: this.applicationConfig,
      getHttpAdapter: () => httpAdapter,
      useStaticAssets: (path: string, options: unknown) =>
        (httpAdapter as unknown as { useStaticAssets(path: string, options: unknown): void }).useStaticAssets(
          path,
          options,
        ),
    } as unknown as INestApplication;
    const config = new DocumentBuilder()
      .setTitle('OMS desk API')
      .setDescription(
        'Orders, fills, positions, balances, breaks, P&L and tokens. Every refusal is ' +
          '{"error": {code, message, field?, venueCode?, venueMessage?}}; the codes are in the DeskError schema.',
      )
      .setVersion('1')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        // An opaque desk token (POST /v1/tokens), not a JWT.
        bearerFormat: 'opaque',
        description: 'A desk token: `Authorization: Bearer <token>`',
      })
      .build();
    let document: OpenAPIObject | undefined;
    SwaggerModule.setup(
      'docs',
      appView,
      () => (document ??= withErrorSchema(SwaggerModule.createDocument(appView, config))),
      {
        jsonDocumentUrl: 'docs-json',
        customSiteTitle: 'OMS desk API',
      },
    );
  }
}
