import { describe, expect, it } from 'vitest';
import { isoFromUsDate, searchInputFor } from './searchInput';

describe('searchInputFor', () => {
  it('turns "Last, First" into the "first last" the Lab API searches', () => {
    expect(searchInputFor('Calloway, Juniper')).toBe('Juniper Calloway');
    expect(searchInputFor('  Calloway ,Juniper  ')).toBe('Juniper Calloway');
    expect(searchInputFor("O'Halloran, Theo")).toBe("Theo O'Halloran");
  });

  it('turns a US date of birth into YYYY-MM-DD', () => {
    expect(searchInputFor('06/01/2012')).toBe('2012-06-01');
    expect(searchInputFor('6/1/2012')).toBe('2012-06-01');
    expect(searchInputFor('2012-06-01')).toBe('2012-06-01');
  });

  it('leaves everything else as typed', () => {
    expect(searchInputFor('SMP037839374')).toBe('SMP037839374');
    expect(searchInputFor('43980bd8')).toBe('43980bd8');
    expect(searchInputFor('Juniper  Calloway')).toBe('Juniper Calloway');
    expect(searchInputFor('Calloway,')).toBe('Calloway,');
    expect(searchInputFor('a, b, c')).toBe('a, b, c');
  });

  it('refuses days that do not exist', () => {
    expect(isoFromUsDate('02/30/2012')).toBeNull();
    expect(isoFromUsDate('13/01/2012')).toBeNull();
    expect(searchInputFor('02/30/2012')).toBe('02/30/2012');
  });
});
