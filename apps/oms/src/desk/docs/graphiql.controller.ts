import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Response } from 'express';
import { PublicRoute } from '../../access/access.decorators';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { GRAPHIQL_ASSETS } from './graphiql-assets';

/** The files of the GraphiQL page, from installed packages; public like the page itself. */
@ApiExcludeController()
@Controller('graphiql-assets')
@PublicRoute()
export class GraphiqlAssetsController {
  @Get(':file')
  asset(@Param('file') file: string, @Res() response: Response): void {
    const asset = Object.prototype.hasOwnProperty.call(GRAPHIQL_ASSETS, file)
      ? GRAPHIQL_ASSETS[file]
      : undefined;
    if (!asset) throw new DeskError(DeskErrorCode.NOT_FOUND, 'no such GraphiQL asset');
    response.type(asset.type).setHeader('Cache-Control', 'public, max-age=3600');
    response.sendFile(asset.path);
  }
}
