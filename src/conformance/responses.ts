import type { z } from 'zod';
import {
  appointmentEventSchema,
  appointmentSchema,
  availabilitySchema,
  cancellationReasonSchema,
  cancellationReasonsSchema,
  timeSlotSchema,
} from '../contract/appointments';
import {
  userConflictErrorSchema,
  validationErrorSchema,
  validationIssueSchema,
} from '../contract/errors';
import {
  diagnosisInformationSchema,
  diagnosisSearchSchema,
  icdExcludesViolationSchema,
  icdExcludesWarningSchema,
  validateIcdCodesResponseSchema,
} from '../contract/icdCodes';
import { labAccountListSchema, labAccountSchema } from '../contract/labAccount';
import { communicationSettingsSchema } from '../contract/orderActions';
import { areaInfoSchema, pscInfoSchema, serviceCentreSchema } from '../contract/psc';
import {
  aoeQuestionSchema,
  labSchema,
  labTestListSchema,
  labTestSchema,
  markerSchema,
  markersPageSchema,
} from '../contract/labTest';
import {
  addressResponseSchema,
  orderEventSchema,
  orderSchema,
  orderTransactionSchema,
  ordersPageSchema,
  patientDetailsResponseSchema,
  physicianResponseSchema,
  postOrderResponseSchema,
  shipmentSchema,
  shippingAddressSchema,
  transactionMemberSchema,
} from '../contract/order';
import {
  loincMatchSchema,
  parsedReportMetadataSchema,
  parsedResultSchema,
  parsingJobSchema,
} from '../contract/parsingJobs';
import {
  biomarkerResultSchema,
  labResultsRawSchema,
  missingResultSchema,
  resultsMetadataSchema,
} from '../contract/results';
import { groupedTimeseriesSchema, timeseriesSourceSchema } from '../contract/timeseries';
import {
  candidateGroupSchema,
  matchCandidateSchema,
  unmatchedResultSchema,
  unmatchedResultsPageSchema,
} from '../contract/unmatchedResults';
import {
  connectedProvidersSchema,
  providerDetailedSchema,
  providerWithStatusSchema,
  providersListSchema,
} from '../contract/providers';
import { deleteUserResponseSchema, userSchema, usersPageSchema } from '../contract/users';
import { documentOperations, labApiDocument, type JsonSchema } from './document';

/*
 * The response objects the console parses, each beside the document's schema for it:
 * the top-level answers, and the parts the contract exports a schema for (so the
 * document's examples of those parts are held to the contract too).
 */

export interface ResponseObject {
  /** A component of the document, or an operation whose 200 body is an inline schema. */
  document: string;
  schema: JsonSchema;
  contract: z.ZodType;
}

const component = (name: string, contract: z.ZodType): ResponseObject => {
  if (!labApiDocument.components.schemas[name])
    throw new Error(`No schema ${name} in the document`);
  return { document: name, schema: { $ref: `#/components/schemas/${name}` }, contract };
};

