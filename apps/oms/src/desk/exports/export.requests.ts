import { FillFilterRequest } from '../fills/fill-filter.request';
import { OrderFilterRequest } from '../orders/order-filter.request';
import { ExportFormat, ExportFormatField } from './export-format';

/** `GET /v1/orders/export`: the orders filters and the format. */
export class OrderExportRequest extends OrderFilterRequest {
  @ExportFormatField()
  format?: ExportFormat;
}

/** `GET /v1/fills/export`: the fills filters and the format. */
export class FillExportRequest extends FillFilterRequest {
  @ExportFormatField()
  format?: ExportFormat;
}
