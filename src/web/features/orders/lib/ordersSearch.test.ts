import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  ordersSearchSchema,
  overdueLevel,
  sortOf,
  toLabQuery,
  toSavedSearch,
  withSort,
} from './ordersSearch';

describe('ordersSearchSchema', () => {
  it('keeps valid filters and drops bad ones instead of failing', () => {
    const search = v.parse(ordersSearchSchema, {
      status: 'ordered',
      method: ['testkit', 'teleport'],
      interpretation: 'none',
      page: 0,
      created_from: '2026-02-30x',
    });
    expect(search.status).toEqual(['ordered']);
    expect(search.method).toBeUndefined();
    expect(search.interpretation).toBe('none');
    expect(search.page).toBeUndefined();
    expect(search.created_from).toBeUndefined();
  });

  it('reads one value or several as a list, and keeps what the address bar spelled well', () => {
    const search = v.parse(ordersSearchSchema, {
      status: ['ordered', 'completed'],
      method: 'testkit',
      critical: true,
      page: 3,
      created_from: '2026-02-28',
      q: 'Kettleby',
      sort: 'patient_name',
      dir: 'sideways',
    });
    expect(search).toEqual({
      status: ['ordered', 'completed'],
      method: ['testkit'],
      critical: true,
      page: 3,
      created_from: '2026-02-28',
      q: 'Kettleby',
      sort: 'patient_name',
      dir: undefined,
    });
    expect(v.parse(ordersSearchSchema, { q: 'x'.repeat(201), page: 1.5 })).toEqual({
      q: undefined,
      page: undefined,
    });
  });
});

describe('toLabQuery', () => {
  it('spells every filter as GET /v3/orders does', () => {
    expect(
      toLabQuery({
        q: 'Kettleby',
        status: ['ordered', 'completed'],
        method: ['testkit'],
        interpretation: 'none',
        critical: false,
        created_from: '2026-01-01',
        updated_to: '2026-02-01',
        activation: 'scheduled',
        sort: 'patient_name',
        dir: 'asc',
      }),
    ).toEqual([
      ['search_input', 'Kettleby'],
      ['status', 'ordered'],
      ['status', 'completed'],
      ['order_type', 'testkit'],
      ['interpretation', 'null'],
      ['is_critical', 'false'],
      ['start_date', '2026-01-01'],
      ['updated_end_date', '2026-02-01'],
      ['order_activation_types', 'scheduled'],
      ['order_key', 'patient_name'],
      ['order_direction', 'asc'],
    ]);
  });

  it('turns worklists into their filters', () => {
    expect(toLabQuery({ worklist: 'critical' })).toEqual([['is_critical', 'true']]);
    expect(toLabQuery({ worklist: 'attention' }).map(([, v]) => v)).toContain(
      'lab_processing_blocked',
    );
    const overdue = toLabQuery({ worklist: 'overdue', status: ['completed'] });
    expect(overdue.filter(([k]) => k === 'status').map(([, v]) => v)).not.toContain('completed');
    expect(overdue).toContainEqual(['order_direction', 'asc']);
  });
});

describe('overdueLevel', () => {
  it('is late past the expected date and very late past the worst case', () => {
    const order = {
      expected_result_by_date: '2026-03-01',
      worst_case_result_by_date: '2026-03-05',
    };
    expect(overdueLevel(order, '2026-03-01')).toBeNull();
    expect(overdueLevel(order, '2026-03-02')).toBe('late');
    expect(overdueLevel(order, '2026-03-06')).toBe('very-late');
    expect(overdueLevel({}, '2026-03-06')).toBeNull();
  });
});

describe('saved views and sorting', () => {
  it('keep filters, worklist and sort, never the search text, patient name or page', () => {
    expect(
      toSavedSearch({
        q: 'Brightwater',
        patient: 'Avery',
        page: 3,
        status: ['ordered'],
        method: [],
        worklist: 'critical',
        sort: 'patient_name',
        created_from: '2026-01-01',
      }),
    ).toEqual({
      status: ['ordered'],
      worklist: 'critical',
      sort: 'patient_name',
      created_from: '2026-01-01',
    });
  });

  it('read and write the table’s sort with the API’s defaults left out', () => {
    expect(sortOf({})).toEqual({ column: 'created', descending: true });
    expect(sortOf({ sort: 'last_status', dir: 'asc' })).toEqual({
      column: 'status',
      descending: false,
    });
    expect(withSort({ page: 4, q: 'x' }, { column: 'patient', descending: false })).toEqual({
      q: 'x',
      page: undefined,
      sort: 'patient_name',
      dir: 'asc',
    });
    expect(withSort({ sort: 'patient_name' }, { column: 'created', descending: true })).toEqual({
      sort: undefined,
      dir: undefined,
      page: undefined,
    });
  });

  it('count the filters a view applies, a date range as one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({
        status: ['ordered'],
        created_from: '2026-01-01',
        created_to: '2026-01-31',
        worklist: 'overdue',
      }),
    ).toBe(2);
  });
});
