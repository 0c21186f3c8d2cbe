import type { FastifyRequest } from 'fastify';

export interface ReceivedReport {
  fields: Record<string, string>;
  /** The report as it arrived, chunk by chunk: never copied into one buffer. */
  file: { name: string; chunks: Buffer<ArrayBuffer>[]; size: number } | null;
}

/**
 * Why a multipart body was refused. Every one is the sender's doing, so a 4xx:
 * `too-large` (the file passed the limit), `too-many` (parts, files or fields past the
 * limits) and `malformed` (truncated, no or a wrong boundary, broken part headers).
 */
export type MultipartRefusal = 'too-large' | 'too-many' | 'malformed';

const TOO_MANY = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/** Reads a lab-report upload, the limits of `@fastify/multipart` enforced while reading. */
export async function readReport(
  request: FastifyRequest,
): Promise<ReceivedReport | { refused: MultipartRefusal }> {
  const received: ReceivedReport = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer<ArrayBuffer>[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer<ArrayBuffer>>) {
        chunks.push(chunk);
        size += chunk.length;
      }
      // The stream stops at the limit and says so; what was read is not a report.
      if (part.file.truncated) return { refused: 'too-large' };
      if (part.fieldname === 'file') {
        received.file = { name: part.filename || 'report', chunks, size };
      }
    }
  } catch (error) {
    const refusal = classify(error);
    if (refusal) return { refused: refusal };
    throw error;
  }
  return received;
}

/*
 * The multipart plugin's own limit errors carry an FST_ code; the parser underneath
 * (busboy) throws plain `Error`s for input it cannot read ("Unexpected end of form",
 * "Boundary not found", "Malformed part header"). Anything else is the BFF's own fault.
 */
function classify(error: unknown): MultipartRefusal | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'too-large';
  if (typeof code === 'string' && TOO_MANY.has(code)) return 'too-many';
  if (typeof code === 'string' && code.startsWith('FST_')) return 'malformed';
  return error.constructor === Error ? 'malformed' : null;
}
