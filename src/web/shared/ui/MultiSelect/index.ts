export { LazyMultiSelect as MultiSelect } from './LazyMultiSelect';
export type { MultiSelectOption } from './MultiSelect';
export { SelectField } from './SelectField';
