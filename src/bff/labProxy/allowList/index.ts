import type { Permission } from '../../../contract';
import type { AnswerKind } from '../../platform/labApi/answer';
import { ORDER_ACTION_CALLS } from './orderActions';
import { ICD_CODE_CALLS } from './icdCodes';
import { LAB_TEST_CATALOGUE_CALLS } from './labTestCatalogue';
import { ORDER_DOCUMENT_CALLS } from './orderDocuments';
import { ORDER_READING_CALLS } from './orderReading';
import { ORDERING_CALLS } from './ordering';
import { PATIENT_CALLS } from './patients';
import { REVIEW_CALLS } from './review';
import { TRACKING_CALLS } from './tracking';
import { WEARABLES_CALLS } from './wearables';

/**
 * Every Lab API call the console makes, and the permission it needs (the roles behind a
 * permission are in `src/contract/permissions.ts`, the one permission table). Anything not
 * listed here is answered 404 by the BFF without reaching the Lab API. This folder is the
 * one module that holds the list; its files group the calls by domain.
 *
 * `audit` names the kind of patient record the call reads or writes; calls that
 * touch no patient data (the lab test catalogue) leave it out.
 */
export interface AllowedCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Lab API path; `{name}` is one path segment. */
  path: string;
  permission: Permission;
  audit?: {
    recordType: string;
    /** The path parameter naming the record. */
    idParam?: string;
    /** Query parameters that may name the record; the first one present is taken. */
    idInQuery?: readonly string[];
    /** Creates: the new record's id, read from a successful answer. */
    idInAnswer?: (answer: unknown) => string | undefined;
  };
  /** Only offered against a sandbox (the local one or a real sandbox). */
  sandboxOnly?: boolean;
  /** What a successful answer must be; JSON unless said (see `src/bff/platform/labApi/answer.ts`). */
  answers?: AnswerKind;
}

/** The allow-list, by domain; each file owns the calls of one part of the console. */
export const ALLOW_LIST: readonly AllowedCall[] = [
  ...ORDER_READING_CALLS,
  ...ORDERING_CALLS,
  ...TRACKING_CALLS,
  ...REVIEW_CALLS,
  ...WEARABLES_CALLS,
  ...PATIENT_CALLS,
  ...ORDER_ACTION_CALLS,
  ...ORDER_DOCUMENT_CALLS,
  ...LAB_TEST_CATALOGUE_CALLS,
  ...ICD_CODE_CALLS,
];

export interface MatchedCall {
  call: AllowedCall;
  params: Record<string, string>;
}

/* A parameter is one segment of ids, slugs or numbers: nothing that could climb out
   of the template (`..`, encoded slashes) reaches the upstream. */
const SEGMENT = '([A-Za-z0-9_-]{1,100})';

const compiled = ALLOW_LIST.map((call) => {
  const names: string[] = [];
  const pattern = call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return SEGMENT;
  });
  return { call, names, regex: new RegExp(`^${pattern}$`) };
});

export function matchCall(method: string, path: string): MatchedCall | null {
  for (const { call, names, regex } of compiled) {
    if (call.method !== method) continue;
    const match = regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = match[i + 1] ?? ''));
    return { call, params };
  }
  return null;
}

export const describeCall = (call: AllowedCall) => `${call.method} ${call.path}`;
