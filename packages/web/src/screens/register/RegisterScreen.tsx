import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { LIMITS, MESSAGES, RegisterFormSchema } from '@loreforge/contract';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';
import { useAuth } from '../../hooks/useAuth';

const FIELDS: FieldConfig[] = [
  { name: 'username', label: 'Username', type: 'text', required: true, autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  { name: 'inviteCode', label: 'Invite Code', type: 'text', required: true, autoComplete: 'off' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    required: true,
    autoComplete: 'new-password',
    help: `At least ${LIMITS.passwordMin} characters.`,
  },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', required: true, autoComplete: 'new-password' },
];

/**
 * /register (SPEC §2, §5, §8): username, email, invite code, password (min 6) and confirmation ('Passwords do
 * not match'). On success the user is signed in and taken home. An invite code in `?code=` is filled in.
 */
export function RegisterScreen() {
  const { user, hasToken, register } = useAuth();
  const navigate = useNavigate();
  const [search] = useSearchParams();

  if (user && hasToken) return <Navigate to="/" replace />;

  return (
    <Container className="py-5">
      <Card className="lf-card lf-auth-card mx-auto">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1">Create your account</h1>
          <p className="text-body-secondary mb-4">Registration needs an invite code.</p>
          <GenericForm
            schema={RegisterFormSchema}
            fields={FIELDS}
            defaultValues={{ inviteCode: search.get('code') ?? '' }}
            submitLabel="Register"
            failureFallback={MESSAGES.registrationFailed}
            onSubmit={async ({ username, email, password, inviteCode }) => {
              await register({ username, email, password, inviteCode });
              void navigate('/', { replace: true });
            }}
          />
          <hr />
          <p className="small mb-1">
            Already have an account? <Link to="/login">Sign in</Link>.
          </p>
          <p className="small mb-0">
            No invite code? <Link to="/request-invite">Request an invite</Link>.
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
