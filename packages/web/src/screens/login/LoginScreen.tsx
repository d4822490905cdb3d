import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { LoginSchema, MESSAGES } from '@loreforge/contract';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';
import type { LoginRedirectState } from '../../components/RequireAuth';
import { useAuth } from '../../hooks/useAuth';

const FIELDS: FieldConfig[] = [
  { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', required: true, autoComplete: 'current-password' },
];

/** @returns where to go after signing in: the remembered location, or / (SPEC §2 /login). */
export function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * /login (SPEC §2, §5, §8): email and password; on success returns to the page the user came from, or /.
 * Failures show the server message, else the error text, else 'Login failed'.
 */
export function LoginScreen() {
  const { user, hasToken, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.state);

  if (user && hasToken) return <Navigate to={target} replace />;

  return (
    <Container className="py-5">
      <Card className="lf-card lf-auth-card mx-auto">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1">Sign in</h1>
          <p className="text-body-secondary mb-4">Welcome back to Loreforge.</p>
          <GenericForm
            schema={LoginSchema}
            fields={FIELDS}
            submitLabel="Sign in"
            failureFallback={MESSAGES.loginFailed}
            onSubmit={async (values) => {
              await login(values);
              void navigate(target, { replace: true });
            }}
          />
          <hr />
          <p className="small mb-1">
            New here? <Link to="/register">Create an account</Link> with your invite code.
          </p>
          <p className="small mb-0">
            No invite yet? <Link to="/request-invite">Request an invite</Link>.
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
