import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing';
import { defineRoute, registerRoutes, RESPONSE_MISMATCH } from './route';

/** A route's `response` schema: in tests (validateResponses) an answer that breaks it is a 500. */

const itemSchema = z.object({ id: z.number().int().positive(), name: z.string(), created_at: z.string() }).strict();

const routes = [
  defineRoute({
    method: 'GET',
    url: '/t/right',
    auth: 'public',
    response: itemSchema,
    // A Date is checked as the client reads it (a JSON string).
    handler: () => ({ id: 1, name: 'ok', created_at: new Date(0) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/t/wrong',
    auth: 'public',
    response: itemSchema,
    handler: () => ({ id: '1', name: 'a string id', created_at: 'x' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/t/extra',
    auth: 'public',
    response: itemSchema,
    handler: () => ({ id: 1, name: 'leaks a field', created_at: 'x', password_hash: 'secret' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/t/stream',
    auth: 'public',
    response: null,
    handler: ({ reply }) => reply.type('text/plain').send('not json'),
  }),
];

const plugin: FastifyPluginAsync = async (app) => registerRoutes(app, routes);

describe('response schemas', () => {
  let checked: TestApp;
  let unchecked: TestApp;
  beforeAll(async () => {
    checked = await createTestApp({ seed: 'none', modules: [plugin] });
    unchecked = await createTestApp({ seed: 'none', modules: [plugin], config: { validateResponses: false } });
  });
  afterAll(async () => {
    await checked?.close();
    await unchecked?.close();
  });

  it('are checked in test harnesses', () => {
    expect(checked.config.validateResponses).toBe(true);
  });

  it('let a matching answer through as sent', async () => {
    const res = await checked.app.inject({ method: 'GET', url: '/t/right' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, name: 'ok', created_at: '1970-01-01T00:00:00.000Z' });
  });

  it('turn a wrong shape into a 500 naming the fields', async () => {
    const res = await checked.app.inject({ method: 'GET', url: '/t/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(RESPONSE_MISMATCH);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });

  it('catch a field the schema does not allow (a leak) when the schema is strict', async () => {
    const res = await checked.app.inject({ method: 'GET', url: '/t/extra' });
    expect(res.statusCode).toBe(500);
  });

  it('leave non-JSON answers alone', async () => {
    const res = await checked.app.inject({ method: 'GET', url: '/t/stream' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('not json');
  });

  it('are not checked when the flag is off (production default)', async () => {
    expect((await unchecked.app.inject({ method: 'GET', url: '/t/wrong' })).statusCode).toBe(200);
  });
});

describe('response schemas on answers sent by the handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    const sent: FastifyPluginAsync = async (app) =>
      registerRoutes(app, [
        defineRoute({
          method: 'GET',
          url: '/t/created',
          auth: 'public',
          response: itemSchema,
          handler: ({ reply }) => reply.code(201).send({ id: 0, name: 'zero id', created_at: 'x' }),
        }),
        defineRoute({
          method: 'GET',
          url: '/t/error',
          auth: 'public',
          response: itemSchema,
          handler: ({ reply }) => reply.code(404).send({ message: 'Errors keep their own shape.' }),
        }),
      ]);
    t = await createTestApp({ seed: 'none', modules: [sent] });
  });
  afterAll(() => t?.close());

  it('checks a 201 sent with reply.send, and leaves error answers alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/t/created' })).statusCode).toBe(500);
    const err = await t.app.inject({ method: 'GET', url: '/t/error' });
    expect(err.statusCode).toBe(404);
    expect(err.json()).toEqual({ message: 'Errors keep their own shape.' });
  });
});
