export { iso6976, iso6976Components, ISO6976_TEMPERATURES } from './calculate.js';
export type { Iso6976Edition, Iso6976Options, Iso6976Result } from './calculate.js';
