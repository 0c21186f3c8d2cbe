import type { FastifyPluginCallback } from 'fastify';
import { diagnosisSearchQuerySchema, validateIcdCodesRequestSchema } from '../../contract';
import { parseRequestPart } from '../http/validation';
import { searchDiagnoses, validateIcdCodes } from '../insurance/icdCodes';
import type { RouteContext } from './context';
import { parseBody } from './outcome';

/** ICD-10 codes: checked against the code set, and looked up by code or words. */
export const insuranceRoutes: FastifyPluginCallback<RouteContext> = (app, _ctx, done) => {
  app.post('/v3/insurance/validate_icd_codes', (request, reply) => {
    const parsed = parseBody(validateIcdCodesRequestSchema, request.body);
    if (!parsed.ok) return reply.code(parsed.outcome.statusCode).send(parsed.outcome.body);
    return reply.send(validateIcdCodes(parsed.value.codes));
  });

  app.get('/v3/insurance/search/diagnosis', (request, reply) => {
    const query = parseRequestPart(diagnosisSearchQuerySchema, request.query, 'query');
    return reply.send(searchDiagnoses(query.diagnosis_query));
  });
  done();
};
