import ICAL from 'ical.js';
import { expect, it } from 'vitest';
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
    { id: 7, title: 'Tea\u0007 time', description: 'Bell\u0000 rings', dateTime: new Date('2030-01-02T10:00:00Z'), location: 'Hall' },
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
