import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeCalendarText, eventCalendar } from './calendar';

it('escapes TEXT as RFC 5545 says: backslash, semicolon, comma and every line break', () => {
  expect(escapeCalendarText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
  expect(escapeCalendarText('one\r\ntwo\rthree\nfour')).toBe('one\\ntwo\\nthree\\nfour');
  // Control characters TEXT can't carry are dropped; a tab and the letters of any script stay.
  expect(escapeCalendarText('a\u0000b\u000bc\u001bd\u0085e\tf سلام')).toBe('abcde\tf سلام');
});

it('keeps a site name with line breaks inside PRODID, NAME and X-WR-CALNAME', () => {
  const site = { name: 'Bloom; Circle\r\nX-EVIL:1\nATTENDEE:mailto:x@y', url: 'https://bloom.example' };
  const text = eventCalendar(site, `${site.name} events`, [
    { id: 7, title: 'Tea\u0007 time', description: 'Bell\u0000 rings', dateTime: new Date('2030-01-02T10:00:00Z'), timeZone: 'Africa/Cairo', location: 'Hall' },
  ]);
  // No line of the document starts a property it didn't mean to write.
  for (const line of text.split('\r\n')) expect(line).not.toMatch(/^(X-EVIL|ATTENDEE)[:;]/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getAllProperties().map((property) => property.name).sort()).toEqual(['name', 'prodid', 'version', 'x-wr-calname']);
  expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Bloom; Circle\nX-EVIL:1\nATTENDEE:mailto:x@y//Events//EN');
  const name = ICAL.design.icalendar.value.text!.fromICAL!(String(calendar.getFirstPropertyValue('x-wr-calname')));
  expect(name).toBe('Bloom; Circle\nX-EVIL:1\nATTENDEE:mailto:x@y events');
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  expect(event.summary).toBe('Tea time');
  expect(event.description).toBe('Bell rings');
});

describe("each event in its own zone (RFC 5545 TZID with a VTIMEZONE)", () => {
  const site = { name: 'Bloom Circle', url: 'https://bloom.example' };
  const at = (id: number, dateTime: string, timeZone: string) => ({ id, title: `Event ${id}`, description: '', dateTime: new Date(dateTime), timeZone, location: 'Hall' });
  const list = [
    // The Tiny Poetry Circle: 7:30 PM in Cairo's winter, 8:30 PM in its summer.
    at(1, '2026-12-05T17:30:00Z', 'Africa/Cairo'),
    at(2, '2026-07-05T17:30:00Z', 'Africa/Cairo'),
    // Either side of Egypt's spring change (00:00 becomes 01:00 on 24 April 2026).
    at(3, '2026-04-23T21:30:00Z', 'Africa/Cairo'),
    at(4, '2026-04-23T22:30:00Z', 'Africa/Cairo'),
    // New York on the night its clocks skip 2:00, one event ending after the change.
    at(5, '2026-03-08T05:30:00Z', 'America/New_York'),
    at(6, '2041-11-03T12:00:00Z', 'America/New_York'),
    at(7, '2026-12-05T17:30:00Z', 'Asia/Tokyo'),
    at(8, '2026-12-05T17:30:00Z', 'UTC'),
  ];
  const text = eventCalendar(site, 'Events', list);
  const calendar = new ICAL.Component(ICAL.parse(text));
  // A calendar app reads the file's own zone definitions.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));

  it("writes the time it has where it happens, naming the event's zone", () => {
    expect(text).toContain('DTSTART;TZID=Africa/Cairo:20261205T193000\r\n');
    expect(text).toContain('DTSTART;TZID=Africa/Cairo:20260705T203000\r\n');
    expect(text).toContain('DTSTART;TZID=Asia/Tokyo:20261206T023000\r\n');
    expect(text).toContain('DTSTART:20261205T173000Z\r\n');
    expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')).sort()).toEqual(['Africa/Cairo', 'America/New_York', 'Asia/Tokyo']);
  });

  it('reads back, through its VTIMEZONE, as the same instants, the start and the end two hours later', () => {
    for (const [index, event] of events.entries()) {
      const expected = list[index]!;
      expect(event.startDate.zone?.tzid).toBe(expected.timeZone);
      expect(event.startDate.toJSDate().toISOString(), `event ${expected.id}`).toBe(expected.dateTime.toISOString());
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime(), `event ${expected.id}`).toBe(2 * 3_600_000);
    }
  });

  it('names the offsets as the zone does through the year', () => {
    const cairo = calendar.getAllSubcomponents('vtimezone').find((zone) => zone.getFirstPropertyValue('tzid') === 'Africa/Cairo')!;
    const names = cairo.getAllSubcomponents().map((observance) => `${observance.name} ${String(observance.getFirstPropertyValue('tzname'))}`);
    expect(names).toContain('daylight EEST');
    expect(names).toContain('standard EET');
  });
});
