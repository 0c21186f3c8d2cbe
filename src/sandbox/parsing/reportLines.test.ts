import { describe, expect, it } from 'vitest';
import { parseReport } from './runJob';
import { parseReportLines } from './reportLines';
import { reportPdf as pdfBytes } from './reportPdf';

describe('a text PDF lab report', () => {
  it('gives the header fields printed side by side, not swallowed by the name', async () => {
    const pdf = await pdfBytes([
      'Patient: Ada Lovelace    DOB: 1980-02-03    Sex: Female',
      'Lab: Quest Diagnostics    Collected: 2024-05-01    Reported: 05/03/2024',
      'Specimen: QD-7781',
      'Glucose 92 mg/dL 70-99',
    ]);
    const job = await parseReport('pdf', pdf);
    expect(job.status).toBe('completed');
    expect(job.data?.metadata).toEqual({
      patient_first_name: 'Ada',
      patient_last_name: 'Lovelace',
      dob: '1980-02-03',
      gender: 'female',
      lab_name: 'Quest Diagnostics',
      date_collected: '2024-05-01',
      date_reported: '2024-05-03',
      specimen_number: 'QD-7781',
    });
  });

  it('reads a row whose reference is a lower bound (HDL >39) with the other three', async () => {
    const pdf = await pdfBytes([
      'Patient: Ada Lovelace',
      'Total Cholesterol 180 mg/dL 0-199',
      'HDL Cholesterol 52 mg/dL >39',
      'LDL Cholesterol 110 mg/dL 0-99 H',
      'Triglycerides 90 mg/dL 0-149',
    ]);
    const job = await parseReport('pdf', pdf);
    const hdl = job.data?.results.find((r) => r.test_name === 'HDL Cholesterol');
    expect(job.data?.results).toHaveLength(4);
    expect(hdl).toMatchObject({
      value: '52',
      units: 'mg/dL',
      min_reference_range: 39,
      max_reference_range: null,
      is_below_min_range: false,
      is_above_max_range: null,
      interpretation: 'normal',
    });
    expect(hdl?.loinc_matches[0]?.loinc_code).toBe('2085-9');
  });

  it('reads sex printed by its initial and a label that does not open the line as no field', () => {
    const parsed = parseReportLines([
      'Name: Ada Lovelace  Sex: F',
      'Glucose 92 mg/dL 70-99 Reported: see below',
    ]);
    expect(parsed.metadata).toMatchObject({
      patient_first_name: 'Ada',
      patient_last_name: 'Lovelace',
      gender: 'female',
      date_reported: null,
    });
  });

  it('flags a value at a strict lower bound and gives a row it cannot read as printed', () => {
    const parsed = parseReportLines([
      'HDL Cholesterol 39 mg/dL >39',
      'Glucose see comment mg/dL 70-99',
      'Ferritin 48 ng/mL 30-400',
    ]);
    expect(parsed.results.map((r) => [r.test_name, r.value, r.type, r.is_below_min_range])).toEqual(
      [
        ['HDL Cholesterol', '39', 'numeric', true],
        ['Glucose', 'see comment mg/dL 70-99', 'comment', null],
        ['Ferritin', '48', 'numeric', false],
      ],
    );
    expect(parsed.results[1]).toMatchObject({
      loinc_match_status: 'needs_review',
      interpretation: 'unknown',
    });
  });
});
