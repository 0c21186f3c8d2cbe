import { expect, type Locator, type Page } from '@playwright/test';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A design-system select, found as a person finds it: its button, named by the chosen value
 * and then the field's label.
 */
export function selectNamed(scope: Page | Locator, label: string | RegExp): Locator {
  const name = typeof label === 'string' ? new RegExp(`${escaped(label)}$`) : label;
  return scope.getByRole('button', { name });
}

/** Opens a design-system select and chooses one of its options (the list floats over the page). */
export async function choose(
  page: Page,
  label: string | RegExp,
  option: string,
  scope: Page | Locator = page,
) {
  await selectNamed(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Chooses the order's patient from the "Chosen patient" list, by their client user ID. */
export async function choosePatient(page: Page, clientUserId: string) {
  const chosen = selectNamed(page, 'Chosen patient');
  // An empty list does not open: wait for the patients, as a person would.
  await expect(chosen).not.toContainText('Loading patients');
  await chosen.click();
  await page.getByRole('option', { name: clientUserId }).click();
}

/** Fills the new-order form for a walk-in Metabolic Health Panel at Quest, for a new patient. */
export async function fillWalkInOrder(page: Page, names = { first: 'Rowan', last: 'Ellery' }) {
  await page.getByLabel('First name', { exact: true }).fill(names.first);
  await page.getByLabel('Last name', { exact: true }).fill(names.last);
  await page.getByLabel('Date of birth', { exact: true }).fill('1986-04-12');
  await choose(page, 'Sex', 'Female');
  await page.getByLabel('Phone number', { exact: true }).fill('+1 512 555 0142');
  await page.getByLabel('Email', { exact: true }).fill('rowan@example.com');
  await page.getByLabel('Address line 1', { exact: true }).fill('12 Test Lane');
  await page.getByLabel('City', { exact: true }).fill('Austin');
  await page.getByLabel('State', { exact: true }).fill('TX');
  await page.getByLabel('ZIP code', { exact: true }).fill('78701');
  await page.getByRole('radio', { name: 'Quest – Junction platform' }).check();
  await page.getByRole('checkbox', { name: 'Metabolic Health Panel' }).check();
  await choose(page, /fasting for at least 8 hours\? \(Glucose\)$/, 'Yes');
  await choose(page, /fasting for at least 8 hours\? \(Lipid Panel\)$/, 'Yes');
}
