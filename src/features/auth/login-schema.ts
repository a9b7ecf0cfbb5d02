import { z } from 'zod';
import { loginBody } from '../../api/generated/zod/auth/auth.zod';

/** The contract's login body with the spec's messages (§5). */
export const loginFormSchema = loginBody.extend({
  username: loginBody.shape.username.min(1, 'Username is required'),
  password: loginBody.shape.password.min(1, 'Password is required'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;
