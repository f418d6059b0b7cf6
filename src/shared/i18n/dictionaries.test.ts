import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locale';

/**
 * The dictionaries (messages/<area>/<locale>.json) stay whole: every key in every language,
 * none empty, none left unused, every area listed where the compiler looks. A missing
 * translation would otherwise fall back to English without a word; this test fails instead.
 */
const here = import.meta.dirname;
const root = join(here, '../../..');
const messagesDir = join(here, 'messages');
const areas = readdirSync(messagesDir).filter((name) => statSync(join(messagesDir, name)).isDirectory());

const dictionary = (area: string, locale: string): Record<string, unknown> => {
  const { $schema: _schema, ...entries } = JSON.parse(readFileSync(join(messagesDir, area, `${locale}.json`), 'utf8')) as Record<string, unknown>;
  return entries;
};

/** Every TypeScript file of the app (not the compiled messages), as text. */
function sourceText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'generated') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) texts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of ['src', 'db']) walk(join(root, dir));
  return texts.join('\n');
}

describe('message dictionaries', () => {
  it('lists every area where the compiler reads them', () => {
    const settings = JSON.parse(readFileSync(join(here, 'project.inlang/settings.json'), 'utf8')) as {
      locales: string[];
      'plugin.inlang.messageFormat': { pathPattern: string[] };
    };
    expect(settings.locales).toEqual([...LOCALES]);
    const listed = settings['plugin.inlang.messageFormat'].pathPattern.map((pattern) => relative('./messages', pattern.replace('/{locale}.json', '')));
    expect(listed.sort()).toEqual([...areas].sort());
  });

  it.each(areas)('%s: every key in every language, none empty', (area) => {
    const english = dictionary(area, 'en');
    for (const locale of LOCALES) {
      const words = dictionary(area, locale);
      expect(Object.keys(words).sort(), `${area}/${locale}.json keys`).toEqual(Object.keys(english).sort());
      const empty = Object.entries(words).filter(([, value]) => typeof value === 'string' && value.trim() === '');
      expect(empty.map(([key]) => key), `${area}/${locale}.json empty texts`).toEqual([]);
    }
  });

  it('uses every key, and no key is defined twice', () => {
    const source = sourceText();
    const seen = new Map<string, string>();
    const unused: string[] = [];
    for (const area of areas) {
      for (const key of Object.keys(dictionary(area, 'en'))) {
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
        if (!new RegExp(`\\bm\\.${key}\\b`).test(source)) unused.push(`${area}: ${key}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
