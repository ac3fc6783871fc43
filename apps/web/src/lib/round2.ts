import { roundTo } from './time.format.ts';

/** Two decimals, the precision of a handle's time on the timeline. */
export const round2 = (value: number): number => roundTo(value, 2);
