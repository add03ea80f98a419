import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  API,
  OFFER_STATES,
  P,
  SIGNATURE_FILE_FIELD,
  SIGNATURE_MAX_BYTES,
  dateStringSchema,
  generateOfferForIdSchema,
  generateOfferSchema,
  idParamsSchema,
  idsBodySchema,
  pageQuerySchema,
  searchTextSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '../../http/route';
import { HttpError } from '../../http/errors';
import * as service from './service';

const O = API.offerLetters;

// Any malformed token is simply not found (404), however long; the router caps its length.
const tokenParams = z.object({ token: z.string().max(2048) });
const listQuery = pageQuerySchema.extend({
  status: z.enum(OFFER_STATES).optional().or(z.literal('').transform(() => undefined)),
  search: searchTextSchema.optional(),
  relations: z.string().max(200).optional(),
});
const filterQuery = pageQuerySchema.extend({
  fromDate: dateStringSchema.optional().or(z.literal('').transform(() => undefined)),
  toDate: dateStringSchema.optional().or(z.literal('').transform(() => undefined)),
  status: z.enum(OFFER_STATES).optional().or(z.literal('').transform(() => undefined)),
});

/** Reads the signing form: the text parts and the one signature file (at most 1 MB, less one byte). */
async function readSignForm(req: FastifyRequest): Promise<service.SignInput> {
  if (!req.isMultipart()) {
    throw new HttpError(422, 'Send the form as multipart/form-data with the signature image.', {
      [SIGNATURE_FILE_FIELD]: [service.SIGNATURE_MISSING],
    });
  }
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  let tooLarge = false;
  const parts = req.parts({ limits: { fileSize: SIGNATURE_MAX_BYTES - 1, files: 2, fields: 10, fieldSize: 2000, parts: 12 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (part.fieldname !== SIGNATURE_FILE_FIELD) continue;
      // Past the limit busboy truncates the file (throwFileSizeLimit is off).
      if (part.file.truncated) tooLarge = true;
      else image = buf;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, image, tooLarge };
}

/**
 * Loan offer letters (spec §7 'Loan offers'). Staff generate and read them; the
 * borrower reads and signs by token (public, rate limited). card-stats is the dashboard's.
 */
export const offerLetterRoutes = [
  defineRoute({
    method: 'POST',
    url: `${O}/generate`,
    auth: P.sendOfferLetter,
    body: generateOfferSchema,
    bodyLimit: 3 * 1024 * 1024,
    handler: ({ db, config, req, user, body }) => service.generate(db, config, req.server.ports, req, user, body.application_id, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${O}/generate/:id`,
    auth: P.sendOfferLetter,
    params: idParamsSchema,
    body: generateOfferForIdSchema,
    bodyLimit: 3 * 1024 * 1024,
    handler: ({ db, config, req, user, body, params }) => service.generate(db, config, req.server.ports, req, user, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/getByToken/:token`,
    auth: 'public',
    params: tokenParams,
    rateLimit: { limit: 30, windowSeconds: 60 },
    handler: ({ db, params }) => service.getByToken(db, params.token),
  }),
  defineRoute({
    method: 'POST',
    url: `${O}/borrower-sign-offer/:token`,
    auth: 'public',
    params: tokenParams,
    rateLimit: { limit: 10, windowSeconds: 60 },
    bodyLimit: 2 * 1024 * 1024,
    handler: async ({ db, req, params }) => service.sign(db, req, params.token, await readSignForm(req)),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/getById/:id`,
    auth: P.viewOfferLetter,
    params: idParamsSchema,
    handler: ({ db, params }) => service.getById(db, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/all`,
    auth: P.viewOfferLetter,
    query: listQuery,
    handler: ({ db, query }) => service.list(db, query),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/filter`,
    auth: P.viewOfferLetter,
    query: filterQuery,
    handler: ({ db, query }) => service.list(db, query),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${O}/delete`,
    auth: P.sendOfferLetter,
    body: idsBodySchema,
    handler: ({ db, req, body }) => service.remove(db, req, body.ids),
  }),
];

export const offerLettersModule: FastifyPluginAsync = async (app) => {
  // Multipart only here (the borrower's signature); scoped to this module's routes.
  await app.register(multipart, { throwFileSizeLimit: false });
  registerRoutes(app, offerLetterRoutes);
};
