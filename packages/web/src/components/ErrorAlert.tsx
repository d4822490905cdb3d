import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps {
  /** The sentence to show (usually from handleError); nothing renders when empty or null. */
  message: string | null | undefined;
  /** When given, the alert has a close button that calls it (dismissible, SPEC §2 quest form). */
  onDismiss?: () => void;
  /** When given, a 'Try again' button calls it. */
  onRetry?: (() => void) | undefined;
  /** Optional heading above the message. */
  heading?: string;
  children?: ReactNode;
  className?: string;
}

/**
 * A Bootstrap danger alert announced to screen readers, optionally dismissible and with a retry action
 * (SPEC §8: errors a person can act on).
 */
export function ErrorAlert({ message, onDismiss, onRetry, heading, children, className }: ErrorAlertProps) {
  if (!message) return null;
  return (
    <Alert
      variant="danger"
      role="alert"
      dismissible={Boolean(onDismiss)}
      {...(onDismiss ? { onClose: onDismiss } : {})}
      closeLabel="Dismiss error"
      className={className}
    >
      {heading && (
        <Alert.Heading as="h2" className="h6">
          {heading}
        </Alert.Heading>
      )}
      <div>{message}</div>
      {children}
      {onRetry && (
        <Button variant="outline-danger" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
