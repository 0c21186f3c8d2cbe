/*
 * The LOINC codes of the catalogue's biomarkers, for matching parsed lab-report lines.
 * Names are the catalogue's marker names; aliases are what reports commonly print.
 */
export interface LoincEntry {
  name: string;
  aliases: string[];
  unit: string;
  loinc_code: string;
  loinc_name: string;
}

export const LOINC_CATALOG: readonly LoincEntry[] = [
  {
    name: 'Glucose',
    aliases: ['Glucose, Serum', 'Fasting Glucose'],
    unit: 'mg/dL',
    loinc_code: '2345-7',
    loinc_name: 'Glucose [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'Hemoglobin A1c',
    aliases: ['HbA1c', 'A1c'],
    unit: '%',
    loinc_code: '4548-4',
    loinc_name: 'Hemoglobin A1c/Hemoglobin.total in Blood',
  },
  {
    name: 'TSH',
    aliases: ['Thyroid Stimulating Hormone', 'Thyrotropin'],
    unit: 'mIU/L',
    loinc_code: '3016-3',
    loinc_name: 'Thyrotropin [Units/volume] in Serum or Plasma',
  },
  {
    name: 'Vitamin D, 25-Hydroxy',
    aliases: ['Vitamin D', '25-OH Vitamin D'],
    unit: 'ng/mL',
    loinc_code: '62292-8',
    loinc_name: '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'Testosterone, Total',
    aliases: ['Testosterone'],
    unit: 'ng/dL',
    loinc_code: '2986-8',
    loinc_name: 'Testosterone [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'PSA, Total',
    aliases: ['Prostate Specific Antigen'],
    unit: 'ng/mL',
    loinc_code: '2857-1',
    loinc_name: 'Prostate specific Ag [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'Cholesterol, Total',
    aliases: ['Total Cholesterol', 'Cholesterol'],
    unit: 'mg/dL',
    loinc_code: '2093-3',
    loinc_name: 'Cholesterol [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'HDL Cholesterol',
    aliases: ['HDL', 'HDL-C'],
    unit: 'mg/dL',
    loinc_code: '2085-9',
    loinc_name: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'LDL Cholesterol (calculated)',
    aliases: ['LDL Cholesterol', 'LDL', 'LDL-C'],
    unit: 'mg/dL',
    loinc_code: '13457-7',
    loinc_name: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
  },
  {
    name: 'Triglycerides',
    aliases: ['Triglyceride'],
    unit: 'mg/dL',
    loinc_code: '2571-8',
    loinc_name: 'Triglyceride [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'Ferritin',
    aliases: [],
    unit: 'ng/mL',
    loinc_code: '2276-4',
    loinc_name: 'Ferritin [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'Lead, Blood',
    aliases: ['Blood Lead', 'Lead'],
    unit: 'ug/dL',
    loinc_code: '5671-3',
    loinc_name: 'Lead [Mass/volume] in Blood',
  },
  {
    name: 'Free T4',
    aliases: ['T4, Free', 'Thyroxine, Free'],
    unit: 'ng/dL',
    loinc_code: '3024-7',
    loinc_name: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
  },
  {
    name: 'C-Reactive Protein, High Sensitivity',
    aliases: ['hs-CRP', 'CRP, High Sensitivity'],
    unit: 'mg/L',
    loinc_code: '30522-7',
    loinc_name: 'C reactive protein [Mass/volume] in Serum or Plasma by High sensitivity method',
  },
];
