import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Tag,
  TagGroup,
  TagList,
} from 'react-aria-components';
import '../popover.css';
import './MultiSelect.css';

export interface MultiSelectOption {
  id: string;
  label: string;
}

interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** What the button says when nothing is chosen. */
  placeholder?: string;
}

/**
 * Several values from a list, chosen in a popover list box (React Aria: a button that
 * opens a listbox, arrow keys and type-ahead, Space or Enter toggles) and shown as chips
 * that can each be removed (a tag group: Backspace or Delete, or the chip's own button).
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'Any',
}: MultiSelectProps) {
  const chosen = options.filter((o) => value.includes(o.id));
  return (
    <div className="multi-select">
      <Select
        selectionMode="multiple"
        value={[...value]}
        onChange={(keys) => onChange(keys.map(String))}
        className="multi-select__field"
      >
        <Label className="multi-select__label">{label}</Label>
        <Button className="multi-select__button">
          <SelectValue<MultiSelectOption>>
            {({ isPlaceholder }) =>
              isPlaceholder
                ? placeholder
                : chosen.length === 1
                  ? chosen[0]?.label
                  : `${chosen.length} chosen`
            }
          </SelectValue>
          <span aria-hidden="true" className="multi-select__caret">
            ▾
          </span>
        </Button>
        <Popover className="ui-popover" placement="bottom start">
          <ListBox items={options} className="ui-menu">
            {(option) => (
              <ListBoxItem id={option.id} textValue={option.label} className="ui-menu__item">
                {({ isSelected }) => (
                  <>
                    <span className="ui-check" aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    {option.label}
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
      {chosen.length > 0 ? (
        <TagGroup
          aria-label={`${label}: chosen`}
          className="chips"
          onRemove={(keys) => onChange(value.filter((v) => !keys.has(v)))}
        >
          <TagList items={chosen} className="chips__list">
            {(option) => (
              <Tag id={option.id} textValue={option.label} className="chip">
                {option.label}
                <Button
                  slot="remove"
                  className="chip__remove"
                  aria-label={`Remove ${option.label}`}
                >
                  ×
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      ) : null}
    </div>
  );
}
