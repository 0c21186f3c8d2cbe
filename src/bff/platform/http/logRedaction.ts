import { DESCRIPTION_KEY_HEADER, DOCUMENT_KEY_HEADER } from '../../../contract/openapi/differences';

/** Headers that carry a credential: the session cookie, bearer tokens, the team API key. */
const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'proxy-authorization'];

/**
 * pino's `redact` option for the BFF's logger, at every level. Plugins log whole header
 * objects at trace level (the multipart parser logs `{ busboyOptions: { headers } }`),
 * so a `headers` object at the top or one level down is covered, not only `req.headers`.
 * Deeper wildcards (`*.*.*.headers`) make the redactor walk into Buffers (an HTTP
 * parse error carries its raw packet) and throw, losing the log line and the answer.
 */
export function logRedaction(keyHeader: string) {
  const names = [
    ...new Set([...SECRET_HEADERS, keyHeader, DESCRIPTION_KEY_HEADER, DOCUMENT_KEY_HEADER]),
  ].map((name) => name.toLowerCase());
  const prefixes = ['', '*.'];
  return {
    paths: prefixes.flatMap((prefix) => names.map((name) => `${prefix}headers["${name}"]`)),
    censor: '[redacted]',
  };
}
