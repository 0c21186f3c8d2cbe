/**
 * One X-Idempotency-Key per submission attempt. A retry of the same request after an
 * answer that was not final (no answer at all, 409 "still running", a 5xx) reuses the
 * key, so the Lab API answers it with the first order instead of creating another.
 * Changed input, or a final answer, starts a new attempt with a new key.
 */
export class SubmissionKeys {
  private last: { payload: string; key: string; final: boolean } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(payload: string): string {
    if (this.last && !this.last.final && this.last.payload === payload) return this.last.key;
    const key = this.newKey();
    this.last = { payload, key, final: false };
    return key;
  }

  /** The attempt got an answer that a retry would only repeat (success or a refusal). */
  settle(): void {
    if (this.last) this.last.final = true;
  }
}

/** Whether a failed attempt may be retried with the same key. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TypeError) return true; // the network failed: the order may exist
  const status = (error as { status?: unknown } | null)?.status;
  return status === 409 || (typeof status === 'number' && status >= 500);
}
