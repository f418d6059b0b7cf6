import type { ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from 'ical-generator';
import { instantOf, offsetAt, type WallTime, wallTimeAt, zoneName } from '#shared/event-time';

/**
 * Time zones in iCalendar files (RFC 5545 3.6.5), from the JavaScript engine's own zone data
 * (Intl), so no second copy of the tz database has to be kept up to date.
 */

const SECOND = 1000;
const WEEK = 7 * 86_400_000;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
const wallText = (wall: WallTime) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;

/**
 * An instant as ical-generator takes a Temporal.ZonedDateTime: it then writes the wall time in
 * that zone with `;TZID=`. A plain Date would be written in the server's own zone.
 */
export function zonedDateTime(instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub {
  const wall = wallTimeAt(instant, timeZone);
  const plain: ICalTemporalPlainDateTimeStub = {
    ...wall,
    toPlainDate: () => ({ year: wall.year, month: wall.month, day: wall.day, toJSON: () => wallText(wall).slice(0, 10), toString: () => wallText(wall).slice(0, 10) }),
    toZonedDateTime: (zone: string) => zonedDateTime(instantOf(wall, zone), zone),
    toJSON: () => wallText(wall),
    toString: () => wallText(wall),
  };
  return {
    ...wall,
    timeZoneId: timeZone,
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: (zone: string) => zonedDateTime(instant, zone),
    }),
    toPlainDateTime: () => plain,
    withTimeZone: (zone: string) => zonedDateTime(instant, zone),
    toJSON: () => `${wallText(wall)}[${timeZone}]`,
    toString: () => `${wallText(wall)}[${timeZone}]`,
  };
}

/** Offset changes found per zone and UTC year; the zone data doesn't change while the process runs. */
const changesByYear = new Map<string, number[]>();

/**
 * The instants in a UTC year at which the zone's offset changes (each the first second of the
 * new offset). The offset is sampled weekly (no zone changes its clocks twice in a week), then
 * each change is found to the second by halving.
 */
function changesIn(timeZone: string, year: number): number[] {
  const key = `${timeZone}|${year}`;
  const cached = changesByYear.get(key);
  if (cached) return cached;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const offset = (time: number) => offsetAt(new Date(time), timeZone);
  const changes: number[] = [];
  let time = start;
  let current = offset(time);
  while (time < end) {
    const next = Math.min(time + WEEK, end);
    const after = offset(next);
    if (after !== current) {
      let low = time;
      let high = next;
      while (high - low > SECOND) {
        const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
        if (offset(middle) === current) low = middle;
        else high = middle;
      }
      changes.push(high);
      current = after;
    }
    time = next;
  }
  changesByYear.set(key, changes);
  return changes;
}

/** '+0200', '-0430', or with seconds for the old local mean times ('+020509'). */
function offsetText(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const seconds = Math.abs(Math.round(offset / SECOND));
  const text = `${sign}${pad(Math.floor(seconds / 3600))}${pad(Math.floor(seconds / 60) % 60)}`;
  return seconds % 60 ? `${text}${pad(seconds % 60)}` : text;
}

/** The local time written as iCalendar DATE-TIME without zone: '20261205T193000'. */
function localText(time: number): string {
  const date = new Date(time);
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
}

const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * The VTIMEZONE a calendar needs to read times in `timeZone` at the given instants: for each
 * instant, the offset in force at the start of the year before it, then every change from there
 * on to the end of its year. The latest onset before any of those instants is then always the
 * real one. Each observance is DAYLIGHT when its offset is above the lower of January's and
 * July's that year, STANDARD otherwise.
 */
export function vtimezone(timeZone: string, instants: Date[]): string {
  const onsets = new Map<number, { from: number; to: number }>();
  for (const instant of instants) {
    const year = Math.min(LAST_YEAR, Math.max(FIRST_YEAR + 1, instant.getUTCFullYear()));
    const anchor = Date.UTC(year - 1, 0, 1);
    const offset = offsetAt(new Date(anchor), timeZone);
    if (!onsets.has(anchor)) onsets.set(anchor, { from: offset, to: offset });
    for (const change of [...changesIn(timeZone, year - 1), ...changesIn(timeZone, year)]) {
      onsets.set(change, { from: offsetAt(new Date(change - SECOND), timeZone), to: offsetAt(new Date(change), timeZone) });
    }
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const [onset, { from, to }] of [...onsets].sort(([a], [b]) => a - b)) {
    const year = new Date(onset).getUTCFullYear();
    const standard = Math.min(offsetAt(new Date(Date.UTC(year, 0, 1)), timeZone), offsetAt(new Date(Date.UTC(year, 6, 1)), timeZone));
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // The onset in local time as it was just before it (RFC 5545: written with TZOFFSETFROM).
      `DTSTART:${localText(onset + from)}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `TZNAME:${zoneName(new Date(onset), timeZone, 'en')}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
