export { startOms } from './main';
export { loadOmsConfig } from './config/oms.config';
export type { OmsConfig } from './config/oms.config';
