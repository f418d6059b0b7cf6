import { describe, expect, it } from 'vitest';
import { eventClock, eventDay, eventDayAndClock, eventDayAndClockInFull, fromDateTimeInput, isTimeZone, toDateTimeInput, zoneName } from './event-time';

// The Tiny Poetry Circle of the issue: 5:30 PM UTC, 7:30 PM in Cairo's winter.
const poetry = new Date('2026-12-05T17:30:00Z');

describe("an event's time, in its own zone", () => {
  it("is written in the event's zone with the zone's short name, in English", () => {
    expect(eventDay(poetry, 'Africa/Cairo', 'en')).toBe('Dec 5, 2026');
    expect(eventClock(poetry, 'Africa/Cairo', 'en')).toBe('7:30 PM EET');
    expect(eventDayAndClock(poetry, 'Africa/Cairo', 'en')).toBe('Sat, Dec 5, 2026, 7:30 PM EET');
    expect(eventDayAndClockInFull(poetry, 'Africa/Cairo', 'en')).toBe('Saturday, December 5, 2026 at 7:30 PM EET');
  });

  it('is written in Arabic with Arabic-Indic digits and the zone named in words', () => {
    expect(eventDay(poetry, 'Africa/Cairo', 'ar-EG')).toBe('٥ ديسمبر ٢٠٢٦');
    expect(eventClock(poetry, 'Africa/Cairo', 'ar-EG')).toBe('٧:٣٠ م توقيت مصر');
    expect(eventDayAndClockInFull(poetry, 'Africa/Cairo', 'ar-EG')).toBe('السبت، ٥ ديسمبر ٢٠٢٦ في ٧:٣٠ م توقيت مصر');
  });

  it("can fall on another day than in UTC: the day is the event's", () => {
    expect(eventDay(poetry, 'Asia/Tokyo', 'en')).toBe('Dec 6, 2026');
    expect(eventClock(poetry, 'Asia/Tokyo', 'en')).toBe('2:30 AM GMT+9');
    expect(eventClock(poetry, 'America/New_York', 'en')).toBe('12:30 PM EST');
    expect(eventClock(poetry, 'UTC', 'en')).toBe('5:30 PM UTC');
  });

  it("follows the zone's summer time, on either side of the change", () => {
    // Egypt moves its clocks from 00:00 to 01:00 on 24 April 2026 (22:00 UTC the day before).
    expect(eventClock(new Date('2026-04-23T21:59:00Z'), 'Africa/Cairo', 'en')).toBe('11:59 PM EET');
    expect(eventClock(new Date('2026-04-23T22:00:00Z'), 'Africa/Cairo', 'en')).toBe('1:00 AM EEST');
    expect(eventClock(new Date('2026-04-23T22:00:00Z'), 'Africa/Cairo', 'ar-EG')).toBe('١:٠٠ ص توقيت مصر');
    // New York: 2:00 becomes 3:00 on 8 March 2026 (07:00 UTC).
    expect(eventClock(new Date('2026-03-08T06:59:00Z'), 'America/New_York', 'en')).toBe('1:59 AM EST');
    expect(eventClock(new Date('2026-03-08T07:00:00Z'), 'America/New_York', 'en')).toBe('3:00 AM EDT');
    expect(zoneName(new Date('2026-07-01T12:00:00Z'), 'Europe/London', 'en')).toBe('BST');
  });
});

describe('the local time an admin types', () => {
  it("is read in the event's zone, whatever the zone of the computer running this", () => {
    expect(fromDateTimeInput('2026-12-05T19:30', 'Africa/Cairo')?.toISOString()).toBe(poetry.toISOString());
    expect(fromDateTimeInput('2026-12-05T12:30', 'America/New_York')?.toISOString()).toBe(poetry.toISOString());
    expect(fromDateTimeInput('2026-12-06T02:30', 'Asia/Tokyo')?.toISOString()).toBe(poetry.toISOString());
    expect(toDateTimeInput(poetry, 'Africa/Cairo')).toBe('2026-12-05T19:30');
    expect(toDateTimeInput(poetry, 'Asia/Tokyo')).toBe('2026-12-06T02:30');
  });

  it('lands after the gap when the clocks skip it, and on the first of a time that happens twice', () => {
    // 00:30 on 24 April 2026 never shows on a Cairo clock: it is read as 01:30 summer time.
    expect(fromDateTimeInput('2026-04-24T00:30', 'Africa/Cairo')?.toISOString()).toBe('2026-04-23T22:30:00.000Z');
    expect(fromDateTimeInput('2026-03-08T02:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 23:30 on 29 October 2026 happens twice in Cairo (summer time ends at midnight).
    expect(fromDateTimeInput('2026-10-29T23:30', 'Africa/Cairo')?.toISOString()).toBe('2026-10-29T20:30:00.000Z');
    expect(fromDateTimeInput('2026-11-01T01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Just either side of a change, each time is its own.
    expect(fromDateTimeInput('2026-04-23T23:59', 'Africa/Cairo')?.toISOString()).toBe('2026-04-23T21:59:00.000Z');
    expect(fromDateTimeInput('2026-04-24T01:00', 'Africa/Cairo')?.toISOString()).toBe('2026-04-23T22:00:00.000Z');
  });

  it('goes back to the same input, in every zone, through a year of changes', () => {
    for (const zone of ['Africa/Cairo', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Tokyo', 'UTC']) {
      for (let day = 0; day < 365; day += 7) {
        const instant = new Date(Date.UTC(2026, 0, 1, 12) + day * 86_400_000);
        expect(fromDateTimeInput(toDateTimeInput(instant, zone), zone)?.toISOString()).toBe(instant.toISOString());
      }
    }
  });

  it('is no time when it is not a date-time', () => {
    for (const value of ['', 'tomorrow', '2026-02-29T10:00', '2026-13-01T10:00', '2026-12-05T24:00', '2026-12-05']) expect(fromDateTimeInput(value, 'Africa/Cairo')).toBeNull();
  });
});

describe('time zone names', () => {
  it("are Intl's IANA zones and UTC; offsets and made-up names are not zones", () => {
    expect(isTimeZone('Africa/Cairo')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const name of ['+02:00', 'EET', 'Mars/Olympus_Mons', '', 'africa/cairo']) expect(isTimeZone(name)).toBe(false);
  });
});
