export { LazyDateRangePicker as DateRangePicker } from './LazyDateRangePicker';
export type { DayRange } from './presets';
