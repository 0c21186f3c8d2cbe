import type { MouseEvent } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { requiresPhysician } from '../../../../contract/labAccount';
import { orderProgress, sectionAnchor, type SectionState } from '../lib/formProgress';
import type { OrderForm } from '../lib/formTypes';
import { useChosenAccount, useChosenMarkers, type OrderSetMode } from '../lib/useOrderChoices';

const STATE_WORDS: Record<SectionState, string> = {
  complete: 'complete',
  error: 'has a problem',
  todo: 'to do',
  optional: 'optional',
};

const STATE_ICONS: Record<SectionState, string> = {
  complete: '✓',
  error: '!',
  todo: '',
  optional: '',
};

/**
 * The form's sections, each marked complete, to do, optional or with a problem, linking
 * to the section. It watches the whole form on its own, so only it re-renders per key.
 */
export function FormProgress({ form, mode }: { form: OrderForm; mode: OrderSetMode }) {
  const values = useWatch({ control: form.control });
  const { errors } = useFormState({ control: form.control });
  const account = useChosenAccount(form);
  const markers = useChosenMarkers(form, mode);
  const sections = orderProgress(values, errors, {
    hasQuestions: markers.some((m) => (m.aoe?.questions.length ?? 0) > 0),
    physicianRequired: account ? requiresPhysician(account.delegated_flow) : false,
  });
  const required = sections.filter(({ state }) => state !== 'optional');
  const done = required.filter(({ state }) => state === 'complete').length;

  const goTo = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    const target = document.getElementById(anchor);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target
      .querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, summary')
      ?.focus({ preventScroll: true });
  };

  return (
    <nav aria-label="Order sections" className="form-outline no-print">
      <p className="form-outline__summary">
        <span className="form-outline__count">
          {done} of {required.length}
        </span>{' '}
        required sections complete
      </p>
      <ol className="form-outline__list">
        {sections.map(({ section, state }) => {
          const anchor = sectionAnchor(section.id);
          return (
            <li key={section.id} className={`form-outline__item form-outline__item--${state}`}>
              <a href={`#${anchor}`} onClick={(event) => goTo(event, anchor)}>
                <span className="form-outline__icon" aria-hidden="true">
                  {STATE_ICONS[state]}
                </span>
                <span className="form-outline__label">{section.label}</span>
                <span className="form-outline__state">{STATE_WORDS[state]}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
