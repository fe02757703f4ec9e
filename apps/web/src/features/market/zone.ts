import { DISPLAY_TIME_ZONE } from '@tidemark/protocol';

const ZONE_KEY = 'chart_tz';

/** Zones offered in the chart's picker: the markets' home zones, UTC, and the browser's own. */
export function zoneChoices(): string[] {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Tokyo', 'Asia/Seoul', 'Europe/London', 'Europe/Madrid', 'America/New_York', 'UTC'];
  return zones.includes(local) ? zones : [...zones, local];
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The chart's time zone, which every time shown follows: the trader's choice kept in local storage, else the exchange's. */
export function storedZone(): string {
  const zone = localStorage.getItem(ZONE_KEY);
  return zone && isZone(zone) ? zone : DISPLAY_TIME_ZONE;
}

export function storeZone(zone: string): void {
  localStorage.setItem(ZONE_KEY, zone);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

/**
 * How far `zone`'s wall clock is ahead of UTC at `timeMs`. The chart library draws every time as
 * UTC, so times are shifted by this to show the zone's clock (its documented way to use zones).
 */
export function zoneOffsetMs(zone: string, timeMs: number): number {
  const parts = Object.fromEntries(wallClock(zone).formatToParts(timeMs).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(timeMs / 1000) * 1000;
}

/** The zone's offset from UTC at `timeMs`, as shown beside times ("UTC+08:00", "UTC"). */
export function offsetLabel(zone: string, timeMs: number): string {
  const minutes = Math.round(zoneOffsetMs(zone, timeMs) / 60_000);
  if (minutes === 0) return 'UTC';
  const magnitude = Math.abs(minutes);
  const hh = String(Math.floor(magnitude / 60)).padStart(2, '0');
  const mm = String(magnitude % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}
