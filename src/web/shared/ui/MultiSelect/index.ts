export { MultiSelect, type MultiSelectOption } from './MultiSelect';
