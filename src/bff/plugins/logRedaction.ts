import { DESCRIPTION_KEY_HEADER, DOCUMENT_KEY_HEADER } from '../../contract/openapi/differences';

/** Headers that carry a credential: the session cookie, bearer tokens, the team API key. */
const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'proxy-authorization'];

/**
 * pino's `redact` option for the BFF's logger, at every level. Plugins log whole header
 * objects at trace level (the multipart parser logs `{ busboyOptions: { headers } }`),
 * so any `headers` object down to three levels deep is covered, not only `req.headers`.
 */
export function logRedaction(keyHeader: string) {
  const names = [
    ...new Set([...SECRET_HEADERS, keyHeader, DESCRIPTION_KEY_HEADER, DOCUMENT_KEY_HEADER]),
  ].map((name) => name.toLowerCase());
  const prefixes = ['', '*.', '*.*.', '*.*.*.'];
  return {
    paths: prefixes.flatMap((prefix) => names.map((name) => `${prefix}headers["${name}"]`)),
    censor: '[redacted]',
  };
}
