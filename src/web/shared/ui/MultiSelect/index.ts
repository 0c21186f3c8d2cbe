export { MultiSelect, type MultiSelectOption } from './MultiSelect';
export { SelectField } from './SelectField';
