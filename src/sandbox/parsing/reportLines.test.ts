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

describe('a report as laboratories print it', () => {
  const report = [
    'Northside Clinical Laboratories',
    'Patient Name: Juniper Calloway    DOB: 06/01/2012    Sex: F',
    'Collected: 11/22/2026 7:19 AM    Reported: 2026-11-23 14:05',
    'Hemoglobin A1c 6.1 % 4.0-5.6 H',
    'Potassium 3.2 mmol/L 3.5-5.1 L',
    'Glucose 250 mg/dL H',
  ];

  it('names the laboratory its header prints without a label', () => {
    expect(parseReportLines(report).metadata.lab_name).toBe('Northside Clinical Laboratories');
    // A labelled lab still wins, and a result line is never taken for a name.
    expect(parseReportLines(['Lab: Quest Diagnostics', ...report]).metadata.lab_name).toBe(
      'Quest Diagnostics',
    );
  });

  it('keeps the collection and report times with their dates', () => {
    expect(parseReportLines(report).metadata).toMatchObject({
      date_collected: '2026-11-22T07:19:00',
      date_reported: '2026-11-23T14:05:00',
      dob: '2012-06-01',
    });
    expect(parseReportLines(['Collected: 11/22/2026 12:05 AM']).metadata.date_collected).toBe(
      '2026-11-22T00:05:00',
    );
    expect(parseReportLines(['Collected: 11/22/2026']).metadata.date_collected).toBe('2026-11-22');
  });

  it("gives each value the direction of the lab's H or L flag", () => {
    const byName = new Map(parseReportLines(report).results.map((r) => [r.test_name, r]));
    expect(byName.get('Hemoglobin A1c')).toMatchObject({
      min_reference_range: 4,
      max_reference_range: 5.6,
      is_above_max_range: true,
      is_below_min_range: false,
      interpretation: 'abnormal',
    });
    expect(byName.get('Potassium')).toMatchObject({
      is_above_max_range: false,
      is_below_min_range: true,
    });
    // No interval printed: the flag alone tells the direction.
    expect(byName.get('Glucose')).toMatchObject({
      is_above_max_range: true,
      is_below_min_range: false,
      interpretation: 'abnormal',
    });
  });
});
