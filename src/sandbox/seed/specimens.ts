/*
 * What a lab draws each marker into: the specimen and its container, as a lab's test
 * directory lists them. The Lab API's markers do not carry this (the lab keeps it), so
 * it lives here, for the documents the local Lab API prints: the requisition and the
 * specimen labels.
 */

export interface Specimen {
  /** The specimen, in words: "Serum", "Whole blood". */
  specimen: string;
  /** The tube or device it is collected in. */
  container: string;
}

const SERUM: Specimen = { specimen: 'Serum', container: 'Gold-top serum separator tube (SST)' };
const WHOLE_BLOOD_EDTA: Specimen = {
  specimen: 'Whole blood',
  container: 'Lavender-top EDTA tube',
};
const LEAD: Specimen = {
  specimen: 'Whole blood',
  container: 'Royal-blue-top EDTA tube (trace elements)',
};
const SALIVA: Specimen = { specimen: 'Saliva', container: 'Saliva collection tube' };
const BLOOD_SPOT: Specimen = {
  specimen: 'Dried blood spot',
  container: 'Finger-prick blood spot card',
};

/** By marker slug; any other marker is serum in a serum separator tube. */
const BY_SLUG: Record<string, Specimen> = {
  'hemoglobin-a1c': WHOLE_BLOOD_EDTA,
  'lead-blood': LEAD,
  'cortisol-saliva': SALIVA,
};

/**
 * The specimen of a marker on a lab test: a home kit's blood is a dried spot on its card;
 * saliva stays saliva whatever the test.
 */
export function specimenOf(marker: { slug?: unknown }, labTestSampleType: unknown): Specimen {
  const known = typeof marker.slug === 'string' ? BY_SLUG[marker.slug] : undefined;
  if (known === SALIVA) return SALIVA;
  if (labTestSampleType === 'dried_blood_spot') return BLOOD_SPOT;
  return known ?? SERUM;
}
