export type * from './types';
export { parseHttpDate } from './parseHttpDate';
export { lintValidators, FUTURE_SKEW_MS } from './lintValidators';
export { planProbes } from './planProbes';
export { classifyProbe } from './classifyProbe';
