import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Collection,
  Header,
  Input,
  Menu,
  MenuItem,
  MenuSection,
  SearchField,
  Text,
} from 'react-aria-components';
import type { Role } from '../../../contract';
import { patientSearchQueryOptions } from '../../shared/api/patients';
import { PATIENT_ROLES } from '../../shared/lib/permissions';
import { ModalDialog } from '../../shared/ui/Dialog';
import { screensFor } from '../navigation';
import './palette.css';

interface PaletteItem {
  id: string;
  label: string;
  detail?: string;
  run: () => void;
}

interface PaletteSection {
  id: string;
  title: string;
  items: PaletteItem[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Waits until typing pauses, so the patient search is not asked on every key. */
function useSettled(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Ctrl/Cmd-K: jump to a screen the role may use, an order by its ID, or a patient by ID or
 * name. Arrow keys move through the results, Enter opens one, Escape closes.
 */
export function CommandPalette({
  role,
  onClose,
  onShowHelp,
}: {
  role: Role;
  onClose: () => void;
  onShowHelp: () => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const text = query.trim();
  const settled = useSettled(text, 250);
  const searchesPatients = PATIENT_ROLES.includes(role);
  const patients = useQuery({
    ...patientSearchQueryOptions(settled),
    enabled: searchesPatients && settled.length >= 2,
  });

  const go = (run: () => Promise<void>) => () => {
    onClose();
    void run();
  };
  const lower = text.toLowerCase();

  const screens: PaletteItem[] = screensFor(role)
    .filter((screen) => screen.label.toLowerCase().includes(lower))
    .map((screen) => ({
      id: `screen:${String(screen.to)}`,
      label: screen.label,
      detail: screen.shortcut ? `g ${screen.shortcut}` : undefined,
      run: go(() => navigate({ to: screen.to })),
    }));
  if ('keyboard shortcuts help'.includes(lower) || lower === '?') {
    screens.push({ id: 'help', label: 'Keyboard shortcuts', detail: '?', run: onShowHelp });
  }

  const records: PaletteItem[] = [];
  if (UUID.test(text)) {
    records.push({
      id: `order:${text}`,
      label: `Order ${text}`,
      run: go(() => navigate({ to: '/orders/$orderId', params: { orderId: text } })),
    });
    if (searchesPatients) {
      records.push({
        id: `patient-id:${text}`,
        label: `Patient ${text}`,
        run: go(() => navigate({ to: '/patients/$userId', params: { userId: text } })),
      });
    }
  }
  if (searchesPatients && settled === text && settled.length >= 2) {
    for (const user of patients.data?.slice(0, 8) ?? []) {
      if (user.user_id === text) continue;
      const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
      records.push({
        id: `patient:${user.user_id}`,
        label: `Patient ${name || user.client_user_id || user.user_id.slice(0, 8)}`,
        detail: [user.dob, user.client_user_id].filter(Boolean).join(' · '),
        run: go(() => navigate({ to: '/patients/$userId', params: { userId: user.user_id } })),
      });
    }
  }

  const sections: PaletteSection[] = [
    { id: 'records', title: 'Orders and patients', items: records },
    { id: 'screens', title: 'Screens', items: screens },
  ].filter((section) => section.items.length > 0);
  const all = sections.flatMap((section) => section.items);
  const searching =
    searchesPatients && text.length >= 2 && (settled !== text || patients.isFetching);

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Command palette"
      hideTitle
      size="wide"
      className="palette"
    >
      <Autocomplete inputValue={query} onInputChange={setQuery}>
        <SearchField
          aria-label={
            searchesPatients
              ? 'Go to a screen, an order ID, or a patient by ID or name'
              : 'Go to a screen or an order ID'
          }
          autoFocus
          className="palette__search"
        >
          <Input
            className="palette__input"
            placeholder={
              searchesPatients ? 'Screen, order ID, patient ID or name …' : 'Screen or order ID …'
            }
          />
        </SearchField>
        <Menu
          items={sections}
          className="palette__list"
          aria-label="Results"
          onAction={(key) => all.find((item) => item.id === key)?.run()}
          renderEmptyState={() => (
            <p className="palette__empty">{searching ? 'Searching …' : 'Nothing matches.'}</p>
          )}
        >
          {(section) => (
            <MenuSection id={section.id} className="palette__section">
              <Header className="palette__heading">{section.title}</Header>
              <Collection items={section.items}>
                {(item) => (
                  <MenuItem id={item.id} textValue={item.label} className="palette__item">
                    <Text slot="label">{item.label}</Text>
                    {item.detail ? (
                      <Text slot="description" className="palette__detail">
                        {item.detail}
                      </Text>
                    ) : null}
                  </MenuItem>
                )}
              </Collection>
            </MenuSection>
          )}
        </Menu>
      </Autocomplete>
      <p className="palette__hint" aria-hidden="true">
        ↑ ↓ to move · Enter to open · Esc to close
      </p>
      {searching ? (
        <p role="status" className="visually-hidden">
          Searching patients …
        </p>
      ) : null}
    </ModalDialog>
  );
}
