export { DateRangePicker } from './DateRangePicker';
export { DATE_PRESETS, presetRange, todayIn, type DayRange } from './presets';
