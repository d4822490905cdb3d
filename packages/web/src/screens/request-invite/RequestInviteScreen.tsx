import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { InviteRequestSchema, MESSAGES } from '@loreforge/contract';
import { requestInvite } from '../../api/auth';
import { ApiError } from '../../api/client';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';

const FIELDS: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
];

/**
 * /request-invite (SPEC §2, §5, §8): name and email; success shows the server's message, failure the server's
 * message or 'An error occurred. Please try again.'
 */
export function RequestInviteScreen() {
  const [success, setSuccess] = useState<string | null>(null);
  return (
    <Container className="py-5">
      <Card className="lf-card lf-auth-card mx-auto">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1">Request an invite</h1>
          <p className="text-body-secondary mb-4">Tell us who you are and we will send you an invite code.</p>
          {success ? (
            <Alert variant="success" role="status">
              {success}
            </Alert>
          ) : (
            <GenericForm
              schema={InviteRequestSchema}
              fields={FIELDS}
              submitLabel="Request invite"
              failureFallback={MESSAGES.inviteRequestFailed}
              onSubmit={async (values) => {
                try {
                  const reply = await requestInvite(values);
                  setSuccess(reply?.message || MESSAGES.inviteRequestReceived);
                } catch (error) {
                  // Only the server's own words are shown; anything else gets the catalogue sentence.
                  if (error instanceof ApiError && error.message) throw error;
                  throw new Error(MESSAGES.inviteRequestFailed);
                }
              }}
            />
          )}
          <hr />
          <p className="small mb-0">
            Already have a code? <Link to="/register">Register</Link>.
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
