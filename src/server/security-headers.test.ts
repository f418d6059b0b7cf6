import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './security-headers';

describe('security headers worked out once', () => {
  it('are what helmet sets on a real response, X-Powered-By removed', () => {
    const options = { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } } };
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    response.setHeader('X-Powered-By', 'something');
    helmet(options)(request, response, () => {});
    const expected = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));

    const once = securityHeadersOf(options);
    expect(Object.fromEntries(Object.entries(once).map(([name, value]) => [name.toLowerCase(), value]))).toEqual(expected);
    expect(once['Content-Security-Policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(Object.keys(once).map((name) => name.toLowerCase())).not.toContain('x-powered-by');
  });

  it("carry the site's strict script policy by default", () => {
    const csp = securityHeadersOf()['Content-Security-Policy'] ?? '';
    expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
