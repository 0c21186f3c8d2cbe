import type { ValidateIcdCodesResponse } from '../../../../contract/icdCodes';

/*
 * The code set's answer in words a coordinator can act on: each error and each Excludes1
 * violation names its code and blocks the order; an Excludes2 overlap is only worth a look.
 */

export interface IcdProblems {
  blocking: string[];
  warnings: string[];
}

/** The API quotes the code it refused ('Z99.99' …); the form says it without quotes. */
const unquoted = (message: string) => message.replace(/'([^']*)'/g, '$1');

export function icdProblems(answer: ValidateIcdCodesResponse): IcdProblems {
  return {
    blocking: [
      ...answer.errors.map(unquoted),
      ...answer.violations.map(
        (v) =>
          `${v.code} and ${v.conflicts_with} cannot be used together: the code set excludes one with the other`,
      ),
    ],
    warnings: answer.warnings.map(
      (w) => `${w.code} and ${w.overlaps_with} may overlap: check that both conditions are present`,
    ),
  };
}
