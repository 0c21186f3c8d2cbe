import { useState, type ReactNode, type Ref } from 'react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import type { MultiSelectOption } from './MultiSelect';
import '../popover.css';
import './MultiSelect.css';

interface SelectFieldProps {
  label: string;
  options: readonly MultiSelectOption[];
  /** The form field's name: a hidden input carries the choice ('' for none) into FormData. */
  name?: string;
  /** The choice when it opens; '' is the "any" option. */
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** What "no choice" says ("Any", "Open (not resolved)"): an option of its own, id ''. */
  emptyLabel?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  /** A hint under the label; the button is described by it. */
  description?: ReactNode;
  /** The field's problem: shown under the button, which is described by it. */
  errorMessage?: string | undefined;
  /** The button that opens the list: what a form focuses for this field. */
  triggerRef?: Ref<HTMLButtonElement>;
}

/** The "no choice" option's key: React Aria's keys must not be empty; the form still sends ''. */
const NONE = '__none__';

/**
 * One value from a list, the multi-select's single sibling: a button that opens a list box
 * in a popover (arrow keys and type-ahead, Enter chooses), styled as the design system's
 * controls in both themes. An `emptyLabel` adds a first option for "no choice".
 */
export function SelectField({
  label,
  options,
  name,
  defaultValue,
  value,
  onChange,
  onBlur,
  emptyLabel,
  isRequired,
  isDisabled,
  placeholder = 'Choose …',
  description,
  errorMessage,
  triggerRef,
}: SelectFieldProps) {
  const items = emptyLabel === undefined ? options : [{ id: NONE, label: emptyLabel }, ...options];
  // '' is "no choice": the empty option when there is one, else nothing chosen yet.
  const key = (v: string | undefined) =>
    v === undefined || v === '' ? (emptyLabel === undefined ? null : NONE) : v;
  const [inner, setInner] = useState(defaultValue ?? '');
  const current = value ?? inner;
  return (
    <Select
      className="multi-select__field select-field"
      placeholder={placeholder}
      {...(isRequired ? { isRequired } : {})}
      {...(isDisabled ? { isDisabled } : {})}
      // The form's own message (react-hook-form, the Lab API) marks the field invalid.
      {...(errorMessage ? { isInvalid: true } : {})}
      {...(onBlur ? { onBlur } : {})}
      value={key(current)}
      onChange={(k) => {
        const next = k === null || k === NONE ? '' : String(k);
        setInner(next);
        onChange?.(next);
      }}
    >
      {name ? <input type="hidden" name={name} value={current} /> : null}
      <Label className="multi-select__label">{label}</Label>
      {description ? (
        <Text slot="description" elementType="p" className="field-hint">
          {description}
        </Text>
      ) : null}
      <Button className="multi-select__button" {...(triggerRef ? { ref: triggerRef } : {})}>
        <SelectValue />
        <span aria-hidden="true" className="multi-select__caret">
          ▾
        </span>
      </Button>
      {errorMessage ? (
        <Text slot="errorMessage" elementType="p" className="field-error">
          {errorMessage}
        </Text>
      ) : null}
      <Popover className="ui-popover" placement="bottom start">
        <ListBox items={items} className="ui-menu">
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="ui-menu__item">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
