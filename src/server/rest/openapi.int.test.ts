import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../test/test-app';
import { openApiPath, type OpenApiDocument } from './openapi';
import { restRoutes } from './routes';

/** GET /api/openapi.json describes the /api table, as a maintained OpenAPI validator checks it. */
let t: TestApp;
let document: OpenApiDocument;
let body: string;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  body = response.body;
  document = response.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(body));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has every row of the table, and nothing else, each named by its procedure (and method, where two rows share one)', () => {
    const sharesItsProcedure = (route: (typeof restRoutes)[number]) => restRoutes.filter((other) => other.path === route.path).length > 1;
    const fromTable = restRoutes.map((route) => `${route.method} ${openApiPath(route.url)} ${route.path}${sharesItsProcedure(route) ? `.${route.method.toLowerCase()}` : ''}`).sort();
    const fromDocument = operations()
      .map(({ path, method, operation }) => `${method} ${path} ${operation.operationId}`)
      .sort();
    expect(fromDocument).toEqual(fromTable);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares each path parameter its path names, and no other', () => {
    for (const { path, operation } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      expect(declared, path).toEqual(inPath);
    }
  });

  it('takes the input schemas from the procedures: query fields, path ids, JSON bodies', () => {
    const events = document.paths['/api/events']?.get;
    expect(events?.parameters?.map((parameter) => [parameter.name, parameter.in])).toContainEqual(['upcoming', 'query']);

    const comment = document.paths['/api/forum/posts/{id}/comments']?.post;
    expect(comment?.parameters?.[0]).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } });
    const schema = comment?.requestBody?.content['application/json']?.schema;
    expect(schema?.required).toEqual(['content']);
    // The id comes from the path, not the body.
    expect(Object.keys(schema?.properties ?? {})).not.toContain('id');

    const unsubscribe = document.paths['/api/newsletter/unsubscribe']?.post;
    expect(Object.keys(unsubscribe?.requestBody?.content ?? {})).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(unsubscribe?.parameters?.map((parameter) => parameter.name)).toEqual(['token']);

    expect(Object.keys(document.paths['/api/events/{id}/ics']?.get?.responses['200'] ?? {})).toContain('description');
  });

  it('describes keyset pages: the cursor parameter and the Link header of the lists that take one', () => {
    for (const path of ['/api/blogs', '/api/blogs/{id}/comments', '/api/podcasts/{id}/comments', '/api/podcasts', '/api/events', '/api/directory', '/api/admin/users', '/api/admin/moderation']) {
      const list = document.paths[path]?.get;
      const cursor = list?.parameters?.find((parameter) => parameter.name === 'cursor');
      expect(cursor, path).toMatchObject({ in: 'query', required: false });
      expect(cursor?.description, path).toMatch(/Link header/);
      expect(list?.responses['200'], path).toMatchObject({ headers: { Link: { schema: { type: 'string' } } } });
      expect(JSON.stringify(list?.responses['200']), path).toContain('rel=\\"next\\"');
    }
    // A list without pages says nothing of a Link header.
    expect(document.paths['/api/admin/watched-words']?.get?.responses['200']).not.toHaveProperty('headers');
  });

  it('gives the error shape and who may call each path', () => {
    expect(document.components.schemas.Error).toEqual({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    const users = document.paths['/api/admin/users']?.get;
    expect(users?.security).toEqual([{ session: [] }]);
    expect(Object.keys(users?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', 'default']));
    expect(document.paths['/api/stats']?.get?.security).toEqual([{}, { session: [] }]);
    expect(Object.keys(document.paths['/api/stats']?.get?.responses ?? {})).not.toContain('401');
  });

  it('is the same for everyone, signed in or not: it is made from code, not data', async () => {
    const admin = await t.signInAs('admin');
    const signedIn = await t.request({ method: 'GET', url: '/api/openapi.json', cookie: admin.cookie });
    expect(signedIn.body).toBe(body);
    expect(body).not.toContain(admin.user.email);
  });
});
