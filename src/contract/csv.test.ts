import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine } from './csv';

describe('the CSV writer', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('writes no value as an empty field, and numbers and booleans as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(0.25)).toBe('0.25');
    expect(csvField(false)).toBe('false');
  });

  it('keeps a text a spreadsheet would run as a formula from running', () => {
    for (const text of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx']) {
      expect(csvField(text).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });

  it('ends every line with CRLF, the header first', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
    expect(
      csvDocument(
        ['id', 'name'],
        [
          ['1', 'Ann'],
          ['2', 'Lee, Bo'],
        ],
      ),
    ).toBe('id,name\r\n1,Ann\r\n2,"Lee, Bo"\r\n');
    expect(csvDocument(['id'], [])).toBe('id\r\n');
  });
});
