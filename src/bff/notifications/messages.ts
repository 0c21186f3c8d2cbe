import type { DigestCounts } from '../../contract/notifications';
import type { MailMessage } from './mailer';

/*
 * Every e-mail the console writes. Mail leaves the console's control (servers, phones,
 * forwarding), so each says only that something waits and links into the console, where
 * the person signs in and the read is checked and audited: never a patient's name, a
 * value or a result, and no order details beyond the link.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain-text paragraphs again as HTML; the link is the one a button carries. */
function html(paragraphs: readonly string[], link: { href: string; label: string }) {
  return [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    '</body></html>',
  ].join('\n');
}

function message(
  kind: MailMessage['kind'],
  to: string,
  subject: string,
  paragraphs: readonly string[],
  link: { href: string; label: string },
): MailMessage {
  return {
    kind,
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n`,
    html: html(paragraphs, link),
  };
}

export const resultLink = (publicUrl: string, orderId: string) =>
  `${publicUrl.replace(/\/$/, '')}/results/${encodeURIComponent(orderId)}`;

export function criticalNotice(args: {
  to: string;
  publicUrl: string;
  orderId: string;
  tier: number;
  /** Minutes the result has waited, for the escalation's wording. */
  waitedMinutes: number;
}): MailMessage {
  const first = args.tier <= 1;
  return message(
    'critical_result',
    args.to,
    first
      ? 'A critical lab result awaits acknowledgement'
      : 'Escalation: a critical lab result is still not acknowledged',
    [
      first
        ? 'A critical lab result has arrived in the lab console and waits for a clinician to acknowledge it.'
        : `A critical lab result has waited ${args.waitedMinutes} minutes without acknowledgement. You are its next contact.`,
      'Sign in to the console to read it. This message holds no patient details on purpose.',
    ],
    { href: resultLink(args.publicUrl, args.orderId), label: 'Open the result' },
  );
}

export function passwordLinkMail(args: {
  to: string;
  name: string;
  link: string;
  purpose: 'invitation' | 'reset';
  expiresAt: string;
}): MailMessage {
  const invitation = args.purpose === 'invitation';
  return message(
    invitation ? 'invitation' : 'password_reset',
    args.to,
    invitation ? 'Your lab console account' : 'Set a new password for the lab console',
    [
      `Hello ${args.name},`,
      invitation
        ? 'An administrator has created a lab console account for you. Choose your password with the link below.'
        : 'An administrator has reset your lab console password. Choose a new one with the link below.',
      `The link works once, until ${args.expiresAt}. If you did not expect this message, tell your administrator.`,
    ],
    { href: args.link, label: invitation ? 'Set your password' : 'Set a new password' },
  );
}

export function digestMail(args: {
  to: string;
  publicUrl: string;
  counts: DigestCounts;
  sections: { overdueOrders: boolean; parsingReview: boolean };
}): MailMessage {
  const base = args.publicUrl.replace(/\/$/, '');
  const c = args.counts;
  const lines = [
    ...(args.sections.overdueOrders
      ? [
          `Orders past their expected result date: ${c.overdue_orders} (${base}/orders)`,
          `Orders in a problem status: ${c.problem_orders} (${base}/orders)`,
        ]
      : []),
    `Unmatched results waiting for review: ${c.unmatched_results} (${base}/unmatched-results)`,
    `Abnormal or critical results not yet acknowledged: ${c.unacknowledged_abnormal} (${base}/results)`,
    ...(args.sections.parsingReview
      ? [`Lab-report parsing jobs needing review: ${c.parsing_review} (${base}/lab-reports)`]
      : []),
  ];
  return message(
    'digest',
    args.to,
    'Lab console: daily summary',
    ['What waits in the lab console today (counts only):', lines.join('\n')],
    { href: `${base}/`, label: 'Open the console' },
  );
}
