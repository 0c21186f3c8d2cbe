const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lab API record ids are UUIDs: anything else cannot name a record. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
