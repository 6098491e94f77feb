/**
 * The two site families of the seeds. Paths are shared; the differences this client
 * handles: the paging parameter of spot order lists (`orderId` vs `fromOrderId`),
 * the size of DELETE /api/v1/spot/openOrders (1000 vs 200, symbol required in
 * global), the global-only spot cancelAllOpenOrders, and `feeCoin` null in global.
 */
export const SITE_FAMILIES = ['professional', 'global'] as const;
export type SiteFamily = (typeof SITE_FAMILIES)[number];
