/** Injection token of the OMS's validated configuration. */
export const OMS_CONFIG = Symbol('OMS_CONFIG');
