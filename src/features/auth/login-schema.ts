import type { z } from 'zod';
import { loginBody } from '../../api/generated/zod/auth/auth.zod';
import { withFieldMessages } from '../../lib/forms/field-messages';

/** The contract's login body; spec §5 gives the wording of its errors. */
export const loginFormSchema = loginBody;
export const loginFormMessages = withFieldMessages({
  username: { too_small: 'Username is required', invalid_type: 'Username is required' },
  password: { too_small: 'Password is required', invalid_type: 'Password is required' },
});
export type LoginForm = z.infer<typeof loginFormSchema>;
