import type { Page } from '@playwright/test';

/** Fills the new-order form for a walk-in Metabolic Health Panel at Quest, for a new patient. */
export async function fillWalkInOrder(page: Page, names = { first: 'Rowan', last: 'Ellery' }) {
  await page.getByLabel('First name', { exact: true }).fill(names.first);
  await page.getByLabel('Last name', { exact: true }).fill(names.last);
  await page.getByLabel('Date of birth', { exact: true }).fill('1986-04-12');
  await page.getByLabel('Sex', { exact: true }).selectOption('female');
  await page.getByLabel('Phone number', { exact: true }).fill('+1 512 555 0142');
  await page.getByLabel('Email', { exact: true }).fill('rowan@example.com');
  await page.getByLabel('Address line 1', { exact: true }).fill('12 Test Lane');
  await page.getByLabel('City', { exact: true }).fill('Austin');
  await page.getByLabel('State', { exact: true }).fill('TX');
  await page.getByLabel('ZIP code', { exact: true }).fill('78701');
  await page.getByRole('radio', { name: 'Quest – Junction platform' }).check();
  await page.getByRole('checkbox', { name: 'Metabolic Health Panel' }).check();
  await page.getByLabel(/fasting for at least 8 hours\? \(Glucose\)/).selectOption('Y');
  await page.getByLabel(/fasting for at least 8 hours\? \(Lipid Panel\)/).selectOption('Y');
}
