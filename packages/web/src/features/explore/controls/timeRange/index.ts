export { TimeRangePicker, type TimeRangePickerProps } from './TimeRangePicker';
export { TimeRangeEditor } from './TimeRangeEditor';
export { DATE_PICKER_LOCALES, DATE_PICKER_LOCALE_NAMES, type DatePickerLocale } from './locale';
export {
  chooseDatePickerLocaleInMenu,
  useChosenDatePickerLocale,
  useDatePickerLocale,
} from './useDatePickerLocale';
