import { slice } from './slice';
import { storedZone, storeZone } from './zone';

/** The chosen chart time zone, shared by the chart and the trades list so their times agree. */
export const chartZone = slice(storedZone());

export function chooseZone(zone: string): void {
  storeZone(zone);
  chartZone.set(zone);
}
