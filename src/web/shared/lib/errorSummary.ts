/*
 * The items of a form's error summary, read from react-hook-form's error tree and the
 * page: each message with the field's own label and the id to move focus to.
 */

export interface SummaryItem {
  message: string;
  /** The field's label or its group's legend, when the page shows one. */
  label: string | null;
  /** The element a link in the summary focuses; null when no field holds the message. */
  targetId: string | null;
}

interface Leaf {
  path: string;
  message: string;
}

const META_KEYS = new Set(['message', 'type', 'types', 'ref', 'root']);

/** Every message in an error tree, with its dotted path (`patient_details.first_name`). */
export function errorLeaves(tree: unknown, prefix = ''): Leaf[] {
  if (!tree || typeof tree !== 'object') return [];
  const node = tree as Record<string, unknown>;
  const own =
    typeof node.message === 'string' && node.message !== ''
      ? [{ path: prefix, message: node.message }]
      : [];
  const children = Object.entries(node)
    .filter(([key]) => !META_KEYS.has(key))
    .flatMap(([key, child]) => errorLeaves(child, prefix ? `${prefix}.${key}` : key));
  return [...own, ...children];
}

/** The field a path names: its input, or the first input of the group it names. */
function fieldOf(root: ParentNode, path: string): HTMLElement | null {
  if (!path) return null;
  const quoted = CSS.escape(path);
  const named =
    root.querySelector<HTMLElement>(`[name="${quoted}"]`) ??
    root.querySelector<HTMLElement>(`[name^="${quoted}."]`);
  return named ? controlOf(named) : null;
}

/**
 * The element a person uses for a named input: the input itself, or for the design
 * system's select, whose value rides in a hidden input beside it, the button that opens it.
 */
function controlOf(named: HTMLElement): HTMLElement {
  if (!(named instanceof HTMLInputElement) || named.type !== 'hidden') return named;
  return named.parentElement?.querySelector<HTMLElement>('button[aria-haspopup]') ?? named;
}

/** The label of a control named by other elements, leaving out its own content (a value). */
function labelledByOf(field: HTMLElement): string | null {
  const text = (field.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? field.ownerDocument.getElementById(id) : null))
    .filter((element) => element !== null && !field.contains(element))
    .map((element) => element?.textContent.trim() ?? '')
    .join(' ')
    .trim();
  return text || null;
}

function labelOf(field: HTMLElement): string | null {
  const grouped =
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
  const legend = field.closest('fieldset')?.querySelector('legend')?.textContent;
  if (grouped && legend) return legend.trim();
  const labels =
    field instanceof HTMLInputElement ||
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement
      ? field.labels
      : null;
  const label = labels?.[0]?.textContent.trim();
  return label ?? labelledByOf(field) ?? legend?.trim() ?? null;
}

/** The summary's items in the order the fields appear on the page. */
export function summarise(errors: unknown, root: ParentNode = document): SummaryItem[] {
  const found = errorLeaves(errors).map((leaf) => ({ leaf, field: fieldOf(root, leaf.path) }));
  found.sort((a, b) => {
    if (!a.field || !b.field) return a.field ? -1 : b.field ? 1 : 0;
    return a.field.compareDocumentPosition(b.field) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return found.map(({ leaf, field }) => ({
    message: leaf.message,
    label: field ? labelOf(field) : null,
    targetId: field?.id ? field.id : null,
  }));
}