/** An operation's 200 JSON body when the document writes it inline (a bare array). */
const inlineAnswer = (key: string, contract: z.ZodType): ResponseObject => {
  const op = documentOperations(labApiDocument).find((o) => o.key === key);
  const schema = op?.responses['200']?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${key} has no JSON answer in the document`);
  return { document: `${key} → 200`, schema, contract };
};

const GROUPED_TIMESERIES = Object.keys(labApiDocument.components.schemas).filter((name) =>
  /^Grouped[A-Za-z0-9]+Response$/.test(name),
);

export const RESPONSE_OBJECTS: readonly ResponseObject[] = [
  // Orders
  component('ClientFacingOrder', orderSchema),
  component('GetOrdersResponse', ordersPageSchema),
  component('PostOrderResponse', postOrderResponseSchema),
  component('ClientFacingPatientDetailsCompatible', patientDetailsResponseSchema),
  component('PatientAddressCompatible', addressResponseSchema),
  component('ShippingAddress', shippingAddressSchema),
  component('ClientFacingPhysician', physicianResponseSchema),
  component('ClientFacingOrderEvent', orderEventSchema),
  component('ClientFacingOrderTransaction', orderTransactionSchema),
  component('ClientFacingOrderInTransaction', transactionMemberSchema),
  component('ClientFacingShipment', shipmentSchema),
  // Lab tests, markers, lab accounts
  component('ClientFacingLabTest', labTestSchema),
  inlineAnswer('GET /v3/lab_tests', labTestListSchema),
  component('ClientFacingLab', labSchema),
  component('ClientFacingMarker', markerSchema),
  component('ClientFacingMarkerComplete', markerSchema),
  component('Question', aoeQuestionSchema),
  component('GetMarkersResponse', markersPageSchema),
  component('ClientFacingLabAccount', labAccountSchema),
  component('GetTeamLabAccountsResponse', labAccountListSchema),
  // Results
  component('LabResultsRaw', labResultsRawSchema),
  component('LabResultsMetadata', resultsMetadataSchema),
  component('BiomarkerResult', biomarkerResultSchema),
  component('MissingBiomarkerResult', missingResultSchema),
  // ICD-10 codes
  component('ValidateICDCodesResponse', validateIcdCodesResponseSchema),
  component('ICDExcludesViolation', icdExcludesViolationSchema),
  component('ICDExcludesWarning', icdExcludesWarningSchema),
  component('ClientFacingDiagnosisInformation', diagnosisInformationSchema),
  inlineAnswer('GET /v3/insurance/search/diagnosis', diagnosisSearchSchema),
  // Appointments
  component('ClientFacingAppointment', appointmentSchema),
  component('ClientFacingAppointmentEvent', appointmentEventSchema),
  component('AppointmentAvailabilitySlots', availabilitySchema),
  component('TimeSlot', timeSlotSchema),
  component('ClientFacingAppointmentCancellationReason', cancellationReasonSchema),
  inlineAnswer(
    'GET /v3/order/phlebotomy/appointment/cancellation-reasons',
    cancellationReasonsSchema,
  ),
  inlineAnswer('GET /v3/order/psc/appointment/cancellation-reasons', cancellationReasonsSchema),
  // Walk-in tests: area and patient service centres; order communication settings
  component('AreaInfo', areaInfoSchema),
  component('PSCInfo', pscInfoSchema),
  component('ClientFacingLabLocation', serviceCentreSchema),
  component('GetOrderCommunicationSettingsResponse', communicationSettingsSchema),
  component('PatchOrderCommunicationSettingsResponse', communicationSettingsSchema),
  // Unmatched results
  component('UnmatchedResult', unmatchedResultSchema),
  component('GetUnmatchedResultResponse', unmatchedResultSchema),
  component('ListUnmatchedResultResponse', unmatchedResultsPageSchema),
  component('MatchReviewCandidateGroup', candidateGroupSchema),
  component('MatchReviewCandidate', matchCandidateSchema),
  // Lab-report parsing
  component('ParsingJob', parsingJobSchema),
  component('ResultMetadata', parsedReportMetadataSchema),
  component('LabReportResult', parsedResultSchema),
  component('LoincMatch', loincMatchSchema),
  // Wearables: every grouped resource the document has
  ...GROUPED_TIMESERIES.map((name) => component(name, groupedTimeseriesSchema)),
  component('ClientFacingSource', timeseriesSourceSchema),
  // Wearable providers
  component('ClientFacingProviderDetailed', providerDetailedSchema),
  inlineAnswer('GET /v2/providers', providersListSchema),
  component('ClientFacingProviderWithStatus', providerWithStatusSchema),
  inlineAnswer('GET /v2/user/providers/{user_id}', connectedProvidersSchema),
  // Users
  component('ClientFacingUser', userSchema),
  component('PaginatedUsersResponse', usersPageSchema),
  component('UserSuccessResponse', deleteUserResponseSchema),
  // Errors
  component('HTTPValidationError', validationErrorSchema),
  component('ValidationError', validationIssueSchema),
  component('ClientUserIDConflictResponse', userConflictErrorSchema),
];

/** The examples the document gives a schema (`example`, or each of `examples`). */
export function examplesOf(schema: JsonSchema): unknown[] {
  const ref = schema.$ref;
  const target =
    typeof ref === 'string'
      ? labApiDocument.components.schemas[ref.replace('#/components/schemas/', '')]
      : schema;
  if (!target) return [];
  const examples: unknown[] = [];
  if ('example' in target) examples.push(target.example);
  if (Array.isArray(target.examples)) examples.push(...(target.examples as unknown[]));
  return examples;
}
