/*
 * Where this project deliberately differs from the provider's OpenAPI document
 * (lab-api-0.4.643.json beside this file), each with its reason. The description we
 * implement is the authority (facts: precedence rule 1); the document is what the real
 * service answers. The conformance suite (src/conformance) reads this list: it widens
 * exactly these enums, expects exactly these extra routes and parameters, and fails on
 * any other difference. Nothing is skipped silently.
 */

export type DeliberateDifference =
  | {
      /** The team key header. */
      kind: 'key-header';
      description: string;
      document: string;
      reason: string;
    }
  | {
      /** Values the local Lab API emits that a (non-exhaustive) enum of the document lacks. */
      kind: 'enum-values';
      schema: string;
      values: readonly string[];
      reason: string;
    }
  | {
      /** Members the description gives a response object that the document's schema lacks. */
      kind: 'extra-members';
      schema: string;
      /** Each member's JSON Schema, as the description types it. */
      members: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
      reason: string;
    }
  | {
      /** A route the local Lab API serves that the document does not have. */
      kind: 'extra-route';
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      path: string;
      /** The document operation it answers like, if any. */
      sameAs?: string;
      reason: string;
    }
  | {
      /** A query parameter the local Lab API reads on an operation where the document has none of that name. */
      kind: 'extra-query-parameter';
      operation: string;
      parameter: string;
      reason: string;
    }
  | {
      /** A limit the description sets lower than the document's. */
      kind: 'limit';
      operation: string;
      limit: string;
      reason: string;
    };

/** The team key header as the description names it: the local Lab API takes this one. */
export const DESCRIPTION_KEY_HEADER = 'x-service-api-key';
/** The team key header the real deployments take (the document's apiKeyAuth). */
export const DOCUMENT_KEY_HEADER = 'x-vital-api-key';

/** The statuses the seed invents so the console proves it shows unknown values as text. */
export const INVENTED_ORDER_STATUSES = [
  'collecting_sample.testkit.held_at_customs',
  'received.walk_in_test.insurance_review',
  'collecting_sample.at_home_phlebotomy.phlebotomist_en_route',
  'on_hold.on_site_collection.awaiting_payment',
] as const;

const INVENTED_REASON =
  'The seed invents these to prove the console shows a status it has never seen as text (the enum is non-exhaustive); the real service may add values the same way.';

export const DELIBERATE_DIFFERENCES: readonly DeliberateDifference[] = [
  {
    kind: 'key-header',
    description: DESCRIPTION_KEY_HEADER,
    document: DOCUMENT_KEY_HEADER,
    reason:
      'The description names the team key header x-service-api-key, so the local Lab API takes that one. The header is configuration: with a real deployment configured, the BFF sends x-vital-api-key unless LAB_API_KEY_HEADER says otherwise.',
  },
  {
    kind: 'enum-values',
    schema: 'OrderStatus',
    values: ['received.testkit.testkit_registered'],
    reason:
      'The description names the registration event received.testkit.testkit_registered (the document: received.testkit.registered); the description wins (facts: precedence rule 1).',
  },
  {
    kind: 'enum-values',
    schema: 'OrderStatus',
    values: INVENTED_ORDER_STATUSES,
    reason: INVENTED_REASON,
  },
  {
    kind: 'enum-values',
    schema: 'OrderLowLevelStatus',
    values: INVENTED_ORDER_STATUSES.map((s) => s.split('.').slice(2).join('.')),
    reason: INVENTED_REASON,
  },
  {
    kind: 'enum-values',
    schema: 'OrderTopLevelStatus',
    values: ['on_hold'],
    reason: INVENTED_REASON,
  },
  {
    kind: 'extra-members',
    schema: 'ClientFacingShipment',
    members: {
      created_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      updated_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    },
    reason:
      "The description lists created_at and updated_at among a test kit's shipment fields (Order, testkit details.data); the document's ClientFacingShipment lacks them, though the document's own order example shows both.",
  },
  {
    kind: 'extra-members',
    schema: 'ParsingJob',
    members: { job_id: { type: 'string', format: 'uuid' } },
    reason:
      'Current versions of the API answer a parsing job with job_id beside id (the same value), and clients generated from the current definition require it; 0.4.643 lacks it, and its consumers ignore an extra member. The GET answer, the POST answer and the lab_report.parsing_job.* webhooks all carry it.',
  },
  {
    kind: 'extra-route',
    method: 'GET',
    path: '/orders',
    sameAs: 'GET /v3/orders',
    reason: 'The description lists GET /orders with the interpretation filter (precedence rule 1).',
  },
  {
    kind: 'extra-route',
    method: 'POST',
    path: '/v3/order/create',
    sameAs: 'POST /v3/order',
    reason:
      'The description lists POST /v3/order/create (optional lab_account_id) beside POST /v3/order.',
  },
  {
    kind: 'extra-query-parameter',
    operation: 'GET /v2/user',
    parameter: 'search',
    reason:
      "The local Lab API's addition for the patients screen: a substring of client_user_id or of the name last ordered under. The console's patient search sends it; the real service ignores it, so against a real deployment the search does not narrow the list.",
  },
  {
    kind: 'extra-query-parameter',
    operation: 'GET /v3/lab_tests',
    parameter: 'lab_account_id',
    reason:
      "The description: when a lab account is selected, the available panels are restricted to that account's lab. The document has the parameter on GET /v3/lab_test and GET /v3/lab_tests/markers, not here; the console does not send it here, and the real service would ignore it.",
  },
  {
    kind: 'limit',
    operation: 'POST /lab_report/v1/parser/job',
    limit: 'one report of at most 10 MB (the document takes up to 31,981,568 bytes)',
    reason: 'The description limits uploaded lab reports to 10 MB (precedence rule 1).',
  },
];
