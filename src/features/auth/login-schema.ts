import type { z } from 'zod';
import { loginBody } from '../../api/generated/zod/auth/auth.zod';
import { withFieldMessages } from '../../lib/forms/field-messages';

/** The contract's login body; an empty username or password reads 'Username is required' / 'Password is required'. */
export const loginFormSchema = loginBody;
export const loginFormMessages = withFieldMessages({
  username: { too_small: 'Username is required', invalid_type: 'Username is required' },
  password: { too_small: 'Password is required', invalid_type: 'Password is required' },
});
export type LoginForm = z.infer<typeof loginFormSchema>;
export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** The form's values checked against the contract: the body to send, or one message per field. */
export function validateLogin(
  values: LoginForm,
): { data: LoginForm; errors: LoginErrors } | { data?: undefined; errors: LoginErrors } {
  const result = loginFormSchema.safeParse(values, loginFormMessages);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginForm;
    errors[field] ??= issue.message;
  }
  return { errors };
}
