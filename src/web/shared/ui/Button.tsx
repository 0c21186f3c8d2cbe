import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet' | 'ghost';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  /** primary: the page's main action; secondary: beside it; quiet: on the header. */
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  className?: string;
  /** For a popover placed against the button. */
  ref?: Ref<HTMLButtonElement>;
}

/** The class names of a button, for a link or a native button that must look like one. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: 'normal' | 'small' = 'normal',
) {
  return [
    'button',
    variant === 'primary' ? '' : `button--${variant}`,
    size === 'small' ? 'button--small' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button on React Aria's: press events that behave alike for mouse, touch, keyboard
 * and screen readers, and `data-*` states the stylesheet reads.
 */
export function Button({ variant = 'primary', size = 'normal', className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={[buttonClass(variant, size), className ?? ''].filter(Boolean).join(' ')}
    />
  );
}
