/**
 * A counting semaphore without a queue: each upload holds a report (up to 10 MB) in
 * memory while it is checked and forwarded, so only `slots` run at once and the next one
 * is refused at once (the browser retries later) rather than piling up in memory.
 */
export class UploadGate {
  private busy = 0;

  constructor(private readonly slots: number) {}

  /** A slot's release function, or null when every slot is taken. */
  tryEnter(): (() => void) | null {
    if (this.busy >= this.slots) return null;
    this.busy++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy--;
    };
  }
}

export const UPLOAD_CONCURRENCY_DEFAULT = 4;
/** What a refused upload is told to wait: long enough for a 10 MB upload to finish. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;
