import { useEffect, useState } from 'react';
import {
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import './AsyncCombobox.css';

export interface ComboboxOption {
  id: string;
  /** What the option reads as, and what the field shows once it is chosen. */
  label: string;
  /** Secondary facts (a date of birth, an id), read after the label. */
  detail?: string | undefined;
}

interface AsyncComboboxProps {
  label: string;
  /** What the search covers: said under the field, read with it. */
  description: string;
  /** The typed text after a pause (trimmed, at least `minLength` long, else ''). */
  onSearch: (text: string) => void;
  /** The answer to the latest search. */
  options: readonly ComboboxOption[];
  loading: boolean;
  error?: string | null | undefined;
  /** Said when a search found nothing. */
  emptyText: string;
  onChoose: (option: ComboboxOption) => void;
  minLength?: number;
  /** Pause after the last key before searching, in milliseconds. */
  debounceMs?: number;
  /** The form around it holds an error for this field. */
  invalid?: boolean;
}

/**
 * A combobox whose options come from a search the caller runs (an API call): type, pause,
 * pick with the arrow keys and Enter or a click. Built on react-aria's ComboBox, so the
 * roles, focus and screen-reader announcements are those of the ARIA combobox pattern.
 */
export function AsyncCombobox({
  label,
  description,
  onSearch,
  options,
  loading,
  error,
  emptyText,
  onChoose,
  minLength = 2,
  debounceMs = 250,
  invalid,
}: AsyncComboboxProps) {
  const [text, setText] = useState('');

  useEffect(() => {
    const typed = text.trim();
    const handle = setTimeout(() => onSearch(typed.length >= minLength ? typed : ''), debounceMs);
    return () => clearTimeout(handle);
  }, [text, minLength, debounceMs, onSearch]);

  const searching = text.trim().length >= minLength;
  const status = !searching
    ? ''
    : loading
      ? 'Searching …'
      : error
        ? error
        : options.length === 0
          ? emptyText
          : `${String(options.length)} ${options.length === 1 ? 'match' : 'matches'}`;

  const choose = (key: Key | null) => {
    const option = options.find((o) => o.id === key);
    if (!option) return;
    setText(option.label);
    onChoose(option);
  };

  return (
    <ComboBox
      className="async-combobox"
      items={options}
      inputValue={text}
      onInputChange={setText}
      onChange={choose}
      menuTrigger="input"
      allowsEmptyCollection
      isInvalid={invalid ?? false}
    >
      <Label>{label}</Label>
      <Input className="async-combobox__input" />
      <Text slot="description" className="field-hint">
        {description}
      </Text>
      <p className="async-combobox__status" role="status">
        {status}
      </p>
      <Popover className="async-combobox__popover" placement="bottom start">
        <ListBox<ComboboxOption>
          className="async-combobox__list"
          renderEmptyState={() => (
            <p className="async-combobox__empty">{status || 'Type to search.'}</p>
          )}
        >
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.detail ? `${option.label}, ${option.detail}` : option.label}
              className="async-combobox__option"
            >
              <span className="async-combobox__label">{option.label}</span>
              {option.detail ? (
                <span className="async-combobox__detail">{option.detail}</span>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
