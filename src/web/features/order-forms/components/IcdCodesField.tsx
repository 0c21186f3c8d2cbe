import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { describeError } from '../../../shared/api/client';
import { AsyncCombobox, type ComboboxOption } from '../../../shared/ui/AsyncCombobox';
import { diagnosisSearchQueryOptions, icdCheckQueryOptions } from '../api/icdCodes';
import type { OrderForm } from '../lib/formTypes';
import { icdProblems } from '../lib/icdProblems';
import { InputField, useFieldError } from './Field';

type IcdField = 'icd_codes' | 'health_insurance.diagnosis_codes';

const listOf = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,\s]+/)
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

/** The typed codes, once typing pauses: one check per pause, not per key. */
function useSettled(codes: readonly string[]) {
  const key = codes.join(',');
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const handle = setTimeout(() => setSettled(key), 400);
    return () => clearTimeout(handle);
  }, [key]);
  return settled === '' ? [] : settled.split(',');
}

/**
 * ICD-10 codes, checked against the code set as they are typed (a refused code is named
 * under the field and holds the order back; an overlap is a warning), with a look-up by
 * code or words that adds the chosen code to the list.
 */
export function IcdCodesField({
  form,
  name,
  label,
  hint,
}: {
  form: OrderForm;
  name: IcdField;
  label: string;
  hint: string;
}) {
  const watched: unknown = useWatch({ control: form.control, name });
  const codes = Array.isArray(watched) ? watched.map(String) : listOf(watched ?? '');
  const settled = useSettled(Array.isArray(codes) ? codes : []);
  const check = useQuery(icdCheckQueryOptions(settled));
  const formMessage = useFieldError(form, name);
  const problems = check.data ? icdProblems(check.data) : { blocking: [], warnings: [] };

  const [search, setSearch] = useState('');
  const hits = useQuery(diagnosisSearchQueryOptions(search));
  const onSearch = useCallback((text: string) => setSearch(text), []);
  const options: ComboboxOption[] = (hits.data ?? []).map((d) => ({
    id: d.diagnosis_code,
    label: `${d.diagnosis_code} ${d.description}`,
  }));
  const add = (option: ComboboxOption) => {
    const current: unknown = form.getValues(name);
    const list = Array.isArray(current) ? current.map(String) : [];
    if (list.includes(option.id)) return;
    form.setValue(name, [...list, option.id], { shouldDirty: true });
  };

  return (
    <div className="icd-codes">
      <InputField
        form={form}
        name={name}
        label={label}
        hint={hint}
        options={{ setValueAs: listOf }}
      />
      {/* After a submit the same refusal is the field's own message; said once. */}
      {!formMessage && problems.blocking.length > 0 ? (
        <ul className="field-error icd-codes__problems" aria-live="polite">
          {problems.blocking.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {problems.warnings.length > 0 ? (
        <ul className="field-hint icd-codes__warnings" aria-live="polite">
          {problems.warnings.map((w) => (
            <li key={w}>Warning: {w}</li>
          ))}
        </ul>
      ) : null}
      <AsyncCombobox
        label={`Look up a code for “${label.replace(/ \(optional\)$/, '')}”`}
        description="Type a code or words of a diagnosis, like E11 or vitamin D; the chosen code is added to the list above."
        onSearch={onSearch}
        options={options}
        loading={hits.isFetching}
        error={hits.error ? describeError(hits.error) : null}
        emptyText="No code of the set matches."
        onChoose={add}
      />
    </div>
  );
}
